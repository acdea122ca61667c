"""The bonus tokens of Ultima-Tek: their kinds, typable names, counts, and the paths Run and Fly bonuses open.

Kinds and their names in notation (counts from ``data/ultimatek.json``, 26 tokens in all):

- ``run`` (Run +, 8): the piece's move may go 2 hexes in a straight line;
- ``run/`` (Run +/, 4): the move may go 2 hexes with at most one 60° turn;
- ``fly`` (Fly +, 5): the throw may fly up to 3 hexes in a straight line;
- ``fly/`` (Fly /, 5): the throw may fly 2 hexes with at most one 60° turn;
- ``fly+/`` (Fly +/, 2): the throw may fly up to 3 hexes with at most one 60° turn;
- ``stop`` (Stop, 2): when revealed it lands on the opponent piece sharing its hex and blocks it.

Ruling: a bonus is only activated for a path the basic rule does not allow (a 2-hex move, a 3-hex or
bent flight), so activating never wastes a token on an ordinary move. A path never leaves the field.

A collection of tokens (a hand, the bag, a discard pile) is a *count vector*: one count per kind in
:data:`KINDS` order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from games.ultimatek.field import BONUS_KINDS, FIELD, HEXES, step

KINDS: Final = BONUS_KINDS
COUNTS: Final = FIELD.bonus_counts
"""How many tokens of each kind the game holds, in :data:`KINDS` order."""
TOTAL: Final = sum(COUNTS)
LABELS: Final = {"run": "Run +", "run/": "Run +/", "fly": "Fly +", "fly/": "Fly /", "fly+/": "Fly +/", "stop": "Stop"}
"""The names printed on the tokens, by typable name."""
RUNS: Final = frozenset({"run", "run/"})
FLIES: Final = frozenset({"fly", "fly/", "fly+/"})
ALIASES: Final = {
    "run": "run",
    "run+": "run",
    "runplus": "run",
    "run/": "run/",
    "run+/": "run/",
    "fly": "fly",
    "fly+": "fly",
    "flyplus": "fly",
    "fly/": "fly/",
    "fly+/": "fly+/",
    "stop": "stop",
}
"""Every accepted spelling of a kind (lower case, no spaces), mapped to its canonical name."""

Counts: TypeAlias = tuple[int, ...]
"""Tokens of each kind, in :data:`KINDS` order."""
EMPTY: Final[Counts] = (0,) * len(KINDS)

# How far each Run or Fly bonus reaches, and whether it allows one 60° turn.
MOVE_REACH: Final = {"": (1, False), "run": (2, False), "run/": (2, True)}
FLIGHT_REACH: Final = {"": (2, False), "fly": (3, False), "fly/": (2, True), "fly+/": (3, True)}


def kind_of(text: str) -> str | None:
    """The canonical kind of a typed name (``Fly+/``, ``run+``), or None."""
    return ALIASES.get(text.replace(" ", "").lower())


def add(counts: Counts, kind: str, n: int = 1) -> Counts:
    """``counts`` with ``n`` more tokens of ``kind`` (``n`` may be negative)."""
    k = KINDS.index(kind)
    return (*counts[:k], counts[k] + n, *counts[k + 1 :])


def plus(a: Counts, b: Counts) -> Counts:
    """The union of two collections."""
    return tuple(x + y for x, y in zip(a, b, strict=True))


def kinds_in(counts: Counts) -> tuple[str, ...]:
    """Every token of a collection, in kind order (``('run', 'run', 'fly')``)."""
    return tuple(kind for kind, n in zip(KINDS, counts, strict=True) for _ in range(n))


def counts_of(kinds: tuple[str, ...] | list[str]) -> Counts:
    """The count vector of a list of kinds."""
    return tuple(sum(1 for k in kinds if k == kind) for kind in KINDS)


@dataclass(frozen=True, slots=True)
class Path:
    """A path from a hex: its first hex, its last hex, its length and whether it bends once."""

    first: int
    last: int
    length: int
    bent: bool


def paths(origin: int, reach: int, may_bend: bool) -> tuple[Path, ...]:
    """Every path of 1..``reach`` steps from ``origin`` staying on the field, straight or (when ``may_bend``)
    with exactly one 60° turn, unique by (first hex, last hex)."""
    found: dict[tuple[int, int], Path] = {}
    for d in range(6):
        for length in range(1, reach + 1):
            turns = [None] if not may_bend else [None, *((d + t) % 6 for t in (1, -1))]
            for after in turns:
                # ``after`` is the direction taken after the turn; the turn may come after any step but the last.
                for split in range(1, length) if after is not None else [length]:
                    here, ok = origin, True
                    for i in range(length):
                        here = step(here, d if i < split else after if after is not None else d)
                        if here < 0:
                            ok = False
                            break
                    if not ok:
                        continue
                    first = step(origin, d)
                    found.setdefault((first, here), Path(first, here, length, after is not None))
    return tuple(found[key] for key in sorted(found))


_MOVES: Final = {(h, kind): paths(h, *MOVE_REACH[kind]) for h in range(len(HEXES)) for kind in MOVE_REACH}
_FLIGHTS: Final = {(h, kind): paths(h, *FLIGHT_REACH[kind]) for h in range(len(HEXES)) for kind in FLIGHT_REACH}


def move_targets(origin: int, kind: str = "") -> tuple[int, ...]:
    """The hexes a piece on ``origin`` may reach: one step without a bonus, or the 2-hex reach an activated
    Run bonus ``kind`` adds (never the plain one-step hexes)."""
    if kind and kind not in RUNS:
        return ()
    targets = {p.last for p in _MOVES[(origin, kind)] if p.length == (2 if kind else 1)}
    return tuple(sorted(targets))


def flights(origin: int, kind: str = "") -> tuple[Path, ...]:
    """The flights a disc thrown from ``origin`` may take: 1 or 2 hexes straight without a bonus, or the extra
    flights an activated Fly bonus ``kind`` adds (never those the basic rule already allows)."""
    if kind and kind not in FLIES:
        return ()
    if not kind:
        return _FLIGHTS[(origin, "")]
    return tuple(p for p in _FLIGHTS[(origin, kind)] if p.bent or p.length > 2)
