"""On SimCord: how many Discord calls a change costs, the interaction being answered by the change itself.

A click on the turn post is answered by its edit (UPDATE_MESSAGE, new layout and image in one call); a
``/game move`` that passes the turn is answered by the new turn post; a typed move within a turn or a
secret one costs its private acknowledgement and the post's edit, no follow-up; the status card (a match
sheet) is not edited by turns, only when what it shows changes, e.g. the result.
"""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

import bot.shell.play.publish
from bot.app.i18n import t
from bot.app.matches import MatchStatus
from bot.app.telling.game_words import words_for
from bot.shell.play.status import span_text
from tests.botkit import boards_in, labels_of, move_buttons, pings_since, text_of

CALLBACK = "/callback"


@pytest.fixture
def world(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and two players."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    return {
        "env": env,
        "channel": guild.create_text_channel("table"),
        "alice": guild.add_member(env.create_user("alice")),
        "bob": guild.add_member(env.create_user("bob")),
    }


def message(channel: Any, message_id: int) -> discord.Message:
    """A message of the channel as it is now."""
    return next(m for m in channel.history() if m.id == message_id)


def legal(match: Any) -> list[str]:
    """The notations of the legal moves of the one seat to act."""
    (seat,) = match.state.actors()
    return [match.state.format_move(m) for m in match.state.legal_moves(seat)]


def calls_since(env: Any, start: int) -> list[tuple[str, str, dict[str, Any]]]:
    """The bot's requests from index ``start`` on: method, path, JSON body."""
    return [(r.method, r.path, r.json if isinstance(r.json, dict) else {}) for r in env.http_requests[start:]]


async def start_ur(world: dict[str, Any]) -> discord.Message:
    """Alice and Bob start a game of Ur (Variante 2, rolls by hand); the first turn post."""
    channel, alice, bob = world["channel"], world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    return boards_in(channel)[-1]


def status_card(channel: Any) -> discord.Message:
    """The match's status card (the one message with an embed and no board)."""
    title = t("en", "status.card_title", game="", id="").strip(" ·#")
    (card,) = [m for m in channel.history() if m.embeds and title in (m.embeds[0].title or "")]
    return card


