"""The game clock in words (:mod:`bot.app.clocks.game_clock`): the setting on the lobby and the status card, each
player's time left on the turn post.

The acting player's line ends with Discord's own countdown to the flag fall (``<t:UNIX:R>``), which every
client counts down without the post being edited; the time left written beside it is the time at posting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta

import discord

from bot.app.clocks.game_clock import ClockFace, clock_setting, minutes_seconds
from bot.app.i18n import t
from games.base import Seat


def clock_span(span: timedelta, lang: str) -> str:
    """A time left in minutes and seconds ("7 min 12 s", "45 s")."""
    minutes, seconds = minutes_seconds(span)
    if minutes == 0:
        return t(lang, "span.sec", seconds=seconds)
    return t(lang, "span.min_sec", minutes=minutes, seconds=seconds)


def setting_terms(options: Mapping[str, str], lang: str) -> tuple[str, int] | None:
    """A game clock's terms as its lines say them: each player's time in words ("10 minutes") and the seconds
    added after each turn; None without a game clock."""
    setting = clock_setting(options)
    if setting is None:
        return None
    span = t(lang, "pace.minutes", count=int(setting.total.total_seconds()) // 60)
    return span, int(setting.increment.total_seconds())


def setting_line(options: Mapping[str, str], lang: str) -> str | None:
    """The match's game clock in one line ("Game clock: 10 minutes each, +5 s after each turn"), or None."""
    terms = setting_terms(options, lang)
    if terms is None:
        return None
    span, seconds = terms
    if seconds:
        return t(lang, "clock.setting_increment", span=span, seconds=seconds)
    return t(lang, "clock.setting", span=span)


def clock_lines(faces: Mapping[Seat, ClockFace], names: Sequence[str], lang: str) -> list[str]:
    """The game clocks on a post: a line per running clock with the countdown to its flag fall ("alice: 7 min
    12 s left, runs out in 7 minutes"), then the others' time left on one line, so a table of four stays short
    on a phone ("bob: 9 min 5 s left"; "Left: bob 9 min 5 s · chloe 8 min"). ``names`` as message text shows
    them."""

    def name(seat: Seat) -> str:
        return names[seat] if seat < len(names) else "?"

    lines = []
    waiting: list[tuple[Seat, ClockFace]] = []
    for seat, face in sorted(faces.items()):
        if face.flag is None or not face.left:
            waiting.append((seat, face))
            continue
        relative = discord.utils.format_dt(face.flag, "R")
        lines.append(t(lang, "clock.running", name=name(seat), left=clock_span(face.left, lang), relative=relative))
    if len(waiting) == 1:
        seat, face = waiting[0]
        left = clock_span(face.left, lang)
        lines.append(t(lang, "clock.waiting" if face.left else "clock.out", name=name(seat), left=left))
    elif waiting:
        each = [
            t(lang, "clock.each", name=name(seat), left=clock_span(face.left, lang))
            if face.left
            else fallen(name(seat), lang)
            for seat, face in waiting
        ]
        lines.append(t(lang, "clock.others", clocks=" · ".join(each)))
    return lines


def fallen(name: str, lang: str) -> str:
    """A clock whose flag fell ("alice: out of time")."""
    return t(lang, "clock.fallen", name=name)
