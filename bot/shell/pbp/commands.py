"""``/game``'s play-by-post commands: ``list`` (open matches), ``vacation``, ``quiet`` (hours when reminders wait)
and ``notify`` (how a match pings the member). The group is assembled in :mod:`bot.shell.groups`."""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import Protocol

import discord
from discord import app_commands

from bot.app.clocks.deadlines import QuietHoursError, parse_quiet_hours
from bot.app.matches import MatchError
from bot.shell.parameters import MAX_CHOICES
from bot.shell.pbp.post_ui import PostUI
from bot.shell.translator import command, ls, opt, options


class PostHolder(Protocol):
    """What these commands use of the bot: its play-by-post features."""

    @property
    def pbp(self) -> PostUI: ...


class PostCommands:
    """``/game list``, ``vacation``, ``quiet`` and ``notify``."""

    bot: PostHolder

    @command("list", "Open matches of this channel or server")
    @options(scope=opt("where", "This channel or the whole server", key="scope"))
    @app_commands.choices(
        scope=[
            app_commands.Choice(name=ls("This channel", "choice.scope.channel"), value="channel"),
            app_commands.Choice(name=ls("The whole server", "choice.scope.server"), value="server"),
        ]
    )
    async def list_matches(
        self, interaction: discord.Interaction, scope: app_commands.Choice[str] | None = None
    ) -> None:
        """List open matches."""
        await self.bot.pbp.list_open(interaction, scope.value if scope else "channel")

    @command("vacation", "Declare a vacation: your deadlines pause (0 days ends it)")
    @options(
        days=opt("days", "How many days (0 ends your vacation)"),
        start_in=opt("start_in", "Days from now until it starts (default: now)"),
    )
    async def vacation(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 0, 30],
        start_in: app_commands.Range[int, 0, 90] = 0,
    ) -> None:
        """Declare or end a vacation."""
        await self.bot.pbp.vacation(interaction, days, start_in)

    @command("quiet", "Hours when reminders wait, in your time zone")
    @options(
        hours=opt("hours", "e.g. 22-7 or 22:30-07:00; 'off' to clear"), timezone=opt("timezone", "e.g. Europe/Paris")
    )
    async def quiet(
        self, interaction: discord.Interaction, hours: app_commands.Range[str, 2, 60], timezone: str | None = None
    ) -> None:
        """Set quiet hours."""
        if hours.strip().lower() in ("off", "none", "aucune", "non"):
            await self.bot.pbp.quiet(interaction, None)
            return
        try:
            quiet = parse_quiet_hours(hours, timezone)
        except QuietHoursError as exc:
            raise MatchError("bad_quiet_hours", detail=str(exc)) from exc
        await self.bot.pbp.quiet(interaction, quiet)

    @quiet.autocomplete("timezone")
    async def timezone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Time zone names containing what was typed."""
        typed = current.strip().lower().replace(" ", "_")
        found = [z for z in all_zones() if typed in z.lower()]
        found.sort(key=lambda z: (not z.lower().startswith(typed), len(z)))
        return [app_commands.Choice(name=z, value=z) for z in found[:MAX_CHOICES]]

    @command("notify", "How this match pings you: always, only on your turn, or never")
    @options(mode=opt("pings", "When I may ping you in this match"))
    @app_commands.choices(
        mode=[
            app_commands.Choice(name=ls("Always (default)", "choice.pings.all"), value="all"),
            app_commands.Choice(name=ls("Only when it is my turn", "choice.pings.turn"), value="turn"),
            app_commands.Choice(name=ls("Never (muted)", "choice.pings.off"), value="off"),
        ]
    )
    async def notify(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        """Set how this match pings the caller."""
        await self.bot.pbp.notify(interaction, mode.value)


@cache
def all_zones() -> tuple[str, ...]:
    """Every IANA time zone name, sorted (read once)."""
    return tuple(sorted(zoneinfo.available_timezones()))
