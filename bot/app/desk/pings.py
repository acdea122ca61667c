"""A member's own pings: when reminders come (the cadence), where they go, and a daily digest instead.

Pure code: the cadence turns a turn's start and deadline into the instants of its reminders, each named so the
turn clock can mark it handled once (``half``, ``soon``, ``every1``, ``every2``…); :func:`reminder_steps` never
puts two of them less than :data:`MIN_GAP` apart, whatever the turn's length. The settings are kept as the
member's preferences (:data:`CADENCE_KEY`, :data:`ROUTE_KEY`, :data:`DIGEST_KEY`) and read back by
:func:`ping_prefs`, which takes anything unknown for the default: a bad stored value never stops a reminder.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Final, Literal
from zoneinfo import ZoneInfo

MIN_GAP: Final = timedelta(hours=1)
"""No two reminders of a turn closer than this (the issue's bound: nothing more often than once an hour)."""

CADENCES: Final = ("standard", "half_hour", "every_4h", "every_8h", "every_12h", "last_hour")
"""The cadences a member picks from: ``standard`` (half time and three hours before the deadline, the bot's
default), half time and an hour before, every 4, 8 or 12 hours, or only in the last hour."""
EVERY_CADENCES: Final = tuple(c for c in CADENCES if c.startswith("every_"))
"""The cadences that may remind before half time."""
ROUTES: Final = ("thread", "dm", "both")
"""Where a member's turn pings and reminders go: the match's thread (or channel), the desk's DM, or both."""
Route = Literal["thread", "dm", "both"]

CADENCE_KEY: Final = "ping_cadence"
ROUTE_KEY: Final = "ping_route"
DIGEST_KEY: Final = "ping_digest"
DIGEST_SENT_KEY: Final = "ping_digest_sent"
"""When the member's last daily digest went out (ISO instant), so a restart never sends a second one that day."""

DIGEST_HOUR: Final = time(9, 0)
"""The digest goes out at this local time (the member's quiet hours' time zone, else UTC)."""
STANDARD_SOON: Final = timedelta(hours=3)
"""The standard cadence's late reminder, this long before the deadline (as :mod:`bot.app.clocks.deadlines`)."""
_EVERY: Final = re.compile(r"every_(\d{1,2})h")


class PingPrefsError(ValueError):
    """A cadence or a route that is not one of those offered."""


@dataclass(frozen=True, slots=True)
class PingPrefs:
    """A member's ping settings (the defaults are the bot's behaviour before they existed)."""

    cadence: str = "standard"
    route: Route = "thread"
    digest: bool = False

    @property
    def in_thread(self) -> bool:
        """Turn pings and reminders mention the member in the match's thread."""
        return self.route in ("thread", "both")

    @property
    def in_dm(self) -> bool:
        """Turn pings and reminders come to the member as a short DM."""
        return self.route in ("dm", "both")


def check_cadence(cadence: str) -> str:
    """``cadence`` when it is offered and pings at most hourly.

    Raises:
        PingPrefsError: an unknown cadence, or one of "every N hours" with N under one.
    """
    if cadence not in CADENCES:
        raise PingPrefsError(f"unknown cadence {cadence[:30]!r}")
    every = _EVERY.fullmatch(cadence)
    if every is not None and timedelta(hours=int(every[1])) < MIN_GAP:
        raise PingPrefsError(f"{cadence}: more often than once an hour")
    return cadence


def check_route(route: str) -> Route:
    """``route`` when it is offered.

    Raises:
        PingPrefsError: an unknown route.
    """
    if route == "thread":
        return "thread"
    if route == "dm":
        return "dm"
    if route == "both":
        return "both"
    raise PingPrefsError(f"unknown route {route[:30]!r}")


def ping_prefs(stored: Mapping[str, str]) -> PingPrefs:
    """A member's settings from their stored preferences; an unknown value counts as the default."""
    try:
        cadence = check_cadence(stored.get(CADENCE_KEY, "standard"))
    except PingPrefsError:
        cadence = "standard"
    try:
        route = check_route(stored.get(ROUTE_KEY, "thread"))
    except PingPrefsError:
        route = "thread"
    return PingPrefs(cadence, route, stored.get(DIGEST_KEY) == "1")


def reminder_steps(
    cadence: str, since: datetime, deadline: datetime, *, half: datetime | None = None
) -> list[tuple[str, datetime]]:
    """The reminders of a turn that began at ``since`` and ends at ``deadline``, in order, each named.

    ``half`` is the turn's half time when vacations moved it (default: midway). Steps at or before the turn's
    start, or at or after its deadline, are left out, and so is any step less than :data:`MIN_GAP` after the one
    kept before it: a short turn gets fewer reminders, never a burst.
    """
    half_at = half if half is not None else since + (deadline - since) / 2
    length = deadline - since
    wanted: list[tuple[str, datetime]]
    if cadence == "half_hour":
        wanted = [("half", half_at), ("soon", deadline - timedelta(hours=1))]
    elif cadence == "last_hour":
        wanted = [("soon", deadline - timedelta(hours=1))]
    elif (every := _EVERY.fullmatch(cadence)) is not None:
        step = max(MIN_GAP, timedelta(hours=int(every[1])))
        count = int(length / step) if length > timedelta() else 0
        wanted = [(f"every{k}", since + step * k) for k in range(1, count + 1)]
    else:
        wanted = [("half", half_at), ("soon", deadline - min(STANDARD_SOON, length / 4))]
    kept: list[tuple[str, datetime]] = []
    for name, at in wanted:
        if at <= since or at >= deadline:
            continue
        if kept and at - kept[-1][1] < MIN_GAP:
            continue
        kept.append((name, at))
    return kept


def earliest_step(limit: timedelta, cadences: Sequence[str] = ()) -> timedelta:
    """How long after a turn's start its first reminder may come, for a turn of ``limit`` (vacations only delay
    it): half time, or sooner for one of ``cadences`` in use (the clock then looks at the turn earlier)."""
    earliest = limit / 2
    for cadence in cadences:
        if (every := _EVERY.fullmatch(cadence)) is not None:
            earliest = min(earliest, max(MIN_GAP, timedelta(hours=int(every[1]))))
    return earliest


def superseded_names(name: str) -> tuple[str, ...]:
    """The steps of an "every N hours" cadence that come before ``name`` (``every3``: ``every1`` and ``every2``):
    once ``name`` is sent they are pointless (the turn clock already marks ``half`` with ``soon``)."""
    every = re.fullmatch(r"every(\d+)", name)
    if every is not None:
        return tuple(f"every{k}" for k in range(1, int(every[1])))
    return ()


def due_step(steps: list[tuple[str, datetime]], handled: tuple[str, ...] | list[str], now: datetime) -> str | None:
    """The reminder to send at ``now``: the latest step whose time has come and that was not handled yet, or None.

    Only the latest: after a pause (a restart, quiet hours) one reminder goes out, not a burst of the missed ones
    (:func:`superseded` names those it makes pointless).
    """
    passed = [name for name, at in steps if at <= now]
    if not passed or passed[-1] in handled:
        return None
    return passed[-1]


def superseded(steps: list[tuple[str, datetime]], name: str) -> tuple[str, ...]:
    """The steps before ``name``: once it is sent they are pointless, and are marked handled with it."""
    names = [n for n, _ in steps]
    return tuple(names[: names.index(name)]) if name in names else ()


def digest_due(now: datetime, last_sent: datetime | None, zone: str = "UTC") -> bool:
    """True when a member's daily digest should go out at ``now``: their local :data:`DIGEST_HOUR` has passed
    today and none went out since it did."""
    local = now.astimezone(ZoneInfo(zone))
    today = datetime.combine(local.date(), DIGEST_HOUR, tzinfo=local.tzinfo)
    if local < today:
        return False
    return last_sent is None or last_sent < today
