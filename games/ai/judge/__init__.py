"""The judge: each seat's winning chance in a position, fitted to results rather than set by hand.

- :func:`win_chances` judges a full state (the review, after the match);
- :func:`win_chances_for` judges from what one seat may know (``None``: a spectator), averaging over
  states sampled from its view with the AI's determinisers (:mod:`games.ai.determinise`); a game without
  hidden information is judged from the state itself;
- :data:`JUDGES` holds one :class:`Judge` per judge key (:func:`judge_key`: a game and rule set). A key
  whose judge is not fitted yet has the baseline (:class:`~games.ai.judge.base.SoftmaxJudge`: the
  heuristic evaluation through a softmax with a hand-set factor).

Fitted parameters ship in ``data/judge/<key>.json`` and are refitted with ``python -m games.ai fit KEY``
(:mod:`games.ai.judge.fitting`); ``bench/bench_judge.py`` measures how far the chances come true. Pure:
no I/O beyond reading the shipped parameters once, lazily.
"""

from __future__ import annotations

import random
from typing import Final

from games import find_game
from games.ai.determinise import determinise
from games.ai.judge import subulata, ultimatek, ur, ursuppe
from games.ai.judge.base import Chances, Judge, SoftmaxJudge, players_of, result_shares
from games.ai.judge.keys import GAME_OF, game_of_state, judge_key
from games.base import GameState, Seat

__all__ = ["JUDGES", "SAMPLES", "Chances", "Judge", "judge_for", "judge_key", "win_chances", "win_chances_for"]

JUDGES: Final[dict[str, Judge]] = {
    **ur.JUDGES,
    "subulata": subulata.JUDGE,
    "ultimatek": ultimatek.JUDGE,
    "ursuppe": ursuppe.JUDGE,
}
"""One judge per judge key (each game module declares its own)."""

SAMPLES: Final = 8
"""States sampled from a view by :func:`win_chances_for` when the game hides something."""


def judge_for(state: GameState) -> Judge:
    """The judge of ``state``'s game and rule set (the baseline for a key without one)."""
    key = judge_key(state)
    found = JUDGES.get(key)
    return found if found is not None else SoftmaxJudge(key, GAME_OF[key])


def win_chances(state: GameState) -> Chances:
    """Each seat's winning chance from the full state, summing to 1: the exact result when the game is
    over (the winners share 1, a draw or an abort shares among all)."""
    done = result_shares(state)
    if done is not None:
        return done
    return judge_for(state).win_chances(state)


def win_chances_for(state: GameState, seat: Seat | None, rng: random.Random, samples: int = SAMPLES) -> Chances:
    """Each seat's winning chance from what ``seat`` may know (None: a spectator, the public view): the
    mean of :func:`win_chances` over ``samples`` states drawn from its view with ``rng``. For a game
    without hidden information, or once the game is over, it is :func:`win_chances` of ``state``."""
    done = result_shares(state)
    game_id = game_of_state(state)
    if done is not None or not find_game(game_id).has_hidden_info:
        return win_chances(state) if done is None else done
    view = state.view_for(seat)
    mean = [0.0] * players_of(state)
    for _ in range(max(1, samples)):
        for s, c in enumerate(win_chances(determinise(game_id, view, rng))):
            mean[s] += c
    total = sum(mean)
    return tuple(m / total for m in mean)
