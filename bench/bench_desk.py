"""The members' desks at scale (issue 38): ``PYTHONPATH=. python bench/bench_desk.py [--members 10000]
[--matches 50000] [--changes 20000] [--burst 60] [--rate 40] [--gap 5]``.

A bot with ``--members`` members in ``--matches`` matches of 2 to 6 players (drawn with a fixed seed; every member
has opened their desk) sees a burst of ``--changes`` turn changes spread over ``--burst`` seconds. Each change
marks the desks of the match's members in the real :class:`bot.app.desk.queue.DeskQueue` (one edit per member per
``--gap`` seconds, the latest content winning); the process that edits desks sends at most ``--rate`` edits a second
(its share of Discord's global limit of 50 requests a second per bot, the rest left to turn posts), and each edit
draws the member's desk with the real planner (:func:`plan_desk`, :func:`desk_message`) from their matches.
Time is simulated (no Discord, no sleeping); the CPU of the drawing is measured.

Prints: edits sent and edits per minute while the queue drains; the delay from a change to the edit that shows it
(median, p95, max); the most edits one member got in any minute (the bound says at most 60 / gap); desks dropped
by the bounded queue; the CPU per drawn desk. Then the sharding arithmetic: which process edits the desks
(:func:`bot.app.desk.shards.desk_shard`) and what the marks other processes leave cost, measured on SQLite
(``desk_marks``). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from bot.app.desk.planner import DeskEntry, desk_message, plan_desk
from bot.app.desk.queue import DeskQueue
from bot.app.desk.shards import desk_shard, edits_desks
from bot.app.storage import Store

T0 = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)


def build(members: int, matches: int, seed: int) -> tuple[list[tuple[int, ...]], dict[int, list[int]]]:
    """``matches`` seatings of 2-6 members (two-player games most often), and each member's matches."""
    rng = random.Random(seed)
    seatings: list[tuple[int, ...]] = []
    of: dict[int, list[int]] = defaultdict(list)
    for match_id in range(matches):
        size = rng.choices((2, 3, 4, 5, 6), weights=(70, 8, 12, 5, 5))[0]
        seats = tuple(rng.sample(range(1, members + 1), size))
        seatings.append(seats)
        for user in seats:
            of[user].append(match_id)
    return seatings, of


def entries_of(user: int, mine: list[int], seatings: list[tuple[int, ...]], turn_of: list[int]) -> list[DeskEntry]:
    """The member's desk entries as the shell would gather them (public facts only)."""
    found = []
    for match_id in mine:
        seats = seatings[match_id]
        acting = seats[turn_of[match_id] % len(seats)]
        since = T0 - timedelta(hours=match_id % 47)
        if acting == user:
            found.append(
                DeskEntry(
                    match_id,
                    "turn",
                    "Royal Game of Ur — Variante 2",
                    "Association",
                    f"https://d/{match_id}",
                    since,
                    deadline=since + timedelta(hours=48),
                    turn=turn_of[match_id],
                )
            )
        else:
            found.append(
                DeskEntry(
                    match_id,
                    "waiting",
                    "Ursuppe",
                    "Club",
                    f"https://d/{match_id}",
                    since,
                    waiting_for=(f"member{acting}",),
                    turn=turn_of[match_id],
                )
            )
    return found


