"""The weekend pause a match's players agreed to: its deadlines do not run from Saturday 00:00 to Monday 00:00,
local time, in the members' time zones. With members in several zones the pause is the union of their weekends
(from the first zone's Saturday midnight to the last zone's Monday midnight), so nobody's Saturday or Sunday
counts. Local midnights are read in each zone's own calendar, so a weekend across a change of daylight saving
time lasts 47 or 49 hours, as the wall clock does.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.app.clocks.deadlines import MAX_ZONE_LENGTH, Interval, merge

SATURDAY: Final = 5
"""``datetime.weekday()`` of Saturday."""
ZONE_PREF: Final = "zone"
"""The user preference holding a member's IANA time zone (set with ``/plateau settings``)."""
HORIZON: Final = timedelta(days=120)
"""How far past a turn's start its weekends are listed: beyond the longest turn with a whole year's allowance
spent inside it, so no deadline lies past the last weekend listed."""


def _local_midnight(day: datetime, zone: ZoneInfo) -> datetime:
    """The instant a local calendar day begins (a day that begins in a gap of daylight saving time begins at the
    first instant that exists)."""
    naive = datetime.combine(day.date(), time(0))
    moment = naive.replace(tzinfo=zone)
    # A midnight that does not exist (skipped by a change of time) is read past the gap: fold=0 gives the offset
    # before the change, which lands after the gap once converted.
    return moment.astimezone(UTC)


def weekends(zone_names: Sequence[str], start: datetime, end: datetime) -> list[Interval]:
    """The weekends, as UTC instants, that overlap ``[start, end)`` in any of ``zone_names`` (merged, sorted).

    Raises:
        zoneinfo.ZoneInfoNotFoundError: an unknown zone name.
    """
    spans: list[Interval] = []
    for name in sorted(set(zone_names)) or ["UTC"]:
        zone = ZoneInfo(name)
        local = (start - timedelta(days=7)).astimezone(zone)
        saturday = local + timedelta(days=(SATURDAY - local.weekday()) % 7)
        while True:
            begins = _local_midnight(saturday, zone)
            ends = _local_midnight(saturday + timedelta(days=2), zone)
            if begins >= end:
                break
            if ends > start:
                spans.append((begins, ends))
            saturday += timedelta(days=7)
    return merge(spans)


def check_zone(name: str) -> str:
    """``name`` as an IANA time zone (``Europe/Paris``), trimmed.

    Raises:
        ValueError: no such zone.
    """
    zone = name.strip()
    if not zone or len(zone) > MAX_ZONE_LENGTH:
        raise ValueError(f"unknown time zone {zone[:40]!r}")
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        # A folder name ("Europe") raises IsADirectoryError, an over-long one another OSError.
        raise ValueError(f"unknown time zone {zone[:40]!r}") from exc
    return zone
