"""The judge as the review and the strong AI ask it: each seat's winning chance in a position.

One small seam over :mod:`games.ai.judge` (the fitted judge of every game and rule set): the review and the
searches call :func:`win_chances`, :func:`win_chances_for` and :func:`describe` here and nowhere else, so
the judge behind them can change without touching them.

Until a game's fitted judge exists, its chances are a softmax of the game's hand-set evaluation
(:data:`games.ai.evaluate.EVALUATE`), ``exp(K·e_i) / Σ exp(K·e_j)`` with :data:`K`: the stand-in the review
used before the judge.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final

from games.ai.evaluate import EVALUATE
from games.base import GameInfo, GameState, Seat, Termination

K: Final = 2.5
"""The stand-in's factor from an evaluation to a chance (an evaluation of 0.3 for one of two seats: 82 %)."""
SAMPLES: Final = 4
"""Determinisations averaged by :func:`win_chances_for` in a game with secrets."""

Chances = tuple[float, ...]


def settled(state: GameState, players: int) -> Chances | None:
    """The exact chances of a finished game (the winners share 1; a draw or an abort shares it among all
    seats), or None while it goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    if outcome.winners and outcome.termination is not Termination.ABORTED:
        share = 1.0 / len(outcome.winners)
        return tuple(share if s in outcome.winners else 0.0 for s in range(players))
    return tuple(1.0 / players for _ in range(players))


def win_chances(game: GameInfo | str, state: GameState, players: int) -> Chances:
    """Each seat's winning chance in ``state`` seen whole (secrets included), summing to 1; exact when over.
    ``game`` is the game or its id."""
    done = settled(state, players)
    if done is not None:
        return done
    evaluate = EVALUATE[game if isinstance(game, str) else game.id]
    if players == 2:
        # The two-player evaluations are zero-sum (one seat's is the other's negated): one call serves both.
        first = K * evaluate(state, 0)
        values = [first, -first]
    else:
        values = [K * evaluate(state, s) for s in range(players)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def win_chances_for(
    game: GameInfo, state: GameState, players: int, seat: Seat | None, rng: random.Random, samples: int = SAMPLES
) -> Chances:
    """Each seat's winning chance from what ``seat`` may know (None: a spectator): the mean of
    :func:`win_chances` over ``samples`` states that agree with its knowledge, what it may not know dealt
    again with ``rng``. A game without secrets is judged once, as it stands."""
    done = settled(state, players)
    if done is not None:
        return done
    if not game.has_hidden_info:
        return win_chances(game, state, players)
    total = [0.0] * players
    for _ in range(samples):
        for s, c in enumerate(win_chances(game, game.resample_hidden(state, seat, rng), players)):
            total[s] += c / samples
    return tuple(total)


def judged(game_id: str, players: int) -> Callable[[GameState, Seat], float]:
    """The judge as a search's evaluation: ``2·chance − 1`` for the seat (−1 a sure loss, 1 a sure win), so
    a search's leaves are judged by the winning chance itself."""

    def evaluate(state: GameState, seat: Seat) -> float:
        return 2.0 * win_chances(game_id, state, players)[seat] - 1.0

    return evaluate


def kind(game: GameInfo, options: dict[str, str]) -> str:
    """Which judge this game and rule set has, as the catalogs name it (``review.judge.<kind>``)."""
    return "softmax"
