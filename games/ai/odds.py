"""The judge as the review and the strong AI ask it: each seat's winning chance in a position.

One small seam over :mod:`games.ai.judge` (the judge of every game and rule set, fitted to self-play where
it has been): the review and the searches call :func:`win_chances`, :func:`win_chances_for`,
:func:`judged`, :func:`kind` and :func:`version` here and nowhere else, so the judge behind them can change without
touching them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.ai import judge
from games.ai.judge.base import SoftmaxJudge, result_shares
from games.ai.judge.linear import LinearJudge
from games.base import GameInfo, GameState, Seat

Chances = tuple[float, ...]


def win_chances(state: GameState) -> Chances:
    """Each seat's winning chance in ``state`` seen whole (secrets included), summing to 1; exact when over."""
    return judge.win_chances(state)


def win_chances_for(game: GameInfo, state: GameState, seat: Seat | None, rng: random.Random, samples: int) -> Chances:
    """Each seat's winning chance from what ``seat`` may know (None: a spectator): the judge averaged over
    ``samples`` states that agree with its knowledge, what it may not know dealt with ``rng``. A game
    without secrets, or a game over, is judged as it stands."""
    if not game.has_hidden_info:
        return judge.win_chances(state)
    return judge.win_chances_for(state, seat, rng, samples)


def leaf_chances(state: GameState) -> Chances:
    """Each seat's winning chance as a search's leaf needs it: a fitted judge's features weighed as they
    stand, without the look-ahead to its moment (a search already looks ahead, and the judge's own look-ahead
    at every leaf made a strong decision cost minutes); exact when the game is over; any other judge whole."""
    done = result_shares(state)
    if done is not None:
        return done
    found = judge.judge_for(state)
    if isinstance(found, LinearJudge) and (weights := found.weights()) is not None:
        return found.weigh(state, weights)
    return found.win_chances(state)


def judged(game_id: str, players: int) -> Callable[[GameState, Seat], float]:
    """The judge as a search's evaluation: ``2·chance − 1`` for the seat (−1 a sure loss, 1 a sure win), so
    a search's leaves are judged by the winning chance itself (:func:`leaf_chances`: the fitted score
    without its look-ahead)."""

    def evaluate(state: GameState, seat: Seat) -> float:
        return 2.0 * leaf_chances(state)[seat] - 1.0

    return evaluate


def baseline_judged(game_id: str) -> Callable[[GameState, Seat], float]:
    """The baseline judge (the hand-set evaluation through the K = 2.5 softmax) as a search's evaluation,
    ``2·chance − 1`` for the seat, for a game whose fitted judge is not yet fit to steer a search."""
    baseline = SoftmaxJudge(game_id, game_id)

    def evaluate(state: GameState, seat: Seat) -> float:
        return 2.0 * baseline.win_chances(state)[seat] - 1.0

    return evaluate


def kind(state: GameState) -> tuple[str, str]:
    """Which judge judges ``state``'s game and rule set, as the catalogs name it (``review.judge.<kind>``:
    ``softmax``, ``linear`` or ``other``), and its own English description."""
    found = judge.judge_for(state)
    if isinstance(found, SoftmaxJudge):
        return "softmax", found.describe
    if isinstance(found, LinearJudge):
        return ("linear" if found.weights() is not None else "softmax"), found.describe
    return "other", found.describe


def version(state: GameState) -> str:
    """The version of the judge of ``state``'s game and rule set (a digest of its fitted parameters, or the
    baseline's name): a finished match's record keeps it, so a later review knows whether the judge changed."""
    return judge.judge_for(state).version
