"""The soup: 19 squares around the island, their names, neighbours and the die faces.

Squares are numbered 0..18 in reading order (north row first, west to east) and named by column
letter ``a``–``e`` (west to east) and row digit ``1``–``5`` (north to south): ``b1`` is the lone square
of the top row, ``c3`` the island. The layout comes from ``data/ursuppe.json``.
"""

from __future__ import annotations

from typing import Final

from games.ursuppe.tables import TABLES

DIRECTIONS: Final = ("N", "E", "S", "W")
"""Internal direction codes 0..3; code 4 (:data:`STAY`) means staying put."""
STAY: Final = 4
_DELTA: Final = ((-1, 0), (0, 1), (1, 0), (0, -1))

COORDS: Final = tuple((r, c) for r, row in enumerate(TABLES.rows) for c, cell in enumerate(row) if cell == "#")
"""``(row, col)`` of each square, by square index."""
ISLAND: Final = next((r, c) for r, row in enumerate(TABLES.rows) for c, cell in enumerate(row) if cell == "C")
SQUARES: Final = len(COORDS)
NAMES: Final = tuple(f"{'abcde'[c]}{r + 1}" for r, c in COORDS)
"""The name of each square, by square index."""
INDEX: Final = {name: i for i, name in enumerate(NAMES)}
"""The index of each square name."""
_AT: Final = {rc: i for i, rc in enumerate(COORDS)}


def _step(square: int, direction: int) -> int:
    if direction == STAY:
        return square
    r, c = COORDS[square]
    dr, dc = _DELTA[direction]
    # Off the board or into the island: the amoeba stays where it is.
    return _AT.get((r + dr, c + dc), square)


STEP: Final = tuple(tuple(_step(sq, d) for d in range(5)) for sq in range(SQUARES))
"""``STEP[square][direction]``: where a move in that direction ends (the same square when blocked)."""
ADJACENT: Final = tuple(tuple(sorted({STEP[sq][d] for d in range(4)} - {sq})) for sq in range(SQUARES))
"""The orthogonal neighbours of each square (the island and the edge are not neighbours)."""

FACE_DIRECTIONS: Final = tuple(
    (DIRECTIONS.index(f),) if f in DIRECTIONS else (STAY,) if f == "stay" else (0, 1, 2, 3) for f in TABLES.die_faces
)
"""For die faces 1..6 (index 0..5): the directions that face allows (a free face allows all four)."""
DIRECTION_WORDS: Final = {"N": 0, "E": 1, "S": 2, "W": 3}


def direction_name(direction: int) -> str:
    """``N``, ``E``, ``S``, ``W`` or ``stay``."""
    return "stay" if direction == STAY else DIRECTIONS[direction]
