"""A live game with a game clock, through SimCord: the turn post shows every player's time left and Discord's
countdown for the player to act; the one low-time warning pings that player once; the flag falls on time and
the match's timeout policy applies; an event's games inherit its clock."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

import discord
import pytest

from bot.app.events import EventSettings
from bot.app.matches import LogKind, MatchError, MatchStatus, PaceOffer
from bot.shell.consent.pace import question
from bot.shell.events.text import deadline_label
from bot.shell.play.status import span_text
from games.base import Termination
from tests.botkit import boards_in, pings_since, text_of
from tests.test_bot_e2e import button_labels, current, expect_ephemeral
from tests.test_bot_events import open_round, services  # noqa: F401  (the fixture)
from tests.test_bot_pbp import club, start_ur, votes  # noqa: F401  (the fixture)


async def test_the_turn_post_shows_each_clock_and_counts_down_for_the_player_to_act(
    club: dict[str, Any],  # noqa: F811
) -> None:
    env, channel = club["env"], club["channel"]
    actor, other = await start_ur(club, clock="10m", increment="5", on_timeout="forfeit")
    match = await current(env, channel)
    assert match is not None and match.options["clock"] == "10m" and match.turn_limit is None
    faces = await env.bot.service.clock_faces(match.id)
    acting = match.seat_of(actor.id)
    assert acting is not None
    flag = faces[acting].flag
    assert flag is not None
    post = text_of(boards_in(channel)[-1]).replace("\u00a0", " ")  # a time left never wraps inside
    assert f"⏱ {actor.name}: 10 min 0 s left, runs out <t:{int(flag.timestamp())}:R>" in post
    assert f"⏱ {other.name}: 10 min 0 s left" in post
    assert "Deadline" not in post, "a game clock alone: no turn deadline beside it"
    status = await other.slash(channel, "game status")
    card = status.response.embeds[0]
    (field,) = [f for f in card.fields if f.name == "Game clock"]
    assert field.value.replace("\u00a0", " ").splitlines() == [
        "⏱ Game clock: 10 minutes each for the match, +5 s after each turn.",
        f"⏱ {actor.name}: 10 min 0 s left, runs out <t:{int(flag.timestamp())}:R>",
        f"⏱ {other.name}: 10 min 0 s left",
    ]


async def test_one_low_time_warning_then_the_flag_falls_on_time(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel = club["env"], club["channel"]
    actor, _other = await start_ur(club, clock="5m", on_timeout="forfeit")
    running = await current(env, channel)
    assert running is not None
    flag = (await env.bot.service.clock_faces(running.id))[running.seat_of(actor.id) or 0].flag
    assert flag is not None
    started = len(env.http_requests)
    await env.advance_time(3 * 60 + 50)
    assert actor.id not in pings_since(env, started), "no ping before the last minute"
    await env.advance_time(15)
    warned = pings_since(env, started)
    assert warned.count(actor.id) == 1, "warned once, on time, with a minute left"
    (warning,) = [m.content for m in channel.history() if "about a minute left on your clock" in m.content]
    assert warning.startswith(f"⏰ <@{actor.id}>") and f"<t:{int(flag.timestamp())}:R>" in warning
    await env.advance_time(50)
    assert pings_since(env, started).count(actor.id) == 1, "no second warning"
    await env.advance_time(10)
    match = await env.bot.service.last_in_channel(channel.id)
    assert match is not None and match.status is MatchStatus.FINISHED and match.result is not None
    assert match.result.termination is Termination.FORFEIT, "the clock woke for the flag fall"
    assert match.result.winners == (1 - (match.seat_of(actor.id) or 0),)
    ended = (await env.bot.service.history(match.id))[-1]
    late = (ended.at - flag).total_seconds()
    print(f"flag fall to forfeit: {late:.3f} s")
    assert ended.kind is LogKind.FORFEIT and 0 <= late <= 2, "within the tick's margin of the flag fall"


async def test_an_events_games_play_with_its_game_clock(services: Any) -> None:  # noqa: F811
    _store, matches, events, _clock = services
    options = {"rules": "v2", "clock": "20m", "increment": "2"}
    where = {"guild_id": 1, "channel_id": 10, "organiser_id": 99}
    club_night = EventSettings("Club night", "ur", options, "swiss", rounds=3, turn_limit=300)
    with pytest.raises(MatchError, match="clock_by_post"):
        await events.create(replace(club_night, turn_limit=12 * 3600), **where)
    event = await events.create(club_night, **where)
    for user in range(101, 105):
        event = await events.sign_up(event.id, user)
    assert event.options["clock"] == "20m"
    await events.start(event.id, 99)
    games = await open_round(events, event.id)
    for game in games:
        assert game.match_id is not None
        match = await matches.get(game.match_id)
        assert (match.options["clock"], match.options["increment"]) == ("20m", "2")
        assert set(await matches.clock_faces(match.id)) == {0, 1}
    assert deadline_label(event, "en") == (
        "5 minutes a turn · 20 minutes each for the match, +2 s a turn; then the late player forfeits"
    )
    assert deadline_label(event, "fr") == (
        "5 minutes par tour · 20 minutes chacun pour la partie, +2 s par tour\u00a0;"
        " ensuite, le retardataire déclare forfait"
    )


@pytest.fixture
def hall(simcord_env: Any) -> dict[str, Any]:
    """A server with an events channel and an admin who may organise."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return {
        "env": env,
        "guild": guild,
        "channel": guild.create_text_channel("events"),
        "admin": guild.add_member(env.create_user("admin"), roles=[admins]),
    }


