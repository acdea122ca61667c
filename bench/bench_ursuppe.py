"""Throughput of the Ursuppe engine: ``python bench/bench_ursuppe.py [--games N] [--players P]``.

Plays complete seeded random games through the engine alone (chance outcomes drawn by their exact
probabilities, decisions uniformly among the legal moves) and prints complete games per second,
decisions and chance steps per game, and the mean rounds played.

This prints figures; it asserts nothing. Target: at least 10 complete 4-player games per second on a
2-core machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games.playout import exact_chance
from games.ursuppe import INFO
from games.ursuppe.state import State


def play_one(players: int, seed: int) -> tuple[int, int, int]:
    """One seeded random game to the end: (decisions, chance steps, rounds)."""
    rng = random.Random(f"bench-ursuppe/{players}/{seed}")
    state: State = INFO.new(players, {})  # type: ignore[assignment]
    decisions = chances = 0
    while state.outcome() is None:
        if state.is_chance():
            move = exact_chance(state, rng)
            chances += 1
        else:
            move = rng.choice(state.legal_moves())
            decisions += 1
        state = state.apply(move)
    return decisions, chances, state.round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="complete games to play (default 100)")
    parser.add_argument("--players", type=int, default=4, help="players per game, 3..6 (default 4)")
    args = parser.parse_args()
    began = time.perf_counter()
    results = [play_one(args.players, seed) for seed in range(args.games)]
    elapsed = time.perf_counter() - began
    decisions = [d for d, _, _ in results]
    chances = [c for _, c, _ in results]
    rounds = [r for _, _, r in results]
    print(f"ursuppe, {args.players} players: {args.games} complete random games in {elapsed:.2f} s")
    print(f"  games per second:     {args.games / elapsed:.1f}")
    print(f"  decisions per game:   {statistics.mean(decisions):.0f} (min {min(decisions)}, max {max(decisions)})")
    print(f"  chance steps per game: {statistics.mean(chances):.0f}")
    print(f"  rounds per game:      {statistics.mean(rounds):.1f}")
    print(f"  steps per second:     {(sum(decisions) + sum(chances)) / elapsed:.0f}")


if __name__ == "__main__":
    main()
