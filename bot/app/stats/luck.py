"""Dice against expectation, and the chance of a run that unlucky (or that lucky).

A member's rolls over many matches are independent draws, each from its own distribution of whole numbers (Ur's
four binary dice: 0 to 4 with weights 1, 4, 6, 4, 1; a draw without replacement, such as a shuffled set-up, is
one roll whose distribution is that of the whole deal, :func:`drawn_sum`). Their total ``S`` is compared with its
expectation, and the chance of a total at least that far on the same side is ``P(S <= s)`` below the
expectation (``P(S >= s)`` above).

That tail is computed with the saddlepoint approximation of Lugannani and Rice, with Daniels's continuity correction
for sums on a lattice of span one: with ``K`` the cumulant generating function of ``S`` (the sum of each roll's),
``t`` solving ``K'(t) = s - 1/2`` (right tail), ``w = sign(t) sqrt(2 (t (s - 1/2) - K(t)))`` and
``u = 2 sinh(t / 2) sqrt(K''(t))``, ``P(S >= s) ~ 1 - Phi(w) + phi(w) (1/u - 1/w)``. Its relative error stays within
a few per cent far into the tail, where a normal approximation is off by orders of magnitude;
``bench/bench_luck.py`` checks it against the exact distribution and a simulation. A total at the edge of what
the dice can give is computed exactly, and one at the expectation falls back to the continuity-corrected normal.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Final

Distribution = tuple[tuple[int, Fraction], ...]
"""One roll's outcomes: (value, probability), values whole numbers, probabilities summing to one."""
NEAR_MEAN: Final = 1e-6
"""Below this |t| the saddlepoint formula loses its digits: the normal approximation is used there."""


@dataclass(slots=True)
class Tally:
    """A member's rolls in one game: how many of each distribution, and the total they showed."""

    rolls: Counter[Distribution] = field(default_factory=Counter)
    total: int = 0

    def add(self, distribution: Distribution, value: int) -> None:
        """Count one roll that showed ``value``."""
        self.rolls[distribution] += 1
        self.total += value

    @property
    def count(self) -> int:
        """How many rolls."""
        return sum(self.rolls.values())

    @property
    def expected(self) -> float:
        """The total the rolls give on average."""
        return sum(n * float(sum(v * p for v, p in d)) for d, n in self.rolls.items())


def _moments(parts: Mapping[Distribution, int], t: float) -> tuple[float, float, float]:
    """``K(t)``, ``K'(t)`` and ``K''(t)`` of the sum of ``parts`` (each distribution with its count)."""
    k0 = k1 = k2 = 0.0
    for dist, n in parts.items():
        top = max(t * v for v, _ in dist)
        weights = [(v, float(p) * math.exp(t * v - top)) for v, p in dist]
        z = sum(w for _, w in weights)
        mean = sum(v * w for v, w in weights) / z
        second = sum(v * v * w for v, w in weights) / z
        k0 += n * (top + math.log(z))
        k1 += n * mean
        k2 += n * (second - mean * mean)
    return k0, k1, k2


def _phi(x: float) -> float:
    return math.exp(-x * x / 2) / math.sqrt(2 * math.pi)


def _upper(x: float) -> float:
    """``1 - Phi(x)`` without cancellation."""
    return 0.5 * math.erfc(x / math.sqrt(2))


