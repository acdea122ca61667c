"""Benchmark of every registered game's board renderer: public and private images of busy positions.

Run on demand, from the repository root: ``python bench/bench_boards.py [game ...]``. For each game
(all registered games but Ur, whose rule sets have their own yardstick in ``bench_render.py``), seeded
random games are played to the end; the busiest positions (longest state text) and evenly spread ones
are rendered for the spectator and, for games with hidden information, for each seat. It prints the
median and p95 render time and the largest PNG per viewer, and checks the targets: p95 at most 25 ms,
PNG at most 250 KB.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import GAMES, find_game
from games.base import GameInfo, GameState, Seat
from games.playout import random_step
from render import RENDERERS, BoardContext, highlights_for, render_board

P95_TARGET_MS = 25.0
SIZE_LIMIT = 250_000


def random_game(info: GameInfo, players: int, seed: int) -> list[tuple[GameState, BoardContext]]:
    """Every position of a seeded random game, with the context the bot would pass (public notation)."""
    rng = random.Random(seed)
    names = tuple(f"Player {i + 1}" for i in range(players))
    state = info.new(players, info.option_defaults())
    positions = [(state, BoardContext(names))]
    while state.outcome() is None and len(positions) < info.max_plies:
        move = random_step(state, rng)
        shown = info.public_notation(state.format_move(move))
        ctx = BoardContext(
            names,
            last_move=shown,
            last_mover=state.mover(move),
            highlights=highlights_for(info.id, state.view_for(None), shown),
            lang=rng.choice(("en", "fr")),
        )
        state = state.apply(move)
        positions.append((state, ctx))
    return positions


def sample(info: GameInfo, players: int, games: int, per_game: int) -> list[tuple[GameState, BoardContext]]:
    """Evenly spread positions of each game, plus its five busiest ones."""
    chosen: list[tuple[GameState, BoardContext]] = []
    for seed in range(games):
        positions = random_game(info, players, seed)
        step = max(1, len(positions) // per_game)
        chosen += positions[::step]
        chosen += sorted(positions, key=lambda p: len(p[0].to_text()))[-5:]
    return chosen


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def bench_game(info: GameInfo, games: int, per_game: int) -> bool:
    """Print the figures of one game; True when its targets are met."""
    ok = True
    for players in sorted({info.min_players, info.max_players}):
        positions = sample(info, players, games, per_game)
        viewers: list[Seat | None] = [None]
        if info.has_hidden_info:
            viewers += list(range(players))
        for viewer in viewers:
            times: list[float] = []
            sizes: list[int] = []
            for state, ctx in positions:
                view = state.view_for(viewer)
                start = time.perf_counter()
                png = render_board(info.id, view, ctx)
                times.append((time.perf_counter() - start) * 1000)
                sizes.append(len(png))
            p95 = percentile(times, 0.95)
            met = p95 <= P95_TARGET_MS and max(sizes) <= SIZE_LIMIT
            ok &= met
            who = "public" if viewer is None else f"seat {viewer}"
            print(
                f"{info.id:10} {players}p {who:7} {len(times):4} images  median {statistics.median(times):6.1f} ms"
                f"  p95 {p95:6.1f} ms  max PNG {max(sizes) / 1000:6.1f} KB  {'ok' if met else 'MISSED'}"
            )
    return ok


def main() -> int:
    """Run the benchmark; exit status 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game but Ur)")
    parser.add_argument("--games-per-table", type=int, default=4)
    parser.add_argument("--per-game", type=int, default=12)
    args = parser.parse_args()
    infos = [find_game(g) for g in args.games] or [g for g in GAMES if g.id != "ur" and g.id in RENDERERS]
    for info in infos:
        render_board(info.id, info.new(info.min_players, info.option_defaults()).view_for(None), BoardContext(("a",)))
    ok = all([bench_game(info, args.games_per_table, args.per_game) for info in infos])
    print(f"targets (p95 <= {P95_TARGET_MS:.0f} ms, PNG <= {SIZE_LIMIT // 1000} KB): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
