"""Overviews: a match found by number (as members may see it), the matches running in a channel's threads, and
``/game list`` (``/game mine`` opens the member's desk: :mod:`bot.shell.desk`)."""

from __future__ import annotations

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchService, MatchStatus
from bot.app.telling.threads import order_for
from bot.shell.play.messages import GameUI
from bot.shell.play.status import MAX_LISTED, match_lines
from bot.shell.visibility import may_see


class Overviews:
    """The lookups and lists of matches (see the module docstring)."""

    def __init__(self, service: MatchService, ui: GameUI) -> None:
        self.service = service
        self.ui = ui

    async def find(self, interaction: discord.Interaction, match_id: int | None) -> Match:
        """The match numbered ``match_id`` on this server, or this channel's current or last match.

        A match the caller may not see (:func:`may_see`) is answered exactly as one of another server, so
        that the small sequential numbers tell nothing about private channels.
        """
        if match_id is not None:
            match: Match = await self.service.get(match_id)
            if match.guild_id != interaction.guild_id or not await may_see(interaction, match):
                raise MatchError("no_match")
            return match
        channel = interaction.channel_id or 0
        found: Match | None = await self.service.current(channel) or await self.service.last_in_channel(channel)
        if found is None or found.status is MatchStatus.LOBBY:
            raise MatchError("no_match")
        return found

    # Matches in threads.

    async def thread_matches(self, interaction: discord.Interaction) -> str | None:
        """For a command that found no match in a channel whose matches run in its threads: a reply
        linking those matches, the caller's own first (None when the channel has no such thread)."""
        guild = interaction.guild
        if guild is None or isinstance(interaction.channel, discord.Thread) or interaction.channel_id is None:
            return None
        here = []
        for match in await self.service.open_matches(guild_id=guild.id):
            thread = guild.get_thread(match.channel_id)
            if thread is not None and thread.parent_id == interaction.channel_id:
                here.append(match)
        if not here:
            return None
        lang = language_of(interaction.locale)
        ordered = order_for(here, interaction.user.id)[:MAX_LISTED]
        lines = await match_lines(ordered, interaction.user.id, lang, self.ui.text_names)
        text = t(lang, "threads.here", count=len(here))
        for line in lines:
            if len(text) + len(line) + 1 > 1900:
                break
            text += "\n" + line
        return text

    # Overviews.

    async def _deadline_suffix(self, match: Match, user_id: int | None) -> str:
        clocks = await self.service.clocks(match.id)
        mine = [c for c in clocks.values() if user_id is None or c.user_id == user_id] or list(clocks.values())
        if not mine:
            return ""
        return " · ⏰ " + discord.utils.format_dt(min(c.times.deadline for c in mine), "R")

    async def list_open(self, interaction: discord.Interaction, scope: str) -> None:
        """``/game list``: the open matches of this channel or of the whole server."""
        lang = language_of(interaction.locale)
        if scope == "server":
            # Only matches the caller could look up one by one (see find); from the cache alone, as a server
            # may hold a thousand open matches: one in a thread Discord archived is then listed to its players.
            matches: list[Match] = []
            for match in await self.service.open_matches(guild_id=interaction.guild_id):
                if len(matches) < MAX_LISTED and await may_see(interaction, match, fetch=False):
                    matches.append(match)
        else:
            matches = await self.service.open_matches(channel_id=interaction.channel_id)
        matches = matches[:MAX_LISTED]
        lines = await match_lines(matches, None, lang, self.ui.text_names)
        suffixes = [await self._deadline_suffix(m, None) for m in matches]
        lines = [line + suffix for line, suffix in zip(lines, suffixes, strict=True)]
        embed = discord.Embed(
            title=t(lang, f"list.title.{scope}"),
            description="\n".join(lines) or t(lang, "list.none"),
            colour=discord.Colour.blurple(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)
