"""What the engine's step machine and the notation read of an Ursuppe position.

:class:`games.ursuppe.state.State` applies moves through the step machine (:mod:`games.ursuppe.engine`) and
formats and parses them through :mod:`games.ursuppe.notation`, so those two cannot import it; they read a
:class:`Position` instead, which the state is.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol, TypedDict

from games.base import Outcome, Seat
from games.ursuppe.moves import Ctx, Move
from games.ursuppe.view import Event


class Fields(TypedDict):
    """A frozen state's fields, as the step machine gives them back (:meth:`games.ursuppe.engine.Work.state_fields`)."""

    players: int
    round: int
    phase: int
    step: str
    cards: tuple[int, ...]
    scores: tuple[int, ...]
    bp: tuple[int, ...]
    genes: tuple[tuple[tuple[int, int], ...], ...]
    amoebas: tuple[tuple[int, int, int, int], ...]
    food: tuple[int, ...]
    ctx: Ctx
    events: tuple[Event, ...]


class Position(Protocol):
    """An Ursuppe position as the engine and the notation read it (see :class:`games.ursuppe.state.State`)."""

    @property
    def players(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def phase(self) -> int: ...

    @property
    def step(self) -> str: ...

    @property
    def cards(self) -> tuple[int, ...]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def bp(self) -> tuple[int, ...]: ...

    @property
    def genes(self) -> tuple[tuple[tuple[int, int], ...], ...]: ...

    @property
    def amoebas(self) -> tuple[tuple[int, int, int, int], ...]: ...

    @property
    def food(self) -> tuple[int, ...]: ...

    @property
    def supply(self) -> tuple[int, ...]: ...

    @property
    def gene_dicts(self) -> tuple[dict[int, int], ...]: ...

    @property
    def ctx(self) -> Ctx: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def canonical_moves(self) -> dict[str, Move]: ...

    def actors(self) -> tuple[Seat, ...]: ...

    def is_chance(self) -> bool: ...

    def chance_outcomes(self) -> tuple[tuple[Move, Fraction], ...]: ...

    def legal_moves(self, seat: Seat | None = None) -> tuple[Move, ...]: ...

    def outcome(self) -> Outcome | None: ...
