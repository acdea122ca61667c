"""A game clock per player (issue 28, live paces): ten minutes each for the whole match, a few seconds added
after each turn; it runs only on the acting player's turn, survives a restart to the second, warns once per
match, and its flag fall applies the match's timeout policy like a turn deadline."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.app.clocks.game_clock import (
    LOW_TIME,
    ClockFace,
    charged,
    clock_setting,
    clock_times,
    grace,
    live_play,
    low_time_at,
    time_left,
)
from bot.app.matches import Match, MatchError, MatchService, MatchStatus
from bot.app.storage import Store
from games.base import Termination
from tests.test_matches import ALICE, BOB, CHANNEL, GUILD

T0 = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)
SEC = timedelta(seconds=1)


class Wall:
    """A clock that stands still until the test moves it (a turn then lasts exactly what the test says)."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, span: timedelta) -> None:
        self.now += span


# The arithmetic.


def test_a_turn_costs_its_length_and_earns_the_increment() -> None:
    assert clock_setting({"clock": "10m", "increment": "5"}) is not None
    setting = clock_setting({"clock": "10m", "increment": "5"})
    assert setting is not None and (setting.total, setting.increment) == (10 * MIN, 5 * SEC)
    assert clock_setting({}) is None and clock_setting({"clock": "none"}) is None
    assert charged(10 * MIN, T0, T0 + 72 * SEC, 5 * SEC) == 10 * MIN - 67 * SEC
    assert time_left(30 * SEC, T0, T0 + MIN) == timedelta(), "never below zero"
    assert charged(30 * SEC, T0, T0 + MIN, 5 * SEC) == 5 * SEC, "a fallen flag plays on its increment"
    assert low_time_at(T0, 10 * MIN) == T0 + 10 * MIN - LOW_TIME
    assert low_time_at(T0, 20 * SEC) == T0, "less than a minute left: warned at once"
    assert grace(None) == MIN and grace(120) == 2 * MIN
    assert live_play(None, {"clock": "20m"}) and live_play(60, {}) and not live_play(48 * 3600, {})


def test_the_turn_ends_at_the_turn_limit_or_the_flag_fall_whichever_comes_first() -> None:
    assert clock_times(T0, None, 3 * MIN).deadline == T0 + 3 * MIN
    assert clock_times(T0, 5 * 60, 3 * MIN).deadline == T0 + 3 * MIN, "the flag falls first"
    assert clock_times(T0, 2 * 60, 3 * MIN).deadline == T0 + 2 * MIN, "the turn limit comes first"
    assert clock_times(T0, 2 * 60, None).deadline == T0 + 2 * MIN
    with pytest.raises(ValueError):
        clock_times(T0, None, None)


# The service.


async def timed_match(service: MatchService, on_timeout: str = "vote", **options: str) -> Match:
    """Alice and Bob start a game of Subulata (chance only at the set-up) with a game clock, and both play the
    set-up step at once (each earns the increment); then one seat acts at a time."""
    chosen = {"clock": "10m", "increment": "5", **options}
    match = await service.create(
        "subulata", chosen, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, on_timeout=on_timeout
    )
    await service.join(match.id, BOB)
    match = (await service.start(match.id, ALICE)).match
    assert match.state.actors() == (0, 1), "a simultaneous set-up: both clocks run"
    both = await service.clock_faces(match.id)
    assert set(both) == {0, 1} and all(face.flag is not None for face in both.values()), "both clocks run"
    while len(match.state.actors()) > 1:
        match = await play(service, match.id, match.state.actors()[0])
    return match


async def play(service: MatchService, match_id: int, seat: int | None = None) -> Match:
    """The acting player (or ``seat``) plays their first legal move."""
    match = await service.get(match_id)
    if seat is None:
        (seat,) = match.state.actors()
    move = match.state.format_move(match.state.legal_moves(seat)[0])
    return (await service.move(match_id, match.seats[seat], move)).match


async def faces(service: MatchService, match: Match) -> dict[int, ClockFace]:
    return await service.clock_faces(match.id)


async def test_the_clock_runs_only_on_the_acting_players_turn_and_the_increment_is_added(store: Store) -> None:
    wall = Wall()
    service = MatchService(store, wall)
    match = await timed_match(service)
    (first,) = match.state.actors()
    other = 1 - first
    # The other seat's set-up earned it the increment; the first seat's set-up is its running turn.
    full, done = 10 * MIN, 10 * MIN + 5 * SEC
    shown = await faces(service, match)
    assert shown[first] == ClockFace(full, T0 + full) and shown[other] == ClockFace(done)
    wall.advance(72 * SEC)
    shown = await faces(service, match)
    assert shown[first].left == full - 72 * SEC and shown[other].left == done, "only the actor's clock runs"
    match = await play(service, match.id)
    assert match.state.actors() == (other,)
    wall.advance(30 * SEC)
    shown = await faces(service, match)
    assert shown[first] == ClockFace(full - 67 * SEC), "72 s taken, 5 s added, stopped"
    assert shown[other] == ClockFace(done - 30 * SEC, T0 + 72 * SEC + done)
    match = await play(service, match.id)
    shown = await faces(service, match)
    assert shown[other].left == done - 25 * SEC and shown[other].flag is None