def simulate(args: argparse.Namespace) -> None:
    began = time.perf_counter()
    seatings, of = build(args.members, args.matches, args.seed)
    rng = random.Random(args.seed + 1)
    turn_of = [0] * args.matches
    changes = sorted((rng.uniform(0, args.burst), rng.randrange(args.matches)) for _ in range(args.changes))
    queue = DeskQueue(gap=timedelta(seconds=args.gap))
    per_edit = 1.0 / args.rate
    clock = 0.0  # seconds after T0 at which the sender is free again
    pending: dict[int, float] = {}  # member -> earliest change not yet shown
    delays: list[float] = []
    edits_at: list[float] = []
    per_member_minute: dict[tuple[int, int], int] = defaultdict(int)
    draw_cpu: list[float] = []
    index = 0
    while index < len(changes) or len(queue):
        next_change = changes[index][0] if index < len(changes) else float("inf")
        ready = queue.next_at()
        ready_s = (ready - T0).total_seconds() if ready is not None else float("inf")
        send_at = max(clock, ready_s)
        if next_change <= send_at:
            at, match_id = changes[index]
            index += 1
            turn_of[match_id] += 1
            for user in seatings[match_id]:
                queue.touch(user, T0 + timedelta(seconds=at))
                pending.setdefault(user, at)
            continue
        taken = queue.take(T0 + timedelta(seconds=send_at), limit=1)
        if not taken:
            clock = send_at
            continue
        ((user, _marked),) = taken
        cpu = time.process_time()
        desk_message(plan_desk(entries_of(user, of[user], seatings, turn_of)), "en")
        draw_cpu.append(time.process_time() - cpu)
        clock = send_at + per_edit
        edits_at.append(clock)
        delays.append(clock - pending.pop(user))
        per_member_minute[(user, int(clock // 60))] += 1
    span = (max(edits_at) - min(edits_at)) if len(edits_at) > 1 else 1.0
    delays.sort()
    p95 = delays[int(0.95 * (len(delays) - 1))]
    print(
        f"{args.members:,} members, {args.matches:,} matches ({sum(len(s) for s in seatings) / args.matches:.2f} "
        f"seats a match, {statistics.mean(len(v) for v in of.values()):.1f} matches a member)"
    )
    print(
        f"burst: {args.changes:,} turn changes in {args.burst:g} s; desk sender {args.rate:g} edits/s; "
        f"one edit per member per {args.gap:g} s"
    )
    touched = sum(len(seatings[m]) for _, m in changes)
    print(
        f"desk marks: {touched:,} ({len({u for _, m in changes for u in seatings[m]}):,} members), "
        f"edits sent: {len(delays):,} (coalesced {1 - len(delays) / touched:.0%})"
    )
    print(f"edits per minute while draining: {len(delays) / span * 60:,.0f} over {span:.0f} s")
    print(f"delay change -> edit: median {statistics.median(delays):.1f} s, p95 {p95:.1f} s, max {delays[-1]:.1f} s")
    print(
        f"most edits to one member in a minute: {max(per_member_minute.values())} "
        f"(bound {int(60 // args.gap)}); dropped by the bounded queue: {queue.dropped}"
    )
    print(
        f"drawing a desk: median {statistics.median(draw_cpu) * 1e3:.3f} ms, "
        f"p95 {sorted(draw_cpu)[int(0.95 * (len(draw_cpu) - 1))] * 1e3:.3f} ms of CPU"
    )
    print(f"(simulation {time.perf_counter() - began:.1f} s)")


async def marks(args: argparse.Namespace) -> None:
    """What a process that does not edit desks costs: one mark per member a change concerns, taken by the owner."""
    shards = args.shards
    owner = {desk_shard(user, shards) for user in range(1, 1001)}
    print(
        f"sharding: {shards} shards; desks edited by shard {sorted(owner)} (the DM shard); a process running "
        f"shards 1-{shards - 1} edits none: {not edits_desks(tuple(range(1, shards)), shards)}"
    )
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "bench.db"))
        try:
            rng = random.Random(args.seed)
            users = [rng.randrange(1, args.members + 1) for _ in range(args.mark_changes * 3)]
            began = time.perf_counter()
            for k in range(args.mark_changes):
                async with store.transaction():
                    await store.mark_desks(users[3 * k : 3 * k + 3], now=T0)
            wrote = time.perf_counter() - began
            began = time.perf_counter()
            taken = 0
            while True:
                async with store.transaction():
                    got = await store.take_desk_marks(1000)
                if not got:
                    break
                taken += len(got)
            took = time.perf_counter() - began
        finally:
            await store.close()
    print(
        f"marks on SQLite: {args.mark_changes:,} changes marked in {wrote:.2f} s "
        f"({wrote / args.mark_changes * 1e3:.2f} ms a change); {taken:,} distinct members taken by the owner "
        f"in {took:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=50_000)
    parser.add_argument("--changes", type=int, default=20_000)
    parser.add_argument("--burst", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=40.0)
    parser.add_argument("--gap", type=float, default=5.0)
    parser.add_argument("--shards", type=int, default=16)
    parser.add_argument("--mark-changes", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    simulate(args)
    asyncio.run(marks(args))


if __name__ == "__main__":
    main()
