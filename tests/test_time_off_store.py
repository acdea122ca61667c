"""Time off and dice statistics through the match service, on SQLite and on a throw-away PostgreSQL server:
the allowance spent by the clock's steps, the weekend pause agreed, and each finished match's dice counted once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.app.matches import Match, MatchService
from bot.app.matches.member_stats import COUNTED_PER_CALL
from bot.app.storage import Store

ALICE, BOB = 1001, 2002
T0 = datetime(2026, 1, 1, 0, 0, tzinfo=UTC)  # a Thursday


class Clock:
    """A settable clock."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def service(request: pytest.FixtureRequest, db_path: str) -> AsyncIterator[tuple[MatchService, Clock]]:
    """The match service on either database, with a settable clock."""
    location = db_path if request.param == "sqlite" else request.getfixturevalue("pg_url")
    store = await Store.open(location)
    clock = Clock()
    yield MatchService(store, clock), clock
    await store.close()


async def new_game(service: MatchService, turn_limit: int | None = 24 * 3600) -> Match:
    match = await service.create(
        "ur", {"rules": "v2"}, guild_id=7, channel_id=70, creator_id=ALICE, seed="s", turn_limit=turn_limit
    )
    await service.join(match.id, BOB)
    return (await service.start(match.id, ALICE)).match


async def expired(service: MatchService, now: datetime) -> list[Any]:
    return [step for step in await service.due(now) if step.threshold == "expired"]


async def test_the_clock_spends_whole_hours_told_once_then_none_left(service: tuple[MatchService, Clock]) -> None:
    matches, clock = service
    match = await new_game(matches)
    (late,) = match.to_act()
    await matches.set_auto_vacation(late, True)
    clock.now = T0 + timedelta(hours=24, minutes=30)
    (step,) = await expired(matches, clock.now)
    spent = await matches.spend_time_off(step)
    assert spent is not None and spent.kind == "spent" and spent.tell and spent.spent == timedelta(hours=1)
    assert spent.deadline == T0 + timedelta(hours=25)
    assert await expired(matches, clock.now) == [], "the turn goes on"
    clock.now = T0 + timedelta(hours=27, minutes=10)
    (step,) = await expired(matches, clock.now)
    again = await matches.spend_time_off(step)
    assert again is not None and again.kind == "spent" and not again.tell, "told once per turn"
    assert again.spent == timedelta(hours=3) and again.deadline == T0 + timedelta(hours=28)
    assert await matches.allowance(late) == timedelta(days=30, hours=-4)


async def test_without_automatic_vacation_the_usual_timeout_applies(service: tuple[MatchService, Clock]) -> None:
    matches, clock = service
    await new_game(matches)
    clock.now = T0 + timedelta(hours=25)
    (step,) = await expired(matches, clock.now)
    assert await matches.spend_time_off(step) is None


async def test_the_weekend_pause_is_agreed_and_moves_the_deadline(service: tuple[MatchService, Clock]) -> None:
    matches, _ = service
    match = await new_game(matches, turn_limit=72 * 3600)
    await matches.set_user_pref(ALICE, "zone", "Europe/Paris")
    _, offer, zones = await matches.propose_weekend(match.id, ALICE, True)
    assert offer is not None and zones is None
    _, left, zones = await matches.answer_weekend(match.id, BOB, accept=True, version=offer.version)
    assert left is None and zones == ("Europe/Paris", "UTC")
    (clock_,) = (await matches.clocks(match.id)).values()
    # 47 hours before Paris's Saturday (Friday 23:00 UTC), 25 after UTC's Monday.
    assert clock_.times.deadline == T0 + timedelta(days=5, hours=1)
    _, offer, zones = await matches.propose_weekend(match.id, BOB, False)
    assert offer is not None
    _, _, zones = await matches.answer_weekend(match.id, ALICE, accept=True, version=offer.version)
    assert zones == () and await matches.weekend_zones(match.id) is None


async def test_a_finished_matchs_dice_are_counted_once_and_kept(service: tuple[MatchService, Clock]) -> None:
    matches, _ = service
    match = await new_game(matches, turn_limit=None)
    for _ in range(30):
        match = await matches.get(match.id)
        (seat,) = match.state.actors()
        await matches.move(match.id, match.seats[seat], match.state.format_move(match.state.legal_moves(seat)[-1]))
    await matches.resign(match.id, ALICE)
    first = await matches.dice_luck(ALICE)
    assert set(first) == {"ur"} and first["ur"].rolls >= 10
    assert await matches.dice_luck(ALICE) == first, "read back from the kept count"
    bob = await matches.dice_luck(BOB)
    assert bob["ur"].rolls + first["ur"].rolls >= 30, "every roll is somebody's"


async def test_answer_times_come_from_the_logs_of_matches_by_post_in_the_window(
    service: tuple[MatchService, Clock],
) -> None:
    matches, clock = service
    match = await new_game(matches, turn_limit=48 * 3600)
    for n in range(24):
        match = await matches.get(match.id)
        (seat,) = match.state.actors()
        clock.now += timedelta(hours=2 if n % 2 else 5)
        await matches.move(match.id, match.seats[seat], match.state.format_move(match.state.legal_moves(seat)[-1]))
    figures = {user: await matches.answer_figures(user) for user in (ALICE, BOB)}
    assert all(f is not None for f in figures.values())
    counted = sum(f.count for f in figures.values() if f is not None)
    assert 10 <= counted <= 24, "an extra roll's second move is no answer"
    assert {f.p90 for f in figures.values() if f is not None} <= {timedelta(hours=2), timedelta(hours=5)}
    clock.now += timedelta(days=91)
    assert await matches.answer_figures(ALICE) is None, "90 days later nothing is left to tell"


async def test_a_first_profile_counts_twenty_matches_and_the_next_one_the_rest(
    service: tuple[MatchService, Clock],
) -> None:
    matches, _ = service
    for _ in range(COUNTED_PER_CALL + 3):
        match = await new_game(matches, turn_limit=None)
        (seat,) = match.state.actors()
        await matches.move(match.id, match.seats[seat], match.state.format_move(match.state.legal_moves(seat)[-1]))
        await matches.resign(match.id, ALICE)
    first = await matches.dice_luck(ALICE)
    assert first["ur"].matches == COUNTED_PER_CALL, "the rest waits for the next call"
    assert (await matches.dice_luck(ALICE))["ur"].matches == COUNTED_PER_CALL + 3
