"""The data files: every file in ``data/`` goes through its loader, and broken documents are refused.

``LOADERS`` maps each data file to the function that reads and validates it; a new data file without a
loader fails :func:`test_every_data_file_has_a_loader`, so nothing in ``data/`` goes unvalidated.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.subulata.tiles import load_tiles
from games.ultimatek.field import load_field
from games.ur import board as ur_board
from games.ur.board import Board, load_board, parse_board
from games.ursuppe.tables import load_tables

DATA_DIR = Path(__file__).resolve().parents[1] / "data"

LOADERS: dict[str, Callable[[Path], object]] = {
    "ur.json": load_board,
    "subulata.json": load_tiles,
    "ultimatek.json": load_field,
    "ursuppe.json": load_tables,
}
"""The loader of every file in ``data/``, by file name."""


def data_files() -> list[str]:
    """The names of the files in ``data/`` (hidden files aside)."""
    return sorted(p.name for p in DATA_DIR.iterdir() if p.is_file() and not p.name.startswith("."))


def test_every_data_file_has_a_loader() -> None:
    """Each file in ``data/`` is registered in LOADERS, and each registered file exists."""
    assert set(data_files()) == set(LOADERS)


@pytest.mark.parametrize("name", data_files())
def test_data_file_loads(name: str) -> None:
    """The loader accepts the shipped file."""
    assert name in LOADERS, f"no loader registered for data/{name}"
    assert LOADERS[name](DATA_DIR / name) is not None


def ur_document() -> dict[str, Any]:
    """A fresh copy of the shipped Ur board document, to break in tests."""
    return copy.deepcopy(json.loads((DATA_DIR / "ur.json").read_text(encoding="utf-8")))


# The shipped board is the one ur.md describes.


def test_ur_board_matches_the_rules() -> None:
    """ur.md: 3 × 8 with A5, A6, C5, C6 missing (20 squares); motifs as in the British Museum board."""
    b = load_board()
    assert b == ur_board.BOARD
    assert len(b.squares) == 20
    assert {"A5", "A6", "C5", "C6"}.isdisjoint(b.squares)
    table = {
        "A": ["rosette", "eyes", "dots5", "eyes", None, None, "rosette", "castle5"],
        "B": ["grid12", "dots5", "castle20", "rosette", "dots5", "castle20", "eyes", "dots5"],
        "C": ["rosette", "eyes", "dots5", "eyes", None, None, "rosette", "castle5"],
    }
    for row, cells in table.items():
        assert [b.motifs.get(f"{row}{col}") for col in range(1, 9)] == cells
    assert Counter(b.motifs.values()) == {"rosette": 5, "eyes": 5, "dots5": 5, "castle20": 2, "castle5": 2, "grid12": 1}
    assert sorted(sq for sq in b.squares if b.is_rosette(sq)) == ["A1", "A7", "B4", "C1", "C7"]
    assert b.lanes == ("A", "C")
    race_a = ("A4", "A3", "A2", "A1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "A8", "A7")
    assert b.path("race", 0) == race_a
    assert b.path("race", 1) == tuple(sq.replace("A", "C") for sq in race_a)


# Broken documents.


def problems_of(doc: dict[str, Any]) -> str:
    """The message with which ``parse_board`` refuses ``doc`` (fails if it accepts it)."""
    with pytest.raises(ValueError, match="invalid Ur board data") as err:
        parse_board(doc)
    return str(err.value)


def test_the_unchanged_document_is_accepted() -> None:
    """The baseline of the tests below: the shipped document parses."""
    assert isinstance(parse_board(ur_document()), Board)


def test_wrong_row_count_is_refused() -> None:
    """A board with a fourth row, or a row of seven cells, is refused."""
    doc = ur_document()
    doc["rows"] = ["A", "B", "C", "D"]
    doc["motifs"]["D"] = ["eyes"] * 8
    message = problems_of(doc)
    assert "rows must be A, B, C" in message
    assert "20 squares, found 28" in message

    doc = ur_document()
    doc["motifs"]["B"] = doc["motifs"]["B"][:7]
    assert "row B has 7 cells, expected 8" in problems_of(doc)

    doc = ur_document()
    del doc["motifs"]["C"]
    assert "20 squares, found 14" in problems_of(doc)


def test_unknown_motif_is_refused() -> None:
    """A motif outside the six of the board is refused, naming the square."""
    doc = ur_document()
    doc["motifs"]["A"][1] = "star"
    assert "A2: unknown motif 'star'" in problems_of(doc)


def test_path_through_a_missing_square_is_refused() -> None:
    """A path through a square that does not exist (A5/C5) is refused, for each lane."""
    doc = ur_document()
    doc["paths"]["race"][0] = "L5"
    message = problems_of(doc)
    assert "path race uses A5, which is not a square" in message
    assert "path race uses C5, which is not a square" in message


RACE_A = ["L4", "L3", "L2", "L1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "L8", "L7"]


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("columns", 9, "columns must be 8"),
        ("lanes", ["A", "B"], "lanes must be A and C"),
        ("paths", {"race": [*RACE_A, "B1"]}, "path race visits a square twice"),
        ("paths", {}, "the race path is missing"),
    ],
)
def test_other_broken_fields_are_refused(field: str, value: object, expected: str) -> None:
    """Wrong column count, lanes, a path visiting a square twice, a missing race path."""
    doc = ur_document()
    assert doc["paths"]["race"] == RACE_A
    doc[field] = value
    assert expected in problems_of(doc)


def test_every_problem_is_named_at_once() -> None:
    """A document with several problems is refused with one message naming each of them."""
    doc = ur_document()
    doc["rows"] = ["A", "B"]
    doc["motifs"]["B"] = doc["motifs"]["B"][:7]
    doc["motifs"]["A"][1] = "star"
    doc["motifs"]["C"][2] = "castle99"
    doc["paths"]["race"][-1] = "L6"
    message = problems_of(doc)
    for expected in [
        "rows must be A, B, C",
        "row B has 7 cells, expected 8",
        "A2: unknown motif 'star'",
        "C3: unknown motif 'castle99'",
        "path race uses A6, which is not a square",
        "path race uses C6, which is not a square",
    ]:
        assert expected in message


def test_load_board_refuses_a_broken_file(tmp_path: Path) -> None:
    """The loader itself (file → document → board) refuses a broken file."""
    doc = ur_document()
    doc["motifs"]["B"][3] = "star"
    broken = tmp_path / "ur.json"
    broken.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError, match="B4: unknown motif 'star'"):
        load_board(broken)
