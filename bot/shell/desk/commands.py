"""``/game mine``: the member's desk, opened in their DMs. The group is assembled in :mod:`bot.shell.groups`."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.shell.desk.keeper import DeskKeeper
from bot.shell.translator import command


class DeskHolder(Protocol):
    """What ``/game mine`` uses of the bot: the keeper of every member's desk."""

    @property
    def desk(self) -> DeskKeeper: ...


class DeskCommands:
    """``/game mine``."""

    bot: DeskHolder

    @command("mine", "Open your desk: every match you play, kept up to date in your DMs")
    async def mine(self, interaction: discord.Interaction) -> None:
        """Open the caller's desk (see :mod:`bot.shell.desk`)."""
        await self.bot.desk.open(interaction)
