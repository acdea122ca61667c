"""A forged "How it went" button (issue 37, fault 8): its custom id names a match, and a modified client can name
any. The review of a finished match in a channel the caller cannot see, or of another server, is refused exactly
as every other read path refuses it (as a match of another server), and nothing of it is sent."""

from __future__ import annotations

from typing import Any

import discord

from tests.test_bot_privacy import club, not_found_text, private_match  # noqa: F401 (club is a fixture)


async def forge_click(actor: Any, message: discord.Message, custom_id: str) -> Any:
    """A click on a button ``message`` never held, as a modified client can send it: the message is told with that
    button among its components (SimCord's ``click`` refuses a button the message does not hold)."""
    from simcord import actors
    from simcord.backend import serializers

    stored = actors._visible_message(actor, message)
    backend = actor._env.backend
    payload = dict(serializers.message_payload(backend, stored))
    button = {"type": 2, "style": 2, "label": "How it went", "custom_id": custom_id}
    payload["components"] = [{"type": 1, "components": [button]}]
    channel = actors.ChannelHandle(actor._env, actor.guild, backend.get_channel(stored.channel_id))
    data = {"custom_id": custom_id, "component_type": discord.ComponentType.button.value}
    return await actors._dispatch_actor_interaction(
        actor,
        actors.InteractionType.MESSAGE_COMPONENT,
        channel,
        data,
        extra={"message": payload},
        source_message_id=stored.id,
    )


def refused(answer: Any, expected: str, env: Any) -> None:
    """The forged click got the not-found reply, privately, and no review (no text, no chart)."""
    assert answer.response is not None and answer.response.ephemeral, (answer, env.errors)
    assert answer.response.content == expected
    assert env.errors, "refused through the one error handler"
    env.errors.clear()
    assert not answer.followups and not answer.response.attachments


async def test_a_forged_review_button_of_a_channel_the_caller_cannot_see_is_refused(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, carol, bob = club["env"], club["channel"], club["carol"], club["bob"]
    match = await private_match(club)
    expected = await not_found_text(club, "game history")
    lobby = (await carol.slash(channel, "game new", game="ur:v2", thread=False)).response.message
    refused(await forge_click(carol, lobby, f"plateau:review:{match.id}"), expected, env)
    # A player of the match still reads its review with the same button, from wherever they see it.
    shown = await forge_click(bob, lobby, f"plateau:review:{match.id}")
    assert shown.response.ephemeral and shown.response.attachments, "the review and its chart, privately"


async def test_a_forged_review_button_of_another_server_is_refused(club: dict[str, Any]) -> None:  # noqa: F811
    env, alice = club["env"], club["alice"]
    match = await private_match(club)
    expected = await not_found_text(club, "game history")
    other = env.create_guild(name="Elsewhere")
    there = other.add_member(alice.user)
    hall = other.create_text_channel("hall")
    lobby = (await there.slash(hall, "game new", game="ur:v2", thread=False)).response.message
    refused(await forge_click(there, lobby, f"plateau:review:{match.id}"), expected, env)
