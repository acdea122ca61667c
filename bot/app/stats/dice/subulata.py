"""Subulata's draws: a random set-up, the one chance step that is a seat's own. Its value is the total of the
piece values it put on the leaf cells of the seat's start tile (three of the nine), the cells whose pieces make
the longest first move (3 cells, against 2 on a flower and 1 on water): high values there start nearest to
scoring. Its distribution is the total of three values of 1 to 9 drawn without replacement.

The values are hidden from the opponent during play and shown to everyone when the game ends, so the registry
marks these draws ``secret_until_over``: a set-up counts only from a match played to its end. The tile layout
is drawn for the board both players share: nobody's luck. A set-up typed by its player is no draw.
"""

from __future__ import annotations

from typing import Any, Final

from bot.app.stats.luck import Distribution, drawn_sum
from games.base import GameState, Seat
from games.subulata import INFO
from games.subulata.state import SETUP_CELLS, VALUES, Deal, State
from games.subulata.tiles import DISTANCE

GAME: Final = INFO.id
FAST: Final = max(DISTANCE, key=DISTANCE.__getitem__)
"""The leaf: the terrain that moves a piece the farthest."""


def draws(state: GameState, outcome: Any) -> tuple[tuple[Seat, int, Distribution], ...]:
    """The seat's total on its fast start cells once its random set-up is drawn in full (its first three
    values alone are half a draw: nothing)."""
    if not isinstance(state, State) or not isinstance(outcome, Deal) or len(outcome.values) < len(VALUES):
        return ()
    cells = zip(SETUP_CELLS[outcome.seat], outcome.values, strict=True)
    fast = [value for cell, value in cells if state.terrain[cell] == FAST]
    return ((outcome.seat, sum(fast), drawn_sum(VALUES, len(fast))),)
