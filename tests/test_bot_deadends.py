"""End to end on SimCord: dead ends and clutter (issue 26).

A refused hint says how to open a match that allows one; a full lobby offers no Join; the links sent
elsewhere (a DM) are masked (a move typed in the match's own channel is acknowledged without a link: see
tests/test_bot_calls.py); the status card carries no note about how it works; the line that invited players
from the parent channel into the match's thread says, once, that the match is over.
"""

from __future__ import annotations

import re
from typing import Any

from bot.app.i18n import t
from tests.botkit import labels_of
from tests.test_bot_calls import legal, start_ur, world

__all__ = ["world"]  # the fixture, shared with the other end-to-end tests of posting

RAW_URL = re.compile(r"(?<!\()https://discord\.com/channels/\S+")


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
