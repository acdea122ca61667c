"""Standings against worked examples, tie-breaks, withdrawals, replaced results and CSV."""

from __future__ import annotations

import csv
import io

import pytest

from bot.app.tournaments.pairing import Round, swiss_round
from bot.app.tournaments.standings import (
    Bye,
    CsvStyle,
    Game,
    PointSystem,
    Result,
    StandingRow,
    TableGame,
    TieBreak,
    game_from_outcome,
    points_of,
    replace_result,
    rounds_of,
    swiss_standings,
    table_game_from_outcome,
    table_standings,
    to_csv,
)
from games.base import Outcome, Termination

W, L, D = Result.FIRST_WINS, Result.SECOND_WINS, Result.DRAW

PLAYERS = ["A", "B", "C", "D", "E"]
NAMES = {"A": "Ann", "B": "Bob", "C": "Cid", "D": "Dee", "E": "Eve"}
SWISS: list[Game[str] | Bye[str]] = [
    Game(1, "A", "B", W),
    Game(1, "C", "D", D),
    Bye(1, "E"),
    Game(2, "E", "A", W),
    Game(2, "C", "B", W),
    Bye(2, "D"),
    Game(3, "E", "C", D),
    Game(3, "D", "A", L),
    Bye(3, "B"),
]


def test_small_swiss_by_hand() -> None:
    """Five players, three rounds (seat 0 first):

    ====  ==========  ==========  ==========
    rnd   board 1     board 2     bye
    ====  ==========  ==========  ==========
    1     A-B 1-0     C-D ½-½     E
    2     E-A 1-0     C-B 1-0     D
    3     E-C ½-½     D-A 0-1     B
    ====  ==========  ==========  ==========

    Points: A 1+0+1 = 2, B 0+0+1 = 1, C ½+1+½ = 2, D ½+1+0 = 1.5, E 1+1+½ = 2.5.

    Buchholz (opponents' points; a bye in round R counts a virtual opponent with the player's points
    before R, plus win − bye = 0, plus ½ per round after R):
    A: B 1 + E 2.5 + D 1.5 = 5;  B: A 2 + C 2 + virtual (0 before round 3) 0 = 4;
    C: D 1.5 + B 1 + E 2.5 = 5;  D: C 2 + virtual (½ before round 2, + ½) 1 + A 2 = 5;
    E: virtual (0 before round 1, + ½ + ½) 1 + A 2 + C 2 = 5.

    Sonneborn–Berger (beaten opponents' points, half of drawn ones'; a bye adds nothing):
    A: B 1 + D 1.5 = 2.5;  B: 0;  C: ½·1.5 + 1 + ½·2.5 = 3;  D: ½·2 = 1;  E: 2 + ½·2 = 3.

    Order: E 2.5; then A and C on 2 with Buchholz 5 each, so Sonneborn–Berger puts C (3) before
    A (2.5); D 1.5; B 1.
    """
    rows = swiss_standings(PLAYERS, SWISS)
    assert [(r.rank, r.player, r.points) for r in rows] == [
        (1, "E", 2.5),
        (2, "C", 2.0),
        (3, "A", 2.0),
        (4, "D", 1.5),
        (5, "B", 1.0),
    ]
    by = {r.player: r for r in rows}
    assert {p: by[p].tiebreak("buchholz") for p in PLAYERS} == {"A": 5, "B": 4, "C": 5, "D": 5, "E": 5}
    assert {p: by[p].tiebreak("sonneborn_berger") for p in PLAYERS} == {"A": 2.5, "B": 0, "C": 3, "D": 1, "E": 3}
    assert (by["E"].played, by["E"].wins, by["E"].draws, by["E"].losses, by["E"].byes) == (2, 1, 1, 0, 1)
    assert (by["A"].played, by["A"].wins, by["A"].draws, by["A"].losses, by["A"].byes) == (3, 2, 0, 1, 0)
    with pytest.raises(KeyError):
        by["A"].tiebreak("wins")


def test_wins_as_the_second_tiebreak() -> None:
    """With wins instead of Sonneborn–Berger, A (two wins) passes C (one win)."""
    rows = swiss_standings(PLAYERS, SWISS, tiebreaks=(TieBreak.BUCHHOLZ, TieBreak.WINS))
    assert [r.player for r in rows] == ["E", "A", "C", "D", "B"]
    assert rows[1].tiebreaks == (("buchholz", 5.0), ("wins", 2.0))


