"""Start-up of a big association: ``python bench/bench_startup.py [--database sqlite|pg] [--matches 100000]
[--active 1000] [--runs 5] [--renders 0]``.

Builds an association of ``--matches`` stored matches, ``--active`` of them being played (the rest finished),
once (the SQLite file is kept under the temporary directory, keyed by its size), then starts the bot on it in
a FRESH PROCESS per run, so that its memory is the real process's, and times start-up to ready:

- the bot's own ``setup_hook`` (:meth:`bot.shell.client.PlateauBot.setup_hook`): the store opened and its
  migrations checked, the service built, the extensions loaded, the command tree compared with the digest
  stored at the last sync (unchanged, so nothing is sent to Discord);
- then what ``on_ready`` and the clock's first tick read before they act: the matches waiting for an AI seat
  (:meth:`MatchService.waiting_for_ai`), the changes never announced (:meth:`MatchService.unannounced`) and
  the due clock steps (:meth:`MatchService.due`). Posting to Discord and thinking for the AI are left out.
  After that tick the clock starts drawing the artwork in the background
  (:meth:`bot.shell.client.PlateauBot.start_warm_up`): the child does the same after its ready line.

Ready is measured by the parent from the child's launch (interpreter start and imports included) to its
"ready" line; peak RSS is the child's high-water mark (``VmHWM``) once the background drawing has ended (every game's
artwork in memory, as in a bot that has drawn a board of each), and at ready. With ``--renders N`` the child then
draws N boards of seeded matches of every game for many members (:mod:`bench.long_run`), as a bot up for weeks has,
and its peak and resident memory are measured again: what the renderers keep is bounded. Then the per-minute clock
work (one ``due()`` tick, one ``unannounced()`` pass, the AI sweep's ``waiting_for_ai()``) is timed at
10,000 and at ``--matches`` finished matches (statements, rows returned, and rows read: SQLite's
virtual-machine steps, PostgreSQL's scanned rows from ``EXPLAIN ANALYZE``), with the plan of the query that
picks the matches printed to show which index it uses.

- ``--database sqlite`` (default) runs on the SQLite file itself; ``--database pg`` starts a throw-away
  PostgreSQL server (the tests' fixture) and copies the SQLite association into it with the project's copy
  tool (:mod:`bot.app.storage.copy`), once per bench run. The server's own processes are not in the RSS figure.

The association is made of real matches: templates are created, played and finished through the match
service (one between two members, one against an AI), and their rows are replicated for the finished ones
(new ids, channels and members); the active ones are all created through the service: most with a turn
limit of three days, some whose half-time reminder is due, some with an AI seat (a few of which must act
now), and a handful whose last change was never announced.

This prints figures; it asserts nothing. Targets: ready <= 2 s, RSS <= 250 MB, and clock work that does not
grow with finished matches.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, not installed

STARTED = time.perf_counter()  # before the bot's imports: the child reports its import time from here

CACHE = Path(tempfile.gettempdir()) / "plateau-bench-startup"
SMALL_FINISHED = 10_000
"""The smaller association the clock work is compared with."""


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


# Building the association.


class Clock:
    """The service's clock during the build: set by hand, so matches are as old as the plan says."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


async def _play(service: Any, match: Any, moves: int, rng: random.Random) -> Any:
    """Play up to ``moves`` random legal moves for the members of ``match``; the match afterwards."""
    from bot.app.matches import MatchStatus
    from bot.app.seats.ai import is_ai

    for _ in range(moves):
        if match.status is not MatchStatus.ACTIVE:
            break
        actors = match.to_act()
        if not actors or is_ai(actors[0]):
            break
        seat = match.seats.index(actors[0])
        text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        match = (await service.move(match.id, actors[0], text, expected_version=match.version)).match
    return match


