"""The store of Plateau: every SQL statement of the project, on SQLite or PostgreSQL.

All SQL lives here (and in :mod:`bot.app.storage.events_store`), written once with ``?`` placeholders in the
SQL both databases understand. Methods are typed and return plain rows (:class:`MatchRow`,
:class:`MoveRow`); the match service gives them meaning. The store knows nothing of games or Discord, and
nothing above it knows which database it runs on: :meth:`Store.open` picks the backend from the location
(a file path, ``sqlite:...`` or ``postgresql://...``), and :mod:`bot.app.storage.backends` holds everything
that differs (connections, transactions, row locks, migrations).

Concurrency: :meth:`Store.transaction` is one transaction per service operation. On SQLite the store
serialises every transaction on one connection; on PostgreSQL each transaction has a connection of its
own and a write transaction locks the match rows it loads (``SELECT ... FOR UPDATE``), so writers to
different matches run in parallel and writers to one match queue. Inside a transaction the owning task's
calls run in it; a task started *inside* a transaction runs outside it (on SQLite it would wait for the
transaction to end, so do not await such a task in one).
"""

from __future__ import annotations

import contextlib
import enum
import json
import logging
from collections.abc import AsyncIterator, Collection, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from os import PathLike
from typing import Any, Final, Literal

from bot.app.storage.backends import Backend, PostgresBackend, SqliteBackend, is_postgres_url, sqlite_path
from bot.app.storage.base import ChannelBusyError, ConflictError, SchemaVersionError, StoreError, from_iso, to_iso
from bot.app.storage.migrate import MIGRATIONS_DIR, MIGRATIONS_PG_DIR, Migration, load_migrations

log = logging.getLogger(__name__)

__all__ = [
    "OPEN_STATUSES",
    "UNSET",
    "ChannelBusyError",
    "ConflictError",
    "MatchParts",
    "MatchRow",
    "MoveRow",
    "PostRow",
    "SchemaVersionError",
    "Store",
    "StoreError",
    "from_iso",
    "to_iso",
]

OPEN_STATUSES: Final = ("lobby", "active")
"""Statuses of a match that occupies its channel (the partial unique index uses the same list)."""


class _Unset(enum.Enum):
    UNSET = enum.auto()


UNSET: Final = _Unset.UNSET
"""Marks an :meth:`Store.update_match` argument as "leave this column alone" (None means NULL)."""


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One row of ``matches``, decoded (JSON parsed, times as aware UTC datetimes)."""

    id: int
    game: str
    options: dict[str, str]
    seed: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: str
    version: int
    state: str | None
    result: dict[str, Any] | None
    lobby_message_id: int | None
    board_message_id: int | None
    created_at: datetime
    updated_at: datetime
    log_version: int
    """The highest ply in the move log (0 when empty); equals ``version`` unless the row is stale."""
    turn_limit: int | None = None
    """Seconds a seat has for its turn; None: no deadline."""
    on_timeout: str = "vote"
    """``vote``, ``move`` or ``forfeit``: what happens when a seat's time runs out."""
    rated: bool = True
    status_message_id: int | None = None
    state_digest: str | None = None
    """The digest written with the snapshot (migration 0007); None for rows written before it."""
    announced_version: int = 0
    """The version whose board was last posted (migration 0007)."""
    turn: int | None = None
    """The number of the turn being played (migration 0014); None for a row not saved since."""
    turn_seats: str | None = None
    """The seats playing that turn, comma-separated (migration 0014)."""


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One entry of the append-only move log."""

    ply: int
    kind: str
    seat: int | None
    notation: str
    created_at: datetime
    interaction_id: int | None = None


@dataclass(frozen=True, slots=True)
class PostRow:
    """A message the bot keeps for a match (its turn post, a player's DM, an out-of-turn question)."""

    kind: str
    """``turn``, ``dm`` or ``question``."""
    subject: int
    """0 for the turn post and the question; the user id for a DM."""
    channel_id: int | None
    message_id: int | None
    detail: str = ""
    """The turn's key, a private view's digest, or the seats a question asks."""
    counter: int = 0
    """The turn number (turn post only)."""


@dataclass(frozen=True, slots=True)
class MatchParts:
    """The rows of a match besides its own, read together (see :meth:`Store.load_match_parts`)."""

    seats: list[int]
    """User ids in seat order."""
    ai: dict[int, tuple[str, int, str]]
    """Seat → (level, from ply, reason)."""
    fairness: tuple[str, str, str, dict[int, str]] | None
    """(scheme, server seed, commitment, salt by user id), or None."""
    undos: list[tuple[int, str]]
    """(ply, notation) of every undo entry of the log, in order."""
    replacements: list[SeatReplacement] = field(default_factory=list)
    """The seats that passed from the AI to a member (:meth:`Store.replace_seat`), by seat and ply."""


@dataclass(frozen=True, slots=True)
class SeatReplacement:
    """A seat that passed from the AI to a member (migration 0011's ``seat_replacements``)."""

    seat: int
    ply: int
    """The ply of the ``replace`` log entry; the member plays from the next one on."""
    user_id: int
    """The member who took the seat over."""
    previous_user_id: int
    """The member who held the seat before the AI."""
    ai_level: str
    ai_from_ply: int
    """The first ply the AI played the seat."""
    reason: str
    """Why the AI had taken the seat over: ``resign``, ``forfeit`` or ``left``."""


_MATCH_COLUMNS: Final = (
    "matches.id, matches.game, matches.options, matches.seed, matches.guild_id, matches.channel_id, "
    "matches.creator_id, matches.status, matches.version, matches.state, matches.result, "
    "matches.lobby_message_id, matches.board_message_id, matches.created_at, matches.updated_at, "
    "(SELECT coalesce(max(moves.ply), 0) FROM moves WHERE moves.match_id = matches.id), "
    "matches.turn_limit, matches.on_timeout, matches.rated, matches.status_message_id, "
    "matches.state_digest, coalesce(matches.announced_version, 0), matches.turn, matches.turn_seats"
)
_MOVE_COLUMNS: Final = "ply, kind, seat, notation, created_at, interaction_id"

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
)


