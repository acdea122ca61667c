"""Timed rounds for a club evening: a round ends at a set time, its games are warned ten minutes before, and
a game still being played at the end is settled from its position (the rule of :mod:`games.ai.adjudicate`)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.app.events import WARN_BEFORE, EventFormat, EventStatus
from games import find_game
from games.ai.adjudicate import adjudicate, by_score
from tests.botkit import pings_since
from tests.test_bot_events import HOUR, club, event_ui, new_event, open_round, services, thread_of  # noqa: F401

UR = find_game("ur")


def test_a_clear_lead_wins_an_even_race_is_a_draw() -> None:
    assert adjudicate("ur", UR.new(2, {"rules": "v2"})) == (1, 1), "the opening: nobody ahead"
    ahead = UR.from_text("v2 0:B6,A7+5 1:C4 0 -")
    assert adjudicate("ur", ahead) == (1, 2), "five off and two close to the end against one piece in"
    behind = UR.from_text("v2 0:A4 1:B6,C7+5 0 -")
    assert adjudicate("ur", behind) == (2, 1)


def test_a_table_is_settled_by_its_score_track() -> None:
    soup = find_game("ursuppe").from_text(
        find_game("ursuppe").new(3, {}).to_text().replace("scores=0.0.0", "scores=10.14.8")
    )
    assert by_score(soup) == (2, 1, 3), "the highest score first"
    assert by_score(find_game("ursuppe").new(3, {})) == (1, 1, 1), "equal scores share their place"


async def test_a_timed_round_is_warned_once_then_settled(services: Any) -> None:  # noqa: F811
    _store, matches, events, clock = services
    event = await new_event(events, EventFormat.SWISS, 4, rounds=2, round_minutes=40)
    event = await events.start(event.id, 99)
    opened = await open_round(events, event.id)
    event = await events.get(event.id)
    assert event.round_ends_at == clock.now + timedelta(minutes=40)
    assert await events.round_steps(clock.now) == []
    assert await events.next_round_step(clock.now) == event.round_ends_at - WARN_BEFORE

    clock.now += timedelta(minutes=31)
    (step,) = await events.round_steps(clock.now)
    assert step.kind == "warn"
    assert await events.claim_warning(event.id) and not await events.claim_warning(event.id), "warned once"
    assert await events.round_steps(clock.now) == []

    # One game ends by itself; the other is still being played when the time is up.
    first = opened[0]
    assert first.match_id is not None
    await matches.resign(first.match_id, first.players[0])
    await events.record(await matches.get(first.match_id))
    clock.now += timedelta(minutes=10)
    (step,) = await events.round_steps(clock.now)
    assert step.kind == "end"
    settled, progress = await events.settle_round(event.id)
    assert [s.game.board for s in settled] == [opened[1].board]
    assert settled[0].game.result is not None and "score" in settled[0].game.result
    assert progress is not None and progress.closed_round == 1
    log = [line.action for line in await events.log(event.id)]
    assert "settle" in log
    assert await events.round_steps(clock.now) == [], "settled once"


@pytest.mark.postgres
async def test_a_timed_round_on_postgresql(pg_url: str) -> None:
    from bot.app.events import EventService
    from bot.app.matches import MatchService
    from bot.app.storage import Store
    from tests.test_bot_events import Clock

    store = await Store.open(pg_url)
    try:
        clock = Clock()
        matches = MatchService(store, clock)
        events = EventService(store, matches, clock)
        event = await new_event(events, EventFormat.SWISS, 2, rounds=1, round_minutes=30)
        event = await events.start(event.id, 99)
        await open_round(events, event.id)
        clock.now += timedelta(minutes=30)
        settled, progress = await events.settle_round(event.id)
        assert len(settled) == 1 and progress is not None and progress.closed_round == 1
        assert (await events.get(event.id)).status is EventStatus.FINISHED
    finally:
        await store.close()


async def test_a_club_evening_round_runs_out_of_time(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben = club["players"][:2]
    card = (
        await admin.slash(
            channel,
            "event create",
            name="Evening",
            game="ur:v2",
            format="swiss",
            rounds=1,
            deadline="none",
            round_minutes=40,
        )
    ).response.message
    for member in (ann, ben):
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    board = next(m for m in channel.history() if m.id == card.id)
    assert "The round ends at <t:" in str(board.embeds[0].to_dict()), "the event's board shows the round's clock"
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    (game,) = await event_ui(env).events.games(event.id, 1)
    assert game.thread_id is not None
    thread = thread_of(channel, game.thread_id)
    await env.advance_time(31 * 60)
    warned = [m for m in thread.history() if "the round ends at" in m.content]
    assert len(warned) == 1 and f"<@{ann.id}>" in warned[0].content
    await env.advance_time(10 * 60)
    assert any("settled from its position" in m.content for m in thread.history())
    assert (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED
    assert HOUR  # the same clock steps as the other event tests


async def test_the_end_of_a_live_event_game_pings_nobody(club: dict[str, Any]) -> None:  # noqa: F811
    """Quiet mode: the players sit at the club's tables and the event's board shows the result."""
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben = club["players"][:2]
    options = {"name": "Evening", "game": "ur:v2", "format": "swiss", "rounds": 2, "deadline": "2m"}
    card = (await admin.slash(channel, "event create", **options)).response.message
    for member in (ann, ben):
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    (game,) = await event_ui(env).events.games(event.id, 1)
    thread = thread_of(channel, game.thread_id or 0)
    start = len(env.http_requests)
    ask = await ann.slash(thread, "game resign")
    await ann.click(ask.response.message, label="Yes, resign")
    assert (await env.bot.service.get(game.match_id or 0)).result is not None
    pinged = pings_since(env, start)
    assert ann.id not in pinged and ben.id not in pinged, "the end of a live event game pings no player"
    assert pinged == [admin.id], "only the organiser, told the round can close"
