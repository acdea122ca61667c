"""Copy an SQLite database of Plateau into PostgreSQL, then check that every table holds as many rows.

    python -m bot.app.storage.copy plateau.db postgresql://plateau:secret@db.example:5432/plateau

Both databases are first brought to the latest schema (opening them with :class:`bot.app.storage.Store` runs the
pending migrations, so an older SQLite file is upgraded in place first). The target must be empty: the
copy keeps every id (matches, events, vacations, event log), so buttons and links made before the move
keep working, and the id sequences continue after the highest copied id. Everything is copied in one
PostgreSQL transaction with ``COPY``: a failure leaves the target as it was. Stop the bot while copying.

PostgreSQL text cannot hold the NUL character, which an SQLite text can (a salt typed before NULs were
refused). A row holding one is named (its table, key and column) and the copy stops before keeping anything;
``--skip-nul`` copies everything else and lists the rows left out, which stay in the SQLite file (a match
whose salt is left out no longer verifies from the copy: keep the SQLite file to verify it).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bot.app.storage.backends import is_postgres_url, redacted, sqlite_path
from bot.app.storage.store import Store

TABLES: Final = (
    # Parents before children (foreign keys).
    "matches",
    "seats",
    "moves",
    "user_prefs",
    "bot_meta",
    "turn_clocks",
    "timeout_votes",
    "vacations",
    "match_prefs",
    "ratings",
    "rating_changes",
    "events",
    "event_players",
    "event_games",
    "event_log",
    "event_settings",
    "match_posts",
    "ai_seats",
    "guild_settings",
    "match_fairness",
    "match_salts",
    "secret_seals",
    "seat_replacements",
    "replace_declines",
    "game_clocks",
    "proposals",
    "played_for",
    "member_match_settings",
    "plans",
    "plan_drafts",
    "standing_orders",
    "asked_why",
    "member_desks",
    "desk_marks",
    "weekend_pauses",
    "dice_tallies",
)
"""Every table of the schema but ``schema_migrations`` (each database records its own)."""

IDENTITY_TABLES: Final = ("matches", "vacations", "events", "event_log")
"""Tables whose ``id`` the database numbers: their sequence must go on after the copied ids."""


class CopyError(Exception):
    """The copy cannot start (a non-empty target, a schema mismatch) or its check failed."""


@dataclass(slots=True)
class CopyReport:
    """What was copied: rows per table in the source and in the target, and how long it took."""

    source: dict[str, int] = field(default_factory=dict)
    target: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    skipped: dict[str, list[str]] = field(default_factory=dict)
    """Rows left out because a text of theirs holds a NUL (``skip_nul``), by table: each named by its key and
    column, as ``match_id=3 user_id=17: salt``."""

    @property
    def equal(self) -> bool:
        """True when every table has as many rows in the target as in the source (less the rows skipped)."""
        return all(self.target.get(t) == n - len(self.skipped.get(t, ())) for t, n in self.source.items())

    @property
    def rows(self) -> int:
        """Rows copied in all."""
        return sum(self.source.values())


async def copy_database(
    source: str,
    target: str,
    *,
    batch: int = 10_000,
    progress: Callable[[str, int], None] | None = None,
    skip_nul: bool = False,
) -> CopyReport:
    """Copy every table of the SQLite database ``source`` into the empty PostgreSQL database ``target``.

    ``progress`` is called with each table and its row count once copied. A row with a NUL character in a
    text stops the copy (nothing kept), naming every such row; with ``skip_nul`` those rows are left out and
    listed in the report's ``skipped``.

    Raises:
        CopyError: the target is not empty, the two schemas differ, a text holds a NUL (without
        ``skip_nul``), or the counts disagree afterwards.
    """
    if not is_postgres_url(target):
        raise CopyError(f"the target must be a postgresql:// address, not {target!r}")
    if is_postgres_url(source):
        raise CopyError("the source must be an SQLite file")
    started = time.perf_counter()
    path = sqlite_path(source)
    # A damaged source is refused before either database is opened for writing: the target stays untouched.
    _check_source(path)
    # Bring both schemas up to date (and check neither is from a newer Plateau) before reading anything.
    await (await Store.open(path)).close()
    destination = await Store.open(target)
    await destination.close()

    import asyncpg

    report = CopyReport()
    reader = sqlite3.connect(path)
    conn = await asyncpg.connect(target)
    try:
        busy = [t for t in TABLES if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {t})")]
        if busy:
            raise CopyError(
                f"the target {redacted(target)} is not empty (rows in {', '.join(busy)}): copy into a new database"
            )
        async with conn.transaction():
            for table in TABLES:
                columns = await _columns(reader, conn, table)
                keys = _key_columns(reader, table)
                column_list = ", ".join(columns)
                cursor = reader.execute(f"SELECT {column_list} FROM {table}")
                copied = 0
                while rows := cursor.fetchmany(batch):
                    held = [_nul_row(columns, keys, row) for row in rows]
                    if any(held):
                        report.skipped.setdefault(table, []).extend(name for name in held if name)
                        rows = [row for row, name in zip(rows, held, strict=True) if not name]
                    if rows and (skip_nul or not report.skipped):
                        await conn.copy_records_to_table(table, records=rows, columns=columns)
                    copied += len(rows)
                report.source[table] = int(reader.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
                if progress is not None:
                    progress(table, copied)
            if report.skipped and not skip_nul:
                raise CopyError(_nul_refusal(report.skipped))
            for table in IDENTITY_TABLES:
                # The next id the target hands out comes after every copied one (never reused: old buttons).
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), coalesce(max(id), 0) + 1, false)"
                    f" FROM {table}"
                )
            for table in TABLES:
                report.target[table] = int(await conn.fetchval(f"SELECT count(*) FROM {table}"))
            if not report.equal:
                differ = [t for t in TABLES if report.source[t] != report.target[t]]
                raise CopyError(f"row counts differ after the copy in {', '.join(differ)}; nothing was kept")
    finally:
        await conn.close()
        reader.close()
    report.seconds = time.perf_counter() - started
    return report


NUL: Final = "\x00"
"""The character PostgreSQL text cannot store."""
SKIP_NUL: Final = "--skip-nul"
"""The command line's way through a database holding NULs."""


