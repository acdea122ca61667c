"""Results and corrections: counting what a match ended with, catching up after a restart, organisers' results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from bot.app.events.core import EventCore
from bot.app.events.formats import format_of
from bot.app.events.leavers import left_seats, log_takeovers, table_result_with_leavers
from bot.app.events.model import Event, EventError, EventGame, EventStatus, Progress
from bot.app.events.no_shows import (
    NO_SHOWS_BEFORE_NOTICE,
    games_not_played,
    no_show_seat,
    unplayed_result,
)
from bot.app.events.rules import check_places, game_of_row, parse_places, result_for, result_from_outcome
from bot.app.matches import Match, MatchStatus
from games.base import Termination


class Results(EventCore):
    """Count match results, reconcile the missed ones, and replace a result on an organiser's word."""

    async def record(self, match: Match) -> Progress | None:
        """Count the result of a finished (or aborted) event match; None when it is no event game, or was
        already counted (a second "match finished" for the same match changes nothing)."""
        if match.status not in (MatchStatus.FINISHED, MatchStatus.ABORTED) or match.result is None:
            return None
        outcome = match.result
        now = self._clock()
        async with self._store.transaction():
            found = await self._rows.game_of_match(match.id)
            if found is None:
                return None
            event = await self._load(found.event_id)
            # Read again under the event's lock: an answer or a move to a physical board may have just committed.
            row = await self._rows.game_of_match(match.id)
            assert row is not None
            game = game_of_row(row)
            if game.physical:
                return None  # moved to a physical board: the match was stopped, the reported result counts
            # At a table, a member who left is scored as their forfeit, not by what the AI did in their seat.
            gone = {} if format_of(event.format).two_player else left_seats(match)
            result = table_result_with_leavers(result_from_outcome(event.format, game, outcome), gone)
            no_show = await no_show_seat(self._matches, match) if format_of(event.format).two_player else None
            if no_show is not None:
                result = unplayed_result(result)
            if not await self._rows.set_result(event.id, game.round, game.board, result, replaced=False):
                return None
            await log_takeovers(self._rows, event.id, game, match, now)
            if outcome.termination in (Termination.FORFEIT, Termination.ABORTED):
                late = [uid for seat, uid in enumerate(game.players) if seat not in outcome.winners]
                action = "forfeit" if outcome.termination is Termination.FORFEIT else "aborted"
                details = {"round": game.round, "board": game.board, "match": match.id, "players": late}
                await self._rows.log(event.id, None, action, details, now=now)
            closed = await self._close_if_complete(event, game.round, now)
            event = await self._load(event.id)
            games = [game_of_row(r) for r in await self._rows.load_games(event.id)]
            counted = next(g for g in games if (g.round, g.board) == (game.round, game.board))
            absent: tuple[int, ...] = ()
            if no_show is not None:
                member = game.players[no_show]
                told = games_not_played(games, member) == NO_SHOWS_BEFORE_NOTICE
                if told and member not in event.withdrawn_ids:
                    absent = (member,)
            return Progress(event, counted, closed, absent=absent)

    async def reconcile(self, event_id: int) -> list[Progress]:
        """Count the results of current-round matches that ended without the bot hearing of it (a restart),
        and close the round if it is complete; what each counted result did, in order."""
        event = await self.get(event_id)
        done: list[Progress] = []
        if event.status is not EventStatus.RUNNING or not event.round_in_progress:
            return done
        for game in await self.games(event_id, event.current_round):
            if game.done or game.match_id is None:
                continue
            match = await self._matches.get(game.match_id)
            progress = await self.record(match)
            if progress is not None:
                done.append(progress)
        if not any(p.closed_round is not None for p in done):
            now = self._clock()
            async with self._store.transaction():
                event = await self._load(event_id)
                closed = await self._close_if_complete(event, event.current_round, now)
                if closed is not None:
                    done.append(Progress(await self._load(event_id), None, closed))
        return done

    async def replace_result(
        self,
        event_id: int,
        actor_id: int,
        round: int,
        user_id: int,
        *,
        outcome: str | None = None,
        places: str | Sequence[int] | None = None,
    ) -> Progress:
        """Set the result of ``user_id``'s game in ``round``, whatever the match says, and log it.

        Two-player games take ``outcome`` (:data:`OUTCOMES`, from ``user_id``'s side); tables take
        ``places`` in seat order (text, see :func:`parse_places`, or numbers, see :func:`check_places`). The
        game's match, if still being played, is the caller's to stop; a result reported and waiting for
        confirmation (a physical board) is dropped.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game``, ``event_bye_result``,
                ``event_bad_result`` or ``event_bad_places``.
        """
        async with self._changing(event_id, "event_not_running", EventStatus.RUNNING, EventStatus.FINISHED) as event:
            rows = await self._rows.load_games(event_id, round=round)
            row = next((r for r in rows if user_id in r.players), None)
            if row is None:
                raise EventError("event_no_game", round=round)
            game = game_of_row(row)
            if game.is_bye:
                raise EventError("event_bye_result")
            if format_of(event.format).two_player:
                if outcome is None:
                    raise EventError("event_bad_result")
                result = result_for(game, user_id, outcome)
            else:
                if places is None:
                    raise EventError("event_bad_places", count=len(game.players))
                found = (
                    parse_places(places, len(game.players))
                    if isinstance(places, str)
                    else check_places(places, len(game.players))
                )
                result = {"places": found, "scores": []}
            return await self._replace(event, actor_id, game, result)

    async def _replace(self, event: Event, actor_id: int, game: EventGame, result: dict[str, Any]) -> Progress:
        """Count ``result`` for ``game`` on an organiser's word (inside the caller's transaction), and log it."""
        now = self._clock()
        await self._rows.set_result(event.id, game.round, game.board, result, replaced=True)
        if game.report is not None:
            await self._rows.set_report(event.id, game.round, game.board, None)
        details = {
            "round": game.round,
            "board": game.board,
            "players": list(game.players),
            "match": game.match_id,
            "before": None if game.result is None else dict(game.result),
            "after": result,
        }
        await self._rows.log(event.id, actor_id, "replace", details, now=now)
        closed = await self._close_if_complete(event, game.round, now)
        counted = replace(game, result=MappingProxyType(result), replaced=True, report=None)
        return Progress(await self._load(event.id), counted, closed, game.result)