async def test_a_click_on_the_turn_post_is_answered_by_its_edit_with_the_new_image(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    players = {world["alice"].id: world["alice"], world["bob"].id: world["bob"]}
    await start_ur(world)
    kept = passed = 0
    for _ in range(80):
        match = await env.bot.service.current(channel.id)
        if match is None or (kept and passed > 1):
            break
        post = boards_in(channel)[-1]
        image = await post.attachments[0].read()
        buttons = move_buttons(post)
        pick = next(move for move in reversed(buttons) if move in legal(match))
        start = len(env.http_requests)
        result = await players[match.to_act()[0]].click(post, label=buttons[pick])
        calls = [c for c in calls_since(env, start) if "/users/" not in c[1]]
        after = await env.bot.service.current(channel.id)
        (_, path, body), *rest = calls
        assert path.endswith(CALLBACK) and body["type"] == 7, "the click's response is an edit of the post"
        assert result.response is not None and result.response.message.id == post.id
        assert not [c for c in rest if c[0] == "PATCH" and c[1].endswith(f"/messages/{post.id}")], "no second edit"
        if after is not None and after.state.actors() == match.state.actors():
            # The same seat plays on: the one response carries the new layout and the new image.
            data = body["data"]
            assert data["flags"] & (1 << 15) and data["attachments"], "Components V2 layout and image, in one"
            edited = boards_in(channel)[-1]
            assert edited.id == post.id and [a.filename for a in edited.attachments] == ["board.png"]
            assert await edited.attachments[0].read() != image, "the image shows the move"
            said = words_for(match.game.id).said(match.state, pick, "en") or pick
            assert said in text_of(edited), "and the text tells it, in words"
            assert labels_of(edited), "with the controls of the next decision"
            kept += 1
        else:
            # The turn passes: the response retires the clicked post, and the next one is posted.
            assert "attachments" not in body["data"], "the retired post keeps its picture"
            assert labels_of(message(channel, post.id)) == []
            assert [c for c in rest if c[0] == "POST" and c[1] == f"/channels/{channel.id}/messages"]
            passed += 1
    assert kept and passed > 1, (kept, passed)


async def test_a_typed_move_that_passes_the_turn_is_answered_by_the_new_post(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    players = {world["alice"].id: world["alice"], world["bob"].id: world["bob"]}
    await start_ur(world)
    answered = 0
    for _ in range(40):
        match = await env.bot.service.current(channel.id)
        assert match is not None and match.status is MatchStatus.ACTIVE
        (seat,) = match.state.actors()
        actor = players[match.seats[seat]]
        pick = legal(match)[-1]
        old = boards_in(channel)[-1]
        start = len(env.http_requests)
        result = await actor.slash(channel, "game move", move=pick)
        after = await env.bot.service.current(channel.id)
        assert after is not None
        calls = calls_since(env, start)
        callbacks = [c for c in calls if c[1].endswith(CALLBACK)]
        followups = [c for c in calls if "/webhooks/" in c[1] and c[0] != "DELETE"]
        assert len(callbacks) == 1 and not followups, "one answer, no follow-up (a deferral may be deleted)"
        if after.state.actors() != match.state.actors():
            # The response is the new turn post: public, pinging the next player; the old post loses its controls.
            new = boards_in(channel)[-1]
            assert result.response is not None and not result.response.ephemeral
            assert result.response.message.id == new.id != old.id
            assert pings_since(env, start) == list(after.to_act())
            assert not [c for c in calls if c[0] == "POST" and c[1] == f"/channels/{channel.id}/messages"]
            assert labels_of(message(channel, old.id)) == [], "the old post is retired"
            assert labels_of(new), "the new post has the controls"
            answered += 1
        else:
            # Within the turn: answered by the edited post itself, right there; the command's deferral is
            # deleted, so no private "Done." is left behind.
            assert result.acknowledged and result.response is None and not result.followups
            assert boards_in(channel)[-1].id == old.id
    assert answered >= 3
    # The new posts answered by commands stay editable: a click on one is answered by its edit.
    match = await env.bot.service.current(channel.id)
    assert match is not None
    (seat,) = match.state.actors()
    post = boards_in(channel)[-1]
    label = next(label for move, label in move_buttons(post).items() if move in legal(match))
    clicked = await players[match.seats[seat]].click(post, label=label)
    assert clicked.response is not None and clicked.response.message.id in {post.id, boards_in(channel)[-2].id}


async def test_the_status_card_is_a_match_sheet_edited_at_the_end_not_every_turn(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    players = {world["alice"].id: world["alice"], world["bob"].id: world["bob"]}
    await start_ur(world)
    card = status_card(channel)
    fields = {f.name: f.value for f in card.embeds[0].fields}
    assert t("en", "status.follow") in fields[t("en", "status.turns")], "it sends readers to the latest post"
    assert t("en", "status.turn_time", span=span_text(48 * 3600, "en")) in fields[t("en", "status.turns")]
    edits_of_card = turns = 0
    while turns < 4:
        match = await env.bot.service.current(channel.id)
        assert match is not None
        (seat,) = match.state.actors()
        start = len(env.http_requests)
        await players[match.seats[seat]].slash(channel, "game move", move=legal(match)[-1])
        await env.advance_time(3600)  # play by post: the clock ticks in between
        edits_of_card += sum(1 for c in calls_since(env, start) if c[0] == "PATCH" and str(card.id) in c[1])
        after = await env.bot.service.current(channel.id)
        assert after is not None
        turns += after.state.actors() != match.state.actors()
    assert edits_of_card == 0, "four turns, an hour apart: the card has nothing new to say"
    start = len(env.http_requests)
    resigned = await world["alice"].slash(channel, "game resign")
    await world["alice"].click(resigned.response.message, label=t("en", "button.resign"))
    assert sum(1 for c in calls_since(env, start) if c[0] == "PATCH" and str(card.id) in c[1]) == 1
    fields = {f.name: f.value for f in message(channel, card.id).embeds[0].fields}
    assert t("en", "status.result") in fields, "the end: the result, at once"


async def test_a_typed_secret_move_costs_its_acknowledgement_and_the_edit(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    alice, bob = world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    for _ in range(60):
        match = await env.bot.service.current(channel.id)
        assert match is not None
        (seat,) = match.state.actors()
        actor = {alice.id: alice, bob.id: bob}[match.seats[seat]]
        notations = legal(match)
        placing = [n for n in notations if n.startswith("place ")]
        pick = placing[0] if placing else next((n for n in notations if n.startswith(("throw", "end"))), notations[0])
        start = len(env.http_requests)
        await actor.slash(channel, "game move", move=pick)
        if placing:
            calls = [c for c in calls_since(env, start) if c[1].endswith(CALLBACK) or "/webhooks/" in c[1]]
            # The post shows the bonus face down: a private deferral, deleted once the post is edited, so no
            # "kept secret" answer piles up under the post on a phone (issue 39) and none names the bonus.
            assert [c[0] for c in calls] == ["POST", "DELETE"], calls
            assert calls[0][2].get("data", {}).get("flags", 0) & 64, "the deferral is private"
            assert all(pick not in str(c[2]) for c in calls)
            return
    raise AssertionError("no bonus was placed")


async def test_too_slow_to_answer_with_the_post_the_change_is_acknowledged_first(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing that would not be done within Discord's 3 s: a deferred update (clicks) or a private
    acknowledgement (commands) first, then the post changed with the bot's own calls."""
    monkeypatch.setattr(bot.shell.play.publish, "ANSWER_WITHIN", 0.0)
    env, channel = world["env"], world["channel"]
    players = {world["alice"].id: world["alice"], world["bob"].id: world["bob"]}
    await start_ur(world)
    clicked = typed = 0
    for turn in range(12):
        match = await env.bot.service.current(channel.id)
        assert match is not None
        post = boards_in(channel)[-1]
        actor = players[match.to_act()[0]]
        start = len(env.http_requests)
        if turn % 2:
            pick = next(label for move, label in reversed(move_buttons(post).items()) if move in legal(match))
            await actor.click(post, label=pick)
            callbacks = [c for c in calls_since(env, start) if c[1].endswith(CALLBACK)]
            assert [c[2]["type"] for c in callbacks] == [6], "DEFERRED_UPDATE_MESSAGE"
            assert [c for c in calls_since(env, start) if c[0] == "PATCH" and c[1].endswith(f"/messages/{post.id}")]
            clicked += 1
        else:
            result = await actor.slash(channel, "game move", move=legal(match)[-1])
            # Deferred at once, privately; the deferral deleted once the post shows the change.
            assert result.acknowledged and result.response is None and not result.followups
            typed += 1
        assert labels_of(boards_in(channel)[-1]), "the current post has its controls"
    assert clicked and typed


async def test_a_whole_ultimatek_turn_typed_at_once_is_one_post_and_few_calls(world: dict[str, Any]) -> None:
    """``/game move`` with the turn's decisions separated by ``;``: one interaction for the whole turn."""
    from games import sequence
    from tests.test_sequence import plan_turn

    env, channel = world["env"], world["channel"]
    alice, bob = world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    rng = random.Random(11)
    whole_turns = 0
    for _ in range(12):
        match = await env.bot.service.current(channel.id)
        assert match is not None
        (seat,) = match.state.actors()
        actor = {alice.id: alice, bob.id: bob}[match.seats[seat]]
        parts, _ = plan_turn(match, seat, rng)
        if len(parts) >= 2:
            offered = await actor.autocomplete(channel, "game move", "move", f"{parts[0]}; ")
            assert offered and all(c["value"].startswith(f"{parts[0]}; ") for c in offered), "completed after it"
            narrowed = await actor.autocomplete(channel, "game move", "move", f"{parts[0]}; {parts[1]}")
            assert f"{parts[0]}; {parts[1]}" in [c["value"] for c in narrowed]
        posts_before, start = len(boards_in(channel)), len(env.http_requests)
        await actor.slash(channel, "game move", move=f"{sequence.SEPARATOR} ".join(parts))
        after = await env.bot.service.current(channel.id)
        assert after is not None and seat not in after.state.actors(), "the turn is over"
        assert len(boards_in(channel)) == posts_before + 1, "one new post for the new turn"
        assert len(pings_since(env, start)) == 1
        public = [c for c in calls_since(env, start) if c[1].endswith(CALLBACK) or f"/{channel.id}/" in c[1]]
        # The answer is the new post itself, or (bonuses placed face down in it) a private one before the post.
        assert len(public) <= 3, "the answer, the new post, the old post retired"
        whole_turns += len(parts) >= 3
    assert whole_turns >= 3
