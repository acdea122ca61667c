"""Reading events: a server's and a channel's events, an event's log and standings, the organiser role."""

from __future__ import annotations

from types import MappingProxyType

from bot.app.events.core import EventCore
from bot.app.events.model import Event, EventGame, EventStatus, LogLine, Standings
from bot.app.events.rules import game_of_row, standings_of
from bot.app.storage.events_store import EventLogRow


class EventQueries(EventCore):
    """Lookups, the log, the standings and the server's settings."""

    async def game_of_match(self, match_id: int) -> tuple[Event, EventGame] | None:
        """The event and game a match is played for, if it is an event game."""
        async with self._store.transaction(immediate=False):
            row = await self._rows.game_of_match(match_id)
            if row is None:
                return None
            return await self._load(row.event_id, lock=False), game_of_row(row)

    async def events_of_guild(self, guild_id: int, *, open_only: bool = False) -> list[Event]:
        """A server's events, newest first (only those in sign-up or running with ``open_only``)."""
        statuses = (EventStatus.SIGNUP.value, EventStatus.RUNNING.value) if open_only else None
        async with self._store.transaction(immediate=False):
            rows = await self._rows.events_of_guild(guild_id, statuses=statuses)
            return [await self._event(row) for row in rows]

    async def events_here(self, channel_id: int) -> list[Event]:
        """The events run from a channel or with a game in that thread, newest first, open ones first."""
        async with self._store.transaction(immediate=False):
            rows = await self._rows.events_of_channel(channel_id)
            events = [await self._event(row) for row in rows]
        is_open = (EventStatus.SIGNUP, EventStatus.RUNNING)
        return [e for e in events if e.status in is_open] + [e for e in events if e.status not in is_open]

    async def log(self, event_id: int) -> list[LogLine]:
        """The event's log, oldest first.

        Raises:
            EventError: ``event_not_found``.
        """
        async with self._store.transaction(immediate=False):
            await self._load(event_id, lock=False)
            rows: list[EventLogRow] = await self._rows.load_log(event_id)
        return [LogLine(r.created_at, r.actor_id, r.action, MappingProxyType(r.details)) for r in rows]

    async def standings(self, event_id: int) -> Standings:
        """The standings from every counted result so far (a round in progress counts its finished games).

        Raises:
            EventError: ``event_not_found``.
        """
        async with self._store.transaction(immediate=False):
            event = await self._load(event_id, lock=False)
            games = [game_of_row(row) for row in await self._rows.load_games(event_id)]
        return standings_of(event, games)

    async def organiser_role(self, guild_id: int) -> int | None:
        """The server's organiser role, if set."""
        return await self._rows.organiser_role(guild_id)

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        """Set (or with None clear) the server's organiser role."""
        await self._rows.set_organiser_role(guild_id, role_id, now=self._clock())
