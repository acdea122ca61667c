"""Deadline arithmetic: active time with vacations paused, reminder times, quiet hours, vacation days."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.app.clocks.deadlines import (
    QuietHoursError,
    active_deadline,
    on_vacation,
    parse_quiet_hours,
    turn_times,
    vacation_days_used,
)

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


def test_a_turn_without_vacation_ends_after_its_limit() -> None:
    """Half time, the late reminder (3 h before) and the deadline of a 48-hour turn."""
    times = turn_times(T0, 48 * 3600)
    assert times.half == T0 + 24 * HOUR
    assert times.soon == T0 + 45 * HOUR
    assert times.deadline == T0 + 48 * HOUR


def test_a_short_turn_reminds_at_three_quarters() -> None:
    """For 12 hours, three hours before would be a quarter of the turn: the late reminder comes at 9 h."""
    assert turn_times(T0, 12 * 3600).soon == T0 + 9 * HOUR


def test_vacation_time_does_not_count() -> None:
    """A vacation inside the turn pushes the deadline back by its length; one before or after does not."""
    limit = timedelta(hours=24)
    inside = [(T0 + 2 * HOUR, T0 + 2 * HOUR + 3 * DAY)]
    assert active_deadline(T0, limit, inside) == T0 + limit + 3 * DAY
    before = [(T0 - 5 * DAY, T0 - DAY)]
    after = [(T0 + 2 * DAY, T0 + 3 * DAY)]
    assert active_deadline(T0, limit, before + after) == T0 + limit


def test_a_vacation_already_running_counts_only_from_the_turn_start() -> None:
    """The turn began during a vacation: only the rest of the vacation is skipped."""
    running = [(T0 - DAY, T0 + 6 * HOUR)]
    assert active_deadline(T0, 24 * HOUR, running) == T0 + 30 * HOUR


def test_overlapping_and_chained_vacations() -> None:
    """Overlapping vacations count once; a second one that the first pushes into range counts too."""
    pauses = [(T0 + HOUR, T0 + 5 * HOUR), (T0 + 3 * HOUR, T0 + 7 * HOUR), (T0 + 20 * HOUR, T0 + 22 * HOUR)]
    # 6 h of pause from the first two; the deadline moves from 16 h to 22 h, which brings in the third.
    assert active_deadline(T0, 16 * HOUR, pauses) == T0 + 24 * HOUR
    assert on_vacation(T0 + 4 * HOUR, pauses) and not on_vacation(T0 + 8 * HOUR, pauses)


def test_quiet_hours_across_midnight_in_a_time_zone() -> None:
    """22-7 in Paris (UTC+1 in winter): 21:30 UTC is 22:30 there, quiet; 06:30 UTC is 07:30, awake."""
    quiet = parse_quiet_hours("22-7", "Europe/Paris")
    assert str(quiet) == "22:00-07:00 Europe/Paris"
    assert quiet.contains(datetime(2026, 1, 5, 21, 30, tzinfo=UTC))
    assert quiet.contains(datetime(2026, 1, 6, 5, 30, tzinfo=UTC))
    assert not quiet.contains(datetime(2026, 1, 6, 6, 30, tzinfo=UTC))
    assert parse_quiet_hours(quiet.to_text()) == quiet


def test_quiet_hours_are_read_with_care() -> None:
    """A same-day span, minutes, the zone written after the hours; nonsense is refused."""
    assert parse_quiet_hours("12:30-14:00 UTC").contains(datetime(2026, 1, 5, 13, 0, tzinfo=UTC))
    for bad in ("25-7", "7-7", "soon", "22-7 Mars/Olympus"):
        with pytest.raises(QuietHoursError):
            parse_quiet_hours(bad)


def test_vacation_days_are_counted_per_calendar_year() -> None:
    """A vacation over New Year counts in each year for its own days."""
    new_year = datetime(2027, 1, 1, tzinfo=UTC)
    pauses = [(new_year - 2 * DAY, new_year + 3 * DAY)]
    assert vacation_days_used(pauses, 2026) == pytest.approx(2)
    assert vacation_days_used(pauses, 2027) == pytest.approx(3)
