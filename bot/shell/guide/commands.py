"""The guide's commands: ``/game rules`` and ``genes``, ``/plateau help``. The groups are assembled in
:mod:`bot.shell.groups`."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.i18n import language_of
from bot.shell.context import ShellHolder
from bot.shell.guide.help import help_page
from bot.shell.guide.rules import show_genes, show_rules
from bot.shell.parameters import variant_choices
from bot.shell.translator import command, opt, options


class GameGuideCommands:
    """``/game rules`` and ``/game genes``."""

    bot: ShellHolder

    @command("rules", "The rules of a game, in short")
    @options(game=opt("game", "The game and rule set (default: this channel's match)", described="rules_game"))
    @app_commands.choices(game=variant_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        """Explain a rule set in our own words."""
        await show_rules(self.bot.shell.service, interaction, None if game is None else game.value)

    @command("genes", "Ursuppe: every gene with its price, mutation points and effect")
    async def genes(self, interaction: discord.Interaction) -> None:
        """List Ursuppe's genes in the reader's language."""
        await show_genes(interaction)


class PlateauGuideCommands:
    """``/plateau help``."""

    @command("help", "How to play with Plateau")
    async def help(self, interaction: discord.Interaction) -> None:
        """A short first screen, the rest in pages (see :mod:`bot.shell.guide.help`)."""
        embed, view = help_page(language_of(interaction.locale), 1)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
