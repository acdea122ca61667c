"""``/review``: how a finished match went (a command of its own: ``/game`` holds Discord's 25 subcommands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.shell.cogs.game import MATCH
from bot.shell.history.review import show_review
from bot.shell.translator import command, options
from bot.shell.visibility import open_to_everyone

if TYPE_CHECKING:
    from bot.shell.client import PlateauBot


class ReviewCog(commands.Cog):
    """The after-match review (see :mod:`bot.shell.history.review`)."""

    def __init__(self, bot: PlateauBot) -> None:
        self.bot = bot

    @command("review", "How a finished match went: winning chances, turning points, luck and choices")
    @options(match=MATCH)
    async def review(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """The after-match review (finished matches only): for everyone where everyone could watch the match."""
        found = await self.bot.shell.pbp.find(interaction, match)
        private = not await open_to_everyone(interaction, found)
        await show_review(self.bot.shell, interaction, found, private=private)


async def setup(bot: PlateauBot) -> None:
    """Extension entry point."""
    await bot.add_cog(ReviewCog(bot))
