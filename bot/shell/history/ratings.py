"""The leaderboard's pages: built from the match service's table, turned by :class:`LeaderboardButton` (beside
its handler, :func:`leaderboard_page`). ``/leaderboard`` itself is :class:`LeaderboardCog`, an extension."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.i18n import language_of, t
from bot.app.matches import MatchService
from bot.shell.components import PageButton
from bot.shell.context import ExtensionHost, Shell
from bot.shell.parameters import rated_choices
from bot.shell.translator import command, opt, options
from games import find_game

PAGE = 15


def game_label(game: str, lang: str) -> str:
    """The name of a rated game (``ur:v2`` → Royal Game of Ur — Variante 2)."""
    game_id, _, rules = game.partition(":")
    info = find_game(game_id)
    name = info.names.get(lang, info.name)
    return name if not rules else t(lang, "game.with_rules", game=name, rules=t(lang, f"rules.{game_id}.{rules}.name"))


async def leaderboard_page(
    service: MatchService, guild_id: int, game: str, page: int, lang: str, name_of: Callable[[int], Awaitable[str]]
) -> tuple[discord.Embed, discord.ui.View | None]:
    """One page of a server's leaderboard in ``game``, its players named by ``name_of`` (as message text shows
    them: an embed shows the mention of a member the reader's client has not loaded as a raw ``<@id>``)."""
    table = await service.leaderboard(guild_id, game)
    pages = max(1, math.ceil(len(table) / PAGE))
    page = min(max(page, 1), pages)
    shown = table[(page - 1) * PAGE : page * PAGE]
    names = [await name_of(row[1]) for row in shown]
    lines = [
        t(lang, "leaderboard.line", place=place, user=name, rating=rating.display, played=played, wins=wins)
        for (place, uid, rating, played, wins, _draws, _losses), name in zip(shown, names, strict=True)
    ]
    embed = discord.Embed(
        title=t(lang, "leaderboard.title", game=game_label(game, lang)),
        description="\n".join(lines) or t(lang, "leaderboard.empty"),
        colour=discord.Colour.gold(),
    )
    embed.set_footer(text=t(lang, "leaderboard.footer", page=page, pages=pages, count=len(table)))
    if pages == 1:
        return embed, None
    return embed, LeaderboardButton.around(game, page, pages)


class LeaderboardButton(PageButton, layout="lb:{slot}:{page}:{subject}", subject="[a-z0-9_:-]+"):
    """Turns the pages of ``/leaderboard`` (its subject: the rated game, ``ur:v2``)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Show the page."""
        guild = interaction.guild

        async def name_of(uid: int) -> str:
            return await shell.ui.text_name(uid, guild)

        embed, view = await leaderboard_page(
            shell.service,
            interaction.guild_id or 0,
            str(self.subject),
            self.page,
            language_of(interaction.locale),
            name_of,
        )
        await interaction.response.edit_message(embed=embed, view=view)


@app_commands.guild_only()
class LeaderboardCog(commands.Cog):
    """``/leaderboard``: the server's ratings in a game."""

    def __init__(self, bot: ExtensionHost) -> None:
        self.bot = bot

    @command("leaderboard", "The server's best players in a game")
    @options(game=opt("game", "The game and rule set", described="lb_game"))
    @app_commands.choices(game=rated_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """Post the first page of the leaderboard (visible to the channel)."""
        lang = language_of(interaction.guild_locale or interaction.locale)
        guild = interaction.guild

        async def name_of(uid: int) -> str:
            return await self.bot.shell.ui.text_name(uid, guild)

        embed, view = await leaderboard_page(
            self.bot.shell.service, interaction.guild_id or 0, game.value, 1, lang, name_of
        )
        if view is None:
            await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(
                embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
            )


async def setup(bot: ExtensionHost) -> None:
    """Extension entry point."""
    await bot.add_cog(LeaderboardCog(bot))