def right_tail(parts: Mapping[Distribution, int], s: int) -> float:
    """``P(S >= s)`` for ``S`` the sum of independent rolls, ``parts`` giving how many of each distribution."""
    low = sum(n * min(v for v, _ in d) for d, n in parts.items())
    high = sum(n * max(v for v, _ in d) for d, n in parts.items())
    if s <= low:
        return 1.0
    if s > high:
        return 0.0
    if s == high:
        # Every roll at its highest: exact.
        return math.exp(sum(n * math.log(float(dict(d)[max(v for v, _ in d)])) for d, n in parts.items()))
    x = s - 0.5
    _, mean, variance = _moments(parts, 0.0)
    # K' increases with t: bisection between bounds that bracket x.
    lo, hi = -1.0, 1.0
    while _moments(parts, lo)[1] > x:
        lo *= 2
    while _moments(parts, hi)[1] < x:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if _moments(parts, mid)[1] < x:
            lo = mid
        else:
            hi = mid
    t = (lo + hi) / 2
    if abs(t) < NEAR_MEAN:
        return _upper((x - mean) / math.sqrt(variance))
    k0, _, k2 = _moments(parts, t)
    w = math.copysign(math.sqrt(max(0.0, 2 * (t * x - k0))), t)
    u = 2 * math.sinh(t / 2) * math.sqrt(k2)
    if abs(w) < NEAR_MEAN:
        return _upper((x - mean) / math.sqrt(variance))
    return min(1.0, max(0.0, _upper(w) + _phi(w) * (1 / u - 1 / w)))


def mirrored(parts: Mapping[Distribution, int]) -> dict[Distribution, int]:
    """The same rolls with every value negated (a left tail of ``S`` is a right tail of ``-S``)."""
    return {tuple(sorted((-v, p) for v, p in d)): n for d, n in parts.items()}


def left_tail(parts: Mapping[Distribution, int], s: int) -> float:
    """``P(S <= s)``."""
    return right_tail(mirrored(parts), -s)


@dataclass(frozen=True, slots=True)
class Luck:
    """A member's dice in one game against expectation: ``chance`` is the probability of a total at least this far
    from the expectation on the same side (``unlucky``: below it)."""

    rolls: int
    total: int
    expected: float
    unlucky: bool
    chance: float
    matches: int = 0
    """How many matches the rolls come from."""


def luck_of(tally: Tally, matches: int = 0) -> Luck:
    """How the rolls of ``tally`` (from ``matches`` matches) compare with expectation."""
    expected = tally.expected
    unlucky = tally.total < expected
    parts = dict(tally.rolls)
    chance = left_tail(parts, tally.total) if unlucky else right_tail(parts, tally.total)
    return Luck(tally.count, tally.total, expected, unlucky, chance, matches)


def distribution(outcomes: Iterable[tuple[int, Fraction]]) -> Distribution:
    """A roll's outcomes as a :data:`Distribution` (equal values joined, sorted)."""
    joined: dict[int, Fraction] = {}
    for value, p in outcomes:
        joined[value] = joined.get(value, Fraction(0)) + p
    return tuple(sorted(joined.items()))


def drawn_sum(values: Sequence[int], k: int) -> Distribution:
    """The total of ``k`` of ``values`` drawn without replacement, every set of ``k`` alike (a dealt hand, a
    shuffled set-up): the draws of one deal depend on each other, so a deal is one roll of this distribution,
    and deals of different matches are independent rolls as :class:`Tally` wants them."""
    sets = math.comb(len(values), k)
    return distribution((sum(chosen), Fraction(1, sets)) for chosen in combinations(values, k))


def rolls_to_json(tally: Tally) -> str:
    """The rolls of ``tally`` (not its total) as JSON, read back by :func:`tally_from_json`."""
    return json.dumps(
        [[[[v, f"{p.numerator}/{p.denominator}"] for v, p in dist], n] for dist, n in sorted(tally.rolls.items())]
    )


def tally_from_json(rolls: str, total: int) -> Tally:
    """The tally kept as :func:`rolls_to_json` wrote its rolls, with its total."""
    tally = Tally(total=total)
    for dist, n in json.loads(rolls):
        tally.rolls[tuple((int(v), Fraction(p)) for v, p in dist)] += int(n)
    return tally


def merged(tallies: Iterable[Tally]) -> Tally:
    """The rolls of several tallies together."""
    joined = Tally()
    for tally in tallies:
        joined.rolls.update(tally.rolls)
        joined.total += tally.total
    return joined
