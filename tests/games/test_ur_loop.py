"""Rule tests of the Royal Game of Ur, Variante 1 (``games/ur/loop.py``), written like games.

Each test sets a position with its one-line state text, plays moves by notation and checks the result.
The docstrings name the rule they cover: the sentences of the French text's "VARIANTE 1"
(``shared/rules/ur.fr.txt``: the preamble, the dice table, the numbered points 1-9 and the closing
note, paraphrased in English) and the points of ``shared/rules/ur.md`` part (b).

Reminder of the state text (see the module docstring of ``loop.py``): ``v1 0:A1,B6,B3r+2 1:- 0 5`` is
seat 0 with blue pieces on A1 and B6, a red (turned-over) piece on B3 and two off, seat 1 with nothing
on the board, seat 0 to play, a 5 waiting. Seat 0's loop (positions 1-20):
A1 A2 A3 A4 B4 B5 B6 B7 A7 A8 | B8 C8 C7 B7 B6 B5 B4 B3 B2 B1 (red from X = B8 on); seat 1's is the
mirror image, C for A. Rosettes: A1, C1, B4, A7, C7. O squares: B5, B6, B7. Arrival: B1.
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
    AmbiguousMoveError,
    GameError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    Termination,
)
from games.playout import random_step
from games.ur import loop
from games.ur.board import BOARD
from games.ur.loop import OFF, FirstPlayer, Move, Roll, State
from tests.games.kit import legal, play

ROSETTES = {"A1", "C1", "B4", "A7", "C7"}


def position(text: str) -> State:
    """The position described by a state text."""
    return loop.from_text(text)


def rolled(text: str, roll: int) -> State:
    """``text`` (a position waiting for the dice) after the dice show ``roll``."""
    return play(position(text), f"roll:{roll}")


def illegal_key(state: State, text: str) -> str:
    """The key of the IllegalMoveError that ``text`` raises in ``state``."""
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move(text)
    assert err.value.message
    return err.value.key


# Preamble: the same board, seven pieces, three four-tipped dice.


def test_preamble_the_same_board_and_seven_pieces_each() -> None:
    """Preamble: "the board is the same; each player has 7 pieces" — and (point 2) it starts empty."""
    start = loop.new_state()
    assert start.to_text() == "v1 0:- 1:- - -"
    assert start.reserve(0) == start.reserve(1) == 7
    assert len(start.pieces[0]) == len(start.pieces[1]) == 7
    assert all(start.occupant(sq) == [] for sq in BOARD.squares)
    for path in loop.PATHS:
        assert set(path) <= set(BOARD.squares)


def test_preamble_three_dice_with_two_red_and_two_white_tips_enumerated() -> None:
    """Preamble, dice table and ur.md (b): three 4-tipped dice, 2 red and 2 white tips each; no white tip
    up ("4 red tips", read as all red) = 5, three white = 4, two white = 0, one white = 1.

    Enumerating the 64 equally likely tip combinations gives 5: 1/8, 4: 1/8, 0: 3/8, 1: 3/8, and the
    engine publishes exactly that at every throw.
    """
    tips = ("red", "red", "white", "white")
    points = {0: 5, 3: 4, 2: 0, 1: 1}
    throws = list(itertools.product(tips, repeat=3))
    assert len(throws) == 64
    counts = Counter(points[sum(t == "white" for t in throw)] for throw in throws)
    assert counts == {5: 8, 4: 8, 0: 24, 1: 24}
    enumerated = {v: Fraction(n, 64) for v, n in counts.items()}
    assert enumerated == {5: Fraction(1, 8), 4: Fraction(1, 8), 0: Fraction(3, 8), 1: Fraction(3, 8)}
    for text in ("v1 0:- 1:- 0 -", "v1 0:A1,B6r+3 1:C7,B1r 1 -"):
        waiting = position(text)
        assert waiting.is_chance() and waiting.actors() == ()
        published = {int(waiting.format_move(o).removeprefix("roll:")): p for o, p in waiting.chance_outcomes()}
        assert published == enumerated
        assert sum(published.values()) == 1
        assert [waiting.format_move(o) for o, _ in waiting.chance_outcomes()] == [
            "roll:0",
            "roll:1",
            "roll:4",
            "roll:5",
        ]


def test_preamble_the_aim_is_to_enter_run_and_take_off_all_seven() -> None:
    """Preamble: "bring your 7 pieces into play, move them along the path, be the first to take them off"."""
    state = position("v1 0:B1r+6 1:B1r,B1r+5 0 5")
    assert state.outcome() is None
    over = play(state, "B1-off")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0,)


# Point 1: the first player is drawn by lot.


def test_point1_the_first_player_is_drawn_by_lot() -> None:
    """Point 1: "draw lots for the first player" — a chance node, each seat 1/2, the winner throws first."""
    start = loop.new_state()
    assert start.is_chance() and start.actors() == ()
    assert start.chance_outcomes() == ((FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2)))
    a_starts = play(start, "first:A")
    assert a_starts.to_text() == "v1 0:- 1:- 0 -"
    assert play(a_starts, "roll:4").actors() == (0,)
    c_starts = play(start, "first:C")
    assert c_starts.to_text() == "v1 0:- 1:- 1 -"
    assert legal(play(c_starts, "roll:5")) == ["in-C1"]


def test_point1_the_draw_happens_once() -> None:
    """Point 1: the draw only decides who starts; afterwards it is no longer a chance outcome."""
    started = play(loop.new_state(), "first:C")
    with pytest.raises(IllegalMoveError):
        started.parse_move("first:A")
    with pytest.raises(IllegalMoveError):
        started.apply(FirstPlayer(0))


# The dice table: what each throw is worth and who throws next.


def test_dice_5_no_white_tip_moves_five_and_throws_again() -> None:
    """Dice table: "4 red tips [no white tip] give 5 points and the right to throw again"."""
    after = play(position("v1 0:A1 1:C2 0 5"), "A1-B5")
    assert after.to_text() == "v1 0:B5 1:C2 0 -"
    assert after.is_chance() and after.turn == 0


def test_dice_4_three_white_tips_move_four_and_throw_again() -> None:
    """Dice table: "3 white tips give 4 points and the right to throw again"."""
    after = play(position("v1 0:A2 1:C2 0 4"), "A2-B5")
    assert after.to_text() == "v1 0:B5 1:C2 0 -"


def test_dice_0_two_white_tips_end_the_turn_at_once() -> None:
    """Dice table: "2 white tips give 0 points and it is your opponent's turn"."""
    waiting = position("v1 0:A2 1:C3 0 -")
    after = play(waiting, "roll:0")
    assert after.to_text() == "v1 0:A2 1:C3 1 -"
    assert after.is_chance()


def test_dice_1_one_white_tip_moves_one_then_the_turn_ends() -> None:
    """Dice table: "1 white tip gives 1 point and it is your opponent's turn" — move one square, then pass."""
    state = rolled("v1 0:A2 1:C3 0 -", 1)
    assert legal(state) == ["A2-A3"]
    assert play(state, "A2-A3").to_text() == "v1 0:A3 1:C3 1 -"


def test_dice_the_extra_throw_may_move_another_piece() -> None:
    """Dice table and point 3 (*ruling*): each throw moves one piece; the extra throw after a 4 or 5 may
    move any piece, a different one included."""
    state = play(position("v1 0:A1,A3 1:C2 0 5"), "A1-B5", "roll:1")
    assert legal(state) == ["A3-A4", "B5-B6"]
    assert play(state, "A3-A4").to_text() == "v1 0:A4,B5 1:C2 1 -"


def test_dice_a_chain_of_extra_throws() -> None:
    """Dice table: every 4 or 5 gives another throw, so a turn can chain several moves."""
    state = play(position("v1 0:- 1:C2 0 -"), "roll:4", "in-A1", "roll:5", "A1-B5", "roll:4", "in-A1", "roll:1")
    assert state.turn == 0 and legal(state) == ["A1-A2", "B5-B6"]
    assert play(state, "B5-B6").to_text() == "v1 0:A1,B6 1:C2 1 -"


# Point 2: entering a piece with a 4 or a 5.


@pytest.mark.parametrize("roll", [4, 5])
def test_point2_a_4_or_5_puts_a_piece_on_the_start_square_blue_face_up(roll: int) -> None:
    """Point 2: "with 4 or 5 points a player may put one of his pieces into play on his start square,
    blue face up" — A1 for seat 0, C1 for seat 1, whichever of 4 or 5 (*ruling*: no step counting)."""
    after = play(position("v1 0:- 1:- 0 -"), f"roll:{roll}", "in-A1")
    assert after.to_text() == "v1 0:A1 1:- 0 -"
    assert after.pieces_on("A1") == [(0, False)]
    assert after.reserve(0) == 6
    after = play(position("v1 0:- 1:- 1 -"), f"roll:{roll}", "in")
    assert after.to_text() == "v1 0:- 1:C1 1 -"
    assert after.pieces_on("C1") == [(1, False)]


