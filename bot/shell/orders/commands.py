"""``/plateau orders``: a member's standing orders in a match, privately. The group is assembled in
:mod:`bot.shell.groups`."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.shell.context import ShellHolder
from bot.shell.orders import panel as orders_panel
from bot.shell.parameters import MATCH
from bot.shell.translator import command, options


class OrdersCommands:
    """``/plateau orders``."""

    bot: ShellHolder

    @command("orders", "Standing orders for the routine steps of a match (Ursuppe, Ultima-Tek), seen only by you")
    @options(match=MATCH)
    async def orders(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Show the caller their standing orders in a match, privately, with the panel to change them."""
        await orders_panel.show(self.bot.shell, interaction, match)
