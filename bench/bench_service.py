"""Throughput of the match service: ``python bench/bench_service.py [--database URL] [--writers N]``.

Starts 1,000 games of Ur, then plays random legal moves round-robin across them through
:meth:`MatchService.move` (with an expected version and an interaction id, as the bot does) for a time
budget (or a number of moves), and prints moves per second and the latency of one move. A finished game is
replaced by a new one in the same channel, so the number of live matches stays constant.

- The database is a fresh SQLite file in a temporary directory by default; ``--database postgresql://...``
  uses that (empty) PostgreSQL database, and ``--database pg`` starts a throw-away PostgreSQL server (the
  tests' fixture: Debian's binaries, a temporary directory, durability off like a test server), reached
  through the loopback; the bench then also prints the CPU time per move of the writers and the server.
- ``--writers N`` runs N writer *processes*, each with its own store (its own SQLite connection or asyncpg
  pool) and its own share of the matches, as N shard processes would; the figure is the moves of all of
  them over the common time window. ``--concurrency N`` runs N coroutines in each process.

This prints figures; it asserts nothing. Targets: at least 500 moves/s on SQLite with one writer, at least
1,000 moves/s on PostgreSQL with 4 writers, on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from bot.app.matches import Match, MatchService, MatchStatus
from bot.app.storage import Store, is_postgres_url


def utcnow() -> datetime:
    return datetime.now(UTC)


async def new_match(service: MatchService, channel: int, seed: str) -> Match:
    """A started game of Ur in ``channel`` between two fresh players."""
    match = await service.create("ur", {}, guild_id=1, channel_id=channel, creator_id=channel * 10, seed=seed)
    await service.join(match.id, channel * 10 + 1)
    return (await service.start(match.id, channel * 10)).match


async def setup(location: str, matches: int) -> list[int]:
    store = await Store.open(location)
    service = MatchService(store, utcnow)
    began = time.perf_counter()
    ids = [(await new_match(service, channel, f"bench-{channel}")).id for channel in range(1, matches + 1)]
    setup_time = time.perf_counter() - began
    print(f"setup: {matches} matches created, joined and started in {setup_time:.2f} s ({matches / setup_time:.0f}/s)")
    await store.close()
    return ids


async def play(
    location: str, match_ids: list[int], start_at: float, seconds: float, moves: int | None, concurrency: int, seed: int
) -> tuple[list[float], int, float, float]:
    """One writer: play on ``match_ids`` from ``start_at`` (wall clock) for ``seconds``; (latencies, finished,
    elapsed, CPU seconds of this process)."""
    store = await Store.open(location, pool_size=max(2, concurrency))
    service = MatchService(store, utcnow)
    live = [await service.get(i) for i in match_ids]
    latencies: list[float] = []
    finished = 0
    interaction_ids = itertools.count(seed * 10**9 + 1)
    budget = moves if moves is not None else sys.maxsize
    await asyncio.sleep(max(0.0, start_at - time.time()))
    began = time.perf_counter()
    cpu = time.process_time()
    deadline = began + seconds

    async def worker(slots: range, rng: random.Random) -> None:
        nonlocal finished
        for index in itertools.cycle(slots):
            if len(latencies) >= budget or time.perf_counter() >= deadline:
                return
            match = live[index]
            (seat,) = match.state.actors()
            text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
            start = time.perf_counter()
            report = await service.move(
                match.id, match.seats[seat], text, expected_version=match.version, interaction_id=next(interaction_ids)
            )
            latencies.append(time.perf_counter() - start)
            match = report.match
            if match.status is not MatchStatus.ACTIVE:
                finished += 1
                match = await new_match(service, match.channel_id, f"bench-{match.id}-next")
            live[index] = match

    share = -(-len(live) // concurrency)
    await asyncio.gather(
        *(
            worker(range(i * share, min((i + 1) * share, len(live))), random.Random(seed * 100 + i))
            for i in range(concurrency)
            if i * share < len(live)
        )
    )
    elapsed = time.perf_counter() - began
    cpu = time.process_time() - cpu
    # The server's CPU is sampled from its processes after the window: keep the connections (and so the
    # server processes serving them) alive until then.
    await asyncio.sleep(max(0.0, start_at + seconds + 1.5 - time.time()))
    await store.close()
    return latencies, finished, elapsed, cpu


def writer(
    location: str, match_ids: list[int], start_at: float, seconds: float, moves: int | None, concurrency: int, seed: int
) -> tuple[list[float], int, float, float]:
    """A writer process's entry point."""
    return asyncio.run(play(location, match_ids, start_at, seconds, moves, concurrency, seed))


