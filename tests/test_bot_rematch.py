"""Rematch asks the other players (issue 26).

The Rematch button of an end post posts a question to the other members ("alice proposes a rematch — Accept /
Decline"), pinging only them; the new match starts when every member playing has accepted (AI seats need no
answer); one decline is said once and ends it; nobody gets a raw link. The service keeps the pending offer
(migration 0016) on SQLite and PostgreSQL, and a rematch the lobby cap refuses leaves the offer as it stood.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.matches import MatchError, MatchService, MatchStatus
from bot.app.storage import ProposalRow, Store
from tests.botkit import labels_of, pings_since
from tests.test_bot_calls import world
from tests.test_bot_e2e import assert_board, expect_ephemeral
from tests.test_bot_member_names import settle, texts_of
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock

__all__ = ["world"]

RAW_URL = re.compile(r"(?<!\()https://\S+")


async def finished(world: dict[str, Any], game: str = "ur:v2", *, ai: bool = False) -> Any:
    """A match of alice and bob (or alice and the AI) ended by alice's resignation; its end post."""
    channel, alice, bob = world["channel"], world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game=game, thread=False)).response.message
    if ai:
        await alice.click(lobby, label=t("en", "button.add_ai", level=t("en", "ai.level.easy")))
    else:
        await bob.click(lobby, label=t("en", "button.join"))
    await alice.click(lobby, label=t("en", "button.start"))
    await settle(world["env"])
    asked = await alice.slash(channel, "game resign")
    await alice.click(asked.response.message, label=t("en", "button.resign"))
    await settle(world["env"])
    end = await assert_board(channel)
    assert labels_of(end) == [t("en", "button.rematch"), t("en", "button.review")]
    return end


def said(env: Any, start: int) -> list[str]:
    return [text for request in env.http_requests[start:] for text in texts_of(request.json)]


