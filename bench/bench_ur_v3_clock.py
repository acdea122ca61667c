"""Where a strong Variante 3 decision's wall time goes: ``python bench/bench_ur_v3_clock.py``.

Plays the strong level at its real budget (``STRONG_SECONDS``, or ``--budget``) against ``random`` or a
scripted player (``--against motif-first``), seeded as ``python -m games.ai duel`` seeds its matches (match
``k`` of seed ``S`` is seeded ``S * 100003 + k``, the strong seat ``k % 2``), and logs each decision it
searched: its wall time and CPU, the budget, the depths finished and how long each took, the depth the
clock cut and how late the search noticed, and the time spent around the search (before it began and after
it answered). It prints the load average before and after, the result, p50 / p95 / max of the wall time,
how many decisions passed 1 s, the depths reached, and the slowest decisions with the step that overran:
``setup`` (the moves judged as they stand), ``depth k`` (the first depth running past the budget, or a
depth cut late), ``around`` (outside the search). ``--lost`` lists the lost matches' seeds and seats (to
replay them with ``bench/bench_ur_v3_ceiling.py``'s ways). ``--log FILE`` writes one JSON line a decision.
This prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games.ai import STRONG_SECONDS, Agent, SearchAgent, make_agent
from games.ai.duel import DuelResult, parse_game, play_match, quantile
from games.ai.scripted import SCRIPTED
from games.ai.search import Budget, Deepening
from games.ur import motifs

GAME = "ur:v3"
TARGET = 1.0
"""The wall time a strong decision should stay under at the 95th percentile, in seconds."""


@dataclass(slots=True)
class Logged:
    """The strong agent, each decision it searched timed and joined to its search's :class:`Deepening`."""

    budget: float
    cpu_clock: bool = False
    rows: list[dict[str, Any]] = field(default_factory=list)
    match: int = 0
    found: list[Deepening] = field(default_factory=list)
    agent: SearchAgent = field(init=False)

    def __post_init__(self) -> None:
        clock = time.process_time if self.cpu_clock else time.perf_counter
        self.agent = SearchAgent("ur", "strong", Budget(seconds=self.budget, clock=clock, record=self.found.append))

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The strong level's move, its decision logged when it searched (more than one legal move)."""
        self.found.clear()
        wall, cpu = time.perf_counter(), time.process_time()
        move = self.agent.choose(view, legal_moves, rng)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if self.found:
            deepening = self.found[-1]
            placing = isinstance(view, motifs.State) and view.placing
            row = {"match": self.match, "placing": placing, "moves": len(legal_moves), "wall": wall, "cpu": cpu}
            row |= asdict(deepening) | {"around": wall - deepening.elapsed}
            self.rows.append(row)
        return move


def spread(values: list[float], digits: int = 0) -> str:
    """p50, p95 and max of ``values`` (seconds) in milliseconds."""
    p50, p95 = statistics.median(values), quantile(values, 0.95)
    return f"p50 {p50 * 1000:.{digits}f} ms, p95 {p95 * 1000:.{digits}f} ms, max {max(values) * 1000:.{digits}f} ms"


def overran(row: dict[str, Any]) -> str:
    """The step that took the decision past its budget: outside the search, the setup, or a depth."""
    budget = row["seconds"]
    if row["wall"] <= budget:
        return "within the budget"
    if row["around"] > row["wall"] - budget:
        return "around"
    if row["setup"] > budget:
        return "setup"
    if row["depths"] and row["setup"] + row["depths"][0] > budget:
        return "depth 1 (the floor)"
    if row["stopped"]:
        return f"depth {row['stopped']} cut {row['late'] * 1000:+.0f} ms from its deadline"
    return "after the last depth"


def main() -> None:
    """Play the matches and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--budget", type=float, default=STRONG_SECONDS, help="seconds per strong decision")
    parser.add_argument("--against", default="random", choices=["random", "easy", *SCRIPTED])
    parser.add_argument("--slowest", type=int, default=10, help="the slowest decisions to print")
    parser.add_argument(
        "--cpu-clock", action="store_true", help="the search reads its CPU time, not the wall (steps without the load)"
    )
    parser.add_argument("--lost", action="store_true", help="list the lost matches (seed, strong seat)")
    parser.add_argument("--log", type=Path, default=None, help="write one JSON line per decision here")
    args = parser.parse_args()
    info, options = parse_game(GAME)
    if args.against in SCRIPTED:
        factory, fits = SCRIPTED[args.against]
        assert GAME in fits, f"{args.against} does not play {GAME}"
        other: Agent = factory()
    else:
        other = make_agent("ur", args.against)
    strong = Logged(args.budget, args.cpu_clock)
    load_before = os.getloadavg()
    won = 0.0
    lost: list[tuple[int, int]] = []
    for k in range(args.games):
        seat = k % 2
        strong.match = args.seed * 100_003 + k
        agents = [strong if s == seat else other for s in range(2)]
        shares = play_match(info, options, agents, strong.match, [[], []])
        won += shares[seat]
        if shares[seat] < 1.0:
            lost.append((strong.match, seat))
    load_after = os.getloadavg()
    rows = strong.rows
    walls = [r["wall"] for r in rows]
    cpus = [r["cpu"] for r in rows]
    clock = "CPU" if args.cpu_clock else "wall"
    print(f"{GAME}: strong ({args.budget} s of {clock}) vs {args.against}, {args.games} matches, seed {args.seed}")
    print(
        f"load average (1 / 5 min) before {load_before[0]:.1f} / {load_before[1]:.1f}, "
        f"after {load_after[0]:.1f} / {load_after[1]:.1f}"
    )
    rate, low, high = DuelResult(args.games, won).interval()
    print(f"strong scores {won:g} of {args.games}: {rate:.1%} (95 % CI {low:.1%}–{high:.1%}); lost {len(lost)}")
    if args.lost:
        print("lost (match seed, strong seat): " + ", ".join(f"{m} {s}" for m, s in lost))
    if not rows:
        return
    over = sum(w > TARGET for w in walls)
    print(f"{len(rows)} decisions: wall {spread(walls)}; over {TARGET:g} s: {over}; CPU {spread(cpus)}")
    lates = [r["late"] for r in rows if r["stopped"]]
    if lates:
        print(f"cut by the clock: {len(lates)}; stopped past the deadline by {spread(lates, 1)}")
    print(f"around the search: {spread([r['around'] for r in rows], 1)}")
    for placing in (True, False):
        depths = Counter(len(r["depths"]) for r in rows if r["placing"] == placing)
        kind = "placements" if placing else "moves"
        print(f"depths finished, {kind}: " + ", ".join(f"{d}: {n}" for d, n in sorted(depths.items())))
    print(f"longest wait between two clock readings, per decision: {spread([r['widest'] for r in rows], 1)}")
    print("slowest decisions (wall, CPU, budget, depths finished in ms, what overran):")
    for r in sorted(rows, key=lambda r: -r["wall"])[: args.slowest]:
        times = "/".join(f"{t * 1000:.0f}" for t in r["depths"])
        print(
            f"  match {r['match']} {'placing' if r['placing'] else 'moving'} ({r['moves']} moves): "
            f"{r['wall'] * 1000:.0f} ms, CPU {r['cpu'] * 1000:.0f}, budget {r['seconds'] * 1000:.0f}, "
            f"setup {r['setup'] * 1000:.0f}, depths {times or '-'}, longest wait {r['widest'] * 1000:.0f}; "
            f"{overran(r)}"
        )
    if args.log is not None:
        with args.log.open("w") as out:
            for r in rows:
                out.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
