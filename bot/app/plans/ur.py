"""Roll plans in Ur, every rule set: the member's board as it stands, with their own next roll."""

from __future__ import annotations

import dataclasses

from games.base import GameState, Seat
from games.ur.turns import DiceTurns, Roll


def rolls(state: GameState) -> tuple[int, ...]:
    """The values the dice may give in ``state``'s rule set, in the rules' order."""
    if not isinstance(state, DiceTurns):
        return ()
    return tuple(value for value, _ in state.ROLL_ODDS)


def at_roll(state: GameState, seat: Seat, roll: int) -> GameState | None:
    """``state``'s board with ``seat`` to play ``roll`` (the opponent's turn passed over), or None when the game
    is not at a roll there (Variante 3's placement, a game over)."""
    if not isinstance(state, DiceTurns) or state.turn is None or state.outcome() is not None:
        return None
    ahead = dataclasses.replace(state, turn=seat, roll=roll)  # type: ignore[type-var]
    if ahead.is_chance() or seat not in ahead.actors():
        return None
    return ahead


def condition(state: GameState, roll: int) -> str:
    """The log's text of ``roll`` (``roll:2``): the condition of a roll plan's branch."""
    return state.format_move(Roll(roll))