async def _build_service_part(path: Path, active: int, reference: datetime) -> tuple[int, int]:
    """Create the two finished templates and the active matches through the service; the template ids."""
    from bot.app.matches import MatchService
    from bot.app.storage import Store

    rng = random.Random(19)
    clock = Clock(reference - timedelta(days=30))
    store = await Store.open(path)
    service = MatchService(store, clock)

    # Finished templates: two members (rated, a day per turn, resigned after some moves), and a member
    # against the AI (resigned early).
    human = await service.create("ur", {}, guild_id=1, channel_id=1, creator_id=1, turn_limit=86_400)
    await service.join(human.id, 2)
    played = await _play(service, (await service.start(human.id, 1)).match, 24, rng)
    finished_human = (await service.resign(played.id, played.seats[0])).match
    ai = await service.create("ur", {}, guild_id=1, channel_id=2, creator_id=3)
    await service.add_ai(ai.id, 3, "easy")
    started = (await service.start(ai.id, 3)).match
    finished_ai = (await service.resign(started.id, 3)).match
    for match in (finished_human, finished_ai):
        await service.mark_announced(match.id, match.version)

    # The active matches, newest of all.
    ai_every, due_every, unannounced = 20, 20, 5
    for n in range(active):
        channel, creator = 1_000_000 + n, 5_000_000 + 2 * n
        guild = 1 + n % 20
        if n % ai_every == 0:
            clock.now = reference - timedelta(hours=2)
            match = await service.create("ur", {}, guild_id=guild, channel_id=channel, creator_id=creator)
            await service.add_ai(match.id, creator, "easy")
            match = (await service.start(match.id, creator)).match
            if n % (ai_every * 5) == 0:  # the member moved, then the bot stopped before the AI did
                match = await _play(service, match, 1, rng)
        else:
            due = n % due_every == 1
            clock.now = reference - (timedelta(hours=13) if due else timedelta(hours=1))
            limit = 86_400 if due else 3 * 86_400
            match = await service.create(
                "ur", {}, guild_id=guild, channel_id=channel, creator_id=creator, turn_limit=limit
            )
            await service.join(match.id, creator + 1)
            match = (await service.start(match.id, creator)).match
            match = await _play(service, match, rng.randint(0, 3), rng)
        if n >= unannounced:  # the first few were committed but never posted (the bot stopped in between)
            await service.mark_announced(match.id, match.version)
    await store.close()
    return finished_human.id, finished_ai.id


def _replicate(path: Path, templates: tuple[int, int], finished: int) -> None:
    """Copy the finished templates' rows ``finished - 2`` times (every tenth copy the AI template)."""
    human, ai = templates
    db = sqlite3.connect(path)
    top = db.execute("SELECT max(id) FROM matches").fetchone()[0]
    with db:
        db.execute("CREATE TEMP TABLE copies (id INTEGER PRIMARY KEY, template INTEGER NOT NULL, k INTEGER NOT NULL)")
        # New ids after every existing one; the finished matches are older, but the ids need not say so.
        db.executemany(
            "INSERT INTO copies VALUES (?, ?, ?)",
            ((top + i, ai if i % 10 == 0 else human, i % 1000) for i in range(1, finished - 1)),
        )
        tables = [
            name
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            if name != "matches"
        ]
        for table in ["matches", *tables]:
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
            key = "id" if table == "matches" else "match_id"
            if key not in columns:
                continue
            chosen = []
            for column in columns:
                if column == key:
                    chosen.append("c.id")
                elif table == "matches" and column == "channel_id":
                    chosen.append("2000000 + c.id % 500")
                elif table == "matches" and column == "guild_id":
                    chosen.append("1 + c.id % 20")
                elif table == "matches" and column == "seed":
                    chosen.append("t.seed || '-' || c.id")
                elif column == "user_id":  # members spread over 2,000 ids; AI seats keep their ids
                    chosen.append("CASE WHEN t.user_id > 0 THEN t.user_id + 10 * c.k ELSE t.user_id END")
                elif column == "interaction_id":
                    chosen.append("NULL")
                else:
                    chosen.append(f"t.{column}")
            db.execute(
                f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(chosen)}"
                f" FROM copies AS c JOIN {table} AS t ON t.{key} = c.template"
            )
    db.close()


def build(finished: int, active: int) -> tuple[Path, datetime]:
    """The cached SQLite association (built when missing) and the time its clocks were set against."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"association-{finished}f-{active}a-v1.db"
    meta = path.with_suffix(".json")
    if path.exists() and meta.exists():
        return path, utc(json.loads(meta.read_text())["reference"])
    for stale in CACHE.glob(path.name + "*"):
        stale.unlink()
    reference = datetime.now(UTC).replace(microsecond=0)
    began = time.perf_counter()
    building = path.with_name(path.name + ".building")
    building.unlink(missing_ok=True)
    templates = asyncio.run(_build_service_part(building, active, reference))
    middle = time.perf_counter()
    _replicate(building, templates, finished)
    building.rename(path)
    meta.write_text(json.dumps({"reference": reference.isoformat()}))
    print(
        f"  built {finished + active:,} matches ({active:,} active through the service in {middle - began:.1f} s,"
        f" {finished:,} finished replicated in {time.perf_counter() - middle:.1f} s),"
        f" {path.stat().st_size / 1e6:.0f} MB"
    )
    return path, reference


async def _prepare(location: str) -> None:
    """Open the association once as the bot would (migrating it if needed) and record the command digest, so
    that each run's start-up finds the tree unchanged and sends nothing to Discord."""
    from bot.app.config import Config
    from bot.shell.client import PlateauBot

    bot = PlateauBot(Config(token="bench", database=location))

    async def no_sync(*_args: Any, **_kwargs: Any) -> list[Any]:
        return []

    bot.tree.sync = no_sync  # type: ignore[method-assign]
    await bot._async_setup_hook()
    await bot.setup_hook()
    for name in list(bot.cogs):
        await bot.remove_cog(name)  # stops the clock's loop
    await bot.store.close()


