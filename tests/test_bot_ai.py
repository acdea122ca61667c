"""End to end on SimCord: AI players at the table.

A member plays a whole match against an AI seat added from the lobby; an Ursuppe player who forfeits
is replaced by an AI and the match goes on to the end; a restart while the AI thinks neither loses nor
doubles its move.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.app.ai_runner import ai_decision
from bot.app.config import Config
from bot.app.matches import BoardChangedError, LogKind, Match, MatchStatus
from bot.app.seats.ai import is_ai
from bot.app.telling.words import move_words
from bot.shell.client import PlateauBot
from tests.botkit import BOTS, make_bot, text_of
from tests.test_bot_e2e import button_labels, current

HOUR = 3600


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and four members."""
    env = simcord_env
    # AI turns are real CPU work in a thread: on a loaded machine a chain of them outlasts the default 5 s.
    env.settle_timeout = 60.0
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe", "dmitri")}
    return {"env": env, "channel": guild.create_text_channel("games")} | members


async def settle(env: Any) -> None:
    """Let the bot's background work (AI moves, ticks) run until nothing is left to do."""
    for _ in range(3):
        await asyncio.sleep(0)
        await env.bot.ai.idle()


async def last_match(env: Any, channel: Any) -> Match:
    found = await env.bot.service.last_in_channel(channel.id)
    assert found is not None
    return found


def no_ai_ping(channel: Any, viewer: Any) -> None:
    for message in channel.history(viewer=viewer):
        assert "<@-" not in text_of(message), "an AI seat is never pinged"


async def test_a_member_plays_a_whole_match_against_an_ai_seat(club: dict[str, Any]) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    lobby = (await alice.slash(channel, "game new", game="ur:v3", thread=False)).response.message
    assert "Add AI: strong" in button_labels(lobby)
    added = await alice.click(lobby, label="Add AI: easy")
    assert "Plateau (easy)" in str(added.response.message.embeds[0].to_dict())
    assert "Add AI: easy" not in button_labels(added.response.message), "the table is full"
    await alice.click(lobby, label="Start")
    await settle(env)
    turns = 0
    while (match := await current(env, channel)) is not None:
        assert match.ai_to_act() == (), "the AI moved as soon as it had to"
        legal = [match.state.format_move(m) for m in match.state.legal_moves()]
        await alice.slash(channel, "game move", move=legal[0])
        await settle(env)
        turns += 1
        assert turns < 400
    final = await last_match(env, channel)
    assert final.status is MatchStatus.FINISHED and final.result is not None
    ai_seat = next(s for s, uid in enumerate(final.seats) if is_ai(uid))
    log = await env.bot.service.history(final.id)
    assert any(e.kind is LogKind.MOVE and e.seat == ai_seat for e in log), "the AI's moves are logged as its own"
    assert not await env.bot.service.counts_for_rating(final), "a match with an AI is not rated by default"
    boards = [m for m in channel.history(viewer=alice) if m.attachments]
    assert any("Plateau (easy)" in text_of(m) for m in boards)
    no_ai_ping(channel, alice)


async def test_an_ursuppe_player_who_forfeits_is_replaced_by_an_ai_and_the_match_ends(club: dict[str, Any]) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    opened = await alice.slash(channel, "game new", game="ursuppe", thread=False, deadline="12h", on_timeout="forfeit")
    lobby = opened.response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add AI: easy")
    await alice.click(lobby, label="Add AI: easy")
    await alice.click(lobby, label="Start")
    await settle(env)
    forfeited = False
    steps = 0
    while (match := await current(env, channel)) is not None:
        steps += 1
        assert steps < 2000
        (seat,) = match.state.actors()
        if match.seats[seat] == bob.id and not forfeited:
            await env.advance_time(13 * HOUR)  # past Bob's deadline: the clock tick makes him forfeit
            await settle(env)
            forfeited = True
            after = await last_match(env, channel)
            assert after.status is MatchStatus.ACTIVE, "the match goes on"
            assert after.ai.get(seat) == "normal" and seat in after.takeovers
            continue
        assert match.seats[seat] == alice.id, "every other seat is played by the AI at once"
        legal = [match.state.format_move(m) for m in match.state.legal_moves()]
        await alice.slash(channel, "game move", move=legal[-1])
        await settle(env)
    assert forfeited
    final = await last_match(env, channel)
    assert final.status is MatchStatus.FINISHED and final.result is not None and final.result.ranking
    log = await env.bot.service.history(final.id)
    bob_seat = final.seats.index(bob.id)
    taken_at = final.takeovers[bob_seat][0]
    assert any(e.kind is LogKind.FORFEIT and e.seat == bob_seat for e in log)
    assert any(e.kind is LogKind.MOVE and e.seat == bob_seat and e.ply >= taken_at for e in log), "the AI played on"
    texts = [text_of(m) for m in channel.history(viewer=alice)]
    assert any("takes over the seat of" in text for text in texts)
    assert any("played the rest" in text for text in texts), "the result says who played which turns"
    no_ai_ping(channel, alice)