SERVER_PID: list[int] = []
"""The postmaster of the throw-away server, when the bench started one (to read its CPU time)."""


@contextlib.contextmanager
def database(choice: str | None) -> Iterator[str]:
    """The location to bench on: a temporary SQLite file, a throw-away PostgreSQL server, or ``choice``."""
    if choice == "pg":
        from tests.pgserver import running_server

        with running_server() as server:
            pid_file = server.directory / "data" / "postmaster.pid"
            SERVER_PID[:] = [int(pid_file.read_text().split()[0])]
            yield server.new_database()
        return
    if choice:
        yield choice
        return
    with tempfile.TemporaryDirectory() as tmp:
        yield str(Path(tmp) / "bench.db")


def server_cpu() -> float:
    """CPU seconds used so far by the throw-away server's live processes (0 when there is none)."""
    if not SERVER_PID:
        return 0.0
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        pid = int(stat.parent.name)
        if pid == SERVER_PID[0] or int(fields[1]) == SERVER_PID[0]:
            ticks += int(fields[11]) + int(fields[12])  # utime + stime
    return ticks / os.sysconf("SC_CLK_TCK")


def run(args: argparse.Namespace) -> None:
    with database(args.database) as location:
        kind = "PostgreSQL" if is_postgres_url(location) else "SQLite"
        print(f"database: {kind}; {args.matches} live matches; {args.writers} writer process(es) x {args.concurrency}")
        ids = asyncio.run(setup(location, args.matches))
        shares = [ids[w :: args.writers] for w in range(args.writers)]
        start_at = time.time() + 2.0 + 0.5 * args.writers  # every process has opened its store by then
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(args.writers, mp_context=context) as pool:
            futures = [
                pool.submit(writer, location, share, start_at, args.seconds, args.moves, args.concurrency, n)
                for n, share in enumerate(shares)
            ]
            time.sleep(max(0.0, start_at - time.time()))
            server_before = server_cpu()
            time.sleep(max(0.0, start_at + args.seconds + 0.5 - time.time()))
            server_used = server_cpu() - server_before
            results = [f.result() for f in futures]
        size = ""
        if not is_postgres_url(location):
            path = Path(location)
            total = path.stat().st_size + sum(p.stat().st_size for p in path.parent.glob(path.name + "-*"))
            size = f"; database size {total / 1e6:.1f} MB"

    latencies = [x for lat, _, _, _ in results for x in lat]
    finished = sum(f for _, f, _, _ in results)
    elapsed = max(e for _, _, e, _ in results)
    writers_cpu = sum(c for _, _, _, c in results)
    quantiles = statistics.quantiles(latencies, n=100)
    target = 1000 if kind == "PostgreSQL" else 500
    print(f"moves: {len(latencies)} in {elapsed:.2f} s by {args.writers} writer(s) x {args.concurrency}")
    print(f"throughput: {len(latencies) / elapsed:.0f} moves/s on {kind} (target >= {target})")
    print(
        f"latency per move: p50 {quantiles[49] * 1000:.2f} ms, p95 {quantiles[94] * 1000:.2f} ms, "
        f"max {max(latencies) * 1000:.2f} ms"
    )
    print(f"games finished and replaced: {finished}{size}")
    per_move = (writers_cpu + server_used) / len(latencies)
    server_part = f" + server {server_used / len(latencies) * 1000:.2f} ms" if SERVER_PID else ""
    print(
        f"CPU per move: writers {writers_cpu / len(latencies) * 1000:.2f} ms{server_part}; "
        f"machine load (1 min) {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    if SERVER_PID:
        # What the same work would reach with the machine's cores to itself (this bench shares them).
        print(f"CPU-bound capacity on {os.cpu_count()} free cores: {(os.cpu_count() or 1) / per_move:.0f} moves/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--matches", type=int, default=1000, help="live matches (default 1000)")
    parser.add_argument("--moves", type=int, default=None, help="stop each writer after this many moves")
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget (default 10 s)")
    parser.add_argument("--concurrency", type=int, default=1, help="coroutines per writer process (default 1)")
    parser.add_argument("--writers", type=int, default=1, help="writer processes (default 1)")
    parser.add_argument(
        "--database",
        default=None,
        help="an empty postgresql:// database, 'pg' for a throw-away server, or an SQLite file (default: temporary)",
    )
    run(parser.parse_args())


if __name__ == "__main__":
    main()
