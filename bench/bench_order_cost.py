"""What Ursuppe's standing orders cost in win rate: ``python bench/bench_order_cost.py [--players 4]
[--matches 60] [--first 0] [--budget S] [--bare] [--only KIND]``.

Issue 36, item 3. The ``easy`` AI plays every seat; one seat keeps the orders a sensible member keeps
(:data:`kept_orders.KEPT`: drift, the usual meal, defects in BP, a chosen few genes bought when on offer and no
other (eight genes from 5 players: :data:`kept_orders.FROM`), divide whenever it can up to 7 amoebas, never
Aggression, the usual move, with their stops; ``--only`` also finds the orders tried and not kept,
:data:`kept_orders.TRIED`), played by the game's book of orders exactly as the order stand-in plays them
(:meth:`bot.app.orders.base.OrderBook.decide`, a stop that defers included): where an order applies and no stop
fires, its move replaces the AI's. The ordered seat goes round the table from match to match.

Two figures, as ``bench_autopilot.py`` measures the autopilot's cost:

- **the whole match's**: each match is replayed on the same dice and players with the orders off from the first
  decision they changed (:func:`bench_autopilot.paired_match`); the paired difference of the ordered seat's
  results (with − without; the cost is its opposite);
- **the judge's**: at each decision where the order's move differs from the AI's own, the seat's winning chance
  after the AI's move minus after the order's, both judged on the same position
  (:func:`games.ai.choice.choice_matters`, the autopilot's check), summed over a match: far tighter, and split
  by the order that played.

Printed: matches, the ordered seat's score (95 % Wilson interval; a fair share is 1/players), the paired
difference, the judge's cost per match (both in points with 95 % intervals), and per order: decisions played,
those that differed from the AI's, their judged cost per match, stops that fired. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_autopilot import interval, paired_match, wilson
from kept_orders import kept_as, kept_orders

from bot.app.orders import Order, OrderBook, book_for
from games import find_game
from games.ai import make_agent
from games.ai.choice import choice_matters
from games.base import GameState


class Tally:
    """What the orders did over the matches, by order kind."""

    def __init__(self) -> None:
        self.played: Counter[str] = Counter()
        self.differed: Counter[str] = Counter()
        self.cost: Counter[str] = Counter()
        """Judged cost by kind, summed over every match (winning chance, 1 = 100 points)."""
        self.stops: Counter[str] = Counter()
        self.unjudged = 0


def deciding(book: OrderBook, orders: tuple[Order, ...], state: GameState, seat: int) -> tuple[Any, str, str]:
    """The move the orders play (None: ask), the kind of the order that decided (``""``: none applied) and the
    stop that fired (``""``: none), as :meth:`OrderBook.decide` finds them (a stop that defers hands the decision
    to the order it names, which is then the one that decided)."""
    move, stop, kind = book.decider(orders, state, seat)
    return move, kind or "", stop or ""


def play(players: int, seed: int, seat: int, orders: tuple[Order, ...], tally: Tally) -> tuple[float, float, float]:
    """One match, ``seat`` keeping ``orders``: its share, its share with the orders off from the first decision
    they changed (the same dice and players), and the judge's cost of the orders' moves over the match."""
    info = find_game("ursuppe")
    assert info is not None
    book = book_for(info.id)
    assert book is not None
    agents = [make_agent(info.id, "easy", players=players) for _ in range(players)]
    chance = random.Random(f"orders:{seed}:chance")
    rngs = [random.Random(f"orders:{seed}:seat:{s}") for s in range(players)]
    cost = 0.0

    def order(state: GameState, moves: list[Any], own: Any) -> Any:
        nonlocal cost
        move, kind, stop = deciding(book, orders, state, seat)
        if stop:
            tally.stops[f"{kind}.{stop}"] += 1
        if move is None:
            return own
        tally.played[kind] += 1
        if move != own:
            tally.differed[kind] += 1
            spread = choice_matters(info, state, seat, seed=f"{seed}", seconds=None)
            if spread is None:
                tally.unjudged += 1
            else:
                lost = spread.chances[spread.moves.index(own)] - spread.chances[spread.moves.index(move)]
                tally.cost[kind] += lost
                cost += lost
        return move

    with_it, without = paired_match(info, info.new(players, {}), chance, rngs, agents, seat, order)
    return with_it, with_it if without is None else without, cost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="the first match's number (its seeds)")
    parser.add_argument("--budget", type=float, help="stop after this many seconds (whole matches)")
    parser.add_argument("--bare", action="store_true", help="the orders without their stops")
    parser.add_argument("--only", help="only the order of this kind (drift, feed, pay, genes, grow, divide …)")
    args = parser.parse_args()
    # The set kept at this number of players; with --only, any order measured (a kind not kept here included),
    # with its values at this number of players.
    only = args.only is not None
    if only:
        kept = tuple(kept_as("ursuppe", o, args.players) or o for o in kept_orders("ursuppe", args.bare, tried=True))
    else:
        kept = kept_orders("ursuppe", args.bare, players=args.players)
    orders = tuple(o for o in kept if args.only is None or o.kind == args.only)
    began = time.perf_counter()
    tally = Tally()
    score, diffs, judged = 0.0, [], []
    for i in range(args.first, args.first + args.matches):
        if args.budget is not None and time.perf_counter() - began > args.budget:
            break
        with_it, without, cost = play(args.players, i, i % args.players, orders, tally)
        score += with_it
        diffs.append(with_it - without)
        judged.append(cost)
    n = len(diffs)
    p, lo, hi = wilson(score, n)
    mean, half = interval(diffs)
    cost, spread = interval(judged)
    print(
        f"ursuppe {args.players} players (easy AI; orders {', '.join(o.kind for o in orders)}"
        f"{' without stops' if args.bare else ''} on one seat): {n} matches, score {100 * p:.1f} % "
        f"[{100 * lo:.1f}, {100 * hi:.1f}] (fair {100 / args.players:.1f}), with - without {100 * mean:+.1f} "
        f"[{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] points; judge's cost {100 * cost:.2f} "
        f"[{100 * (cost - spread):.2f}, {100 * (cost + spread):.2f}] points a match ({tally.unjudged} unjudged); "
        f"{time.perf_counter() - began:.0f} s"
    )
    for o in orders:
        k = o.kind
        stops = [f"{s.split('.')[1]} {c}" for s, c in sorted(tally.stops.items()) if s.startswith(k + ".")]
        print(
            f"  {k:<10} played {tally.played[k]:>6} ({tally.played[k] / max(n, 1):.1f} a match), differed "
            f"{tally.differed[k]:>5}, judged cost {100 * tally.cost[k] / max(n, 1):+.2f} points a match; stops "
            + (", ".join(stops) or "-")
        )


if __name__ == "__main__":
    main()
