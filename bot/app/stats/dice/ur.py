"""The Royal Game of Ur's dice, in every rule set: each roll belongs to the seat about to move, and shows the
value its rule set's dice give (higher is better: it moves farther); the draw for who starts is nobody's roll.
Every roll is public."""

from __future__ import annotations

from typing import Any, Final

from bot.app.stats.luck import Distribution, distribution
from games.base import GameState, Seat
from games.ur import INFO
from games.ur.turns import Roll

GAME: Final = INFO.id


def draws(state: GameState, outcome: Any) -> tuple[tuple[Seat, int, Distribution], ...]:
    """The seat rolling, the value and the distribution of an Ur roll; nothing for the draw of the first
    player."""
    seat = getattr(state, "turn", None)
    if not isinstance(outcome, Roll) or seat is None:
        return ()
    odds = distribution((o.value, p) for o, p in state.chance_outcomes() if isinstance(o, Roll))
    return ((seat, outcome.value, odds),)
