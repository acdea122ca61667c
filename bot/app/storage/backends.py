"""The two connections the store runs its SQL on: SQLite (embedded, the default) and PostgreSQL (a server).

:class:`bot.app.storage.Store` writes every statement once, in the SQL both databases understand, with ``?``
placeholders; a :class:`Backend` runs it. The contract is small on purpose: fetch rows, count changed rows,
insert and return the new id, run one statement for many rows, transactions (nested ones are savepoints),
a savepoint around a statement a constraint may refuse, and the schema migrations. What differs lives
here and nowhere else:

- **SQLite** (:class:`SqliteBackend`): one aiosqlite connection shared by every coroutine, serialised by
  one :class:`asyncio.Lock` held from ``BEGIN`` to ``COMMIT`` (a statement sent by another coroutine while
  a transaction is open would silently join it). SQLite has one writer at a time anyway; the schema
  version lives in ``PRAGMA user_version`` as well as in ``schema_migrations``.
- **PostgreSQL** (:class:`PostgresBackend`): an asyncpg pool; each transaction takes a connection of its
  own, so transactions of different tasks (or processes) really run side by side. Where SQLite relied on
  its single writer, a write transaction locks the match row it loads (``SELECT ... FOR UPDATE``), and the
  clock claims a reminder with ``FOR UPDATE SKIP LOCKED``. A failed statement aborts a PostgreSQL
  transaction, so statements a constraint may refuse run inside a savepoint (:meth:`Backend.guarded`), which
  keeps SQLite's "the refused statement did nothing, the transaction goes on". The schema version is the
  highest row of ``schema_migrations``; two processes starting at once migrate one after the other
  (an advisory lock).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Protocol, runtime_checkable
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

from bot.app.storage.base import SchemaVersionError, to_iso
from bot.app.storage.migrate import Migration, MigrationError

log = logging.getLogger(__name__)

SYNCHRONOUS_MODES: Final = ("OFF", "NORMAL", "FULL", "EXTRA")
POSTGRES_SCHEMES: Final = ("postgresql", "postgres")
MIGRATION_LOCK: Final = 0x504C_4154  # "PLAT": the advisory lock two starting processes queue on

SCHEMA_MIGRATIONS: Final = (
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    " applied_at TEXT NOT NULL)"
)


def newer_schema(where: str, current: int, latest: int) -> SchemaVersionError:
    """The error for a database whose schema ``current`` is ahead of the code's ``latest`` migration."""
    return SchemaVersionError(
        f"the database {where} has schema version {current}, but this Plateau only knows "
        f"migrations up to {latest}: it was written by a newer version. Upgrade Plateau (or "
        f"restore a backup) instead of running an older version on it."
    )


def check_history(recorded: dict[int, str], migrations: Sequence[Migration], where: str) -> int:
    """The current version of a database that recorded ``recorded``; raise when it disagrees with the files.

    Raises:
        SchemaVersionError: the database is ahead of the files.
        MigrationError: a recorded migration has another name than its file.
    """
    latest = migrations[-1].version if migrations else 0
    current = max(recorded, default=0)
    if current > latest:
        raise newer_schema(where, current, latest)
    by_version = {m.version: m for m in migrations}
    for version, name in sorted(recorded.items()):
        if version in by_version and by_version[version].name != name:
            raise MigrationError(
                f"the database recorded migration {version} as {name!r} but the file is "
                f"{by_version[version].name!r}: applied migrations must never be renamed or replaced"
            )
    return current


def is_postgres_url(location: str) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) address."""
    return urlsplit(location).scheme in POSTGRES_SCHEMES


def sqlite_path(location: str) -> str:
    """The file of a SQLite location: a plain path, ``sqlite:path`` or ``sqlite:///path``."""
    if location.startswith("sqlite:///"):
        return location[len("sqlite:///") - 1 :]
    if location.startswith("sqlite://"):
        return location[len("sqlite://") :]
    if location.startswith("sqlite:"):
        return location[len("sqlite:") :]
    return location