def test_point2_no_entry_with_a_1() -> None:
    """Point 2: only a 4 or 5 brings a piece in; with a 1 the reserve stays put."""
    state = rolled("v1 0:A2 1:- 0 -", 1)
    assert legal(state) == ["A2-A3"]
    assert illegal_key(state, "in") == "ur.v1.enter_needs_4_or_5"
    assert illegal_key(state, "in-A1") == "ur.v1.enter_needs_4_or_5"


def test_point2_at_the_start_only_a_4_or_5_does_anything() -> None:
    """Point 2: "at the start the board is empty" — a 1 cannot be used and the turn passes."""
    assert play(position("v1 0:- 1:- 0 -"), "roll:1").to_text() == "v1 0:- 1:- 1 -"


def test_point2_entering_is_a_choice_instead_of_moving() -> None:
    """Point 2 ("may") and ur.md (b): a 4 or 5 may enter a piece *instead of* moving one — both are offered."""
    state = rolled("v1 0:A2 1:- 0 -", 4)
    assert legal(state) == ["in-A1", "A2-B5"]
    assert play(state, "A2-B5").to_text() == "v1 0:B5 1:- 0 -"
    assert play(state, "in-A1").to_text() == "v1 0:A1,A2 1:- 0 -"


def test_point2_the_start_square_is_a_rosette_and_takes_more_pieces() -> None:
    """Points 2 and 7: entering onto the start square is possible even with pieces already on it."""
    after = play(position("v1 0:A1,A1 1:- 0 5"), "in-A1")
    assert after.to_text() == "v1 0:A1,A1,A1 1:- 0 -"
    assert after.occupant("A1") == [0, 0, 0]


def test_point2_no_entry_once_every_piece_is_in_play() -> None:
    """Point 2: only pieces still in reserve can be put into play."""
    state = rolled("v1 0:A2,A3,A4,B5,B6,B7+1 1:- 0 -", 4)
    assert state.reserve(0) == 0
    assert not any(m.startswith("in") for m in legal(state))
    assert illegal_key(state, "new") == "ur.no_piece_reserve"


# Point 3: moving one piece forward by the points thrown.


def test_point3_any_piece_on_the_board_may_move_by_the_points() -> None:
    """Point 3: "any piece already on the board may be advanced by the number of points thrown"."""
    state = rolled("v1 0:A1,A4,B8r 1:- 0 -", 4)
    assert legal(state) == ["in-A1", "A1-B4", "A4-B7", "B8-B6"]
    for move, after in (
        ("A1-B4", "v1 0:A4,B4,B8r"),
        ("A4-B7", "v1 0:A1,B7,B8r"),
        ("B8-B6", "v1 0:A1,A4,B6r"),
    ):
        assert play(state, move).to_text() == f"{after} 1:- 0 -"


