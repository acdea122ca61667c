"""What both store backends share: the :class:`Backend` protocol the store runs its SQL through, the
schema history check, and the parsing of a database location. See :mod:`bot.app.storage.backends`."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, Final, Protocol, runtime_checkable
from urllib.parse import urlsplit, urlunsplit

from bot.app.storage.base import SchemaVersionError, to_iso
from bot.app.storage.migrate import Migration, MigrationError

POSTGRES_SCHEMES: Final = ("postgresql", "postgres")

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


async def apply_pending(
    migrations: Sequence[Migration],
    current: int,
    now: datetime,
    run_script: Callable[[Migration], Awaitable[object]],
    write: Callable[[str, Sequence[Any]], Awaitable[object]],
) -> tuple[int, ...]:
    """Apply, in order, every migration above ``current`` with ``run_script`` and record it in
    ``schema_migrations`` with ``write`` (``?`` placeholders), inside the caller's transaction; their versions."""
    applied: list[int] = []
    for migration in migrations:
        if migration.version <= current:
            continue
        await run_script(migration)
        await write(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
            (migration.version, migration.name, to_iso(now)),
        )
        applied.append(migration.version)
    return tuple(applied)


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
