"""Questions one player puts to the others, answered with buttons: draw, undo, pace, seat replacement, rematch."""
