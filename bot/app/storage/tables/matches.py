"""The ``matches`` table: creating, finding, listing and updating matches."""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any, Final

from bot.app.storage.base import ChannelBusyError, ConflictError, to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import (
    MATCH_COLUMNS,
    OPEN_STATUSES,
    UNSET,
    MatchRow,
    Unset,
    match_row,
    to_json,
)

# Columns update_match may set; the SET clause is built from this fixed list, never from input.
_UPDATABLE: Final = (
    "status",
    "version",
    "state",
    "result",
    "lobby_message_id",
    "board_message_id",
    "status_message_id",
    "state_digest",
    "turn",
    "turn_seats",
    "judge_version",
)


class MatchQueries(StoreCore):
    """Matches: insert, load (locked on PostgreSQL in a write transaction), find, list, update."""

    async def insert_match(
        self,
        *,
        game: str,
        options: Mapping[str, str],
        seed: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        now: datetime,
        status: str = "lobby",
        state: str | None = None,
        turn_limit: int | None = None,
        on_timeout: str = "vote",
        rated: bool = True,
    ) -> int:
        """Insert a match and return its id.

        Raises:
            ChannelBusyError: the channel already has a lobby or active match.
        """
        stamp = to_iso(now)
        try:
            async with self._refusable():
                return await self._insert(
                    "INSERT INTO matches (game, options, seed, guild_id, channel_id, creator_id, status, version,"
                    " state, created_at, updated_at, turn_limit, on_timeout, rated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
                    (
                        game,
                        to_json(options),
                        seed,
                        guild_id,
                        channel_id,
                        creator_id,
                        status,
                        state,
                        stamp,
                        stamp,
                        turn_limit,
                        on_timeout,
                        int(rated),
                    ),
                )
        except self.backend.integrity_errors as exc:
            # SQLite names the column, PostgreSQL the index (matches_one_open_per_channel).
            if "channel" in str(exc):
                raise ChannelBusyError(f"channel {channel_id} already has an open match") from exc
            raise

    async def load_match_row(self, match_id: int) -> MatchRow | None:
        """The match with this id, or None."""
        lock = self.backend.lock_rows
        sql = f"SELECT {MATCH_COLUMNS} FROM matches WHERE matches.id = ?"
        rows = await self._fetch(sql + lock, (match_id,))
        if lock and rows and rows[0][8] != rows[0][15]:
            # In a write transaction on PostgreSQL the row stays locked until the commit, so the service's
            # load → check → apply → save runs alone on the match, as on SQLite's single writer. A read that
            # waited for the lock gets the row as the other transaction left it, but counts the move log as it
            # was when the read began: version and log disagree. The next statement sees that commit.
            rows = await self._fetch(sql, (match_id,))
        return match_row(rows[0]) if rows else None

    async def _lock_matches(self, where: str, params: Sequence[Any]) -> None:
        """In a write transaction on PostgreSQL, lock the match rows ``where`` selects until the commit.

        The lock is its own statement, before the read: under READ COMMITTED a statement that waited for a
        lock still sees the other tables (the move log) as they were when it began, while the next statement
        sees everything the transaction it waited for committed.
        """
        lock = self.backend.lock_rows
        if lock:
            await self._fetch(f"SELECT matches.id FROM matches WHERE {where}{lock}", params)

    async def find_current(self, channel_id: int) -> MatchRow | None:
        """The lobby or active match of a channel or thread, if any."""
        await self._lock_matches("matches.channel_id = ? AND matches.status IN ('lobby', 'active')", (channel_id,))
        rows = await self._fetch(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE matches.channel_id = ?"
            " AND matches.status IN ('lobby', 'active')",
            (channel_id,),
        )
        return match_row(rows[0]) if rows else None

    async def find_last(self, channel_id: int) -> MatchRow | None:
        """The most recently created match of a channel, whatever its status."""
        rows = await self._fetch(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE matches.channel_id = ? ORDER BY matches.id DESC LIMIT 1",
            (channel_id,),
        )
        return match_row(rows[0]) if rows else None

    async def matches_of_user(
        self, user_id: int, *, statuses: Collection[str] | None = None, limit: int = 50
    ) -> list[MatchRow]:
        """The matches where ``user_id`` has a seat, on every server, newest first."""
        sql = f"SELECT {MATCH_COLUMNS} FROM seats JOIN matches ON matches.id = seats.match_id WHERE seats.user_id = ?"
        params: list[Any] = [user_id]
        if statuses is not None:
            wanted = list(statuses)
            if not wanted:
                return []
            sql += f" AND matches.status IN ({', '.join('?' * len(wanted))})"
            params.extend(wanted)
        sql += " ORDER BY matches.id DESC LIMIT ?"
        params.append(limit)
        return [match_row(row) for row in await self._fetch(sql, params)]

    async def update_match(
        self,
        match_id: int,
        *,
        now: datetime,
        expected_version: int | None = None,
        status: str | Unset = UNSET,
        version: int | Unset = UNSET,
        state: str | Unset | None = UNSET,
        result: Mapping[str, Any] | Unset | None = UNSET,
        lobby_message_id: int | Unset | None = UNSET,
        board_message_id: int | Unset | None = UNSET,
        status_message_id: int | Unset | None = UNSET,
        state_digest: str | Unset | None = UNSET,
        turn: int | Unset | None = UNSET,
        turn_seats: str | Unset | None = UNSET,
        judge_version: str | Unset | None = UNSET,
    ) -> bool:
        """Set the given columns (and ``updated_at``); return False when no such match exists.

        With ``expected_version``, the row is only updated while its version still has that value.

        Raises:
            ConflictError: ``expected_version`` was given and the stored version differs.
            ChannelBusyError: the new status would open a second match in the channel.
        """
        values: dict[str, Any] = {
            "status": status,
            "version": version,
            "state": state,
            "result": result if result is UNSET or result is None else to_json(result),
            "lobby_message_id": lobby_message_id,
            "board_message_id": board_message_id,
            "status_message_id": status_message_id,
            "state_digest": state_digest,
            "turn": turn,
            "turn_seats": turn_seats,
            "judge_version": judge_version,
        }
        assignments = [f"{column} = ?" for column in _UPDATABLE if values[column] is not UNSET]
        params: list[Any] = [values[column] for column in _UPDATABLE if values[column] is not UNSET]
        sql = f"UPDATE matches SET {', '.join([*assignments, 'updated_at = ?'])} WHERE id = ?"
        params += [to_iso(now), match_id]
        if expected_version is not None:
            sql += " AND version = ?"
            params.append(expected_version)
        # Only a match (re)entering lobby or active can meet the one-open-match-per-channel index; only then
        # is a savepoint worth its round trips on PostgreSQL.
        refusable = self._refusable() if status in OPEN_STATUSES else contextlib.nullcontext()
        try:
            async with refusable:
                changed = await self._write(sql, params)
        except self.backend.integrity_errors as exc:
            if "channel" in str(exc):
                raise ChannelBusyError(f"match {match_id}: its channel already has an open match") from exc
            raise
        if changed == 0 and expected_version is not None:
            raise ConflictError(f"match {match_id} is no longer at version {expected_version}")
        return changed > 0

    async def mark_announced(self, match_id: int, version: int) -> None:
        """Record that the board of ``version`` was posted (never moves backwards)."""
        await self._write(
            "UPDATE matches SET announced_version = ? WHERE id = ? AND coalesce(announced_version, 0) < ?",
            (version, match_id, version),
        )

    async def unannounced(self, limit: int = 50, *, before: datetime | None = None) -> list[MatchRow]:
        """Active or finished matches whose latest version was never announced, oldest change first
        (with ``before``: only those last changed before then).

        The WHERE clause is migration 0013's partial index ``matches_unannounced``, word for word: the
        clock runs this every minute, and it must read the few matches waiting for a post, not them all.
        """
        settled = "" if before is None else " AND matches.updated_at <= ?"
        params: list[Any] = [] if before is None else [to_iso(before)]
        rows = await self._fetch(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE matches.status IN ('active', 'finished')"
            f" AND matches.version > coalesce(matches.announced_version, 0){settled}"
            " ORDER BY matches.updated_at LIMIT ?",
            (*params, limit),
        )
        return [match_row(row) for row in rows]

    async def in_event(self, match_id: int) -> bool:
        """True when the match is a game of an association event (migration 0006's ``event_games``)."""
        rows = await self._fetch("SELECT 1 FROM event_games WHERE match_id = ? LIMIT 1", (match_id,))
        return bool(rows)

    async def matches_in(
        self, *, channel_id: int | None = None, guild_id: int | None = None, limit: int = 50
    ) -> list[MatchRow]:
        """Open matches (lobby or active) of a channel or of a whole server, newest first."""
        param: int | None = channel_id if channel_id is not None else guild_id
        where = "matches.channel_id = ?" if channel_id is not None else "matches.guild_id = ?"
        rows = await self._fetch(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE {where} AND matches.status IN ('lobby', 'active')"
            " ORDER BY matches.id DESC LIMIT ?",
            (param, limit),
        )
        return [match_row(row) for row in rows]
