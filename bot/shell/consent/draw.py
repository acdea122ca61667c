"""Draws by agreement: ``/game draw`` offers one, the other players answer with :class:`DrawButton` (beside
its handler :func:`answer_draw`)."""

from __future__ import annotations

import discord

from bot.app.i18n import t
from bot.app.matches import DrawOffer, Match
from bot.shell.components import AnswerButton
from bot.shell.consent.questions import answer_question, ask_the_others
from bot.shell.context import Shell
from bot.shell.display import public_language


class DrawButton(AnswerButton, kind="draw"):
    """Accept or decline the draw offered at a given match version."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's answer."""
        await answer_draw(shell, interaction, self.match_id, self.version, self.choice == "yes")


def draw_view(match: Match, offer: DrawOffer, lang: str) -> discord.ui.View:
    """Accept / Decline buttons for the draw offered at ``offer.version``."""
    return DrawButton.yes_no(match.id, offer.version, t(lang, "button.accept_draw"), t(lang, "button.decline_draw"))


async def offer_draw(shell: Shell, interaction: discord.Interaction) -> None:
    """``/game draw``: offer a draw; the other players answer with buttons."""
    match = await shell.ui.require_current(interaction)
    match, offer = await shell.service.offer_draw(match.id, interaction.user.id)
    view = draw_view(match, offer, public_language(interaction))
    await ask_the_others(shell, interaction, match, offer.seat, "draw.offer", view, turn=True)


async def answer_draw(
    shell: Shell, interaction: discord.Interaction, match_id: int, version: int, accept: bool
) -> None:
    """A click on Accept or Decline under a draw offer; once everyone accepted, the drawn board is posted."""
    answer = shell.service.answer_draw(match_id, interaction.user.id, accept=accept, version=version)
    keys = ("draw.agreed", "draw.declined", "draw.partly")
    _, report = await answer_question(shell, interaction, answer, draw_view, keys, waiting=True)
    if report is not None:
        await shell.ui.post_board(interaction, report)
