"""How much skill Ur's Variante 1 leaves: ``python bench/bench_ur_v1.py [--games 2000]``.

Variante 1 is a race with little contact (captures only on B5-B7 between blue pieces), so it can be solved
exactly for one player alone: the expected number of turns to take all seven pieces off from each of the
1,184,040 positions of one side, under optimal play (about 40 s). The script then prints:

- the solo race: optimal play against uniformly random play, each side with its own dice, no contact;
  the share of races the optimal player finishes first (a tie goes to the starter, half the time);
- real games: always choosing the move with the best exact solo value, against ``random``;
- the same with the tables the agents use (:data:`games.ai.evaluate.LOOP_TURNS` and ``LOOP_MOBILITY``,
  fitted by least squares to the exact values, R² 0.9998), to show they play about as well.

These bound what any agent can reach against ``random``: even perfect racing leaves the finish to the
dice (the spread of one player's finishing time is about twice the average gap random play costs).
This prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games.ai.evaluate import LOOP_MOBILITY, LOOP_TURNS
from games.playout import exact_chance
from games.ur import loop

Side = tuple[int, ...]
SQUARES = (None, *(loop.square_of(0, p) for p in range(1, loop.OFF)), None)
THROWS = ((0, 3), (1, 3), (4, 1), (5, 1))
"""Points and weight (in eighths) of a throw."""


def solo_moves(side: Side, points: int) -> list[Side]:
    """The positions one side alone may reach with a throw (its own pieces still block each other)."""
    taken = {SQUARES[p] for p in side if 0 < p < loop.OFF}
    found = []
    for p in sorted(set(side)):
        to = loop.destination(p, points)
        if to is None or (to not in loop.SAFE and to != loop.OFF and SQUARES[to] in taken):
            continue
        pieces = list(side)
        pieces[pieces.index(p)] = to
        found.append(tuple(sorted(pieces)))
    return found


def solve() -> dict[Side, float]:
    """Expected turns still to end before all pieces are off, from each position, under optimal play.

    A move only moves pieces forward, so positions are solved from the most advanced down; a throw that no
    piece can use keeps the position (a 0 or 1 ends the turn, a 4 or 5 throws again).
    """
    states = sorted(itertools.combinations_with_replacement(range(loop.OFF + 1), loop.PIECES), key=sum, reverse=True)
    turns: dict[Side, float] = {}
    for side in states:
        if side[0] == loop.OFF:
            turns[side] = 0.0
            continue
        stay, rest = 0.0, 0.0
        for points, weight in THROWS:
            p = weight / 8
            ends = 1.0 if points in (0, 1) else 0.0
            options = solo_moves(side, points) if points else []
            if options:
                rest += p * (ends + min(turns[o] for o in options))
            else:
                stay += p
                rest += p * ends
        turns[side] = rest / (1 - stay)
    return turns


def solo_race(choose: Callable[[list[Side], random.Random], Side], rng: random.Random) -> int:
    """The turns one side alone takes to finish."""
    side: Side = (0,) * loop.PIECES
    ended = 0
    while True:
        points = rng.choices([t for t, _ in THROWS], weights=[w for _, w in THROWS])[0]
        options = solo_moves(side, points) if points else []
        if options:
            side = choose(options, rng)
        if side[0] == loop.OFF:
            return ended
        if points in (0, 1):
            ended += 1


def play(value: Callable[[Side], float], seed: int) -> float:
    """One real game: the chooser (best ``value`` after its move, captures first on a tie) against random."""
    rng = random.Random(f"v1:{seed}")
    chance = random.Random(f"v1:{seed}:chance")
    me = seed % 2
    state = loop.new_state()
    while state.outcome() is None:
        if state.is_chance():
            state = state.apply(exact_chance(state, chance))
            continue
        if state.turn != me:
            state = state.apply(rng.choice(list(state.legal_moves())))
            continue
        state = state.apply(best_move(state, me, value))
    outcome = state.outcome()
    assert outcome is not None
    return 1.0 if me in outcome.winners else 0.0


def best_move(state: loop.State, me: int, value: Callable[[Side], float]) -> loop.Move:
    """The move leaving ``me``'s pieces with the best ``value`` (a capture first on a tie)."""

    def after(move: loop.Move) -> tuple[float, bool]:
        pieces = list(state.pieces[me])
        pieces[pieces.index(move.frm)] = move.to
        return value(tuple(sorted(pieces))), state.is_capture(move)

    return max(state.legal_moves(), key=after)


def fitted(side: Side) -> float:
    """The turns ``side`` has saved by the agents' fitted tables (higher is better)."""
    movable = sum(1 for p in side if 0 < p < loop.ARRIVAL)
    return sum(LOOP_TURNS[p] for p in side) + LOOP_MOBILITY[movable]


def interval(wins: float, n: int) -> str:
    """A win rate with its 95 % Wilson interval."""
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return f"{p:.1%} (95% CI {centre - half:.1%}–{centre + half:.1%}), {n} games"


def main() -> None:
    """Solve, race and play; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    started = time.perf_counter()
    turns = solve()
    took = time.perf_counter() - started
    print(f"solved {len(turns)} positions in {took:.0f} s; from the start {turns[(0,) * 7]:.1f} turns")
    rng = random.Random(7)
    best = [solo_race(lambda options, r: min(options, key=turns.__getitem__), rng) for _ in range(args.games)]
    blind = [solo_race(lambda options, r: r.choice(options), rng) for _ in range(args.games)]
    first = sum((a < b) + 0.5 * (a == b) for a, b in zip(best, blind, strict=True))
    print(
        f"solo race: optimal {statistics.mean(best):.1f} turns (sd {statistics.pstdev(best):.1f}), "
        f"random {statistics.mean(blind):.1f} (sd {statistics.pstdev(blind):.1f}); "
        f"optimal finishes first in {interval(first, args.games)}"
    )
    exact = sum(play(lambda side: -turns[side], k) for k in range(args.games))
    print(f"real games, exact solo values vs random: {interval(exact, args.games)}")
    table = sum(play(fitted, k) for k in range(args.games))
    print(f"real games, fitted tables (LOOP_TURNS, LOOP_MOBILITY) vs random: {interval(table, args.games)}")


if __name__ == "__main__":
    main()