def _match_row(row: Sequence[Any]) -> MatchRow:
    return MatchRow(
        id=row[0],
        game=row[1],
        options=json.loads(row[2]),
        seed=row[3],
        guild_id=row[4],
        channel_id=row[5],
        creator_id=row[6],
        status=row[7],
        version=row[8],
        state=row[9],
        result=None if row[10] is None else json.loads(row[10]),
        lobby_message_id=row[11],
        board_message_id=row[12],
        created_at=from_iso(row[13]),
        updated_at=from_iso(row[14]),
        log_version=row[15],
        turn_limit=row[16],
        on_timeout=row[17],
        rated=bool(row[18]),
        status_message_id=row[19],
        state_digest=row[20],
        announced_version=row[21],
        turn=row[22],
        turn_seats=row[23],
    )


def _move_row(row: Sequence[Any]) -> MoveRow:
    return MoveRow(
        ply=row[0],
        kind=row[1],
        seat=row[2],
        notation=row[3],
        created_at=from_iso(row[4]),
        interaction_id=row[5],
    )


def _json(value: Mapping[str, Any]) -> str:
    return json.dumps(dict(value), sort_keys=True, separators=(",", ":"))


class Store:
    """The database of matches, seats, move logs and user preferences, on SQLite or PostgreSQL.

    Open with ``await Store.open(location)`` (``":memory:"`` for tests), close with ``await store.close()``
    or use ``async with await Store.open(location) as store``.
    """

    def __init__(self, backend: Backend) -> None:
        """Wrap an open backend; use :meth:`open`, which also migrates it."""
        self.backend = backend
        self.path = backend.where
        self.applied_migrations: tuple[int, ...] = ()
        """Versions of the migrations this open applied (empty when the schema was up to date)."""

    # Life cycle.

    @classmethod
    async def open(
        cls,
        path: str | PathLike[str],
        *,
        busy_timeout_ms: int = 5000,
        synchronous: Literal["OFF", "NORMAL", "FULL", "EXTRA"] = "NORMAL",
        migrations: Sequence[Migration] | None = None,
        now: datetime | None = None,
        pool_size: int = 10,
    ) -> Store:
        """Open (or create) the database at ``path`` and bring its schema up to date.

        ``path`` is a SQLite file (or ``sqlite:file``, ``:memory:``) or a ``postgresql://`` address.
        SQLite files use WAL, so readers never wait for the writer; with WAL, ``synchronous=NORMAL``
        cannot corrupt the file and only risks the last commits on a power cut, which is the right
        trade for a chat bot. On PostgreSQL, ``pool_size`` bounds the connections (and so the
        transactions running at once). ``migrations`` defaults to the files of ``bot/app/storage/migrations``
        (``migrations_pg`` on PostgreSQL).

        Raises:
            SchemaVersionError: the database comes from a newer version of the code.
            MigrationError: a migration file is malformed or the recorded history disagrees with it.
        """
        location = str(path)
        backend: Backend
        if is_postgres_url(location):
            chosen = load_migrations(MIGRATIONS_PG_DIR) if migrations is None else tuple(migrations)
            backend = await PostgresBackend.open(location, max_size=pool_size)
        else:
            chosen = load_migrations(MIGRATIONS_DIR) if migrations is None else tuple(migrations)
            backend = await SqliteBackend.open(
                sqlite_path(location),
                busy_timeout_ms=busy_timeout_ms,
                synchronous=synchronous,
                latest=chosen[-1].version if chosen else 0,
            )
        store = cls(backend)
        try:
            store.applied_migrations = await backend.migrate(chosen, now or datetime.now(UTC))
        except BaseException:
            await backend.close()
            raise
        return store

    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.backend.kind

    async def close(self) -> None:
        """Close the connection(s); waits for running transactions to end first."""
        await self.backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # Transactions.

    def transaction(self, *, immediate: bool = True) -> AbstractAsyncContextManager[None]:
        """Run the block in one transaction: committed when it ends, rolled back when it raises.

        ``immediate`` says the block writes: SQLite takes its write lock at ``BEGIN`` (right for
        read-modify-write, and it avoids a deadlock upgrade against another process), PostgreSQL locks
        the match rows the block loads. Pass False for read-only blocks. A nested ``transaction()`` in the
        same task becomes a savepoint.
        """
        return self.backend.transaction(immediate=immediate)

    @property
    def in_transaction(self) -> bool:
        """True while the current task is inside :meth:`transaction`."""
        return self.backend.in_transaction

    # The storage package's own helpers (events_store uses them too).

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self.backend.fetch(sql, params)

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; return the number of rows it changed."""
        return await self.backend.write(sql, params)

    async def _insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute an INSERT into a table keyed by ``id``; return the new id."""
        return await self.backend.insert(sql, params)

    @asynccontextmanager
    async def _refusable(self) -> AsyncIterator[None]:
        """Around a statement a constraint may refuse: the refusal leaves the caller's transaction usable."""
        async with self.backend.guarded():
            yield

    def _refused(self, exc: BaseException) -> bool:
        return isinstance(exc, self.backend.integrity_errors)

    # Schema and settings.

    async def schema_version(self) -> int:
        """The schema version recorded in the database (SQLite: ``PRAGMA user_version``)."""
        return await self.backend.schema_version()

    async def migration_history(self) -> list[tuple[int, str, datetime]]:
        """Every applied migration: (version, name, applied at), oldest first."""
        rows = await self._fetch("SELECT version, name, applied_at FROM schema_migrations ORDER BY version")
        return [(int(v), str(n), from_iso(at)) for v, n, at in rows]

    async def settings(self) -> dict[str, Any]:
        """The connection settings that matter for diagnostics (SQLite: journal mode, foreign keys, ...)."""
        return await self.backend.settings()

    # Matches.

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
                        _json(options),
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
        sql = f"SELECT {_MATCH_COLUMNS} FROM matches WHERE matches.id = ?"
        rows = await self._fetch(sql + lock, (match_id,))
        if lock and rows and rows[0][8] != rows[0][15]:
            # In a write transaction on PostgreSQL the row stays locked until the commit, so the service's
            # load → check → apply → save runs alone on the match, as on SQLite's single writer. A read that
            # waited for the lock gets the row as the other transaction left it, but counts the move log as it
            # was when the read began: version and log disagree. The next statement sees that commit.
            rows = await self._fetch(sql, (match_id,))
        return _match_row(rows[0]) if rows else None

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
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE matches.channel_id = ?"
            " AND matches.status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _match_row(rows[0]) if rows else None

    async def find_last(self, channel_id: int) -> MatchRow | None:
        """The most recently created match of a channel, whatever its status."""
        rows = await self._fetch(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE matches.channel_id = ? ORDER BY matches.id DESC LIMIT 1",
            (channel_id,),
        )
        return _match_row(rows[0]) if rows else None

    async def matches_of_user(
        self, user_id: int, *, statuses: Collection[str] | None = None, limit: int = 50
    ) -> list[MatchRow]:
        """The matches where ``user_id`` has a seat, on every server, newest first."""
        sql = f"SELECT {_MATCH_COLUMNS} FROM seats JOIN matches ON matches.id = seats.match_id WHERE seats.user_id = ?"
        params: list[Any] = [user_id]
        if statuses is not None:
            wanted = list(statuses)
            if not wanted:
                return []
            sql += f" AND matches.status IN ({', '.join('?' * len(wanted))})"
            params.extend(wanted)
        sql += " ORDER BY matches.id DESC LIMIT ?"
        params.append(limit)
        return [_match_row(row) for row in await self._fetch(sql, params)]

    async def update_match(
        self,
        match_id: int,
        *,
        now: datetime,
        expected_version: int | None = None,
        status: str | _Unset = UNSET,
        version: int | _Unset = UNSET,
        state: str | _Unset | None = UNSET,
        result: Mapping[str, Any] | _Unset | None = UNSET,
        lobby_message_id: int | _Unset | None = UNSET,
        board_message_id: int | _Unset | None = UNSET,
        status_message_id: int | _Unset | None = UNSET,
        state_digest: str | _Unset | None = UNSET,
        turn: int | _Unset | None = UNSET,
        turn_seats: str | _Unset | None = UNSET,
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
            "result": result if result is UNSET or result is None else _json(result),
            "lobby_message_id": lobby_message_id,
            "board_message_id": board_message_id,
            "status_message_id": status_message_id,
            "state_digest": state_digest,
            "turn": turn,
            "turn_seats": turn_seats,
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
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE matches.status IN ('active', 'finished')"
            f" AND matches.version > coalesce(matches.announced_version, 0){settled}"
            " ORDER BY matches.updated_at LIMIT ?",
            (*params, limit),
        )
        return [_match_row(row) for row in rows]

    async def in_event(self, match_id: int) -> bool:
        """True when the match is a game of an association event (migration 0006's ``event_games``)."""
        rows = await self._fetch("SELECT 1 FROM event_games WHERE match_id = ? LIMIT 1", (match_id,))
        return bool(rows)

    # Seats.

    async def lock_seating(self, user_ids: Sequence[int]) -> None:
        """In a write transaction, hold these members' seating until it ends, so that a count of their
        lobbies followed by a new seat cannot interleave with another process doing the same (on SQLite a
        write transaction already excludes every other writer). Taken in one call, in one order: no deadlock.
        """
        await self.backend.lock_names([f"seating:{user_id}" for user_id in user_ids])

    async def load_match_parts(self, match_id: int) -> MatchParts:
        """What every load of a match reads besides its row, in one query (one round trip to a server): the
        seats (:meth:`load_seats`), the AI seats (:meth:`load_ai_seats`), the fairness (:meth:`load_fairness`)
        and the undo entries (:meth:`undo_entries`)."""
        rows = await self._fetch(
            "SELECT 's', seat, user_id, NULL, NULL, NULL FROM seats WHERE match_id = ?"
            " UNION ALL SELECT 'a', seat, from_ply, level, reason, NULL FROM ai_seats WHERE match_id = ?"
            " UNION ALL SELECT 'f', 0, 0, scheme, server_seed, commitment FROM match_fairness WHERE match_id = ?"
            " UNION ALL SELECT 't', 0, user_id, salt, NULL, NULL FROM match_salts WHERE match_id = ?"
            " UNION ALL SELECT 'u', ply, 0, notation, NULL, NULL FROM moves WHERE match_id = ? AND kind = 'undo'"
            " UNION ALL SELECT 'r', seat, ply, ai_level, reason,"
            " CAST(user_id AS TEXT) || ':' || CAST(previous_user_id AS TEXT) || ':' || CAST(ai_from_ply AS TEXT)"
            " FROM seat_replacements WHERE match_id = ?"
            " ORDER BY 1, 2, 3",
            (match_id, match_id, match_id, match_id, match_id, match_id),
        )
        replaced = []
        for r in rows:
            if r[0] == "r":
                user, previous, ai_from = (int(part) for part in str(r[5]).split(":"))
                replaced.append(SeatReplacement(int(r[1]), int(r[2]), user, previous, str(r[3]), ai_from, str(r[4])))
        fair = next(((str(r[3]), str(r[4]), str(r[5])) for r in rows if r[0] == "f"), None)
        salts = {int(r[2]): str(r[3]) for r in rows if r[0] == "t"}
        return MatchParts(
            seats=[int(r[2]) for r in rows if r[0] == "s"],
            ai={int(r[1]): (str(r[3]), int(r[2]), str(r[4])) for r in rows if r[0] == "a"},
            fairness=None if fair is None else (*fair, salts),
            undos=[(int(r[1]), str(r[3])) for r in rows if r[0] == "u"],
            replacements=replaced,
        )

    async def load_seats(self, match_id: int) -> list[int]:
        """User ids of the seats of a match, in seat order."""
        rows = await self._fetch("SELECT user_id FROM seats WHERE match_id = ? ORDER BY seat", (match_id,))
        return [int(row[0]) for row in rows]

    async def add_seat(self, match_id: int, seat: int, user_id: int, *, now: datetime) -> None:
        """Seat ``user_id`` at ``seat``.

        Raises:
            ConflictError: the seat is taken or the user is already seated in this match.
        """
        try:
            async with self._refusable():
                await self._write(
                    "INSERT INTO seats (match_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                    (match_id, seat, user_id, to_iso(now)),
                )
        except self.backend.integrity_errors as exc:
            raise ConflictError(f"match {match_id}: seat {seat} or user {user_id} is taken") from exc

    async def remove_seat(self, match_id: int, user_id: int) -> bool:
        """Remove ``user_id`` and close the gap (later seats move up one); False if not seated."""
        async with self.transaction():
            rows = await self._fetch(
                "SELECT user_id, joined_at FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
            )
            kept = [(uid, joined) for uid, joined in rows if uid != user_id]
            if len(kept) == len(rows):
                return False
            # Renumbering in place could collide with the primary key mid-update; rewrite instead.
            await self._write("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await self.backend.executemany(
                "INSERT INTO seats (match_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                [(match_id, seat, uid, joined) for seat, (uid, joined) in enumerate(kept)],
            )
        return True

    # The move log.

    async def load_moves(self, match_id: int, *, after: int = 0) -> list[MoveRow]:
        """The log entries of a match with ply > ``after``, in order."""
        rows = await self._fetch(
            f"SELECT {_MOVE_COLUMNS} FROM moves WHERE match_id = ? AND ply > ? ORDER BY ply", (match_id, after)
        )
        return [_move_row(row) for row in rows]

    async def append_moves(self, match_id: int, entries: Iterable[MoveRow]) -> None:
        """Append log entries; their plies must be the next free ones. All or nothing.

        Raises:
            ConflictError: a ply is already taken (someone else wrote first) or an interaction id was
                already used; nothing is written (inside a transaction: once the caller rolls back).
        """
        params = [
            (match_id, e.ply, e.kind, e.seat, e.notation, to_iso(e.created_at), e.interaction_id) for e in entries
        ]
        if not params:
            return
        # One statement for the whole change (one round trip to a server). A row the (match_id, ply) key or
        # the interaction index refuses is skipped rather than failing the statement, so the count says
        # whether someone else wrote first, and a PostgreSQL transaction stays usable without a savepoint.
        rows = ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(params))
        sql = (
            "INSERT INTO moves (match_id, ply, kind, seat, notation, created_at, interaction_id)"
            f" VALUES {rows} ON CONFLICT DO NOTHING"
        )
        flat = [value for row in params for value in row]
        if self.in_transaction:
            written = await self._write(sql, flat)
            if written != len(params):
                raise ConflictError(f"match {match_id}: the log already has these plies or interaction")
            return
        async with self.transaction():  # alone: the rows before a refused one must not stay
            if await self._write(sql, flat) != len(params):
                raise ConflictError(f"match {match_id}: the log already has these plies or interaction")

    async def load_interaction(self, interaction_id: int) -> tuple[int, list[MoveRow]] | None:
        """The match and the entries written by an interaction, or None if it wrote nothing.

        The interaction id is stored on the first entry a change wrote; the chance entries right after
        it (up to the next non-chance entry) were sampled in the same change, so they belong to it too.
        """
        rows = await self._fetch(
            "WITH first AS ("
            " SELECT f.match_id, f.ply, (SELECT min(x.ply) FROM moves AS x"
            "  WHERE x.match_id = f.match_id AND x.ply > f.ply AND x.kind <> 'chance') AS stop"
            " FROM moves AS f WHERE f.interaction_id = ?)"
            " SELECT first.match_id, m.ply, m.kind, m.seat, m.notation, m.created_at, m.interaction_id"
            " FROM first JOIN moves AS m ON m.match_id = first.match_id"
            " WHERE m.ply >= first.ply AND (first.stop IS NULL OR m.ply < first.stop) ORDER BY m.ply",
            (interaction_id,),
        )
        if not rows:
            return None
        return int(rows[0][0]), [_move_row(row[1:]) for row in rows]

    # User preferences.

    async def get_draw_offer(self, match_id: int) -> tuple[int, int, list[int]] | None:
        """The pending draw offer of a match as (offering seat, version, seats that accepted), if any."""
        rows = await self._fetch("SELECT seat, version, accepted FROM draw_offers WHERE match_id = ?", (match_id,))
        if not rows:
            return None
        seat, version, accepted = rows[0]
        return int(seat), int(version), [int(s) for s in json.loads(accepted)]

    async def put_draw_offer(
        self, match_id: int, seat: int, version: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the draw offer of a match."""
        await self._write(
            "INSERT INTO draw_offers (match_id, seat, version, accepted, created_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat, version = excluded.version,"
            " accepted = excluded.accepted, created_at = excluded.created_at",
            (match_id, seat, version, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_draw_offer(self, match_id: int) -> None:
        """Forget the draw offer of a match (declined, accepted or expired)."""
        await self._write("DELETE FROM draw_offers WHERE match_id = ?", (match_id,))

    # Provably fair chance (see bot/app/fairness.py).

    async def insert_fairness(
        self, match_id: int, scheme: str, server_seed: str, commitment: str, *, now: datetime
    ) -> None:
        """Record the committed server seed of a new match."""
        await self._write(
            "INSERT INTO match_fairness (match_id, scheme, server_seed, commitment, created_at) VALUES (?, ?, ?, ?, ?)",
            (match_id, scheme, server_seed, commitment, to_iso(now)),
        )

    async def load_fairness(self, match_id: int) -> tuple[str, str, str, dict[int, str]] | None:
        """(scheme, server seed, commitment, salt by user id) of a match, or None for a match without
        provably fair chance. One query, since every load of a match asks."""
        rows = await self._fetch(
            "SELECT f.scheme, f.server_seed, f.commitment, s.user_id, s.salt FROM match_fairness f"
            " LEFT JOIN match_salts s ON s.match_id = f.match_id WHERE f.match_id = ?",
            (match_id,),
        )
        if not rows:
            return None
        salts = {int(row[3]): str(row[4]) for row in rows if row[3] is not None}
        return str(rows[0][0]), str(rows[0][1]), str(rows[0][2]), salts

    async def put_salt(self, match_id: int, user_id: int, salt: str, *, now: datetime) -> None:
        """Set (or replace) a player's salt."""
        async with self.transaction():
            await self._write("DELETE FROM match_salts WHERE match_id = ? AND user_id = ?", (match_id, user_id))
            await self._write(
                "INSERT INTO match_salts (match_id, user_id, salt, created_at) VALUES (?, ?, ?, ?)",
                (match_id, user_id, salt, to_iso(now)),
            )

    async def delete_salt(self, match_id: int, user_id: int) -> None:
        """Forget a player's salt (they left the lobby)."""
        await self._write("DELETE FROM match_salts WHERE match_id = ? AND user_id = ?", (match_id, user_id))

    async def has_chance(self, match_id: int) -> bool:
        """True once the log of a match holds a chance entry."""
        rows = await self._fetch(
            "SELECT ply FROM moves WHERE match_id = ? AND kind = 'chance' ORDER BY ply LIMIT 1", (match_id,)
        )
        return bool(rows)

    async def undo_entries(self, match_id: int) -> list[tuple[int, str]]:
        """(ply, notation) of every undo entry of a match, in order."""
        rows = await self._fetch(
            "SELECT ply, notation FROM moves WHERE match_id = ? AND kind = 'undo' ORDER BY ply", (match_id,)
        )
        return [(int(ply), str(notation)) for ply, notation in rows]

    async def get_meta(self, key: str) -> str | None:
        """A value the bot process keeps for itself, or None when unset."""
        rows = await self._fetch("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str, *, now: datetime | None = None) -> None:
        """Store a value of the bot process."""
        await self._write(
            "INSERT INTO bot_meta (key, value, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (key, value, to_iso(now or datetime.now(UTC))),
        )

    # AI seats and server settings.

    async def load_ai_seats(self, match_id: int) -> dict[int, tuple[str, int, str]]:
        """The seats the AI plays in a match: seat → (level, from ply, reason)."""
        rows = await self._fetch("SELECT seat, level, from_ply, reason FROM ai_seats WHERE match_id = ?", (match_id,))
        return {int(seat): (str(level), int(ply), str(reason)) for seat, level, ply, reason in rows}

    async def put_ai_seat(self, match_id: int, seat: int, level: str, from_ply: int, reason: str) -> None:
        """Let the AI play ``seat`` from ``from_ply`` on (replacing any earlier row for that seat)."""
        await self._write("DELETE FROM ai_seats WHERE match_id = ? AND seat = ?", (match_id, seat))
        await self._write(
            "INSERT INTO ai_seats (match_id, seat, level, from_ply, reason) VALUES (?, ?, ?, ?, ?)",
            (match_id, seat, level, from_ply, reason),
        )

    async def clear_ai_seats(self, match_id: int) -> None:
        """Forget a lobby's AI seat rows (they are written again, renumbered, when seats change)."""
        await self._write("DELETE FROM ai_seats WHERE match_id = ?", (match_id,))

    async def matches_waiting_for_ai(self) -> list[int]:
        """Active matches with at least one AI seat (the runner checks which must act).

        The active matches are walked (migration 0013's ``matches_active``) and their AI seats looked up
        by key, not the other way round: finished matches keep their AI seat rows, as many as were ever
        played. A correlated scalar subquery, because PostgreSQL turns ``EXISTS`` into a hash join that
        reads every AI seat row.
        """
        rows = await self._fetch(
            "SELECT m.id FROM matches AS m WHERE m.status = 'active'"
            " AND (SELECT a.seat FROM ai_seats AS a WHERE a.match_id = m.id LIMIT 1) IS NOT NULL ORDER BY m.id"
        )
        return [int(r[0]) for r in rows]

    async def get_guild_setting(self, guild_id: int, key: str) -> str | None:
        """A server's setting, or None when unset."""
        rows = await self._fetch("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        return str(rows[0][0]) if rows else None

    async def set_guild_setting(self, guild_id: int, key: str, value: str, *, now: datetime) -> None:
        """Store a server's setting."""
        await self._write("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        await self._write(
            "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)",
            (guild_id, key, value, to_iso(now)),
        )

    async def get_pref(self, user_id: int, key: str) -> str | None:
        """A user's preference, or None when unset."""
        rows = await self._fetch("SELECT value FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key))
        return str(rows[0][0]) if rows else None

    async def load_prefs(self, user_id: int) -> dict[str, str]:
        """Every preference of a user."""
        rows = await self._fetch("SELECT key, value FROM user_prefs WHERE user_id = ? ORDER BY key", (user_id,))
        return {str(k): str(v) for k, v in rows}

    async def set_pref(self, user_id: int, key: str, value: str | None, *, now: datetime) -> None:
        """Store a user's preference; None deletes it."""
        if value is None:
            await self._write("DELETE FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key))
            return
        await self._write(
            "INSERT INTO user_prefs (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (user_id, key, value, to_iso(now)),
        )

    # Turn clocks, deadlines and votes.

    async def load_clocks(self, match_id: int) -> dict[int, tuple[datetime, list[str]]]:
        """The turn clocks of a match: seat → (when its turn began, thresholds already handled)."""
        rows = await self._fetch("SELECT seat, since, reminded FROM turn_clocks WHERE match_id = ?", (match_id,))
        return {int(seat): (from_iso(since), list(json.loads(reminded))) for seat, since, reminded in rows}

    async def set_clocks(self, match_id: int, seats: Collection[int], *, now: datetime) -> None:
        """Keep a clock for exactly ``seats``: new ones start at ``now``, continuing ones keep theirs."""
        wanted = sorted(set(seats))
        if wanted:
            marks = ", ".join("?" * len(wanted))
            await self._write(
                f"DELETE FROM turn_clocks WHERE match_id = ? AND seat NOT IN ({marks})", (match_id, *wanted)
            )
        else:  # "NOT IN ()" is SQLite's only
            await self._write("DELETE FROM turn_clocks WHERE match_id = ?", (match_id,))
        for seat in wanted:
            await self._write(
                "INSERT INTO turn_clocks (match_id, seat, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (match_id, seat, to_iso(now)),
            )

    async def restart_clock(self, match_id: int, seat: int, *, now: datetime) -> bool:
        """Start ``seat``'s running clock again at ``now`` with no reminder sent; False if it has none."""
        changed = await self._write(
            "UPDATE turn_clocks SET since = ?, reminded = '[]' WHERE match_id = ? AND seat = ?",
            (to_iso(now), match_id, seat),
        )
        return changed > 0

    async def mark_clock(
        self, match_id: int, seat: int, since: datetime, threshold: str, *, claim: bool = False
    ) -> bool:
        """Record that ``threshold`` was handled for the turn that began at ``since``.

        Returns False when it already was (or the turn is over): the caller then sends nothing, which is
        what makes a reminder go out at most once per turn even if two ticks race. Call it in a
        transaction. With ``claim``, a clock row another transaction holds (on PostgreSQL: another process
        claiming the same reminder) counts as taken (``FOR UPDATE SKIP LOCKED``); otherwise the call waits
        for that transaction and then reads the row as it left it (``FOR UPDATE``).
        """
        lock = self.backend.skip_locked if claim else self.backend.lock_rows
        rows = await self._fetch(
            f"SELECT reminded FROM turn_clocks WHERE match_id = ? AND seat = ? AND since = ?{lock}",
            (match_id, seat, to_iso(since)),
        )
        if not rows:
            return False
        done = list(json.loads(rows[0][0]))
        if threshold in done:
            return False
        done.append(threshold)
        await self._write(
            "UPDATE turn_clocks SET reminded = ? WHERE match_id = ? AND seat = ? AND since = ?",
            (json.dumps(done), match_id, seat, to_iso(since)),
        )
        return True

    async def running_clocks(self) -> list[tuple[int, int, datetime, list[str], int]]:
        """Every clock of an active match with a deadline: (match id, seat, since, thresholds handled, limit)."""
        rows = await self._fetch(
            "SELECT c.match_id, c.seat, c.since, c.reminded, m.turn_limit FROM turn_clocks AS c JOIN matches AS m"
            " ON m.id = c.match_id WHERE m.status = 'active' AND m.turn_limit IS NOT NULL ORDER BY c.match_id, c.seat"
        )
        return [(int(m), int(seat), from_iso(since), list(json.loads(r)), int(lim)) for m, seat, since, r, lim in rows]

    async def put_vote(
        self, match_id: int, seat: int, since: datetime, voter: int, choice: str, *, now: datetime
    ) -> None:
        """Record (or change) ``voter``'s choice about late ``seat``'s turn that began at ``since``."""
        await self._write(
            "INSERT INTO timeout_votes (match_id, seat, since, voter, choice, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id, seat, since, voter) DO UPDATE SET choice = excluded.choice",
            (match_id, seat, to_iso(since), voter, choice, to_iso(now)),
        )

    async def load_votes(self, match_id: int, seat: int, since: datetime) -> dict[int, str]:
        """The votes cast on one late turn: voter seat → choice."""
        rows = await self._fetch(
            "SELECT voter, choice FROM timeout_votes WHERE match_id = ? AND seat = ? AND since = ?",
            (match_id, seat, to_iso(since)),
        )
        return {int(voter): str(choice) for voter, choice in rows}

    # Vacations.

    async def add_vacation(self, user_id: int, starts_at: datetime, ends_at: datetime, *, now: datetime) -> int:
        """Record a declared absence and return its id."""
        return await self._insert(
            "INSERT INTO vacations (user_id, starts_at, ends_at, declared_at) VALUES (?, ?, ?, ?)",
            (user_id, to_iso(starts_at), to_iso(ends_at), to_iso(now)),
        )

    async def load_vacations(self, user_id: int) -> list[tuple[int, datetime, datetime]]:
        """A user's absences, oldest first: (id, start, end)."""
        # In a write transaction on PostgreSQL: the caller checks overlaps and allowances before adding one.
        await self.backend.lock_names([f"vacations:{user_id}"])
        rows = await self._fetch(
            "SELECT id, starts_at, ends_at FROM vacations WHERE user_id = ? ORDER BY starts_at", (user_id,)
        )
        return [(int(i), from_iso(a), from_iso(b)) for i, a, b in rows]

    async def end_vacation(self, vacation_id: int, at: datetime) -> None:
        """Cut an absence short at ``at`` (a future one that has not begun is deleted)."""
        await self._write("DELETE FROM vacations WHERE id = ? AND starts_at >= ?", (vacation_id, to_iso(at)))
        await self._write(
            "UPDATE vacations SET ends_at = ? WHERE id = ? AND ends_at > ?", (to_iso(at), vacation_id, to_iso(at))
        )

    # Undo requests.

    async def get_undo_request(self, match_id: int) -> tuple[int, int, int, list[int]] | None:
        """The pending undo request: (requesting seat, version, ply taken back, seats that accepted)."""
        rows = await self._fetch(
            "SELECT seat, version, target_ply, accepted FROM undo_requests WHERE match_id = ?", (match_id,)
        )
        if not rows:
            return None
        seat, version, target, accepted = rows[0]
        return int(seat), int(version), int(target), [int(s) for s in json.loads(accepted)]

    async def put_undo_request(
        self, match_id: int, seat: int, version: int, target_ply: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the undo request of a match."""
        await self._write(
            "INSERT INTO undo_requests (match_id, seat, version, target_ply, accepted, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat,"
            " version = excluded.version, target_ply = excluded.target_ply, accepted = excluded.accepted,"
            " created_at = excluded.created_at",
            (match_id, seat, version, target_ply, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_undo_request(self, match_id: int) -> None:
        """Forget the undo request of a match."""
        await self._write("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))

    # Seat replacements (a member takes over a seat the AI plays).

    async def get_replace_request(self, match_id: int) -> tuple[int, int, int, list[int]] | None:
        """The pending replacement request: (seat, candidate's user id, version, seats that accepted)."""
        rows = await self._fetch(
            "SELECT seat, user_id, version, accepted FROM replace_requests WHERE match_id = ?", (match_id,)
        )
        if not rows:
            return None
        seat, user_id, version, accepted = rows[0]
        return int(seat), int(user_id), int(version), [int(s) for s in json.loads(accepted)]

    async def put_replace_request(
        self, match_id: int, seat: int, user_id: int, version: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the replacement request of a match."""
        await self._write(
            "INSERT INTO replace_requests (match_id, seat, user_id, version, accepted, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat,"
            " user_id = excluded.user_id, version = excluded.version, accepted = excluded.accepted,"
            " created_at = excluded.created_at",
            (match_id, seat, user_id, version, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_replace_request(self, match_id: int) -> None:
        """Forget the replacement request of a match."""
        await self._write("DELETE FROM replace_requests WHERE match_id = ?", (match_id,))

    async def add_replace_decline(
        self, match_id: int, seat: int, user_id: int, declined_by: int, version: int, *, now: datetime
    ) -> None:
        """Record that the players declined ``user_id`` for ``seat`` (migration 0012's ``replace_declines``)."""
        await self._write(
            "INSERT INTO replace_declines (match_id, seat, user_id, declined_by, version, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, seat, user_id) DO NOTHING",
            (match_id, seat, user_id, declined_by, version, to_iso(now)),
        )

    async def replace_declined(self, match_id: int, seat: int, user_id: int) -> bool:
        """True when the players declined ``user_id`` for ``seat`` of the match."""
        rows = await self._fetch(
            "SELECT 1 FROM replace_declines WHERE match_id = ? AND seat = ? AND user_id = ?",
            (match_id, seat, user_id),
        )
        return bool(rows)

    async def replace_seat(self, match_id: int, replacement: SeatReplacement, *, now: datetime) -> None:
        """Give the AI-held ``replacement.seat`` to ``replacement.user_id``: the seat row names the member, the
        AI seat row goes, the replacement is recorded, and the previous member's salt moves with the seat (the
        draws take the salts in seat order, so every draw stays as committed).

        Raises:
            ConflictError: the member is already seated in the match.
        """
        r = replacement
        try:
            async with self._refusable():
                await self._write(
                    "UPDATE seats SET user_id = ? WHERE match_id = ? AND seat = ?", (r.user_id, match_id, r.seat)
                )
        except self.backend.integrity_errors as exc:
            raise ConflictError(f"match {match_id}: user {r.user_id} is seated already") from exc
        await self._write("DELETE FROM ai_seats WHERE match_id = ? AND seat = ?", (match_id, r.seat))
        await self._write(
            "INSERT INTO seat_replacements (match_id, seat, ply, user_id, previous_user_id, ai_level, ai_from_ply,"
            " reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, r.seat, r.ply, r.user_id, r.previous_user_id, r.ai_level, r.ai_from_ply, r.reason, to_iso(now)),
        )
        await self._write(
            "UPDATE match_salts SET user_id = ? WHERE match_id = ? AND user_id = ?",
            (r.user_id, match_id, r.previous_user_id),
        )

    # The messages kept per match (turn post, DMs, question).

    async def load_posts(self, match_id: int) -> list[PostRow]:
        """Every message remembered for a match."""
        rows = await self._fetch(
            "SELECT kind, subject, channel_id, message_id, detail, counter FROM match_posts WHERE match_id = ?",
            (match_id,),
        )
        return [PostRow(str(k), int(s), c, m, str(d), int(n)) for k, s, c, m, d, n in rows]

    async def put_post(self, match_id: int, post: PostRow, *, now: datetime) -> None:
        """Remember (or replace) one message of a match."""
        await self._write(
            "DELETE FROM match_posts WHERE match_id = ? AND kind = ? AND subject = ?",
            (match_id, post.kind, post.subject),
        )
        await self._write(
            "INSERT INTO match_posts (match_id, kind, subject, channel_id, message_id, detail, counter, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                post.kind,
                post.subject,
                post.channel_id,
                post.message_id,
                post.detail,
                post.counter,
                to_iso(now),
            ),
        )

    async def delete_post(self, match_id: int, kind: str, subject: int) -> None:
        """Forget one message of a match."""
        await self._write(
            "DELETE FROM match_posts WHERE match_id = ? AND kind = ? AND subject = ?", (match_id, kind, subject)
        )

    # Per-match ping settings.

    async def get_pings(self, match_id: int) -> dict[int, str]:
        """Ping settings of a match's players that differ from the default: user id → ``turn`` or ``off``."""
        rows = await self._fetch("SELECT user_id, pings FROM match_prefs WHERE match_id = ?", (match_id,))
        return {int(u): str(p) for u, p in rows}

    async def set_pings(self, match_id: int, user_id: int, pings: str) -> None:
        """Set how ``user_id`` is pinged in a match (``all`` removes the setting)."""
        if pings == "all":
            await self._write("DELETE FROM match_prefs WHERE match_id = ? AND user_id = ?", (match_id, user_id))
            return
        await self._write(
            "INSERT INTO match_prefs (match_id, user_id, pings) VALUES (?, ?, ?)"
            " ON CONFLICT (match_id, user_id) DO UPDATE SET pings = excluded.pings",
            (match_id, user_id, pings),
        )

    async def matches_in(
        self, *, channel_id: int | None = None, guild_id: int | None = None, limit: int = 50
    ) -> list[MatchRow]:
        """Open matches (lobby or active) of a channel or of a whole server, newest first."""
        param: int | None = channel_id if channel_id is not None else guild_id
        where = "matches.channel_id = ?" if channel_id is not None else "matches.guild_id = ?"
        rows = await self._fetch(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {where} AND matches.status IN ('lobby', 'active')"
            " ORDER BY matches.id DESC LIMIT ?",
            (param, limit),
        )
        return [_match_row(row) for row in rows]

    # Ratings.

    async def load_ratings(self, guild_id: int, game: str, user_ids: Sequence[int]) -> dict[int, tuple[float, float]]:
        """Current (mu, sigma) of the given players in one server and game; absent players are unrated."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        # A write transaction on PostgreSQL holds these players' ratings (rows or, for a first rating, their
        # names) until it ends: two matches of one player ending at once must not both start from the old one.
        await self.backend.lock_names([f"rating:{guild_id}:{game}:{user_id}" for user_id in user_ids])
        rows = await self._fetch(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {int(u): (float(mu), float(sigma)) for u, mu, sigma in rows}

    async def record_rating(
        self,
        match_id: int,
        guild_id: int,
        game: str,
        user_id: int,
        place: int,
        before: tuple[float, float],
        after: tuple[float, float],
        result: str,
        *,
        now: datetime,
    ) -> None:
        """Store a player's new rating after a match and the change it made (``result``: win, draw or loss)."""
        await self._write(
            "INSERT INTO rating_changes (match_id, user_id, game, place, mu_before, sigma_before, mu_after,"
            " sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, user_id, game, place, before[0], before[1], after[0], after[1]),
        )
        wins, draws, losses = (result == "win", result == "draw", result == "loss")
        await self._write(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, played, wins, draws, losses, updated_at)"
            " VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, played = ratings.played + 1,"
            " wins = ratings.wins + excluded.wins, draws = ratings.draws + excluded.draws,"
            " losses = ratings.losses + excluded.losses, updated_at = excluded.updated_at",
            (guild_id, game, user_id, after[0], after[1], int(wins), int(draws), int(losses), to_iso(now)),
        )

    async def rating_table(self, guild_id: int, game: str) -> list[tuple[int, float, float, int, int, int, int]]:
        """Every rated player of a server and game: (user, mu, sigma, played, wins, draws, losses)."""
        rows = await self._fetch(
            "SELECT user_id, mu, sigma, played, wins, draws, losses FROM ratings WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        )
        return [(int(r[0]), float(r[1]), float(r[2]), int(r[3]), int(r[4]), int(r[5]), int(r[6])) for r in rows]

    async def ratings_of(self, guild_id: int, user_id: int) -> list[tuple[str, float, float, int, int, int, int]]:
        """A player's ratings on a server, one per game: (game, mu, sigma, played, wins, draws, losses)."""
        rows = await self._fetch(
            "SELECT game, mu, sigma, played, wins, draws, losses FROM ratings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY played DESC, game",
            (guild_id, user_id),
        )
        return [(str(r[0]), float(r[1]), float(r[2]), int(r[3]), int(r[4]), int(r[5]), int(r[6])) for r in rows]

    async def rating_change(self, match_id: int, user_id: int) -> tuple[float, float, float, float] | None:
        """The (mu, sigma) before and after a rated match for one player, if the match was rated."""
        rows = await self._fetch(
            "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes"
            " WHERE match_id = ? AND user_id = ?",
            (match_id, user_id),
        )
        return None if not rows else (float(rows[0][0]), float(rows[0][1]), float(rows[0][2]), float(rows[0][3]))