async def test_a_restart_mid_turn_keeps_the_time_left_to_the_second(tmp_path: object) -> None:
    path = f"{tmp_path}/plateau.db"
    wall = Wall()
    first_store = await Store.open(path)
    service = MatchService(first_store, wall)
    match = await timed_match(service)
    wall.advance(100 * SEC)
    match = await play(service, match.id)
    wall.advance(47 * SEC)
    before = await faces(service, match)
    await first_store.close()
    wall.advance(13 * SEC)  # the bot was down for 13 s in the middle of the turn
    second_store = await Store.open(path)
    try:
        again = MatchService(second_store, wall)
        after = await again.clock_faces(match.id)
        (acting,) = match.state.actors()
        assert after[acting].left == before[acting].left - 13 * SEC == 10 * MIN + 5 * SEC - 60 * SEC
        assert after[acting].flag == before[acting].flag, "the flag falls at the same instant"
        assert after[1 - acting] == ClockFace(10 * MIN - 100 * SEC + 5 * SEC)
        assert (await again.next_wake(wall.now)) == after[acting].flag - LOW_TIME
    finally:
        await second_store.close()


async def test_the_low_time_warning_goes_out_once_per_match(store: Store) -> None:
    wall = Wall()
    service = MatchService(store, wall)
    match = await timed_match(service, clock="5m", increment="0")
    (seat,) = match.state.actors()
    assert await service.next_wake(wall.now) == T0 + 4 * MIN, "the tick wakes for the warning"
    wall.advance(4 * MIN - SEC)
    assert await service.due(wall.now) == []
    wall.advance(SEC)
    (step,) = await service.due(wall.now)
    assert (step.threshold, step.clock.seat) == ("low", seat)
    assert await service.claim(step) and not await service.claim(step), "claimed once"
    assert await service.due(wall.now) == []
    assert await service.next_wake(wall.now) == T0 + 5 * MIN, "then for the flag fall"
    match = await play(service, match.id)  # 4 min used, 1 min left
    wall.advance(10 * SEC)
    match = await play(service, match.id)
    assert match.state.actors() == (seat,)
    assert [s.threshold for s in await service.due(wall.now)] == [], "no second warning in the next turn"


@pytest.mark.parametrize("policy", ["move", "forfeit", "vote"])
async def test_the_flag_fall_applies_the_timeout_policy(store: Store, policy: str) -> None:
    wall = Wall()
    service = MatchService(store, wall)
    match = await timed_match(service, policy, clock="5m", increment="0")
    (late,) = match.state.actors()
    wall.advance(5 * MIN - SEC)
    assert [s.threshold for s in await service.due(wall.now)] == ["low"]
    wall.advance(SEC)
    (step,) = await service.due(wall.now)
    assert (step.threshold, step.clock.seat, step.clock.times.deadline) == ("expired", late, T0 + 5 * MIN)
    if policy == "vote":
        # The other player may give one more minute: the clock then runs again from zero plus that minute.
        await service.vote_timeout(match.id, match.seats[1 - late], late, step.clock.since, "wait")
        await service.carry_out(match.id, late, step.clock.since, "wait")
        shown = await service.clock_faces(match.id)
        assert shown[late] == ClockFace(MIN, wall.now + MIN)
        assert await service.next_wake(wall.now) == wall.now + MIN
        return
    report = await service.carry_out(match.id, late, step.clock.since, policy)
    assert report is not None
    if policy == "forfeit":
        assert report.match.status is MatchStatus.FINISHED and report.match.result is not None
        assert report.match.result.termination is Termination.FORFEIT
        assert report.match.result.winners == (1 - late,)
    else:
        assert report.match.status is MatchStatus.ACTIVE and report.match.state.actors() == (1 - late,)
        assert (await service.clock_faces(match.id))[late] == ClockFace(timedelta())


