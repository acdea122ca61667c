"""Rule tests of the Royal Game of Ur, Variante 2 (``games/ur/race.py``), written like games.

Each test sets a position with its one-line state text, plays moves by notation and checks the result.
The docstrings name the rule they cover: the numbered sentences of the French text's "VARIANTE 2"
(``shared/rules/ur.fr.txt``, paraphrased in English) and the points of ``shared/rules/ur.md`` part (c).

Reminder of the state text (see the module docstring of ``race.py``): ``v2 0:A4,B2+2 1:- 0 2`` is
seat 0 with pieces on A4 and B2 and two borne off, seat 1 with nothing on the board, seat 0 to play,
a roll of 2 waiting. Seat 0 runs A4 A3 A2 A1 B1 … B8 A8 A7 then off; seat 1 the same on row C.
Rosettes: A1, C1, B4, A7, C7.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import (
    GameError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    Termination,
)
from games.playout import random_step
from games.ur import INFO, race
from games.ur.board import BOARD
from games.ur.race import OFF, FirstPlayer, Move, Roll, State
from tests.games.kit import legal, play


def position(text: str) -> State:
    """The position described by a state text."""
    return race.from_text(text)


def rolled(text: str, roll: int) -> State:
    """``text`` (a position waiting for the dice) after the dice show ``roll``."""
    return play(position(text), f"roll:{roll}")


# The opening: seven pieces each, the first player drawn by lot.


def test_each_player_starts_with_seven_pieces_in_reserve() -> None:
    """Preamble: each player has 7 pieces; the board starts empty and the first player is not yet drawn."""
    start = INFO.new(2, {"rules": "v2"})
    assert start == race.new_state()
    assert start.to_text() == "v2 0:- 1:- - -"
    assert start.reserve(0) == start.reserve(1) == 7
    assert all(start.occupant(sq) == [] for sq in BOARD.squares)


def test_first_player_is_drawn_by_lot_each_side_half_the_time() -> None:
    """Preamble: "The first player is drawn by lot" — both outcomes possible, 1/2 each, and the winner rolls first."""
    start = race.new_state()
    assert start.is_chance() and start.actors() == ()
    assert start.chance_outcomes() == ((FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2)))
    a_starts = play(start, "first:A")
    assert a_starts.to_text() == "v2 0:- 1:- 0 -"
    assert play(a_starts, "roll:2").actors() == (0,)
    c_starts = play(start, "first:C")
    assert c_starts.to_text() == "v2 0:- 1:- 1 -"
    assert play(c_starts, "roll:2").actors() == (1,)
    assert legal(play(c_starts, "roll:2")) == ["in-C3"]


def test_the_draw_happens_once() -> None:
    """Preamble: the draw decides who starts; afterwards it is no longer a possible chance outcome."""
    started = play(race.new_state(), "first:C")
    with pytest.raises(IllegalMoveError):
        started.parse_move("first:A")
    with pytest.raises(IllegalMoveError):
        started.apply(FirstPlayer(0))


# Rule 1: the dice.


def test_rule1_a_player_throws_the_dice_then_moves_the_number_of_white_tips() -> None:
    """Rule 1: on their turn a player throws the dice; the white tips up give the points (0..3).

    (``tests/test_conformance.py`` derives 1/8, 3/8, 3/8, 1/8 by enumerating the tips of the three dice.)
    """
    waiting = position("v2 0:A4,B1 1:- 0 -")
    assert waiting.is_chance() and waiting.actors() == ()
    assert [waiting.format_move(o) for o, _ in waiting.chance_outcomes()] == ["roll:0", "roll:1", "roll:2", "roll:3"]
    # ur.md (c): "0: 1/8, 1: 3/8, 2: 3/8, 3: 1/8".
    assert [p for _, p in waiting.chance_outcomes()] == [Fraction(1, 8), Fraction(3, 8), Fraction(3, 8), Fraction(1, 8)]
    assert legal(play(waiting, "roll:1")) == ["inxA4", "A4-A3", "B1-B2"]
    assert legal(play(waiting, "roll:2")) == ["in-A3", "A4-A2", "B1-B3"]
    assert legal(play(waiting, "roll:3")) == ["in-A2", "A4-A1", "B1-B4"]


def test_rule1_zero_white_tips_ends_the_turn() -> None:
    """ur.md (c): "A 0 ends the turn" — nothing moves and the opponent throws next."""
    waiting = position("v2 0:A4,B2 1:C3 0 -")
    assert play(waiting, "roll:0").to_text() == "v2 0:A4,B2 1:C3 1 -"


# Rule 2: entering a piece.


@pytest.mark.parametrize(("roll", "square"), [(1, "A4"), (2, "A3"), (3, "A2")])
def test_rule2_the_entry_square_counts_one_point(roll: int, square: str) -> None:
    """Rule 2: "the entry square counts as 1 point of movement" — a roll r enters on path square r."""
    after = play(position("v2 0:- 1:- 0 -"), f"roll:{roll}", f"in-{square}")
    assert after.to_text() == f"v2 0:{square} 1:- 1 -"
    assert after.reserve(0) == 6


@pytest.mark.parametrize(("roll", "square"), [(1, "C4"), (2, "C3"), (3, "C2")])
def test_rule2_the_second_player_enters_on_row_c(roll: int, square: str) -> None:
    """Rule 2 and ur.md: row C mirrors row A, so seat 1 enters on C4, C3, C2."""
    after = play(position("v2 0:- 1:- 1 -"), f"roll:{roll}", "in")
    assert after.to_text() == f"v2 0:- 1:{square} 0 -"


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_rule2_a_piece_may_enter_on_any_roll(roll: int) -> None:
    """Rule 2: "a player may bring a new piece into play on any throw", even with pieces on the board."""
    state = rolled("v2 0:A1,B2+1 1:B5 0 -", roll)
    assert any(text.startswith("in") for text in legal(state))


def test_rule2_no_entry_once_every_piece_has_entered() -> None:
    """Rule 2: only pieces still in reserve can enter."""
    state = rolled("v2 0:A3,A2,B1,B2,B3,B5,B6 1:- 0 -", 2)
    assert state.reserve(0) == 0
    assert not any(text.startswith("in") for text in legal(state))
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("in")
    assert err.value.key == "ur.no_piece_reserve"


# Rule 3: move one piece, if able.


def test_rule3_only_one_piece_moves_per_throw() -> None:
    """Rule 3: "he may move only one piece per throw" — after one move the dice pass to the opponent."""
    state = rolled("v2 0:A4,A3 1:C4 0 -", 1)
    after = play(state, "A3-A2")
    assert after.to_text() == "v2 0:A4,A2 1:C4 1 -"
    assert after.is_chance() and after.actors() == ()
    with pytest.raises(NotYourTurnError):  # nobody acts until the next throw
        after.apply(Move(1, 2))  # A4-A3 with the same throw


def test_rule3_a_player_must_move_if_able() -> None:
    """Rule 3: "the player must move, if he can, one of his pieces by the points thrown" — no passing."""
    state = rolled("v2 0:A7+6 1:C4 0 -", 1)
    assert legal(state) == ["A7-off"]
    assert state.actors() == (0,)
    for refusal in ("pass", "skip", "-"):
        with pytest.raises(NotationError):
            state.parse_move(refusal)
    with pytest.raises(IllegalMoveError):
        state.apply(Roll(0))  # the throw cannot be replaced by another one


def test_rule3_moves_exactly_the_points_thrown() -> None:
    """Rule 3: a piece moves by exactly the number of points thrown, never fewer."""
    state = rolled("v2 0:B1 1:- 0 -", 3)
    assert "B1-B4" in legal(state)
    for short in ("B1-B2", "B1-B3"):
        with pytest.raises(IllegalMoveError) as err:
            state.parse_move(short)
        assert err.value.key == "ur.wrong_destination"


def test_rule3_no_legal_move_passes_the_turn() -> None:
    """Rule 3 ("if he can") and ur.md: with no legal move the turn passes to the opponent."""
    waiting = position("v2 0:A8,A7+5 1:C2 0 -")
    # A8 needs exactly 2 and A7 exactly 1 to leave; no piece waits in reserve.
    assert play(waiting, "roll:3").to_text() == "v2 0:A8,A7+5 1:C2 1 -"
    assert play(waiting, "roll:3", "roll:1").actors() == (1,)


# Rule 4: rosettes give another throw.


@pytest.mark.parametrize(
    ("text", "move", "after"),
    [
        ("v2 0:A3 1:C3 0 2", "A3-A1", "v2 0:A1 1:C3 0 -"),
        ("v2 0:B2 1:C3 0 2", "B2-B4", "v2 0:B4 1:C3 0 -"),
        ("v2 0:B8 1:C3 0 2", "B8-A7", "v2 0:A7 1:C3 0 -"),
        ("v2 0:A3 1:C2 1 1", "C2-C1", "v2 0:A3 1:C1 1 -"),
        ("v2 0:A3 1:B2 1 2", "B2-B4", "v2 0:A3 1:B4 1 -"),
        ("v2 0:A3 1:C8 1 1", "C8-C7", "v2 0:A3 1:C7 1 -"),
    ],
)
def test_rule4_ending_on_a_rosette_gives_another_throw(text: str, move: str, after: str) -> None:
    """Rule 4: a piece ending its move on a star square (rosette) lets its player throw again."""
    assert play(position(text), move).to_text() == after


def test_rule4_another_piece_may_move_on_the_extra_throw() -> None:
    """Rule 4: "on this new throw, he may move another piece"."""
    state = play(position("v2 0:A3,B2 1:C4 0 2"), "A3-A1", "roll:3")
    assert state.actors() == (0,)
    assert "B2-B5" in legal(state)
    assert play(state, "B2-B5").to_text() == "v2 0:A1,B5 1:C4 1 -"


def test_rule4_passing_over_a_rosette_gives_nothing() -> None:
    """Rule 4: only *ending* on a rosette counts; passing over one, or leaving the board, passes the dice."""
    assert play(position("v2 0:A2 1:C4 0 3"), "A2-B2").to_text() == "v2 0:B2 1:C4 1 -"
    assert play(position("v2 0:B3 1:C4 0 3"), "B3-B6").to_text() == "v2 0:B6 1:C4 1 -"
    assert play(position("v2 0:B8,B1+5 1:C4 0 3"), "B8-off").to_text() == "v2 0:B1+6 1:C4 1 -"


# Rule 5: protected squares, and sending pieces back.


def test_rule5_a_rosette_holds_several_pieces_of_one_player() -> None:
    """Rule 5: rosettes are protected squares and may hold several pieces."""
    state = position("v2 0:A3,A1 1:C4 0 2")
    assert "A3-A1" in legal(state)
    after = play(state, "A3-A1")
    assert after.to_text() == "v2 0:A1,A1 1:C4 0 -"
    assert after.occupant("A1") == [0, 0]
    assert after.reserve(0) == 5


def test_rule5_the_shared_rosette_b4_holds_both_colours() -> None:
    """Rule 5 and ur.md: the middle rosette B4 protects a piece; an opponent ending there joins it."""
    state = position("v2 0:B2 1:B4,C1 0 2")
    assert legal(state)[-1] == "B2-B4"
    after = play(state, "B2-B4")
    assert after.to_text() == "v2 0:B4 1:C1,B4 0 -"
    assert sorted(after.occupant("B4")) == [0, 1]
    assert after.reserve(1) == 5


def test_rule5_the_exit_holds_every_piece() -> None:
    """Rule 5: the exit is a protected square too — leaving never sends a piece back."""
    state = position("v2 0:A8,B8+3 1:C4 0 2")
    after = play(state, "A8-off")
    assert after.to_text() == "v2 0:B8+4 1:C4 1 -"
    after = play(after, "roll:0", "roll:3", "B8-off")
    assert after.borne_off(0) == 5


def test_rule5_ending_on_an_opponent_sends_it_back_to_its_reserve() -> None:
    """Rule 5: a piece ending on an occupied unprotected square sends that piece back to start again."""
    state = position("v2 0:B2 1:B5,C3 0 3")
    assert legal(state) == ["in-A2", "B2xB5"]
    after = play(state, "B2xB5")
    assert after.to_text() == "v2 0:B5 1:C3 1 -"
    assert after.reserve(1) == 6
    assert after.occupant("B5") == [0]


def test_rule5_ending_on_ones_own_piece_sends_it_back_too() -> None:
    """Rule 5: "this is true whether it is an opponent's piece or a friendly one"."""
    state = position("v2 0:B2,B5 1:C3 0 3")
    assert "B2xB5" in legal(state)
    after = play(state, "B2xB5")
    assert after.to_text() == "v2 0:B5 1:C3 1 -"
    assert after.reserve(0) == 6


def test_rule5_own_piece_sent_back_in_ones_own_lane_and_on_entry() -> None:
    """Rule 5 holds on the private squares: moving, or entering, onto one's own piece sends it back."""
    after = play(position("v2 0:A4,A2 1:- 0 2"), "A4xA2")
    assert after.to_text() == "v2 0:A2 1:- 1 -"
    assert after.reserve(0) == 6
    # Entering onto one's own piece on A3: the piece there returns, the new one takes its place.
    entered = play(position("v2 0:A3,B1 1:- 0 2"), "inxA3")
    assert entered.to_text() == "v2 0:A3,B1 1:- 1 -"


