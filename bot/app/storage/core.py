"""The store's one connection point: opening and closing the database, transactions, and the few helpers
every query module runs its SQL through.

:class:`StoreCore` is the base of :class:`bot.app.storage.Store` and of each of its query classes
(:mod:`bot.app.storage.tables`): they all reach the database through ``_fetch``, ``_write``, ``_insert``
and ``_refusable`` here, and only here is a backend chosen, a transaction begun or a connection closed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime
from os import PathLike
from typing import Any, Literal, Self

from bot.app.storage.backends import Backend, PostgresBackend, SqliteBackend, is_postgres_url, sqlite_path
from bot.app.storage.base import from_iso
from bot.app.storage.migrate import Migration, shipped_migrations


class StoreCore:
    """An open backend with its migrations applied, and the helpers the query classes share.

    Open with ``await Store.open(location)``; this class holds no query of its own beyond the schema's.
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
    ) -> Self:
        """Open (or create) the database at ``path`` and bring its schema up to date.

        ``path`` is a SQLite file (or ``sqlite:file``, ``:memory:``) or a ``postgresql://`` address.
        SQLite files use WAL, so readers never wait for the writer; with WAL, ``synchronous=NORMAL``
        cannot corrupt the file and only risks the last commits on a power cut, which is the right
        trade for a chat bot. On PostgreSQL, ``pool_size`` bounds the connections (and so the
        transactions running at once). ``migrations`` defaults to the files of ``bot/app/storage/migrations``,
        in the backend's dialect.

        Raises:
            SchemaVersionError: the database comes from a newer version of the code.
            MigrationError: a migration file is malformed or the recorded history disagrees with it.
        """
        location = str(path)
        backend: Backend
        if is_postgres_url(location):
            chosen = shipped_migrations("postgresql") if migrations is None else tuple(migrations)
            backend = await PostgresBackend.open(location, max_size=pool_size)
        else:
            chosen = shipped_migrations("sqlite") if migrations is None else tuple(migrations)
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

    async def __aenter__(self) -> Self:
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

    async def _changed(self, sql: str, params: Sequence[Any] = ()) -> bool:
        """Execute one statement; True when it changed a row (the guarded writes: only the first call wins)."""
        return await self.backend.write(sql, params) > 0

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
