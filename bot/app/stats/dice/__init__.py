"""Which chance steps of a game are a seat's own dice or draws, per game: a reader per game id, found through
:func:`reader_of` (a game without one has no dice statistics).

A reader gets the position before a chance step and the outcome drawn, and returns the seats the step belongs
to, each with the value it showed them and the distribution it was drawn from (nothing for a step that is
nobody's luck: who starts in Ur, a shared board's layout). Each game's module says what its value is and why.

Privacy: the statistics are shown to others, so a reader never returns a draw that stays hidden from the other
players. A draw that is hidden during play and shown to everyone at the end (Subulata's set-ups) is marked
``secret_until_over``: it is counted only from a match whose game reached its own end, where it was revealed
(not from one ended by a resignation or a timeout, where it stayed secret).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from bot.app.stats.dice import subulata, ultimatek, ur, ursuppe
from bot.app.stats.luck import Distribution
from games.base import GameState, Seat

Draw = tuple[Seat, int, Distribution]
"""One seat's share of a chance step: the seat, the value it showed, its distribution."""
Read = Callable[[GameState, Any], tuple[Draw, ...]]


@dataclass(frozen=True, slots=True)
class Reader:
    """How a game's chance steps count for its players, and how ``/profile`` words them."""

    read: Read
    """The draws of one chance step (empty for a step that is nobody's)."""
    line: str
    """The locale key of the game's line on ``/profile`` (its numbers: ``rolls``, ``matches``, ``total``,
    ``expected``)."""
    secret_until_over: bool = False
    """True when the draws stay hidden until the game reaches its own end (see the module docstring)."""


READERS: Mapping[str, Reader] = MappingProxyType(
    {
        ur.GAME: Reader(ur.draws, "profile.dice.line"),
        ursuppe.GAME: Reader(ursuppe.draws, "profile.dice.ursuppe"),
        subulata.GAME: Reader(subulata.draws, "profile.dice.subulata", secret_until_over=True),
        ultimatek.GAME: Reader(ultimatek.draws, "profile.dice.ultimatek"),
    }
)
"""Game id -> its reader."""


def reader_of(game_id: str) -> Reader | None:
    """The reader of a game's dice, or None when its statistics count no dice."""
    return READERS.get(game_id)