async def test_rematch_asks_the_other_player_and_starts_when_they_accept(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    end = await finished(world)
    old = await env.bot.service.last_in_channel(channel.id)
    assert old is not None
    start = len(env.http_requests)
    asked = await bob.click(end, label=t("en", "button.rematch"))
    question = asked.response
    assert question is not None and not question.ephemeral, "the question is asked in the channel"
    assert question.content.startswith("🔁 **bob** proposes a rematch") and f"<@{alice.id}>" in question.content
    assert labels_of(question.message) == [t("en", "button.rematch_yes"), t("en", "button.rematch_no")]
    assert pings_since(env, start) == [alice.id], "only the member who must answer is pinged"
    assert await env.bot.service.current(channel.id) is None, "nothing starts before alice answers"
    await expect_ephemeral(await bob.click(end, label=t("en", "button.rematch")), "already said yes")

    accepted = await alice.click(question.message, label=t("en", "button.rematch_yes"))
    await settle(env)
    rematch = await env.bot.service.current(channel.id)
    assert rematch is not None and rematch.status is MatchStatus.ACTIVE and rematch.id != old.id
    assert rematch.seats == (bob.id, alice.id), "seats rotated"
    assert accepted.response is not None and accepted.response.content == t("en", "rematch.agreed", id=rematch.id)
    assert labels_of(accepted.response.message) == [], "answered: the buttons are gone"
    post = await assert_board(channel)
    assert f"#{rematch.id}" in str(post.components) or post.id != end.id
    for text in said(env, start):
        assert not RAW_URL.search(text), f"a raw link: {text!r}"


async def test_a_declined_rematch_is_said_once_and_opens_nothing(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    end = await finished(world)
    question = (await bob.click(end, label=t("en", "button.rematch"))).response
    start = len(env.http_requests)
    declined = await alice.click(question.message, label=t("en", "button.rematch_no"))
    assert declined.response is not None and declined.response.id == question.id, "the question itself answers"
    old = await env.bot.service.last_in_channel(channel.id)
    assert old is not None
    assert declined.response.content == t("en", "rematch.declined", name="alice", id=old.id)
    assert labels_of(declined.response.message) == []
    assert sum("declined" in text for text in said(env, start)) == 1, "said once"
    assert await env.bot.service.current(channel.id) is None
    # A new proposal may follow (a decline ends one proposal, not the match's rematches).
    again = await alice.click(end, label=t("en", "button.rematch"))
    assert again.response is not None and f"<@{bob.id}>" in again.response.content


async def test_against_the_ai_the_rematch_starts_at_once_and_leaves_no_link(world: dict[str, Any]) -> None:
    env, channel, alice = world["env"], world["channel"], world["alice"]
    end = await finished(world, ai=True)
    start = len(env.http_requests)
    clicked = await alice.click(end, label=t("en", "button.rematch"))
    await settle(env)
    rematch = await env.bot.service.current(channel.id)
    assert rematch is not None and rematch.status is MatchStatus.ACTIVE, "the AI seat needs no answer"
    assert clicked.acknowledged and clicked.response is None and not clicked.followups, "no 'Rematch started: link'"
    for text in said(env, start):
        assert not RAW_URL.search(text), f"a raw link: {text!r}"


async def test_french_players_are_asked_in_french() -> None:
    text = t("fr", "rematch.ask", name="alice", game="Ultima-Tek", id=3, mentions="<@1>")
    assert "propose une revanche d'**Ultima-Tek**" in text
    assert (t("fr", "button.rematch_yes"), t("fr", "button.rematch_no")) == ("Accepter", "Refuser")


# The service, on SQLite and PostgreSQL (migration 0016).


async def test_the_offer_waits_for_every_member_and_a_refused_rematch_keeps_it(store: Store) -> None:
    service = MatchService(store, Clock())
    match = await service.create("ursuppe", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    await service.join(match.id, BOB)
    await service.join(match.id, CAROL)
    await service.start(match.id, ALICE)
    old = (await service.abort(match.id, ALICE, moderator=True)).match
    with pytest.raises(MatchError) as refused:
        await service.propose_rematch(old.id, ALICE)
    assert refused.value.key == "not_active", "an aborted match has no rematch"

    match = await service.create("ur", {"rules": "v2"}, guild_id=GUILD, channel_id=CHANNEL + 1, creator_id=ALICE)
    await service.join(match.id, BOB)
    await service.start(match.id, ALICE)
    old = (await service.resign(match.id, ALICE)).match
    assert old.status is MatchStatus.FINISHED
    _, offer, report = await service.propose_rematch(old.id, BOB)
    assert offer is not None and report is None and offer.accepted == (1,)
    assert await store.get_proposal("rematch", old.id) == ProposalRow(1, old.version, None, (1,)), "kept by the store"
    with pytest.raises(MatchError) as twice:
        await service.propose_rematch(old.id, BOB)
    assert twice.value.key == "rematch_pending"
    with pytest.raises(MatchError) as stranger:
        await service.answer_rematch(old.id, CAROL, accept=True, version=old.version)
    assert stranger.value.key == "not_seated"
    _, offer, report = await service.answer_rematch(old.id, ALICE, accept=False, version=old.version)
    assert offer is None and report is None and await store.get_proposal("rematch", old.id) is None
    with pytest.raises(MatchError) as gone:
        await service.answer_rematch(old.id, ALICE, accept=True, version=old.version)
    assert gone.value.key == "no_rematch"
    # Proposed again and accepted: the new match starts, seats rotated.
    await service.propose_rematch(old.id, ALICE)
    _, offer, report = await service.answer_rematch(old.id, BOB, accept=True, version=old.version)
    assert offer is None and report is not None and report.match.seats == (BOB, ALICE)
    assert report.match.status is MatchStatus.ACTIVE and await store.get_proposal("rematch", old.id) is None


async def test_a_tap_on_rematch_while_asked_accepts_and_closes_the_question(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    end = await finished(world)
    question = (await bob.click(end, label=t("en", "button.rematch"))).response
    tapped = await alice.click(end, label=t("en", "button.rematch"))
    await settle(env)
    rematch = await env.bot.service.current(channel.id)
    assert rematch is not None and rematch.status is MatchStatus.ACTIVE, "alice's tap was her yes"
    assert tapped.response is None and not tapped.followups, "no private word, no link"
    closed = next(m for m in channel.history() if m.id == question.id)
    assert closed.content == t("en", "rematch.agreed", id=rematch.id) and labels_of(closed) == []
