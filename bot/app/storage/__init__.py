"""Persistence of Plateau on SQLite (aiosqlite, the default) or PostgreSQL (asyncpg): the only place where SQL
is written.

``Store`` opens the database (chosen by its location: a file or ``postgresql://...``), applies the
numbered migrations of ``migrations/`` (one file per migration for both databases, see ``sql_dialects``) and
offers typed methods over the tables ``matches``, ``seats``, ``moves`` (the append-only move log),
``user_prefs`` and the rest. It knows nothing of games or Discord; :mod:`bot.app.matches` gives the rows meaning.

Inside: ``core`` (:class:`~bot.app.storage.core.StoreCore`: opening, closing, transactions and the SQL
helpers, in one place), ``rows`` (the records the store returns), ``tables/`` (one query class per concern:
matches, seats, the move log, requests, clocks, posts, preferences, ratings, fairness), which ``store``
composes into :class:`Store`; ``events_store`` for association events; ``backends`` (the protocol in
``backend_protocol``, one module per database), ``migrate`` (with ``sql_dialects``) and ``copy`` (between databases).
"""

from __future__ import annotations

from bot.app.storage.backends import Backend, PostgresBackend, SqliteBackend, is_postgres_url
from bot.app.storage.migrate import (
    MIGRATIONS_DIR,
    Migration,
    MigrationError,
    load_migrations,
    split_statements,
)
from bot.app.storage.store import (
    OPEN_STATUSES,
    UNSET,
    ChannelBusyError,
    ConflictError,
    MatchParts,
    MatchRow,
    MoveRow,
    PostRow,
    ProposalRow,
    SchemaVersionError,
    SeatReplacement,
    Store,
    StoreError,
    from_iso,
    to_iso,
)

__all__ = [
    "MIGRATIONS_DIR",
    "OPEN_STATUSES",
    "UNSET",
    "Backend",
    "ChannelBusyError",
    "ConflictError",
    "MatchParts",
    "MatchRow",
    "Migration",
    "MigrationError",
    "MoveRow",
    "PostRow",
    "PostgresBackend",
    "ProposalRow",
    "SchemaVersionError",
    "SeatReplacement",
    "SqliteBackend",
    "Store",
    "StoreError",
    "from_iso",
    "is_postgres_url",
    "load_migrations",
    "split_statements",
    "to_iso",
]
