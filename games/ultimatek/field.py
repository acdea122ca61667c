"""The Ultima-Tek field: 50 flat-topped hexes, their names and neighbours, read from ``data/ultimatek.json``.

Geometry (``shared/rules/ultimatek.md``): nine columns ``a`` (left) to ``i`` (right). Columns a, c, e, g, i
hold six hexes, rows 1 (top) to 6 (bottom); columns b, d, f, h hold five, rows 1 to 5, each sitting half a
hex lower than its neighbours, between rows ``r`` and ``r+1`` of the columns on either side. Columns a and
i are the grey end zones; blue (seat 0) attacks to the right and scores in column i, red (seat 1) in
column a.

The data file also holds the set-up (every piece's hex and strength, the hex of each side's midfield 3
where the disc starts when that side kicks off) and the number of bonus tokens of each kind. The loader
checks what the rules promise and fails loudly at import on a broken file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_FILE: Final = Path(__file__).resolve().parents[2] / "data" / "ultimatek.json"
LETTERS: Final = "abcdefghi"
SIDES: Final = ("blue", "red")
"""Seat 0 is blue (attacks to the right), seat 1 is red."""
DIRECTIONS: Final = ("N", "NE", "SE", "S", "SW", "NW")
"""The six straight directions, clockwise: neighbouring entries differ by a 60° turn."""
BONUS_KINDS: Final = ("run", "run/", "fly", "fly/", "fly+/", "stop")
"""The typable names of the bonus kinds (Run +, Run +/, Fly +, Fly /, Fly +/, Stop), in a fixed order."""


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex of the field: ``column`` 0 (a, left) to 8 (i, right), ``row`` 0 (top) to 5 (or 4 in odd columns)."""

    column: int
    row: int

    @property
    def name(self) -> str:
        """The typable name: column letter and row number from 1, such as ``c3``."""
        return f"{LETTERS[self.column]}{self.row + 1}"

    @property
    def grey(self) -> bool:
        """True for the end-zone hexes (columns a and i); the others are green."""
        return self.column in (0, 8)

    @property
    def lowered(self) -> bool:
        """True in the odd columns (b, d, f, h), drawn half a hex lower than their neighbours."""
        return self.column % 2 == 1


@dataclass(frozen=True, slots=True)
class Field:
    """The validated contents of the data file.

    ``hexes`` lists the 50 hexes column by column, top to bottom; a hex's position in it is its index,
    used by the engine. ``setup[s]`` gives seat ``s``'s pieces as ``(hex index, strength)`` sorted by hex;
    ``kickoff_hex[s]`` is the disc's hex when seat ``s`` kicks off; ``goal_column[s]`` the column where
    seat ``s`` scores; ``bonus_counts`` the number of tokens of each kind, in :data:`BONUS_KINDS` order.
    """

    hexes: tuple[Hex, ...]
    setup: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    kickoff_hex: tuple[int, int]
    goal_column: tuple[int, int]
    bonus_counts: tuple[int, ...]


def _offset_neighbour(column: int, row: int, direction: str) -> tuple[int, int]:
    """The (column, row) one step away in ``direction``, which may lie off the field."""
    if direction == "N":
        return column, row - 1
    if direction == "S":
        return column, row + 1
    dc = 1 if direction in ("NE", "SE") else -1
    # An odd column sits half a hex lower: its upper diagonal neighbours share its row number, while an
    # even column's upper diagonal neighbours are one row number lower.
    upper = row if column % 2 == 1 else row - 1
    return column + dc, upper if direction in ("NE", "NW") else upper + 1


def _parse_hex(name: object, heights: list[int], problems: list[str], what: str) -> Hex | None:
    if not isinstance(name, str) or len(name) < 2 or name[0] not in LETTERS or not name[1:].isdigit():
        problems.append(f"{what}: {name!r} is not a hex name")
        return None
    column, row = LETTERS.index(name[0]), int(name[1:]) - 1
    if column >= len(heights) or not 0 <= row < heights[column]:
        problems.append(f"{what}: {name} is not on the field")
        return None
    return Hex(column, row)


