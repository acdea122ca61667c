"""Live play at a club evening: turns of minutes, no ping for a new turn (the players sit at the table), one
ping when time runs low, and a short turn ends on time even though the clock usually ticks rarely."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.app.clocks.deadlines import DEADLINE_CHOICES, is_live, turn_times
from bot.app.posting import Situation, TurnPost, plan
from games.base import Termination
from tests.botkit import pings_of
from tests.test_bot_e2e import current
from tests.test_bot_pbp import club, start_ur  # noqa: F401  (the fixture)

T0 = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)


def test_minutes_are_live_and_hours_are_play_by_post() -> None:
    assert [k for k, v in DEADLINE_CHOICES.items() if is_live(v)] == ["1m", "2m", "5m", "15m"]
    assert not is_live(None) and not is_live(12 * 3600)
    times = turn_times(T0, 120)
    assert (times.half, times.soon, times.deadline) == (
        T0 + timedelta(seconds=60),
        T0 + timedelta(seconds=90),
        T0 + timedelta(seconds=120),
    )


def test_a_new_live_turn_pings_nobody() -> None:
    before = TurnPost(message_id=10, key=(0,), number=3)
    by_post = plan(Situation(seats=(101, 202), active=True, actors=(1,), turn=before))
    live = plan(Situation(seats=(101, 202), active=True, actors=(1,), turn=before, live=True))
    assert by_post.ping == (202,) and live.ping == ()
    assert live.post == "new", "still one new post per turn"
    asked = plan(Situation(seats=(101, 202, 303), active=True, actors=(1, 2), on_turn=1, turn=before, live=True))
    assert asked.questions and all(q.ping == () for q in asked.questions), "nor does a question out of turn"
    ended = plan(Situation(seats=(101, 202), active=False, actors=(), turn=before, live=True))
    assert ended.ping == (101, 202), "the end is told to everyone"


async def test_a_two_minute_turn_warns_once_then_forfeits_on_time(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel = club["env"], club["channel"]
    start = len(env.http_requests)
    actor, _other = await start_ur(club, deadline="2m", on_timeout="forfeit")
    assert actor.id not in [uid for r in env.http_requests[start:] for uid in pings_of(r)], "no ping for the turn"
    asked = len(env.http_requests)
    await env.advance_time(65)
    assert actor.id not in [uid for r in env.http_requests[asked:] for uid in pings_of(r)], "no ping at half time"
    await env.advance_time(30)
    assert actor.id in [uid for r in env.http_requests[asked:] for uid in pings_of(r)], "warned when time runs low"
    await env.advance_time(30)
    match = await current(env, channel)
    ended = await env.bot.service.last_in_channel(channel.id) if match is None else match
    assert ended is not None and ended.result is not None
    assert ended.result.termination is Termination.FORFEIT, "the clock woke for the deadline, not 30 min later"
