"""Where a game of Ur stands: what its status line (:func:`render.ur.kit.status_line`) and its alt text
(:func:`render.ur.alt.whose_turn`) both say, read once from a rule set's state and the match's context.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from games.base import Outcome
from render.common import BoardContext, outcome_of


class TurnState(Protocol):
    """What the status line and the alt text read of every rule set's state."""

    @property
    def turn(self) -> int | None: ...

    @property
    def roll(self) -> int | None: ...

    def outcome(self) -> Outcome | None: ...


@dataclass(frozen=True, slots=True)
class Stand:
    """Where a game stands, as its status line and its alt text say it: the result, whose turn it is, the
    roll they play, and whether pawns are still being placed (Variante 3)."""

    outcome: Outcome | None
    turn: int | None
    roll: int | None
    placing: bool = False

    @classmethod
    def of(cls, state: TurnState, ctx: BoardContext, placing: bool = False) -> Stand:
        """Where ``state`` stands: its own result, else the match's (:func:`render.common.outcome_of`)."""
        return cls(outcome_of(state.outcome(), ctx), state.turn, state.roll, placing)

    def phase(self) -> tuple[str, int | None]:
        """What the game waits for, and the seat it is about: ``wins`` (the winner), ``draw`` (no one's
        turn yet: the first player is being drawn; no seat), ``placing`` (pawns), ``to_roll`` or ``to_move``."""
        if self.outcome is not None and self.outcome.winners:
            return "wins", self.outcome.winners[0]
        if self.turn is None:
            return "draw", None
        if self.placing:
            return "placing", self.turn
        return ("to_roll" if self.roll is None else "to_move"), self.turn
