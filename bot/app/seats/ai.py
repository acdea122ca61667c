"""AI seats: the reserved pseudo user ids that stand for them, and their names. No Discord import.

An AI seated from the lobby is stored in ``seats`` under a negative pseudo user id (Discord ids are
positive), so nothing that reads seats can mistake it for a member: it is never pinged, never sent a DM
and never rated. The id encodes the level and a number unique within the match: ``-(10 * n + level)``
with ``level`` 1 easy, 2 normal, 3 strong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.app.i18n import DEFAULT_LANGUAGE, t

LEVELS: Final = ("easy", "normal", "strong")
DEFAULT_TAKEOVER_LEVEL: Final = "normal"
"""The level of the AI that takes over a seat whose player resigned, forfeited or left."""


def ai_user_id(level: str, number: int) -> int:
    """The pseudo user id of the ``number``-th AI (1, 2, …) of a match at ``level``."""
    return -(10 * number + LEVELS.index(level) + 1)


def is_ai(user_id: int) -> bool:
    """True for an AI seat's pseudo user id."""
    return user_id < 0


def level_of(user_id: int) -> str:
    """The level encoded in an AI pseudo user id."""
    return LEVELS[(-user_id) % 10 - 1]


def next_ai_id(seats: tuple[int, ...] | list[int], level: str) -> int:
    """A pseudo id for one more AI at ``level``, unused in ``seats``."""
    number = 1 + sum(1 for uid in seats if is_ai(uid))
    while ai_user_id(level, number) in seats:
        number += 1
    return ai_user_id(level, number)


def ai_name(level: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """How an AI seat is named on boards and cards: ``Plateau (strong)``, in French ``Plateau (fort)``."""
    return t(lang, "ai.name", level=level_name(level, lang))


def seat_ai_name(ai: Mapping[int, str], seat: int, lang: str = DEFAULT_LANGUAGE, level: str | None = None) -> str:
    """The name of the AI playing ``seat`` of a match whose AI-played seats and levels are ``ai``: with more than
    one, numbered in seat order so that players tell them apart (``Plateau 2 (strong)``), else :func:`ai_name`.
    The numbers follow the seats the AI plays now.

    ``level`` names the AI of an earlier stint of the seat (its level then); by default the seat's level now.
    """
    level = level if level is not None else ai.get(seat, DEFAULT_TAKEOVER_LEVEL)
    # A seat a member took back from the AI is no AI seat: its earlier AI goes by the plain name.
    if len(ai) < 2 or seat not in ai:
        return ai_name(level, lang)
    return t(lang, "ai.name_numbered", number=sorted(ai).index(seat) + 1, level=level_name(level, lang))


def level_name(level: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """An AI level's word in ``lang`` (``strong``: ``fort``); an unknown level as it is."""
    return t(lang, f"ai.level.{level}") if level in LEVELS else level


def mention(user_id: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """``<@id>`` for a member, the AI's name in ``lang`` (no ping) for an AI seat."""
    return ai_name(level_of(user_id), lang) if is_ai(user_id) else f"<@{user_id}>"


def humans(user_ids: tuple[int, ...] | list[int]) -> list[int]:
    """The members among ``user_ids`` (AI seats removed)."""
    return [uid for uid in user_ids if not is_ai(uid)]