async def test_a_live_event_is_created_with_a_game_clock_alone(hall: dict[str, Any]) -> None:
    env, channel, admin = hall["env"], hall["channel"], hall["admin"]
    created = await admin.slash(
        channel, "event create", name="Club night", game="ur:v2", format="swiss", clock="10m", increment="5"
    )
    card = created.response.message
    assert "10 minutes each for the match, +5 s a turn" in str(card.embeds[0].to_dict())
    event = (await env.bot.get_cog("EventCog").ui.events.events_of_guild(hall["guild"].id))[0]
    assert event.turn_limit is None, "a game clock alone: no turn limit by default"
    assert (event.options["clock"], event.options["increment"]) == ("10m", "5")


def test_a_wait_vote_on_a_live_clock_offers_minutes_not_zero_hours() -> None:
    # Before: span_text(60) said "0 hours", on the "Wait … more" button of a live match.
    assert span_text(60, "en") == "1 minute" and span_text(120, "fr") == "2 minutes"
    assert span_text(12 * 3600, "en") == "12 hours" and span_text(2 * 86400, "en") == "2 days"


async def test_a_fallen_flag_put_to_the_vote_gets_one_more_minute(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, other = await start_ur(club, clock="5m")
    match = await current(env, channel)
    assert match is not None and match.on_timeout == "vote"
    late = match.seat_of(actor.id)
    assert late is not None
    await env.advance_time(5 * 60 + 2)
    (vote,) = votes(channel, carol)
    assert button_labels(vote)[0] == "Wait 1 minute more"
    waited = await other.click(vote, label="Wait 1 minute more")
    assert "has another 1 minute" in waited.response.message.content
    face = (await env.bot.service.clock_faces(match.id))[late]
    assert face.left == timedelta(minutes=1) and face.flag is not None
    await env.advance_time(30)
    assert len(votes(channel, carol)) == 1, "the minute runs"
    await env.advance_time(32)
    assert len(votes(channel, carol)) == 2, "then the flag falls again"


async def test_a_game_clock_with_days_a_turn_is_refused_before_any_thread(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, alice = club["env"], club["channel"], club["alice"]
    refused = await alice.slash(channel, "game new", game="ur:v2", clock="10m", deadline="48h")
    await expect_ephemeral(refused, "A game clock is for live play", env=env)
    assert await current(env, channel) is None and not channel.threads


async def test_the_pace_question_says_what_becomes_of_the_game_clocks(services: Any) -> None:  # noqa: F811
    _store, matches, _events, _clock = services
    match = await matches.create("ur", {"clock": "10m"}, guild_id=1, channel_id=10, creator_id=101)
    to_post = question(
        match, PaceOffer(seat=0, version=match.version, accepted=(), limit=48 * 3600), "ann", "@ben", "en"
    )
    assert "By post" in to_post and "The game clocks stop, each player's time left kept" in to_post
    back = question(
        replace(match, turn_limit=48 * 3600), PaceOffer(seat=0, version=3, accepted=(), limit=None), "ann", "@ben", "fr"
    )
    assert "Les pendules repartent du temps qui reste à chacun." in back
    assert "ni échéance" not in back and "En direct" in back, "no deadline beside a game clock is the clock alone: live"
