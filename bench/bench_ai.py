"""Strength and speed of the AI players: ``python bench/bench_ai.py [--games 200] [--budget 0.2]``.

Plays the issue's benchmark duels (``strong`` against ``random`` and against ``easy`` in every two-player
rule set; Ursuppe with one ``strong`` seat against three ``random`` ones) and prints a Markdown table of
A's win rate with its 95 % interval and the decision times of each side. ``--budget`` gives the searching
levels a shorter time per decision (the machine is shared); ``--only`` restricts to some game ids.

This prints figures; it asserts nothing. Targets: strong beats random in at least 95 % of two-player
games and easy in at least 70 %; a strong Ursuppe seat wins at least 50 % against three random seats;
a strong decision takes at most 1 s at the 95th percentile at full budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games.ai.duel import duel, quantile

DUELS = [
    (game, 2, "strong", opponent)
    for game in ("ur:v2", "ur:v1", "ur:ravensburger", "ur:v3", "subulata", "ultimatek")
    for opponent in ("random", "easy")
] + [("ursuppe", 4, "strong", "random")]


def main() -> None:
    """Run the duels and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=None, help="seconds per searching decision")
    parser.add_argument("--only", nargs="*", default=None, help="game ids to run (ur:v2 ursuppe ...)")
    args = parser.parse_args()
    print("| game | players | A vs B | games | A wins (95 % CI) | A p50 / p95 ms | B p50 / p95 ms |")
    print("|---|---|---|---|---|---|---|")
    for game, players, a, b in DUELS:
        if args.only and game not in args.only:
            continue
        result = duel(game, a, b, games=args.games, seed=args.seed, players=players, seconds=args.budget)
        p, lo, hi = result.interval()
        cells = []
        for who in ("a", "b"):
            times = result.times[who]
            median = statistics.median(times) * 1000 if times else 0.0
            cells.append(f"{median:.1f} / {quantile(times, 0.95) * 1000:.1f}")
        rate = f"{p:.1%} ({lo:.1%}–{hi:.1%})"
        print(f"| {game} | {players} | {a} vs {b} | {result.matches} | {rate} | {cells[0]} | {cells[1]} |", flush=True)


if __name__ == "__main__":
    main()
