"""The game clock in words (:mod:`bot.app.game_clock`): the setting on the lobby and the status card, each
player's time left on the turn post.

The acting player's line ends with Discord's own countdown to the flag fall (``<t:UNIX:R>``), which every
client counts down without the post being edited; the time left written beside it is the time at posting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta

import discord

from bot.app.game_clock import ClockFace, clock_setting, minutes_seconds
from bot.app.i18n import t
from games.base import Seat


def clock_span(span: timedelta, lang: str) -> str:
    """A time left in minutes and seconds ("7 min 12 s", "45 s")."""
    minutes, seconds = minutes_seconds(span)
    if minutes == 0:
        return t(lang, "span.sec", seconds=seconds)
    return t(lang, "span.min_sec", minutes=minutes, seconds=seconds)


def setting_line(options: Mapping[str, str], lang: str) -> str | None:
    """The match's game clock in one line ("Game clock: 10 minutes each, +5 s after each turn"), or None."""
    setting = clock_setting(options)
    if setting is None:
        return None
    span = t(lang, "span.minutes", count=int(setting.total.total_seconds()) // 60)
    seconds = int(setting.increment.total_seconds())
    if seconds:
        return t(lang, "clock.setting_increment", span=span, seconds=seconds)
    return t(lang, "clock.setting", span=span)


def clock_lines(faces: Mapping[Seat, ClockFace], names: Sequence[str], lang: str) -> list[str]:
    """One line per seat with a game clock: the time left, and for a running clock the countdown to its flag
    fall ("alice: 7 min 12 s left, runs out in 7 minutes"). ``names`` as message text shows them."""
    lines = []
    for seat, face in sorted(faces.items()):
        name = names[seat] if seat < len(names) else "?"
        if not face.left:
            lines.append(t(lang, "clock.fallen", name=name))
        elif face.flag is not None:
            relative = discord.utils.format_dt(face.flag, "R")
            lines.append(t(lang, "clock.running", name=name, left=clock_span(face.left, lang), relative=relative))
        else:
            lines.append(t(lang, "clock.waiting", name=name, left=clock_span(face.left, lang)))
    return lines