def test_full_ties_share_a_rank_in_seeding_order() -> None:
    rows = swiss_standings(["x", "y", "z"], [Game(1, "y", "x", D), Bye(1, "z")])
    # x and y: ½ point, Buchholz ½, SB ¼ each. z: 1 point, Buchholz 0 (a bye in the last round), SB 0.
    assert [(r.rank, r.player) for r in rows] == [(1, "z"), (2, "x"), (2, "y")]


def test_after_round_one_the_bye_shares_first_place_with_the_winners() -> None:
    """Seven players, round 1: three winners and a bye. The bye is worth a win, and its virtual opponent
    (0 points before the round, lost to the player, no later round) adds nothing to Buchholz: the four
    share first place, as the three losers share fifth."""
    results: list[Game[str] | Bye[str]] = [
        Game(1, "ann", "dan", L),
        Game(1, "eve", "ben", W),
        Game(1, "cat", "fay", L),
        Bye(1, "gus"),
    ]
    rows = swiss_standings(["ann", "ben", "cat", "dan", "eve", "fay", "gus"], results)
    assert [(r.rank, r.player) for r in rows] == [
        (1, "dan"),
        (1, "eve"),
        (1, "fay"),
        (1, "gus"),
        (5, "ann"),
        (5, "ben"),
        (5, "cat"),
    ]


def test_no_results_everyone_shares_first_place() -> None:
    rows = swiss_standings([3, 1, 2], [])
    assert [(r.rank, r.player, r.points) for r in rows] == [(1, 3, 0.0), (1, 1, 0.0), (1, 2, 0.0)]


def test_configurable_points() -> None:
    football = PointSystem(win=3, draw=1, loss=0, bye=3)
    points = points_of(swiss_standings(PLAYERS, SWISS, points=football))
    assert points == {"A": 6, "B": 3, "C": 5, "D": 4, "E": 7}


def test_double_forfeit_is_a_loss_for_both() -> None:
    rows = swiss_standings(["a", "b"], [Game(1, "a", "b", Result.BOTH_LOSE)])
    for row in rows:
        assert (row.points, row.played, row.losses, row.tiebreak("sonneborn_berger")) == (0, 1, 1, 0)


def test_withdrawn_player_stays_in_the_standings_and_is_not_paired() -> None:
    rows = swiss_standings(PLAYERS, SWISS, withdrawn={"D"})
    d = next(r for r in rows if r.player == "D")
    assert d.withdrawn and d.rank == 4 and d.points == 1.5
    assert sum(r.withdrawn for r in rows) == 1
    fourth = swiss_round(PLAYERS, points_of(rows), rounds_of(SWISS), withdrawn={"D"})
    assert "D" not in fourth.players()
    assert sorted(fourth.players()) == ["A", "B", "C", "E"] and not fourth.byes


def test_replacing_a_result_recomputes_everything() -> None:
    """The organiser rules that C won the round 3 game: C 2.5, E 2, and A's Buchholz drops by E's ½ to 4.5."""
    fixed = replace_result(SWISS, Game(3, "C", "E", W))
    assert len(fixed) == len(SWISS) and Game(3, "E", "C", D) not in fixed
    rows = swiss_standings(PLAYERS, fixed)
    assert [(r.player, r.points) for r in rows[:2]] == [("C", 2.5), ("E", 2.0)]
    assert next(r for r in rows if r.player == "A").tiebreak("buchholz") == 4.5
    assert SWISS[6] == Game(3, "E", "C", D)  # the original list is untouched
    with pytest.raises(KeyError):
        replace_result(SWISS, Game(3, "A", "B", W))


def test_results_are_checked() -> None:
    with pytest.raises(ValueError, match="not among the players"):
        swiss_standings(["A", "B"], [Game(1, "A", "Z", W)])
    with pytest.raises(ValueError, match="two results in round 1"):
        swiss_standings(PLAYERS, [*SWISS, Game(1, "A", "E", D)])
    with pytest.raises(ValueError, match="listed twice"):
        swiss_standings(["A", "A"], [])


def test_rounds_of_results() -> None:
    assert rounds_of(SWISS) == [
        Round((("A", "B"), ("C", "D")), ("E",)),
        Round((("E", "A"), ("C", "B")), ("D",)),
        Round((("E", "C"), ("D", "A")), ("B",)),
    ]


