"""Benchmark of the after-match review: CPU time per game and match length, evaluations, PNG bytes.

Run on demand, from the repository root: ``python bench/bench_review.py`` (``--seeds N`` matches per table).
Each table plays seeded random matches to their end (random play makes longer matches than people do, so
this is the dear side), then times :func:`bot.app.records.review.build` (the replay, the evaluations, the words in
English and the chart) on one core. ``--long`` adds Ultima-Tek matches of 6,000 and 20,000 log entries
without a turn cap (the longest log the bot reviews), to show the budget (:data:`games.ai.review.MATCH_EVALS`)
at work. Target: at most 20 s of CPU and 150 MB for the longest match of any table. It also prints the
largest gap of the review's identity (start + luck + own choices + others' choices − end, per seat) and
the largest account told, in points. ``--memory`` adds the review's own peak of memory (Python's
allocations traced from just before the review to its end, the match's generation left out); tracing slows
the review, so its CPU is then measured apart, untraced, first.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import sys
import time
import tracemalloc
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app.matches import LogEntry, LogKind, Match, MatchStatus
from bot.app.matches.log import replay
from bot.app.records.review import build, steps_of
from games import GAMES
from games.ai import review as engine
from games.ai.review import MATCH_EVALS
from games.base import GameInfo
from games.playout import random_step

NOW = datetime(2026, 11, 26, tzinfo=UTC)
NAMES = ("alice", "bob", "carol", "dan", "eve", "fay")


def tables() -> list[tuple[GameInfo, dict[str, str], int]]:
    """Every game and rule set, Ursuppe with 3 and 6 players."""
    found = []
    for game in GAMES:
        if game.id == "ur":
            found += [(game, game.validate_options({"rules": r}), 2) for r in game.options[0].choices]
        elif game.id == "ursuppe":
            found += [(game, game.validate_options({}), n) for n in (3, 6)]
        else:
            found.append((game, game.validate_options({}), game.min_players))
    return found


def played(game: GameInfo, options: dict[str, str], players: int, seed: int, cap: int) -> tuple[Match, list[LogEntry]]:
    """A seeded random match, finished unless ``cap`` entries come first, with its log."""
    rng = random.Random(seed)
    state = game.new(players, options)
    entries: list[LogEntry] = []
    while state.outcome() is None and len(entries) < cap:
        move = random_step(state, rng)
        chance = state.is_chance()
        kind = LogKind.CHANCE if chance else LogKind.MOVE
        seat = None if chance else state.mover(move)
        entries.append(LogEntry(len(entries) + 1, kind, seat, state.format_move(move), NOW))
        state = state.apply(move)
    final = replay(game, options, players, entries)
    seats = tuple(range(players))
    match = Match(1, game, options, "s", 1, 1, 1, MatchStatus.FINISHED, len(entries), final, seats, None, NOW, NOW)
    return match, entries


def traced_peak(match: Match, entries: list[LogEntry], players: int) -> float:
    """The review's own peak of traced memory in MB: what :func:`build` allocates above what was held before."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    build(match, entries, NAMES[:players], "en")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return (peak - base) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--long", action="store_true")
    parser.add_argument("--memory", action="store_true", help="also the review's own traced peak of memory")
    args = parser.parse_args()
    print(f"budget: {MATCH_EVALS} evaluations per match")
    print(
        f"{'table':<22} {'entries':>7} {'turns':>6} {'cpu s':>7} {'evals':>7} {'unmeas':>6} {'png B':>7}"
        f" {'gap':>8} {'largest':>7}" + (f" {'own MB':>7}" if args.memory else "")
    )
    runs = [(g, o, n, seed, 20_000) for g, o, n in tables() for seed in range(args.seeds)]
    if args.long:
        tek = next(g for g in GAMES if g.id == "ultimatek")
        runs += [(tek, tek.validate_options({"cap": "none"}), 2, 99, n) for n in (6000, 20_000)]
    for game, options, players, seed, cap in runs:
        match, entries = played(game, options, players, seed, cap)
        start = time.process_time()
        told, png = build(match, entries, NAMES[:players], "en")
        cpu = time.process_time() - start
        found = engine.review(game, options, players, steps_of(match, entries))
        gap = max(abs(found.accounts(s) - found.final[s]) for s in range(players))
        largest = max(abs(a[s]) for a in (found.luck, found.own, found.others) for s in range(players))
        label = f"{game.id} {options.get('rules', '')}{options.get('cap', '')} {players}p".replace("  ", " ")
        own = f" {traced_peak(match, entries, players):>7.1f}" if args.memory else ""
        print(
            f"{label:<22} {len(entries):>7} {told.points[-1][0]:>6} {cpu:>7.2f} {told.evaluations:>7}"
            f" {told.unmeasured:>6} {len(png):>7} {gap:>8.1e} {round(100 * largest):>7}{own}",
            flush=True,
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