def test_point3_the_move_is_exactly_the_points_not_fewer() -> None:
    """Point 3: the piece moves by the number of points thrown; a shorter move is refused."""
    state = rolled("v1 0:A1 1:- 0 -", 5)
    assert illegal_key(state, "A1-B4") == "ur.wrong_destination"
    assert illegal_key(state, "A1-A2") == "ur.wrong_destination"
    assert state.parse_move("A1-B5") == Move(1, 6)


def test_point3_only_one_piece_moves_per_throw() -> None:
    """Point 3: "only one piece may be moved per turn" — after a 1 the dice pass, the other piece stays."""
    after = play(position("v1 0:A2,A3 1:C2 0 1"), "A3-A4")
    assert after.to_text() == "v1 0:A2,A4 1:C2 1 -"
    assert after.actors() == ()
    with pytest.raises(NotYourTurnError):  # nobody acts until the next throw
        after.apply(Move(2, 3))


def test_point3_a_piece_never_moves_backwards() -> None:
    """Point 3: "it is forbidden to move a piece backwards" — every legal move goes forward on the loop,
    and a move naming an earlier square is refused."""
    state = rolled("v1 0:A4,B7,C8r,B4r 1:- 0 -", 1)
    assert all(m.to > m.frm for m in state.legal_moves())
    assert legal(state) == ["A4-B4", "B7-A7", "C8-C7", "B4-B3"]
    assert illegal_key(state, "B7-B6") == "ur.wrong_destination"
    assert illegal_key(state, "B4-B5") == "ur.wrong_destination"


# Point 4: turning over at X.


def test_point4_a_piece_reaching_x_is_turned_over() -> None:
    """Point 4: "when a piece reaches ... the square marked X it is turned over (red dots up)" — X is B8."""
    after = play(position("v1 0:A8 1:- 0 1"), "A8-B8")
    assert after.to_text() == "v1 0:B8r 1:- 1 -"
    assert after.pieces_on("B8") == [(0, True)]
    after = play(position("v1 0:- 1:C8 1 1"), "C8-B8")
    assert after.pieces_on("B8") == [(1, True)]


@pytest.mark.parametrize(
    ("text", "move", "square"),
    [("v1 0:A7 1:- 0 4", "A7-C7", "C7"), ("v1 0:A7 1:- 0 5", "A7-B7", "B7"), ("v1 0:A8 1:- 0 4", "A8-B7", "B7")],
)
def test_point4_a_piece_passing_x_is_turned_over(text: str, move: str, square: str) -> None:
    """Point 4: "... or passes the X square" — jumping over B8 turns the piece over just the same."""
    after = play(position(text), move)
    assert after.pieces_on(square) == [(0, True)]
    assert after.to_text().split()[1] == f"0:{square}r"


def test_point4_before_x_a_piece_stays_blue() -> None:
    """Point 4: up to A8, the square before X, the piece still shows its blue face."""
    after = play(position("v1 0:B7 1:- 0 1"), "B7-A7")
    assert after.pieces_on("A7") == [(0, False)]
    after = play(after, "roll:1", "roll:1", "A7-A8")
    assert after.pieces_on("A8") == [(0, False)]


def test_point4_the_red_face_shows_the_way_home() -> None:
    """Point 4: "to show it is on the way back" — from X the loop runs home through C8 C7 and row B to B1,
    and the piece stays red on every square of the way."""
    state = position("v1 0:B8r+6 1:- 0 -")
    here = "B8"
    for square in ("C8", "C7", "B7", "B6", "B5", "B4", "B3", "B2", "B1"):
        state = play(state, "roll:1")
        assert legal(state) == [f"{here}-{square}"]
        state = play(state, f"{here}-{square}", "roll:0")  # then seat 1 throws a 0
        assert state.pieces_on(square) == [(0, True)]
        here = square
    assert state.to_text() == "v1 0:B1r+6 1:- 0 -"


# Point 5: capturing on the O squares.


@pytest.mark.parametrize(
    ("text", "move", "after"),
    [
        ("v1 0:A1 1:B5 0 5", "A1xB5", "v1 0:B5 1:- 0 -"),
        ("v1 0:A2 1:B6 0 5", "A2xB6", "v1 0:B6 1:- 0 -"),
        ("v1 0:A4 1:B7 0 4", "A4xB7", "v1 0:B7 1:- 0 -"),
        ("v1 0:B6 1:B7 0 1", "B6xB7", "v1 0:B7 1:- 1 -"),
        ("v1 0:B5 1:C1 1 5", "C1xB5", "v1 0:- 1:B5 1 -"),
    ],
)
def test_point5_a_blue_piece_captures_an_opposing_blue_piece_on_an_o_square(text: str, move: str, after: str) -> None:
    """Point 5: a blue piece on an O square (B5, B6, B7) is captured by an opposing blue piece ending its
    move exactly there; the captured piece leaves the board for its owner's reserve."""
    state = position(text)
    assert move in legal(state)
    captured = 1 - (state.turn or 0)
    before = state.reserve(captured)
    done = play(state, move)
    assert done.to_text() == after
    assert done.reserve(captured) == before + 1


def test_point5_the_captured_piece_must_enter_again_as_in_point_2() -> None:
    """Point 5: "the captured piece ... must be put back into play as in point 2" — with a 4 or 5, on C1."""
    after = play(position("v1 0:A2 1:B6,C2 0 5"), "A2xB6", "roll:1", "B6-B7")
    assert after.to_text() == "v1 0:B7 1:C2 1 -"
    assert after.reserve(1) == 7 - 1
    assert legal(play(after, "roll:1")) == ["C2-C3"]
    assert legal(play(after, "roll:4")) == ["in-C1", "C2-B5"]


def test_point5_a_red_piece_cannot_capture() -> None:
    """Point 5: "provided it also shows its blue face" — a red piece cannot end on a blue piece on B5."""
    state = rolled("v1 0:C8r 1:B5 0 -", 4)
    assert legal(state) == ["in-A1"]
    assert illegal_key(state, "C8-B5") == "ur.v1.no_capture"
    assert illegal_key(state, "C8xB5") == "ur.v1.no_capture"