def test_rule5_only_the_last_square_matters() -> None:
    """Rule 5: only the square where the move *ends* counts; jumping over a piece leaves it in place."""
    after = play(position("v2 0:B2 1:B3,B4 0 3"), "B2-B5")
    assert after.to_text() == "v2 0:B5 1:B3,B4 1 -"


def test_rule5_an_unprotected_square_never_holds_two_pieces() -> None:
    """Rule 5: "except on star squares and the exit ... only one piece per square"."""
    for text in ("v2 0:B3,B3 1:- 0 -", "v2 0:A2,A2 1:- 0 -", "v2 0:B6 1:B6 0 -"):
        with pytest.raises(NotationError):
            position(text)


# Rule 6: bearing off with an exact roll.


def test_rule6_bearing_off_needs_the_exact_number() -> None:
    """Rule 6: to reach the exit a piece needs the exact number of points; otherwise it cannot move."""
    assert "A8-off" in legal(rolled("v2 0:A8 1:C4 0 -", 2))
    overshoot = rolled("v2 0:A8,B3 1:C4 0 -", 3)
    assert legal(overshoot) == ["in-A2", "B3-B6"]  # the piece on A8 is skipped
    for attempt in ("A8-off", "A8", "A8-out"):
        with pytest.raises(IllegalMoveError) as err:
            overshoot.parse_move(attempt)
        assert err.value.key == "ur.past_exit"
        assert list(err.value.legal) == ["in-A2", "B3-B6"]


