"""Deadline votes: when a seat's time runs out and the match leaves it to the players, they vote to wait, to
move for the late seat or to forfeit it, with :class:`TimeoutButton` (beside its handler,
:meth:`DeadlineVotes.answer_vote`); a majority carries the choice out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import ClassVar

import discord

from bot.app.clocks.game_clock import grace
from bot.app.i18n import t
from bot.app.matches import DueStep, Match, MatchService, TurnClock
from bot.shell.components import PREFIX, ChoiceButton
from bot.shell.context import Shell
from bot.shell.display import public_language
from bot.shell.play.messages import GameUI
from bot.shell.play.status import span_text

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
"""Turn starts travel in button ids as whole microseconds since this instant (exact, unlike floats)."""


class TimeoutButton(
    ChoiceButton,
    template=rf"{PREFIX}:to:(?P<choice>wait|move|forfeit):(?P<match>[0-9]+):(?P<seat>[0-9]+):(?P<since>[0-9]+)",
):
    """A vote on a seat whose time ran out; it carries the turn's start, so it only counts for that turn."""

    KIND = "to"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {
        "wait": discord.ButtonStyle.primary,
        "move": discord.ButtonStyle.secondary,
        "forfeit": discord.ButtonStyle.danger,
    }

    def __init__(self, choice: str, match_id: int, seat: int, since: int, label: str) -> None:
        super().__init__(choice, match_id, seat, since, label=label)
        self.match_id = match_id
        self.seat = seat
        self.since = since

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's vote."""
        await shell.pbp.answer_vote(interaction, self.match_id, self.seat, self.since, self.choice)


class DeadlineVotes:
    """The votes on a passed deadline: asked by the clock (:class:`bot.shell.pbp.reminders.Reminders`), answered
    with buttons, carried out once decided."""

    def __init__(self, bot: discord.Client, service: MatchService, ui: GameUI) -> None:
        self.bot = bot
        self.service = service
        self.ui = ui

    async def complete_vote(self, step: DueStep) -> None:
        """Carry out a vote that was decided but not carried out (it failed, or the bot stopped in between)."""
        match, clock = step.match, step.clock
        decided = await self.service.decision(match.id, clock.seat, clock.since)
        if decided is None:
            return
        await self.carry_out(match, clock.seat, clock.since, decided, self.ui.channel_language(match))

    async def carry_out(self, match: Match, seat: int, since: datetime, decided: str, lang: str) -> None:
        report = await self.service.carry_out(match.id, seat, since, decided)
        if report is not None:
            await self.ui.publish_board(report.match, report, lang)
        elif decided == "wait":
            # A fresh turn with no new board: the sleeping tick must still wake for its end (a live minute).
            self.bot.dispatch("turn_extended", match)

    def vote_view(self, match: Match, clock: TurnClock, names: Sequence[str], lang: str) -> discord.ui.View:
        """The three answers to a passed deadline."""
        stamp = (clock.since - EPOCH) // timedelta(microseconds=1)
        name = names[clock.seat]
        state = match.state
        notations = [state.format_move(m) for m in state.legal_moves(clock.seat)]
        # The game's own way to pass is what "move" plays when there is one (see MatchService.play_for).
        skip = any(n.split()[-1] in ("pass", "done", "end") for n in notations if n.split())
        labels = {
            "wait": t(lang, "button.timeout_wait", span=wait_span(match, lang)),
            "move": t(lang, "button.timeout_skip" if skip else "button.timeout_move", name=name),
            "forfeit": t(lang, "button.timeout_forfeit", name=name),
        }
        return TimeoutButton.choices({c: label[:80] for c, label in labels.items()}, match.id, clock.seat, stamp)

    async def answer_vote(
        self, interaction: discord.Interaction, match_id: int, seat: int, stamp: int, choice: str
    ) -> None:
        """A click on a deadline vote: record it; once a majority agrees, carry the choice out."""
        since = EPOCH + timedelta(microseconds=stamp)
        match, decided, votes = await self.service.vote_timeout(match_id, interaction.user.id, seat, since, choice)
        lang = public_language(interaction)
        names = await self.ui.text_names(match, lang)
        if decided is None:
            tally = ", ".join(f"**{names[v]}**: {t(lang, f'timeout.choice.{c}')}" for v, c in sorted(votes.items()))
            await interaction.response.edit_message(
                content=t(lang, "timeout.partial", name=names[seat], id=match.id, tally=tally)
            )
            return
        await interaction.response.edit_message(
            content=t(
                lang,
                f"timeout.decided.{decided}",
                name=names[seat],
                id=match.id,
                span=wait_span(match, lang),
            ),
            view=None,
        )
        await self.carry_out(match, seat, since, decided, lang)


def wait_span(match: Match, lang: str) -> str:
    """What a "wait" vote gives a late seat, in words: a fresh turn, or with a game clock and no turn limit
    the grace of :func:`bot.app.clocks.game_clock.grace` (a flag that has not fallen keeps its own time left)."""
    return span_text(int(grace(match.turn_limit).total_seconds()), lang)