def test_eight_players_three_rounds_from_standings() -> None:
    """The loop the bot runs: standings -> pairing -> results, three times, no rematch."""
    players = [f"p{i}" for i in range(8)]
    results: list[Game[str] | Bye[str]] = []
    for number in (1, 2, 3):
        rows = swiss_standings(players, results)
        round_ = swiss_round(players, points_of(rows), rounds_of(results))
        # The better seed wins, except that every third board is drawn.
        for board, (first, second) in enumerate(round_.pairs):
            result = D if board % 3 == 2 else (W if players.index(first) < players.index(second) else L)
            results.append(Game(number, first, second, result))
    met = [frozenset((g.first, g.second)) for g in results if isinstance(g, Game)]
    assert len(met) == len(set(met)) == 12
    rows = swiss_standings(players, results)
    assert sum(r.points for r in rows) == 12  # one point per game


# From match outcomes.


@pytest.mark.parametrize(
    ("outcome", "result"),
    [
        (Outcome(Termination.NORMAL, winners=(0,)), W),
        (Outcome(Termination.NO_MOVES, winners=(1,)), L),
        (Outcome(Termination.RESIGNATION, winners=(1,)), L),
        (Outcome(Termination.FORFEIT, winners=(0,)), W),
        (Outcome(Termination.NORMAL, scores=(4, 4)), D),
        (Outcome(Termination.DRAW_AGREED), D),
        (Outcome(Termination.FORFEIT), Result.BOTH_LOSE),
    ],
)
def test_game_from_outcome(outcome: Outcome, result: Result) -> None:
    assert game_from_outcome(2, "a", "b", outcome) == Game(2, "a", "b", result)


def test_aborted_games_do_not_count() -> None:
    assert game_from_outcome(1, "a", "b", Outcome(Termination.ABORTED)) is None
    assert table_game_from_outcome(1, ["a", "b", "c"], Outcome(Termination.ABORTED)) is None


def test_table_game_from_outcome() -> None:
    outcome = Outcome(Termination.NORMAL, winners=(1,), ranking=(1, 0, 2), scores=(30, 50, 20))
    assert table_game_from_outcome(4, ["a", "b", "c"], outcome) == TableGame(
        4, ("a", "b", "c"), (2, 1, 3), (30, 50, 20)
    )
    resigned = Outcome(Termination.RESIGNATION, winners=(0, 2, 3))
    assert table_game_from_outcome(1, [1, 2, 3, 4], resigned) == TableGame(1, (1, 2, 3, 4), (1, 4, 1, 1))


# Multiplayer tables.

SEVEN = ["A", "B", "C", "D", "E", "F", "G"]
TABLES = [
    TableGame(1, ("A", "B", "C", "D"), (1, 2, 3, 4), (50, 40, 30, 20)),
    TableGame(1, ("E", "F", "G"), (1, 2, 2), (45, 35, 35)),
    TableGame(2, ("A", "E", "G", "D"), (2, 1, 4, 3), (42, 48, 20, 30)),
    TableGame(2, ("B", "C", "F"), (1, 3, 2), (44, 25, 38)),
]


def test_ursuppe_tables_by_hand() -> None:
    """Seven players, two rounds of a table of 4 and a table of 3.

    Table points (4 seats: 60 40 20 0; 3 seats: 60 30 0; a shared place averages the places it
    covers, so F and G sharing 2nd of 3 get (30 + 0) / 2 = 15 each):

    round 1: A 60, B 40, C 20, D 0 | E 60, F 15, G 15
    round 2: E 60, A 40, D 20, G 0 | B 60, F 30, C 0

    Totals (points, game score): A 100 (92), B 100 (84), C 20 (55), D 20 (50), E 120 (93),
    F 45 (73), G 15 (55). Order: E; A before B on game score; F; C before D on game score; G.
    """
    rows = table_standings(SEVEN, TABLES)
    assert [(r.rank, r.player, r.points, r.tiebreak("game_score")) for r in rows] == [
        (1, "E", 120, 93),
        (2, "A", 100, 92),
        (3, "B", 100, 84),
        (4, "F", 45, 73),
        (5, "C", 20, 55),
        (6, "D", 20, 50),
        (7, "G", 15, 55),
    ]
    by = {r.player: r for r in rows}
    assert (by["E"].played, by["E"].wins, by["E"].draws, by["E"].losses) == (2, 2, 0, 0)
    assert (by["F"].played, by["F"].wins, by["F"].draws, by["F"].losses) == (2, 0, 0, 2)


