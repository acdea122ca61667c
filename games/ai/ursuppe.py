"""Ursuppe's AI: flat Monte Carlo over the legal moves, with cut-off playouts and a score evaluation.

The ``strong`` level judges its playouts' ends by the baseline judge (the hand-set score through the
K = 2.5 softmax), not the fitted one: the fitted judge is weighed once a round, before the card, and inside
a round its weights price a gene below the energy it costs (0.61 a gene against 0.21 a BP in log-odds), so
a strong seat steered by it bought too few genes and lost 5 of 10 matches at three seats to "always drift,
buy the cheapest gene" (``tests/test_ai_scripted.py``'s seeds), against 2 of 10 with the baseline.
"""

from __future__ import annotations

from typing import Any, Final

from games.ai.odds import baseline_judged
from games.ai.search import flat_monte_carlo
from games.ai.strategy import Ask, Strategy

HARD_SECONDS: Final = 0.95
"""Flat Monte Carlo gives every move a playout even past its budget, but not past this."""


def search(ask: Ask) -> Any:
    """Flat Monte Carlo on one determinisation, playouts cut off after 40 (``normal``) or 60 steps."""
    state = ask.sample()
    horizon = 40 if ask.level == "normal" else 60
    limit = HARD_SECONDS if ask.budget.seconds is not None else None  # an iteration budget stays exact
    evaluate = baseline_judged(ask.game_id) if ask.level == "strong" else ask.evaluate
    return flat_monte_carlo(state, ask.seat, ask.moves, evaluate, ask.budget, ask.rng, horizon=horizon, limit=limit)


STRATEGY: Final = Strategy(game_id="ursuppe", search=search, easy_noise=0.05)