def test_point5_a_red_piece_cannot_be_captured() -> None:
    """Point 5: only a *blue* piece on an O square can be captured; a red one blocks the square."""
    state = rolled("v1 0:A2 1:B6r 0 -", 5)
    assert legal(state) == ["in-A1"]
    assert illegal_key(state, "A2xB6") == "ur.v1.no_capture"


def test_point5_the_capturing_piece_must_end_exactly_there() -> None:
    """Point 5: "... and ends its move exactly on the square" — pieces jumped over stay where they are."""
    after = play(position("v1 0:A3 1:B4,B5,B6 0 5"), "A3-B7")
    assert after.to_text() == "v1 0:B7 1:B4,B5,B6 0 -"


def test_point5_no_capture_outside_the_o_squares() -> None:
    """Point 5 and ur.md (b): captures happen on B5, B6, B7 only; elsewhere an occupied square blocks."""
    # B8 (X) holds a red piece of seat 1: seat 0 cannot end there.
    state = rolled("v1 0:B5 1:B8r 0 -", 5)
    assert legal(state) == ["in-A1"]
    assert illegal_key(state, "B5-B8") == "ur.v1.blocked"
    # C8, on seat 0's way home: a blue piece of seat 1 there is not taken either.
    state = rolled("v1 0:B7 1:C8 0 -", 4)
    assert legal(state) == ["in-A1"]
    assert illegal_key(state, "B7-C8") == "ur.v1.blocked"


def test_point5_two_blue_pieces_meet_on_the_rosette_b4_without_capture() -> None:
    """Points 5 and 7: B4 is a rosette, not an O square — a blue piece ending there joins the other one."""
    after = play(position("v1 0:A1 1:B4 0 4"), "A1-B4")
    assert after.to_text() == "v1 0:B4 1:B4 0 -"
    assert after.pieces_on("B4") == [(0, False), (1, False)]


def test_point5_one_cannot_capture_ones_own_piece() -> None:
    """Point 5: the capturing piece is an *opposing* one; one's own piece on an O square blocks it."""
    state = rolled("v1 0:A2,B6 1:- 0 -", 5)
    assert legal(state) == ["in-A1", "B6-C8"]
    assert illegal_key(state, "A2-B6") == "ur.v1.blocked"


# Point 6: one piece per square, except rosettes and the arrival square.


def test_point6_a_player_may_have_any_number_of_pieces_on_the_board() -> None:
    """Point 6: "a player may have as many pieces on the board as he wishes" — all seven at once."""
    state = rolled("v1 0:A1,A2,A3,A4,B5,B6 1:- 0 -", 5)
    assert "in-A1" in legal(state)
    after = play(state, "in-A1")
    assert after.reserve(0) == 0
    assert sum(len(after.occupant(sq)) for sq in BOARD.squares) == 7


def test_point6_an_ordinary_square_holds_one_piece() -> None:
    """Point 6: "except on the 5 star squares and the arrival square, only one piece per square" —
    a move ending on an occupied ordinary square without a capture is refused."""
    state = rolled("v1 0:A2,A3 1:- 0 -", 1)
    assert legal(state) == ["A3-A4"]
    assert illegal_key(state, "A2-A3") == "ur.v1.blocked"
    # The opponent's red piece on B3 blocks seat 0's red piece too.
    assert play(position("v1 0:B4r 1:B3r 0 -"), "roll:1").to_text() == "v1 0:B4r 1:B3r 1 -"


def test_point6_occupied_squares_only_for_a_capture() -> None:
    """Point 6: "so a piece may only go onto an occupied square to capture it (stars excepted)"."""
    state = rolled("v1 0:A1,A2 1:B5,B6r 0 -", 5)
    assert legal(state) == ["in-A1", "A1xB5"]  # A2 would end on the red piece on B6


def test_point6_impossible_crowds_are_rejected_in_state_texts() -> None:
    """Point 6: no position has two pieces on an ordinary square."""
    for text in ("v1 0:A2,A2 1:- 0 -", "v1 0:B6 1:B6 0 -", "v1 0:B6 1:B6r 0 -", "v1 0:C8r 1:C8 0 -"):
        with pytest.raises(NotationError):
            position(text)


# Point 7: several pieces of both colours on the rosettes and the arrival square.


@pytest.mark.parametrize(
    ("text", "move", "square", "faces"),
    [
        ("v1 0:A7 1:C7 0 4", "A7-C7", "C7", [(0, True), (1, False)]),
        ("v1 0:A7 1:C7 1 4", "C7-A7", "A7", [(0, False), (1, True)]),
        ("v1 0:B5r 1:B4,B4r 0 1", "B5-B4", "B4", [(0, True), (1, False), (1, True)]),
        ("v1 0:B2r 1:B1r,B1r 0 1", "B2-B1", "B1", [(0, True), (1, True), (1, True)]),
        ("v1 0:A4 1:B4 0 1", "A4-B4", "B4", [(0, False), (1, False)]),
    ],
)
def test_point7_rosettes_and_the_arrival_square_hold_pieces_of_both_colours(
    text: str, move: str, square: str, faces: list[tuple[int, bool]]
) -> None:
    """Point 7: "on the last square and on the star squares several pieces of different colours may stand"."""
    after = play(position(text), move)
    assert after.pieces_on(square) == faces


# Point 8: reaching the arrival square, leaving with a 4 or 5.


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("v1 0:B3r 1:- 0 5", "B3-B1"),
        ("v1 0:B3r 1:- 0 4", "B3-B1"),
        ("v1 0:B5r 1:- 0 5", "B5-B1"),
        ("v1 0:B6r 1:- 0 5", "B6-B1"),
        ("v1 0:B2r 1:- 0 1", "B2-B1"),
    ],
)
def test_point8_reaching_the_arrival_square_needs_no_exact_count(text: str, move: str) -> None:
    """Point 8: "each player must reach the arrival square (no need for the exact number of points)" —
    *ruling*: a throw that would carry the piece further stops it on B1."""
    state = position(text)
    assert move in legal(state)
    assert play(state, move).pieces_on("B1") == [(0, True)]


