"""Rounds and pairings: pairing (or seating) the next round and opening its games as matches."""

from __future__ import annotations

from datetime import timedelta

from bot.app.clocks.game_clock import clock_setting
from bot.app.events.core import EventCore
from bot.app.events.formats import format_of
from bot.app.events.model import Event, EventError, EventGame, EventStatus, RoundPlan
from bot.app.events.rules import game_of_row, pair_round
from bot.app.matches import MatchStatus, TurnReport
from bot.app.storage.store import to_iso


class Rounds(EventCore):
    """Pair a round, open its matches, and find the ones a crash left unopened."""

    async def plan_round(self, event_id: int, actor_id: int | None) -> RoundPlan:
        """Pair (or seat) the next round and record its byes; the matches are opened by :meth:`open_game`.

        When fewer players are left than a round needs, the event finishes instead (``round`` is None).

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_round_not_over`` or
                ``event_no_more_rounds``.
        """
        now = self._clock()
        async with self._changing(event_id, "event_not_running", EventStatus.RUNNING) as event:
            if event.round_in_progress:
                raise EventError("event_round_not_over", round=event.current_round)
            if event.current_round >= event.rounds:
                raise EventError("event_no_more_rounds")
            number = event.current_round + 1
            if len(event.active_in(number)) < format_of(event.format).minimum_players:
                await self._rows.update_event(event_id, now=now, status=EventStatus.FINISHED.value)
                details = {"reason": "players", "round": event.current_round}
                await self._rows.log(event_id, actor_id, "finish", details, now=now)
                return RoundPlan(await self._load(event_id), None, ())
            past = [game_of_row(row) for row in await self._rows.load_games(event_id)]
            tables, byes = pair_round(event, number, past)
            for board, players in enumerate(tables, start=1):
                await self._rows.insert_game(event_id, number, board, players, None, physical=event.physical)
            for offset, player in enumerate(byes, start=len(tables) + 1):
                await self._rows.insert_game(event_id, number, offset, (player,), {"bye": True})
            ends = None if event.round_minutes is None else to_iso(now + timedelta(minutes=event.round_minutes))
            await self._rows.update_event(event_id, now=now, current_round=number, round_ends_at=ends, round_warned=0)
            details = {"round": number, "games": [list(t) for t in tables], "byes": list(byes)}
            await self._rows.log(event_id, actor_id, "round", details, now=now)
            games = tuple(game_of_row(row) for row in await self._rows.load_games(event_id, round=number))
            closed = await self._close_if_complete(await self._load(event_id), number, now)
            return RoundPlan(await self._load(event_id), number, games, closed)

    async def open_game(self, event: Event, game: EventGame, thread_id: int) -> TurnReport:
        """Open a game's match in ``thread_id``, seat its players in order and start it.

        Safe to call again after a crash: a game that already has its match only gets the missing seats
        filled and is started if it is still in its lobby.

        Raises:
            MatchError: from the match service (``channel_busy`` when the thread already has a match).
        """
        match_id = game.match_id
        if match_id is None:
            options = dict(event.options)
            if event.turn_limit is not None or clock_setting(options) is not None:
                # A forced decision is played at once rather than waiting a day for a click (or using a clock).
                options.setdefault("autoplay", "on")
            match = await self._matches.create(
                event.game.id,
                options,
                guild_id=event.guild_id,
                channel_id=thread_id,
                creator_id=game.players[0],
                turn_limit=event.turn_limit,
                on_timeout=event.on_timeout,
                rated=event.rated,
                capped=False,
            )
            match_id = match.id
            # Linked at once, so a crash before the start leaves a match a retry finds and completes.
            await self._rows.attach_match(event.id, game.round, game.board, match_id, thread_id)
        match = await self._matches.get(match_id)
        if match.status is not MatchStatus.LOBBY:
            return TurnReport(match=match)
        for user_id in game.players:
            if user_id not in match.seats:
                match = await self._matches.join(match_id, user_id, capped=False)
        return await self._matches.start(match_id, game.players[0])

    async def unopened(self, event_id: int) -> tuple[Event, list[EventGame]]:
        """The event and the games of its current round whose match is not started yet (after a crash)."""
        event = await self.get(event_id)
        if event.status is not EventStatus.RUNNING or not event.round_in_progress:
            return event, []
        games = await self.games(event_id, event.current_round)
        waiting: list[EventGame] = []
        for game in games:
            if game.is_bye or game.done or game.physical:
                continue  # a physical game has no match to open: its players report the result
            if game.match_id is None:
                waiting.append(game)
                continue
            match = await self._matches.get(game.match_id)
            if match.status is MatchStatus.LOBBY:
                waiting.append(game)
        return event, waiting
