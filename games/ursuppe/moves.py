"""Moves, chance outcomes and the pending context of an Ursuppe position.

Every decision and every chance outcome is one :class:`Move`; its ``kind`` says what it is:

- chance: ``card`` (``value`` = card face), ``dice`` (start-order roll, ``value`` = total),
  ``roll`` (movement dice, sorted faces), ``fight`` (Defense: attacker's die, defender's die);
- setup: ``start`` (``value`` = space), ``place`` (``amoeba``, ``value`` = square);
- Phase 1: ``drift``, ``stay`` (Holding), ``move`` (``value`` = () to roll or choose later, or the chosen
  direction with Movement II when nobody can cling), ``dir`` (a direction after a roll), ``take``
  (Tentacle cubes per colour), ``cling`` (``value`` = the cubes taken along when the holder has
  Tentacle, else ()) / ``nocling`` (Holding), ``again`` / ``stop`` (Speed, also after an escape),
  ``eat`` (cubes per colour, ``target`` = the parasitized seat or -1), ``starve``, ``attack``
  (``target`` = victim), ``defend`` / ``escape`` / ``yield`` (the victim's owner);
- Phase 2: ``pay`` (``value`` = BP, then the discarded genes); Phase 3: ``buy`` (``value`` = gene,
  discarded prerequisite or -1), ``done``; Phase 4: ``divide`` (like ``place``), ``done``;
  Phase 5: ``attack`` (Aggression) or ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from games.ursuppe.tables import TABLES, Card

NOBODY: Final = (-1, 0)
"""The empty ``(seat, number)`` reference."""


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One decision or chance outcome (see the module docstring for each ``kind``)."""

    kind: str
    seat: int = -1
    """The deciding seat; -1 for a chance outcome."""
    amoeba: int = 0
    """The number of the deciding seat's amoeba concerned (0 when none)."""
    target: tuple[int, int] = NOBODY
    """Another amoeba ``(seat, number)``, or ``(seat, 0)`` for a player (parasitism)."""
    value: tuple[int, ...] = ()
    """Kind-specific numbers: cubes per colour, a square, a direction, dice, genes..."""


CHANCE_KINDS: Final = frozenset({"card", "dice", "roll", "fight"})


@dataclass(frozen=True, slots=True)
class Ctx:
    """Where the round stands: the phase's player order, the amoeba on turn, a move or attack under way."""

    order: tuple[int, ...] = ()
    """The seats in the current phase's order."""
    turn: int = 0
    """Index in ``order`` of the player on turn (the setup counts placements here)."""
    amoeba: int = 0
    """Phase 1: the number of the on-turn player's amoeba being handled."""
    mover: tuple[int, int] = NOBODY
    """The amoeba moving now (the current one, or a victim escaping)."""
    motion: str = ""
    """``drift``, ``move`` (first active move), ``again`` (Speed's second) or ``escape``."""
    dice: tuple[int, ...] = ()
    """The movement dice rolled, while the direction is chosen."""
    direction: int = -1
    """The direction of the move under way (while Tentacle and Holding decide)."""
    carry: tuple[int, ...] = ()
    """Cubes the mover takes along (Tentacle), per colour."""
    clingers: tuple[int, ...] = ()
    """Numbers of the Holding player's amoebas clinging to the mover."""
    held: tuple[int, ...] = ()
    """Cubes each clinger takes along (its owner holds Tentacle): per clinger, in ``clingers`` order, one
    count per colour (all zero for a clinger taking none); empty when nobody clings."""
    attacker: tuple[int, int] = NOBODY
    victim: tuple[int, int] = NOBODY
    flags: str = ""
    """Attack state: ``D`` Defense used, ``d`` its free retry used, ``E`` Escape used, ``R`` this attack
    is a free Persistence retry, ``H`` the attacker clung to its escaping victim (the attack is over)."""
    spared: tuple[int, int] = NOBODY
    """Phase 1: the amoeba the feeding amoeba may not attack again (it escaped with the attacker clinging)."""
    rolls: tuple[tuple[int, ...], ...] = ()
    """Setup: each seat's start-order rolls (two-dice totals; ties are rolled again)."""
    debt: int = 0
    """Phase 2: the gene defect the player on turn must pay."""


FACES: Final[tuple[Card, ...]] = tuple(dict.fromkeys(TABLES.cards))
"""The distinct environment cards (two cards may look alike), in data order."""
FACE_COUNTS: Final = tuple(TABLES.cards.count(face) for face in FACES)
FACE_INDEX: Final = {face.label: i for i, face in enumerate(FACES)}
DECK_SIZE: Final = len(TABLES.cards)

DICE_TOTALS: Final = tuple((Move("dice", value=(t,)), Fraction(6 - abs(t - 7), 36)) for t in range(2, 13))
"""Two dice for the start order: totals 2..12."""
ONE_DIE: Final = tuple((Move("roll", value=(f,)), Fraction(1, 6)) for f in range(1, 7))
TWO_DICE: Final = tuple(
    (Move("roll", value=(a, b)), Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)
)
"""Movement I: two dice, as the sorted pair of faces."""
FIGHT: Final = tuple((Move("fight", value=(a, d)), Fraction(1, 30)) for a in range(1, 7) for d in range(1, 7) if a != d)
"""A Defense fight: both dice, ties rolled again (so never equal, each of the 30 pairs alike)."""
