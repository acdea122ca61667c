"""What the standing order "end my bonus phase" costs in win rate: ``python bench/bench_bonus_order.py
[--matches 40] [--first 0] [--budget S]``.

A two-turn Ultima-Tek plan names its second turn's actions only; the rest of that turn, its bonus phase, is left
to the order a member keeps from the plan form ("end my bonus phase": the ``bonuses`` order with no kind kept
back, which asks when a rival's face-down bonus shares a hex with a piece of theirs). A member who keeps it places
no bonus in any bonus phase of theirs it reaches. Here the ``easy`` AI (the level the plan form offers turns with)
plays both seats; one seat keeps the order for the whole match, as a member who leaves a plan after every answer
effectively does (the order stays until cancelled), and the seats alternate from match to match. Each match is
played again on the same dice with the order off from the first bonus phase it ended (the rest by the AI alone),
so the paired difference of the results is the cost, with far less noise than the win rate alone.

**The judge's figure**, far tighter, as ``bench/bench_autopilot.py`` reads the autopilot's: at each decision the
order played where the AI would have placed a bonus, the ordered seat's winning chance after the AI's own choice
minus after ending the phase, both judged on the same position from the seat's own knowledge (its rival's
secrets dealt again, one deal shared by both moves, as the autopilot's check judges them: :mod:`games.ai.choice`),
summed over a match: what the order cost that match, by the judge.

Printed: matches, the ordered seat's score (95 % Wilson interval), the paired difference in points of win rate
(with − without; the cost is its opposite; mean and 95 % interval), the judge's cost per match (mean and 95 %
interval) and per decision it changed, bonus phases the order ended and those it changed (the AI would have
placed a bonus), stops that fired. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_autopilot import interval, paired_match, wilson

from bot.app.orders import book_for
from bot.app.plans.ultimatek import END_BONUS_PHASE
from games import find_game
from games.ai import make_agent, odds
from games.ai.choice import SAMPLES
from games.base import GameInfo, GameState


def judged(info: GameInfo, state: GameState, seat: int, move: Any, deal: int) -> float:
    """``seat``'s winning chance after ``move`` from its own knowledge (the deal ``deal`` of its rival's
    secrets), as the autopilot's check judges a move."""
    return odds.win_chances_for(info, state.apply(move), seat, random.Random(deal), SAMPLES)[seat]


def play(seed: int, seat: int, counts: dict[str, int], costs: list[float]) -> tuple[float, float]:
    """One match, ``seat`` keeping the order: its share, and its share with the order off from the first bonus
    phase the order changed (the same dice and players); the judge's cost of the match is added to ``costs``."""
    info = find_game("ultimatek")
    assert info is not None
    book = book_for(info.id)
    assert book is not None
    agents = [make_agent(info.id, "easy") for _ in range(2)]
    chance = random.Random(f"order:{seed}:chance")
    rngs = [random.Random(f"order:{seed}:seat:{s}") for s in range(2)]
    cost = 0.0

    def order(state: GameState, moves: list[Any], own: Any) -> Any:
        nonlocal cost
        ordered, stop = book.decide((END_BONUS_PHASE,), state, seat)
        if stop is not None:
            counts["stopped"] += 1
        if ordered is None:
            return own
        counts["ended"] += 1
        if ordered != own:
            counts["changed"] += 1
            deal = random.Random(f"order:{seed}:judge:{counts['changed']}").getrandbits(32)
            cost += judged(info, state, seat, own, deal) - judged(info, state, seat, ordered, deal)
        return ordered

    with_it, without = paired_match(info, info.new(2, {}), chance, rngs, agents, seat, order)
    costs.append(cost)
    return with_it, with_it if without is None else without


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first match's number (its seeds)")
    parser.add_argument("--budget", type=float, help="stop after this many seconds (whole matches)")
    args = parser.parse_args()
    began = time.perf_counter()
    counts = {"ended": 0, "changed": 0, "stopped": 0}
    score, diffs, costs = 0.0, [], []
    for i in range(args.first, args.first + args.matches):
        if args.budget is not None and time.perf_counter() - began > args.budget:
            break
        with_it, without = play(i, i % 2, counts, costs)
        score += with_it
        diffs.append(with_it - without)
    n = len(diffs)
    p, lo, hi = wilson(score, n)
    mean, half = interval(diffs)
    cost, spread = interval(costs)
    each = sum(costs) / counts["changed"] if counts["changed"] else 0.0
    print(
        f"ultimatek (easy, order 'end my bonus phase' on one seat): {n} matches, score {100 * p:.1f} % "
        f"[{100 * lo:.1f}, {100 * hi:.1f}], with - without {100 * mean:+.1f} [{100 * (mean - half):+.1f}, "
        f"{100 * (mean + half):+.1f}] points; judge's cost {100 * cost:.2f} [{100 * (cost - spread):.2f}, "
        f"{100 * (cost + spread):.2f}] points a match, {100 * each:.3f} a decision it changed; "
        f"bonus phases ended {counts['ended']}, "
        f"{counts['changed']} of them where the AI would have placed a bonus; stops {counts['stopped']}; "
        f"{time.perf_counter() - began:.0f} s"
    )


if __name__ == "__main__":
    main()
