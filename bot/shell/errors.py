"""The one place where errors become replies.

Engine errors (bad notation, illegal move, not your turn) and service refusals become a short
ephemeral explanation in the user's language, with the legal moves when that helps. Anything else is
logged with the command, the user and the channel, and answered with a polite apology.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.app.i18n import has, language_of, t
from bot.app.matches import MatchError
from bot.shell.context import shell_or_none
from games.base import GameError, NotationError, NotYourTurnError

log = logging.getLogger(__name__)

MAX_LEGAL_SHOWN = 15


def explain(error: BaseException, lang: str) -> str | None:
    """The reply text for an expected error, or None when the error is unexpected."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, MatchError):
        return t(lang, f"match_error.{error.key}", **error.params)
    if isinstance(error, NotYourTurnError):
        return t(lang, "error.not_your_turn")
    if isinstance(error, GameError):
        if error.key and has(lang, f"error.{error.key}"):
            text = t(lang, f"error.{error.key}", **error.params)
        else:
            text = error.message[:1].upper() + error.message[1:] + "."
        header = t(lang, "error.bad_notation" if isinstance(error, NotationError) else "error.illegal")
        lines = [f"{header} {text}"]
        if error.legal:
            shown = ", ".join(f"`{m}`" for m in error.legal[:MAX_LEGAL_SHOWN])
            more = len(error.legal) - MAX_LEGAL_SHOWN
            lines.append(t(lang, "error.legal_moves", moves=shown) + (f" (+{more})" if more > 0 else ""))
        if error.step is not None:
            number, count, move = error.step
            lines.insert(0, t(lang, "error.sequence_step", number=number, count=count, move=move))
        return "\n".join(lines)
    if isinstance(error, app_commands.NoPrivateMessage):
        return t(lang, "error.guild_only")
    if isinstance(error, app_commands.CheckFailure):
        return t(lang, "error.not_allowed")
    return None


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``interaction`` ephemerally about ``error``; log it when it was unexpected."""
    lang = language_of(interaction.locale)
    text = explain(error, lang)
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, MatchError) and original.key == "no_match":
        # In a channel whose matches run in threads, point to them rather than saying there is none.
        shell = shell_or_none(interaction)
        if shell is not None:
            try:
                text = await shell.pbp.thread_matches(interaction) or text
            except Exception:
                log.warning("could not list the thread matches of channel %s", interaction.channel_id, exc_info=True)
    if text is None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        # Only the command name or the component's id: the options may hold a secret set-up.
        data: dict[str, Any] = dict(interaction.data or {})
        command = interaction.command.qualified_name if interaction.command else data.get("custom_id", "?")
        log.error(
            "unexpected error in %s by user %s in channel %s (guild %s)",
            command,
            interaction.user.id,
            interaction.channel_id,
            interaction.guild_id,
            exc_info=original,
        )
        text = t(lang, "error.unexpected")
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell user %s about an error", interaction.user.id, exc_info=True)


class PlateauTree(app_commands.CommandTree[discord.Client]):
    """The command tree, with every command's errors going to :func:`reply_error`."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Reply about ``error`` (see :func:`reply_error`)."""
        await reply_error(interaction, error)
