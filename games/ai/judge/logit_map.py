"""The last step of a fitted judge: a monotone map of its scores, fitted on held-out matches.

A logistic regression fitted by maximum likelihood is calibrated on average, not in every band of its
chances: where its features bend the true odds (a race nearly won, a motif one pawn short) it is too timid
in one band and too bold in another. So each judge's scores go through one more map before they become
chances, fitted to matches the weights never saw (``python -m games.ai fit KEY --calibrate``):

- two seats: seat 0's log-odds ``z`` (the difference of the two scores) become ``g(z)``, an odd function
  linear between :attr:`LogitMap.knots` with a slope ≥ 0 on each segment. Odd, so neither seat gains by
  its place at the table; slopes ≥ 0, so a better position never reads as a smaller chance;
- three seats or more: a temperature per table size, the scores multiplied by it before the softmax.

An empty map is the identity. Pure: a few comparisons and one exponential per call.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.ai.judge.base import Chances, softmax

KNOTS: Final = (0.0, 0.5, 1.0, 1.75, 2.75)
"""Where the two-seat map may bend, in log-odds (50 %, 62 %, 73 %, 85 %, 94 %); past the last it is straight."""


def logistic(z: float) -> float:
    """``1 / (1 + exp(−z))`` without overflow."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def segments(z: float, knots: Sequence[float]) -> list[float]:
    """How much of each segment ``|z|`` covers, signed as ``z``: the map is ``Σ slope_k · segments_k``."""
    size = abs(z)
    sign = 1.0 if z >= 0 else -1.0
    parts = []
    for k, low in enumerate(knots):
        high = knots[k + 1] if k + 1 < len(knots) else math.inf
        parts.append(sign * max(0.0, min(size, high) - low))
    return parts


@dataclass(frozen=True, slots=True)
class LogitMap:
    """A monotone map of a judge's scores to chances (see the module docstring); empty, the identity."""

    knots: tuple[float, ...] = ()
    slopes: tuple[float, ...] = ()
    """One per knot: the slope from that knot to the next (the last one's to infinity), each ≥ 0."""
    temperatures: Mapping[int, float] = field(default_factory=dict)
    """Per table size of three seats or more: the factor on the scores before the softmax."""

    def __post_init__(self) -> None:
        if len(self.knots) != len(self.slopes):
            raise ValueError("a logit map needs one slope per knot")
        if any(s < 0 for s in self.slopes) or any(t <= 0 for t in self.temperatures.values()):
            raise ValueError("a logit map's slopes and temperatures keep the order of the chances")
        if list(self.knots) != sorted(self.knots) or (self.knots and self.knots[0] != 0.0):
            raise ValueError("a logit map's knots rise from 0")

    def odd(self, z: float) -> float:
        """Seat 0's mapped log-odds (two seats)."""
        if not self.slopes:
            return z
        return sum(s * part for s, part in zip(self.slopes, segments(z, self.knots), strict=True))

    def chances(self, scores: Sequence[float]) -> Chances:
        """Each seat's chance from its score: the map of the log-odds (two seats) or the tempered softmax."""
        if len(scores) == 2:
            p = logistic(self.odd(scores[0] - scores[1]))
            return (p, 1.0 - p)
        factor = self.temperatures.get(len(scores), 1.0)
        return softmax([factor * s for s in scores])

    def to_json(self) -> dict[str, Any]:
        """The map as ``data/judge/KEY.json`` stores it."""
        return {
            "knots": list(self.knots),
            "slopes": [round(s, 6) for s in self.slopes],
            "temperatures": {str(n): round(t, 6) for n, t in sorted(self.temperatures.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> LogitMap:
        """The map stored in a parameter file's ``calibration`` (None: the identity)."""
        if not data:
            return IDENTITY
        return cls(
            tuple(float(k) for k in data.get("knots", ())),
            tuple(float(s) for s in data.get("slopes", ())),
            {int(n): float(t) for n, t in data.get("temperatures", {}).items()},
        )


IDENTITY: Final = LogitMap()
"""The map of a judge not yet calibrated."""
