"""On SimCord: Discord refuses to edit the turn post with a new board, and the match goes on anyway.

Editing a Components V2 message so that its media gallery shows a *new* uploaded image is refused by
Discord in some paths (HTTP 400, "unfurled media attachment not found"). The turn post is edited that way
whenever the same player acts again (Ur: the roll, then the move). Here the simulated Discord refuses
every such edit, through the click's response and through the channel alike: the turn is posted anew
with the new board and the controls, the old post loses its controls, and the next click works.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from simcord.backend.errors import BackendError
from simcord.http import router

from bot.app.matches import MatchStatus
from bot.app.telling.game_words import words_for
from tests.botkit import boards_in, labels_of, move_buttons, text_of
from tests.test_bot_calls import legal, message, start_ur, world

__all__ = ["world"]

MEDIA_GALLERY = 12
REFUSAL = "Invalid Form Body: unfurled media attachment not found"


def _galleries(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if node.get("type") == MEDIA_GALLERY:
            yield node
        for value in node.values():
            yield from _galleries(value)
    elif isinstance(node, list):
        for value in node:
            yield from _galleries(value)


def refused(method: str, path: str, json: Any, files: list[Any], *, responses_only: bool = False) -> bool:
    """Whether Discord refuses this call: an edit of a message whose gallery shows a newly uploaded image
    (with ``responses_only``, only when the edit is a click's response, the path reported upstream)."""
    if not files or not isinstance(json, dict):
        return False
    body = json
    if method == "POST" and path.endswith("/callback"):
        if json.get("type") != 7:  # UPDATE_MESSAGE, the click's response that edits the clicked post
            return False
        body = json.get("data") or {}
    elif method != "PATCH" or "/messages/" not in path or responses_only:
        return False
    return any(True for _ in _galleries(body.get("components")))


@pytest.fixture
def refusing(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Discord refusing every edit that brings a new image into a media gallery; the refused calls' paths."""
    return refuse(monkeypatch, responses_only=False)


def refuse(monkeypatch: pytest.MonkeyPatch, *, responses_only: bool) -> list[str]:
    """Make SimCord refuse the edits :func:`refused` names; the refused calls, as they come."""
    calls: list[str] = []
    dispatch = router.dispatch

    def strict(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if refused(method, path, kwargs.get("json"), kwargs.get("files") or [], responses_only=responses_only):
            calls.append(f"{method} {path}")
            raise BackendError(400, 50035, REFUSAL)
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", strict)
    return calls


@pytest.mark.parametrize("typed", [False, True], ids=["clicked", "typed"])
async def test_a_refused_edit_with_the_new_board_posts_the_turn_anew(
    world: dict[str, Any], refusing: list[str], typed: bool
) -> None:
    env, channel = world["env"], world["channel"]
    players = {world["alice"].id: world["alice"], world["bob"].id: world["bob"]}
    await start_ur(world)
    reposted = 0
    for _ in range(40):
        match = await env.bot.service.current(channel.id)
        assert match is not None and match.status is MatchStatus.ACTIVE
        if reposted >= 2:
            break
        post = boards_in(channel)[-1]
        image = await post.attachments[0].read()
        buttons = move_buttons(post)
        pick = next(move for move in reversed(buttons) if move in legal(match))
        before = len(refusing)
        actor = players[match.to_act()[0]]
        if typed:
            # A move typed within the turn is acknowledged privately; the post's edit comes after.
            result = await actor.slash(channel, "game move", move=pick)
        else:
            result = await actor.click(post, label=buttons[pick])
        assert not env.errors, env.errors
        assert result.acknowledged, "the click or the command is answered"
        after = await env.bot.service.current(channel.id)
        assert after is not None and after.version > match.version, "the move was played"
        if after.state.actors() != match.state.actors():
            continue  # the turn passes: a new post anyway, no board in an edit
        assert len(refusing) > before, "the post's edit with the new board was tried, and refused"
        new = boards_in(channel)[-1]
        assert new.id != post.id, "the turn is posted anew"
        assert await new.attachments[0].read() != image, "with the new board"
        said = words_for(match.game.id).said(match.state, pick, "en") or pick
        assert said in text_of(new), "telling the move, in words"
        assert labels_of(new), "with the controls of the next decision"
        assert labels_of(message(channel, post.id)) == [], "the old post has no controls left"
        assert after.board_message_id == new.id, "the new post is the turn post from now on"
        reposted += 1
    assert reposted >= 2
    # The next click, on the new post, plays.
    match = await env.bot.service.current(channel.id)
    assert match is not None
    post = boards_in(channel)[-1]
    buttons = move_buttons(post)
    pick = next(move for move in buttons if move in legal(match))
    await players[match.to_act()[0]].click(post, label=buttons[pick])
    assert not env.errors, env.errors
    after = await env.bot.service.current(channel.id)
    assert after is not None and after.version > match.version


async def test_a_click_whose_response_edit_is_refused_is_still_answered_and_the_post_edited(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    env, channel = world["env"], world["channel"]
    players = {world["alice"].id: world["alice"], world["bob"].id: world["bob"]}
    await start_ur(world)
    refusing = refuse(monkeypatch, responses_only=True)
    edited = 0
    for _ in range(40):
        match = await env.bot.service.current(channel.id)
        assert match is not None and match.status is MatchStatus.ACTIVE
        if edited >= 2:
            break
        post = boards_in(channel)[-1]
        image = await post.attachments[0].read()
        buttons = move_buttons(post)
        pick = next(move for move in reversed(buttons) if move in legal(match))
        before = len(refusing)
        result = await players[match.to_act()[0]].click(post, label=buttons[pick])
        assert not env.errors, env.errors
        assert result.acknowledged, "the click is answered, though not by the refused edit"
        after = await env.bot.service.current(channel.id)
        assert after is not None and after.version > match.version, "the move was played"
        if after.state.actors() != match.state.actors():
            continue
        assert len(refusing) > before, "the click's response editing the post with the new board was refused"
        now = message(channel, post.id)
        assert boards_in(channel)[-1].id == post.id, "the post is edited in place (through the channel)"
        assert await now.attachments[0].read() != image and labels_of(now), "new board, next controls"
        edited += 1
    assert edited >= 2


def test_only_edits_bringing_a_new_image_into_a_gallery_are_refused() -> None:
    gallery = {"components": [{"type": 17, "components": [{"type": MEDIA_GALLERY, "items": []}]}]}
    png = [discord.File(io.BytesIO(b"png"), "board.png")]
    assert refused("PATCH", "/channels/1/messages/2", gallery, png)
    assert refused("POST", "/interactions/1/t/callback", {"type": 7, "data": gallery}, png)
    assert not refused("PATCH", "/channels/1/messages/2", gallery, [])
    assert not refused("POST", "/channels/1/messages", gallery, png)
    assert not refused("POST", "/interactions/1/t/callback", {"type": 4, "data": gallery}, png)
    assert not refused("PATCH", "/channels/1/messages/2", gallery, png, responses_only=True)
    assert refused("POST", "/interactions/1/t/callback", {"type": 7, "data": gallery}, png, responses_only=True)