def test_rule6_a_piece_on_the_last_square_leaves_with_a_one() -> None:
    """Rule 6: A7 is the last square of the path; only a 1 takes its piece out."""
    assert legal(rolled("v2 0:A7 1:C4 0 -", 1)) == ["in-A4", "A7-off"]
    assert legal(rolled("v2 0:A7 1:C4 0 -", 2)) == ["in-A3"]


def test_rule6_a_piece_reaching_the_exit_leaves_the_board_at_once() -> None:
    """Rule 6: "when a piece reaches the exit it is immediately removed from the board"."""
    after = play(position("v2 0:B8,A3+2 1:C4 0 -"), "roll:3", "B8-off")
    assert after.to_text() == "v2 0:A3+3 1:C4 1 -"
    assert after.borne_off(0) == 3
    assert after.occupant("B8") == []
    assert all(0 not in after.occupant(sq) for sq in BOARD.squares if sq != "A3")
    # A piece that is off never moves again.
    later = play(after, "roll:0", "roll:3")
    assert all(m.frm != OFF for m in later.legal_moves())


# Rule 7: the winner.


def test_rule7_the_first_to_bring_seven_pieces_round_wins() -> None:
    """Rule 7: the first player whose seven pieces complete the circuit wins; then nothing more happens."""
    state = position("v2 0:A7+6 1:C7,C8+5 0 1")
    over = play(state, "A7-off")
    assert over.to_text() == "v2 0:-+7 1:C8,C7+5 1 -"
    outcome = over.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.termination is Termination.NORMAL
    assert over.actors() == () and over.legal_moves() == () and over.legal_moves(1) == ()
    assert not over.is_chance() and over.chance_outcomes() == ()
    for attempt in ("roll:1", "C8-C7", "in"):
        with pytest.raises(GameOverError):
            over.parse_move(attempt)
    with pytest.raises(GameOverError):
        over.apply(Roll(1))


