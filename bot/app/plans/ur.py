"""Roll plans in Ur, every rule set: the member's board as it stands, with their own next roll."""

from __future__ import annotations

import dataclasses
from typing import Final

from bot.app.plans.model import MAX_ENTRIES
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


DEEPEST: Final = 4
"""The most turns a roll plan reaches (the form pages to the fourth turn at most)."""


def depth(state: GameState) -> int:
    """The turns of the member's a roll plan reaches in ``state``'s rule set (the form's offer and the judge's
    suggestion): the deepest, up to :data:`DEEPEST`, whose fullest plan (a move for every roll that scores at
    every turn) keeps within :data:`~bot.app.plans.model.MAX_ENTRIES`. Variante 1 and 2 have three such rolls, so
    four turns hold at most 3 + 9 + 27 + 81 = 120 branches; Variante 3 has five (three turns: 155, four: 780) and
    Ravensburger six counted (a 6 never moves, but counting it errs on the safe side; three turns: 258), so
    three turns there."""
    scoring = sum(1 for value in rolls(state) if value > 0)
    turns, size = 1, scoring
    while turns < DEEPEST and size + scoring ** (turns + 1) <= MAX_ENTRIES:
        turns += 1
        size += scoring**turns
    return turns
