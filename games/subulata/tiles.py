"""The nine Subulata tiles, read from ``data/subulata.json`` and validated at import.

The tile faces of the real game are not published, so the shipped set is a ruling ("layout set v1",
``shared/rules/subulata.md``): keeping it as data lets a set copied from a real box replace it. A tile is
three rows of three terrains, listed north to south before rotation: ``W`` water (a piece starting there
moves 1 cell), ``F`` flower (2), ``L`` leaf (3).

The loader checks what the ruling promises: nine tiles ``T1``..``T9``, three cells of each terrain per
tile, no row or column of a tile made of one terrain, no two tiles alike even turned or flipped, and
every cell position holding each terrain three times across the set. A broken file fails loudly at
start-up rather than mid-game.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_FILE: Final = Path(__file__).resolve().parents[2] / "data" / "subulata.json"
TERRAINS: Final = "WFL"
DISTANCE: Final = {"W": 1, "F": 2, "L": 3}
"""How far a piece moves from a cell of each terrain."""

Grid = tuple[str, str, str]
"""A tile face: three rows of three terrain letters, north row first."""


def rotate(grid: Grid, quarter_turns: int) -> Grid:
    """``grid`` turned clockwise by ``quarter_turns`` quarter turns."""
    rows = list(grid)
    for _ in range(quarter_turns % 4):
        rows = ["".join(rows[2 - c][r] for c in range(3)) for r in range(3)]
    return (rows[0], rows[1], rows[2])


def _flip(grid: Grid) -> Grid:
    return (grid[0][::-1], grid[1][::-1], grid[2][::-1])


def _images(grid: Grid) -> set[Grid]:
    """The eight images of ``grid`` under turns and flips."""
    return {rotate(g, q) for g in (grid, _flip(grid)) for q in range(4)}


@dataclass(frozen=True, slots=True)
class TileSet:
    """The validated tile set: ``tiles[k]`` is the face of tile ``T{k+1}``."""

    name: str
    tiles: tuple[Grid, ...]


def parse_tiles(raw: Any) -> TileSet:
    """Validate the JSON document of the tile set.

    Raises:
        ValueError: naming every problem found.
    """
    problems: list[str] = []
    table = raw.get("tiles") if isinstance(raw, dict) else None
    if not isinstance(table, dict):
        raise ValueError("invalid Subulata tiles: no 'tiles' table")
    names = [f"T{k}" for k in range(1, 10)]
    if sorted(table) != sorted(names):
        problems.append(f"the tiles must be named T1..T9, found {sorted(table)}")
    tiles: list[Grid] = []
    for name in names:
        rows = table.get(name)
        if (
            not isinstance(rows, list)
            or len(rows) != 3
            or not all(isinstance(r, str) and len(r) == 3 and set(r) <= set(TERRAINS) for r in rows)
        ):
            problems.append(f"{name} must be three rows of three letters among W, F, L")
            continue
        grid: Grid = (rows[0], rows[1], rows[2])
        counts = Counter("".join(grid))
        if any(counts[t] != 3 for t in TERRAINS):
            problems.append(f"{name} must have three cells of each terrain, has {dict(counts)}")
        lines = [*grid, *("".join(r[c] for r in grid) for c in range(3))]
        if any(len(set(line)) == 1 for line in lines):
            problems.append(f"{name} has a row or column of a single terrain")
        tiles.append(grid)
    for i, a in enumerate(tiles):
        for j in range(i + 1, len(tiles)):
            if tiles[j] in _images(a):
                problems.append(f"T{i + 1} and T{j + 1} are alike once turned or flipped")
    if len(tiles) == 9:
        for r in range(3):
            for c in range(3):
                counts = Counter(t[r][c] for t in tiles)
                if any(counts[t] != 3 for t in TERRAINS):
                    problems.append(f"cell ({r}, {c}) does not hold each terrain three times across the set")
    if problems:
        raise ValueError("invalid Subulata tiles: " + "; ".join(problems))
    return TileSet(name=str(raw.get("set", "")), tiles=tuple(tiles))


def load_tiles(path: Path = DATA_FILE) -> TileSet:
    """Read and validate the tile file."""
    return parse_tiles(json.loads(path.read_text(encoding="utf-8")))


TILES: Final = load_tiles()