def redacted(url: str) -> str:
    """``url`` without its password, for logs and error messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@functools.lru_cache(maxsize=2048)
def to_dollar(sql: str) -> str:
    """Rewrite ``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (a ``?`` inside a quoted text stays)."""
    out: list[str] = []
    count = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in ("'", '"'):
            quote = char
        elif char == "?":
            count += 1
            out.append(f"${count}")
            continue
        out.append(char)
    return "".join(out)


def _count(status: str) -> int:
    """The rows an asyncpg status line (``UPDATE 3``, ``INSERT 0 1``) says changed."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@runtime_checkable
class Backend(Protocol):
    """What :class:`bot.app.storage.Store` needs of a database connection (see the module docstring)."""

    kind: str
    """``sqlite`` or ``postgresql``."""
    where: str
    """The file or address, for messages (no password)."""
    integrity_errors: tuple[type[Exception], ...]
    """The driver's errors for a refused constraint (unique key, foreign key, check)."""

    @property
    def in_transaction(self) -> bool:
        """True while the current task is inside :meth:`transaction`."""
        ...

    @property
    def lock_rows(self) -> str:
        """``FOR UPDATE`` to append to a read whose rows the current transaction will change, or ``""``."""
        ...

    @property
    def skip_locked(self) -> str:
        """``FOR UPDATE SKIP LOCKED`` for a claim that leaves a row another transaction holds, or ``""``."""
        ...

    def transaction(self, *, immediate: bool = True) -> contextlib.AbstractAsyncContextManager[None]:
        """One transaction for the block (a savepoint when nested); ``immediate``: the block writes."""
        ...

    def guarded(self) -> contextlib.AbstractAsyncContextManager[None]:
        """A savepoint around a statement a constraint may refuse, when the database needs one."""
        ...

    async def lock_names(self, names: Sequence[str]) -> None:
        """In a write transaction, hold these names (rows that may not exist yet) until it ends."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """The rows of a query."""
        ...

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT into a table with an ``id`` key; the new id."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""
        ...

    async def migrate(self, migrations: Sequence[Migration], now: datetime) -> tuple[int, ...]:
        """Apply the pending migrations in one transaction; their versions."""
        ...

    async def schema_version(self) -> int:
        """The schema version the database records."""
        ...

    async def settings(self) -> dict[str, Any]:
        """Connection settings that matter for diagnostics."""
        ...

    async def close(self) -> None:
        """Release the connection(s)."""
        ...


# SQLite.


class SqliteBackend:
    """One shared aiosqlite connection, serialised by a lock (see the module docstring).

    The lock is per task: a task started *inside* a transaction that calls the store would wait for that
    transaction to end, so do not await such a task in one.
    """

    kind = "sqlite"
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, db: aiosqlite.Connection, where: str) -> None:
        self._db = db
        self.where = where
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._savepoints = 0

    @classmethod
    async def open(cls, location: str, *, busy_timeout_ms: int, synchronous: str, latest: int) -> SqliteBackend:
        """Open and configure the file (WAL, foreign keys); refuse a file from a newer Plateau first."""
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS_MODES)}")
        db = await aiosqlite.connect(location, isolation_level=None)
        try:
            # PRAGMA takes no placeholders; both values are checked above or converted to int.
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            # Read-only, before anything is written (the switch to WAL rewrites the file header): a
            # database from a newer Plateau is refused exactly as it was found.
            await _refuse_newer(db, location, latest)
            await db.execute("PRAGMA foreign_keys = ON")
            rows = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
            mode = str(rows[0][0]).lower() if rows else "?"
            if mode not in ("wal", "memory"):
                log.warning("SQLite refused WAL mode for %s (journal mode is %s)", location, mode)
            await db.execute(f"PRAGMA synchronous = {synchronous}")
        except BaseException:
            await db.close()
            raise
        return cls(db, location)

    @property
    def in_transaction(self) -> bool:
        """True while the current task is inside :meth:`transaction`."""
        return self._owner is not None and self._owner is asyncio.current_task()

    @property
    def lock_rows(self) -> str:
        """Nothing: a SQLite write transaction (``BEGIN IMMEDIATE``) already excludes every other writer."""
        return ""

    @property
    def skip_locked(self) -> str:
        """Nothing: see :attr:`lock_rows`."""
        return ""

    @asynccontextmanager
    async def transaction(self, *, immediate: bool = True) -> AsyncIterator[None]:
        """Run the block in one transaction: committed when it ends, rolled back when it raises.

        Holds the lock for the whole block, so no other coroutine's statement can slip into it.
        ``immediate`` takes SQLite's write lock at ``BEGIN`` (right for read-modify-write, and it avoids a
        deadlock upgrade against another process); pass False for read-only blocks. A nested
        ``transaction()`` in the same task becomes a savepoint.
        """
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            async with self._savepoint():
                yield
            return
        async with self._lock:
            self._owner = task
            try:
                await self._db.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
                try:
                    yield
                    await self._db.execute("COMMIT")
                except BaseException:
                    await self._rollback()
                    raise
            finally:
                self._owner = None

    async def _rollback(self) -> None:
        try:
            await self._db.execute("ROLLBACK")
        except sqlite3.OperationalError:
            # No transaction left to roll back: SQLite ended it already (a failed COMMIT), or a
            # cancellation arrived while our COMMIT was still queued and it has run since.
            log.debug("ROLLBACK found no open transaction", exc_info=True)

    @asynccontextmanager
    async def _savepoint(self) -> AsyncIterator[None]:
        self._savepoints += 1
        name = f"nested_{self._savepoints}"
        await self._db.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            await self._db.execute(f"ROLLBACK TO {name}")
            await self._db.execute(f"RELEASE {name}")
            raise
        else:
            await self._db.execute(f"RELEASE {name}")
        finally:
            self._savepoints -= 1

    @asynccontextmanager
    async def _guard(self) -> AsyncIterator[None]:
        """Exclusive use of the connection for one call: free inside our own transaction."""
        if self.in_transaction:
            yield
            return
        async with self._lock:
            yield

    @asynccontextmanager
    async def guarded(self) -> AsyncIterator[None]:
        """Nothing to do: a refused statement leaves a SQLite transaction usable."""
        yield

    async def lock_names(self, names: Sequence[str]) -> None:
        """Nothing to do: a SQLite write transaction excludes every other writer already."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """The rows of a query."""
        async with self._guard():
            return list(await self._db.execute_fetchall(sql, params))

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        async with self._guard():
            cursor = await self._db.execute(sql, params)
            return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT; the new row id."""
        async with self._guard():
            cursor = await self._db.execute(sql, params)
        if cursor.lastrowid is None:  # pragma: no cover - SQLite always reports it after an INSERT
            raise sqlite3.DatabaseError("SQLite did not report the new row id")
        return int(cursor.lastrowid)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per row of parameters."""
        async with self._guard():
            await self._db.executemany(sql, rows)

    async def migrate(self, migrations: Sequence[Migration], now: datetime) -> tuple[int, ...]:
        """Apply the pending migrations in one transaction, recording each and ``PRAGMA user_version``."""
        latest = migrations[-1].version if migrations else 0
        async with self.transaction():
            await self._db.execute(SCHEMA_MIGRATIONS)
            (version_row,) = await self._db.execute_fetchall("PRAGMA user_version")
            rows = await self._db.execute_fetchall("SELECT version, name FROM schema_migrations ORDER BY version")
            recorded = {int(v): str(n) for v, n in rows}
            current = max(int(version_row[0]), check_history(recorded, migrations, self.where))
            if current > latest:
                raise newer_schema(self.where, current, latest)
            applied: list[int] = []
            for migration in migrations:
                if migration.version <= current:
                    continue
                for statement in migration.statements():
                    await self._db.execute(statement)
                await self._db.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, to_iso(now)),
                )
                applied.append(migration.version)
            if applied:
                await self._db.execute(f"PRAGMA user_version = {int(latest)}")
                log.info("applied migrations %s to %s", applied, self.where)
        return tuple(applied)

    async def schema_version(self) -> int:
        """``PRAGMA user_version``."""
        rows = await self.fetch("PRAGMA user_version")
        return int(rows[0][0])

    async def settings(self) -> dict[str, Any]:
        """Journal mode, foreign keys, busy timeout and synchronous mode."""
        found: dict[str, Any] = {}
        for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous"):
            rows = await self.fetch(f"PRAGMA {name}")
            found[name] = rows[0][0]
        return found

    async def close(self) -> None:
        """Close the connection (waits for a running transaction to end first)."""
        async with self._lock:
            try:
                await self._db.execute("PRAGMA optimize")
            finally:
                await self._db.close()


async def _refuse_newer(db: aiosqlite.Connection, path: str, latest: int) -> None:
    """Raise :class:`SchemaVersionError` when the file's recorded schema is ahead of ``latest``; reads only."""
    (row,) = await db.execute_fetchall("PRAGMA user_version")
    current = int(row[0])
    tables = await db.execute_fetchall(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    if list(tables):
        (top,) = await db.execute_fetchall("SELECT coalesce(max(version), 0) FROM schema_migrations")
        current = max(current, int(top[0]))
    if current > latest:
        raise newer_schema(path, current, latest)


# PostgreSQL.


async def _keep_session(conn: Any) -> None:
    """Nothing to reset when a connection goes back to the pool (asyncpg still rolls back an open
    transaction): the store sets no session state, takes no session lock and listens to nothing, so the
    default reset query would be one more round trip per transaction for nothing."""


@dataclass(slots=True)
class _Transaction:
    """The connection a task's open transaction runs on."""

    conn: Any
    task: asyncio.Task[Any] | None
    writes: bool
    """The block writes: its match reads lock their rows."""
    open: bool
    """A server transaction is open (False: a read-only block on a pinned connection, in autocommit)."""


class PostgresBackend:
    """An asyncpg pool: one connection per transaction, so transactions run in parallel (see the module)."""

    kind = "postgresql"

    def __init__(self, pool: Any, where: str) -> None:
        import asyncpg

        self._pool = pool
        self.where = where
        self.integrity_errors: tuple[type[Exception], ...] = (asyncpg.IntegrityConstraintViolationError,)
        self._current: ContextVar[_Transaction | None] = ContextVar(f"plateau_pg_{id(self)}", default=None)

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresBackend:
        """Open a pool on ``url`` (``postgresql://user:password@host:port/database``)."""
        import asyncpg

        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, reset=_keep_session)
        return cls(pool, redacted(url))

    def _mine(self) -> _Transaction | None:
        # A task started inside a transaction inherits the context variable, not the transaction: asyncpg
        # allows one operation at a time per connection, so such a task works on its own connections.
        tx = self._current.get()
        return tx if tx is not None and tx.task is asyncio.current_task() else None

    @property
    def in_transaction(self) -> bool:
        """True while the current task is inside :meth:`transaction`."""
        return self._mine() is not None

    @property
    def lock_rows(self) -> str:
        """``FOR UPDATE`` inside a write transaction: the match it loads stays ours until the commit."""
        tx = self._mine()
        return " FOR UPDATE" if tx is not None and tx.writes and tx.open else ""

    @property
    def skip_locked(self) -> str:
        """``FOR UPDATE SKIP LOCKED`` inside a transaction: a row another transaction holds is not ours."""
        tx = self._mine()
        return " FOR UPDATE SKIP LOCKED" if tx is not None and tx.open else ""

    @asynccontextmanager
    async def transaction(self, *, immediate: bool = True) -> AsyncIterator[None]:
        """One transaction on a connection of its own (READ COMMITTED); nested: a savepoint.

        A read-only block (``immediate=False``) only pins a connection and runs its statements in
        autocommit: under READ COMMITTED each statement sees the latest commits either way, so ``BEGIN`` and
        ``COMMIT`` would buy nothing but two round trips. A writing block nested in it opens the transaction.
        """
        tx = self._mine()
        if tx is not None:
            if not tx.open and not immediate:
                yield
                return
            # A savepoint in an open transaction; in a read-only block, the real transaction begins here.
            inner = _Transaction(tx.conn, tx.task, tx.writes or immediate, True)
            async with tx.conn.transaction():
                token = self._current.set(inner)
                try:
                    yield
                finally:
                    self._current.reset(token)
            return
        async with self._pool.acquire() as conn:
            token = self._current.set(_Transaction(conn, asyncio.current_task(), immediate, immediate))
            try:
                if immediate:
                    async with conn.transaction():
                        yield
                else:
                    yield
            finally:
                self._current.reset(token)

    @asynccontextmanager
    async def guarded(self) -> AsyncIterator[None]:
        """A savepoint inside a transaction, so a refused statement does not abort the whole transaction."""
        tx = self._mine()
        if tx is None or not tx.open:
            yield
            return
        async with tx.conn.transaction():
            yield

    async def lock_names(self, names: Sequence[str]) -> None:
        """Transaction-level advisory locks on the names' 64-bit hashes, taken in one order (no deadlock)."""
        tx = self._mine()
        if tx is None or not tx.writes or not tx.open:
            return
        keys = sorted(
            {int.from_bytes(hashlib.blake2b(n.encode(), digest_size=8).digest(), "big", signed=True) for n in names}
        )
        for key in keys:
            await tx.conn.execute("SELECT pg_advisory_xact_lock($1)", key)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """The rows of a query."""
        tx = self._mine()
        if tx is not None:
            return list(await tx.conn.fetch(to_dollar(sql), *params))
        return list(await self._pool.fetch(to_dollar(sql), *params))

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        tx = self._mine()
        target = self._pool if tx is None else tx.conn
        return _count(await target.execute(to_dollar(sql), *params))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT; the new ``id``."""
        tx = self._mine()
        target = self._pool if tx is None else tx.conn
        return int(await target.fetchval(to_dollar(sql) + " RETURNING id", *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per row (pipelined by asyncpg)."""
        if not rows:
            return
        tx = self._mine()
        target = self._pool if tx is None else tx.conn
        await target.executemany(to_dollar(sql), rows)

    async def migrate(self, migrations: Sequence[Migration], now: datetime) -> tuple[int, ...]:
        """Apply the pending migrations in one transaction; a second process waits on the advisory lock."""
        async with self.transaction():
            tx = self._mine()
            assert tx is not None
            conn = tx.conn
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(SCHEMA_MIGRATIONS)
            rows = await conn.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
            current = check_history({int(v): str(n) for v, n in rows}, migrations, self.where)
            applied: list[int] = []
            for migration in migrations:
                if migration.version <= current:
                    continue
                # Without parameters asyncpg sends the script as one simple query: every statement of the
                # file, in this transaction, without splitting (PostgreSQL function bodies hold semicolons).
                await conn.execute(migration.sql)
                await conn.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                    migration.version,
                    migration.name,
                    to_iso(now),
                )
                applied.append(migration.version)
            if applied:
                log.info("applied migrations %s to %s", applied, self.where)
        return tuple(applied)

    async def schema_version(self) -> int:
        """The highest migration recorded in ``schema_migrations``."""
        rows = await self.fetch("SELECT coalesce(max(version), 0) FROM schema_migrations")
        return int(rows[0][0])

    async def settings(self) -> dict[str, Any]:
        """Server version, isolation level and pool size."""
        rows = await self.fetch("SELECT current_setting('server_version'), current_setting('transaction_isolation')")
        return {
            "server_version": rows[0][0],
            "transaction_isolation": rows[0][1],
            "pool_max_size": self._pool.get_max_size(),
        }

    async def close(self) -> None:
        """Close the pool (waits for connections in use to be released)."""
        await self._pool.close()
