"""Turn plans in Ultima-Tek: when the opponent's turn changes what a plan for "whatever they play" would do.

Such a plan names the member's whole next turn, found on the position after the opponent turn the form guessed.
It plays unless the opponent's real turn changes what that turn does: a decision of it is no longer legal or
would now be written otherwise, or the turn ends before it (a blocked piece, credits spent on a dearer throw, a
field reset after a point), or
a decision of the opponent's ended on a hex the turn names (a piece arriving there, a bonus placed, revealed or
discarded there: a revealed Stop lands on the member's piece in that hex). An opponent piece leaving such a hex, or
the disc flying over it, changes neither: the planned turn still moves the same pieces to the same hexes.
"""

from __future__ import annotations

import re

from games import sequence
from games.base import GameError, GameInfo, GameState, Seat

_HEX = re.compile(r"\b[a-i][1-9][0-9]?\b")


def places(notation: str) -> frozenset[str]:
    """The hexes a decision names (a move's two ends, a throw's path, a reveal's or a placement's piece)."""
    return frozenset(_HEX.findall(notation.lower()))


def arrival(notation: str) -> str | None:
    """The hex a decision ends on: a move's or a throw's last hex, a reveal's, placement's or discard's piece."""
    found = _HEX.findall(notation.lower())
    return found[-1] if found else None


def changes(game: GameInfo, theirs: list[str], state: GameState, seat: Seat, mine: list[str]) -> bool:
    """Whether the opponent's decisions ``theirs`` (public notation) change what the member's planned turn
    ``mine`` does, the member now to act in ``state``: see the module docstring. Linear in the turn's length."""
    named = frozenset().union(*(places(text) for text in mine)) if mine else frozenset()
    if any(arrival(text) in named for text in theirs):
        return True
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
