"""Timed rounds for a club evening: a round ends at a set time, its games are warned ten minutes before, and
at the end every game still being played is settled from its position.

An event created with ``round_minutes`` gives each round an end as it is paired (kept with the event, so a
restart keeps it). The clock's tick asks :meth:`RoundClock.round_steps` what is due: a ``warn`` step once
per round when :data:`WARN_BEFORE` remains, an ``end`` step when the time is up. :meth:`RoundClock.settle_round`
then counts a result for every unfinished game, read from its position by :func:`games.ai.adjudicate.adjudicate`
(the rule is written there, per game), logs it as the bot's decision, and returns the games whose matches the
caller stops and announces; the round closes as any round does once every result is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import Any, Final, Literal

from bot.app.events.core import EventCore
from bot.app.events.formats import format_of
from bot.app.events.leavers import left_seats, log_takeovers, table_result_with_leavers
from bot.app.events.model import Event, EventGame, EventStatus, Progress
from bot.app.events.rules import game_of_row
from bot.app.matches import MatchStatus
from bot.app.tournaments.standings import Result
from games.ai.adjudicate import adjudicate

WARN_BEFORE: Final = timedelta(minutes=10)
"""How long before a round's end its games are warned (once)."""


@dataclass(frozen=True, slots=True)
class RoundStep:
    """One thing the clock must do for a timed round: warn its games, or end it."""

    event: Event
    kind: Literal["warn", "end"]


@dataclass(frozen=True, slots=True)
class Settled:
    """A game the round's end settled: the game with its counted result, and its places (1 = first) by seat."""

    game: EventGame
    places: tuple[int, ...]


def result_of_places(two_player: bool, places: tuple[int, ...], scores: tuple[int, ...]) -> dict[str, Any]:
    """The counted result of a settled game: a score for two players, places (and scores) at a table."""
    if two_player:
        first, second = places[0], places[1]
        score = Result.FIRST_WINS if first < second else Result.SECOND_WINS if second < first else Result.DRAW
        return {"score": score.value}
    return {"places": list(places), "scores": list(scores)}


class RoundClock(EventCore):
    """What a timed round's clock must do, and settling a round whose time is up."""

    async def round_steps(self, now: datetime) -> list[RoundStep]:
        """The timed rounds that must be warned or ended at ``now``, by event."""
        async with self._store.transaction(immediate=False):
            rows = await self._rows.timed_rounds()
            steps = []
            for row in rows:
                assert row.round_ends_at is not None
                if now >= row.round_ends_at:
                    steps.append(RoundStep(await self._load(row.id), "end"))
                elif not row.round_warned and now >= row.round_ends_at - WARN_BEFORE:
                    steps.append(RoundStep(await self._load(row.id), "warn"))
            return steps

    async def next_round_step(self, now: datetime) -> datetime | None:
        """When the next timed round must be warned or ended (after ``now``), or None."""
        async with self._store.transaction(immediate=False):
            rows = await self._rows.timed_rounds()
        found = []
        for row in rows:
            assert row.round_ends_at is not None
            found.append(row.round_ends_at)
            if not row.round_warned:
                found.append(row.round_ends_at - WARN_BEFORE)
        later = [at for at in found if at > now]
        return min(later, default=None)

    async def claim_warning(self, event_id: int) -> bool:
        """Mark the round's warning as sent; True only for the call that marked it (it is sent once)."""
        async with self._store.transaction():
            event = await self._load(event_id)
            if event.round_warned or event.round_ends_at is None or not event.round_in_progress:
                return False
            await self._rows.update_event(event_id, now=self._clock(), round_warned=1)
            return True

    async def settle_round(self, event_id: int) -> tuple[list[Settled], Progress | None]:
        """Count a result for every game of the current round still being played, from its position; the games
        settled (their matches are the caller's to stop) and what the last result did.

        A game whose match never started counts as lost by both players (a table: for nobody).
        """
        now = self._clock()
        settled: list[Settled] = []
        async with self._store.transaction():
            event = await self._load(event_id)
            if event.status is not EventStatus.RUNNING or not event.round_in_progress:
                return [], None
            two_player = format_of(event.format).two_player
            for row in await self._rows.load_games(event_id, round=event.current_round):
                game = game_of_row(row)
                if game.done or game.is_bye or game.physical:
                    # A game on a physical board has no position to read: its players report it, or an organiser.
                    continue
                match = None if game.match_id is None else await self._matches.get(game.match_id)
                if match is None or match.status is not MatchStatus.ACTIVE:
                    result: dict[str, Any] = {"score": Result.BOTH_LOSE.value} if two_player else {"void": True}
                    places: tuple[int, ...] = ()
                else:
                    places = adjudicate(event.game.id, match.state)
                    scores = tuple(getattr(match.state, "scores", ()))
                    result = result_of_places(two_player, places, scores)
                    if not two_player:
                        # A member who left is scored as their forfeit, not by the position the AI reached.
                        result = table_result_with_leavers(result, left_seats(match))
                        places = tuple(result["places"])
                await self._rows.set_result(event_id, game.round, game.board, result, replaced=True)
                details = {"round": game.round, "board": game.board, "players": list(game.players), "after": result}
                await self._rows.log(event_id, None, "settle", details, now=now)
                if match is not None and match.status is MatchStatus.ACTIVE and not two_player:
                    await log_takeovers(self._rows, event_id, game, match, now)
                counted = EventGame(
                    game.round, game.board, game.players, game.match_id, game.thread_id, MappingProxyType(result), True
                )
                settled.append(Settled(counted, places))
            await self._rows.update_event(event_id, now=now, round_ends_at=None)
            closed = await self._close_if_complete(await self._load(event_id), event.current_round, now)
            return settled, Progress(await self._load(event_id), None, closed)
