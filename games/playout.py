"""Seeded random play, for tests and benchmarks: chance by its probabilities, decisions uniformly.

The match service never uses this (it samples chance with :func:`bot.app.matches.sample_chance`); it exists so
every test and benchmark that plays random games draws the same way from a ``random.Random`` it owns.
"""

from __future__ import annotations

import math
import random
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
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    for outcome, p in outcomes:
        weight = p.numerator * (denominator // p.denominator)
        if ticket < weight:
            return outcome
        ticket -= weight
    raise ValueError(f"chance probabilities sum below 1 in {state.to_text()}")
