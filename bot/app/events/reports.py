"""Results of games played on the club's physical boards: reported by a player, confirmed by the others.

A game is *physical* when the event was created with physical boards (no game of it gets an online match) or
when an organiser moved one table of the round to a physical board (:meth:`Reports.move_to_physical`; its
online match, if any, is the caller's to stop, and its end then counts nothing). Such a game has no position to
read, so its result comes from people:

1. A player of the game reports it (:meth:`Reports.report`): a score for two players ("1-0", "0-1", "½-½" in
   seat order), places for a table (see :func:`bot.app.events.rules.check_places`). The report waits in the
   game's row (``event_games.report``); reporting again, before anyone answered, replaces it.
2. Every other player confirms it with one tap (:meth:`Reports.confirm`): the last confirmation counts the
   result as a match's end would, and may close the round.
3. Or one of them disputes it (:meth:`Reports.dispute`): the report stays, marked disputed, and an organiser
   decides: :meth:`Reports.accept_report` counts it as reported, or the organiser sets the result
   (:meth:`bot.app.events.results.Results.set_game_result`), which also drops the report.

Every step is logged (``report``, ``confirm``, ``dispute``, ``physical``; the organiser's word as ``replace``).
Nothing here changes a game that already has a counted result but an organiser's replacement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Final

from bot.app.events.model import Event, EventError, EventGame, EventStatus, Progress
from bot.app.events.results import Results
from bot.app.events.rules import check_places, game_of_row
from bot.app.tournaments.standings import Result

PLAYER_SCORES: Final = (Result.FIRST_WINS.value, Result.SECOND_WINS.value, Result.DRAW.value)
"""The two-player results a player may report, in seat order (a double loss is the organisers' to give)."""


def waiting_for(game: EventGame) -> tuple[int, ...]:
    """The players who have still to confirm a physical game's report, in seat order (none without a report)."""
    report = game.report
    if report is None:
        return ()
    confirmed = {int(u) for u in report.get("confirmed", ())}
    return tuple(uid for uid in game.players if uid not in confirmed)


def disputed_by(game: EventGame) -> int | None:
    """Who disputed a physical game's report, if anyone did."""
    report = game.report
    found = None if report is None else report.get("disputed_by")
    return None if found is None else int(found)


def reported_result(game: EventGame) -> Mapping[str, Any] | None:
    """The result a physical game's report gives, if there is a report."""
    report = game.report
    return None if report is None else report.get("result")


def reported_by(game: EventGame) -> int | None:
    """Who reported a physical game's result, if anyone did."""
    report = game.report
    return None if report is None else int(report["by"])


def result_of(game: EventGame, *, score: str | None = None, places: Sequence[int] | None = None) -> dict[str, Any]:
    """The counted result a report gives: ``score`` in seat order for two players, ``places`` for a table.

    Raises:
        EventError: ``event_bad_result`` or ``event_bad_places``.
    """
    if len(game.players) == 2:
        if score not in PLAYER_SCORES or places is not None:
            raise EventError("event_bad_result")
        return {"score": score}
    if places is None or score is not None:
        raise EventError("event_bad_places", count=len(game.players))
    return {"places": check_places(places, len(game.players)), "scores": []}


@dataclass(frozen=True, slots=True)
class ReportStep:
    """What a report, a confirmation or a dispute did: the event, the game as it stands, and, once the result
    counted, what it did to the round (``progress``)."""

    event: Event
    game: EventGame
    progress: Progress | None = None


class Reports(Results):
    """Physical boards: move a table to one, report its result, confirm or dispute it, decide a dispute."""

    async def _physical_game(self, event_id: int, round: int, board: int) -> tuple[Event, EventGame]:
        """The running event and its physical game still waiting for a result.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game``, ``event_not_physical``
                or ``event_result_in``.
        """
        event = await self._load_in(event_id, "event_not_running", EventStatus.RUNNING)
        game = await self._game(event_id, round, board)
        if not game.physical:
            raise EventError("event_not_physical")
        if game.done:
            raise EventError("event_result_in")
        return event, game

    async def _game(self, event_id: int, round: int, board: int) -> EventGame:
        """One game of a round.

        Raises:
            EventError: ``event_no_game``.
        """
        row = next((r for r in await self._rows.load_games(event_id, round=round) if r.board == board), None)
        if row is None or len(row.players) < 2:
            raise EventError("event_no_game", round=round)
        return game_of_row(row)

    async def game_at(self, event_id: int, round: int, board: int) -> tuple[Event, EventGame]:
        """The event and one of its games (not a bye).

        Raises:
            EventError: ``event_not_found`` or ``event_no_game``.
        """
        async with self._store.transaction(immediate=False):
            return await self._load(event_id), await self._game(event_id, round, board)

    async def move_to_physical(self, event_id: int, actor_id: int, round: int, board: int) -> EventGame:
        """An organiser moves a game of the round being played to a physical board; the game as it was (its
        match, if any, is the caller's to stop: its end then counts nothing).

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game`` or ``event_result_in``.
        """
        async with self._changing(event_id, "event_not_running", EventStatus.RUNNING) as event:
            game = await self._game(event_id, round, board)
            if round != event.current_round or game.done:
                raise EventError("event_result_in")
            if await self._rows.set_physical(event_id, round, board):
                details = {"round": round, "board": board, "players": list(game.players), "match": game.match_id}
                await self._rows.log(event_id, actor_id, "physical", details, now=self._clock())
            return game

    async def report(
        self,
        event_id: int,
        round: int,
        board: int,
        user_id: int,
        *,
        score: str | None = None,
        places: Sequence[int] | None = None,
    ) -> ReportStep:
        """A player reports their physical game's result; it waits for the other players' confirmation.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game``, ``event_not_physical``,
                ``event_result_in``, ``event_not_your_game``, ``event_report_disputed`` (an organiser decides
                now), ``event_bad_result`` or ``event_bad_places``.
        """
        async with self._store.transaction():
            event, game = await self._physical_game(event_id, round, board)
            if user_id not in game.players:
                raise EventError("event_not_your_game")
            if disputed_by(game) is not None:
                raise EventError("event_report_disputed")
            result = result_of(game, score=score, places=places)
            # A player who withdrew from the event is not waited for: nobody would ever confirm for them.
            confirmed = [user_id, *(uid for uid in game.players if uid in event.withdrawn_ids and uid != user_id)]
            report = {"by": user_id, "result": result, "confirmed": confirmed, "disputed_by": None}
            details = {"round": round, "board": board, "players": list(game.players), "after": result}
            await self._rows.log(event_id, user_id, "report", details, now=self._clock())
            if all(uid in confirmed for uid in game.players):
                return await self._count(event, game, result)
            await self._rows.set_report(event_id, round, board, report)
            return ReportStep(event, replace(game, report=MappingProxyType(report)))

    async def confirm(self, event_id: int, round: int, board: int, user_id: int) -> ReportStep:
        """A player confirms the report of their physical game; the last confirmation counts the result.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game``, ``event_not_physical``,
                ``event_result_in``, ``event_not_your_game``, ``event_no_report``, ``event_own_report`` (the
                reporter) or ``event_report_disputed``. Confirming again changes nothing.
        """
        now = self._clock()
        async with self._store.transaction():
            event, game = await self._physical_game(event_id, round, board)
            if self._confirmed_already(game, user_id):
                # A second tap on Confirm: the report stands as the first tap left it, nothing is added or logged.
                return ReportStep(event, game)
            report = self._answerable(game, user_id)
            confirmed = [*report["confirmed"], user_id]
            details = {"round": round, "board": board, "players": list(game.players), "after": report["result"]}
            await self._rows.log(event_id, user_id, "confirm", details, now=now)
            if any(uid not in confirmed for uid in game.players):
                updated = {**report, "confirmed": confirmed}
                await self._rows.set_report(event_id, round, board, updated)
                return ReportStep(event, replace(game, report=MappingProxyType(updated)))
            return await self._count(event, game, dict(report["result"]))

    async def _count(self, event: Event, game: EventGame, result: dict[str, Any]) -> ReportStep:
        """Count a report every player agreed to (inside the caller's transaction); it may close the round."""
        await self._rows.set_result(event.id, game.round, game.board, result, replaced=False)
        await self._rows.set_report(event.id, game.round, game.board, None)
        closed = await self._close_if_complete(event, game.round, self._clock())
        counted = replace(game, result=MappingProxyType(result), report=None)
        loaded = await self._load(event.id)
        return ReportStep(loaded, counted, Progress(loaded, counted, closed))

    async def dispute(self, event_id: int, round: int, board: int, user_id: int) -> ReportStep:
        """A player disputes the report of their physical game: an organiser decides.

        Raises:
            EventError: as :meth:`confirm`.
        """
        async with self._store.transaction():
            event, game = await self._physical_game(event_id, round, board)
            report = self._answerable(game, user_id)
            updated = {**report, "disputed_by": user_id}
            await self._rows.set_report(event_id, round, board, updated)
            details = {"round": round, "board": board, "players": list(game.players), "after": report["result"]}
            await self._rows.log(event_id, user_id, "dispute", details, now=self._clock())
            return ReportStep(event, replace(game, report=MappingProxyType(updated)))

    @staticmethod
    def _confirmed_already(game: EventGame, user_id: int) -> bool:
        """True when ``user_id`` confirmed the game's report (undisputed) that they did not make themselves."""
        report = game.report
        if report is None or disputed_by(game) is not None or reported_by(game) == user_id:
            return False
        return user_id in {int(u) for u in report.get("confirmed", ())}

    @staticmethod
    def _answerable(game: EventGame, user_id: int) -> dict[str, Any]:
        """The report ``user_id`` may confirm or dispute.

        Raises:
            EventError: ``event_not_your_game``, ``event_no_report``, ``event_own_report`` or
                ``event_report_disputed``.
        """
        if user_id not in game.players:
            raise EventError("event_not_your_game")
        if game.report is None:
            raise EventError("event_no_report")
        if user_id in waiting_for(game) and disputed_by(game) is None:
            return dict(game.report)
        if disputed_by(game) is not None:
            raise EventError("event_report_disputed")
        raise EventError("event_own_report")

    async def accept_report(self, event_id: int, actor_id: int, round: int, board: int) -> Progress:
        """An organiser counts a (disputed) report as it was reported.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game``, ``event_not_physical``,
                ``event_result_in`` or ``event_no_report``.
        """
        async with self._store.transaction():
            event, game = await self._physical_game(event_id, round, board)
            result = reported_result(game)
            if result is None:
                raise EventError("event_no_report")
            return await self._replace(event, actor_id, game, dict(result))

    async def set_game_result(
        self,
        event_id: int,
        actor_id: int,
        round: int,
        board: int,
        *,
        score: str | None = None,
        places: Sequence[int] | None = None,
    ) -> Progress:
        """An organiser sets (or corrects) the result of a game, by its board: ``score`` in seat order for two
        players (a double loss, ``0-0``, allowed), ``places`` for a table. A match still being played is the
        caller's to stop.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game``, ``event_bad_result`` or
                ``event_bad_places``.
        """
        async with self._changing(event_id, "event_not_running", EventStatus.RUNNING, EventStatus.FINISHED) as event:
            game = await self._game(event_id, round, board)
            if len(game.players) == 2 and score == Result.BOTH_LOSE.value and places is None:
                result: dict[str, Any] = {"score": score}
            else:
                result = result_of(game, score=score, places=places)
            return await self._replace(event, actor_id, game, result)
