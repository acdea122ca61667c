"""The crosstable: each player's results round by round, with opponents by final rank, and in the CSV file."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from bot.app.tournaments.crosstable import crosstable
from bot.app.tournaments.standings import CsvStyle, Missed, swiss_standings, table_standings, to_csv
from tests.test_tournament_standings import NAMES, PLAYERS, SEVEN, SWISS, TABLES


def test_the_small_swiss_as_a_wall_chart() -> None:
    # Final ranks: 1 Eve, 2 Cid, 3 Ann, 4 Dee, 5 Bob (see test_small_swiss_by_hand).
    rows = swiss_standings(PLAYERS, SWISS)
    cells = crosstable(rows, SWISS, 3)
    assert cells["E"] == ("bye", "W3", "D2")
    assert cells["A"] == ("W5", "L1", "W4")
    assert cells["B"] == ("L3", "L2", "bye")
    assert cells["C"] == ("D4", "W5", "D1")
    assert cells["D"] == ("D2", "bye", "L3")


def test_french_letters_no_cell_a_spreadsheet_would_run_and_unplayed_rounds_empty() -> None:
    rows = swiss_standings(PLAYERS, SWISS[:3])
    cells = crosstable(rows, SWISS[:3], 2, CsvStyle(win="G", draw="N", loss="P", bye="exempt"))
    assert cells["A"] == ("G5", "")
    assert cells["E"] == ("exempt", "")
    assert not any(cell[:1] in "+=-@" and cell for row in cells.values() for cell in row)


def test_tables_give_the_place_and_the_table_size() -> None:
    rows = table_standings(SEVEN, TABLES)
    cells = crosstable(rows, TABLES, 2)
    assert cells["A"] == ("1/4", "2/4")
    assert cells["F"] == ("2/3", "2/3")
    assert cells["G"] == ("2/3", "4/4")


def test_the_csv_ends_with_one_column_per_round() -> None:
    rows = swiss_standings(PLAYERS, SWISS)
    style = CsvStyle(delimiter=";", decimal=",", round="Ronde {n}")
    parsed = list(csv.reader(io.StringIO(to_csv(rows, NAMES, style, crosstable(rows, SWISS, 3))), delimiter=";"))
    assert parsed[0][-4:] == ["withdrawn", "Ronde 1", "Ronde 2", "Ronde 3"]
    assert parsed[1][1] == "Eve" and parsed[1][-3:] == ["bye", "W3", "D2"]
    # Without a crosstable the file is as before.
    assert to_csv(rows, NAMES).splitlines()[0].endswith(",withdrawn")


def test_a_late_entrants_missed_rounds_say_what_they_count() -> None:
    results = [*SWISS[:3], Missed(1, "F", Fraction(1, 2))]
    rows = swiss_standings([*PLAYERS, "F"], results)
    assert crosstable(rows, results, 1)["F"] == ("not entered (½)",)
