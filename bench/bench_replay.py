"""Benchmark of the animated replay: time and size of ``render.replay.animate`` on a 300-frame Ur match.

Run on demand, from the repository root: ``python bench/bench_replay.py``. It plays a seeded random
Ur game (the first one long enough), renders its first ``--frames`` positions as the bot would, then
times :func:`render.replay.animate` under the default 8 MB limit and under smaller limits that force
downscaling and then thinning, as a GIF and as an APNG. Target: every run within a few seconds.

``python bench/bench_replay.py --ultimatek 6000`` instead measures the bot's whole ``/game replay`` work
(:func:`bot.app.records.replays.build`: replaying the log, drawing the thinned frames, encoding) on a seeded random
Ultima-Tek match of that many log entries, without a turn cap: wall and CPU time and peak RSS. Target:
within the bounds of a chat command (under 30 s of CPU, under 300 MB).
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_render import random_game

from render import render_board
from render.replay import Animation, ReplayTooLargeError, animate

TARGET_SECONDS = 5.0
"""What "a few seconds" means here, on the 2-core test machine."""


def match_frames(rules: str, frames: int) -> tuple[int, list[bytes]]:
    """The seed and the first ``frames`` boards of the first seeded game of ``rules`` that has that many."""
    for seed in range(200):
        game = random_game(rules, seed)
        if len(game) >= frames:
            return seed, [render_board("ur", state, ctx) for state, ctx in game[:frames]]
    raise SystemExit(f"no seeded {rules} game reaches {frames} positions")


def run(frames: list[bytes], max_bytes: int, fmt: str) -> tuple[float, float, Animation | None]:
    """Wall-clock and CPU seconds of one :func:`animate` call, and its result (None if too large)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    try:
        animation: Animation | None = animate(frames, max_bytes=max_bytes, fmt=fmt)
    except ReplayTooLargeError:
        animation = None
    return time.perf_counter() - start, time.process_time() - start_cpu, animation


ULTIMATEK_CPU_TARGET = 30.0
ULTIMATEK_RSS_TARGET_MB = 300.0


def ultimatek_match(actions: int, seed: int = 1) -> tuple[Any, list[Any]]:
    """A seeded random Ultima-Tek match (no turn cap) of ``actions`` log entries, as the bot stores it."""
    from bot.app.matches import LogEntry, LogKind, Match, MatchStatus, sample_chance
    from games import find_game

    game = find_game("ultimatek")
    options = {"cap": "none"}
    state = game.new(2, options)
    rng = random.Random(seed)
    at = datetime(2026, 1, 1, tzinfo=UTC)
    entries: list[LogEntry] = []
    while len(entries) < actions and state.outcome() is None:
        ply = len(entries) + 1
        if state.is_chance():
            move = sample_chance(state.chance_outcomes(), str(seed), ply)
            entries.append(LogEntry(ply, LogKind.CHANCE, None, state.format_move(move), at))
        else:
            seat = state.actors()[0]
            move = rng.choice(state.legal_moves(seat))
            entries.append(LogEntry(ply, LogKind.MOVE, seat, state.format_move(move), at))
        state = state.apply(move)
    match = Match(
        id=1,
        game=game,
        options=options,
        seed=str(seed),
        guild_id=None,
        channel_id=1,
        creator_id=1,
        status=MatchStatus.ACTIVE if state.outcome() is None else MatchStatus.FINISHED,
        version=len(entries),
        state=state,
        seats=(1, 2),
        result=state.outcome(),
        created_at=at,
        updated_at=at,
    )
    return match, entries


def peak_rss_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_ultimatek(actions: int) -> int:
    """Time and peak memory of one bounded ``/game replay`` of a long Ultima-Tek match."""
    from bot.app.records import replays

    match, entries = ultimatek_match(actions)
    before = peak_rss_mb()
    start, start_cpu = time.perf_counter(), time.process_time()
    points = replays.frame_points(match, entries)
    counted = time.perf_counter() - start
    animation = replays.build(match, entries, ("alice", "bob"), "en")
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    peak = peak_rss_mb()
    print(
        f"Ultima-Tek, no turn cap: {len(entries)} log entries, {len(points)} positions "
        f"(counted in {counted:.2f} s), {animation.frames_used}/{animation.frames_total} frames kept, "
        f"{len(animation.data) / 1e6:.2f} MB {animation.filename}"
    )
    print(f"time {seconds:.1f} s, cpu {cpu:.1f} s, peak RSS {peak:.0f} MB ({before:.0f} MB before the replay)")
    ok = cpu <= ULTIMATEK_CPU_TARGET and peak <= ULTIMATEK_RSS_TARGET_MB
    print(
        f"target (cpu <= {ULTIMATEK_CPU_TARGET:.0f} s, peak RSS <= {ULTIMATEK_RSS_TARGET_MB:.0f} MB): "
        f"{'met' if ok else 'NOT met'}"
    )
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300, help="frames in the replay (default 300)")
    parser.add_argument("--rules", default="v1", help="Ur rule set (default v1)")
    parser.add_argument("--ultimatek", type=int, metavar="ACTIONS", help="bench a long Ultima-Tek replay instead")
    args = parser.parse_args()
    if args.ultimatek:
        return bench_ultimatek(args.ultimatek)

    start = time.perf_counter()
    seed, frames = match_frames(args.rules, args.frames)
    rendering = time.perf_counter() - start
    width, height = render_size(frames[0])
    total_png = sum(len(frame) for frame in frames)
    print(
        f"Ur {args.rules}, seed {seed}: {len(frames)} frames of {width}×{height}, "
        f"{total_png / 1e6:.1f} MB of PNG, rendered in {rendering:.1f} s"
    )
    # CPU time too: on a shared machine the wall clock also counts other processes.
    print(f"{'format':<6} {'limit':>9} {'time':>7} {'cpu':>7} {'size':>10}  {'scale':>5} {'frames':>9}  {'loop':>6}")
    slowest = 0.0
    for fmt in ("gif", "png"):
        for max_bytes in (8_000_000, 4_000_000, 2_000_000, 500_000):
            seconds, cpu, animation = run(frames, max_bytes, fmt)
            slowest = max(slowest, seconds)
            limit = f"{max_bytes / 1e6:.1f} MB"
            if animation is None:
                print(f"{fmt:<6} {limit:>9} {seconds:6.2f}s {cpu:6.2f}s  too large even at the minimum")
                continue
            print(
                f"{fmt:<6} {limit:>9} {seconds:6.2f}s {cpu:6.2f}s {len(animation.data) / 1e6:7.2f} MB  "
                f"{animation.scale:5.2f} {animation.frames_used:>4}/{animation.frames_total:<4}  "
                f"{animation.total_ms / 1000:5.0f}s"
            )
    again = animate(frames)
    deterministic = again.data == animate(frames).data
    print(f"deterministic: {'yes' if deterministic else 'NO'}")
    ok = deterministic and slowest <= TARGET_SECONDS
    print(f"target (every run <= {TARGET_SECONDS:.0f} s, equal bytes): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


def render_size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG, from its header."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


if __name__ == "__main__":
    raise SystemExit(main())
