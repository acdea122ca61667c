"""A draw offer and an undo request put to two other players of a three-player Ursuppe, on SimCord: the question
is edited after each answer (who accepted, whom it still waits for, its buttons kept), then settled by the last
answer (agreed or declined, its buttons gone)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.botkit import labels_of
from tests.test_bot_member_names import moves
from tests.test_bot_replace import now, settle


@pytest.fixture
async def table(simcord_env: Any) -> dict[str, Any]:
    """Alice, Bob and Carol started a three-player Ursuppe in a games channel and played a few turns."""
    env = simcord_env
    env.settle_timeout = 60.0
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False, rated=False)).response.message
    for member in (bob, carol):
        await member.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await settle(env)
    by_id = {m.id: m for m in (alice, bob, carol)}
    await moves(env, channel, by_id, 3)
    return {"env": env, "channel": channel, "by_id": by_id, "alice": alice, "bob": bob, "carol": carol}


async def test_a_draw_waits_for_the_player_who_has_not_answered_then_one_decline_ends_it(
    table: dict[str, Any],
) -> None:
    channel, alice, bob, carol = table["channel"], table["alice"], table["bob"], table["carol"]
    match = await now(table["env"], channel)
    offer = (await alice.slash(channel, "game draw")).response.message
    assert labels_of(offer) == ["Accept the draw", "Decline"]

    partly = (await bob.click(offer, label="Accept the draw")).response.message
    assert partly.content == f"🤝 **bob** accepted the draw in match #{match.id}; waiting for **carol**."
    assert labels_of(partly) == ["Accept the draw", "Decline"]

    declined = (await carol.click(partly, label="Decline")).response.message
    assert "carol" in declined.content and "declined" in declined.content
    assert labels_of(declined) == []
    assert (await now(table["env"], channel)).status.value == "active"


async def test_an_undo_waits_for_the_others_then_one_refusal_ends_it(table: dict[str, Any]) -> None:
    env, channel, by_id = table["env"], table["channel"], table["by_id"]
    match = await now(env, channel)
    last = (await env.bot.service.history(match.id))[-1]
    mover = by_id[match.seats[last.seat]]
    first, second = (m for m in by_id.values() if m is not mover)
    request = (await mover.slash(channel, "game undo")).response.message
    buttons = labels_of(request)
    assert len(buttons) == 2

    partly = (await first.click(request, label=buttons[0])).response.message
    assert partly.content == f"↩️ **{first.name}** accepted the undo (match #{match.id}); waiting for the others."
    assert labels_of(partly) == buttons

    refused = (await second.click(partly, label=buttons[1])).response.message
    assert second.name in refused.content and labels_of(refused) == []
    assert (await now(env, channel)).version == match.version
