"""``/plateau weekend``: ask the other players to pause a match's deadlines at weekends. The group is assembled in
:mod:`bot.shell.groups`."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.shell.context import ShellHolder
from bot.shell.parameters import MATCH
from bot.shell.timeoff.weekend import ask as ask_weekend
from bot.shell.translator import command, opt, options


class TimeOffCommands:
    """``/plateau weekend``."""

    bot: ShellHolder

    @command("weekend", "Ask the other players to pause the match's deadlines on Saturdays and Sundays")
    @options(pause=opt("pause", "Pause at weekends (no: let the deadlines run again)"), match=MATCH)
    async def weekend(
        self, interaction: discord.Interaction, pause: bool = True, match: app_commands.Range[int, 1] | None = None
    ) -> None:
        """Ask the players of a match to pause its deadlines at weekends, or to stop."""
        await ask_weekend(self.bot.shell, interaction, match, pause)
