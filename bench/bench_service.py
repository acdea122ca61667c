"""Throughput of the match service on a file database: ``python bench/bench_service.py``.

Opens a fresh SQLite file in a temporary directory, starts 1,000 games of Ur, then plays random legal
moves round-robin across them through :meth:`MatchService.move` (with an expected version and an
interaction id, as the bot does) for a fixed number of moves or a time budget, and prints moves per
second and the latency of one move. A finished game is replaced by a new one in the same channel, so
the number of live matches stays constant. With ``--concurrency N``, N coroutines play at once (each
on its own share of the matches), which measures the service's serialisation on one connection.

This prints figures; it asserts nothing. Target: at least 500 moves/s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from bot.matches import Match, MatchService, MatchStatus
from bot.storage import Store


def utcnow() -> datetime:
    return datetime.now(UTC)


async def new_match(service: MatchService, channel: int, seed: str) -> Match:
    """A started game of Ur in ``channel`` between two fresh players."""
    match = await service.create("ur", {}, guild_id=1, channel_id=channel, creator_id=channel * 10, seed=seed)
    await service.join(match.id, channel * 10 + 1)
    return (await service.start(match.id, channel * 10)).match


async def run(matches: int, moves: int | None, seconds: float, concurrency: int, keep: Path | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = (keep or Path(tmp)) / "bench.db"
        store = await Store.open(path)
        service = MatchService(store, utcnow)

        began = time.perf_counter()
        live = [await new_match(service, channel, f"bench-{channel}") for channel in range(1, matches + 1)]
        setup = time.perf_counter() - began
        print(f"setup: {matches} matches created, joined and started in {setup:.2f} s ({matches / setup:.0f}/s)")

        latencies: list[float] = []
        finished = 0
        interaction_ids = itertools.count(1)
        budget = moves if moves is not None else sys.maxsize
        deadline = time.perf_counter() + seconds
        played = 0

        async def worker(slots: range, rng: random.Random) -> None:
            nonlocal finished, played
            for index in itertools.cycle(slots):
                if played >= budget or time.perf_counter() >= deadline:
                    return
                played += 1
                match = live[index]
                (seat,) = match.state.actors()
                text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
                start = time.perf_counter()
                report = await service.move(
                    match.id,
                    match.seats[seat],
                    text,
                    expected_version=match.version,
                    interaction_id=next(interaction_ids),
                )
                latencies.append(time.perf_counter() - start)
                match = report.match
                if match.status is not MatchStatus.ACTIVE:
                    finished += 1
                    match = await new_match(service, match.channel_id, f"bench-{match.id}-next")
                live[index] = match

        share = -(-matches // concurrency)
        began = time.perf_counter()
        await asyncio.gather(
            *(
                worker(range(i * share, min((i + 1) * share, matches)), random.Random(i))
                for i in range(concurrency)
                if i * share < matches
            )
        )
        elapsed = time.perf_counter() - began
        await store.close()
        size = path.stat().st_size + sum(p.stat().st_size for p in path.parent.glob("bench.db-*"))

    quantiles = statistics.quantiles(latencies, n=100)
    print(f"moves: {len(latencies)} in {elapsed:.2f} s with concurrency {concurrency}")
    print(f"throughput: {len(latencies) / elapsed:.0f} moves/s (target >= 500)")
    print(
        f"latency per move: p50 {quantiles[49] * 1000:.2f} ms, p95 {quantiles[94] * 1000:.2f} ms, "
        f"max {max(latencies) * 1000:.2f} ms"
    )
    print(f"games finished and replaced: {finished}; database size {size / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--matches", type=int, default=1000, help="live matches (default 1000)")
    parser.add_argument("--moves", type=int, default=None, help="stop after this many moves")
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget (default 10 s)")
    parser.add_argument("--concurrency", type=int, default=1, help="coroutines playing at once (default 1)")
    parser.add_argument("--keep", type=Path, default=None, help="write the database in this directory instead")
    args = parser.parse_args()
    asyncio.run(run(args.matches, args.moves, args.seconds, args.concurrency, args.keep))


if __name__ == "__main__":
    main()
