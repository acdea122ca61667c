"""Play by post on SimCord's virtual clock: deadlines, reminders, votes, vacations, threads, undo, records.

Time moves only when a test advances it; the bot's ``tasks.loop`` tick runs on the same virtual clock,
so "a reminder at half time, none before, exactly one per threshold" is checked minute by minute
rather than by sleeping.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app.matches import LogKind, Match, MatchStatus
from bot.app.records.record import parse_record, replay_record
from games.base import Termination
from tests.botkit import make_bot, text_of
from tests.test_bot_e2e import button_labels, current, expect_ephemeral

HOUR = 3600.0
MINUTE = 60.0
TICK = 1800.0


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


async def start_ur(club: dict[str, Any], **options: Any) -> tuple[Any, Any]:
    """Alice opens Royal Game of Ur with ``options``, Bob joins and starts; returns (player to act, other)."""
    channel, alice, bob, env = club["channel"], club["alice"], club["bob"], club["env"]
    # Seeds are drawn afresh for every match: with autoplay, a forced reply could come or not.
    options.setdefault("autoplay", False)
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, **options)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    match = await current(env, channel)
    assert match is not None
    actor = alice if match.to_act() == (alice.id,) else bob
    return actor, bob if actor is alice else alice


async def wait(env: Any, seconds: float) -> None:
    """Let ``seconds`` of virtual time pass, in steps of a few hours (each step settles the bot's ticks)."""
    while seconds > 0:
        step = min(seconds, 6 * HOUR)
        await env.advance_time(step)
        seconds -= step


def reminders(channel: Any, viewer: Any) -> list[discord.Message]:
    """The reminders posted in ``channel``."""
    return [m for m in channel.history(viewer=viewer) if m.content.startswith("⏰ <@") and "your turn" in m.content]


def votes(channel: Any, viewer: Any) -> list[discord.Message]:
    """The deadline votes posted in ``channel`` (decided ones included)."""
    return [
        m for m in channel.history(viewer=viewer) if "ran out of time in" in m.content or "players chose" in m.content
    ]


async def test_reminders_at_half_time_and_before_the_deadline_once_each_across_a_restart(
    club: dict[str, Any], db_path: str
) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, other = await start_ur(club, deadline="24h")
    await wait(env, 11 * HOUR)
    assert reminders(channel, carol) == [], "nothing before half time"
    await env.restart_bot(make_bot(db_path))
    await wait(env, 1 * HOUR + TICK + MINUTE)
    sent = reminders(channel, carol)
    assert len(sent) == 1 and "half of your time" in sent[0].content
    assert sent[0].raw_mentions == [actor.id], "only the player who must act is pinged"
    await wait(env, 3 * HOUR)
    assert len(reminders(channel, carol)) == 1, "exactly one reminder per threshold"
    await wait(env, 6 * HOUR)
    sent = reminders(channel, carol)
    assert len(sent) == 2 and "ends soon" in sent[1].content
    await wait(env, 3 * HOUR)
    assert len(votes(channel, carol)) == 1
    vote = votes(channel, carol)[0]
    assert button_labels(vote) == [
        "Wait 24 hours more",
        f"Play a move for {actor.user.name}",
        f"End: {actor.user.name} forfeits",
    ]
    await expect_ephemeral(await actor.click(vote, label="Wait 24 hours more"), "other players")
    waited = await other.click(vote, label="Wait 24 hours more")
    assert "chose to wait" in waited.response.message.content
    await wait(env, 12 * HOUR + TICK + MINUTE)
    assert len(reminders(channel, carol)) == 3, "a fresh turn gets its own half-time reminder"
    assert len(votes(channel, carol)) == 1, "the deadline was pushed back"

    # Once the player has acted, the reminders go to the other player only.
    match = await current(env, channel)
    assert match is not None
    await actor.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[-1]))
    match = await current(env, channel)
    assert match is not None
    await wait(env, 12 * HOUR + TICK + MINUTE)
    later = reminders(channel, carol)[3:]
    assert later and all(m.raw_mentions == list(match.to_act()) for m in later)


async def test_an_automatic_policy_plays_a_move_for_the_late_player(club: dict[str, Any]) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, _other = await start_ur(club, deadline="12h", on_timeout="move")
    before = await current(env, channel)
    assert before is not None
    await wait(env, 12 * HOUR + TICK + MINUTE)
    told = [text_of(m) for m in channel.history(viewer=carol)]
    assert any("the bot played" in text and actor.user.name in text for text in told)
    after = await current(env, channel)
    assert after is not None and after.version > before.version
    log = await env.bot.service.history(after.id)
    assert any(e.kind is LogKind.AUTO and e.seat == before.seat_of(actor.id) for e in log)
    assert votes(channel, carol) == [], "an automatic policy asks nobody"


async def test_the_other_player_can_end_a_late_match_as_a_forfeit(club: dict[str, Any]) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, other = await start_ur(club, deadline="12h")
    await wait(env, 12 * HOUR + TICK + MINUTE)
    (vote,) = votes(channel, carol)
    await other.click(vote, label=f"End: {actor.user.name} forfeits")
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED and final.result is not None
    assert final.result.termination is Termination.FORFEIT and final.result.winners == (final.seat_of(other.id),)
    assert any("ran out of time" in text_of(m) for m in channel.history(viewer=carol)[-3:])