def _key_columns(reader: sqlite3.Connection, table: str) -> list[int]:
    """Where the columns of ``table``'s primary key stand in its ``PRAGMA table_info`` order (every column when
    it has none), to name a row."""
    info = list(reader.execute(f"PRAGMA table_info({table})"))
    keyed = sorted((int(row[5]), i) for i, row in enumerate(info) if int(row[5]) > 0)
    return [i for _, i in keyed] or list(range(len(info)))


def _nul_row(columns: list[str], keys: list[int], row: tuple[Any, ...]) -> str:
    """The row named by its key and the columns holding a NUL (``match_id=3 user_id=17: salt``); "" for none."""
    held = [name for name, value in zip(columns, row, strict=True) if isinstance(value, str) and NUL in value]
    if not held:
        return ""
    key = " ".join(f"{columns[i]}={row[i]!r}" if NUL in str(row[i]) else f"{columns[i]}={row[i]}" for i in keys)
    return f"{key}: {', '.join(held)}"


def _nul_refusal(found: dict[str, list[str]]) -> str:
    """The one-paragraph refusal of a source with NULs: the rows (the first ten) and the way through."""
    rows = [f"{table} ({name})" for table, names in found.items() for name in names]
    listed = "; ".join(rows[:10]) + (f"; and {len(rows) - 10} more" if len(rows) > 10 else "")
    return (
        f"{len(rows)} row(s) hold a NUL character, which PostgreSQL text cannot store: {listed}."
        f" Nothing was kept. Run again with {SKIP_NUL} to copy every other row and leave these in the SQLite file."
    )


def _check_source(path: str) -> None:
    """Refuse a missing, foreign or damaged SQLite file, reading it only.

    Raises:
        CopyError: the file is absent, is not an SQLite database, or fails SQLite's own page check.
    """
    try:
        reader = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise CopyError(f"cannot open the SQLite file {path}: {exc}") from exc
    try:
        problems = [str(row[0]) for row in reader.execute("PRAGMA quick_check")]
    except sqlite3.Error as exc:
        raise CopyError(f"the SQLite file {path} is damaged: {exc}") from exc
    finally:
        reader.close()
    if problems != ["ok"]:
        raise CopyError(f"the SQLite file {path} is damaged: {problems[0]}")


async def _columns(reader: sqlite3.Connection, conn: Any, table: str) -> list[str]:
    """The columns of ``table``, which must be the same in both databases."""
    theirs = [str(row[1]) for row in reader.execute(f"PRAGMA table_info({table})")]
    ours = [
        str(r[0])
        for r in await conn.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = $1 ORDER BY ordinal_position",
            table,
        )
    ]
    if sorted(theirs) != sorted(ours):
        raise CopyError(f"table {table} has columns {theirs} in SQLite but {ours} in PostgreSQL")
    return theirs


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.app.storage.copy",
        description="Copy a Plateau SQLite database into an empty PostgreSQL database, then compare row counts.",
    )
    parser.add_argument("source", help="the SQLite file (plateau.db)")
    parser.add_argument("target", help="postgresql://user:password@host:port/database (an empty database)")
    parser.add_argument(
        SKIP_NUL,
        action="store_true",
        help="leave out (and list) the rows whose text holds a NUL character, which PostgreSQL cannot store",
    )
    args = parser.parse_args(argv)

    def show(table: str, rows: int) -> None:
        print(f"  {table:<16} {rows:>10} rows")

    print(f"copying {args.source} into {redacted(args.target)}")
    try:
        report = asyncio.run(copy_database(args.source, args.target, progress=show, skip_nul=args.skip_nul))
    except CopyError as exc:
        print(f"copy failed: {exc}", file=sys.stderr)
        return 1
    except sqlite3.DatabaseError as exc:
        # Damage the page check missed shows up while reading: the PostgreSQL transaction is rolled back.
        print(f"copy failed: the SQLite file {args.source} is damaged: {exc}", file=sys.stderr)
        return 1
    for table, names in report.skipped.items():
        for name in names:
            print(f"  left out of {table} (a NUL in its text): {name}")
    left_out = sum(len(names) for names in report.skipped.values())
    less = f" (less the {left_out} left out)" if left_out else ""
    print(
        f"copied {report.rows - left_out} rows of {len(report.source)} tables in {report.seconds:.1f} s;"
        f" every count checks equal{less}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