@pytest.mark.parametrize("roll", [4, 5])
def test_point8_a_4_or_5_takes_a_piece_off_from_the_arrival_square(roll: int) -> None:
    """Point 8: "then to leave the board from this square the player must throw 4 or 5"."""
    state = rolled("v1 0:B1r,A2 1:- 0 -", roll)
    assert "B1-off" in legal(state)
    after = play(state, "B1-off")
    assert after.to_text() == "v1 0:A2+1 1:- 0 -"
    assert after.borne_off(0) == 1


def test_point8_a_1_does_not_take_a_piece_off() -> None:
    """Point 8: with a 1 the piece on B1 stays; it is the only square to leave from."""
    state = rolled("v1 0:B1r,A2 1:- 0 -", 1)
    assert legal(state) == ["A2-A3"]
    assert illegal_key(state, "B1-off") == "ur.v1.leave_needs_4_or_5"
    assert illegal_key(state, "B1") == "ur.v1.leave_needs_4_or_5"


def test_point8_a_piece_must_stop_on_b1_before_leaving() -> None:
    """Point 8: a piece reaches the arrival square first, even with a 5; it leaves on a later throw."""
    state = rolled("v1 0:B2r 1:- 0 -", 5)
    assert legal(state) == ["in-A1", "B2-B1"]
    assert illegal_key(state, "B2-off") == "ur.wrong_destination"


# Point 9: the winner.


def test_point9_the_first_to_take_all_seven_off_wins() -> None:
    """Point 9: "the winner is the player who takes all his pieces off the board via the arrival square"."""
    over = play(position("v1 0:B1r+6 1:B1r,B1r+5 0 4"), "B1-off")
    assert over.to_text() == "v1 0:-+7 1:B1r,B1r+5 0 -"
    outcome = over.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.termination is Termination.NORMAL
    assert over.actors() == () and over.legal_moves() == () and over.legal_moves(1) == ()
    assert not over.is_chance() and over.chance_outcomes() == ()
    for attempt in ("roll:4", "B1-off", "in"):
        with pytest.raises(GameOverError):
            over.parse_move(attempt)
    with pytest.raises(GameOverError):
        over.apply(Roll(4))


def test_point9_six_pieces_off_is_not_yet_a_win() -> None:
    """Point 9: all the player's pieces must leave."""
    after = play(position("v1 0:B1r,B1r+5 1:C1 0 5"), "B1-off")
    assert after.outcome() is None
    assert after.to_text() == "v1 0:B1r+6 1:C1 0 -"


def test_point9_the_second_player_can_win_too() -> None:
    """Point 9: whoever takes all seven off first wins — seat 1 as well."""
    over = play(position("v1 0:A1+6 1:B1r+6 1 5"), "B1-off")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_point9_pieces_leave_only_via_the_arrival_square() -> None:
    """Point 9: "via the arrival square" — a piece anywhere else never goes off, even with a 5."""
    state = rolled("v1 0:B2r,B3r,B4r,B5r,B6r,B7r,C7r 1:- 0 -", 5)
    assert all(m.to != OFF for m in state.legal_moves())


# The closing note: a player must move if he can.


def test_note_a_player_must_move_if_possible() -> None:
    """Note: "a player must play (make a move) if he can" — there is no pass, even with one bad move."""
    state = rolled("v1 0:B6 1:B5r 0 -", 1)
    assert legal(state) == ["B6-B7"]
    assert state.actors() == (0,)
    for refusal in ("pass", "skip", "-"):
        with pytest.raises(NotationError):
            state.parse_move(refusal)
    with pytest.raises(IllegalMoveError):
        state.apply(Roll(0))


def test_note_a_1_that_no_piece_can_use_passes_the_turn() -> None:
    """Note ("if he can") and the dice table: with no legal move for a 1, the turn goes to the opponent."""
    waiting = position("v1 0:B5+6 1:B8r,A8r,B6r 0 -")
    assert play(waiting, "roll:1").to_text() == "v1 0:B5+6 1:B8r,A8r,B6r 1 -"
    assert play(position("v1 0:B1r+6 1:- 0 -"), "roll:1").to_text() == "v1 0:B1r+6 1:- 1 -"


@pytest.mark.parametrize("roll", [4, 5])
def test_note_a_4_or_5_that_no_piece_can_use_still_throws_again(roll: int) -> None:
    """Dice table and note (*ruling*): the extra throw comes with a 4 or 5 itself, so a 4 or 5 that no
    piece can use (here B5 would end on the red pieces on A8 or B8) still gives another throw."""
    waiting = position("v1 0:B5+6 1:B8r,A8r,B6r 0 -")
    after = play(waiting, f"roll:{roll}")
    assert after.to_text() == waiting.to_text()
    assert after.is_chance() and after.turn == 0


# ur.md (b): the loop, X, O and the arrival square.


@pytest.mark.parametrize(
    ("seat", "path"),
    [
        (0, "A1 A2 A3 A4 B4 B5 B6 B7 A7 A8 B8 C8 C7 B7 B6 B5 B4 B3 B2 B1 off"),
        (1, "C1 C2 C3 C4 B4 B5 B6 B7 C7 C8 B8 A8 A7 B7 B6 B5 B4 B3 B2 B1 off"),
    ],
)
def test_ur_md_the_20_square_loop(seat: int, path: str) -> None:
    """ur.md (b), *ruling*: the loop A1 A2 A3 A4, B4 B5 B6 B7, A7 A8, B8, C8 C7, B7 … B1 (row C mirrored),
    entering on A1 (C1), red from B8 on, leaving from B1.

    One piece walks the whole loop: a 4 to enter, then throws of 1, then a 4 to leave; the opponent
    throws 0 whenever it is their turn.
    """
    lane = BOARD.lanes[seat]
    state = position(f"v1 0:-{'+6' if seat == 0 else ''} 1:-{'+6' if seat == 1 else ''} {seat} -")
    visited: list[str] = []
    faces: list[bool] = []
    while state.outcome() is None:
        if state.turn != seat:
            state = play(state, "roll:0")
            continue
        pieces = [p for p in state.pieces[seat] if p < OFF]
        state = play(state, "roll:4" if pieces[0] in (0, loop.ARRIVAL) else "roll:1")
        (move,) = legal(state)
        target = move.split("-")[-1]
        state = play(state, move)
        visited.append(target)
        if target != "off":
            faces.append(state.pieces_on(target) == [(seat, True)])
    assert " ".join(visited) == path
    assert visited[0] == f"{lane}1"
    assert faces == [False] * 10 + [True] * 10
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (seat,)


