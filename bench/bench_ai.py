"""Strength and speed of the AI players: ``python bench/bench_ai.py [--games 200] [--budget 0.2]``.

Plays the issue's benchmark duels (``strong`` against ``random`` and against ``easy`` in every two-player
rule set; Ursuppe with one ``strong`` seat against three ``random`` ones) and prints a Markdown table of
A's win rate with its 95 % interval and the decision times of each side. ``--budget`` gives the searching
levels a shorter time per decision (the machine is shared); ``--only`` restricts to some games (``ur:v3``)
and ``--against`` to some opponents (``random``); ``--iterations`` replaces the clock by the search's own
fixed budget (Ur's depth, Ultima-Tek's beam, playouts), so a loaded machine plays the same matches, and
``--cpu`` times each decision by the CPU it took instead of the wall clock (what a quiet machine would see).

``--scripted`` plays instead the simple scripted players of :mod:`games.ai.scripted` (10 seeded matches
each, the scripted player in one seat, rotating, the strong AI in every other) and prints how many each
won outright and the strong side's decision times.

This prints figures; it asserts nothing. Targets: strong beats random in at least 95 % of two-player
games (Ur Variante 1: 85 %, the dice) and easy in at least 70 %; a strong Ursuppe seat wins at least 50 %
against three random seats; no scripted player wins 3 of its 10 matches; a strong decision takes at most
1 s at the 95th percentile at full budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games.ai import make_agent
from games.ai.duel import duel, parse_game, play_match, quantile
from games.ai.scripted import SCRIPTED

DUELS = [
    (game, 2, "strong", opponent)
    for game in ("ur:v2", "ur:v1", "ur:ravensburger", "ur:v3", "subulata", "ultimatek")
    for opponent in ("random", "easy")
] + [("ursuppe", 4, "strong", "random")]


def scripted(games: int, budget: float | None, only: list[str] | None) -> None:
    """Each scripted player against the strong AI in every game it fits: its outright wins."""
    print("| scripted | game | players | matches | scripted wins | strong p50 / p95 ms |")
    print("|---|---|---|---|---|---|")
    for name, (factory, fits) in SCRIPTED.items():
        for game in fits:
            if only and game not in only:
                continue
            info, options = parse_game(game)
            players = max(2, info.min_players)
            strong = make_agent(info.id, "strong", seconds=budget, players=players)
            won = 0
            times: list[float] = []
            for k in range(games):
                seat = k % players
                agents = [factory() if s == seat else strong for s in range(players)]
                clock: list[list[float]] = [[] for _ in range(players)]
                shares = play_match(info, options, agents, 35_000 + k, clock)
                won += shares[seat] == 1.0
                times += [t for s in range(players) if s != seat for t in clock[s]]
            median = statistics.median(times) * 1000 if times else 0.0
            cells = f"{median:.1f} / {quantile(times, 0.95) * 1000:.1f}"
            print(f"| {name} | {game} | {players} | {games} | {won} | {cells} |", flush=True)


def main() -> None:
    """Run the duels and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=None, help="seconds per searching decision")
    parser.add_argument("--only", nargs="*", default=None, help="game ids to run (ur:v2 ursuppe ...)")
    parser.add_argument("--scripted", action="store_true", help="the scripted players instead (10 matches each)")
    parser.add_argument("--against", nargs="*", default=None, help="opponents to run (random easy; default both)")
    parser.add_argument("--iterations", type=int, default=None, help="a clock-free budget instead of seconds")
    parser.add_argument("--cpu", action="store_true", help="time the decisions by their CPU, not the wall clock")
    args = parser.parse_args()
    if args.scripted:
        scripted(10 if args.games == 200 else args.games, args.budget, args.only)
        return
    print("| game | players | A vs B | games | A wins (95 % CI) | A p50 / p95 ms | B p50 / p95 ms |")
    print("|---|---|---|---|---|---|---|")
    for game, players, a, b in DUELS:
        if (args.only and game not in args.only) or (args.against and b not in args.against):
            continue
        result = duel(
            game,
            a,
            b,
            games=args.games,
            seed=args.seed,
            players=players,
            seconds=args.budget,
            iterations=args.iterations,
            clock=time.process_time if args.cpu else time.perf_counter,
        )
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
