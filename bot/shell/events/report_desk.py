"""The handlers of results given by tap (see :mod:`bot.shell.events.report_ui` for the components and
:mod:`bot.app.events.reports` for the rules): a player's report and the others' answer, an organiser's result,
correction or decision, and moving a table to a physical board.

What each step shows: a player's form and its acknowledgement are private; a report is posted in the event's
channel pinging the players who must confirm it (and them alone), and edited as they answer; a dispute pings
the organiser with **Accept the report** and **Set the result**; every counted result updates the event's
board, and a correction after the end replaces the archived final standings (image and spreadsheet), edits the
podium post and pings the players whose result changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.app.events import (
    Event,
    EventError,
    EventGame,
    EventStatus,
    Progress,
    disputed_by,
    reported_by,
    reported_result,
    waiting_for,
)
from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchStatus
from bot.app.member_text import inert
from bot.shell.events.desk import EventDesk
from bot.shell.events.report_text import SCORE_CODES, code_of, counted_text, places_of, report_summary, where
from bot.shell.events.report_ui import answer_view, form_message, table_menu
from bot.shell.events.rounds import RoundPosts
from bot.shell.events.standings import StandingsPosts
from bot.shell.events.text import result_text


class ReportDesk:
    """Reports, answers and organisers' results by tap (see the module docstring)."""

    def __init__(self, desk: EventDesk, rounds: RoundPosts, standings: StandingsPosts) -> None:
        self.desk = desk
        self.rounds = rounds
        self.standings = standings

    async def _game(
        self, interaction: discord.Interaction, event_id: int, round: int, board: int
    ) -> tuple[Event, EventGame]:
        event, game = await self.desk.events.game_at(event_id, round, board)
        if event.guild_id != interaction.guild_id:
            raise EventError("event_not_found")
        return event, game

    async def _check(self, interaction: discord.Interaction, mode: str, game: EventGame) -> None:
        """A player's report needs a player of a physical game still waiting; an organiser's result, an organiser.

        Raises:
            EventError: ``event_not_organiser``, ``event_not_your_game``, ``event_not_physical`` or
                ``event_result_in``.
        """
        if mode == "s":
            await self.desk.require_organiser(interaction)
            return
        if interaction.user.id not in game.players:
            raise EventError("event_not_your_game")
        if not game.physical:
            raise EventError("event_not_physical")
        if game.done:
            raise EventError("event_result_in")

    async def open_report(self, interaction: discord.Interaction, event_id: int) -> None:
        """The board's **Report a result**: the clicker's physical game, else (organisers) a choice of the games
        waiting for a result."""
        event = await self.desk.events.get(event_id)
        if event.guild_id != interaction.guild_id or event.status is not EventStatus.RUNNING:
            raise EventError("event_not_running")
        games = await self.desk.events.games(event.id, event.current_round)
        mine = [g for g in games if g.physical and not g.done and interaction.user.id in g.players]
        if mine:
            game = mine[0]
            code = code_of(reported_result(game), len(game.players))
            await self.show_form(interaction, "r", event.id, game.round, game.board, code, 0)
            return
        if not await self.desk.is_organiser(interaction):
            raise EventError("event_no_physical_game")
        waiting = [g for g in games if not g.is_bye and not g.done]
        if not waiting:
            raise EventError("event_no_physical_game")
        lang = language_of(interaction.locale)
        names = await self.desk.text_names(event, [uid for g in waiting for uid in g.players])
        view = table_menu(event, waiting, names, lang)
        await interaction.response.send_message(t(lang, "event.report.pick_table"), view=view, ephemeral=True)

    async def show_form(
        self, interaction: discord.Interaction, mode: str, event_id: int, round: int, board: int, code: str, page: int
    ) -> None:
        """A game's result form, privately: a new message from a public one, edited in place from its own."""
        event, game = await self._game(interaction, event_id, round, board)
        await self._check(interaction, mode, game)
        if not code:
            # A correction starts from what counts now (or what was reported): one change is one tap.
            code = code_of(reported_result(game) or game.result, len(game.players))
        lang = language_of(interaction.locale)
        names = await self.desk.text_names(event, game.players)
        content, view = form_message(event, game, mode, code, page, names, lang)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(content=content[:2000], view=view)
        else:
            await interaction.response.send_message(content[:2000], view=view, ephemeral=True)

    async def correction_form(self, interaction: discord.Interaction, event: Event, round: int, user_id: int) -> None:
        """``/event result`` without a result: the organiser's form for ``user_id``'s game of ``round``.

        Raises:
            EventError: ``event_no_game`` or ``event_bye_result``.
        """
        games = await self.desk.events.games(event.id, round)
        game = next((g for g in games if user_id in g.players), None)
        if game is None:
            raise EventError("event_no_game", round=round)
        if game.is_bye:
            raise EventError("event_bye_result")
        await self.show_form(interaction, "s", event.id, round, game.board, "", 0)

    @staticmethod
    def _result_args(game: EventGame, code: str) -> dict[str, Any]:
        if len(game.players) == 2:
            if code not in SCORE_CODES:
                raise EventError("event_bad_result")
            return {"score": SCORE_CODES[code]}
        return {"places": places_of(code, len(game.players))}

    async def submit(
        self, interaction: discord.Interaction, mode: str, event_id: int, round: int, board: int, code: str
    ) -> None:
        """Send a form: a player's report (posted for the others to confirm) or an organiser's result."""
        event, game = await self._game(interaction, event_id, round, board)
        await self._check(interaction, mode, game)
        lang = language_of(interaction.locale)
        if mode == "r":
            step = await self.desk.events.report(
                event.id, round, board, interaction.user.id, **self._result_args(game, code)
            )
            names = await self.desk.text_names(event, game.players)
            if step.progress is not None:
                # Nobody left to confirm (the others withdrew from the event): the result counts now.
                text = counted_text("event.report.confirmed", round, step.game, names, lang)
                await self._close_form(interaction, text)
                await self.rounds.after_progress(step.progress)
                return
            waiting = ", ".join(names[uid] for uid in waiting_for(step.game))
            done = t(lang, "event.report.sent", summary=report_summary(step.game, names, lang), who=waiting)
            await self._close_form(interaction, done)
            await self._post_report(step.event, step.game, names)
            await self.desk.refresh_card(step.event)
            return
        progress = await self.desk.events.set_game_result(
            event.id, interaction.user.id, round, board, **self._result_args(game, code)
        )
        await self._close_form(interaction, t(lang, "event.report.set_done"))
        await self.announce_replacement(event, progress, interaction.user.id)

    async def _close_form(self, interaction: discord.Interaction, text: str) -> None:
        """The form is done with: it says so and loses its components (a new private note from a public one)."""
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(content=text[:2000], view=None)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True)

    def _ask_text(self, event: Event, game: EventGame, names: Mapping[int, str], lang: str) -> str:
        waiting = waiting_for(game)
        return t(
            lang,
            "event.report.ask",
            round=game.round,
            where=where(game, lang),
            summary=report_summary(game, names, lang),
            mentions=" ".join(f"<@{uid}>" for uid in waiting),
        )

    async def _post_report(self, event: Event, game: EventGame, names: Mapping[int, str]) -> None:
        """The report in the event's channel, pinging the players who must confirm it, with Confirm and Dispute."""
        lang = self.desk.lang_of(event)
        code = code_of(reported_result(game), len(game.players))
        view = answer_view(
            {"yes": t(lang, "event.report.confirm"), "no": t(lang, "event.report.dispute")},
            event.id,
            game.round,
            game.board,
            code,
        )
        channel = await self.desk.games.open_channel(event.channel_id)
        waiting = waiting_for(game)
        await channel.send(
            self._ask_text(event, game, names, lang)[:2000],
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in waiting]),
        )

    async def answer(
        self, interaction: discord.Interaction, choice: str, event_id: int, round: int, board: int, code: str
    ) -> None:
        """A tap under a report: Confirm or Dispute (its players), Accept or Set (organisers, after a dispute)."""
        event, game = await self._game(interaction, event_id, round, board)
        lang = self.desk.lang_of(event)
        if choice == "set":
            await self.show_form(interaction, "s", event.id, round, board, code, 0)
            return
        if game.report is not None and code != code_of(reported_result(game), len(game.players)):
            raise EventError("event_report_changed")
        names = await self.desk.text_names(event, [*game.players, event.organiser_id, interaction.user.id])
        if choice == "accept":
            await self.desk.require_organiser(interaction)
            progress = await self.desk.events.accept_report(event.id, interaction.user.id, round, board)
            assert progress.game is not None
            text = counted_text(
                "event.report.accepted", round, progress.game, names, lang, name=names[interaction.user.id]
            )
            await interaction.response.edit_message(content=text, view=None)
            await self.rounds.after_progress(progress)
            return
        if choice == "yes":
            step = await self.desk.events.confirm(event.id, round, board, interaction.user.id)
            if step.progress is None:
                await interaction.response.edit_message(content=self._ask_text(event, step.game, names, lang)[:2000])
                await self.desk.refresh_card(step.event)
                return
            text = counted_text("event.report.confirmed", round, step.game, names, lang)
            await interaction.response.edit_message(content=text, view=None)
            await self.rounds.after_progress(step.progress)
            return
        step = await self.desk.events.dispute(event.id, round, board, interaction.user.id)
        against = disputed_by(step.game) or interaction.user.id
        summary = report_summary(step.game, names, lang)
        note = t(
            lang,
            "event.report.disputed_note",
            round=round,
            where=where(game, lang),
            name=names[against],
            reporter=names.get(reported_by(step.game) or 0, "?"),
        )
        await interaction.response.edit_message(content=note[:2000], view=None)
        organiser = event.organiser_id
        view = answer_view(
            {"accept": t(lang, "event.report.accept"), "set": t(lang, "event.report.set")},
            event.id,
            round,
            board,
            code,
        )
        channel = await self.desk.games.open_channel(event.channel_id)
        text = t(
            lang,
            "event.report.dispute_ping",
            organiser=f"<@{organiser}>",
            name=names[against],
            round=round,
            where=where(game, lang),
            summary=summary,
            reporter=names.get(reported_by(step.game) or 0, "?"),
        )
        await channel.send(
            text[:2000], view=view, allowed_mentions=discord.AllowedMentions(users=[discord.Object(organiser)])
        )
        await self.desk.refresh_card(step.event)

    async def announce_replacement(self, event: Event, progress: Progress, actor_id: int) -> None:
        """An organiser's result from a form: said in the event's channel, then acted on as ``/event result``."""
        game = progress.game
        assert game is not None
        lang = self.desk.lang_of(event)
        names = await self.desk.text_names(progress.event, game.players)
        text = t(
            lang,
            "event.replaced",
            event=inert(event.name),
            round=game.round,
            where=where(game, lang),
            result=result_text(game, game.result, names, lang),
            before=result_text(game, progress.previous, names, lang),
        )
        channel = await self.desk.games.open_channel(event.channel_id)
        await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())
        await self.after_replacement(event, progress, actor_id)

    async def after_replacement(self, event: Event, progress: Progress, actor_id: int) -> None:
        """After an organiser's result: a match still being played stops there (its thread says why), the board
        follows, and a correction after the end replaces the archived final standings."""
        game = progress.game
        assert game is not None
        thread_lang = self.desk.lang_of(event)
        # The organiser's result stands: the match stops here. Its last board retires the move buttons; the
        # "match finished" it announces finds the result already set and changes nothing.
        if (stopped := await self._stop_match(game.match_id, actor_id, thread_lang)) is not None:
            names = await self.desk.text_names(progress.event, game.players)
            text = t(thread_lang, "event.thread.stopped", result=result_text(game, game.result, names, thread_lang))
            channel = await self.desk.games.open_channel(stopped.channel_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        await self.rounds.after_progress(progress)
        if progress.closed_round is None and progress.event.status is EventStatus.FINISHED:
            # A correction after the end: the channel's record of the final standings is replaced, not left stale,
            # the podium is corrected, and the players whose result changed are told.
            lang = self.desk.lang_of(event)
            await self.standings.post_standings(progress.event, lang, final=True, corrected=True)
            await self.tell_correction(progress, lang)
            await self.desk.refresh_card(progress.event)

    async def tell_correction(self, progress: Progress, lang: str) -> None:
        """A result corrected after the end: the podium post follows, and the players whose result changed are
        pinged with the old and the new result."""
        game = progress.game
        assert game is not None
        names = await self.desk.text_names(progress.event, game.players)
        params = {
            "round": game.round,
            "where": where(game, lang),
            "result": result_text(game, game.result, names, lang),
            "before": result_text(game, progress.previous, names, lang),
        }
        await self.standings.correct_podium(progress.event, lang, t(lang, "event.podium_corrected", **params))
        changed = changed_players(game, progress.previous)
        if not changed:
            return
        text = t(lang, "event.correction_ping", mentions=" ".join(f"<@{uid}>" for uid in changed), **params)
        channel = await self.desk.games.open_channel(progress.event.channel_id)
        await channel.send(
            text[:2000], allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in changed])
        )

    async def _stop_match(self, match_id: int | None, actor_id: int, lang: str) -> Match | None:
        """Stop an event game's match if it is still being played (aborted by the organiser ``actor_id``, its last
        board posted in ``lang``, retiring the move buttons): the match as it was, or None when there was none
        to stop."""
        if match_id is None:
            return None
        match = await self.desk.matches.get(match_id)
        if match.status not in (MatchStatus.LOBBY, MatchStatus.ACTIVE):
            return None
        report = await self.desk.matches.abort(match.id, actor_id, organiser=True)
        await self.desk.games.publish_board(report.match, report, lang)
        return match

    async def move_picked(self, interaction: discord.Interaction, event_id: int, round: int, board: int) -> None:
        """A game picked in the menu under the games still being played: moved to a physical board.

        Raises:
            EventError: ``event_not_found``, ``event_result_in`` (that round is over) and those of
                :meth:`move_to_physical`.
        """
        event = await self.desk.events.get(event_id)
        if event.guild_id != interaction.guild_id:
            raise EventError("event_not_found")
        if round != event.current_round:
            raise EventError("event_result_in")
        await self.move_to_physical(interaction, event, board)

    async def move_to_physical(self, interaction: discord.Interaction, event: Event, board: int) -> None:
        """``/event physical``: a table of the round being played goes to a physical board; its online match
        stops, its thread says how to report."""
        await self.desk.require_organiser(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.desk.events.move_to_physical(event.id, interaction.user.id, event.current_round, board)
        lang = self.desk.lang_of(event)
        await self._stop_match(game.match_id, interaction.user.id, lang)
        if game.thread_id is not None:
            channel = await self.desk.games.open_channel(game.thread_id)
            await channel.send(
                t(lang, "event.report.moved_thread", mentions=" ".join(f"<@{u}>" for u in game.players))[:2000],
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in game.players]),
            )
        event = await self.desk.events.get(event.id)
        await self.desk.refresh_card(event)
        await interaction.followup.send(
            t(language_of(interaction.locale), "event.report.moved", board=board), ephemeral=True
        )


def changed_players(game: EventGame, previous: Mapping[str, Any] | None) -> list[int]:
    """The players of ``game`` whose result differs from ``previous``: both players when a two-player score
    changes, at a table those whose place changed (everyone when there was no result)."""
    now = game.result or {}
    if previous is None or "places" not in now or "places" not in previous:
        return list(game.players) if dict(previous or {}) != dict(now) else []
    return [uid for uid, a, b in zip(game.players, previous["places"], now["places"], strict=False) if a != b]