def test_rule7_six_pieces_off_is_not_yet_a_win() -> None:
    """Rule 7: all seven pieces must complete the circuit."""
    state = play(position("v2 0:A7,A8+5 1:C4 0 1"), "A7-off")
    assert state.outcome() is None
    assert state.to_text() == "v2 0:A8+6 1:C4 1 -"


def test_rule7_the_second_player_can_win_too() -> None:
    """Rule 7: the first to bring all seven pieces round wins — the second player just as well."""
    over = play(position("v2 0:B3+2 1:C8+6 1 2"), "C8-off")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1,)


# ur.md (c): the path and the private lanes.


@pytest.mark.parametrize(
    ("seat", "path"),
    [
        (0, ["A4", "A3", "A2", "A1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "A8", "A7", "off"]),
        (1, ["C4", "C3", "C2", "C1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "C8", "C7", "off"]),
    ],
)
def test_ur_md_the_14_square_path_then_off_at_15(seat: int, path: list[str]) -> None:
    """ur.md (c): the standard race path A4 A3 A2 A1, B1 … B8, A8 A7 (row C mirrored), off at position 15.

    One piece walks the whole path with throws of 1, the opponent throwing 0 whenever it is their turn.
    """
    state = position(f"v2 0:-{'+6' if seat == 0 else ''} 1:-{'+6' if seat == 1 else ''} {seat} -")
    visited = []
    while state.outcome() is None:
        if state.turn != seat:
            state = play(state, "roll:0")
            continue
        state = play(state, "roll:1")
        (move,) = legal(state)
        visited.append(move.split("-")[-1])
        state = play(state, move)
    assert visited == path
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (seat,)


def test_ur_md_lanes_are_private() -> None:
    """ur.md: rows A and C are private lanes; the pieces on row C never meet the pieces on row A."""
    # Seat 0 enters on A3 while seat 1 stands on C3: nothing is captured.
    after = play(position("v2 0:- 1:C3 0 2"), "in-A3")
    assert after.to_text() == "v2 0:A3 1:C3 1 -"
    # Seat 1 lands on C1 opposite seat 0's A1, and on C8 opposite A8: nothing is captured either.
    after = play(position("v2 0:A1,A8 1:C2,B7 1 1"), "C2-C1")
    assert after.to_text() == "v2 0:A1,A8 1:C1,B7 1 -"
    after = play(after, "roll:1", "B7-B8", "roll:0", "roll:1", "B8-C8")
    assert after.to_text() == "v2 0:A1,A8 1:C1,C8 0 -"
    # A player cannot even name a square of the other lane.
    with pytest.raises(IllegalMoveError) as err:
        rolled("v2 0:A3 1:C3 0 -", 1).parse_move("C3")
    assert err.value.key == "ur.not_on_path"


def test_ur_md_the_middle_row_is_shared() -> None:
    """ur.md: row B is shared; the two players' pieces meet (and capture each other) there only."""
    after = play(position("v2 0:B5 1:B2 1 3"), "B2xB5")
    assert after.to_text() == "v2 0:- 1:B5 0 -"
    assert after.occupant("B5") == [1]
    after = play(position("v2 0:B5 1:B7 0 2"), "B5xB7")
    assert after.to_text() == "v2 0:B7 1:- 1 -"


def test_pieces_only_move_forward() -> None:
    """Preamble: "only the blue faces are used" — no piece turns round; every move goes forward."""
    state = rolled("v2 0:A4,A1,B4,B8,A7+1 1:B2,B6 0 -", 3)
    assert all(m.to > m.frm for m in state.legal_moves())
    assert legal(state) == ["in-A2", "A4-A1", "A1-B3", "B4-B7", "B8-off"]


# Notation.


def test_format_move_canonical_forms() -> None:
    """Notation: ``in-A3``, ``A4-A2``, ``B3xB5``, ``A8-off``, ``roll:2``, ``first:C``."""
    state = rolled("v2 0:A4,B3,A8 1:B5 0 -", 2)
    assert legal(state) == ["in-A3", "A4-A2", "B3xB5", "A8-off"]
    assert state.format_move(Roll(2)) == "roll:2"
    assert state.format_move(FirstPlayer(1)) == "first:C"
    assert state.format_move(FirstPlayer(0)) == "first:A"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("b3", "B3xB5"),
        ("B3-B5", "B3xB5"),
        ("  b3 x b5 ", "B3xB5"),
        ("in", "in-A3"),
        ("new", "in-A3"),
        ("+", "in-A3"),
        ("IN-a3", "in-A3"),
        ("A8-out", "A8-off"),
        ("a8-OFF", "A8-off"),
        ("a8", "A8-off"),
        ("A4xA2", "A4-A2"),
    ],
)
def test_parse_move_accepts_lenient_input(text: str, canonical: str) -> None:
    """Notation: case and spaces do not matter, the destination may be left out (the roll fixes it),
    ``new``/``+`` mean ``in``, ``out`` means ``off``, and ``-``/``x`` are interchangeable."""
    state = rolled("v2 0:A4,B3,A8 1:B5 0 -", 2)
    assert state.format_move(state.parse_move(text)) == canonical


def test_parse_chance_outcomes() -> None:
    """Notation: chance outcomes read ``roll:N`` and ``first:A``/``first:C`` (case-insensitive)."""
    assert race.new_state().parse_move("FIRST:c") == FirstPlayer(1)
    waiting = position("v2 0:A4 1:- 0 -")
    assert [waiting.parse_move(t) for t in ("roll:0", "ROLL:3", "roll2")] == [Roll(0), Roll(3), Roll(2)]


@pytest.mark.parametrize("garbage", ["", "hello", "A9", "D1", "A4-", "A4-A", "A4A2", "roll:4", "first:B", "off"])
def test_garbage_is_a_notation_error(garbage: str) -> None:
    """Notation: text that is not a move is a NotationError listing the legal moves."""
    state = rolled("v2 0:A4 1:- 0 -", 2)
    with pytest.raises(NotationError) as err:
        state.parse_move(garbage)
    assert err.value.key == "ur.notation"
    assert list(err.value.legal) == ["in-A3", "A4-A2"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("A4-A1", "ur.wrong_destination"),  # a roll of 2 takes A4 to A2
        ("in-A4", "ur.wrong_destination"),
        ("B3", "ur.no_piece"),  # nothing stands on B3
        ("B5-B7", "ur.no_piece"),  # the opponent's piece is not ours
        ("C3", "ur.not_on_path"),  # the other lane
        ("A4-C2", "ur.not_on_path"),
        ("A5", "ur.not_on_path"),  # no such square
        ("A7-off", "ur.past_exit"),  # A7 needs exactly 1
    ],
)
def test_illegal_moves_name_the_reason_and_list_the_legal_moves(text: str, key: str) -> None:
    """Notation: a well-formed but illegal move is an IllegalMoveError with ``.key`` and ``.legal`` set."""
    state = rolled("v2 0:A4,A7,B1 1:B5 0 -", 2)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move(text)
    assert err.value.key == key
    assert list(err.value.legal) == ["in-A3", "A4-A2", "B1-B3"]
    assert err.value.message


def test_no_piece_in_reserve_is_an_illegal_move() -> None:
    """Notation: ``in`` with an empty reserve names that reason."""
    state = rolled("v2 0:A4,A3,A2,B1,B2,B3+1 1:- 0 -", 1)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("new")
    assert err.value.key == "ur.no_piece_reserve"
    assert set(err.value.legal) == set(legal(state))


def test_moves_before_the_roll_or_by_the_wrong_seat_are_refused() -> None:
    """Turn order: no move before the dice are thrown; nobody moves for the seat to play."""
    waiting = position("v2 0:A4 1:C4 0 -")
    with pytest.raises(IllegalMoveError) as err:
        waiting.parse_move("A4-A3")
    assert err.value.key == "ur.no_roll"
    with pytest.raises(NotYourTurnError):
        waiting.parse_move("roll:2", 0)  # a chance node: no seat acts
    state = play(waiting, "roll:1")
    assert state.parse_move("A4-A3", 0) == Move(1, 2)
    with pytest.raises(NotYourTurnError) as err2:
        state.parse_move("C4-C3", 1)
    assert err2.value.key == "not_your_turn"
    with pytest.raises(IllegalMoveError):
        state.parse_move("roll:3")  # a player cannot choose the dice
    with pytest.raises(IllegalMoveError) as err3:
        state.apply(Move(0, 2))
    assert err3.value.legal == ("inxA4", "A4-A3")


# The state text.


@pytest.mark.parametrize(
    "text",
    [
        "v2 0:- 1:- - -",
        "v2 0:- 1:- 1 -",
        "v2 0:A4,B2+2 1:- 0 2",
        "v2 0:A1,A1,B4 1:B4,C7,C7+3 1 3",
        "v2 0:A3+1 1:B5,B8,C8 0 -",
        "v2 0:-+7 1:C8,C7+5 1 -",
    ],
)
def test_state_text_round_trip(text: str) -> None:
    """State text: ``from_text`` and ``to_text`` are inverse."""
    state = position(text)
    assert state.to_text() == text
    assert position(state.to_text()) == state
    assert INFO.from_text(text) == state


def test_state_text_fields() -> None:
    """State text: ``v2 0:A4,B2+2 1:- 0 2`` reads as documented."""
    state = position("v2 0:A4,B2+2 1:- 0 2")
    assert state.pieces == ((0, 0, 0, 1, 6, 15, 15), (0,) * 7)
    assert state.turn == 0 and state.roll == 2
    assert position("v2 0:B2,A4+2 1:- 0 2") == state  # the order of the squares does not matter


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("v9 0:- 1:- - -", "an unknown rule set"),
        ("v2 0:- 1:-", "missing fields"),
        ("v2 1:- 0:- - -", "seats swapped"),
        ("v2 0:C3 1:- 0 -", "a square off seat 0's path"),
        ("v2 0:A5 1:- 0 -", "no such square"),
        ("v2 0:A3,A3 1:- 0 -", "two own pieces on an unprotected square"),
        ("v2 0:B3 1:B3 0 -", "two colours on an unprotected square"),
        ("v2 0:A4,A3,A2,B1,B2,B3,B5,B6 1:- 0 -", "eight pieces"),
        ("v2 0:A4,A3+6 1:- 0 -", "eight pieces with those off"),
        ("v2 0:-+8 1:- 0 -", "eight pieces off"),
        ("v2 0:A8+6 1:- 0 3", "a roll with no legal move"),
        ("v2 0:A4 1:- 0 0", "a zero waiting to be played"),
        ("v2 0:- 1:- - 2", "a roll before the draw"),
        ("v2 0:A4 1:- - -", "pieces on the board before the draw"),
        ("v2 0:- 1:- 2 -", "no seat 2"),
        ("v2 0:- 1:- 0 4", "no roll of 4"),
        ("v2 0:-+7 1:-+7 1 -", "both players finished"),
        ("v2 0:-+7 1:- 1 2", "a roll waiting after the end"),
        ("v2 0:a4 1:- 0 -", "lower-case squares"),
    ],
)
def test_malformed_state_text_is_rejected(text: str, why: str) -> None:
    """State text: malformed texts and impossible positions are a NotationError."""
    with pytest.raises(NotationError):
        INFO.from_text(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("v2 0:A3,A3+7 1:- 0 -", "seat 0 has more than 7 pieces"),
        ("v2 0:A3,A3 1:C3 0 -", "two pieces of seat 0 share A3, which is not a rosette"),
        ("v2 0:B3 1:B3,C9 0 -", "bad pieces for seat 1: '1:B3,C9'"),
        ("v2 0:B3 1:B3 0 9", "two pieces share B3, which is not a rosette"),
        ("v2 0:-+7 1:-+7 1 9", "both players cannot have brought all their pieces off"),
    ],
)
def test_a_state_text_with_several_faults_is_refused_for_the_first(text: str, message: str) -> None:
    """State text: seat 0's field is checked whole (its pieces, then its crowded squares) before seat 1's,
    both before the squares they share, and those before the turn and roll."""
    with pytest.raises(NotationError) as err:
        race.from_text(text)
    assert err.value.message == message


