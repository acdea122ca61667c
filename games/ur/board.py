"""The Ur board shared by every rule set: squares, motifs and the players' paths, read from ``data/ur.json``.

Squares are named by row letter and column (``A1`` .. ``C8``); row A is seat 0's lane, row C seat 1's,
row B the shared middle. The file is read once at import and validated, so a broken data file fails
loudly at start-up instead of mid-game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from games.base import Seat

DATA_FILE: Final = Path(__file__).resolve().parents[2] / "data" / "ur.json"

MOTIFS: Final = frozenset({"rosette", "eyes", "dots5", "castle20", "castle5", "grid12"})


@dataclass(frozen=True, slots=True)
class Board:
    """The validated board data."""

    rows: tuple[str, ...]
    columns: int
    motifs: dict[str, str]
    """Motif of every existing square, by square name."""
    lanes: tuple[str, str]
    """The lane row of seat 0 and seat 1."""
    paths: dict[str, tuple[str, ...]]
    """Named paths, written for a generic lane letter ``L``."""

    @property
    def squares(self) -> tuple[str, ...]:
        """Every square, row by row."""
        return tuple(
            sq for sq in (f"{r}{c}" for r in self.rows for c in range(1, self.columns + 1)) if sq in self.motifs
        )

    def path(self, name: str, seat: Seat) -> tuple[str, ...]:
        """The squares of path ``name`` for ``seat``, in order."""
        lane = self.lanes[seat]
        return tuple(sq.replace("L", lane) for sq in self.paths[name])

    def is_rosette(self, square: str) -> bool:
        """True for the five rosette squares."""
        return self.motifs.get(square) == "rosette"


def parse_board(raw: Any) -> Board:
    """Validate the JSON document of the board and build a :class:`Board`.

    Raises:
        ValueError: naming every problem found.
    """
    problems: list[str] = []
    rows = tuple(raw.get("rows", ()))
    columns = raw.get("columns")
    if rows != ("A", "B", "C"):
        problems.append(f"rows must be A, B, C, not {rows}")
    if columns != 8:
        problems.append(f"columns must be 8, not {columns}")
    motifs: dict[str, str] = {}
    for row, cells in raw.get("motifs", {}).items():
        if len(cells) != 8:
            problems.append(f"row {row} has {len(cells)} cells, expected 8")
        for col, motif in enumerate(cells, start=1):
            if motif is None:
                continue
            if motif not in MOTIFS:
                problems.append(f"{row}{col}: unknown motif {motif!r}")
            motifs[f"{row}{col}"] = motif
    if len(motifs) != 20:
        problems.append(f"the board must have 20 squares, found {len(motifs)}")
    lanes = tuple(raw.get("lanes", ()))
    if lanes != ("A", "C"):
        problems.append(f"lanes must be A and C, not {lanes}")
    paths = {name: tuple(p) for name, p in raw.get("paths", {}).items()}
    if "race" not in paths:
        problems.append("the race path is missing")
    for name, path in paths.items():
        for seat_lane in ("A", "C"):
            for sq in path:
                real = sq.replace("L", seat_lane)
                if real not in motifs:
                    problems.append(f"path {name} uses {real}, which is not a square")
        if len(set(path)) != len(path):
            problems.append(f"path {name} visits a square twice")
    if problems:
        raise ValueError("invalid Ur board data: " + "; ".join(problems))
    return Board(rows=rows, columns=8, motifs=motifs, lanes=("A", "C"), paths=paths)


def load_board(path: Path = DATA_FILE) -> Board:
    """Read and validate the board file."""
    return parse_board(json.loads(path.read_text(encoding="utf-8")))


BOARD: Final = load_board()
