"""What the notation and the state text read of an Ultima-Tek position.

:class:`games.ultimatek.state.State` formats and parses its moves through :mod:`games.ultimatek.notation` and
writes its text through :mod:`games.ultimatek.text`, so those two cannot import it; they read a
:class:`Position` instead, which the state is.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from games.base import Seat
from games.ultimatek.bonuses import Counts
from games.ultimatek.model import Action, Piece


class Position(Protocol):
    """An Ultima-Tek position as the notation and the text read it (see :class:`games.ultimatek.state.State`)."""

    @property
    def pieces(self) -> tuple[Piece, ...]: ...

    @property
    def disc(self) -> int: ...

    @property
    def to_act(self) -> int: ...

    @property
    def phase(self) -> int: ...

    @property
    def credits(self) -> int: ...

    @property
    def hands(self) -> tuple[Counts, Counts]: ...

    @property
    def bag(self) -> Counts: ...

    @property
    def discard(self) -> Counts: ...

    @property
    def unseen(self) -> tuple[Counts, Counts]: ...

    @property
    def score(self) -> tuple[int, int]: ...

    @property
    def kickoff(self) -> int: ...

    @property
    def turns(self) -> int: ...

    @property
    def cap(self) -> int: ...

    @property
    def over(self) -> bool: ...

    @property
    def played(self) -> tuple[str, ...]: ...

    @property
    def decisions(self) -> tuple[Action, ...]: ...

    @property
    def by_notation(self) -> dict[str, Action]: ...

    def piece(self, side: Seat, hex: int) -> Piece | None: ...

    def on_field(self, side: Seat) -> int: ...

    def actors(self) -> tuple[Seat, ...]: ...

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]: ...

    def notations(self) -> tuple[str, ...]: ...

    def cost(self, move: Action) -> int: ...

    def throw_cost(self, thrower: Piece, first: int) -> int: ...