# Properties of random games.


def random_game(seed: int) -> list[State]:
    """Every state of a random game: rolls by their probabilities, moves uniformly among the legal ones."""
    rng = random.Random(seed)
    state = race.new_state()
    states = [state]
    while state.outcome() is None:
        move = random_step(state, rng)
        state = state.apply(move)
        states.append(state)
        assert len(states) < INFO.max_plies
    return states


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_rules_invariant(seed: int) -> None:
    """Property: in any game, each side always has 7 pieces, and no unprotected square holds two pieces;
    a move advances exactly one piece by exactly the roll (less any own piece it sends back)."""
    states = random_game(seed)
    for before, after in itertools.pairwise(states):
        on_board: Counter[str] = Counter()
        for seat in (0, 1):
            assert len(after.pieces[seat]) == 7
            squares = [race.square_of(seat, p) for p in after.pieces[seat] if 0 < p < OFF]
            assert after.reserve(seat) + after.borne_off(seat) + len(squares) == 7
            on_board.update(squares)
        for square, count in on_board.items():
            assert count == 1 or BOARD.is_rosette(square), f"{after.to_text()}: two pieces on {square}"
        if before.roll is not None:
            me = before.turn
            assert me is not None
            other = 1 - me
            gained = sum(after.pieces[me]) - sum(before.pieces[me])
            roll = before.roll
            sent_back_own = {
                p for p in before.pieces[me] if 0 < p < OFF and p not in race.SAFE and p - roll in before.pieces[me]
            }
            assert gained == roll or gained in {roll - p for p in sent_back_own}
            lost = Counter(before.pieces[other]) - Counter(after.pieces[other])
            assert sum(lost.values()) <= 1
            assert all(p in race.SHARED and p not in race.SAFE for p in lost)
    assert states[-1].outcome() is not None


