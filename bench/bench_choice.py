"""The time of one "ask only when it matters" check: ``python bench/bench_choice.py [--games N] [--seed S]``.

The check (:func:`games.ai.choice.choice_matters`, with the bot's caps: :data:`~games.ai.choice.MAX_CALLS` judge
calls and :data:`~games.ai.choice.SECONDS`) runs inside the transaction of the move that made a member's seat the
one to act, so it must stay well under 100 ms. Per game and rule set: ``--games`` seeded games of random play, one
check at every decision of two legal moves or more; printed: checks, median, p95 and max time in ms, checks cut
by a cap (the member is then asked), and checks that found every move within 1 point. Timings depend on the
machine and its load: the figures say on what. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from bench_autopilot import TABLES

from games import find_game
from games.ai.choice import MAX_CALLS, SECONDS, choice_matters
from games.playout import exact_chance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"caps: {MAX_CALLS} judge calls, {1000 * SECONDS:.0f} ms; random play, {args.games} games each; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"{'game':<10} {'checks':>7} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'capped':>7} {'within 1':>8}")
    for label, game_id, options, players in TABLES:
        info = find_game(game_id)
        rng = random.Random(f"{args.seed}:{label}")
        times: list[float] = []
        capped = within = 0
        for _ in range(args.games):
            state = info.new(players, info.validate_options(options))
            for _ in range(info.max_plies):
                if state.outcome() is not None:
                    break
                if state.is_chance():
                    state = state.apply(exact_chance(state, rng))
                    continue
                actors = state.actors()
                if len(actors) == 1 and len(state.legal_moves(actors[0])) > 1:
                    began = time.perf_counter()
                    spread = choice_matters(info, state, actors[0])
                    times.append(time.perf_counter() - began)
                    capped += spread is None
                    within += spread is not None and spread.within(1)
                state = state.apply(rng.choice(state.legal_moves(actors[0])))
        times.sort()
        if not times:
            continue
        print(
            f"{label:<10} {len(times):>7} {1000 * times[len(times) // 2]:>7.1f} "
            f"{1000 * times[int(0.95 * (len(times) - 1))]:>7.1f} {1000 * times[-1]:>7.1f} {capped:>7} {within:>8}"
        )


if __name__ == "__main__":
    main()
