"""``/profile``: a player's ratings, record and recent matches, with their statistics in words (:mod:`.stats`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.i18n import language_of, t
from bot.app.matches import MatchStatus
from bot.app.member_text import inert
from bot.shell.context import ExtensionHost
from bot.shell.display import board_link, variant_label
from bot.shell.history.ratings import game_label
from bot.shell.profile.stats import stats_fields
from bot.shell.translator import command, opt, options

RECENT = 5
"""Finished matches a profile links to."""


@app_commands.guild_only()
class ProfileCog(commands.Cog):
    """``/profile``: one player's record."""

    def __init__(self, bot: ExtensionHost) -> None:
        self.bot = bot

    @command("profile", "A player's ratings, record and recent matches")
    @options(member=opt("member", "Whose profile (default: yours)"))
    async def profile(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        """An ephemeral card: ratings and record per game, the last finished matches with links."""
        lang = language_of(interaction.locale)
        user = member or interaction.user
        guild = interaction.guild_id or 0
        title = t(lang, "profile.title", name=inert(user.display_name))
        embed = discord.Embed(title=title, colour=discord.Colour.gold())
        for game, rating, played, wins, draws, losses in (await self.bot.shell.service.profile(guild, user.id))[:10]:
            embed.add_field(
                name=game_label(game, lang),
                value=t(
                    lang, "profile.game", rating=rating.display, played=played, wins=wins, draws=draws, losses=losses
                ),
                inline=True,
            )
        recent = [
            m
            for m in await self.bot.shell.service.matches_of_user(user.id, statuses=(MatchStatus.FINISHED,), limit=30)
            if (m.guild_id or 0) == guild
        ][:RECENT]
        lines = []
        for match in recent:
            assert match.result is not None
            seat = match.seat_of(user.id)
            word = "draw" if not match.result.winners else "win" if seat in match.result.winners else "loss"
            change = await self.bot.shell.service.rating_change(match.id, user.id)
            delta = "" if change is None else f" ({change[1].display - change[0].display:+d})"
            lines.append(
                f"[#{match.id} {variant_label(match, lang)}]({board_link(match)}) · {t(lang, f'profile.{word}')}{delta}"
            )
        embed.add_field(name=t(lang, "profile.recent"), value="\n".join(lines) or t(lang, "profile.none"), inline=False)
        if not embed.fields[:-1]:
            embed.description = t(lang, "profile.unrated")
        for name, value in await stats_fields(self.bot.shell.service, interaction.user.id, user.id, lang):
            embed.add_field(name=name, value=value[:1024], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: ExtensionHost) -> None:
    """Extension entry point."""
    await bot.add_cog(ProfileCog(bot))
