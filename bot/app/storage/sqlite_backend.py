"""The SQLite backend: one aiosqlite connection shared by every coroutine, serialised by one lock (see
:mod:`bot.app.storage.backends`)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any, Final

import aiosqlite

from bot.app.storage.backend_protocol import SCHEMA_MIGRATIONS, apply_pending, check_history, newer_schema
from bot.app.storage.migrate import Migration

log = logging.getLogger(__name__)

SYNCHRONOUS_MODES: Final = ("OFF", "NORMAL", "FULL", "EXTRA")


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
            applied = await apply_pending(migrations, current, now, self._run_script, self._db.execute)
            if applied:
                await self._db.execute(f"PRAGMA user_version = {int(latest)}")
                log.info("applied migrations %s to %s", list(applied), self.where)
        return applied

    async def _run_script(self, migration: Migration) -> None:
        for statement in migration.statements():
            await self._db.execute(statement)

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
