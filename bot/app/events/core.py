"""The event service's shared ground: the store, the match service, the clock, and loading an event."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from types import MappingProxyType

from bot.app.events.model import Clock, Event, EventError, EventFormat, EventGame, EventPlayer, EventStatus
from bot.app.events.rules import game_of_row
from bot.app.matches import MatchService
from bot.app.storage import Store
from bot.app.storage.events_store import EventRow, EventStore
from bot.app.storage.rows import record_from
from games import UnknownGameError, find_game


class EventCore:
    """What every part of the event service stands on (see :class:`bot.app.events.EventService`).

    ``store`` is the bot's open :class:`Store`, ``matches`` its match service (event games are ordinary
    matches) and ``clock`` returns the current UTC time.
    """

    def __init__(self, store: Store, matches: MatchService, clock: Clock) -> None:
        self._store = store
        self._rows = EventStore(store)
        self._matches = matches
        self._clock = clock

    async def _load(self, event_id: int, *, lock: bool = True) -> Event:
        """The event, its row locked until the commit in a writing transaction on PostgreSQL (see
        :meth:`EventStore.load_event`): every writing event transaction loads its event through here first.
        Reads pass ``lock`` False, so a read nested in another service's write never takes the event's lock.

        Raises:
            EventError: ``event_not_found``.
        """
        row = await self._rows.load_event(event_id, lock=lock)
        if row is None:
            raise EventError("event_not_found")
        return await self._event(row)

    async def _load_in(self, event_id: int, refusal: str, *statuses: EventStatus) -> Event:
        """Load an event that must be in one of ``statuses`` for what is asked; refuse with ``refusal`` otherwise.

        Raises:
            EventError: ``event_not_found`` or ``refusal``.
        """
        event = await self._load(event_id)
        if event.status not in statuses:
            raise EventError(refusal)
        return event

    @asynccontextmanager
    async def _changing(self, event_id: int, refusal: str, *statuses: EventStatus) -> AsyncIterator[Event]:
        """Run the block in one writing transaction, on the event loaded as :meth:`_load_in` loads it (refused
        with ``refusal`` unless it is in one of ``statuses``): what the block checks holds until it writes.

        Raises:
            EventError: ``event_not_found`` or ``refusal``.
        """
        async with self._store.transaction():
            yield await self._load_in(event_id, refusal, *statuses)

    async def _event(self, row: EventRow) -> Event:
        try:
            game = find_game(row.game)
        except UnknownGameError as exc:  # pragma: no cover - a game is never unregistered under a live event
            raise EventError("event_not_found") from exc
        players = tuple(record_from(EventPlayer, p) for p in await self._rows.load_players(row.id))
        return record_from(
            Event,
            row,
            game=game,
            options=MappingProxyType(dict(row.options)),
            format=EventFormat(row.format),
            status=EventStatus(row.status),
            players=players,
            checkin_open=row.checkin_opened_at is not None,
        )

    async def get(self, event_id: int) -> Event:
        """Load one event.

        Raises:
            EventError: ``event_not_found``.
        """
        async with self._store.transaction(immediate=False):
            return await self._load(event_id, lock=False)

    async def games(self, event_id: int, round: int | None = None) -> list[EventGame]:
        """The games of an event, or of one round, by round then board."""
        return [game_of_row(row) for row in await self._rows.load_games(event_id, round=round)]

    async def _close_if_complete(self, event: Event, round: int, now: datetime) -> int | None:
        """Close ``round`` when it is the current one and every result is in; the round number if this call did.

        The last round closing finishes the event.
        """
        if event.status is not EventStatus.RUNNING or round != event.current_round:
            return None
        games = await self._rows.load_games(event.id, round=round)
        if any(g.result is None for g in games):
            return None
        if not await self._rows.close_round(event.id, round, now=now):
            return None
        if round >= event.rounds:
            await self._rows.update_event(event.id, now=now, status=EventStatus.FINISHED.value)
            await self._rows.log(event.id, None, "finish", {"round": round}, now=now)
        return round
