"""``/game``'s commands about a match's past: ``history``, ``replay`` and ``export``. The group is assembled in
:mod:`bot.shell.groups`; ``/review`` and ``/leaderboard`` are commands of their own (:mod:`.review`,
:mod:`.ratings`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.shell.context import ShellHolder
from bot.shell.history import past
from bot.shell.parameters import MATCH
from bot.shell.translator import command, options


class HistoryCommands:
    """``/game history``, ``replay`` and ``export``."""

    bot: ShellHolder

    @command("history", "A match told turn by turn, page by page")
    @options(match=MATCH)
    async def history(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Show the move log."""
        await past.show_history(self.bot.shell, interaction, match)

    @command("replay", "An animated replay of a match")
    @options(match=MATCH)
    async def replay(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Post an animated replay."""
        await past.replay(self.bot.shell, interaction, match)

    @command("export", "The match record as a text file that replays exactly")
    @options(match=MATCH)
    async def export(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Send the match record."""
        await past.export(self.bot.shell, interaction, match)
