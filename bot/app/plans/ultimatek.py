"""Turn plans in Ultima-Tek: when the opponent's turn changes what a plan for "whatever they play" would do.

Such a plan names the member's whole next turn, found on the position after the opponent turn the form guessed.
It plays unless the opponent's real turn changes what that turn does: a decision of it is no longer legal or would
now be written otherwise, or the turn would end before it (a piece blocked by a revealed Stop, credits spent on a
dearer throw, the disc taken, a field reset after a point). Each decision names its piece by its hex and where it
goes, so a turn that replays decision by decision moves the same pieces to the same hexes: an opponent piece
coming or going near them, or the disc flying over them, changes nothing the member chose.
"""

from __future__ import annotations

from games import sequence
from games.base import GameError, GameInfo, GameState, Seat


def changes(game: GameInfo, theirs: list[str], state: GameState, seat: Seat, mine: list[str]) -> bool:
    """Whether the opponent's turn (``theirs``, public notation) changed what the member's planned turn ``mine``
    does, the member now to act in ``state``: see the module docstring. Linear in the planned turn's length."""
    for text in mine:
        if not sequence.turn_goes_on(state, seat):
            return True  # the turn now ends (its draws, a point) before the plan does
        try:
            move = state.parse_move(text, seat)
        except GameError:
            return True
        if state.mover(move) != seat or state.format_move(move) != text:
            return True
        state = state.apply(move)
    return False
