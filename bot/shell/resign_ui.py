"""Resigning: ``/game resign`` asks for a confirmation, whose button (:class:`ResignButton`, beside its handler
:func:`resign`) resigns."""

from __future__ import annotations

import re
from typing import Self

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import MatchError, MatchStatus, require_seat
from bot.app.seats import Action
from bot.shell.components import PREFIX, PlateauButton
from bot.shell.context import Shell


class ResignButton(
    PlateauButton,
    template=rf"{PREFIX}:resign:(?P<match>[0-9]+):(?P<ver>[0-9]+)",
):
    """Confirms a resignation asked for with ``/game resign``."""

    def __init__(self, match_id: int, version: int, label: str = "Resign") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.danger, custom_id=f"{PREFIX}:resign:{match_id}:{version}"
            )
        )
        self.match_id = match_id
        self.version = version

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known)."""
        return cls(int(found["match"]), int(found["ver"]), label or "Resign")

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Resign the clicking player."""
        await resign(shell, interaction, self.match_id, self.version)


async def resign(shell: Shell, interaction: discord.Interaction, match_id: int, version: int | None = None) -> None:
    """Resign the interaction's user from the match (``version``: the board the confirmation was asked on)."""
    report = await shell.service.resign(
        match_id, interaction.user.id, interaction_id=interaction.id, expected_version=version
    )
    await shell.ui.post_board(interaction, report)


async def confirm_resign(shell: Shell, interaction: discord.Interaction) -> None:
    """Ask the user to confirm ``/game resign`` with a button."""
    match = await shell.ui.require_current(interaction)
    lang = language_of(interaction.locale)
    if match.status is not MatchStatus.ACTIVE:
        raise MatchError("not_active")
    require_seat(match, interaction.user.id, Action.RESIGN)
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(match.id, match.version, t(lang, "button.resign")))
    await interaction.response.send_message(t(lang, "resign.confirm", id=match.id), view=view, ephemeral=True)


# Draws by agreement.
