"""The event service's shared ground: the store, the match service, the clock, and loading an event."""

from __future__ import annotations

from datetime import datetime
from types import MappingProxyType

from bot.app.events.model import Clock, Event, EventError, EventFormat, EventGame, EventPlayer, EventStatus
from bot.app.events.rules import game_of_row
from bot.app.matches import MatchService
from bot.app.storage import Store
from bot.app.storage.events_store import EventRow, EventStore
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

    async def _load(self, event_id: int) -> Event:
        row = await self._rows.load_event(event_id)
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

    async def _event(self, row: EventRow) -> Event:
        try:
            game = find_game(row.game)
        except UnknownGameError as exc:  # pragma: no cover - a game is never unregistered under a live event
            raise EventError("event_not_found") from exc
        players = tuple(
            EventPlayer(p.user_id, p.seed, p.withdrawn_after, p.checked_in, p.entry_round, p.missed_half)
            for p in await self._rows.load_players(row.id)
        )
        return Event(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            name=row.name,
            game=game,
            options=MappingProxyType(dict(row.options)),
            format=EventFormat(row.format),
            rounds=row.rounds,
            turn_limit=row.turn_limit,
            on_timeout=row.on_timeout,
            auto_advance=row.auto_advance,
            rated=row.rated,
            organiser_id=row.organiser_id,
            status=EventStatus(row.status),
            current_round=row.current_round,
            closed_round=row.closed_round,
            signup_message_id=row.signup_message_id,
            created_at=row.created_at,
            players=players,
            round_minutes=row.round_minutes,
            round_ends_at=row.round_ends_at,
            round_warned=row.round_warned,
            checkin_open=row.checkin_opened_at is not None,
            physical=row.physical,
        )

    async def get(self, event_id: int) -> Event:
        """Load one event.

        Raises:
            EventError: ``event_not_found``.
        """
        async with self._store.transaction(immediate=False):
            return await self._load(event_id)

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