async def test_quiet_hours_hold_a_reminder_until_they_end(club: dict[str, Any]) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, _other = await start_ur(club, deadline="24h")
    # SimCord's clock starts at midnight UTC: half time falls at noon, inside 11:00-15:00 Paris (10-14 UTC).
    done = await actor.slash(channel, "game quiet", hours="11-15", timezone="Europe/Paris")
    assert "11:00-15:00 Europe/Paris" in done.response.content
    await wait(env, 12 * HOUR + TICK + MINUTE)
    assert reminders(channel, carol) == []
    await wait(env, 2 * HOUR)
    assert len(reminders(channel, carol)) == 1, "sent once the quiet hours are over"


async def test_a_vacation_pauses_the_deadline_and_the_others_are_told(club: dict[str, Any]) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, _other = await start_ur(club, deadline="24h")
    declared = await actor.slash(channel, "game vacation", days=1)
    assert "Vacation declared" in declared.response.content and declared.response.ephemeral
    assert any("is on vacation" in m.content for m in channel.history(viewer=carol))
    await expect_ephemeral(await actor.slash(channel, "game vacation", days=30, start_in=5), "more than", env=env)
    await wait(env, 25 * HOUR)
    assert reminders(channel, carol) == [] and votes(channel, carol) == []
    await wait(env, 11 * HOUR + TICK + MINUTE)
    assert len(reminders(channel, carol)) == 1, "half time comes 12 active hours after the vacation"
    await wait(env, 12 * HOUR)
    assert len(votes(channel, carol)) == 1


async def test_a_match_in_a_thread_and_a_reminder_that_reopens_the_archived_thread(club: dict[str, Any]) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    opened = await alice.slash(channel, "game new", game="ur:v2", deadline="12h")
    (thread,) = channel.threads
    assert thread.mention in opened.response.content
    lobby = thread.history()[-1]
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    assert any(m.attachments for m in thread.history()), "the board goes to the thread"
    env.backend.get_channel(thread.id).thread_metadata.archived = True
    await wait(env, 6 * HOUR + TICK + MINUTE)
    assert not env.backend.get_channel(thread.id).thread_metadata.archived, "the reminder reopened the thread"
    assert reminders(thread, alice)


async def test_undo_refused_then_accepted_and_never_after_a_roll(club: dict[str, Any]) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="subulata", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    await alice.slash(channel, "game move", move="setup 123456789")
    await bob.slash(channel, "game move", move="setup random")
    match = await current(env, channel)
    assert match is not None and match.state.actors() == (0,)
    before = match.state
    await alice.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[0]))
    await expect_ephemeral(await bob.slash(channel, "game undo"), "not yours", env=env)
    asked = await alice.slash(channel, "game undo")
    await bob.click(asked.response.message, label="Refuse")
    after_refusal = await current(env, channel)
    assert after_refusal is not None and after_refusal.state != before
    asked = await alice.slash(channel, "game undo")
    assert "asks to take back" in asked.response.message.content
    await bob.click(asked.response.message, label="Accept the undo")
    undone = await current(env, channel)
    assert undone is not None and undone.state == before and undone.state.actors() == (0,)
    log = await env.bot.service.history(undone.id)
    assert log[-1].kind is LogKind.UNDO
    page = await alice.slash(channel, "game history")
    assert "~~" in (page.response.embeds[0].description or ""), "the taken-back move stays in the history"

    await alice.slash(channel, "game abort")
    actor, _other = await start_ur(club)
    match = await current(env, channel)
    assert match is not None
    await actor.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[0]))
    await expect_ephemeral(await actor.slash(channel, "game undo"), "roll", env=env)


async def resign_after_moves(club: dict[str, Any], actor: Any, other: Any, moves: int = 12, pick: int = -1) -> Match:
    """``moves`` moves of the started Ur match (each time the legal move at index ``pick``), then ``actor``
    resigns; the finished match."""
    env, channel = club["env"], club["channel"]
    for _ in range(moves):
        match = await current(env, channel)
        assert match is not None
        (uid,) = match.to_act()
        player = actor if uid == actor.id else other
        await player.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[pick]))
    ask = await actor.slash(channel, "game resign")
    await actor.click(ask.response.message, label="Yes, resign")
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED
    return final


async def test_replay_and_export_of_a_finished_match(club: dict[str, Any]) -> None:
    channel, carol = club["channel"], club["carol"]
    actor, other = await start_ur(club)
    final = await resign_after_moves(club, actor, other)

    replay = await carol.slash(channel, "game replay", match=final.id)
    (message,) = [m for m in (replay.response, *replay.followups) if m is not None and m.attachments]
    (gif,) = message.attachments
    assert gif.filename.endswith(".gif") and (await gif.read()).startswith(b"GIF89a")

    export = await carol.slash(channel, "game export", match=final.id)
    (record_file,) = export.response.attachments
    record = parse_record((await record_file.read()).decode())
    assert record.game == "ur" and record.seed == final.seed
    assert replay_record(record) == final.state


async def test_mine_and_list_show_whose_turn_it_is(club: dict[str, Any]) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, other = await start_ur(club, deadline="48h")
    await actor.slash(channel, "game mine")
    await other.slash(channel, "game mine")
    (mine,) = actor.user.dm_channel.history()
    assert "your turn" in mine.content and "time runs out <t:" in mine.content
    (theirs,) = other.user.dm_channel.history()
    assert "waiting for" in theirs.content
    listed = (await carol.slash(channel, "game list", where="server")).response.embeds[0].description or ""
    assert "Royal Game of Ur" in listed
    muted = await other.slash(channel, "game notify", pings="off")
    assert "no longer pings" in muted.response.content
    match = await current(env, channel)
    assert match is not None and await env.bot.service.pings(match.id) == {other.id: "off"}
