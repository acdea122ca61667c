"""The page buttons of ``/game history`` on SimCord: ▶ and ◀ turn the private list, its footer following."""

from __future__ import annotations

from typing import Any

import pytest

import bot.shell.history.past as history_ui
from bot.app.telling.history import pages
from tests.botkit import labels_of
from tests.test_bot_member_names import moves
from tests.test_bot_replace import now, settle


async def test_history_pages_turn_forward_and_back(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, rated=False)).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await settle(env)
    await moves(env, channel, {alice.id: alice, bob.id: bob}, 6)
    match = await now(env, channel)
    # Short pages, so that a few turns fill several.
    monkeypatch.setattr(history_ui, "pages", lambda lines: pages(lines, budget=120))

    shown = (await alice.slash(channel, "game history")).response
    assert shown.ephemeral and labels_of(shown.message) == ["◀", "▶"]
    assert shown.embeds[0].footer.text.startswith("Page 1/")
    first = shown.embeds[0].description

    turned = (await alice.click(shown.message, label="▶")).response.message
    assert turned.embeds[0].description != first and turned.embeds[0].footer.text.startswith("Page 2/")
    assert f"#{match.id}" in (turned.embeds[0].title or "")
    back = (await alice.click(turned, label="◀")).response.message
    assert back.embeds[0].description == first
