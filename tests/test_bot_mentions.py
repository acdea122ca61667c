"""Names, not mentions, where a mention would not render (issue 26), played on SimCord.

Discord renders a mention inside an embed only for members the client has loaded: a phone often shows the
raw ``<@123…>``. So every embed (lobby card, status card, ``/game status``, ``/game verify``) names players
by display name, AI seats by their AI name. Over seeded games of every game and rule set, each with an AI
seat, played until a resignation: no ``<@-…>`` anywhere, no ``<@id>`` inside an embed, and no ``<@id>`` of
someone who is not a member of the server anywhere.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.matches import MatchStatus
from tests.test_bot_member_names import moves, settle, texts_of

MENTION = re.compile(r"<@!?(-?\d+)>")
TABLES = [("ur:rb", 2), ("ur:v1", 2), ("ur:v2", 2), ("ur:v3", 2), ("subulata", 2), ("ultimatek", 2), ("ursuppe", 3)]


def embed_texts(payload: Any) -> list[str]:
    """Every text of the embeds of a request's payload."""
    if not isinstance(payload, dict):
        return []
    payload = payload.get("data", payload) if isinstance(payload.get("data"), dict) else payload
    return [text for embed in payload.get("embeds") or () for text in texts_of({"embeds": [embed]})]


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and three members."""
    env = simcord_env
    env.settle_timeout = 60.0  # AI turns are real CPU work in a thread
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe")}
    return {"env": env, "channel": guild.create_text_channel("games")} | members


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[g for g, _ in TABLES])
async def test_players_are_named_never_mentioned_where_it_would_not_render(
    club: dict[str, Any], game: str, players: int
) -> None:
    env, channel = club["env"], club["channel"]
    humans = [club[name] for name in ("alice", "bob", "chloe")[: players - 1]]
    members = {member.id for member in humans} | {club["chloe"].id}
    start = len(env.http_requests)
    first = humans[0]
    lobby = (await first.slash(channel, "game new", game=game, thread=False, rated=False)).response.message
    for member in humans[1:]:
        await member.click(lobby, label=t("en", "button.join"))
    await first.click(lobby, label=t("en", "button.add_ai", level=t("en", "ai.level.normal")))
    await first.click(lobby, label=t("en", "button.start"))
    await settle(env)
    by_id = {member.id: member for member in humans}
    await moves(env, channel, by_id, 8)
    await first.slash(channel, "game status")
    match = await env.bot.service.current(channel.id) or await env.bot.service.last_in_channel(channel.id)
    assert match is not None
    if match.status is MatchStatus.ACTIVE:
        asked = await first.slash(channel, "game resign")
        await first.click(asked.response.message, label=t("en", "button.resign"))
        await settle(env)
    await humans[-1].slash(channel, "game status")
    await humans[-1].slash(channel, "game verify", match=match.id)
    await settle(env)
    env.errors.clear()
    texts = [text for request in env.http_requests[start:] for text in texts_of(request.json)]
    embeds = [text for request in env.http_requests[start:] for text in embed_texts(request.json)]
    assert embeds and any("alice" in text for text in embeds), "the embeds name the players"
    assert any(t("en", "ai.name", level=t("en", "ai.level.normal")) in text for text in embeds), "and the AI seat"
    for text in embeds:
        assert not MENTION.search(text), f"a mention inside an embed: {text!r}"
    for text in texts:
        for found in MENTION.findall(text):
            assert not found.startswith("-"), f"an AI seat mentioned: {text!r}"
            assert int(found) in members, f"a mention of a non-member: {text!r}"
