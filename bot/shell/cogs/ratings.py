"""``/leaderboard`` and ``/profile``: the server's ratings per game and one player's record."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.i18n import language_of, t
from bot.app.matches import MatchStatus
from bot.app.member_text import inert
from bot.shell.cogs.game import rated_choices
from bot.shell.display import board_link, variant_label
from bot.shell.history.ratings import game_label, leaderboard_page
from bot.shell.profile.stats import stats_fields
from bot.shell.translator import command, opt, options

if TYPE_CHECKING:
    from bot.shell.client import PlateauBot

RECENT = 5


@app_commands.guild_only()
class RatingsCog(commands.Cog):
    """Ratings of the server's players."""

    def __init__(self, bot: PlateauBot) -> None:
        self.bot = bot

    @command("leaderboard", "The server's best players in a game")
    @options(game=opt("game", "The game and rule set", described="lb_game"))
    @app_commands.choices(game=rated_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """Post the first page of the leaderboard (visible to the channel)."""
        lang = language_of(interaction.guild_locale or interaction.locale)
        guild = interaction.guild

        async def name_of(uid: int) -> str:
            return await self.bot.ui.text_name(uid, guild)

        embed, view = await leaderboard_page(self.bot.service, interaction.guild_id or 0, game.value, 1, lang, name_of)
        if view is None:
            await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(
                embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
            )

    @command("profile", "A player's ratings, record and recent matches")
    @options(member=opt("member", "Whose profile (default: yours)"))
    async def profile(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        """An ephemeral card: ratings and record per game, the last finished matches with links."""
        lang = language_of(interaction.locale)
        user = member or interaction.user
        guild = interaction.guild_id or 0
        title = t(lang, "profile.title", name=inert(user.display_name))
        embed = discord.Embed(title=title, colour=discord.Colour.gold())
        for game, rating, played, wins, draws, losses in (await self.bot.service.profile(guild, user.id))[:10]:
            embed.add_field(
                name=game_label(game, lang),
                value=t(
                    lang, "profile.game", rating=rating.display, played=played, wins=wins, draws=draws, losses=losses
                ),
                inline=True,
            )
        recent = [
            m
            for m in await self.bot.service.matches_of_user(user.id, statuses=(MatchStatus.FINISHED,), limit=30)
            if (m.guild_id or 0) == guild
        ][:RECENT]
        lines = []
        for match in recent:
            assert match.result is not None
            seat = match.seat_of(user.id)
            word = "draw" if not match.result.winners else "win" if seat in match.result.winners else "loss"
            change = await self.bot.service.rating_change(match.id, user.id)
            delta = "" if change is None else f" ({change[1].display - change[0].display:+d})"
            lines.append(
                f"[#{match.id} {variant_label(match, lang)}]({board_link(match)}) · {t(lang, f'profile.{word}')}{delta}"
            )
        embed.add_field(name=t(lang, "profile.recent"), value="\n".join(lines) or t(lang, "profile.none"), inline=False)
        if not embed.fields[:-1]:
            embed.description = t(lang, "profile.unrated")
        for name, value in await stats_fields(self.bot.service, interaction.user.id, user.id, lang):
            embed.add_field(name=name, value=value[:1024], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: PlateauBot) -> None:
    """Extension entry point."""
    await bot.add_cog(RatingsCog(bot))
