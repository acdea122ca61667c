"""The PostgreSQL backend: an asyncpg pool, one connection per transaction, so transactions of different
tasks (or processes) run side by side (see :mod:`bot.app.storage.backends`)."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from bot.app.storage.backend_protocol import SCHEMA_MIGRATIONS, apply_pending, check_history, redacted
from bot.app.storage.migrate import Migration

log = logging.getLogger(__name__)

MIGRATION_LOCK: Final = 0x504C_4154  # "PLAT": the advisory lock two starting processes queue on


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

            async def run_script(migration: Migration) -> None:
                # Without parameters asyncpg sends the script as one simple query: every statement of the
                # file, in this transaction, without splitting (PostgreSQL function bodies hold semicolons).
                await conn.execute(migration.sql)

            async def record(sql: str, params: Sequence[Any]) -> None:
                await conn.execute(to_dollar(sql), *params)

            applied = await apply_pending(migrations, current, now, run_script, record)
            if applied:
                log.info("applied migrations %s to %s", list(applied), self.where)
        return applied

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