def test_shared_first_place_and_full_ties() -> None:
    # b and c share places 1-2 of a table of 3: (60 + 30) / 2 each; equal scores too, so a full tie.
    rows = table_standings(["a", "b", "c"], [TableGame(1, ("c", "b", "a"), (1, 1, 3), (5, 5, 1))])
    assert [(r.rank, r.player, r.points) for r in rows] == [(1, "b", 45), (1, "c", 45), (3, "a", 0)]
    assert (rows[0].wins, rows[0].draws) == (0, 1)


def test_tables_custom_points_and_checks() -> None:
    game = TableGame(1, ("a", "b", "c"), (1, 2, 3))
    rows = table_standings(["a", "b", "c"], [game], table_points={3: (3, 1, 0)})
    assert [r.points for r in rows] == [3, 1, 0]
    assert rows[0].tiebreak("game_score") == 0  # no scores kept
    with pytest.raises(ValueError):
        table_standings(["a", "b", "c"], [game], table_points={4: (3, 2, 1, 0)})
    with pytest.raises(ValueError):
        table_standings(["a", "b", "c"], [TableGame(1, ("a", "b", "c"), (1, 2))])
    with pytest.raises(ValueError):
        table_standings(["a", "b"], [game])


def test_withdrawn_at_tables() -> None:
    rows = table_standings(SEVEN, TABLES, withdrawn={"G"})
    assert [r.player for r in rows if r.withdrawn] == ["G"]


# CSV.


def test_csv_of_the_small_swiss() -> None:
    text = to_csv(swiss_standings(PLAYERS, SWISS), NAMES)
    assert text == (
        "rank,name,points,played,wins,draws,losses,byes,buchholz,sonneborn_berger,withdrawn\n"
        "1,Eve,2.5,2,1,1,0,1,5,3,\n"
        "2,Cid,2,3,1,2,0,0,5,3,\n"
        "3,Ann,2,3,2,0,1,0,5,2.5,\n"
        "4,Dee,1.5,2,0,1,1,1,5,1,\n"
        "5,Bob,1,2,0,0,2,1,4,0,\n"
    )


def test_csv_for_a_french_spreadsheet() -> None:
    """Semicolons between fields, a decimal comma, headers and "yes" in French, names and never ids."""
    style = CsvStyle(
        headers={"rank": "Rang", "name": "Joueur", "points": "Points"}, yes="oui", delimiter=";", decimal=","
    )
    lines = to_csv(swiss_standings(PLAYERS, SWISS, withdrawn={"B"}), NAMES, style).splitlines()
    assert lines[0].startswith("Rang;Joueur;Points;played;")
    assert lines[1] == "1;Eve;2,5;2;1;1;0;1;5;3;"
    assert lines[5] == "5;Bob;1;2;0;0;2;1;4;0;oui"


def test_csv_quotes_escapes_and_defaults() -> None:
    rows = [
        StandingRow(1, 11, 1.0, withdrawn=True),
        StandingRow(2, 22, 0.0),
        StandingRow(2, 33, 0.0),
    ]
    text = to_csv(rows, {11: "=HYPERLINK(1)", 22: 'Smith, "J"'})
    parsed = list(csv.reader(io.StringIO(text)))
    assert parsed[0] == ["rank", "name", "points", "played", "wins", "draws", "losses", "byes", "withdrawn"]
    assert parsed[1] == ["1", "'=HYPERLINK(1)", "1", "0", "0", "0", "0", "0", "yes"]
    assert parsed[2][1] == 'Smith, "J"'
    assert parsed[3][1] == "33"  # no name: the id
    assert to_csv([], {}) == "rank,name,points,played,wins,draws,losses,byes,withdrawn\n"


def test_csv_of_tables() -> None:
    lines = to_csv(table_standings(SEVEN, TABLES), NAMES).splitlines()
    assert lines[0].endswith(",game_score,withdrawn")
    assert lines[1] == "1,Eve,120,2,2,0,0,0,93,"
