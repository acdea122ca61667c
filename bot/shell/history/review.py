"""``/review`` and the "How it went" button of an end post (:class:`ReviewButton`, beside its handler
:func:`show_review`): how a finished match went, told and charted (see :mod:`bot.app.records.review`).

Refused while the match is played (an estimate would be a hint). Computed off the event loop within the
heavy-work bound, one review at a time per match, and kept per match version, names and language: an
ended match never changes, so asking again costs nothing.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchStatus
from bot.app.records import review
from bot.shell.components import MatchButton
from bot.shell.context import ExtensionHost, Shell
from bot.shell.display import public_language, variant_label
from bot.shell.parameters import MATCH
from bot.shell.translator import command, options
from bot.shell.visibility import open_to_everyone

LIMIT = 2000
"""Characters of a message's content."""


class ReviewButton(MatchButton, kind="review", emoji="📈", label="How it went"):
    """Under an end post: the review, for the member who taps it alone (the channel is not filled with
    copies of it)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Send the review privately, of a match the caller may see on this server (the match number comes from a
        custom id, which a forged client can set to any match's: checked as every other read path checks it)."""
        await show_review(shell, interaction, await shell.pbp.find(interaction, self.match_id), private=True)


async def show_review(shell: Shell, interaction: discord.Interaction, match: Match, *, private: bool) -> None:
    """Send the review of ``match``, to the caller alone when ``private`` (else for the channel, in its
    language).

    Raises:
        MatchError: ``review_during_play``, ``review_aborted``, ``review_busy``.
    """
    if match.status is MatchStatus.ABORTED:
        raise MatchError("review_aborted")
    if match.status is not MatchStatus.FINISHED:
        raise MatchError("review_during_play")
    lang = language_of(interaction.locale) if private else public_language(interaction)
    names = tuple(await shell.ui.names(match))
    key = (match.id, match.version, names, lang)
    found = shell.heavy.reviews.get(key)
    if found is None:
        with shell.heavy.one_at_a_time(("review", match.id), MatchError("review_busy")):
            await interaction.response.defer(thinking=True, ephemeral=private)
            entries = list(await shell.service.history(match.id))
            found = await shell.heavy.run(lambda: review.build(match, entries, names, lang))
        shell.heavy.reviews.put(key, found)
    else:
        await interaction.response.defer(thinking=True, ephemeral=private)
    told, chart = found
    title = t(lang, "review.title", id=match.id, game=variant_label(match, lang))
    text = review.message(told, title, lang)
    await interaction.followup.send(
        text[:LIMIT],
        file=discord.File(io.BytesIO(chart), filename=f"plateau-review-{match.id}.png"),
        ephemeral=private,
        allowed_mentions=discord.AllowedMentions.none(),
    )


class ReviewCog(commands.Cog):
    """``/review``, a command of its own (``/game`` holds Discord's 25 subcommands)."""

    def __init__(self, bot: ExtensionHost) -> None:
        self.bot = bot

    @command("review", "How a finished match went: winning chances, turning points, luck and choices")
    @options(match=MATCH)
    async def review(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """The after-match review (finished matches only): for everyone where everyone could watch the match."""
        found = await self.bot.shell.pbp.find(interaction, match)
        private = not await open_to_everyone(interaction, found)
        await show_review(self.bot.shell, interaction, found, private=private)


async def setup(bot: ExtensionHost) -> None:
    """Extension entry point."""
    await bot.add_cog(ReviewCog(bot))
