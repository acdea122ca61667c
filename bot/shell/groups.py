"""The ``/game`` and ``/plateau`` command groups, assembled from their features' parts.

Each feature declares its commands of a group in a class of its own, in its folder's ``commands.py`` (the lobby's
``/game new`` in :mod:`bot.shell.lobby.commands`, ``/plateau orders`` in :mod:`bot.shell.orders.commands`), naming
by a protocol what it uses of the bot. A group's cog here inherits those parts and lists the order Discord shows
its subcommands in. ``/plateau`` exists because Discord allows at most 25 subcommands in a group: ``/game`` is
full.

One command is declared here: ``/plateau settings`` gathers the settings of three features (the server's and the
member's board colours in :mod:`bot.shell.settings`, time off in :mod:`bot.shell.timeoff`, pings in
:mod:`bot.shell.desk`), two of which stand above the settings' folder (the turn post, below them, shows the
settings' autopilot button).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.i18n import language_of, t
from bot.app.matches import MatchError
from bot.shell.consent.commands import GameConsentCommands, PlateauConsentCommands
from bot.shell.context import ShellHolder
from bot.shell.desk.commands import DeskCommands, DeskHolder
from bot.shell.desk.pings_ui import book_of, ping_lines, ping_menus
from bot.shell.display import PALETTE
from bot.shell.fairness.commands import GameFairnessCommands, PlateauFairnessCommands
from bot.shell.guide.commands import GameGuideCommands, PlateauGuideCommands
from bot.shell.history.commands import HistoryCommands
from bot.shell.lobby.commands import LobbyCommands
from bot.shell.orders.commands import OrdersCommands
from bot.shell.pbp.commands import PostCommands, PostHolder
from bot.shell.plans.commands import PlansCommands
from bot.shell.play.commands import PlayCommands, PlayingBot
from bot.shell.settings.panel import show_panel
from bot.shell.timeoff.commands import TimeOffCommands
from bot.shell.timeoff.settings import TIME_OFF_OPTIONS, time_off_settings
from bot.shell.translator import command, ls, opt, options


class GroupsBot(PlayingBot, DeskHolder, PostHolder, Protocol):
    """What the parts of both groups use of the bot (:class:`bot.shell.client.PlateauBot`)."""

    async def add_cog(self, cog: commands.Cog) -> None: ...


def in_order(cog: type[commands.Cog], names: Sequence[str]) -> None:
    """Put the subcommands the parts of ``cog`` declare in the order ``names`` gives, each named once (the order
    Discord shows them in, which the parts' order of inheritance alone cannot give)."""
    declared = {sub.name: sub for sub in cog.__cog_app_commands__}
    if sorted(declared) != sorted(names):
        raise TypeError(f"{cog.__name__} declares {sorted(declared)}, ordered {sorted(names)}")
    cog.__cog_app_commands__ = [declared[name] for name in names]


@app_commands.guild_only()
class GameCog(
    LobbyCommands,
    PlayCommands,
    GameConsentCommands,
    GameGuideCommands,
    HistoryCommands,
    GameFairnessCommands,
    DeskCommands,
    PostCommands,
    commands.GroupCog,
    group_name=ls("game", "cmd.game.name"),
    group_description=ls("Play board games", "cmd.game.desc"),
):
    """Create, join and play matches in a channel or thread."""

    bot: GroupsBot

    def __init__(self, bot: GroupsBot) -> None:
        self.bot = bot
        super().__init__()


in_order(
    GameCog,
    (
        *("new", "join", "leave", "start", "move", "board", "status", "view", "resign", "hint", "draw", "abort"),
        *("rules", "genes", "undo", "history", "replay", "export", "salt", "verify", "mine", "list", "vacation"),
        *("quiet", "notify"),
    ),
)


class SettingsCommands:
    """``/plateau settings`` (see the module docstring for why it is declared here)."""

    bot: ShellHolder

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
            await self.bot.shell.service.set_guild_setting(guild_id, "ai_rated", "1" if ai_rated else "0")
        user_id = interaction.user.id
        if palette is not None:
            await self.bot.shell.service.set_user_pref(
                user_id, PALETTE, None if palette.value == "standard" else "contrast"
            )
        current = await self.bot.shell.service.guild_setting(guild_id, "ai_rated") == "1"
        mine = await self.bot.shell.service.user_pref(user_id, PALETTE) == "contrast"
        lines = [
            t(lang, "settings.ai_rated.on" if current else "settings.ai_rated.off"),
            t(lang, "settings.palette.contrast" if mine else "settings.palette.standard"),
            *await time_off_settings(self.bot.shell.service, user_id, lang, auto_vacation, time_zone, answer_time),
        ]
        channel_id = interaction.channel_id
        here = await self.bot.shell.service.current(channel_id) if channel_id is not None else None
        await show_panel(self.bot.shell, interaction, here, lines)
        # The member's own pings, with their three menus (bot.shell.desk.pings_ui), in a message of their own.
        prefs = await book_of(self.bot.shell.client).prefs(user_id)
        await interaction.followup.send(
            "\n".join(ping_lines(prefs, lang)), view=ping_menus(prefs, lang), ephemeral=True
        )


@app_commands.guild_only()
class PlateauCog(
    PlateauGuideCommands,
    PlansCommands,
    SettingsCommands,
    PlateauConsentCommands,
    TimeOffCommands,
    OrdersCommands,
    PlateauFairnessCommands,
    commands.GroupCog,
    group_name=ls("plateau", "cmd.plateau.name"),
    group_description=ls(
        "About Plateau: help, settings, a match's pace, taking over an AI seat, your standing salt", "cmd.plateau.desc"
    ),
):
    """How to use the bot, and the server's settings for matches."""

    bot: GroupsBot

    def __init__(self, bot: GroupsBot) -> None:
        self.bot = bot
        super().__init__()


in_order(PlateauCog, ("help", "plans", "settings", "pace", "weekend", "replace", "orders", "salt"))


async def setup(bot: GroupsBot) -> None:
    """Extension entry point: ``/game``, then ``/plateau``."""
    await bot.add_cog(GameCog(bot))
    await bot.add_cog(PlateauCog(bot))