async def test_a_restart_while_the_ai_thinks_neither_loses_nor_doubles_its_move(
    club: dict[str, Any], db_path: str
) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    # The first process takes its time: its AI is still "thinking" when the bot restarts.
    slow = PlateauBot(Config(token="simcord", database=db_path, tick_seconds=1800, ai_delay=10 * HOUR, ai_seconds=0.01))
    BOTS.append(slow)
    await env.restart_bot(slow)
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False)).response.message
    await alice.click(lobby, label="Add AI: normal")
    await alice.click(lobby, label="Start")
    while (match := await current(env, channel)) is not None and not match.ai_to_act():
        legal = [match.state.format_move(m) for m in match.state.legal_moves()]
        await alice.slash(channel, "game move", move=legal[-1])
    assert match is not None
    waiting = match
    thought = ai_decision(waiting, waiting.ai_to_act()[0], "normal", seconds=0.01)
    pending = list(slow.ai._tasks)
    assert pending, "the first process is thinking"

    await env.restart_bot(make_bot(db_path))
    for task in pending:
        task.cancel()
    await env.bot.ai.sweep()  # what start-up and every clock tick do
    await settle(env)
    after = await current(env, channel) or await last_match(env, channel)
    assert after.version > waiting.version, "the AI's move was not lost"
    log = await env.bot.service.history(after.id)
    assert [e.kind for e in log if e.ply == waiting.version + 1] == [LogKind.MOVE]
    assert log[waiting.version].seat == waiting.ai_to_act()[0]
    # The first process finally submits its move: refused, nothing written twice.
    with pytest.raises(BoardChangedError):
        await env.bot.service.ai_move(waiting.id, waiting.ai_to_act()[0], thought, expected_version=waiting.version)
    assert len(await env.bot.service.history(after.id)) == len(log)


async def test_hints_only_in_unrated_matches_and_an_ai_seated_from_game_new(club: dict[str, Any]) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    opened = await alice.slash(channel, "game new", game="ur:v2", thread=False, rated=False, ai="strong")
    lobby = opened.response.message
    assert "Plateau (strong)" in str(lobby.embeds[0].to_dict())
    await alice.click(lobby, label="Start")
    await settle(env)
    match = await current(env, channel)
    assert match is not None and match.to_act() == (alice.id,)
    hint = await alice.slash(channel, "game hint")
    replies = [m for m in (hint.response, *hint.followups) if m is not None]
    assert all(m.ephemeral for m in replies)
    legal = [match.state.format_move(m) for m in match.state.legal_moves()]
    assert any("would play" in m.content and any(n in m.content for n in legal) for m in replies)
    shown = await alice.slash(channel, "plateau settings")
    assert shown.response.ephemeral and "do **not** count" in shown.response.content


async def test_no_hint_in_a_rated_match(club: dict[str, Any]) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    match = await current(env, channel)
    assert match is not None
    actor = alice if match.to_act() == (alice.id,) else bob
    refused = await actor.slash(channel, "game hint")
    assert refused.response.ephemeral and "unrated" in refused.response.content
    assert env.errors


async def test_an_ultimatek_hint_gives_the_whole_turn_and_pasted_it_plays_it(club: dict[str, Any]) -> None:
    """Ultima-Tek's AI plans a turn: the hint shows all of it, in what ``/game move`` takes at once."""
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False, rated=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    players = {alice.id: alice, bob.id: bob}
    for _ in range(6):
        match = await current(env, channel)
        assert match is not None
        (seat,) = match.state.actors()
        actor = players[match.seats[seat]]
        hint = await actor.slash(channel, "game hint")
        (reply,) = [m for m in (hint.response, *hint.followups) if m is not None and m.content]
        assert reply.ephemeral and "would" in reply.content
        # The typed form comes last, for /game move; above it each decision in words, one numbered line each.
        typed = reply.content.split("`")[-2]
        if ";" in typed:
            lines = reply.content.splitlines()
            steps = [line for line in lines if line[:1].isdigit()]
            assert len(steps) == len(typed.split(";")), lines
            assert steps[0] == "1. " + (move_words(match.game, match.state, typed.split(";")[0].strip(), "en") or "")
        posts = len([m for m in channel.history() if m.attachments])
        await actor.slash(channel, "game move", move=typed)
        after = await current(env, channel)
        assert after is not None and after.version > match.version
        if ";" in typed:
            assert seat not in after.state.actors(), "the hint's whole turn, played in one command"
            assert len([m for m in channel.history() if m.attachments]) == posts + 1
            return
    raise AssertionError("no turn of several decisions in six turns")
