"""Benchmark of the Ur board renderers, every rule set, against python-chess SVG rendered by CairoSVG.

Run on demand, from the repository root: ``python bench/bench_render.py``. It prints the median and
p95 render time and the PNG sizes over positions from seeded random games (the busiest positions of
each game included), the yardstick's median time, and whether the targets are met: our p95 at most
half the yardstick's median, every PNG under 200 KB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import bench_boards
from games import find_game
from games.base import GameState
from render import BoardContext, render_board

NAMES = ("Alice", "Bob")
SIZE_LIMIT = 200_000
UR = find_game("ur")
RULE_SETS = next(o for o in UR.options if o.name == "rules").choices


def random_game(rules: str, seed: int) -> list[tuple[GameState, BoardContext]]:
    """Every position of a seeded random game of ``rules``, with the context the bot would pass."""
    return bench_boards.random_game(UR, {"rules": rules}, 2, seed, names=NAMES)


def busyness(state: GameState) -> int:
    """A rule-set-neutral measure of how much a position shows: the length of its state text."""
    return len(state.to_text())


def sample_positions(rules: str, games: int, per_game: int) -> list[tuple[GameState, BoardContext]]:
    """``per_game`` evenly spread positions of each seeded game, plus its three busiest ones and its end."""
    chosen: list[tuple[GameState, BoardContext]] = []
    for seed in range(games):
        game = random_game(rules, seed)
        step = max(1, len(game) // per_game)
        chosen.extend(game[::step])
        chosen.extend(sorted(game, key=lambda pair: busyness(pair[0]), reverse=True)[:3])
        chosen.append(game[-1])
    return chosen


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile by the nearest-rank method."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank]


def bench_rules(rules: str, games: int, per_game: int) -> tuple[list[float], list[int], float, float]:
    """Render times and sizes over sampled positions, the cold first render and the busiest position's time."""
    positions = sample_positions(rules, games, per_game)
    start = time.perf_counter()
    render_board("ur", *positions[0])
    cold = time.perf_counter() - start
    # Sprites and the per-language words are built on first use; time the steady state.
    for state, ctx in positions[:20]:
        render_board("ur", state, ctx)
    times: list[float] = []
    sizes: list[int] = []
    for state, ctx in positions:
        start = time.perf_counter()
        png = render_board("ur", state, ctx)
        times.append(time.perf_counter() - start)
        sizes.append(len(png))
    busiest = max(positions, key=lambda pair: busyness(pair[0]))
    start = time.perf_counter()
    render_board("ur", *busiest)
    return times, sizes, cold, time.perf_counter() - start


def bench_yardstick(runs: int) -> float:
    import cairosvg  # type: ignore[import-untyped]
    import chess
    import chess.svg

    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6"):
        board.push_san(san)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        svg = chess.svg.board(board, lastmove=board.peek(), size=800)
        cairosvg.svg2png(bytestring=svg.encode(), output_width=800)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="seeded random games to sample (default 12)")
    parser.add_argument("--per-game", type=int, default=20, help="positions taken from each game (default 20)")
    parser.add_argument("--yardstick-runs", type=int, default=40, help="yardstick repetitions (default 40)")
    args = parser.parse_args()

    yardstick = bench_yardstick(args.yardstick_runs)
    ms = 1000.0
    print(f"Yardstick (chess.svg.board + cairosvg.svg2png at 800 px): median {yardstick * ms:.1f} ms")
    print(f"Targets: p95 <= {yardstick / 2 * ms:.1f} ms (half the yardstick), every PNG < {SIZE_LIMIT // 1000} KB")
    all_ok = True
    for rules in RULE_SETS:
        times, sizes, cold, busiest = bench_rules(rules, args.games, args.per_game)
        median, p95 = statistics.median(times), percentile(times, 0.95)
        kb = [s / 1000 for s in sizes]
        ok = p95 <= yardstick / 2 and max(sizes) < SIZE_LIMIT
        all_ok &= ok
        print(f"Ur {rules}: {len(times)} positions from {args.games} seeded games (first render {cold * ms:.0f} ms)")
        print(f"  time   median {median * ms:.1f} ms   p95 {p95 * ms:.1f} ms   max {max(times) * ms:.1f} ms")
        print(f"  busiest position {busiest * ms:.1f} ms")
        print(
            f"  PNG    median {statistics.median(kb):.1f} KB   p95 {percentile(kb, 0.95):.1f} KB   max {max(kb):.1f} KB"
        )
        print(f"  targets: {'met' if ok else 'NOT met'}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
