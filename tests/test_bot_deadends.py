"""End to end on SimCord: dead ends and clutter (issue 26).

A refused hint says how to open a match that allows one; a full lobby offers no Join; a move played in the
match's own channel is acknowledged without a link, and the links sent elsewhere (a DM) are masked; the status
card carries no note about how it works.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.matches import MatchStatus
from tests.botkit import boards_in, labels_of

RAW_URL = re.compile(r"(?<!\()https://discord\.com/channels/\S+")


@pytest.fixture
def world(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and two players."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    return {
        "env": env,
        "guild": guild,
        "channel": guild.create_text_channel("table"),
        "alice": guild.add_member(env.create_user("alice")),
        "bob": guild.add_member(env.create_user("bob")),
    }


async def start_ur(world: dict[str, Any]) -> None:
    """Alice and Bob start a rated game of Ur (Variante 2, rolls by hand) in the channel."""
    channel, alice, bob = world["channel"], world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")


def legal(match: Any) -> list[str]:
    """The notations of the legal moves of the one seat to act."""
    (seat,) = match.state.actors()
    return [match.state.format_move(m) for m in match.state.legal_moves(seat)]


async def test_a_refused_hint_says_how_to_open_an_unrated_match(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    await start_ur(world)
    match = await env.bot.service.current(channel.id)
    assert match is not None and match.rated
    actor = world["alice"] if match.to_act() == (world["alice"].id,) else world["bob"]
    refused = await actor.slash(channel, "game hint")
    assert refused.response.ephemeral and "`/game new" in refused.response.content
    assert "rated: False" in refused.response.content
    env.errors.clear()
    assert "`/partie nouvelle" in t("fr", "match_error.hint_rated")
    assert "classee: False" in t("fr", "match_error.hint_rated")


async def test_a_full_lobby_offers_no_join(world: dict[str, Any]) -> None:
    channel, alice, bob = world["channel"], world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False)).response.message
    assert "Join" in labels_of(lobby)
    await bob.click(lobby, label="Join")
    full = next(m for m in channel.history() if m.id == lobby.id)
    labels = labels_of(full)
    assert "Join" not in labels, "two seats of two are taken"
    assert {"Leave", "Start"} <= set(labels)
    assert "**Join**" not in str(full.embeds[0].description)
    await bob.click(full, label="Leave")
    assert "Join" in labels_of(next(m for m in channel.history() if m.id == lobby.id)), "a seat is free again"


async def test_the_status_card_has_no_note_on_how_it_works(world: dict[str, Any]) -> None:
    channel = world["channel"]
    await start_ur(world)
    title = t("en", "status.card_title", game="", id="").strip(" ·#")
    (card,) = [m for m in channel.history() if m.embeds and title in (m.embeds[0].title or "")]
    assert not (card.embeds[0].footer and card.embeds[0].footer.text)
    for lang in ("en", "fr"):
        assert t(lang, "status.footer") == "status.footer", "the note is gone from the catalogs"


async def test_a_move_typed_in_the_match_channel_is_acknowledged_without_a_link(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    players = {world["alice"].id: world["alice"], world["bob"].id: world["bob"]}
    await start_ur(world)
    acknowledged = 0
    for _ in range(40):
        match = await env.bot.service.current(channel.id)
        assert match is not None and match.status is MatchStatus.ACTIVE
        (seat,) = match.state.actors()
        result = await players[match.seats[seat]].slash(channel, "game move", move=legal(match)[-1])
        after = await env.bot.service.current(channel.id)
        assert after is not None
        if after.state.actors() == match.state.actors():
            assert result.response is not None and result.response.ephemeral
            assert "discord.com" not in result.response.content, "the post itself is right there"
            acknowledged += 1
            if acknowledged >= 2:
                break
    assert acknowledged, "a turn went on after a typed move"
    assert boards_in(channel)


def test_the_dm_and_the_acknowledgements_mask_their_links() -> None:
    url = "https://discord.com/channels/1/2/3"
    for lang in ("en", "fr"):
        for key, fields in (
            ("private.dm", {"game": "Ur", "id": 7}),
            ("move.played", {}),
            ("move.done_privately", {}),
        ):
            text = t(lang, key, link=url, **fields)
            assert f"]({url})" in text and not RAW_URL.search(text), (lang, key, text)


async def test_the_parent_channel_line_says_the_match_is_over_once(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    await alice.slash(channel, "game new", game="ur:v2", autoplay=False)
    (thread,) = channel.threads
    (line,) = [m for m in channel.history() if str(thread.id) in (m.content or "")]
    assert "join it there" in line.content
    lobby = thread.history()[-1]
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    match = await env.bot.service.current(thread.id)
    assert match is not None
    start = len(env.http_requests)
    actor = alice if match.to_act() == (alice.id,) else bob
    await actor.slash(thread, "game move", move=legal(match)[-1])
    edits = [r for r in env.http_requests[start:] if r.method == "PATCH" and str(line.id) in r.path]
    assert not edits, "a turn leaves the parent channel alone"
    start = len(env.http_requests)
    resigned = await alice.slash(thread, "game resign")
    await alice.click(resigned.response.message, label=t("en", "button.resign"))
    edits = [r for r in env.http_requests[start:] if r.method == "PATCH" and str(line.id) in r.path]
    assert len(edits) == 1, "edited once, at the end"
    now = next(m for m in channel.history() if m.id == line.id)
    assert "join it there" not in now.content and "is over" in now.content and "bob" in now.content
    assert f"<#{thread.id}>" in now.content
    start = len(env.http_requests)
    await bob.slash(thread, "game board")
    assert not [r for r in env.http_requests[start:] if r.method == "PATCH" and str(line.id) in r.path]


async def test_an_aborted_lobby_closes_its_parent_channel_line(world: dict[str, Any]) -> None:
    channel, alice = world["channel"], world["alice"]
    await alice.slash(channel, "game new", game="ur:v2")
    (thread,) = channel.threads
    (line,) = [m for m in channel.history() if str(thread.id) in (m.content or "")]
    await alice.slash(thread, "game abort")
    now = next(m for m in channel.history() if m.id == line.id)
    assert "join it there" not in now.content and "is over" in now.content
