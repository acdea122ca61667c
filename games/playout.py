"""Seeded random play, for tests and benchmarks: chance by its probabilities, decisions uniformly.

The match service never uses this (it samples chance with :func:`bot.app.matches.sample_chance`); it exists so
every test and benchmark that plays random games draws the same way from a ``random.Random`` it owns.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from games.base import GameState


def random_step(state: GameState, rng: random.Random) -> Any:
    """One move for ``state``: a chance outcome drawn by its probability, or a legal decision drawn uniformly."""
    if state.is_chance():
        outcomes = state.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
    return rng.choice(state.legal_moves())


def exact_chance(state: GameState, rng: random.Random) -> Any:
    """A chance outcome drawn exactly by its probability: a ticket among the common denominator, no floats.

    Raises:
        ValueError: the probabilities of ``state.chance_outcomes()`` sum below 1.
    """
    outcomes = state.chance_outcomes()
    denominator, bounds = _tickets(outcomes)
    ticket = rng.randrange(denominator)
    if not bounds or ticket >= bounds[-1]:
        raise ValueError(f"chance probabilities sum below 1 in {state.to_text()}")
    # The first outcome whose tickets reach past the drawn one.
    return outcomes[bisect.bisect_right(bounds, ticket)][0]


_last: tuple[Any, int, tuple[int, ...]] = ((), 1, ())
"""The last distribution drawn from (held, so that its identity is not reused), its denominator and the ticket
each outcome's share ends before: a node sampled again and again (a dice test, a deal listed once per state) is
counted once."""


def _tickets(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[int, tuple[int, ...]]:
    global _last
    last = _last
    if last[0] is outcomes:
        return last[1], last[2]
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    bounds = tuple(itertools.accumulate(p.numerator * (denominator // p.denominator) for _, p in outcomes))
    _last = (outcomes, denominator, bounds)
    return denominator, bounds
