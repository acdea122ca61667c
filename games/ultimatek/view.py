"""What one viewer may see of an Ultima-Tek position: the frozen :class:`View` that renderers and texts take.

Hexes are :class:`~games.ultimatek.field.Hex` values (column 0..8 left to right, row 0 at the top; ``.name``
gives ``c3``, ``.grey`` the end zones). Seat 0 is blue (scores in column i), seat 1 red (scores in
column a). Bonus kinds are the typable names of :data:`~games.ultimatek.field.BONUS_KINDS`: ``run``
(Run +), ``run/`` (Run +/), ``fly`` (Fly +), ``fly/`` (Fly /), ``fly+/`` (Fly +/), ``stop``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Outcome, Seat
from games.ultimatek.field import FIELD, Field, Hex


@dataclass(frozen=True, slots=True)
class PieceView:
    """One piece on the field."""

    side: Seat
    """0 blue, 1 red."""
    strength: int
    """The printed strength 1..3 (a blocked piece counts as 0 in play, see ``blocked``)."""
    hex: Hex
    """Where it stands; one hex holds at most one piece of each side."""
    blocked: bool
    """A Stop sits on it: no move, no throw, strength 0, until the end of its side's next turn."""
    moved: bool
    """It has moved during the turn in progress (a piece moves at most once per turn)."""
    threw: bool
    """It has thrown the disc during the turn in progress (a piece throws at most once per turn)."""


@dataclass(frozen=True, slots=True)
class BonusView:
    """A bonus token lying on top of one of its owner's pieces (Stops on blocked pieces are in ``View.stops``)."""

    hex: Hex
    """The hex of the piece that carries it (the owner's piece in that hex)."""
    owner: Seat
    """The side that placed it, whose piece carries it."""
    kind: str | None
    """The bonus kind, or None when it is face down and this viewer may not know it."""
    face_up: bool
    """True once revealed (a face-up Run or Fly can be activated); False while face down."""


@dataclass(frozen=True, slots=True)
class StopView:
    """A revealed Stop lying on an opponent piece, which it blocks."""

    hex: Hex
    """The hex of the blocked piece."""
    owner: Seat
    """The side that revealed the Stop; the blocked piece is the other side's piece in ``hex``."""


@dataclass(frozen=True, slots=True)
class View:
    """Everything ``viewer`` may see of a position, and nothing else.

    A player sees their own hand and the kinds of their own face-down bonuses; the opponent's face-down
    bonuses appear with ``kind`` None and their hand only as a size. A spectator (``viewer`` None) sees no
    secret. Face-up bonuses, Stops, pieces, the disc and the counts are public.
    """

    viewer: Seat | None
    """The seat this view is for, None for a spectator."""
    field: Field
    """The static field (``field.hexes``: the 50 hexes; grey ones have ``.grey``), the same object for every view."""
    pieces: tuple[PieceView, ...]
    """Every piece on the field, sorted by side then hex."""
    disc: Hex | None
    """The hex holding the disc (None only before the first kick-off is drawn)."""
    bonuses: tuple[BonusView, ...]
    """Bonus tokens on their owners' pieces, sorted by hex then owner."""
    stops: tuple[StopView, ...]
    """Stops blocking pieces, sorted by hex then owner."""
    hand: tuple[str, ...]
    """The viewer's own hand (bonus kinds, sorted in kind order); empty for a spectator."""
    hand_sizes: tuple[int, int]
    """How many bonuses each side holds in hand."""
    bag: int
    """Tokens left in the draw bag."""
    discard: int
    """Tokens in the discard bag (it refills the draw bag when that is empty)."""
    score: tuple[int, int]
    """Points of blue and red; two points win."""
    to_act: Seat | None
    """The side whose turn it is (None before the kick-off is drawn and once the match is over)."""
    phase: int
    """The phase of the turn: 1 reveal, 2 act, 3 bonuses (drawing back up to 3 included); 0 before play starts."""
    credits: int
    """Action credits the side to act has left this turn (phase 2 spends them; 3 at the start of a turn)."""
    played: tuple[str, ...]
    """The actions of the turn in progress so far, in public notation (secrets stripped)."""
    kickoff: Seat | None
    """The side that kicked off the point in progress (None before the kick-off draw)."""
    turns: int
    """Turns played so far in the match (both sides together)."""
    cap: int | None
    """The turn cap chosen at creation (both sides' turns together), None without a cap."""
    outcome: Outcome | None
    """The result once the match is over, else None."""

    def pieces_in(self, hex: Hex) -> tuple[PieceView, ...]:
        """The pieces standing in ``hex`` (zero, one or one of each side)."""
        return tuple(p for p in self.pieces if p.hex == hex)


STATIC_FIELD: Field = FIELD
"""The field every view refers to (re-exported for renderers)."""
