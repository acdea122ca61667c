"""The ``/plateau`` command group: help, server settings, a match's pace (``pace``), taking over a seat the AI
plays (``replace``), a member's standing salt (``salt``) and their plans ahead (``plans``).

These live outside ``/game`` because Discord allows at most 25 subcommands in a group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import fairness
from bot.app.i18n import language_of, t
from bot.app.matches import MatchError
from bot.app.member_text import inert
from bot.shell.cogs.game import MATCH, deadline_choices
from bot.shell.consent.pace import ask as ask_pace
from bot.shell.consent.replace import ask as ask_replace
from bot.shell.desk.pings_ui import book_of, ping_lines, ping_menus
from bot.shell.display import PALETTE
from bot.shell.events import event_ui
from bot.shell.guide.help import help_page
from bot.shell.orders import panel as orders_panel
from bot.shell.plans import flow as plan_flow
from bot.shell.settings.panel import show_panel
from bot.shell.timeoff.settings import TIME_OFF_OPTIONS, time_off_settings
from bot.shell.timeoff.weekend import ask as ask_weekend
from bot.shell.translator import command, ls, opt, options

if TYPE_CHECKING:
    from bot.shell.client import PlateauBot


@app_commands.guild_only()
class PlateauCog(
    commands.GroupCog,
    group_name=ls("plateau", "cmd.plateau.name"),
    group_description=ls(
        "About Plateau: help, settings, a match's pace, taking over an AI seat, your standing salt", "cmd.plateau.desc"
    ),
):
    """How to use the bot, and the server's settings for matches."""

    def __init__(self, bot: PlateauBot) -> None:
        self.bot = bot
        super().__init__()

    @command("help", "How to play with Plateau")
    async def help(self, interaction: discord.Interaction) -> None:
        """A short first screen, the rest in pages (see :mod:`bot.shell.guide.help`)."""
        embed, view = help_page(language_of(interaction.locale), 1)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @command("plans", "See, make or cancel your plans ahead (only you see them)")
    async def plans(self, interaction: discord.Interaction) -> None:
        """The member's plans, privately, with a button to make one in this channel's match."""
        await plan_flow.show_plans(self.bot.shell, interaction)

    @command("settings", "Server settings for matches (Manage Server), and your own board colours")
    @options(
        ai_rated=opt("ai_rated", "Whether matches with AI players count for ratings (default: no)"),
        palette=opt("palette", "The colours of your own boards (DMs, Show my view)"),
        **TIME_OFF_OPTIONS,
    )
    @app_commands.choices(
        palette=[
            app_commands.Choice(name=ls("Standard (colour-blind safe)", "choice.palette.standard"), value="standard"),
            app_commands.Choice(name=ls("High contrast", "choice.palette.contrast"), value="contrast"),
        ]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        ai_rated: bool | None = None,
        palette: app_commands.Choice[str] | None = None,
        auto_vacation: bool | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        answer_time: bool | None = None,
    ) -> None:
        """Show or change the server's settings (members with Manage Server) and the caller's own palette."""
        lang = language_of(interaction.locale)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise MatchError("no_match")
        if ai_rated is not None:
            if not (interaction.permissions.manage_guild or interaction.permissions.administrator):
                raise MatchError("settings_forbidden")
            await self.bot.service.set_guild_setting(guild_id, "ai_rated", "1" if ai_rated else "0")
        user_id = interaction.user.id
        if palette is not None:
            await self.bot.service.set_user_pref(user_id, PALETTE, None if palette.value == "standard" else "contrast")
        current = await self.bot.service.guild_setting(guild_id, "ai_rated") == "1"
        mine = await self.bot.service.user_pref(user_id, PALETTE) == "contrast"
        lines = [
            t(lang, "settings.ai_rated.on" if current else "settings.ai_rated.off"),
            t(lang, "settings.palette.contrast" if mine else "settings.palette.standard"),
            *await time_off_settings(self.bot.service, user_id, lang, auto_vacation, time_zone, answer_time),
        ]
        channel_id = interaction.channel_id
        here = await self.bot.service.current(channel_id) if channel_id is not None else None
        await show_panel(self.bot.shell, interaction, here, lines)
        # The member's own pings, with their three menus (bot.shell.desk.pings_ui), in a message of their own.
        prefs = await book_of(self.bot).prefs(user_id)
        await interaction.followup.send(
            "\n".join(ping_lines(prefs, lang)), view=ping_menus(prefs, lang), ephemeral=True
        )

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
        organiser = await event_ui(self.bot).is_organiser(interaction)
        await ask_pace(self.bot.shell, interaction, match, pace.value, organiser=organiser)

    @command("weekend", "Ask the other players to pause the match's deadlines on Saturdays and Sundays")
    @options(pause=opt("pause", "Pause at weekends (no: let the deadlines run again)"), match=MATCH)
    async def weekend(
        self, interaction: discord.Interaction, pause: bool = True, match: app_commands.Range[int, 1] | None = None
    ) -> None:
        """Ask the players of a match to pause its deadlines at weekends, or to stop."""
        await ask_weekend(self.bot.shell, interaction, match, pause)

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

    @command("orders", "Standing orders for the routine steps of a match (Ursuppe, Ultima-Tek), seen only by you")
    @options(match=MATCH)
    async def orders(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Show the caller their standing orders in a match, privately, with the panel to change them."""
        await orders_panel.show(self.bot.shell, interaction, match)

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
        kept = await self.bot.service.set_standing_salt(interaction.user.id, text)
        lang = language_of(interaction.locale)
        reply = t(lang, "fair.standing_cleared") if kept is None else t(lang, "fair.standing_set", salt=inert(kept))
        await interaction.response.send_message(reply, ephemeral=True)


async def setup(bot: PlateauBot) -> None:
    """Extension entry point."""
    await bot.add_cog(PlateauCog(bot))
