"""Ultima-Tek's AI: on a determinisation of the hidden bonuses, a beam search over the whole turn.

Random playouts almost never score in Ultima-Tek, so Monte Carlo learns little there: the search plans the
whole turn (its reveal, action and bonus decisions), judged by points and by the action credits each side
still needs to score (:mod:`games.ai.tek`), then follows that plan while the views it expected come.

The ``strong`` level judges the ends of its plans by the baseline judge (the hand-set evaluation through
the K = 2.5 softmax), not the fitted one: the fitted judge is weighed at the start of a turn, while a plan
ends where the mover leaves the field, and the judge's own fit and bench are played by this level, so its
play must not move with every refit.
"""

from __future__ import annotations

from typing import Any, Final

from games.ai.odds import baseline_judged
from games.ai.search import Budget, turn_beam
from games.ai.strategy import Ask, Strategy

TEK_BEAM: Final = 10
"""The beam width at ``strong`` with the full budget (about 0.5 s of one core per turn planned)."""
TEK_SECONDS_PER_LINE: Final = 0.08
"""A shorter budget keeps one line of the beam per this many seconds (at least 2)."""


def beam_width(level: str, budget: Budget) -> int:
    """:data:`TEK_BEAM` at ``strong``, narrower with a shorter budget; 3 below ``strong``. A budget of
    iterations without a clock (self-play, tests) is a beam width, the search's own unit, so a fixed budget
    costs what it says (a beam of 10 made a self-play match of the judge's level mix cost 10–30 s)."""
    width = 3 if level != "strong" else TEK_BEAM
    if budget.seconds is None:
        return width if budget.iterations is None else max(1, min(width, budget.iterations))
    if level != "strong":
        return width
    return max(2, min(TEK_BEAM, int(budget.seconds / TEK_SECONDS_PER_LINE)))


def search(ask: Ask) -> Any:
    """The next step of the turn planned earlier for this very view, else a new plan's first step."""
    planned = ask.plans.take(ask.level, ask.view)
    if planned is not None and planned in ask.moves:
        return planned
    state = ask.sample()
    plan: list[Any] = []
    width = beam_width(ask.level, ask.budget)
    evaluate = baseline_judged(ask.game_id) if ask.level == "strong" else ask.evaluate
    move = turn_beam(state, ask.seat, ask.moves, evaluate, beam=width, plan=plan, budget=ask.budget)
    ask.plans.remember(ask.level, state, ask.seat, plan)
    return move


STRATEGY: Final = Strategy(game_id="ultimatek", search=search)
