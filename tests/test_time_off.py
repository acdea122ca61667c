"""Time off and statistics as pure arithmetic: the allowance spent hour by hour, weekends across time zones and
changes of daylight saving time, answer times, and the tail of a run of dice."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bot.app.clocks.deadlines import active_deadline
from bot.app.stats.answers import ENOUGH, Entry, answer_times, percentile, rounded, summary
from bot.app.stats.luck import Tally, left_tail, luck_of, merged, right_tail, rolls_to_json, tally_from_json
from bot.app.timeoff.allowance import allowance_left, spent_span, to_spend
from bot.app.timeoff.weekends import check_zone, weekends

H = timedelta(hours=1)
UR = tuple((v, Fraction(math.comb(4, v), 16)) for v in range(5))


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC) if "+" not in text else datetime.fromisoformat(text)


# The allowance.


def test_a_deadline_just_passed_spends_one_hour_and_a_late_tick_spends_every_hour_away() -> None:
    deadline = at("2026-03-02T10:00")
    assert to_spend(deadline, deadline, timedelta(days=30)) == H
    assert to_spend(deadline, deadline + 2 * H + timedelta(minutes=5), timedelta(days=30)) == 3 * H
    assert to_spend(deadline, deadline + 5 * H, timedelta(minutes=30)) == timedelta(minutes=30), "what is left"
    assert to_spend(deadline, deadline + H, timedelta()) == timedelta(), "nothing left: nothing spent"
    with pytest.raises(ValueError):
        to_spend(deadline, deadline - H, timedelta(days=1))


def test_spent_hours_start_at_the_deadline_and_carry_it() -> None:
    since = at("2026-03-01T10:00")
    limit = timedelta(hours=24)
    deadline = active_deadline(since, limit, [])
    span = spent_span(deadline, to_spend(deadline, deadline + timedelta(minutes=30), timedelta(days=30)))
    assert span == (deadline, deadline + H)
    # A pause beginning the instant the time runs out still counts: the time had not run out before it.
    assert active_deadline(since, limit, [span]) == deadline + H


def test_the_allowance_counts_declared_and_spent_vacations_of_the_deadlines_year() -> None:
    declared = (at("2026-03-01T00:00"), at("2026-03-11T00:00"))
    spent = (at("2026-04-01T10:00"), at("2026-04-01T15:00"))
    assert allowance_left([declared, spent], at("2026-05-01T00:00")) == timedelta(days=20) - 5 * H
    assert allowance_left([declared, spent], at("2027-01-02T00:00")) == timedelta(days=30), "a new year, afresh"


# Weekends.


def test_a_weekend_in_paris_is_saturday_to_monday_local_time() -> None:
    (weekend,) = weekends(["Europe/Paris"], at("2026-01-05T00:00"), at("2026-01-12T00:00"))
    assert weekend == (at("2026-01-09T23:00"), at("2026-01-11T23:00"))


def test_weekends_across_changes_of_daylight_saving_time_last_47_and_49_hours() -> None:
    spring = weekends(["Europe/Paris"], at("2026-03-28T12:00"), at("2026-03-28T13:00"))
    autumn = weekends(["Europe/Paris"], at("2026-10-24T12:00"), at("2026-10-24T13:00"))
    assert [b - a for a, b in spring] == [timedelta(hours=47)]
    assert [b - a for a, b in autumn] == [timedelta(hours=49)]
    assert autumn[0] == (at("2026-10-23T22:00"), at("2026-10-25T23:00"))


def test_members_in_several_zones_pause_from_the_first_saturday_to_the_last_monday() -> None:
    (weekend,) = weekends(["Asia/Tokyo", "America/Los_Angeles"], at("2026-01-06T00:00"), at("2026-01-12T00:00"))
    assert weekend == (at("2026-01-09T15:00"), at("2026-01-12T08:00"))


def test_a_turn_over_a_weekend_gets_its_days_back() -> None:
    since = at("2026-01-09T12:00")  # Friday noon, UTC
    pauses = weekends(["UTC"], since, since + timedelta(days=30))
    assert active_deadline(since, timedelta(hours=48), pauses) == at("2026-01-13T12:00"), "Tuesday noon"


def test_an_unknown_zone_is_refused() -> None:
    assert check_zone(" Europe/Paris ") == "Europe/Paris"
    for bad in ("Mars/Olympus", "Europe", "", "x" * 80):
        with pytest.raises(ValueError):
            check_zone(bad)


# Answer times.


def test_an_answer_is_the_first_decision_after_another_seats() -> None:
    t0 = at("2026-02-01T08:00")
    log = [
        Entry(None, t0, False),  # who starts
        Entry(None, t0, False),  # the first roll
        Entry(0, t0 + 2 * H, True),  # seat 0 answers after 2 h
        Entry(None, t0 + 2 * H, False),  # an extra roll
        Entry(0, t0 + 3 * H, True),  # the same turn goes on: not an answer
        Entry(None, t0 + 3 * H, False),
        Entry(1, t0 + 8 * H, True),
        Entry(None, t0 + 8 * H, False),
        Entry(0, t0 + 9 * H, True),  # 1 h
    ]
    assert answer_times(log, 0) == [2 * H, H]
    assert answer_times(log, 1) == [5 * H]


def test_figures_need_enough_answers_and_others_read_a_rounded_median() -> None:
    assert summary([H] * (ENOUGH - 1)) is None
    times = [timedelta(minutes=m) for m in (10, 50, 70, 100, 130, 200, 400, 500, 900, 2000)]
    assert percentile(times, 0.5) == timedelta(minutes=130) and percentile(times, 0.9) == timedelta(minutes=900)
    figures = summary(times)
    assert figures is not None and rounded(figures) == 3 * H, "2 h 10 min: usually within 3 hours"
    assert rounded(summary([timedelta(days=9)] * ENOUGH) or figures) is None, "beyond a week: no figure"


# Luck.


def exact_left(rolls: int, total: int) -> float:
    return sum(math.comb(4 * rolls, k) for k in range(total + 1)) / 2 ** (4 * rolls)


@pytest.mark.parametrize(("rolls", "total"), [(10, 10), (10, 2), (100, 170), (100, 150), (1000, 1950)])
def test_the_tail_of_ur_rolls_is_within_two_per_cent_of_the_exact_binomial(rolls: int, total: int) -> None:
    exact = exact_left(rolls, total)
    assert left_tail({UR: rolls}, total) == pytest.approx(exact, rel=0.02)


def test_the_edges_of_what_dice_can_give_are_exact() -> None:
    assert left_tail({UR: 10}, 0) == pytest.approx(16.0**-10, rel=1e-9)
    assert right_tail({UR: 10}, 40) == pytest.approx(16.0**-10, rel=1e-9)
    assert right_tail({UR: 10}, 41) == 0.0 and left_tail({UR: 10}, 40) == 1.0


def test_a_member_below_expectation_is_told_the_chance_of_so_unlucky_a_run() -> None:
    tally = Tally()
    for value in [0, 1, 1, 2, 2, 2, 3, 4] * 25:  # 1.875 a roll where 2 are expected
        tally.add(UR, value)
    luck = luck_of(tally)
    assert luck.unlucky and luck.rolls == 200 and luck.expected == pytest.approx(400)
    assert luck.chance == pytest.approx(exact_left(200, tally.total), rel=0.02)


def test_a_tally_kept_as_json_reads_back_the_same_and_tallies_merge() -> None:
    d6 = tuple((v, Fraction(1, 6)) for v in range(1, 7))
    first, second = Tally(), Tally()
    for value in (0, 4, 2):
        first.add(UR, value)
    second.add(d6, 6)
    kept = tally_from_json(rolls_to_json(first), first.total)
    assert kept.rolls == first.rolls and kept.total == 6
    both = merged([kept, second])
    assert both.count == 4 and both.total == 12 and both.expected == pytest.approx(2 * 3 + 3.5)
