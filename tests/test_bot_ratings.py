"""Ratings on SimCord: results recorded, openskill updates, unrated matches, ``/leaderboard`` and ``/profile``."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.matches import MatchStatus
from bot.app.tournaments.ratings import DEFAULT, rate
from games.base import Termination
from tests.test_bot_e2e import current


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel, two players and a bystander."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    return {
        "env": env,
        "channel": guild.create_text_channel("games"),
        "alice": guild.add_member(env.create_user("alice")),
        "bob": guild.add_member(env.create_user("bob")),
        "carol": guild.add_member(env.create_user("carol")),
    }


async def resigned_match(club: dict[str, Any], loser: str, **options: Any) -> None:
    """Alice opens Ur (Variante 2), Bob joins and starts, then ``loser`` resigns."""
    channel, alice, bob = club["channel"], club["alice"], club["bob"]
    lobby = (
        await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False, **options)
    ).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    ask = await club[loser].slash(channel, "game resign")
    await club[loser].click(ask.response.message, label="Yes, resign")


async def test_a_rated_result_updates_both_ratings_as_openskill_does(club: dict[str, Any]) -> None:
    env, alice, bob, carol, channel = club["env"], club["alice"], club["bob"], club["carol"], club["channel"]
    await resigned_match(club, "bob")
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.result is not None
    assert final.result.termination is Termination.RESIGNATION, "the kind of ending is recorded"
    board = await env.bot.service.leaderboard(final.guild_id, "ur:v2")
    expected = rate([DEFAULT, DEFAULT], [1, 2])
    assert [(uid, rating) for _, uid, rating, *_ in board] == [(alice.id, expected[0]), (bob.id, expected[1])]

    # An unrated match changes nothing.
    await resigned_match(club, "alice", rated=False)
    assert await env.bot.service.leaderboard(final.guild_id, "ur:v2") == board
    # An aborted match changes nothing either.
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    await alice.slash(channel, "game abort")
    assert await env.bot.service.leaderboard(final.guild_id, "ur:v2") == board
    assert (await env.bot.service.last_in_channel(channel.id)).status is MatchStatus.ABORTED  # type: ignore[union-attr]

    shown = (await carol.slash(channel, "leaderboard", game="ur:v2")).response
    text = shown.embeds[0].description or ""
    assert text.index("alice") < text.index("bob") and "1 won" in text
    assert "<@" not in text, "named, not mentioned: an embed may not render it"
    profile = (await carol.slash(channel, "profile", member=bob)).response
    assert profile.ephemeral
    fields = {f.name: f.value for f in profile.embeds[0].fields}
    assert "0 W" in fields["Royal Game of Ur — Variante 2"] and "1 L" in fields["Royal Game of Ur — Variante 2"]
    assert "lost" in fields["Recent matches"] and "won" in fields["Recent matches"]
    assert await current(env, channel) is None
