"""Numbered SQL migrations: finding the files, checking them and splitting them into statements.

A migration is ``migrations/NNNN_name.sql``: four digits (1, 2, 3... with no gap), a lower-case name,
and a first line ``-- Reason: ...`` saying why the schema changed. The store applies the pending ones
at open, in order, in one transaction, and records each in the ``schema_migrations`` table and in
``PRAGMA user_version`` (SQLite; PostgreSQL's migrations run under an advisory lock), so the database
itself says which schema it holds.

Each file serves both databases: written in SQLite's spelling, with PostgreSQL's types and the few
statements that truly differ given by the rules and ``-- @`` directive lines of
:mod:`bot.app.storage.sql_dialects` (read it before writing the next migration). A migration once
released is never edited: the runner records only version numbers, and tests/test_migration_sources.py
checks that every released one still produces the same statements on both databases.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from bot.app.storage.sql_dialects import Dialect, DialectError, render

MIGRATIONS_DIR: Final = Path(__file__).resolve().with_name("migrations")
FILE_NAME: Final = re.compile(r"(?P<version>\d{4})_(?P<name>[a-z0-9_]+)\.sql")
REASON: Final = re.compile(r"--\s*Reason:\s*(?P<reason>\S.*)")


class MigrationError(Exception):
    """A migration file is malformed, or the database's recorded migrations disagree with the files."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered schema change, as one database runs it (``sql`` is already in its dialect)."""

    version: int
    name: str
    reason: str
    sql: str

    def statements(self) -> list[str]:
        """The SQL split into single statements (see :func:`split_statements`)."""
        return list(_split_once(self.sql, f"{self.version:04d}_{self.name}.sql"))


def load_migrations(directory: Path = MIGRATIONS_DIR, *, dialect: Dialect = "sqlite") -> tuple[Migration, ...]:
    """Read and check every ``*.sql`` file of ``directory``, in version order, as ``dialect`` runs them.

    Raises:
        MigrationError: a badly named file, a missing ``-- Reason:`` line, a misused ``-- @`` directive
            (see :mod:`bot.app.storage.sql_dialects`), or a gap in the numbers.
    """
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        m = FILE_NAME.fullmatch(path.name)
        if m is None:
            raise MigrationError(f"{path.name}: a migration file must be named NNNN_lower_case_name.sql")
        sql = path.read_text(encoding="utf-8")
        first_line = sql.split("\n", 1)[0].strip()
        reason = REASON.fullmatch(first_line)
        if reason is None:
            raise MigrationError(f"{path.name}: the first line must be '-- Reason: why this change'")
        try:
            script = render(sql, dialect)
        except DialectError as exc:
            raise MigrationError(f"{path.name}: {exc}") from exc
        found.append(Migration(int(m["version"]), m["name"], reason["reason"].strip(), script))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"migration {migration.version:04d}_{migration.name}.sql is out of sequence: expected {expected:04d}"
            )
    return tuple(found)


@cache
def shipped_migrations(dialect: Dialect = "sqlite") -> tuple[Migration, ...]:
    """The migrations of :data:`MIGRATIONS_DIR` as ``dialect`` runs them, read and checked once per process.

    They ship with the code, so a process never sees them change; reading and rendering all of them again
    at every open cost a test suite that opens thousands of stores several percent of its time.

    Raises:
        MigrationError: see :func:`load_migrations` (raised again at the next call: failures are not kept).
    """
    return load_migrations(dialect=dialect)


@cache
def _split_once(sql: str, source: str) -> tuple[str, ...]:
    """:func:`split_statements` of one migration, kept: a migration's text never changes."""
    return tuple(split_statements(sql, source=source))


def split_statements(sql: str, *, source: str = "<sql>") -> list[str]:
    """Split a script into statements that ``sqlite3`` can execute one at a time.

    ``executescript`` would do the splitting but commits any open transaction first, which would
    break "all pending migrations in one transaction". Splitting at each ``;`` and asking SQLite
    whether the text so far is a complete statement keeps semicolons inside strings and trigger
    bodies where they belong.

    Raises:
        MigrationError: the script ends in the middle of a statement.
    """
    statements: list[str] = []
    pending = ""
    *pieces, tail = sql.split(";")
    for piece in pieces:
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            text = pending.strip()
            if _has_code(text[:-1]):
                statements.append(text)
            pending = ""
    # After the last ';' (or inside an unfinished statement) only comments and blanks may remain.
    leftover = pending + tail
    if _has_code(leftover):
        raise MigrationError(f"{source}: the script ends inside a statement: {leftover.strip()[:60]!r}")
    return statements


def _has_code(text: str) -> bool:
    """True when ``text`` holds more than blanks, ``--`` comments and ``/* */`` comments."""
    without_block = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    return any(line.strip() and not line.strip().startswith("--") for line in without_block.splitlines())