def test_ur_md_named_squares() -> None:
    """ur.md (b): entry A1 (C1), X = B8, O = B5 B6 B7, arrival B1 shared; the rosettes and B1 are safe."""
    assert loop.PATHS[0][0] == "A1" and loop.PATHS[1][0] == "C1"
    assert loop.X_SQUARE == "B8" and loop.PATHS[0][loop.TURN_AT - 1] == "B8"
    assert loop.O_SQUARES == ("B5", "B6", "B7")
    assert loop.PATHS[0][-1] == loop.PATHS[1][-1] == "B1"
    assert {loop.PATHS[0][p - 1] for p in loop.SAFE} == {"A1", "B4", "A7", "C7", "B1"}
    assert {loop.PATHS[1][p - 1] for p in loop.SAFE} == {"C1", "B4", "A7", "C7", "B1"}
    assert {sq for sq in BOARD.squares if BOARD.is_rosette(sq)} == ROSETTES


def test_ur_md_the_way_home_crosses_the_other_lane() -> None:
    """ur.md (b): after X seat 0 runs C8 C7 in seat 1's lane, where its red piece blocks seat 1's C8."""
    state = rolled("v1 0:C8r 1:B5 1 -", 4)
    assert legal(state) == ["in-C1"]
    assert illegal_key(state, "B5-C8") == "ur.v1.blocked"
    # ...and the other lane's rosette C7 holds both.
    after = play(position("v1 0:C8r 1:C7 0 1"), "C8-C7")
    assert after.to_text() == "v1 0:C7r 1:C7 1 -"


# Notation.


def test_format_move_canonical_forms() -> None:
    """Notation: ``in-A1``, ``A1-B4``, ``A2xB6``, ``B1-off``, ``roll:5``, ``first:C``."""
    state = rolled("v1 0:A1,A2,B1r 1:B6 0 -", 4)
    assert legal(state) == ["in-A1", "A1-B4", "A2-B5", "B1-off"]
    state = rolled("v1 0:A1,A2,B1r 1:B6 0 -", 5)
    assert legal(state) == ["in-A1", "A1-B5", "A2xB6", "B1-off"]
    assert state.format_move(Roll(5)) == "roll:5"
    assert state.format_move(FirstPlayer(1)) == "first:C"
    assert state.format_move(FirstPlayer(0)) == "first:A"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("a2", "A2xB6"),
        ("A2-B6", "A2xB6"),
        ("  a2 x b6 ", "A2xB6"),
        ("in", "in-A1"),
        ("new", "in-A1"),
        ("+", "in-A1"),
        ("IN-a1", "in-A1"),
        ("B1-out", "B1-off"),
        ("b1r-OFF", "B1-off"),
        ("b1", "B1-off"),
        ("A1xB5", "A1-B5"),
        ("c8r-b4r", "C8-B4"),
        ("C8", "C8-B4"),
    ],
)
def test_parse_move_accepts_lenient_input(text: str, canonical: str) -> None:
    """Notation: case and spaces do not matter, the destination may be left out (the roll fixes it),
    ``new``/``+`` mean ``in``, ``out`` means ``off``, ``-``/``x`` are interchangeable, and squares may
    carry the ``r`` of a red piece."""
    state = rolled("v1 0:A1,A2,C8r,B1r 1:B6 0 -", 5)
    assert state.format_move(state.parse_move(text)) == canonical


def test_a_blue_and_a_red_piece_on_b4_are_told_apart() -> None:
    """Notation: B4 is on the loop twice; a blue and a red piece of one player may share it (a rosette).
    The destination or an ``r`` picks the piece; the bare square is ambiguous."""
    state = rolled("v1 0:B4,B4r 1:- 0 -", 1)
    assert legal(state) == ["B4-B5", "B4-B3"]
    assert state.parse_move("B4-B5") == Move(5, 6)
    assert state.parse_move("B4-B3") == Move(17, 18)
    assert state.parse_move("b4r") == Move(17, 18)
    with pytest.raises(AmbiguousMoveError) as err:
        state.parse_move("B4")
    assert err.value.key == "ur.v1.ambiguous"
    assert list(err.value.legal) == ["B4-B5", "B4-B3"]
    assert illegal_key(state, "B4r-B5") == "ur.wrong_destination"
    assert illegal_key(state, "B4-B5r") == "ur.wrong_destination"
    assert illegal_key(state, "A3r") == "ur.no_piece"


def test_parse_chance_outcomes() -> None:
    """Notation: chance outcomes read ``roll:N`` (N = 0, 1, 4, 5) and ``first:A``/``first:C``."""
    assert loop.new_state().parse_move("FIRST:c") == FirstPlayer(1)
    waiting = position("v1 0:A4 1:- 0 -")
    assert [waiting.parse_move(t) for t in ("roll:0", "ROLL:1", "roll4", "roll:5")] == [
        Roll(0),
        Roll(1),
        Roll(4),
        Roll(5),
    ]


