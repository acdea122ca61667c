"""Pings at a club evening: in live play a player who is away is warned once a match that their time runs low,
not at every turn the game hands back to them (issue 28: at most three pings a member a round in quiet play)."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import timedelta
from typing import Any

from bot.app.matches import MatchService, ServiceConfig
from tests.test_bot_e2e import current
from tests.test_bot_events import services  # noqa: F401  (the fixture)
from tests.test_bot_pbp import club, reminders, start_ur  # noqa: F401  (the fixture)

ROSETTE_FIRST = "live-5"
"""Chance from this seed lands the first move the clock plays for the late player on a rosette: they play again."""


def fixed_chance(seed: str) -> ServiceConfig:
    """A service configuration drawing every seed, server seed and salt from ``seed``: its matches' dice, and the
    moves the clock plays for late players, are the same at every run."""
    digest = hashlib.sha256(seed.encode()).hexdigest()
    return ServiceConfig(
        seed_factory=lambda: seed, server_seed_factory=lambda: digest, salt_factory=lambda: digest[:32]
    )


async def test_an_absent_player_is_warned_once_a_match_not_at_every_turn(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel = club["env"], club["channel"]
    # Fixed dice: drawn afresh, a late player's rosette stopped their clock one run in three (see the next test).
    chance = fixed_chance(ROSETTE_FIRST)
    service = env.bot.service
    service.config = replace(
        service.config,
        seed_factory=chance.seed_factory,
        server_seed_factory=chance.server_seed_factory,
        salt_factory=chance.salt_factory,
    )
    actor, other = await start_ur(club, deadline="1m", on_timeout="move")
    # Nobody plays: every minute the clock plays a move for whoever is late, and the turns go round.
    turns_of: dict[int, int] = {actor.id: 0, other.id: 0}
    for _ in range(12):
        match = await current(env, channel)
        assert match is not None, "the clock plays for the late players: the match goes on"
        for uid in match.to_act():
            turns_of[uid] += 1
        await env.advance_time(31)
    assert min(turns_of.values()) >= 2, turns_of
    warned = [m.raw_mentions for m in reminders(channel, actor)]
    assert sorted(uid for mentions in warned for uid in mentions) == sorted([actor.id, other.id]), warned


async def test_a_late_player_who_plays_again_after_the_move_played_for_them_has_a_new_deadline(
    services: Any,  # noqa: F811
) -> None:
    store, _matches, _events, clock = services
    matches = MatchService(store, clock, fixed_chance(ROSETTE_FIRST))
    match = await matches.create(
        "ur", {"rules": "v2"}, guild_id=1, channel_id=7, creator_id=101, turn_limit=60, on_timeout="move"
    )
    await matches.join(match.id, 102)
    match = (await matches.start(match.id, 101)).match
    (late,) = match.state.actors()
    clock.now += timedelta(seconds=61)
    (step,) = [s for s in await matches.due(clock.now) if s.threshold == "expired"]
    report = await matches.carry_out(match.id, late, step.clock.since, "move")
    assert report is not None and await matches.mark_step(step) is False, "the late turn is over: a new one runs"
    assert report.match.state.actors() == (late,), "the move played for them landed on a rosette: they play again"
    # Their new decision has a deadline of its own, a minute from now: the clock plays for them again then.
    assert await matches.next_wake(clock.now) == clock.now + timedelta(seconds=30), "half time of the new minute"
    clock.now += timedelta(seconds=61)
    assert [s.clock.seat for s in await matches.due(clock.now) if s.threshold == "expired"] == [late]


async def test_a_player_in_the_middle_of_a_long_turn_is_not_warned_until_they_stop(services: Any) -> None:  # noqa: F811
    _store, matches, _events, clock = services
    match = await matches.create("ursuppe", {}, guild_id=1, channel_id=7, creator_id=101, turn_limit=300)
    for user in (102, 103):
        await matches.join(match.id, user)
    match = (await matches.start(match.id, 101)).match
    # Set-up, then the first amoeba turn: one player moves each of their amoebas, decision after decision.
    for _ in range(40):
        (seat,) = match.state.actors()
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        if legal[0].endswith("drift"):
            break
        clock.now += timedelta(seconds=5)
        match = (await matches.move(match.id, match.seats[seat], legal[0])).match
    else:
        raise AssertionError("no amoeba turn")
    since = (await matches.clocks(match.id))[seat].since
    # The player acts late in their turn (a long one): when the warning falls due, they are still playing.
    clock.now = since + timedelta(seconds=200)
    match = (await matches.move(match.id, match.seats[seat], legal[0])).match
    assert match.state.actors() == (seat,) and (await matches.clocks(match.id))[seat].since == since
    clock.now = since + timedelta(seconds=230)
    assert not [s for s in await matches.due(clock.now) if s.threshold == "soon"], "still playing: no ping"
    clock.now = since + timedelta(seconds=280)
    assert [s.clock.seat for s in await matches.due(clock.now) if s.threshold == "soon"] == [seat], "stopped"
