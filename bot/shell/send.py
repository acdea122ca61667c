"""Publishing's last step: a turn post sent or edited on Discord, as the answer to an interaction when one waits.

Discord's refusals are told apart here (a post gone, an edit refused) so that the publisher can post anew.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any, Literal

import discord

from bot.app.matches import Match
from bot.shell.display import Display

log = logging.getLogger(__name__)

EditOutcome = Literal["edited", "gone", "refused"]
"""What came of editing a turn post: edited, gone (deleted, or out of reach), or the edit refused."""


async def edit_post(
    bot: discord.Client,
    match: Match,
    message_id: int,
    layout: discord.ui.LayoutView,
    files: list[discord.File] | None,
    respond: discord.Interaction | None = None,
) -> EditOutcome:
    """Edit a turn post in place, as the response to ``respond`` (a click on that post) when given. Without
    ``files`` the post keeps its picture. Says whether it was edited, is gone, or refused the edit."""
    fields: dict[str, Any] = {} if files is None else {"attachments": files}
    if respond is not None and not respond.response.is_done():
        try:
            await respond.response.edit_message(view=layout, **fields)
            return "edited"
        except discord.HTTPException:
            # The interaction expired or the edit was refused (Discord refuses some edits that bring a new
            # image into a gallery): the post is edited the usual way, the click acknowledged first if it
            # still can be, lest its player see "This interaction failed".
            log.info("the click on turn post %s of match %s could not be answered", message_id, match.id)
            for file in files or ():
                file.reset()
            with contextlib.suppress(discord.HTTPException):
                await respond.response.defer()
    try:
        await (
            bot.get_partial_messageable(match.channel_id)
            .get_partial_message(message_id)
            .edit(view=layout, allowed_mentions=discord.AllowedMentions.none(), **fields)
        )
    except (discord.NotFound, discord.Forbidden):
        log.info("turn post %s of match %s is gone", message_id, match.id)
        return "gone"
    except discord.HTTPException as exc:
        log.info("turn post %s of match %s could not be edited (HTTP %s)", message_id, match.id, exc.status)
        return "refused"
    return "edited"


async def send_post(
    bot: discord.Client,
    display: Display,
    match: Match,
    layout: discord.ui.LayoutView,
    files: list[discord.File],
    mentions: discord.AllowedMentions,
    interaction: discord.Interaction | None,
) -> int:
    """Send a new turn post; as the answer to ``interaction`` when given (its response when not answered
    yet, else its follow-up). Returns the post's message id."""
    if interaction is not None and interaction.response.is_done():
        followup = await interaction.followup.send(view=layout, files=files, allowed_mentions=mentions, wait=True)
        return followup.id
    if interaction is not None:
        try:
            answer = await interaction.response.send_message(view=layout, files=files, allowed_mentions=mentions)
            if answer.message_id is not None:
                return answer.message_id
            return (await interaction.original_response()).id
        except discord.HTTPException:
            log.info("the command of match %s could not be answered with its post", match.id)
            for file in files:
                file.reset()
    try:
        # Straight to the channel: one request. Only when that fails is the channel looked up (an archived
        # thread is reopened) and the post sent again.
        message = await bot.get_partial_messageable(match.channel_id).send(
            view=layout, files=files, allowed_mentions=mentions
        )
    except discord.HTTPException:
        channel = await display.open_channel(match.channel_id)
        for file in files:
            file.reset()  # the first attempt read them
        message = await channel.send(view=layout, files=files, allowed_mentions=mentions)
    return message.id