@pytest.mark.parametrize(
    "garbage", ["", "hello", "A9", "D1", "A2-", "A2-B", "A2B6", "roll:2", "roll:3", "first:B", "off", "pass"]
)
def test_garbage_is_a_notation_error(garbage: str) -> None:
    """Notation: text that is not a move is a NotationError listing the legal moves."""
    state = rolled("v1 0:A2 1:- 0 -", 4)
    with pytest.raises(NotationError) as err:
        state.parse_move(garbage)
    assert err.value.key == "ur.v1.notation"
    assert list(err.value.legal) == ["in-A1", "A2-B5"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("A2-B4", "ur.wrong_destination"),  # a 4 takes A2 to B5
        ("in-A2", "ur.wrong_destination"),  # entering always lands on A1
        ("B3", "ur.no_piece"),  # nothing stands on B3
        ("B8-B6", "ur.no_piece"),  # the opponent's piece is not ours
        ("C3", "ur.not_on_path"),  # the other lane's private squares
        ("A2-C2", "ur.not_on_path"),
        ("A5", "ur.not_on_path"),  # no such square
    ],
)
def test_illegal_moves_name_the_reason_and_list_the_legal_moves(text: str, key: str) -> None:
    """Notation: a well-formed but illegal move is an IllegalMoveError with ``.key`` and ``.legal`` set."""
    state = rolled("v1 0:A2,A3,B1r 1:B8r 0 -", 4)
    assert illegal_key(state, text) == key
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move(text)
    assert list(err.value.legal) == ["in-A1", "A2-B5", "A3-B6", "B1-off"]


def test_no_piece_in_reserve_is_an_illegal_move() -> None:
    """Notation: ``in`` with an empty reserve names that reason."""
    state = rolled("v1 0:A2,A3,A4,B5,B6,B7,A7 1:- 0 -", 5)
    assert illegal_key(state, "in") == "ur.no_piece_reserve"


def test_moves_before_the_roll_or_by_the_wrong_seat_are_refused() -> None:
    """Turn order: no move before the dice are thrown; nobody moves for the seat to play."""
    waiting = position("v1 0:A2 1:C2 0 -")
    assert illegal_key(waiting, "A2-A3") == "ur.no_roll"
    with pytest.raises(NotYourTurnError):
        waiting.parse_move("roll:1", 0)  # a chance node: no seat acts
    state = play(waiting, "roll:1")
    assert state.parse_move("A2-A3", 0) == Move(2, 3)
    with pytest.raises(NotYourTurnError) as err:
        state.parse_move("C2-C3", 1)
    assert err.value.key == "not_your_turn"
    with pytest.raises(IllegalMoveError):
        state.parse_move("roll:4")  # a player cannot choose the dice
    with pytest.raises(IllegalMoveError) as err2:
        state.apply(Move(0, 1))
    assert err2.value.key == "illegal_move"
    assert err2.value.legal == ("A2-A3",)


# The state text.


@pytest.mark.parametrize(
    "text",
    [
        "v1 0:- 1:- - -",
        "v1 0:- 1:- 1 -",
        "v1 0:A1,B6,B3r+2 1:- 0 5",
        "v1 0:A1,A1,B4,B4r,B1r,B1r 1:C1,B4,B1r 1 5",
        "v1 0:C8r,C7r 1:A8r,A7r 0 -",
        "v1 0:A7,A8 1:C7,C8 1 1",
        "v1 0:-+7 1:B1r,B1r+5 0 -",
    ],
)
def test_state_text_round_trip(text: str) -> None:
    """State text: ``from_text`` and ``to_text`` are inverse."""
    state = position(text)
    assert state.to_text() == text
    assert position(state.to_text()) == state


def test_state_text_fields() -> None:
    """State text: ``v1 0:A1,B6,B3r+2 1:- 0 5`` reads as documented; the order of squares does not matter."""
    state = position("v1 0:A1,B6,B3r+2 1:- 0 5")
    assert state.pieces == ((0, 0, 1, 7, 18, 21, 21), (0,) * 7)
    assert state.turn == 0 and state.roll == 5
    assert position("v1 0:B3r,A1,B6+2 1:- 0 5") == state
    assert state.pieces_on("B6") == [(0, False)] and state.pieces_on("B3") == [(0, True)]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("v2 0:- 1:- - -", "another rule set"),
        ("v1 0:- 1:-", "missing fields"),
        ("v1 1:- 0:- - -", "seats swapped"),
        ("v1 0:C3 1:- 0 -", "a square off seat 0's loop"),
        ("v1 0:A5 1:- 0 -", "no such square"),
        ("v1 0:B1 1:- 0 -", "a piece on B1 is always red"),
        ("v1 0:B8 1:- 0 -", "a piece on X is always red"),
        ("v1 0:C8 1:- 0 -", "seat 0 is red in row C"),
        ("v1 0:A3r 1:- 0 -", "a red piece before X"),
        ("v1 0:A2,A2 1:- 0 -", "two own pieces on an ordinary square"),
        ("v1 0:B6 1:B6r 0 -", "two colours on an ordinary square"),
        ("v1 0:A1,A2,A3,A4,B5,B6,B7,A7 1:- 0 -", "eight pieces"),
        ("v1 0:A2,A3+6 1:- 0 -", "eight pieces with those off"),
        ("v1 0:-+8 1:- 0 -", "eight pieces off"),
        ("v1 0:A2 1:- 0 0", "a zero waiting to be played"),
        ("v1 0:A2 1:- 0 2", "no throw of 2"),
        ("v1 0:A2 1:- 0 3", "no throw of 3"),
        ("v1 0:B1r+6 1:- 0 1", "a throw with no legal move"),
        ("v1 0:- 1:- - 4", "a throw before the draw"),
        ("v1 0:A1 1:- - -", "pieces on the board before the draw"),
        ("v1 0:- 1:- 2 -", "no seat 2"),
        ("v1 0:-+7 1:-+7 1 -", "both players finished"),
        ("v1 0:-+7 1:- 1 4", "a throw waiting after the end"),
        ("v1 0:a1 1:- 0 -", "lower-case squares"),
        ("v1 0:A1R 1:- 0 -", "upper-case face mark"),
    ],
)
def test_malformed_state_text_is_rejected(text: str, why: str) -> None:
    """State text: malformed texts and impossible positions are a NotationError."""
    with pytest.raises(NotationError):
        loop.from_text(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("v1 0:A2,A2 1:A3r 0 -", "seat 1: A3 is not on your path"),
        ("v1 0:B6 1:B6,C9 0 -", "bad pieces for seat 1: '1:B6,C9'"),
        ("v1 0:B6 1:B6 0 2", "2 pieces share B6, which holds only one"),
        ("v1 0:-+7 1:-+7 1 2", "both players cannot have taken all their pieces off"),
    ],
)
def test_a_state_text_with_several_faults_is_refused_for_the_first(text: str, message: str) -> None:
    """State text: both seats' fields are read before any square is found crowded, and the squares are
    checked before the turn and throw."""
    with pytest.raises(NotationError) as err:
        loop.from_text(text)
    assert err.value.message == message


