"""Faults of the hostile review (issue 15) that need the bot: each pinned by a test played on SimCord."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.app.matches import LogKind, MatchStatus
from bot.app.telling.game_words import words_for
from games.base import Termination
from tests.botkit import make_bot, text_of
from tests.test_bot_e2e import button_labels, expect_ephemeral


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel, two players and a bystander."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    return {
        "env": env,
        "guild": guild,
        "channel": guild.create_text_channel("games"),
        "alice": guild.add_member(env.create_user("alice")),
        "bob": guild.add_member(env.create_user("bob")),
        "carol": guild.add_member(env.create_user("carol")),
    }


# Quiet hours.


async def test_quiet_hours_with_a_bad_time_zone_are_refused_clearly(club: dict[str, Any]) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    for zone in ("Europe", "Europe/" + "x" * 400, "../../etc/passwd", "/"):
        result = await alice.slash(channel, "game quiet", hours="22-7", timezone=zone)
        await expect_ephemeral(result, "time zone", env=env)
        env.errors.clear()


async def test_quiet_hours_with_the_zone_typed_in_hours(club: dict[str, Any]) -> None:
    channel, alice = club["channel"], club["alice"]
    done = await alice.slash(channel, "game quiet", hours="22-7 Europe/Paris")
    assert "22:00-07:00 Europe/Paris" in done.response.content


def pinged(env: Any, message: Any) -> list[int]:
    """The members a posted message actually pinged (SimCord's record of the delivery)."""
    return list(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


async def start_ur(club: dict[str, Any], **options: Any) -> Any:
    """Alice opens Royal Game of Ur, Bob joins and starts; returns the match."""
    channel, alice, bob, env = club["channel"], club["alice"], club["bob"], club["env"]
    lobby = (
        await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False, **options)
    ).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    return await env.bot.service.current(channel.id)


# /game mine.


async def test_mine_with_more_than_twenty_open_matches(club: dict[str, Any]) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    service = env.bot.service
    for k in range(23):
        place = club["guild"].create_text_channel(f"table-{k}")
        match = await service.create("ur", {}, guild_id=club["guild"].id, channel_id=place.id, creator_id=alice.id)
        await service.join(match.id, bob.id)
        await service.start(match.id, alice.id)
    await alice.slash(channel, "game mine")
    (desk,) = alice.user.dm_channel.history()
    listed = [line for line in desk.content.splitlines() if line.startswith("• ")]
    assert len(desk.content) <= 2000 and len(listed) + int(re.findall(r"…and (\d+) more", desk.content)[0]) == 23


async def test_too_many_lobbies_are_refused_with_the_reason(club: dict[str, Any]) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    from bot.app.matches import MAX_OPEN_LOBBIES

    for k in range(MAX_OPEN_LOBBIES):
        await env.bot.service.create("ur", {}, guild_id=club["guild"].id, channel_id=800_000 + k, creator_id=alice.id)
    refused = await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)
    await expect_ephemeral(refused, f"{MAX_OPEN_LOBBIES} lobbies", env=env)


# Double submits.


