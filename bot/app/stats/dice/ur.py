"""The Royal Game of Ur's dice, in every rule set: each roll belongs to the seat about to move, and shows the
value its rule set's dice give; the draw for who starts is nobody's roll."""

from __future__ import annotations

from typing import Any

from bot.app.stats.luck import Distribution, distribution
from games.base import GameState, Seat
from games.ur.turns import Roll


def roll(state: GameState, outcome: Any) -> tuple[Seat, int, Distribution] | None:
    """The seat rolling, the value and the distribution of an Ur roll; None for the draw of the first player."""
    seat = getattr(state, "turn", None)
    if not isinstance(outcome, Roll) or seat is None:
        return None
    odds = distribution((o.value, p) for o, p in state.chance_outcomes() if isinstance(o, Roll))
    return seat, outcome.value, odds
