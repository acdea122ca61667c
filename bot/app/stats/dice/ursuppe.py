"""Ursuppe's dice that a higher face helps: each player's two dice for the start order (their total, re-rolls
of a tie included: the highest picks a starting space first) and each side's die in a Defense fight (the
attacker's for the attacker, the defender's for the owner of the attacked amoeba: the higher die wins). All
are rolled in the open.

Not counted: the movement die, whose faces are directions (west, north, east, south, stay, free choice) and
so neither lucky nor unlucky by their number, and the environment cards, which are everybody's.
"""

from __future__ import annotations

from typing import Any, Final

from bot.app.stats.luck import Distribution, distribution
from games.base import GameState, Seat
from games.ursuppe import INFO
from games.ursuppe.engine import Work
from games.ursuppe.moves import NOBODY
from games.ursuppe.state import State

GAME: Final = INFO.id


def draws(state: GameState, outcome: Any) -> tuple[tuple[Seat, int, Distribution], ...]:
    """The start-order total of the seat rolling it, or both sides' dice of a Defense fight; nothing else."""
    if not isinstance(state, State):
        return ()
    outcomes = state.chance_outcomes()
    if state.step == "dice":
        seat = Work(state).next_roller()
        if seat is None:
            return ()
        return ((seat, outcome.value[0], distribution((m.value[0], p) for m, p in outcomes)),)
    if state.step == "fight":
        attacker, victim = state.ctx.attacker, state.ctx.victim
        if NOBODY in (attacker, victim):
            return ()
        attack, defence = outcome.value
        return (
            (attacker[0], attack, distribution((m.value[0], p) for m, p in outcomes)),
            (victim[0], defence, distribution((m.value[1], p) for m, p in outcomes)),
        )
    return ()
