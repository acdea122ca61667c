"""What every judge shares: the protocol, the exact result of a finished game, and the baseline judge.

A judge turns a full state into each seat's winning chance. The baseline (:class:`SoftmaxJudge`) is the
judge the review used before any was fitted: a softmax of the heuristic evaluation
(:data:`games.ai.evaluate.EVALUATE`) with the hand-set factor :data:`BASELINE_K`. A fitted judge
(:class:`LinearJudge`) weighs per-seat features with weights fitted to self-play results.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from games.ai.evaluate import EVALUATE
from games.base import GameState, Seat, Termination

Chances = tuple[float, ...]
Features = Callable[[GameState, Seat], Sequence[float]]
"""``features(state, seat)``: what a linear judge weighs for one seat (the same length for every seat)."""

BASELINE_K: Final = 2.5
"""The factor of the baseline judge: an evaluation of 0.3 for one of two seats reads 82 %."""


class Judge(Protocol):
    """Each seat's winning chance in a full state."""

    @property
    def key(self) -> str:
        """The judge key (``ur-race``, ``subulata``, ...): one per game and rule set."""
        ...

    @property
    def describe(self) -> str:
        """What the judge is, in one English sentence fragment (for the README and the review's first line)."""
        ...

    @property
    def version(self) -> str:
        """A short name of exactly what it computes with (a finished match's record keeps it)."""
        ...

    def win_chances(self, state: GameState) -> Chances:
        """Each seat's winning chance in ``state``, summing to 1 (exact when the game is over)."""
        ...


def players_of(state: GameState) -> int:
    """How many seats ``state`` has (two unless the state says otherwise)."""
    return int(getattr(state, "players", 2))


def result_shares(state: GameState) -> Chances | None:
    """The exact result of a finished game (the winners share 1, a draw or an abort shares among all), or
    None while it goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    players = players_of(state)
    if outcome.winners and outcome.termination is not Termination.ABORTED:
        share = 1.0 / len(outcome.winners)
        return tuple(share if s in outcome.winners else 0.0 for s in range(players))
    return tuple(1.0 / players for _ in range(players))


def softmax(values: Sequence[float]) -> Chances:
    """``exp(v_i) / Σ exp(v_j)``, computed without overflow."""
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


@dataclass(frozen=True, slots=True)
class SoftmaxJudge:
    """The baseline: ``exp(K·e_i) / Σ exp(K·e_j)`` of the game's heuristic evaluation ``e`` from each seat's
    side, one evaluation per seat and no search (two seats: the logistic ``1 / (1 + exp(−2K·e_0))``)."""

    key: str
    game_id: str
    factor: float = BASELINE_K

    @property
    def describe(self) -> str:
        """The baseline's description."""
        return f"the heuristic evaluation through a softmax with the hand-set factor K = {self.factor:g}, not fitted"

    @property
    def version(self) -> str:
        """``softmax-k2.5``: the baseline is named by its factor."""
        return f"softmax-k{self.factor:g}"

    def win_chances(self, state: GameState) -> Chances:
        """The softmax of the evaluation, or the exact result once the game is over."""
        done = result_shares(state)
        if done is not None:
            return done
        evaluate = EVALUATE[self.game_id]
        return softmax([self.factor * evaluate(state, s) for s in range(players_of(state))])


def linear_scores(weights: Sequence[float], features: Features, state: GameState) -> list[float]:
    """``w · features(state, s)`` for every seat of ``state``."""
    scores = []
    for s in range(players_of(state)):
        f = features(state, s)
        scores.append(sum(w * x for w, x in zip(weights, f, strict=True)))
    return scores


def linear_chances(weights: Sequence[float], features: Features, state: GameState) -> Chances:
    """``softmax_s(w · features(state, s))`` over the seats of ``state`` (two seats: a logistic regression
    on the difference of their features)."""
    return softmax(linear_scores(weights, features, state))