# Properties of random games.


def random_game(seed: int) -> list[tuple[State, str]]:
    """Every state of a random game with the notation played from it: throws by their probabilities,
    moves uniformly among the legal ones."""
    rng = random.Random(seed)
    state = loop.new_state()
    steps: list[tuple[State, str]] = []
    while state.outcome() is None:
        move = random_step(state, rng)
        steps.append((state, state.format_move(move)))
        state = state.apply(move)
        assert len(steps) < 20_000
    steps.append((state, ""))
    return steps


def squares_in_use(state: State) -> Counter[str]:
    """How many pieces stand on each square."""
    return Counter({sq: len(state.occupant(sq)) for sq in BOARD.squares if state.occupant(sq)})


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_rules_invariant(seed: int) -> None:
    """Property: each side always has 7 pieces; no ordinary square holds two pieces; a move advances one
    piece forward (by the roll, or up to B1), captures at most one opposing blue piece on an O square,
    and keeps the turn exactly after a 4 or 5; pieces leave only from B1 and enter only on A1/C1."""
    steps = random_game(seed)
    for (before, text), (after, _) in itertools.pairwise(steps):
        for seat in (0, 1):
            assert len(after.pieces[seat]) == 7
        for square, count in squares_in_use(after).items():
            assert count == 1 or square in ROSETTES or square == "B1", f"{after.to_text()}: {square}"
        if before.roll is None:
            continue
        me, roll = before.turn, before.roll
        assert me is not None
        move = before.parse_move(text)
        assert isinstance(move, Move)
        assert move.to > move.frm
        if move.frm == 0:
            assert roll in (4, 5) and move.to == 1
        elif move.frm == loop.ARRIVAL:
            assert roll in (4, 5) and move.to == OFF
        else:
            assert move.to == min(move.frm + roll, loop.ARRIVAL)
        lost = Counter(before.pieces[1 - me]) - Counter(after.pieces[1 - me])
        assert sum(lost.values()) == (1 if "x" in text else 0)
        for p in lost:
            assert p == move.to and loop.square_of(me, p) in loop.O_SQUARES and not loop.is_red(p)
        if after.outcome() is None:
            assert after.turn == (me if roll in (4, 5) else 1 - me)
    final = steps[-1][0].outcome()
    assert final is not None and len(final.winners) == 1


def expected_moves(state: State) -> list[str]:
    """The legal moves by the rules, worked out square by square (independently of the engine's tables)."""
    me, roll = state.turn, state.roll
    assert me is not None and roll is not None
    path = loop.PATHS[me]
    found = []
    for p in sorted(set(state.pieces[me])):
        if p == OFF or (p in (0, 20) and roll not in (4, 5)):
            continue
        if p == 0:
            found.append(f"in-{path[0]}")
            continue
        if p == 20:
            found.append("B1-off")
            continue
        to = min(p + roll, 20)
        square = path[to - 1]
        there = state.pieces_on(square)
        if square in ROSETTES or square == "B1" or not there:
            found.append(f"{path[p - 1]}-{square}")
        elif square in ("B5", "B6", "B7") and there[0][0] != me and not there[0][1] and to < 11:
            found.append(f"{path[p - 1]}x{square}")
    return found


@st.composite
def positions(draw: st.DrawFn) -> State:
    """Any legal position with a throw waiting (or, if no move exists with it, the dice still to throw)."""
    pieces: list[tuple[int, ...]] = []
    taken: set[str] = set()  # ordinary squares already used
    for seat in (0, 1):
        own: list[int] = []
        for _ in range(7):
            p = draw(st.integers(min_value=0, max_value=OFF))
            if 0 < p < OFF and p not in loop.SAFE:
                square = loop.square_of(seat, p)
                if square in taken:
                    p = 0
                else:
                    taken.add(square)
            own.append(p)
        pieces.append(tuple(sorted(own)))
    if all(p == OFF for p in pieces[0] + pieces[1]):
        pieces[1] = (0,) * 7
    turn = draw(st.sampled_from([0, 1]))
    roll = draw(st.sampled_from([1, 4, 5]))
    state = State((pieces[0], pieces[1]), turn, roll)
    if not state.legal_moves():
        state = State((pieces[0], pieces[1]), turn, None)
    return state


@settings(max_examples=500, deadline=None)
@given(state=positions())
def test_any_position_has_exactly_the_moves_the_rules_give(state: State) -> None:
    """Property: in any position the legal moves are exactly those the rules give square by square; the
    state text round-trips; every move keeps 7 pieces a side."""
    assert position(state.to_text()) == state
    if state.roll is None or state.outcome() is not None:
        return
    assert legal(state) == expected_moves(state)
    for move in state.legal_moves():
        after = state.apply(move)
        assert len(after.pieces[0]) == len(after.pieces[1]) == 7
        assert position(after.to_text()) == after


def test_errors_are_game_errors() -> None:
    """Every error a player's input can cause is a GameError the bot can explain."""
    for cls in (NotationError, IllegalMoveError, AmbiguousMoveError, NotYourTurnError, GameOverError):
        assert issubclass(cls, GameError)


def test_module_exports_for_the_registry() -> None:
    """The registry needs ``RULES``, ``LABEL``, ``new_state``, ``from_text`` and ``State``."""
    assert loop.RULES == "v1" and loop.new_state().to_text().split()[0] == loop.RULES
    assert loop.LABEL
    assert isinstance(loop.from_text("v1 0:- 1:- - -"), loop.State)
