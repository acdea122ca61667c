"""The fairness commands: ``/game verify`` (a match's chance re-checked) and ``/plateau salt`` (a member's standing
salt). The groups are assembled in :mod:`bot.shell.groups`."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app import fairness
from bot.app.i18n import language_of, t
from bot.app.member_text import inert
from bot.shell.context import ShellHolder
from bot.shell.fairness import fair_chance
from bot.shell.parameters import MATCH
from bot.shell.translator import command, opt, options


class GameFairnessCommands:
    """``/game verify``."""

    bot: ShellHolder

    @command("verify", "Check that a match's dice and draws were fair")
    @options(match=MATCH)
    async def verify(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """The commitment, salts and (once over) the seed of a match, with every draw re-checked."""
        await fair_chance.verify(self.bot.shell, interaction, match)


class PlateauFairnessCommands:
    """``/plateau salt``."""

    bot: ShellHolder

    @command("salt", "Keep a salt for every match you play (without text: forget it)", described="standing_salt")
    @options(
        text=opt(
            "text",
            "Any text of yours; leave it out to forget your standing salt",
            key="salt_text",
            described="standing_salt_text",
        )
    )
    async def salt(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 1, fairness.MAX_SALT] | None = None
    ) -> None:
        """Set or forget the caller's standing salt, which every match they start in takes (privately)."""
        kept = await self.bot.shell.service.set_standing_salt(interaction.user.id, text)
        lang = language_of(interaction.locale)
        reply = t(lang, "fair.standing_cleared") if kept is None else t(lang, "fair.standing_set", salt=inert(kept))
        await interaction.response.send_message(reply, ephemeral=True)