async def test_two_identical_typed_moves_at_once_apply_once(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same ``/game move`` sent twice in the same instant: both commands start on the same board (SimCord
    runs interactions one at a time, so the second one's start is pinned to the board both saw)."""
    env, channel = club["env"], club["channel"]
    match = await start_ur(club)
    actor = club["alice"] if match.to_act() == (club["alice"].id,) else club["bob"]
    move = match.state.format_move(match.state.legal_moves()[0])

    async def board_both_saw(interaction: Any) -> Any:
        return match

    monkeypatch.setattr(env.bot.ui, "require_current", board_both_saw)
    await actor.slash(channel, "game move", move=move)
    second = await actor.slash(channel, "game move", move=move)
    await expect_ephemeral(second, "board has changed", env=env)
    decisions = [e for e in await env.bot.service.history(match.id) if e.kind is LogKind.MOVE]
    assert len(decisions) == 1, [e.notation for e in decisions]


# Stale confirmations.


async def test_a_resign_confirmation_from_an_old_board_is_refused(club: dict[str, Any]) -> None:
    env, channel = club["env"], club["channel"]
    match = await start_ur(club)
    actor = club["alice"] if match.to_act() == (club["alice"].id,) else club["bob"]
    ask = await actor.slash(channel, "game resign")
    move = match.state.format_move(match.state.legal_moves()[0])
    await actor.slash(channel, "game move", move=move)
    late = await actor.click(ask.response.message, label="Yes, resign")
    await expect_ephemeral(late, "board has changed")
    assert (await env.bot.service.get(match.id)).status is MatchStatus.ACTIVE


# Mentions.


async def test_a_display_name_holding_a_mention_pings_nobody_on_abort(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("games")
    carol = guild.add_member(env.create_user("carol"))
    alice = guild.add_member(env.create_user("alice", global_name=f"<@{carol.id}>"), nick=f"<@{carol.id}>")
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    done = await alice.slash(channel, "game abort")
    # Shown inertly (issue 24, item 10): the mention reads as typed but is no mention at all.
    assert f"\\<\\@{carol.id}\\>" in done.response.content and f" <@{carol.id}>" not in done.response.content
    assert pinged(env, done.response.message) == []


async def test_an_event_name_holding_a_mention_pings_nobody_on_cancel(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("events")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    zed = guild.add_member(env.create_user("zed"))
    name = f"Cup <@{zed.id}>"
    await admin.slash(channel, "event create", name=name, game="ur:v2", format="swiss", rounds=3)
    cancelled = await admin.slash(channel, "event cancel")
    # Shown inertly (issue 24, item 10): the mention reads as typed but is no mention at all.
    assert f"\\<\\@{zed.id}\\>" in cancelled.response.content and f" <@{zed.id}>" not in cancelled.response.content
    assert pinged(env, cancelled.response.message) == []


# Secrets in records.


async def test_an_aborted_hidden_information_match_is_not_exported(club: dict[str, Any]) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    match = await env.bot.service.current(channel.id)
    await alice.slash(channel, "game abort")
    refused = await alice.slash(channel, "game export", match=match.id)
    await expect_ephemeral(refused, "secret", env=env)


# Changes committed but never announced.


async def test_a_move_committed_before_a_crash_is_announced_after_the_restart(
    club: dict[str, Any], db_path: str
) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    match = await start_ur(club)
    boards = [m for m in channel.history(viewer=carol) if m.attachments]
    mover = match.to_act()[0]
    move = match.state.format_move(match.state.legal_moves()[0])
    # The service commits the move; the bot "dies" before posting anything.
    report = await env.bot.service.move(match.id, mover, move)
    await env.restart_bot(make_bot(db_path))
    await env.advance_time(60)
    after = [m for m in channel.history(viewer=carol) if m.attachments]
    # The same player to act again (the opponent rolled 0) keeps the turn: its post is edited, not replaced.
    same_turn = report.match.to_act() == (mover,)
    assert len(after) == len(boards) + (0 if same_turn else 1), "the missing board is posted once the bot is back"
    newest = max(after, key=lambda m: m.id)
    said = words_for(match.game.id).said(match.state, move, "en") or move
    assert f"#{match.id}" in text_of(newest) and said in text_of(newest), "and tells the move, in words"
    to_act = report.match.to_act()
    if to_act and not same_turn:
        assert pinged(env, newest) == list(to_act), "the player to act is pinged (once a turn: not on an edit)"
    await env.advance_time(3 * 3600)
    assert len([m for m in channel.history(viewer=carol) if m.attachments]) == len(after), "and only once"


# Deadline steps: carried out until done.


def fail_once(monkeypatch: pytest.MonkeyPatch, service: Any, name: str) -> list[int]:
    """Make ``service.<name>`` fail on its first call (as a crash or a lost connection would); returns the calls."""
    calls: list[int] = []
    original = getattr(service, name)

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the database went away for a moment")
        return await original(*args, **kwargs)

    monkeypatch.setattr(service, name, flaky)
    return calls


async def wait(env: Any, seconds: float) -> None:
    """Let virtual time pass in steps of a few hours, so the bot's clock ticks run on the way."""
    while seconds > 0:
        step = min(seconds, 6 * 3600.0)
        await env.advance_time(step)
        seconds -= step


async def test_an_automatic_forfeit_that_fails_once_is_done_by_the_next_tick(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    env = club["env"]
    match = await start_ur(club, deadline="12h", on_timeout="forfeit")
    calls = fail_once(monkeypatch, env.bot.service, "forfeit")
    await wait(env, 12 * 3600 + 2 * 1800 + 60)
    final = await env.bot.service.get(match.id)
    assert len(calls) >= 2, "tried again"
    assert final.status is MatchStatus.FINISHED and final.result is not None
    assert final.result.termination is Termination.FORFEIT


async def test_a_decided_vote_cut_short_is_carried_out_by_the_next_tick(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    match = await start_ur(club, deadline="12h")
    late = match.to_act()[0]
    other = club["alice"] if late == club["bob"].id else club["bob"]
    await wait(env, 12 * 3600 + 1800 + 60)
    vote = next(m for m in channel.history(viewer=carol) if "ran out of time in" in m.content)
    calls = fail_once(monkeypatch, env.bot.service, "forfeit")
    await other.click(vote, label=next(b for b in button_labels(vote) if "forfeit" in b))
    env.errors.clear()
    assert (await env.bot.service.get(match.id)).status is MatchStatus.ACTIVE, "the decision was not carried out"
    await wait(env, 1800 + 60)
    final = await env.bot.service.get(match.id)
    assert len(calls) == 2
    assert final.status is MatchStatus.FINISHED and final.result is not None
    assert final.result.termination is Termination.FORFEIT and final.result.winners == (final.seat_of(other.id),)


async def test_in_an_event_the_round_closes_after_a_forfeit_that_failed_once(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("events")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    created = await admin.slash(
        channel, "event create", name="Cup", game="ur:v2", format="swiss", rounds=2, deadline="12h"
    )
    card = created.response.message
    await ann.click(card, label="Sign up")
    await ben.click(card, label="Sign up")
    await admin.click(card, label="Start")
    calls = fail_once(monkeypatch, env.bot.service, "forfeit")
    await wait(env, 12 * 3600 + 2 * 1800 + 60)
    assert len(calls) >= 2
    assert any("Round 1 is over" in m.content for m in channel.history()), "the round closed"


# Replays: cached per version, refused while busy.


async def test_a_replay_is_built_once_per_version_and_refused_while_another_is_built(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.app.records import replays

    env, channel, carol = club["env"], club["channel"], club["carol"]
    match = await start_ur(club)
    builds: list[int] = []
    real_build = replays.build

    def counting(*args: Any) -> Any:
        builds.append(1)
        return real_build(*args)

    monkeypatch.setattr(replays, "build", counting)
    for _ in range(2):
        done = await carol.slash(channel, "game replay", match=match.id)
        assert any(m is not None and m.attachments for m in (done.response, *done.followups))
    assert builds == [1], "the second one came from the cache"
    env.bot.pbp.replays.claim(999)  # another replay is being drawn
    match = await env.bot.service.current(channel.id)
    mover = club["alice"] if match.to_act() == (club["alice"].id,) else club["bob"]
    await mover.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[0]))
    busy = await carol.slash(channel, "game replay", match=match.id)
    await expect_ephemeral(busy, "already drawing", env=env)
    env.bot.pbp.replays.release()


# The secret set-up form across a restart.


async def test_the_setup_form_opened_before_a_restart_is_accepted_after_it(club: dict[str, Any], db_path: str) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="subulata", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    match = await env.bot.service.current(channel.id)
    prompt = alice.user.dm_channel.last_message
    form = await alice.user.click(prompt, label="Type nine digits")
    assert form.modal is not None
    await env.restart_bot(make_bot(db_path))
    placed = await alice.user.submit_modal(form, {"values": "371946825"})
    said = " ".join(m.content for m in (placed.response, *placed.followups) if m is not None)
    assert "kept secret" in said, said
    log = await env.bot.service.history(match.id)
    assert any(e.kind is LogKind.MOVE and e.seat == match.seat_of(alice.id) for e in log), log
