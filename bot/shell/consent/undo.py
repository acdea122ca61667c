"""Undo by agreement: ``/game undo`` asks the other players, who answer with :class:`UndoButton` (beside its
handler :func:`answer_undo`)."""

from __future__ import annotations

import discord

from bot.app.i18n import t
from bot.app.matches import Match, UndoRequest
from bot.shell.components import AnswerButton
from bot.shell.consent.questions import answer_question, ask_the_others
from bot.shell.context import Shell
from bot.shell.display import public_language


class UndoButton(AnswerButton, kind="undo"):
    """Accept or refuse the undo requested at a given match version."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's answer."""
        await answer_undo(shell, interaction, self.match_id, self.version, self.choice == "yes")


async def request_undo(shell: Shell, interaction: discord.Interaction) -> None:
    """``/game undo``: ask the other players to take back the caller's last move."""
    current = await shell.ui.require_current(interaction)
    match, request = await shell.service.request_undo(current.id, interaction.user.id)
    view = undo_view(match, request, public_language(interaction))
    move = match.game.public_notation(request.notation)
    await ask_the_others(shell, interaction, match, request.seat, "undo.request", view, turn=False, move=move)


def undo_view(match: Match, request: UndoRequest, lang: str) -> discord.ui.View:
    """Accept / Refuse buttons for the undo requested at ``request.version``."""
    return UndoButton.yes_no(match.id, request.version, t(lang, "button.undo_accept"), t(lang, "button.undo_refuse"))


async def answer_undo(
    shell: Shell, interaction: discord.Interaction, match_id: int, version: int, accept: bool
) -> None:
    """A click on Accept or Refuse under an undo request; once everyone accepted, the board taken back is
    published."""
    answer = shell.service.answer_undo(match_id, interaction.user.id, accept=accept, version=version)
    keys = ("undo.done", "undo.refused", "undo.partly")
    lang, report = await answer_question(shell, interaction, answer, undo_view, keys)
    if report is not None:
        await shell.ui.publish_board(report.match, report, lang)
