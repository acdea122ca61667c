"""Turn deadlines as pure arithmetic: choices, due times with vacations paused, reminders, quiet hours.

A seat's turn starts when it becomes one of the seats that must act (see ``turn_clocks`` in the
database). Its deadline is ``turn_limit`` of *active* time later: time the player spends on a declared
vacation does not count. Two reminders go out per turn, at half time and shortly before the deadline,
to a player who has not acted yet; one that falls in the player's quiet hours waits for their end.
Nothing here reads a clock or the database: callers pass the instants. A game clock per player for the whole
match, beside or instead of a turn limit, is :mod:`bot.app.clocks.game_clock`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DEADLINE_CHOICES: Final[dict[str, int | None]] = {
    "none": None,
    "1m": 60,
    "2m": 2 * 60,
    "5m": 5 * 60,
    "15m": 15 * 60,
    "12h": 12 * 3600,
    "24h": 24 * 3600,
    "48h": 48 * 3600,
    "72h": 72 * 3600,
    "7d": 7 * 24 * 3600,
}
"""The turn deadlines offered at ``/game new`` and ``/event create``, in seconds (None: no deadline): minutes for
live play at a club evening, hours and days for play by post."""
LIVE_LIMIT: Final = 15 * 60
"""A turn limit up to this many seconds (the live choices) is live play: the players are at the table (see
:func:`is_live`); an hour or more is play by post."""


def is_live(turn_limit: int | None) -> bool:
    """True for live play (a limit of minutes): a new turn pings nobody, since the players sit at the table
    and watch the board; one reminder pings a player whose time runs low (none at half time)."""
    return turn_limit is not None and turn_limit <= LIVE_LIMIT


DEFAULT_DEADLINE: Final = "48h"
TIMEOUT_POLICIES: Final = ("vote", "move", "forfeit")
"""What happens when time runs out: the other players vote (default), or a move is played, or a forfeit."""
SOON_BEFORE: Final = timedelta(hours=3)
"""The second reminder goes out this long before the deadline (or at three quarters of a short turn)."""
VACATION_DAYS_PER_YEAR: Final = 30
"""Days of vacation a player may declare per calendar year."""

Interval = tuple[datetime, datetime]


def active_deadline(since: datetime, limit: timedelta, pauses: Sequence[Interval]) -> datetime:
    """The instant when ``limit`` of active time has passed since ``since``, skipping ``pauses``.

    ``pauses`` are the player's vacations (any order, may overlap); time inside them does not count. A pause that
    begins the very instant the time would run out still counts: the time had not run out before it (a vacation
    spent by itself begins there, :mod:`bot.app.timeoff.allowance`).
    """
    due = since + limit
    for start, end in merge(pauses):
        if end <= since:
            continue
        if start > due:
            break
        due += end - max(start, since)
    return due


def merge(intervals: Sequence[Interval]) -> list[Interval]:
    """``intervals`` sorted with overlapping ones joined."""
    merged: list[Interval] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


@dataclass(frozen=True, slots=True)
class TurnTimes:
    """When a turn's reminders and deadline fall, vacations taken into account."""

    half: datetime
    soon: datetime
    deadline: datetime


def turn_times(since: datetime, limit_seconds: int, pauses: Sequence[Interval] = ()) -> TurnTimes:
    """The half-time reminder, the late reminder and the deadline of a turn that began at ``since``."""
    limit = timedelta(seconds=limit_seconds)
    soon_at = limit - min(SOON_BEFORE, limit / 4)
    return TurnTimes(
        half=active_deadline(since, limit / 2, pauses),
        soon=active_deadline(since, soon_at, pauses),
        deadline=active_deadline(since, limit, pauses),
    )


def on_vacation(now: datetime, pauses: Sequence[Interval]) -> bool:
    """True when ``now`` falls inside one of ``pauses``."""
    return any(start <= now < end for start, end in pauses)


# Quiet hours.

MAX_ZONE_LENGTH: Final = 64
"""No IANA zone name is longer; anything longer is refused before the file system is asked."""
_QUIET: Final = re.compile(r"\s*(\d{1,2})(?::(\d{2}))?\s*[-–to]+\s*(\d{1,2})(?::(\d{2}))?\s*")


@dataclass(frozen=True, slots=True)
class QuietHours:
    """A daily span of local time when a player gets no reminders (may run past midnight)."""

    start: time
    end: time
    zone: str

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M} {self.zone}"

    def contains(self, moment: datetime) -> bool:
        """True when ``moment`` (aware) falls in the quiet span, in the player's time zone."""
        local = moment.astimezone(ZoneInfo(self.zone)).time()
        if self.start <= self.end:
            return self.start <= local < self.end
        return local >= self.start or local < self.end

    def to_text(self) -> str:
        """The stored form, read back by :func:`parse_quiet_hours`."""
        return str(self)


class QuietHoursError(ValueError):
    """Quiet hours that cannot be read (bad times or an unknown time zone)."""


def parse_quiet_hours(text: str, zone: str | None = None) -> QuietHours:
    """``22-7`` or ``22:30-07:00`` with a time zone such as ``Europe/Paris`` (also written after the hours).

    Raises:
        QuietHoursError: the span or the zone cannot be read.
    """
    words = text.strip().split()
    if len(words) == 2:
        # The zone typed after the hours ("22-7 Europe/Paris") wins when no other zone was given.
        text, typed = words
        if zone is not None and zone != typed:
            raise QuietHoursError(f"two time zones: {typed!r} and {zone!r}")
        zone = typed
    m = _QUIET.fullmatch(text)
    if m is None:
        raise QuietHoursError(f"not a span of hours: {text!r} (write 22-7 or 22:30-07:00)")
    h1, m1, h2, m2 = int(m[1]), int(m[2] or 0), int(m[3]), int(m[4] or 0)
    if not (0 <= h1 < 24 and 0 <= h2 < 24 and 0 <= m1 < 60 and 0 <= m2 < 60) or (h1, m1) == (h2, m2):
        raise QuietHoursError(f"not a span of hours: {text!r}")
    zone = (zone or "UTC").strip()
    unknown = f"unknown time zone {zone[:40]!r} (write it like Europe/Paris)"
    if not zone or len(zone) > MAX_ZONE_LENGTH:
        raise QuietHoursError(unknown)
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        # A folder name ("Europe") raises IsADirectoryError, an over-long one another OSError.
        raise QuietHoursError(unknown) from exc
    return QuietHours(time(h1, m1), time(h2, m2), zone)


def vacation_days_used(pauses: Sequence[Interval], year: int) -> float:
    """Days of ``year`` covered by the declared vacations."""
    first = datetime(year, 1, 1, tzinfo=UTC)
    last = datetime(year + 1, 1, 1, tzinfo=UTC)
    total = timedelta()
    for start, end in merge(pauses):
        overlap = min(end, last) - max(start, first)
        if overlap > timedelta():
            total += overlap
    return total / timedelta(days=1)