async def _analyze(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("ANALYZE")
    finally:
        await conn.close()


@contextlib.contextmanager
def locations(database: str, paths: dict[str, Path]) -> Iterator[dict[str, str]]:
    """Where each association is reached: the SQLite files, or copies of them on a throw-away server."""
    if database == "sqlite":
        yield {name: str(path) for name, path in paths.items()}
        return
    from bot.app.storage.copy import copy_database
    from tests.pgserver import running_server

    with running_server() as server:
        found: dict[str, str] = {}
        for name, path in paths.items():
            url = server.new_database()
            began = time.perf_counter()
            report = asyncio.run(copy_database(str(path), url))
            asyncio.run(_analyze(url))  # a database in service has its statistics; a fresh copy has none yet
            print(f"  {name}: copied {report.rows:,} rows to PostgreSQL in {time.perf_counter() - began:.1f} s")
            found[name] = url
        yield found


# One start-up, in a fresh process.


def peak_rss_kb() -> int:
    """This process's peak resident memory, in KiB: ``VmHWM``, which starts afresh at ``exec`` (``ru_maxrss``
    does not: it keeps the parent's high-water mark from the fork), else ``ru_maxrss``."""
    with contextlib.suppress(OSError, StopIteration), open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith("VmHWM:")).split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def resident_kb() -> int:
    """This process's resident memory now, in KiB (``VmRSS``; 0 where /proc is missing)."""
    with contextlib.suppress(OSError, StopIteration), open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1])
    return 0


async def child(location: str, reference: datetime, renders: int = 0) -> dict[str, Any]:
    """Start the bot on ``location`` up to ready; the figures of each phase (then, with ``renders``, ``renders``
    boards drawn as over weeks)."""
    from bench.long_run import draw_boards
    from bot.app.config import Config
    from bot.shell.client import EXTENSIONS, PlateauBot

    imported = time.perf_counter()
    bot = PlateauBot(Config(token="bench", database=location))
    await bot._async_setup_hook()  # what login() does before setup_hook, minus the HTTP login
    await bot.setup_hook()
    set_up = time.perf_counter()
    waiting = await bot.service.waiting_for_ai()  # on_ready: the AI sweep
    swept = time.perf_counter()
    unannounced = await bot.service.unannounced()  # the first tick: changes never posted ...
    announced = time.perf_counter()
    due = await bot.service.due(reference)  # ... and what the clock must do now
    ready = time.perf_counter()
    figures: dict[str, Any] = {
        "imports": imported - STARTED,
        "setup_hook": set_up - imported,
        "catch_up": ready - set_up,
        "passes_ms": [round((b - a) * 1000, 1) for a, b in ((set_up, swept), (swept, announced), (announced, ready))],
        "rss_kb": peak_rss_kb(),
        "waiting_for_ai": len(waiting),
        "unannounced": len(unannounced),
        "due": len(due),
        "extensions": len(EXTENSIONS),
    }
    print(json.dumps(figures), flush=True)  # the parent's clock stops at this line
    # Then the clock starts drawing the artwork in the background. Once drawn it stays in memory, as in a
    # bot that has drawn a board of every game: the process's peak then is the one to compare with the target.
    bot.start_warm_up()
    assert bot.warm_up is not None
    await bot.warm_up
    drawn = {"warm_up": time.perf_counter() - ready, "rss_kb": peak_rss_kb(), "resident_kb": resident_kb()}
    print(json.dumps(drawn), flush=True)
    if renders:
        began = time.perf_counter()
        done = await asyncio.to_thread(draw_boards, renders)  # as the bot renders: in a worker thread
        later = {"renders": done, "seconds": time.perf_counter() - began, "rss_kb": peak_rss_kb()}
        print(json.dumps(later | {"resident_kb": resident_kb()}), flush=True)
    for name in list(bot.cogs):
        await bot.remove_cog(name)
    await bot.store.close()
    return figures


