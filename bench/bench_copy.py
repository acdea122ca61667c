"""The SQLite → PostgreSQL copy on a big association: ``python bench/bench_copy.py [--matches 10000]``.

Writes an SQLite database of Plateau with ``--matches`` finished matches (two seats each, a move log of
``--plies`` entries, ratings and rating changes, fairness seeds and salts), a few events with players, games
and log lines, preferences and vacations; then runs :func:`bot.app.storage.copy.copy_database` into a fresh
PostgreSQL database (a throw-away server by default, or ``--database postgresql://...``, which must be
empty) and prints the row counts of both sides and the time taken. The rows are written straight into the
tables (plausible values, no games played): the copy neither knows nor cares what the games were.

One salt holds a NUL character (typed before NULs were refused), which PostgreSQL text cannot store: the copy
runs with ``skip_nul`` and prints the row it left out.

This prints figures; it asserts nothing but the copy's own check (equal counts in every table, less the rows
left out).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from bot.app.storage import Store
from bot.app.storage.copy import copy_database

STAMP = "2025-03-01T12:00:00.000000Z"


def fill(path: Path, matches: int, plies: int) -> None:
    """Write the association's rows straight into the (migrated) SQLite file."""
    asyncio.run(_migrate(path))
    rng = random.Random(18)
    db = sqlite3.connect(path)
    with db:
        db.executemany(
            "INSERT INTO matches (id, game, options, seed, guild_id, channel_id, creator_id, status, version, state,"
            " result, created_at, updated_at, turn_limit, on_timeout, rated, state_digest, announced_version)"
            " VALUES (?, 'ur', '{\"rules\":\"v2\"}', ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?, 86400, 'vote', 1, ?, ?)",
            [
                (
                    m,
                    f"seed-{m}",
                    1000 + m % 50,
                    10**6 + m,
                    m * 10,
                    plies,
                    "v2 0:- 1:- 0 2",
                    json.dumps({"termination": "normal", "winners": [m % 2]}),
                    STAMP,
                    STAMP,
                    "ab" * 32,
                    plies,
                )
                for m in range(1, matches + 1)
            ],
        )
        db.executemany(
            "INSERT INTO seats (match_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
            [(m, s, m * 10 + s, STAMP) for m in range(1, matches + 1) for s in (0, 1)],
        )
        db.executemany(
            "INSERT INTO moves (match_id, ply, kind, seat, notation, created_at, interaction_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                (
                    m,
                    p,
                    "chance" if p % 2 else "move",
                    None if p % 2 else p // 2 % 2,
                    f"roll:{rng.randint(0, 4)}" if p % 2 else f"A{rng.randint(1, 8)}-A{rng.randint(1, 8)}",
                    STAMP,
                    None if p % 2 else m * 10_000 + p,
                )
                for m in range(1, matches + 1)
                for p in range(1, plies + 1)
            ),
        )
        db.executemany(
            "INSERT INTO match_fairness (match_id, scheme, server_seed, commitment, created_at) VALUES (?, ?, ?, ?, ?)",
            [(m, "hmac-sha256-v1", "cd" * 32, "ef" * 32, STAMP) for m in range(1, matches + 1)],
        )
        db.executemany(
            "INSERT INTO match_salts (match_id, user_id, salt, created_at) VALUES (?, ?, ?, ?)",
            [(m, m * 10, f"salt-{m}", STAMP) for m in range(1, matches + 1)],
        )
        # A salt typed before NULs were refused: PostgreSQL text cannot hold it.
        db.execute("UPDATE match_salts SET salt = ? WHERE match_id = 1", ("nul\x00salt",))
        db.executemany(
            "INSERT INTO rating_changes (match_id, user_id, game, place, mu_before, sigma_before, mu_after,"
            " sigma_after) VALUES (?, ?, 'ur:v2', ?, 25.0, 8.333, ?, 8.0)",
            [(m, m * 10 + s, s + 1, 26.5 - 3 * s) for m in range(1, matches + 1) for s in (0, 1)],
        )
        db.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, played, wins, draws, losses, updated_at)"
            " VALUES (?, 'ur:v2', ?, ?, 8.0, 1, ?, 0, ?, ?)",
            [(1000 + m % 50, m * 10 + s, 26.5 - 3 * s, 1 - s, s, STAMP) for m in range(1, matches + 1) for s in (0, 1)],
        )
        db.executemany(
            "INSERT INTO user_prefs (user_id, key, value, updated_at) VALUES (?, 'lang', 'fr', ?)",
            [(u * 10, STAMP) for u in range(1, matches + 1, 7)],
        )
        db.executemany(
            "INSERT INTO vacations (user_id, starts_at, ends_at, declared_at) VALUES (?, ?, ?, ?)",
            [(u * 10, STAMP, "2025-03-05T12:00:00.000000Z", STAMP) for u in range(1, matches + 1, 11)],
        )
        for event in range(1, 21):
            db.execute(
                "INSERT INTO events (id, guild_id, channel_id, name, game, options, format, rounds, organiser_id,"
                " status, current_round, closed_round, created_at, updated_at)"
                " VALUES (?, 1000, ?, ?, 'ur', '{}', 'swiss', 3, 10, 'finished', 3, 3, ?, ?)",
                (event, 5000 + event, f"Open {event}", STAMP, STAMP),
            )
            db.executemany(
                "INSERT INTO event_players (event_id, user_id, seed, joined_at) VALUES (?, ?, ?, ?)",
                [(event, (event * 40 + n) * 10, n, STAMP) for n in range(16)],
            )
            db.executemany(
                "INSERT INTO event_games (event_id, round, board, players, match_id, result, replaced)"
                ' VALUES (?, ?, ?, ?, ?, \'{"score":"1-0"}\', 0)',
                [
                    (event, r, b, json.dumps([event * 400 + b, event * 400 + b + 1]), (event * 24 + (r - 1) * 8 + b))
                    for r in (1, 2, 3)
                    for b in range(1, 9)
                ],
            )
            db.executemany(
                "INSERT INTO event_log (event_id, actor_id, action, details, created_at) VALUES (?, 10, ?, '{}', ?)",
                [(event, action, STAMP) for action in ("start", "round", "round", "round", "finish")],
            )
    db.close()


async def _migrate(path: Path) -> None:
    await (await Store.open(path)).close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--matches", type=int, default=10_000, help="finished matches (default 10000)")
    parser.add_argument("--plies", type=int, default=80, help="log entries per match (default 80)")
    parser.add_argument("--database", default=None, help="an empty postgresql:// database (default: throw-away)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "association.db"
        began = time.perf_counter()
        fill(path, args.matches, args.plies)
        print(f"SQLite: {args.matches} matches written in {time.perf_counter() - began:.1f} s, "
              f"{path.stat().st_size / 1e6:.0f} MB")  # fmt: skip
        if args.database:
            report = asyncio.run(copy_database(str(path), args.database, skip_nul=True))
        else:
            from tests.pgserver import running_server

            with running_server() as server:
                report = asyncio.run(copy_database(str(path), server.new_database(), skip_nul=True))
    for table, rows in report.source.items():
        print(f"  {table:<16} sqlite {rows:>9}  postgresql {report.target[table]:>9}")
    for table, names in report.skipped.items():
        print(f"  left out of {table} (a NUL in its text): {', '.join(names)}")
    verdict = "every count equal" if report.equal else "COUNTS DIFFER"
    print(
        f"copied {report.rows} rows in {report.seconds:.1f} s ({report.rows / report.seconds:,.0f} rows/s): {verdict}"
    )


if __name__ == "__main__":
    main()
