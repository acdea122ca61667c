"""Salts for provably fair chance, added before the match starts: ``/game salt`` (a text of the player's own)
and the lobby card's "Add my secret word" button (:class:`SaltButton`, beside its handler :func:`salt`; a salt drawn
now). What the salts are for, and how they are shown and checked, is :mod:`bot.shell.fairness`'s.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchStatus
from bot.app.member_text import inert
from bot.shell.components import MatchButton
from bot.shell.context import Shell


class SaltButton(MatchButton, kind="salt", style=discord.ButtonStyle.secondary, emoji="🔑", label="Add my secret word"):
    """ "Add my secret word" on a lobby card: the bot draws a salt (the secret word mixed into the dice) for the
    clicking player (provably fair chance)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record a salt drawn now, in the clicking player's name."""
        await salt(shell, interaction, self.match_id, None)


def salt_items(match: Match, lang: str) -> list[discord.ui.Item[Any]]:
    """The lobby card's "Add my secret word" button (none for an older match)."""
    return [] if match.fair is None else [SaltButton(match.id, t(lang, "button.salt"))]


async def salt(shell: Shell, interaction: discord.Interaction, match_id: int | None, text: str | None) -> None:
    """``/game salt`` (``text`` given) or the lobby's button (a salt drawn now): record the caller's salt."""
    if match_id is None:
        match_id = (await shell.ui.require_current(interaction)).id
    match, stored = await shell.service.add_salt(match_id, interaction.user.id, text)
    lang = language_of(interaction.locale)
    await interaction.response.send_message(t(lang, "fair.salt_done", id=match.id, salt=inert(stored)), ephemeral=True)
    if match.status is MatchStatus.LOBBY and match.lobby_message_id is not None:
        public = shell.ui.channel_language(match)
        embed = await shell.ui.lobby_embed(match, public)
        await shell.ui.edit_message(match.channel_id, match.lobby_message_id, embed=embed)
