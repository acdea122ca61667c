"""Playing a match: the turn post and its publishing, the move controls, set-up, private views, resigning."""
