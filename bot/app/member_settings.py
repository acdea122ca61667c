"""A member's settings: one registry, a standing preference each, and an override per match.

Every row of the member's settings panel (``/plateau settings``) is a :class:`MemberSetting` in
:data:`MEMBER_SETTINGS`; a feature that needs a member's say adds its row there (its key, its choices, its default
and whether a match may override it) and its texts ``settings.<key>.*`` in the catalogs, and the panel shows it.

The standing preference is kept in ``user_prefs`` (key ``setting:<key>``); a value for one match in
``member_match_settings`` (migration 0024) wins over it in that match. Neither is ever shown to another member:
only the member reads or changes their own settings, and what a setting does shows only through the moves it
plays.

**"Ask me only when it matters"** (``autopilot``, issue 36): ``off``, or on with a threshold of ``1``, ``2`` or
``5`` points of winning chance. Default: off. Nothing is played for a member who did not choose it (the issue:
"off or on as the member chose"); switching it on is one tap on the turn post's toggle or two in the panel, at
1 point, the strictest threshold and the only one a rated match or an event honours anyway
(:mod:`bot.app.standins.autopilot`); every move it plays says so in the turn post.

**Default standing orders** (issue 36) are the panel's other part: per game with standing orders, the orders
copied into the member's new matches of that game (:mod:`bot.app.orders.defaults`), one menu for every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from bot.app.storage import Store

__all__ = [
    "AUTOPILOT",
    "MEMBER_SETTINGS",
    "MemberPanel",
    "MemberSetting",
    "UnknownSettingError",
    "find_setting",
    "match_settings",
    "pref_key",
    "set_for_match",
    "set_standing",
    "standing_settings",
]


@dataclass(frozen=True, slots=True)
class MemberSetting:
    """One row of the member's settings panel.

    Its texts: ``settings.<key>.label`` (the row's name), ``settings.<key>.choice.<choice>`` (each choice) and
    ``settings.<key>.help`` (one line under the row)."""

    key: str
    choices: tuple[str, ...]
    default: str
    per_match: bool = True
    """A match may override the standing preference (the turn post's and the private view's toggle)."""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"{self.key}: the default {self.default!r} is not a choice")


@dataclass(frozen=True, slots=True)
class MemberPanel:
    """What a member's settings panel shows them (only them)."""

    standing: Mapping[str, str]
    """Their standing preference of every setting (the default where they chose none)."""
    match_id: int | None = None
    """The match the panel also shows, when it was opened from one they play."""
    applied: Mapping[str, str] = field(default_factory=dict)
    """What applies in that match, every setting."""
    overridden: frozenset[str] = frozenset()
    """The keys set for that match alone."""
    orders: Mapping[str, str] = field(default_factory=dict)
    """Their default standing orders, by game id, for every game that has some (:mod:`bot.app.orders.defaults`):
    copied into each new match of that game; each as its stored text (:func:`bot.app.orders.base.decode` reads
    it), so that the settings stay below the orders."""


class UnknownSettingError(ValueError):
    """A key that is no member setting, or a value that is not one of its choices (bad input: nothing stored)."""


AUTOPILOT: Final = MemberSetting("autopilot", ("off", "1", "2", "5"), "off")
"""Ask me only when it matters: off, or the threshold in points of winning chance."""

MEMBER_SETTINGS: Final[tuple[MemberSetting, ...]] = (AUTOPILOT,)
"""Every member setting, in the panel's order."""


def find_setting(key: str) -> MemberSetting:
    """The setting named ``key``.

    Raises:
        UnknownSettingError: no such setting.
    """
    for setting in MEMBER_SETTINGS:
        if setting.key == key:
            return setting
    raise UnknownSettingError(key)


def pref_key(key: str) -> str:
    """The ``user_prefs`` key of a standing member setting."""
    return f"setting:{key}"


def _checked(key: str, value: str | None) -> MemberSetting:
    setting = find_setting(key)
    if value is not None and value not in setting.choices:
        raise UnknownSettingError(f"{key}={value}")
    return setting


async def standing_settings(store: Store, user_id: int) -> dict[str, str]:
    """The member's standing preference of every setting (the default where they chose none)."""
    prefs = await store.load_prefs(user_id)
    found: dict[str, str] = {}
    for setting in MEMBER_SETTINGS:
        value = prefs.get(pref_key(setting.key))
        found[setting.key] = value if value in setting.choices else setting.default
    return found


async def match_settings(store: Store, match_id: int, user_id: int) -> tuple[dict[str, str], frozenset[str]]:
    """What applies to the member in one match, every setting: their value for the match where they set one,
    else their standing preference (else the default); and the keys set for this match alone."""
    found = await standing_settings(store, user_id)
    own = await store.load_match_settings(match_id, user_id)
    overridden = set()
    for setting in MEMBER_SETTINGS:
        value = own.get(setting.key)
        if setting.per_match and value in setting.choices:
            found[setting.key] = value
            overridden.add(setting.key)
    return found, frozenset(overridden)


async def set_standing(store: Store, user_id: int, key: str, value: str, *, now: datetime) -> None:
    """Keep the member's standing preference of ``key`` (the default is stored as no preference).

    Raises:
        UnknownSettingError: no such setting or choice.
    """
    setting = _checked(key, value)
    await store.set_pref(user_id, pref_key(key), None if value == setting.default else value, now=now)


async def set_for_match(
    store: Store, match_id: int, user_id: int, key: str, value: str | None, *, now: datetime
) -> None:
    """Set the member's ``key`` for one match; None follows their standing preference again.

    Raises:
        UnknownSettingError: no such setting or choice, or a setting a match may not override.
    """
    setting = _checked(key, value)
    if not setting.per_match:
        raise UnknownSettingError(f"{key} is not set per match")
    await store.set_match_setting(match_id, user_id, key, value, now=now)