@st.composite
def positions(draw: st.DrawFn) -> State:
    """Any legal position with a roll waiting (or, if no move exists with it, the dice still to throw)."""
    pieces: list[tuple[int, ...]] = []
    taken: set[int] = set()  # shared unprotected squares already used
    for _seat in (0, 1):
        own: list[int] = []
        for _ in range(7):
            p = draw(st.integers(min_value=0, max_value=OFF))
            unprotected = 0 < p < OFF and p not in race.SAFE
            if unprotected and (p in own or (p in race.SHARED and p in taken)):
                p = 0
            own.append(p)
        taken |= {p for p in own if p in race.SHARED and p not in race.SAFE}
        pieces.append(tuple(sorted(own)))
    if all(p == OFF for p in pieces[0] + pieces[1]):
        pieces[1] = (0,) * 7
    turn = draw(st.sampled_from([0, 1]))
    roll = draw(st.integers(min_value=1, max_value=3))
    state = State((pieces[0], pieces[1]), turn, roll)
    if not state.legal_moves():
        state = State((pieces[0], pieces[1]), turn, None)
    return state


@settings(max_examples=500, deadline=None)
@given(state=positions())
def test_any_position_has_exactly_the_moves_the_rules_give(state: State) -> None:
    """Property: in any position the legal moves are exactly "each distinct piece not yet off, by exactly
    the roll, if that does not pass the exit"; the state text round-trips; every move keeps 7 pieces."""
    assert position(state.to_text()) == state
    if state.roll is None or state.outcome() is not None:
        return
    me = state.turn
    assert me is not None
    expected = sorted({Move(p, p + state.roll) for p in state.pieces[me] if p < OFF and p + state.roll <= OFF})
    assert list(state.legal_moves()) == expected
    for move in state.legal_moves():
        after = state.apply(move)
        assert len(after.pieces[0]) == len(after.pieces[1]) == 7
        assert position(after.to_text()) == after
        again = move.to in race.SAFE and after.outcome() is None
        assert after.turn == (me if again else 1 - me)


def test_errors_are_game_errors() -> None:
    """Every error a player's input can cause is a GameError the bot can explain."""
    for cls in (NotationError, IllegalMoveError, NotYourTurnError, GameOverError):
        assert issubclass(cls, GameError)
