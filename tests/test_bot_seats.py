"""End to end on SimCord: members whose seat changed hands act for nothing; the AI's seats take no draw nor undo.

Four members play an unrated Ursuppe; Alice (who opened it) and Bob resign and the AI takes their seats. Bob's
draw offer, undo request and hint are refused privately, Alice's abort too (the two others play on), and
Chloe's draw offer is refused in words, since the AI does not accept draws. Once the match is over, Bob, who
left it, cannot start the rematch.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.matches import MatchStatus
from tests.botkit import boards_in, labels_of
from tests.test_bot_e2e import expect_ephemeral
from tests.test_bot_replace import now, play, resign, settle


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and four members."""
    env = simcord_env
    env.settle_timeout = 60.0  # AI turns are real CPU work in a thread
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe", "dmitri")}
    return {"env": env, "channel": guild.create_text_channel("games")} | members


async def test_members_who_left_act_for_nothing_and_the_ai_takes_no_draw(club: dict[str, Any]) -> None:
    env, channel = club["env"], club["channel"]
    alice, bob, chloe, dmitri = (club[n] for n in ("alice", "bob", "chloe", "dmitri"))
    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False, rated=False)).response.message
    for member in (bob, chloe, dmitri):
        await member.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await settle(env)
    by_id = {m.id: m for m in (alice, bob, chloe, dmitri)}
    for _ in range(3):
        await play(env, channel, by_id, await now(env, channel))
    await resign(env, channel, bob)
    await resign(env, channel, alice)
    match = await now(env, channel)
    assert {0, 1} <= set(match.takeovers), "the AI plays Alice's and Bob's seats"
    version = match.version

    for command in ("game draw", "game undo", "game hint", "game resign"):
        await expect_ephemeral(await bob.slash(channel, command), "no longer play", env=env)
    await expect_ephemeral(await alice.slash(channel, "game abort"), "no longer play", env=env)
    await expect_ephemeral(await chloe.slash(channel, "game draw"), "does not accept draws", env=env)
    after = await now(env, channel)
    assert after.status is MatchStatus.ACTIVE and after.version == version, "nothing changed"

    # Chloe and Dmitri leave too; the match ends, and only a player who saw it through starts the rematch.
    await resign(env, channel, chloe)
    await resign(env, channel, dmitri)
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED
    end = boards_in(channel)[-1]
    assert "Rematch" in labels_of(end)
    await expect_ephemeral(await bob.click(end, label="Rematch"), "no longer play", env=env)
    assert (await env.bot.service.current(channel.id)) is None, "no rematch was opened"
