"""The commands that put a question to the other players: ``/game draw`` and ``undo``, ``/plateau pace`` and
``replace``. The groups are assembled in :mod:`bot.shell.groups`."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.shell.consent.draw import offer_draw
from bot.shell.consent.pace import ask as ask_pace
from bot.shell.consent.replace import ask as ask_replace
from bot.shell.consent.undo import request_undo
from bot.shell.context import EventsHolder, ShellHolder, is_organiser
from bot.shell.parameters import MATCH, deadline_choices
from bot.shell.translator import command, opt, options


class GameConsentCommands:
    """``/game draw`` and ``/game undo``."""

    bot: ShellHolder

    @command("draw", "Offer your opponents a draw")
    async def draw(self, interaction: discord.Interaction) -> None:
        """Offer a draw (the others accept or decline with buttons)."""
        await offer_draw(self.bot.shell, interaction)

    @command("undo", "Ask the other players to take back your last move")
    async def undo(self, interaction: discord.Interaction) -> None:
        """Request an undo (the others accept or refuse with buttons)."""
        await request_undo(self.bot.shell, interaction)


class PlateauConsentCommands:
    """``/plateau pace`` and ``/plateau replace``."""

    bot: EventsHolder

    @command("pace", "Ask the other players to change the match's pace: live minutes, or play by post")
    @options(pace=opt("pace", "The time each player would have for a turn"), match=MATCH)
    @app_commands.choices(pace=deadline_choices())
    async def pace(
        self,
        interaction: discord.Interaction,
        pace: app_commands.Choice[str],
        match: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """Ask the players of a match to switch its pace (an event's organiser switches an event's game at once)."""
        organiser = await is_organiser(self.bot, interaction)
        await ask_pace(self.bot.shell, interaction, match, pace.value, organiser=organiser)

    @command("replace", "Take over a seat the AI plays since its player left (the players must agree)")
    @options(
        match=MATCH,
        seat=opt("seat", "The seat's number (default: the only seat the AI took over)", key="replace_seat"),
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1] | None = None,
        seat: app_commands.Range[int, 1, 6] | None = None,
    ) -> None:
        """Ask the players of a match to let the caller play a seat the AI took over from a member."""
        await ask_replace(self.bot.shell, interaction, match, None if seat is None else seat - 1)