def start_once(location: str, reference: datetime, renders: int = 0) -> tuple[float, dict[str, Any]]:
    """Launch a child that starts the bot; (seconds from launch to its ready line, its figures)."""
    began = time.perf_counter()
    process = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--child",
            location,
            "--reference",
            reference.isoformat(),
            "--renders",
            str(renders),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - began
    later = process.stdout.readline()
    filled = process.stdout.readline() if renders else "{}"
    process.wait()
    if process.returncode != 0 or not line or not later:
        raise SystemExit(f"the start-up child failed (exit {process.returncode})")
    figures = json.loads(line)
    drawn = json.loads(later)
    figures["rss_ready_kb"] = figures.pop("rss_kb")
    figures["rss_kb"] = drawn["rss_kb"]
    figures["resident_kb"] = drawn["resident_kb"]
    figures["warm_up"] = drawn["warm_up"]
    figures["filled"] = json.loads(filled)
    return elapsed, figures


# The clock's work.


class Counting:
    """Counts the statements a store runs and the rows they return (wrapping its backend's ``fetch``)."""

    def __init__(self, store: Any) -> None:
        self.statements: list[tuple[str, tuple[Any, ...]]] = []
        self.rows = 0
        fetch = store.backend.fetch

        async def counted(sql: str, params: Any = ()) -> list[Any]:
            found = await fetch(sql, params)
            self.statements.append((sql, tuple(params)))
            self.rows += len(found)
            return found

        store.backend.fetch = counted
        self._fetch = fetch

    def reset(self) -> None:
        self.statements.clear()
        self.rows = 0


async def _vm_steps(store: Any, work: Callable[[], Awaitable[Any]]) -> int:
    """SQLite's virtual-machine steps (in hundreds) while ``work`` runs: rows read show up as steps."""
    steps = 0

    def count() -> int:
        nonlocal steps
        steps += 1
        return 0

    db = store.backend._db
    await db.set_progress_handler(count, 100)
    try:
        await work()
    finally:
        await db.set_progress_handler(None, 100)
    return steps * 100


def _scanned(plan: dict[str, Any]) -> int:
    """Rows a PostgreSQL plan node and its children read: every scan's output and what its filter dropped
    (a bitmap index scan only hands row addresses to its heap scan, which counts the rows)."""
    rows = 0
    kind = plan.get("Node Type", "")
    if "Scan" in kind and kind != "Bitmap Index Scan":
        loops = plan.get("Actual Loops", 1)
        dropped = plan.get("Rows Removed by Filter", 0) + plan.get("Rows Removed by Index Recheck", 0)
        rows += (plan.get("Actual Rows", 0) + dropped) * loops
    for sub in plan.get("Plans", ()):
        rows += _scanned(sub)
    return rows


async def clock_work(location: str, reference: datetime, repeats: int) -> dict[str, Any]:
    """Time the clock's reads on ``location``; with their statements, rows and plans."""
    from bot.app.matches import MatchService
    from bot.app.storage import Store

    store = await Store.open(location)
    service = MatchService(store, lambda: reference)
    counting = Counting(store)
    passes: dict[str, Callable[[], Awaitable[Any]]] = {
        "due": lambda: service.due(reference),
        "unannounced": lambda: service.unannounced(),
        "waiting_for_ai": service.waiting_for_ai,
    }
    figures: dict[str, Any] = {}
    for name, work in passes.items():
        await work()  # warm the cache as a running bot's would be
        samples = []
        for _ in range(repeats):
            counting.reset()
            began = time.perf_counter()
            await work()
            samples.append(time.perf_counter() - began)
        statements = list(counting.statements)
        entry: dict[str, Any] = {"ms": statistics.median(samples) * 1000, "statements": len(statements)}
        entry["rows_returned"] = counting.rows
        # The first statement of each pass is the one that picks the matches: its plan is what must not
        # grow with the finished ones (the others load one match each, by key).
        sql, params = statements[0]
        if store.kind == "sqlite":
            entry["rows_read"] = await _vm_steps(store, work)
            entry["read_unit"] = "VM steps"
            plan = await counting._fetch("EXPLAIN QUERY PLAN " + sql, params)
            entry["plan"] = [str(row[3]) for row in plan]
        else:
            read = 0
            for each, each_params in statements:
                (row,) = await counting._fetch("EXPLAIN (ANALYZE, FORMAT JSON) " + each, each_params)
                read += _scanned(json.loads(row[0])[0]["Plan"])
            entry["rows_read"] = read
            entry["read_unit"] = "rows scanned"
            plan = await counting._fetch("EXPLAIN " + sql, params)
            entry["plan"] = [str(row[0]) for row in plan]
        entry["sql"] = " ".join(sql.split())
        figures[name] = entry
    await store.close()
    return figures


