"""A game's second view on demand: the turn post carries one image (the board), and a game that draws
its detail apart (Ursuppe's players' numbers, supply, gene market and latest events, :data:`render.DETAILS`)
offers it behind the post's :class:`DetailsButton`, which answers the member who clicks privately with that
image.

The image is the clicker's own view when they sit at the match (in their palette, ``/plateau settings``),
the public one otherwise; it is drawn off the event loop.
"""

from __future__ import annotations

import asyncio
import io

import discord

from bot.app.i18n import language_of, t
from bot.shell.components import MatchButton
from bot.shell.context import Shell
from bot.shell.display import PALETTE, variant_label
from render import DETAILS, BoardContext, render_board_detail

DETAIL_FILE = "details.png"


def has_details(game_id: str) -> bool:
    """Whether the game has a second view a turn post offers behind :class:`DetailsButton`."""
    return game_id in DETAILS


class DetailsButton(MatchButton, kind="dt", emoji="🧬", label="Genes and events"):
    """Shows the game's second view (Ursuppe's genes and events) to the clicker alone."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Answer privately with the detail image."""
        await show_details(shell, interaction, self.match_id)


async def show_details(shell: Shell, interaction: discord.Interaction, match_id: int) -> None:
    """The details button: the match's detail image, ephemeral, as the clicker may see it."""
    match = await shell.pbp.find(interaction, match_id)
    lang = language_of(interaction.locale)
    await interaction.response.defer(ephemeral=True, thinking=True)
    seat = match.seat_of(interaction.user.id)
    contrast = seat is not None and await shell.service.user_pref(interaction.user.id, PALETTE) == "contrast"
    ctx = BoardContext(
        names=tuple(await shell.ui.names(match, lang)),
        lang=lang,
        palette="contrast" if contrast else "standard",
        viewer=seat,
    )
    png = await asyncio.to_thread(render_board_detail, match.game.id, match.state.view_for(seat), ctx)
    if png is None:
        await interaction.followup.send(t(lang, "details.none"), ephemeral=True)
        return
    text = t(lang, "details.text", game=variant_label(match, lang), id=match.id, turn=match.version)
    file = discord.File(io.BytesIO(png), filename=DETAIL_FILE, description=t(lang, "details.alt"))
    await interaction.followup.send(text, file=file, ephemeral=True)
