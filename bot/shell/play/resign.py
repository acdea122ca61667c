"""Resigning: ``/game resign`` asks for a confirmation, whose button (:class:`ResignButton`, beside its handler
:func:`resign`) resigns."""

from __future__ import annotations

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchStatus, require_seat
from bot.app.seats.acting import Action
from bot.shell.components import MatchButton
from bot.shell.context import Shell


class ResignButton(MatchButton, kind="resign", style=discord.ButtonStyle.danger, label="Resign", also=("ver",)):
    """Confirms a resignation asked for with ``/game resign`` (on the board of match version ``version``)."""

    def __init__(self, match_id: int, version: int, label: str | None = None) -> None:
        super().__init__(match_id, label, also=(version,))
        self.version = version

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
    seat = require_seat(match, interaction.user.id, Action.RESIGN)
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(match.id, match.version, t(lang, "button.resign")))
    warning = t(lang, resign_warning(match, seat), id=match.id)
    await interaction.response.send_message(warning, view=view, ephemeral=True)


def resign_warning(match: Match, seat: int) -> str:
    """The catalog key saying what resigning ``seat`` will do, by the service's own rule
    (:meth:`Match.ai_takes_over`): two players, the opponent wins; three or more with a member left playing,
    the AI takes the seat over and the others play on; otherwise the match ends and the others win."""
    if len(match.seats) <= 2:
        return "resign.confirm"
    return "resign.confirm.takeover" if match.ai_takes_over(seat) else "resign.confirm.others_win"


# Draws by agreement.
