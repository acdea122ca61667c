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

The protocol and what both share live in :mod:`bot.app.storage.backend_protocol`, each backend in a module
of its own (:mod:`bot.app.storage.sqlite_backend`, :mod:`bot.app.storage.postgres_backend`); this module
gathers their names, so ``from bot.app.storage.backends import ...`` keeps working.
"""

from __future__ import annotations

from bot.app.storage.backend_protocol import (
    POSTGRES_SCHEMES,
    SCHEMA_MIGRATIONS,
    Backend,
    check_history,
    is_postgres_url,
    newer_schema,
    redacted,
    sqlite_path,
)
from bot.app.storage.postgres_backend import MIGRATION_LOCK, PostgresBackend, to_dollar
from bot.app.storage.sqlite_backend import SYNCHRONOUS_MODES, SqliteBackend

__all__ = [
    "MIGRATION_LOCK",
    "POSTGRES_SCHEMES",
    "SCHEMA_MIGRATIONS",
    "SYNCHRONOUS_MODES",
    "Backend",
    "PostgresBackend",
    "SqliteBackend",
    "check_history",
    "is_postgres_url",
    "newer_schema",
    "redacted",
    "sqlite_path",
    "to_dollar",
]
