"""``/plateau plans``: the member's plans ahead, privately. The group is assembled in :mod:`bot.shell.groups`."""

from __future__ import annotations

import discord

from bot.shell.context import ShellHolder
from bot.shell.plans import flow as plan_flow
from bot.shell.translator import command


class PlansCommands:
    """``/plateau plans``."""

    bot: ShellHolder

    @command("plans", "See, make or cancel your plans ahead (only you see them)")
    async def plans(self, interaction: discord.Interaction) -> None:
        """The member's plans, privately, with a button to make one in this channel's match."""
        await plan_flow.show_plans(self.bot.shell, interaction)