# The report.


def run(args: argparse.Namespace) -> None:
    active = args.active
    finished = args.matches - active
    print(f"database: {args.database}; {args.matches:,} matches ({active:,} active); {args.runs} start-ups")
    big, reference = build(finished, active)
    small, small_reference = build(SMALL_FINISHED, active)
    with locations(args.database, {"big": big, "small": small}) as where:
        for location in where.values():
            asyncio.run(_prepare(location))
        samples = [start_once(where["big"], reference, args.renders) for _ in range(args.runs)]
        work = {
            finished: asyncio.run(clock_work(where["big"], reference, args.repeats)),
            SMALL_FINISHED: asyncio.run(clock_work(where["small"], small_reference, args.repeats)),
        }
    times = [s for s, _ in samples]
    rss = max(f["rss_kb"] for _, f in samples) / 1024
    rss_ready = max(f["rss_ready_kb"] for _, f in samples) / 1024
    resident = max(f["resident_kb"] for _, f in samples) / 1024
    last = samples[-1][1]
    print(
        f"ready: median {statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)} runs"
        f" (target <= 2 s): {'met' if max(times) <= 2 else 'NOT met'}"
    )
    print(
        "  of which (median): interpreter and imports "
        f"{statistics.median(f['imports'] for _, f in samples):.2f} s, setup_hook "
        f"{statistics.median(f['setup_hook'] for _, f in samples):.2f} s, catch-up "
        f"{statistics.median(f['catch_up'] for _, f in samples) * 1000:.0f} ms"
    )
    print(
        f"  found at start-up: {last['waiting_for_ai']} matches waiting for an AI seat, {last['unannounced']}"
        f" unannounced changes, {last['due']} clock steps due"
    )
    print(
        f"peak RSS: {rss:.0f} MB once the artwork is drawn (target <= 250 MB): {'met' if rss <= 250 else 'NOT met'};"
        f" {rss_ready:.0f} MB at ready, {resident:.0f} MB resident once drawn; the artwork then drawn in"
        f" {statistics.median(f['warm_up'] for _, f in samples):.1f} s (median)"
    )
    for n, (elapsed, f) in enumerate(samples, 1):
        print(
            f"  run {n}: ready {elapsed:.2f} s; RSS {f['rss_ready_kb'] / 1024:.0f} MB at ready,"
            f" peak {f['rss_kb'] / 1024:.0f} MB and {f['resident_kb'] / 1024:.0f} MB resident once the artwork is"
            f" drawn ({f['warm_up']:.1f} s)"
        )
        if f["filled"]:
            filled = f["filled"]
            print(
                f"    then {filled['renders']:,} boards drawn for many members in {filled['seconds']:.0f} s: peak"
                f" {filled['rss_kb'] / 1024:.0f} MB, {filled['resident_kb'] / 1024:.0f} MB resident"
            )
    print("clock work per pass (median of", args.repeats, "):")
    for name in ("due", "unannounced", "waiting_for_ai"):
        for count in (SMALL_FINISHED, finished):
            e = work[count][name]
            print(
                f"  {name:<15} {count:>7,} finished: {e['ms']:7.2f} ms, {e['statements']:>3} statements,"
                f" {e['rows_returned']:>4} rows returned, {e['rows_read']:>9,} {e['read_unit']}"
            )
    print("query plans (at", f"{finished:,}", "finished):")
    for name in ("due", "unannounced", "waiting_for_ai"):
        e = work[finished][name]
        print(f"  {name}: {e['sql'][:160]}{'...' if len(e['sql']) > 160 else ''}")
        for line in e["plan"]:
            print(f"      {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--database", choices=("sqlite", "pg"), default="sqlite")
    parser.add_argument("--matches", type=int, default=100_000, help="stored matches (default 100000)")
    parser.add_argument("--active", type=int, default=1_000, help="of which active (default 1000)")
    parser.add_argument("--runs", type=int, default=5, help="start-ups, each in a fresh process (default 5)")
    parser.add_argument("--repeats", type=int, default=5, help="timed passes of each clock read (default 5)")
    parser.add_argument(
        "--renders", type=int, default=0, help="boards drawn after the artwork, as over weeks (default 0)"
    )
    parser.add_argument("--child", metavar="LOCATION", help=argparse.SUPPRESS)
    parser.add_argument("--reference", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args.child, utc(args.reference), args.renders))
        return
    run(args)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
