"""Reads: a match by id or channel, a member's matches, a log, the open matches, the AI's queue."""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from dataclasses import replace

from bot.app.fairness import Seal
from bot.app.matches.core import Core
from bot.app.matches.log import (
    _entry,
)
from bot.app.matches.model import (
    LogEntry,
    Match,
    MatchError,
    MatchStatus,
)

log = logging.getLogger(__name__)


class Queries(Core):
    """Load matches and logs for reading (snapshots checked and repaired from the log when needed)."""

    # Queries.

    async def get(self, match_id: int) -> Match:
        """Load one match (any status).

        The snapshot is checked to parse; when it is missing, unreadable or behind the log, the state
        is rebuilt from the log and the snapshot rewritten.

        Raises:
            MatchError: ``no_match``.
        """
        async with self._store.transaction(immediate=False):
            return await self._load(match_id, repair=True)

    async def in_event(self, match_id: int) -> bool:
        """True when the match is a game of an association event (its end offers no rematch: a rematch in the
        event's thread would pass for an event game)."""
        async with self._store.transaction(immediate=False):
            return await self._store.in_event(match_id)

    async def current(self, channel_id: int) -> Match | None:
        """The lobby or active match of a channel or thread, if any."""
        async with self._store.transaction(immediate=False):
            row = await self._store.find_current(channel_id)
            return None if row is None else await self._from_row(row, repair=True)

    async def last_in_channel(self, channel_id: int) -> Match | None:
        """The most recent match of a channel, finished ones included."""
        async with self._store.transaction(immediate=False):
            row = await self._store.find_last(channel_id)
            return None if row is None else await self._from_row(row, repair=True)

    async def matches_of_user(
        self, user_id: int, *, statuses: Collection[MatchStatus] | None = None, limit: int = 50
    ) -> list[Match]:
        """The matches where ``user_id`` has a seat, on every server, newest first."""
        wanted = None if statuses is None else [s.value for s in statuses]
        async with self._store.transaction(immediate=False):
            rows = await self._store.matches_of_user(user_id, statuses=wanted, limit=limit)
            return [await self._from_row(row, repair=True) for row in rows]

    async def history(self, match_id: int) -> Sequence[LogEntry]:
        """The whole move log of a match, in order, each move a stand-in played for its member carrying the
        stand-in's name (:attr:`LogEntry.stand_in`).

        Raises:
            MatchError: ``no_match``.
        """
        async with self._store.transaction(immediate=False):
            if await self._store.load_match_row(match_id) is None:
                raise MatchError("no_match")
            entries = tuple(_entry(row) for row in await self._store.load_moves(match_id))
            played_for = await self._store.load_played_for(match_id)
        # Who chose a move its member was not asked for (a plan, a standing order, the autopilot), so that every
        # text told from the log says so.
        return tuple(replace(e, stand_in=played_for[e.ply]) if e.ply in played_for else e for e in entries)

    async def seals(self, match_id: int) -> tuple[Seal, ...]:
        """The seals of the chosen secrets of a match, by ply (:data:`bot.app.fairness.SEAL_SCHEME`). Their
        nonces are secret until the match has ended: callers show only the commitments before then."""
        async with self._store.transaction(immediate=False):
            return tuple(Seal(*found) for found in await self._store.load_seals(match_id))

    async def waiting_for_ai(self) -> list[Match]:
        """Active matches in which an AI seat must act now (after a restart, or missed by an event)."""
        async with self._store.transaction(immediate=False):
            ids = await self._store.matches_waiting_for_ai()
            found = [await self._load(i) for i in ids]
        return [m for m in found if m.ai_to_act()]

    async def open_matches(self, *, channel_id: int | None = None, guild_id: int | None = None) -> list[Match]:
        """The lobbies and active matches of a channel, or of a whole server."""
        async with self._store.transaction(immediate=False):
            rows = await self._store.matches_in(channel_id=channel_id, guild_id=guild_id)
            return [await self._from_row(row, repair=False) for row in rows]
