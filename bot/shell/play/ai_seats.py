"""AI players in the bot: a listener that lets an AI seat act after every published change."""

from __future__ import annotations

from typing import Protocol

from discord.ext import commands

from bot.app.ai_runner import AIRunner
from bot.app.matches import Match


class Seating(Protocol):
    """What the AI seats use of the bot (:class:`bot.shell.client.PlateauBot`, the composition root, which a feature
    does not import)."""

    ai: AIRunner

    async def add_cog(self, cog: commands.Cog) -> None: ...


class AICog(commands.Cog):
    """Hands every change to :class:`bot.app.ai_runner.AIRunner`, and sweeps once the bot is ready."""

    def __init__(self, bot: Seating) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_match_changed(self, match: Match) -> None:
        """A new board was published: an AI seat that must act now does."""
        self.bot.ai.schedule(match)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a (re)start, every match waiting for an AI seat gets its move."""
        await self.bot.ai.sweep()


async def setup(bot: Seating) -> None:
    """Extension entry point."""
    await bot.add_cog(AICog(bot))