async def test_a_match_without_a_game_clock_has_none(store: Store) -> None:
    wall = Wall()
    service = MatchService(store, wall)
    match = await service.create("subulata", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    await service.join(match.id, BOB)
    match = (await service.start(match.id, ALICE)).match
    assert await service.clock_faces(match.id) == {}
    assert await service.clocks(match.id) == {} and await service.next_wake(wall.now) is None


async def test_play_by_post_stops_the_clock_and_live_play_runs_it_on_with_the_time_kept(store: Store) -> None:
    wall = Wall()
    service = MatchService(store, wall)
    match = await timed_match(service)
    (acting,) = match.state.actors()
    wall.advance(100 * SEC)
    before = await service.clock_faces(match.id)
    _, offer, _ = await service.propose_pace(match.id, ALICE, 48 * 3600)
    assert offer is not None
    await service.answer_pace(match.id, BOB, accept=True, version=offer.version)
    paused = await service.clock_faces(match.id)
    assert paused[acting] == ClockFace(before[acting].left), "stopped with the time left kept"
    assert paused[1 - acting] == before[1 - acting]
    wall.advance(timedelta(hours=25))
    assert await service.clock_faces(match.id) == paused, "hours by post cost no clock time"
    assert [s.threshold for s in await service.due(wall.now)] == ["half"], "by post: the 48 h turn's reminders"
    _, offer, _ = await service.propose_pace(match.id, BOB, None)  # back to the clock alone
    assert offer is not None
    await service.answer_pace(match.id, ALICE, accept=True, version=offer.version)
    resumed = await service.clock_faces(match.id)
    assert resumed[acting] == ClockFace(before[acting].left, wall.now + before[acting].left), "runs on"
    wall.advance(10 * SEC)
    match = await play(service, match.id)
    assert (await service.clock_faces(match.id))[acting].left == before[acting].left - 10 * SEC + 5 * SEC


async def test_a_game_clock_with_a_play_by_post_limit_is_refused_and_nothing_is_written(store: Store) -> None:
    service = MatchService(store, Wall())
    options = {"clock": "10m", "increment": "5"}
    where = {"guild_id": GUILD, "channel_id": CHANNEL, "creator_id": ALICE}
    with pytest.raises(MatchError, match="clock_by_post"):
        await service.create("subulata", options, **where, turn_limit=86400)
    assert await service.current(CHANNEL) is None
    live = await service.create("subulata", options, **where, turn_limit=120)
    assert live.turn_limit == 120, "a live limit beside the clock is fine"


async def test_a_rematch_keeps_the_clock_but_not_after_a_switch_to_play_by_post(store: Store) -> None:
    wall = Wall()
    service = MatchService(store, wall)
    match = await timed_match(service)
    await service.resign(match.id, ALICE)
    again = (await service.rematch(match.id)).match
    assert (again.options["clock"], again.turn_limit) == ("10m", None)
    assert set(await service.clock_faces(again.id)) == {0, 1}
    _, offer, _ = await service.propose_pace(again.id, ALICE, 48 * 3600)
    assert offer is not None
    await service.answer_pace(again.id, BOB, accept=True, version=offer.version)
    await service.resign(again.id, BOB)
    by_post = (await service.rematch(again.id)).match
    assert "clock" not in by_post.options and by_post.turn_limit == 48 * 3600
    assert await service.clock_faces(by_post.id) == {}


# Issue 37, fault 3: a move that lands once the mover's flag fell, before the sweep handles it.


@pytest.mark.parametrize("overrun", [timedelta(), 3 * SEC], ids=["with the flag", "after the flag"])
@pytest.mark.parametrize("policy", ["forfeit", "move", "vote"])
async def test_a_move_after_the_flag_fell_meets_the_timeout_policy_first(
    store: Store, policy: str, overrun: timedelta
) -> None:
    from bot.app.matches import LogKind

    wall = Wall()
    service = MatchService(store, wall)
    match = await timed_match(service, policy, clock="5m", increment="5")
    (late,) = match.state.actors()
    wall.advance(5 * MIN + overrun)  # the sweep has not run: nothing is marked yet
    before = await service.get(match.id)
    legal = before.state.format_move(before.state.legal_moves(late)[0])
    if policy == "vote":
        with pytest.raises(MatchError) as refused:
            await service.move(match.id, match.seats[late], legal)
        assert refused.value.key == "time_up_vote"
        assert (await service.get(match.id)).version == before.version, "nothing played, nothing added"
        # The sweep asks the other players; once asked, the late player may still act (which closes the vote).
        (step,) = await service.due(wall.now)
        assert step.threshold == "expired" and step.clock.seat == late
        await service.mark_step(step)
        played = await service.move(match.id, match.seats[late], legal)
        assert [e.kind for e in played.entries][:1] == [LogKind.MOVE]
        return
    report = await service.move(match.id, match.seats[late], legal)
    if policy == "forfeit":
        assert report.match.status is MatchStatus.FINISHED and report.match.result is not None
        assert report.match.result.termination is Termination.FORFEIT
        assert report.match.result.winners == (1 - late,), "the flagged player does not play on"
        assert [(e.kind, e.seat) for e in report.entries] == [(LogKind.FORFEIT, late)]
    else:
        assert report.entries[0].kind is LogKind.AUTO and report.entries[0].seat == late, "played for them"
        assert report.match.state.actors() == (1 - late,)
    assert await service.due(wall.now) == [], "the sweep finds the flag handled"


async def test_a_move_a_second_before_the_flag_is_played(store: Store) -> None:
    from bot.app.matches import LogKind

    wall = Wall()
    service = MatchService(store, wall)
    match = await timed_match(service, "forfeit", clock="5m", increment="5")
    (late,) = match.state.actors()
    wall.advance(5 * MIN - SEC)
    legal = match.state.format_move(match.state.legal_moves(late)[0])
    report = await service.move(match.id, match.seats[late], legal)
    assert report.entries[0].kind is LogKind.MOVE and report.match.status is MatchStatus.ACTIVE
    assert (await service.clock_faces(match.id))[late].left == 6 * SEC, "one second left, plus the increment"
