"""How far search can lift Variante 1 against ``random``: ``python bench/bench_ur_v1_ceiling.py [--games 1000]``.

Plays fast seeded games on the compact rules of :mod:`games.ai.ur_loop` (the same moves as the engine,
checked by ``tests/games/test_ai_ur_loop.py``), with a fixed search depth instead of a clock so that a
loaded machine cannot change the figures. For each depth (throws searched after the move) it prints the
win rate against ``random`` of:

- ``minimax``: the ``strong`` search (the opponent is assumed to play its best);
- ``knows random``: the same search told the truth about the opponent, whose choices it averages as the
  uniform draw they are, the most a search of that depth can exploit ``random``.

If neither climbs with depth, the missing wins are in the dice, not in the search. This prints figures;
it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games.ai import ur_loop as U
from games.ai.duel import DuelResult

Side = tuple[int, ...]
Chooser = Callable[[Side, Side, int, Sequence[tuple[int, int]], random.Random], int]


def throw(rng: random.Random) -> int:
    """Points of one throw: 0 and 1 with 3/8 each, 4 and 5 with 1/8 each."""
    t = rng.randrange(8)
    return 0 if t < 3 else 1 if t < 6 else 4 if t == 6 else 5


def game(seed: int, agents: Sequence[Chooser]) -> int:
    """One game between two choosers (seat 0, seat 1); the winning seat."""
    rng = random.Random(f"v1:{seed}")
    own_rngs = [random.Random(f"v1:{seed}:{s}") for s in (0, 1)]
    pieces: list[Side] = [(0,) * U.PIECES, (0,) * U.PIECES]
    turn = rng.randrange(2)
    while True:
        points = throw(rng)
        options = U.moves(pieces[turn], pieces[1 - turn], points) if points else []
        if options:
            frm, to = options[agents[turn](pieces[turn], pieces[1 - turn], points, options, own_rngs[turn])]
            pieces[turn], pieces[1 - turn] = U.play(pieces[turn], pieces[1 - turn], frm, to)
            if pieces[turn][0] == U.OFF:
                return turn
        if points < 4:
            turn = 1 - turn


def random_chooser(mine: Side, theirs: Side, roll: int, options: Sequence[tuple[int, int]], rng: random.Random) -> int:
    """A legal move uniformly, as ``random`` does."""
    return rng.randrange(len(options))


def minimax_chooser(depth: int) -> Chooser:
    """The ``strong`` search at a fixed depth."""

    def choose(mine: Side, theirs: Side, roll: int, options: Sequence[tuple[int, int]], rng: random.Random) -> int:
        return U.choose(mine, theirs, roll, options, max_depth=depth, seconds=None)

    return choose


class _KnowsRandom(U.Searcher):
    """Expectimax where the opponent's decisions are averaged (it plays uniformly), the root's maximised."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[tuple[Side, Side, bool], tuple[int, float]] = {}

    def value(self, mine: Side, theirs: Side, depth: int, root: bool) -> float:
        if depth <= 0:
            return U.evaluate(mine, theirs, self.weights)
        key = (mine, theirs, root)
        known = self.seen.get(key)
        if known is not None and known[0] >= depth:
            return known[1]
        total = 0.0
        usable, stay, passed = U.throws(mine, theirs)
        for roll, chance, options in usable:
            values = [self.after(mine, theirs, roll, f, t, depth - 1, root) for f, t in options]
            total += chance * (max(values) if root else sum(values) / len(values))
        if passed:
            total -= passed * self.value(theirs, mine, depth - 1, not root)
        result = total / (1 - stay)
        self.seen[key] = (depth, result)
        return result

    def after(self, mine: Side, theirs: Side, roll: int, frm: int, to: int, depth: int, root: bool) -> float:
        own, other = U.play(mine, theirs, frm, to)
        if own[0] == U.OFF:
            return 1.0
        if roll >= 4:
            return self.value(own, other, depth, root)
        return -self.value(other, own, depth, not root)


def knows_random_chooser(depth: int) -> Chooser:
    """The search told that the opponent plays uniformly at random."""

    def choose(mine: Side, theirs: Side, roll: int, options: Sequence[tuple[int, int]], rng: random.Random) -> int:
        search = _KnowsRandom()
        values = [search.after(mine, theirs, roll, f, t, depth, True) for f, t in options]
        return values.index(max(values))

    return choose


def rate(chooser: Chooser, games: int) -> tuple[float, float, float]:
    """Win rate of ``chooser`` against ``random`` (seats alternating) with its 95 % Wilson interval."""
    wins = 0
    for k in range(games):
        seat = k % 2
        agents = [chooser, random_chooser] if seat == 0 else [random_chooser, chooser]
        wins += game(k, agents) == seat
    return DuelResult(matches=games, score_a=wins).interval()


def main() -> None:
    """Print the win rates by depth."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--depths", default="0,1,2")
    args = parser.parse_args()
    for depth in (int(d) for d in args.depths.split(",")):
        for name, make in (("minimax", minimax_chooser), ("knows random", knows_random_chooser)):
            started = time.perf_counter()
            p, lo, hi = rate(make(depth), args.games)
            took = time.perf_counter() - started
            print(
                f"depth {depth} {name:12s}: {p:.1%} (95% CI {lo:.1%}-{hi:.1%}), {args.games} games, {took:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
