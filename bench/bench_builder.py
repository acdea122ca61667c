"""Benchmark of the move builder: time to build the whole step tree of a position, per game.

Run on demand, from the repository root: ``python bench/bench_builder.py``. Every pick in the builder
rebuilds the tree from the position (the component id holds only the path), as does every turn post and
every autocomplete keystroke, so this is the builder's whole cost per interaction. It plays seeded random
games of every game and rule set and prints, per game, the positions measured, the largest number of
legal moves met, and the mean and worst build time. Target: well under 50 ms per build on the 2-core
test machine, so a pick answers far within Discord's 3-second window.
"""

from __future__ import annotations

import random
import sys
import time
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import GAMES
from games.builder import build, steps
from games.playout import random_step

TARGET_MS = 50.0


def main() -> None:
    """Measure and print one line per game and rule set."""
    print(f"{'game':<28} {'positions':>9} {'max moves':>9} {'max steps':>9} {'mean ms':>8} {'worst ms':>8}")
    for info in GAMES:
        names = [o.name for o in info.options]
        for values in product(*(o.choices for o in info.options)):
            options = dict(zip(names, values, strict=True))
            players = info.max_players
            rng = random.Random(f"bench:{info.id}:{values}")
            state = info.new(players, options)
            times: list[float] = []
            widest = deepest = 0
            for _ in range(600):
                if state.outcome() is not None:
                    break
                if not state.is_chance():
                    for seat in state.actors():
                        start = time.perf_counter()
                        root = build(info, state, seat)
                        times.append((time.perf_counter() - start) * 1000)
                        widest = max(widest, len(state.legal_moves(seat)))
                        deepest = max(deepest, sum(1 for _ in steps(root)) if root else 0)
                state = state.apply(random_step(state, rng))
            label = f"{info.id} {' '.join(values)}".strip()
            mean = sum(times) / len(times)
            flag = "" if max(times) < TARGET_MS else "  (over target)"
            print(f"{label:<28} {len(times):>9} {widest:>9} {deepest:>9} {mean:>8.2f} {max(times):>8.2f}{flag}")


if __name__ == "__main__":
    main()
