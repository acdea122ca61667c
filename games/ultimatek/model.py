"""The vocabulary of the Ultima-Tek engine: pieces, actions, the steps of a turn and the rule constants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.base import Seat
from games.ultimatek.field import FIELD

NAME: Final = "ultimatek"
CREDITS: Final = 3
HAND_SIZE: Final = 3
FIELD_LIMIT: Final = 3
"""At most this many of a side's bonuses on the field."""
POINTS_TO_WIN: Final = 2
SETUP, REVEAL, ACT, BONUS, DRAW = 0, 1, 2, 3, 4
"""The steps of a turn; DRAW is the end of phase 3 (drawing back up to 3)."""
GOAL: Final = FIELD.goal_column


@dataclass(frozen=True, slots=True, order=True)
class Piece:
    """A piece on the field, with the token on top of it and its actions this turn."""

    side: Seat
    hex: int
    strength: int
    bonus: str = ""
    """The kind of the token on top ("" for none); a face-up ``stop`` is the opponent's Stop blocking it."""
    face_up: bool = False
    moved: bool = False
    threw: bool = False

    @property
    def blocked(self) -> bool:
        """True when an opponent's Stop lies on it."""
        return self.bonus == "stop" and self.face_up

    @property
    def power(self) -> int:
        """Its strength in play: 0 while blocked."""
        return 0 if self.blocked else self.strength


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """A decision or a chance outcome.

    ``verb`` is ``reveal``, ``discard``, ``move``, ``throw``, ``place``, ``end`` (decisions) or
    ``kickoff``, ``draw`` (chance). ``hex`` is the acting piece's hex; ``to`` the destination of a move or
    a throw; ``via`` the first hex of a flight; ``kind`` the bonus placed, activated or drawn; ``seat`` the
    side of a chance outcome.
    """

    verb: str
    hex: int = -1
    to: int = -1
    via: int = -1
    kind: str = ""
    seat: int = -1


END: Final = Action("end")
