"""Pings at a club evening: in live play a player who is away is warned once a match that their time runs low,
not at every turn the game hands back to them (issue 28: at most three pings a member a round in quiet play)."""

from __future__ import annotations

from typing import Any

from tests.test_bot_e2e import current
from tests.test_bot_pbp import club, reminders, start_ur  # noqa: F401  (the fixture)


async def test_an_absent_player_is_warned_once_a_match_not_at_every_turn(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel = club["env"], club["channel"]
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
