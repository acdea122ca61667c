"""Persistence of Plateau on SQLite (aiosqlite): the only place where SQL is written.

``Store`` opens the database, applies the numbered migrations of ``migrations/`` and offers typed
methods over the tables ``matches``, ``seats``, ``moves`` (the append-only move log) and
``user_prefs``. It knows nothing of games or Discord; :mod:`bot.matches` gives the rows meaning.
"""

from __future__ import annotations

from bot.storage.migrate import MIGRATIONS_DIR, Migration, MigrationError, load_migrations, split_statements
from bot.storage.store import (
    OPEN_STATUSES,
    UNSET,
    ChannelBusyError,
    ConflictError,
    MatchRow,
    MoveRow,
    PostRow,
    SchemaVersionError,
    Store,
    StoreError,
    from_iso,
    to_iso,
)

__all__ = [
    "MIGRATIONS_DIR",
    "OPEN_STATUSES",
    "UNSET",
    "ChannelBusyError",
    "ConflictError",
    "MatchRow",
    "Migration",
    "MigrationError",
    "MoveRow",
    "PostRow",
    "SchemaVersionError",
    "Store",
    "StoreError",
    "from_iso",
    "load_migrations",
    "split_statements",
    "to_iso",
]
