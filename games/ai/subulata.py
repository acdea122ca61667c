"""Subulata's AI: a determinised search, the opponent's hidden values dealt again for every sample.

Random playouts judge Subulata's race poorly; a shallow search on each sampled deal of the opponent's
values (as the view allows), two decisions deep, averaged over the samples, plays far better for the
same time.
"""

from __future__ import annotations

from typing import Any, Final

from games.ai.search import determinised_minimax
from games.ai.strategy import Ask, Strategy


def search(ask: Ask) -> Any:
    """The move with the best value averaged over sampled deals, each searched two decisions deep."""
    return determinised_minimax(ask, depth=2)


STRATEGY: Final = Strategy(game_id="subulata", search=search)