def parse_field(raw: Any) -> Field:
    """Validate the JSON document of the field, set-up and bonus bag.

    Raises:
        ValueError: naming every problem found.
    """
    if not isinstance(raw, dict):
        raise ValueError("invalid Ultima-Tek data: not a JSON object")
    problems: list[str] = []
    heights = raw.get("columns")
    if heights != [6, 5, 6, 5, 6, 5, 6, 5, 6]:
        problems.append("columns must be 6, 5, 6, 5, 6, 5, 6, 5, 6 hexes (50 in all)")
        heights = [6, 5, 6, 5, 6, 5, 6, 5, 6]
    hexes = tuple(Hex(c, r) for c in range(9) for r in range(heights[c]))
    if raw.get("grey_columns") != ["a", "i"]:
        problems.append("the grey columns must be a and i")
    if raw.get("goal_column") != {"blue": "i", "red": "a"}:
        problems.append("blue must score in column i and red in column a")
    setup: list[tuple[tuple[int, int], ...]] = [(), ()]
    kickoff: list[int] = [0, 0]
    table = raw.get("setup")
    kick_table = raw.get("kickoff_hex")
    if not isinstance(table, dict) or sorted(table) != sorted(SIDES):
        problems.append("setup must list blue and red")
        table = {}
    if not isinstance(kick_table, dict) or sorted(kick_table) != sorted(SIDES):
        problems.append("kickoff_hex must name a hex for blue and for red")
        kick_table = {}
    for s, side in enumerate(SIDES):
        pieces = table.get(side)
        if not isinstance(pieces, dict):
            problems.append(f"setup of {side} must map hexes to strengths")
            continue
        placed: list[tuple[int, int]] = []
        for name, strength in pieces.items():
            h = _parse_hex(name, heights, problems, f"setup of {side}")
            if h is None:
                continue
            if strength not in (1, 2, 3):
                problems.append(f"setup of {side}: {name} has strength {strength!r}, not 1, 2 or 3")
                continue
            placed.append((hexes.index(h), strength))
        if sorted(v for _, v in placed) != [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]:
            problems.append(f"{side} must have four pieces of strength 1, four of 2 and two of 3")
        if any(hexes[i].grey for i, _ in placed):
            problems.append(f"{side} must not start in a grey zone")
        setup[s] = tuple(sorted(placed))
        kick = _parse_hex(kick_table.get(side), heights, problems, f"kickoff_hex of {side}")
        if kick is not None:
            kickoff[s] = hexes.index(kick)
            if (kickoff[s], 3) not in placed:
                problems.append(f"the kick-off hex of {side} must hold one of its pieces of strength 3")
    mirrored = tuple(sorted((hexes.index(Hex(8 - hexes[i].column, hexes[i].row)), v) for i, v in setup[0]))
    if setup[0] and setup[1] and mirrored != setup[1]:
        problems.append("red's set-up must mirror blue's across the middle column")
    if {i for i, _ in setup[0]} & {i for i, _ in setup[1]}:
        problems.append("blue and red start on a common hex")
    counts = raw.get("bonuses")
    bonus_counts: tuple[int, ...] = ()
    if not isinstance(counts, dict) or sorted(counts) != sorted(BONUS_KINDS):
        problems.append(f"bonuses must give a count for each of {', '.join(BONUS_KINDS)}")
    elif not all(isinstance(counts[k], int) and counts[k] > 0 for k in BONUS_KINDS):
        problems.append("every bonus count must be a positive whole number")
    else:
        bonus_counts = tuple(counts[k] for k in BONUS_KINDS)
        if sum(bonus_counts) != 26:
            problems.append(f"the bag must hold 26 bonus tokens, found {sum(bonus_counts)}")
    if problems:
        raise ValueError("invalid Ultima-Tek data: " + "; ".join(problems))
    return Field(
        hexes=hexes,
        setup=(setup[0], setup[1]),
        kickoff_hex=(kickoff[0], kickoff[1]),
        goal_column=(8, 0),
        bonus_counts=bonus_counts,
    )


def load_field(path: Path = DATA_FILE) -> Field:
    """Read and validate the data file."""
    return parse_field(json.loads(path.read_text(encoding="utf-8")))


FIELD: Final = load_field()
HEXES: Final = FIELD.hexes
"""The 50 hexes by index (column by column, top to bottom)."""
INDEX: Final = {h: i for i, h in enumerate(HEXES)}
BY_NAME: Final = {h.name: i for i, h in enumerate(HEXES)}
"""The index of each hex by its name (``c3``)."""


def _neighbour_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for h in HEXES:
        row = []
        for d in DIRECTIONS:
            c, r = _offset_neighbour(h.column, h.row, d)
            row.append(INDEX.get(Hex(c, r), -1))
        table.append(tuple(row))
    return tuple(table)


NEIGHBOURS: Final = _neighbour_table()
"""``NEIGHBOURS[i][d]``: the hex one step from hex ``i`` in direction ``DIRECTIONS[d]``, or -1 off the field."""


def step(index: int, direction: int) -> int:
    """The hex one step from ``index`` in direction number ``direction`` (0..5), -1 off the field."""
    return NEIGHBOURS[index][direction]


def hex_name(index: int) -> str:
    """The name of hex ``index``."""
    return HEXES[index].name
