"""Ursuppe's AI: flat Monte Carlo over the legal moves, with cut-off playouts and a score evaluation."""

from __future__ import annotations

from typing import Any, Final

from games.ai.search import flat_monte_carlo
from games.ai.strategy import Ask, Strategy

HARD_SECONDS: Final = 0.95
"""Flat Monte Carlo gives every move a playout even past its budget, but not past this."""


def search(ask: Ask) -> Any:
    """Flat Monte Carlo on one determinisation, playouts cut off after 40 (``normal``) or 60 steps."""
    state = ask.sample()
    horizon = 40 if ask.level == "normal" else 60
    limit = HARD_SECONDS if ask.budget.seconds is not None else None  # an iteration budget stays exact
    return flat_monte_carlo(state, ask.seat, ask.moves, ask.evaluate, ask.budget, ask.rng, horizon=horizon, limit=limit)


STRATEGY: Final = Strategy(game_id="ursuppe", search=search, easy_noise=0.05)
