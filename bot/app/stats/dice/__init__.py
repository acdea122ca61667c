"""Which chance steps of a game are a seat's own dice, per game: a reader per game id, found through
:func:`reader_of` (a game without one has no dice statistics).

A reader gets the position before a chance step and the outcome drawn, and returns the seat the dice belong to,
the value they showed and the distribution they were drawn from, or None for a step that is nobody's dice (who
starts, a shuffle). A reader never returns a draw that is hidden from other players: the statistics are shown to
others, and a hidden draw of the member's would tell them what it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from bot.app.stats.dice import ur
from bot.app.stats.luck import Distribution
from games import ur as ur_rules
from games.base import GameState, Seat

Reader = Callable[[GameState, Any], tuple[Seat, int, Distribution] | None]

READERS: Mapping[str, Reader] = MappingProxyType({ur_rules.INFO.id: ur.roll})
"""Game id -> its reader."""


def reader_of(game_id: str) -> Reader | None:
    """The reader of a game's dice, or None when its statistics count no dice."""
    return READERS.get(game_id)
