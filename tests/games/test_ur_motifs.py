"""Rule tests of the Royal Game of Ur, Variante 3 (``games/ur/motifs.py``), written like games.

Each test sets a position with its one-line state text, plays moves by notation and checks the result.
The docstrings name the rule they cover: the sentences of the French text's "VARIANTE 3"
(``shared/rules/ur.fr.txt``, paraphrased in English and numbered here in reading order, §1..§19) and
the points of ``shared/rules/ur.md`` part (d).

§1 same board, four dice, five pawns each · §2 three faces of each die are marked · §3 the goal: four
pawns on four identical motif squares · §4 the fifth pawn on one of the single motifs · §5 the score
table (0 marked = 5, 1..4 marked = 1..4) · §6 the board starts empty · §7 players play in turn · §8 the
players put their pawns one after the other on an empty square · §9 red face up · §10 once all are
placed, they are moved one at a time · §11 throw the dice, move one pawn by the score · §12 any
direction but diagonally · §13 a pawn may cross its own pawns, the square still costing a point ·
§14 never over an opponent's pawn: go round · §15 never the same square twice in a turn · §16 always
end on a free square · §17 a moved pawn is turned over and moves again only once all the player's
pawns show the same face · §18 passing is forbidden · §19 whoever has placed their five pawns on those
squares wins, whatever the faces · §20 whoever cannot move a pawn that may move (red, in the text's
example) has lost. The lost diagrams (walks worth 5, 2 and 4 points) are covered by the step-count tests.

Reminder of the state text: ``v3 0r:A1r,B4b 1r:C3r 0 3`` = seat 0 whose movable face is red with
pawns on A1 (red) and B4 (blue); seat 1 likewise; seat 0 to act; a roll of 3 waiting.
Motifs: rosettes A1 C1 B4 A7 C7; eyes A2 A4 C2 C4 B7; dots A3 C3 B2 B5 B8; singles B1 B3 B6 A8 C8.
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
from games.ur import motifs
from games.ur.board import BOARD
from games.ur.motifs import BLUE, RED, FirstPlayer, Move, Place, Roll, State
from tests.games.kit import legal, play

# A roomy middle-game position used by several tests: nobody is near a goal, everybody shows red.
OPEN = "v3 0r:A1r,A3r,B4r,C1r,C3r 1r:A8r,B1r,B3r,B6r,C8r 0 -"
# Seat 0's pawn on A1 can reach B2 in two steps by two routes: over its own pawn on A2, or by B1.
ROUTES = "v3 0r:A1r,A2r,B7r,C7r,C8r 1r:A8r,B3r,B4r,B8r,C4r 0 -"


def position(text: str) -> State:
    """The position described by a state text."""
    return motifs.from_text(text)


def rolled(text: str, roll: int) -> State:
    """``text`` (a position waiting for the dice) after the dice show ``roll``."""
    return play(position(text), f"roll:{roll}")


def destinations(state: State, square: str) -> list[str]:
    """Where the pawn on ``square`` may go with the roll waiting."""
    return [m.to for m in state.legal_moves() if isinstance(m, Move) and m.frm == square]


# §1, §6, §7: the set-up and who starts.


def test_s1_s6_five_pawns_each_and_an_empty_board() -> None:
    """§1 "each player uses 5 pawns" and §6 "when the game starts, the board is empty of pawns"."""
    start = motifs.new_state()
    assert start.to_text() == "v3 0r:- 1r:- - -"
    assert all(start.occupant(sq) is None for sq in BOARD.squares)
    started = play(start, "first:A")
    assert started.to_place(0) == started.to_place(1) == motifs.PAWNS == 5
    assert len(BOARD.squares) == 20  # §1: the same board as the other rule sets


def test_ruling_the_first_player_is_drawn_by_lot() -> None:
    """Ruling (§7 only says the players take turns): a draw decides who starts, each seat with 1/2."""
    start = motifs.new_state()
    assert start.is_chance() and start.actors() == ()
    assert start.chance_outcomes() == ((FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2)))
    assert play(start, "first:A").actors() == (0,)
    c_starts = play(start, "first:C")
    assert c_starts.to_text() == "v3 0r:- 1r:- 1 -"
    assert c_starts.actors() == (1,)
    with pytest.raises(IllegalMoveError):
        c_starts.parse_move("first:A")  # the draw happens once
    with pytest.raises(IllegalMoveError):
        c_starts.apply(FirstPlayer(0))


def test_s7_players_take_turns_through_placement_and_movement() -> None:
    """§7 "the players play in turn": placements alternate, then the first player throws first and
    the moves keep alternating."""
    state = play(motifs.new_state(), "first:C")
    placements = ["@A1", "@C2", "@A3", "@B5", "@B7", "@C1", "@A8", "@C8", "@B2", "@A4"]
    for i, text in enumerate(placements):
        assert state.actors() == ((1,) if i % 2 == 0 else (0,)), text
        state = play(state, text)
    assert state.to_text() == "v3 0r:A4r,B5r,C1r,C2r,C8r 1r:A1r,A3r,A8r,B2r,B7r 1 -"
    assert state.is_chance() and state.actors() == ()  # seat 1 (drawn first) now throws first
    state = play(state, "roll:1")
    assert state.actors() == (1,)
    state = play(state, "A1-B1")
    assert state.turn == 0 and state.is_chance()
    assert play(state, "roll:2").actors() == (0,)


# §2, §5 and ur.md (d): the dice.


def test_s2_s5_the_dice_enumerated() -> None:
    """§2 each of the 4 dice has 3 marked faces and 3 plain ones; §5 the score is the number of marked
    faces up, with none marked counting 5. Enumerating the 6⁴ throws (and the 16 marked/plain patterns)
    gives exactly ur.md's 4/16, 6/16, 4/16, 1/16, 1/16, which the engine publishes at every throw."""
    faces = (True, True, True, False, False, False)  # §2: three marked faces per die
    by_face = Counter(sum(throw) or 5 for throw in itertools.product(faces, repeat=motifs.DICE))
    exact = {score: Fraction(n, 6**4) for score, n in by_face.items()}
    by_pattern = Counter(sum(p) or 5 for p in itertools.product((True, False), repeat=4))
    assert sum(by_pattern.values()) == 16
    assert exact == {score: Fraction(n, 16) for score, n in by_pattern.items()}
    assert exact == {1: Fraction(4, 16), 2: Fraction(6, 16), 3: Fraction(4, 16), 4: Fraction(1, 16), 5: Fraction(1, 16)}
    waiting = position(OPEN)
    assert waiting.is_chance() and waiting.actors() == ()
    published = {o.value: p for o, p in waiting.chance_outcomes() if isinstance(o, Roll)}
    assert published == exact
    assert sum(published.values()) == 1


def test_s5_no_score_of_zero_or_six() -> None:
    """§5: a throw with no marked face is worth 5, so the scores run 1..5; 0 and 6 never happen."""
    waiting = position(OPEN)
    assert [waiting.format_move(o) for o, _ in waiting.chance_outcomes()] == [f"roll:{n}" for n in range(1, 6)]
    for impossible in ("roll:0", "roll:6"):
        with pytest.raises(IllegalMoveError):
            waiting.parse_move(impossible)
    with pytest.raises(IllegalMoveError):
        waiting.apply(Roll(0))


# §8, §9: placement.


def test_s8_a_pawn_goes_on_any_empty_square() -> None:
    """§8 "one after the other the players put one of their pawns on an empty square of the board"."""
    state = play(motifs.new_state(), "first:A")
    assert legal(state) == [f"@{sq}" for sq in sorted(BOARD.squares)]
    state = play(state, "@B4", "@B5", "@C8")
    assert "@B4" not in legal(state) and "@B5" not in legal(state) and "@C8" not in legal(state)
    assert len(legal(state)) == 17
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("@B5")
    assert err.value.key == "ur.v3.occupied"
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("@A5")
    assert err.value.key == "ur.v3.no_square"


def test_s9_pawns_are_placed_red_face_up() -> None:
    """§9 "each pawn must be put with the face with the red dots showing"."""
    state = play(motifs.new_state(), "first:A", "@A1", "@C1", "@B4")
    assert state.occupant("A1") == (0, RED)
    assert state.occupant("C1") == (1, RED)
    assert state.occupant("B4") == (0, RED)
    assert state.to_text() == "v3 0r:A1r,B4r 1r:C1r 1 -"


def test_ur_md_no_dice_while_placing() -> None:
    """ur.md (d): players place alternately with no dice; a player cannot move a pawn before all 10 are on."""
    state = play(motifs.new_state(), "first:A", "@A1", "@C1")
    assert not state.is_chance() and state.chance_outcomes() == ()
    with pytest.raises(IllegalMoveError):
        state.parse_move("roll:3")
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("A1-A2")
    assert err.value.key == "ur.v3.placing"


def test_s10_moving_starts_once_all_ten_pawns_are_placed() -> None:
    """§10 "when all the pawns have been placed, the players move them": after the 10th pawn no more
    pawns are placed, and the dice are thrown."""
    state = position("v3 0r:A1r,A3r,B4r,C1r,C3r 1r:A8r,B1r,B3r,B6r 1 -")
    assert state.placing and legal(state)[0] == "@A2"
    state = play(state, "@C8")
    assert not state.placing
    assert state.to_text() == OPEN
    assert state.is_chance()
    with pytest.raises(IllegalMoveError) as err:
        play(state, "roll:1").parse_move("@A2")
    assert err.value.key == "ur.v3.not_placing"


# §10, §11, §12: moving by the roll, orthogonally.


def test_s11_one_pawn_moves_exactly_the_score() -> None:
    """§11 "he moves one of his pawns by the number of squares of the score": exactly, never fewer."""
    assert destinations(rolled(OPEN, 1), "B4") == ["A4", "B5", "C4"]
    three = rolled(OPEN, 3)
    assert destinations(three, "B4") == ["A2", "C2"]  # B4 A4 A3 A2 and B4 C4 C3 C2, over own pawns
    for short in ("B4-A4", "B4-B5", "B4-C4"):
        with pytest.raises(IllegalMoveError) as err:
            three.parse_move(short)
        assert err.value.key == "ur.v3.unreachable"
    after = play(three, "B4-C2")
    assert after.to_text() == "v3 0r:A1r,A3r,C1r,C2b,C3r 1r:A8r,B1r,B3r,B6r,C8r 1 -"


def test_s11_only_one_pawn_moves_then_the_opponent_throws() -> None:
    """§11: one pawn per throw; afterwards the opponent throws."""
    after = play(position(OPEN), "roll:1", "A1-A2")
    assert after.turn == 1 and after.is_chance() and after.actors() == ()
    with pytest.raises(NotYourTurnError):  # nobody acts until the next throw
        after.apply(Move("A3", "A4"))


def test_s12_any_direction_but_diagonally() -> None:
    """§12 "allowed to move in every direction, except diagonally": one step reaches the four
    orthogonal neighbours (forwards, backwards, up, down), never a diagonal one."""
    state = rolled("v3 0r:A8r,B2r,B6r,C7r,C8r 1r:A7r,B7r,B8r,C3r,C4r 0 -", 1)
    assert destinations(state, "B2") == ["A2", "B1", "B3", "C2"]
    for diagonal in ("A1", "A3", "C1", "C3"):
        assert f"B2-{diagonal}" not in legal(state)
    assert destinations(state, "B6") == ["B5"]  # B7 is taken; the holes A6, C6 are not squares


def test_diagrams_a_walk_costs_one_point_per_step_bends_included() -> None:
    """The text's lost diagrams show walks worth 5, 2 and 4 points: a walk costs its number of orthogonal
    steps, whether it goes straight or turns."""
    text = "v3 0r:A1r,A8r,B8r,C7r,C8r 1r:A7r,C1r,C2r,C3r,C4r 0 -"
    five = rolled(text, 5).routes(Move("A1", "B5"))
    assert ("A1", "B1", "B2", "B3", "B4", "B5") in five and ("A1", "A2", "A3", "A4", "B4", "B5") in five
    assert all(len(route) == 6 for route in five)
    assert rolled(text, 2).routes(Move("A1", "A3")) == (("A1", "A2", "A3"),)
    four = rolled(text, 4).routes(Move("A1", "B4"))
    assert ("A1", "A2", "A3", "A4", "B4") in four and ("A1", "B1", "B2", "B3", "B4") in four
    assert "A1-B5" not in legal(rolled(text, 4)) and "A1-A3" not in legal(rolled(text, 5))


def test_ur_md_the_holes_are_not_squares() -> None:
    """ur.md: A5, A6, C5, C6 do not exist; a walk goes round them through the bridge B5-B6."""
    state = rolled("v3 0r:A4r,B1r,B2r,C1r,C2r 1r:A1r,A2r,B8r,C7r,C8r 0 -", 1)
    assert destinations(state, "A4") == ["A3", "B4"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("A4-A5")
    assert err.value.key == "ur.v3.no_square"
    far = rolled("v3 0r:A4r,B1r,B2r,C1r,C2r 1r:A1r,A2r,B8r,C7r,C8r 0 -", 4)
    assert "A4-B7" in legal(far)  # A4 B4 B5 B6 B7: the only way east
    assert far.route(Move("A4", "B7")) == ("A4", "B4", "B5", "B6", "B7")


# §13, §14, §15, §16: what a walk may cross and where it ends.


def test_s13_crossing_an_own_pawn_costs_its_step() -> None:
    """§13 "a pawn may pass over one of its own pawns; the occupied square costs one point as if it
    were free"."""
    state = rolled("v3 0r:A1r,A2r,B7r,C7r,C8r 1r:A8r,B3r,B4r,B8r,C4r 0 -", 2)
    assert "A1-A3" in legal(state)  # over its own pawn on A2, two steps
    assert state.routes(Move("A1", "A3")) == (("A1", "A2", "A3"),)
    after = play(state, "A1-A3")
    assert after.occupant("A2") == (0, RED)  # the pawn crossed stays where it was, unturned
    assert after.occupant("A3") == (0, BLUE)
    # With a 1 the same pawn cannot reach A3: the crossed square is not free of charge.
    assert "A1-A3" not in legal(rolled("v3 0r:A1r,A2r,B7r,C7r,C8r 1r:A8r,B3r,B4r,B8r,C4r 0 -", 1))


def test_s14_never_over_an_opponent_pawn_go_round_it() -> None:
    """§14 "it is forbidden to pass over an opponent's pawn: it must be gone round"."""
    text = "v3 0r:A1r,B5r,B6r,C7r,C8r 1r:A2r,A7r,B7r,B8r,C4r 0 -"
    with_two = rolled(text, 2)
    assert "A1-A3" not in legal(with_two)  # straight through A2 is barred
    assert destinations(with_two, "A1") == ["B2", "C1"]
    with_four = rolled(text, 4)
    assert "A1-A3" in legal(with_four)  # round by B1 B2 B3
    assert with_four.route(Move("A1", "A3")) == ("A1", "B1", "B2", "B3", "A3")
    with pytest.raises(IllegalMoveError) as err:
        with_four.parse_move("A1-A3/A2,B2,B3")
    assert err.value.key == "ur.v3.bad_route"


def test_s15_never_the_same_square_twice() -> None:
    """§15 "in one turn a pawn may not pass twice over the same square", its own start included: a pawn
    in a corner cannot go out and back to waste points."""
    text = "v3 0r:A8r,B2r,B3r,C1r,C2r 1r:A1r,A4r,B8r,C3r,C4r 0 -"
    # A8's only free neighbour is A7; A7 leads on to B7. With a 3 the walks are A8 A7 B7 then B6 or C7;
    # going A8 A7 A8 A7 (or ending back on A8) would need a square twice.
    state = rolled(text, 3)
    assert destinations(state, "A8") == ["B6", "C7"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("A8-A7")
    assert err.value.key == "ur.v3.unreachable"
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("A8-A7-A8-A7")
    assert err.value.key == "ur.v3.unreachable"
    assert destinations(rolled(text, 2), "A8") == ["B7"]


def test_s16_a_pawn_always_ends_on_a_free_square() -> None:
    """§16 "in every case a pawn must come to rest on a free square": neither on its own pawn nor on an
    opponent's (there is no capture)."""
    state = rolled("v3 0r:A1r,A2r,B7r,C7r,C8r 1r:A3r,B1r,B4r,B8r,C4r 0 -", 1)
    assert destinations(state, "A1") == []  # A2 (own) and B1 (opponent) are taken
    for text in ("A1-A2", "A1-B1", "A2-A3"):
        with pytest.raises(IllegalMoveError) as err:
            state.parse_move(text)
        assert err.value.key == "ur.v3.occupied"


# §17: turning pawns over.


def test_s17_a_moved_pawn_is_turned_over() -> None:
    """§17 "when a player moves a pawn, he must turn it over": red becomes blue."""
    after = play(position(OPEN), "roll:1", "A3-A2")
    assert after.occupant("A2") == (0, BLUE)
    assert after.to_text() == "v3 0r:A1r,A2b,B4r,C1r,C3r 1r:A8r,B1r,B3r,B6r,C8r 1 -"


def test_s17_a_turned_pawn_waits_until_all_show_the_same_face() -> None:
    """§17 "he may not play that pawn again until all his other pawns have been turned as well, that is
    until all show the same face": a round moves each pawn once; then all may move again, and the
    next round turns them back (blue to red)."""
    state = position(OPEN)
    rounds = [
        ("roll:1", "A3-A2"),
        ("roll:2", "B1-C2"),
        ("roll:2", "C1-B2"),
        ("roll:2", "C8-B7"),
        ("roll:2", "A1-A3"),
        ("roll:1", "A8-B8"),
        ("roll:1", "C3-C4"),
        ("roll:2", "B6-A7"),
    ]
    for throw, move in rounds:
        state = play(state, throw, move)
    assert state.to_text() == "v3 0r:A2b,A3b,B2b,B4r,C4b 1r:A7b,B3r,B7b,B8b,C2b 0 -"
    state = play(state, "roll:2")
    assert state.eligible(0) == ("B4",)  # the only pawn not yet turned this round
    assert {m.frm for m in state.legal_moves() if isinstance(m, Move)} == {"B4"}
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("A2-A1")
    assert err.value.key == "ur.v3.turned"
    state = play(state, "B4-C3")
    assert state.to_text() == "v3 0b:A2b,A3b,B2b,C3b,C4b 1r:A7b,B3r,B7b,B8b,C2b 1 -"
    assert state.eligible(0) == ("A2", "A3", "B2", "C3", "C4")  # all blue: the round is over
    state = play(state, "roll:1", "B3-B4", "roll:2", "A2-A4")
    assert state.occupant("A4") == (0, RED)
    assert state.eligible(0) == ("A3", "B2", "C3", "C4")  # now the blue ones wait their turn
    assert state.to_text() == "v3 0b:A3b,A4r,B2b,C3b,C4b 1b:A7b,B4b,B7b,B8b,C2b 1 -"


def test_s17_the_state_remembers_which_face_may_move() -> None:
    """§17: with three red and two blue pawns, which ones may move depends on the round (red early in a
    red round, blue late in a blue one); the state text's movable face says which."""
    red_round = rolled("v3 0r:A1r,A3b,B4r,C1r,C3b 1r:A8r,B1r,B3r,B6r,C8r 0 -", 1)
    blue_round = rolled("v3 0b:A1r,A3b,B4r,C1r,C3b 1r:A8r,B1r,B3r,B6r,C8r 0 -", 1)
    assert red_round.eligible(0) == ("A1", "B4", "C1")
    assert blue_round.eligible(0) == ("A3", "C3")
    with pytest.raises(NotationError):
        position("v3 0b:A1r,A3r,B4r,C1r,C3r 1r:A8r,B1r,B3r,B6r,C8r 0 -")  # all red: red must be movable


# §18, §20: no passing; a player who cannot move loses.


def test_s18_passing_is_forbidden() -> None:
    """§18 "it is forbidden to pass one's turn": there is no pass move, and a roll cannot be refused."""
    state = rolled(OPEN, 1)
    for refusal in ("pass", "skip", "-", "passe"):
        with pytest.raises(NotationError):
            state.parse_move(refusal)
    with pytest.raises(IllegalMoveError):
        state.apply(Roll(3))


def test_s20_a_player_who_cannot_move_a_movable_pawn_loses() -> None:
    """§20 and the text's example: the player should move a red pawn (the others were turned) and cannot,
    so he has lost — even though his blue pawns could move."""
    # Seat 0's last red pawn stands on A8, boxed in by B8 and A7; the blue ones are free but turned.
    state = rolled("v3 0r:A8r,A3b,B4b,C1b,C3b 1r:A7r,B1r,B3r,B8r,C8r 0 -", 1)
    assert state.eligible(0) == ("A8",)
    assert state.legal_moves() == () and state.actors() == ()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.termination is Termination.NO_MOVES and outcome.winners == (1,)
    assert not state.is_chance() and state.chance_outcomes() == ()
    assert state.to_text() == "v3 0r:A3b,A8r,B4b,C1b,C3b 1r:A7r,B1r,B3r,B8r,C8r 0 1"
    with pytest.raises(GameOverError):
        state.parse_move("B4-B5")


def test_ur_md_the_loss_depends_on_the_roll_obtained() -> None:
    """ur.md (d): "a player who cannot make a legal move loses" — with the roll obtained: the pawn on A8
    cannot stop on its own turned pawn on A7 with a 1, but crosses it with a 2 or a 3."""
    text = "v3 0r:A3b,A7b,A8r,C1b,C3b 1r:B1r,B2r,B4r,B8r,C8r 0 -"
    lost = rolled(text, 1)
    outcome = lost.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES and outcome.winners == (1,)
    assert legal(rolled(text, 2)) == ["A8-B7"]
    assert legal(rolled(text, 3)) == ["A8-B6", "A8-C7"]
    assert rolled(text, 3).outcome() is None


# §3, §4, §19 and ur.md (d): the goal.


@pytest.mark.parametrize(
    ("before", "move", "motif"),
    [
        ("v3 0r:A1r,A7r,B2r,B4r,C1r 1r:A3r,A8r,B8r,C4r,C8r 0 1", "B2-B1", "rosette"),
        ("v3 0r:A2r,A4r,B7r,C2r,C3r 1r:A1r,A8r,B4r,C1r,C8r 0 1", "C3-B3", "eyes"),
        ("v3 0r:A3r,B2r,B5r,B8r,C7r 1r:A1r,A4r,B1r,B4r,C1r 0 1", "C7-C8", "dots5"),
    ],
)
def test_s3_s4_four_pawns_on_one_motif_and_the_fifth_on_a_single_square_win(before: str, move: str, motif: str) -> None:
    """§3 four pawns on four identical squares of one motif, §4 the fifth on a square with a single
    motif, §19 the player who has done so wins — ur.md's ruling: rosette, eyes or five dots, and the
    single squares B1, B3, B6, A8, C8."""
    state = play(position(before), move)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.termination is Termination.NORMAL and outcome.winners == (0,)
    assert state.goal_winner_motif() == motif
    assert state.actors() == () and state.legal_moves() == () and not state.is_chance()
    for attempt in ("roll:1", "A1-A2", "@B6"):
        with pytest.raises(GameOverError):
            state.parse_move(attempt)


def test_ruling_the_single_squares_and_motif_groups() -> None:
    """ur.md (d) ruling: the goal's groups are the five rosettes, five eyes and five dot squares, and its
    single squares are B1, B3, B6, A8, C8 (the castles and the grid)."""
    assert motifs.GROUPS == {
        "rosette": ("A1", "A7", "B4", "C1", "C7"),
        "eyes": ("A2", "A4", "B7", "C2", "C4"),
        "dots5": ("A3", "B2", "B5", "B8", "C3"),
    }
    assert motifs.SINGLES == ("A8", "B1", "B3", "B6", "C8")
    for single in motifs.SINGLES:
        assert motifs.goal_motif(["A1", "A7", "B4", "C1", single]) == "rosette"


@pytest.mark.parametrize(
    ("squares", "why"),
    [
        (["A1", "A7", "B4", "C1", "C7"], "five rosettes, none on a single square"),
        (["A1", "A7", "B4", "C1", "A2"], "four rosettes but the fifth on an eye"),
        (["A1", "A7", "B4", "B1", "B3"], "three rosettes and two singles"),
        (["A1", "A2", "A3", "B4", "B1"], "four squares of different motifs"),
        (["A1", "A7", "B4", "C1"], "only four pawns"),
        (["A8", "B1", "B3", "B6", "C8"], "five singles"),
    ],
)
def test_s3_s4_near_misses_do_not_win(squares: list[str], why: str) -> None:
    """§3/§4: anything but four on one motif plus one on a single square is not the goal."""
    assert motifs.goal_motif(squares) is None, why


def test_s19_the_faces_do_not_matter_for_the_goal() -> None:
    """§19 "the face on which the pawns lie (red or blue) does not matter"."""
    state = play(position("v3 0b:A1r,A7b,B2b,B4r,C1b 1r:A3r,A8r,B8r,C4r,C8r 0 -"), "roll:1", "B2-B1")
    assert state.occupant("B1") == (0, RED)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_ur_md_the_goal_is_checked_after_every_placement() -> None:
    """ur.md (d): the goal is checked after every placement too — a player whose fifth pawn completes
    it wins before any dice are thrown."""
    state = play(motifs.new_state(), "first:A", "@A1", "@A2", "@C1", "@C2", "@B4", "@A4", "@A7", "@C4")
    assert state.outcome() is None
    state = play(state, "@B3")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.termination is Termination.NORMAL
    assert state.to_text() == "v3 0r:A1r,A7r,B3r,B4r,C1r 1r:A2r,A4r,C2r,C4r 1 -"
    assert state.actors() == () and not state.is_chance()


def test_ur_md_the_second_player_can_win_on_the_last_placement() -> None:
    """ur.md (d): checked after every placement — the tenth as well; then no dice are thrown."""
    state = position("v3 0r:A1r,A3r,B2r,B5r,C3r 1r:A2r,A4r,B7r,C2r 1 -")
    assert state.outcome() is None  # seat 0 has four dots but a rosette, not a single square
    over = play(state, "@C8")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_s19_the_goal_belongs_to_the_player_whose_pawns_form_it() -> None:
    """§19 "when a player has placed his 5 pawns on those squares, he wins": a move only changes the
    mover's pawns, so only the mover can complete a goal; the opponent's near-goal does not count."""
    # Seat 1 has four eyes and a pawn one step from B6; seat 0 moves and does not give seat 1 anything.
    state = rolled("v3 0r:A1r,A3r,B3r,C1r,C3r 1r:A2r,A4r,B5r,B7r,C2r 0 -", 1)
    after = play(state, "A1-B1")
    assert after.outcome() is None
    # Seat 1 then completes its own goal by moving B5 to the single square B6.
    done = play(after, "roll:1", "B5-B6")
    outcome = done.outcome()
    assert outcome is not None and outcome.winners == (1,)
    # A position where the player to act already has a goal cannot arise.
    with pytest.raises(NotationError):
        position("v3 0r:A1r,A3r,B3r,C1r,C3r 1r:A2r,A4r,B6r,B7r,C2r 1 -")


# Notation.


def test_format_move_canonical_forms() -> None:
    """Notation: ``@B4`` places, ``A2-B4`` moves, ``roll:3`` and ``first:A``/``first:C`` are chance."""
    state = position(OPEN)
    assert state.format_move(Place("B4")) == "@B4"
    assert state.format_move(Move("A2", "B4")) == "A2-B4"
    assert state.format_move(Roll(3)) == "roll:3"
    assert state.format_move(FirstPlayer(0)) == "first:A"
    assert state.format_move(FirstPlayer(1)) == "first:C"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("a1-b2", "A1-B2"),
        (" A1 b2 ", "A1-B2"),
        ("A1B2", "A1-B2"),
        ("a1 > b2", "A1-B2"),
        ("A1 to B2", "A1-B2"),
        ("A1–B2", "A1-B2"),
        ("A1-B2/A2", "A1-B2"),
        ("A1-B2/B1", "A1-B2"),
        ("a1-b2 / b1", "A1-B2"),
        ("A1-B2 (A2)", "A1-B2"),
        ("A1-A2-B2", "A1-B2"),
        ("a1 - b1 - b2", "A1-B2"),
        ("A1-A3/A2", "A1-A3"),
    ],
)
def test_parse_move_accepts_lenient_input(text: str, canonical: str) -> None:
    """Notation: case, spaces and the separator (``-``, space, ``>``, ``to``, none) do not matter; a route
    may follow as ``/`` and its inner squares, or as a chain of squares. A route is checked, but the
    move is the same whatever the route (nothing in the result differs), so the canonical form never
    shows one."""
    state = rolled(ROUTES, 2)
    assert state.routes(Move("A1", "B2")) == (("A1", "A2", "B2"), ("A1", "B1", "B2"))
    assert state.format_move(state.parse_move(text)) == canonical


@pytest.mark.parametrize(
    ("text", "square"), [("@b4", "B4"), ("place B4", "B4"), ("pose b4", "B4"), ("b4", "B4"), ("+B4", "B4")]
)
def test_parse_placement(text: str, square: str) -> None:
    """Notation: ``@B4`` places a pawn; ``place``, ``pose``, ``+`` or the bare square say the same."""
    state = play(motifs.new_state(), "first:A")
    assert state.parse_move(text) == Place(square)


def test_a_lone_square_names_the_only_matching_move() -> None:
    """Notation: a lone square is the only move of the pawn there, or the only move ending there;
    when several match, an AmbiguousMoveError lists them."""
    state = rolled("v3 0r:A8r,A3b,B4b,C1b,C3b 1r:A1r,B1r,B2r,B8r,C8r 0 -", 1)
    assert state.parse_move("A8") == Move("A8", "A7")
    assert state.parse_move("a7") == Move("A8", "A7")
    open_state = rolled(OPEN, 1)
    with pytest.raises(AmbiguousMoveError) as err:
        open_state.parse_move("B4")
    assert err.value.key == "ur.v3.ambiguous"
    assert list(err.value.legal) == ["B4-A4", "B4-B5", "B4-C4"]
    with pytest.raises(AmbiguousMoveError) as err:
        open_state.parse_move("A2")  # A1 and A3 both reach it
    assert list(err.value.legal) == ["A1-A2", "A3-A2"]
    with pytest.raises(IllegalMoveError) as err2:
        open_state.parse_move("B7")
    assert err2.value.key == "ur.v3.no_move_to"
    boxed = rolled("v3 0r:A8r,A3r,B4b,C1b,C3b 1r:A7r,B1r,B3r,B8r,C8r 0 -", 1)
    with pytest.raises(IllegalMoveError) as err2:
        boxed.parse_move("A8")
    assert err2.value.key == "ur.v3.no_move_from"


def test_parse_chance_outcomes() -> None:
    """Notation: chance outcomes read ``roll:N`` and ``first:A``/``first:C`` (case-insensitive)."""
    assert motifs.new_state().parse_move("FIRST:c") == FirstPlayer(1)
    assert motifs.new_state().parse_move("first a") == FirstPlayer(0)
    waiting = position(OPEN)
    assert [waiting.parse_move(t) for t in ("roll:1", "ROLL:5", "roll 3")] == [Roll(1), Roll(5), Roll(3)]
    with pytest.raises(IllegalMoveError):
        motifs.new_state().parse_move("first:B")


@pytest.mark.parametrize("garbage", ["", "hello", "A9", "D1", "A4-", "-B4", "@", "@D4", "A1-B2-", "roll", "first"])
def test_garbage_is_a_notation_error(garbage: str) -> None:
    """Notation: text that is not a move is a NotationError listing the legal moves."""
    state = rolled(OPEN, 1)
    with pytest.raises(NotationError) as err:
        state.parse_move(garbage)
    assert err.value.key == "ur.v3.notation"
    assert list(err.value.legal) == legal(state)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("A5-A4", "ur.v3.no_square"),
        ("B4-C6", "ur.v3.no_square"),
        ("B2-B1", "ur.v3.no_pawn"),  # nothing on B2
        ("B3-B2", "ur.v3.no_pawn"),  # the opponent's pawn
        ("A2-A1", "ur.v3.turned"),  # turned this round
        ("B4-B3", "ur.v3.occupied"),
        ("A3-A2", "ur.v3.occupied"),
        ("B4-B7", "ur.v3.unreachable"),  # three steps away with a 2
        ("A3-A1/A2", "ur.v3.occupied"),
        ("B4-B5", "ur.v3.unreachable"),  # one step away, and no detour of two steps
        ("C1-C3/B2", "ur.v3.bad_route"),  # C1 and B2 are not neighbours
        ("C1-C3/C2,B2", "ur.v3.bad_route"),  # three steps with a 2
        ("@B2", "ur.v3.not_placing"),
        ("C2", "ur.v3.no_move_to"),
    ],
)
def test_illegal_moves_name_the_reason_and_list_the_legal_moves(text: str, key: str) -> None:
    """Notation: a well-formed but illegal move is an IllegalMoveError with ``.key`` and ``.legal`` set."""
    state = rolled("v3 0r:A1r,A2b,A3r,B4r,C1r 1r:A8r,B1r,B3r,B6r,C8r 0 -", 2)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move(text)
    assert err.value.key == key, err.value.message
    assert list(err.value.legal) == legal(state)
    assert err.value.message


def test_errors_before_the_roll_and_out_of_turn() -> None:
    """Turn order: no move before the dice or the draw; nobody acts for the seat to play; a chance
    outcome cannot be typed by a seat; illegal objects passed to apply are refused."""
    waiting = position(OPEN)
    with pytest.raises(IllegalMoveError) as err:
        waiting.parse_move("A1-A2")
    assert err.value.key == "ur.v3.no_roll"
    with pytest.raises(NotYourTurnError) as err2:
        waiting.parse_move("roll:2", 0)
    assert err2.value.key == "not_your_turn"
    with pytest.raises(IllegalMoveError) as err:
        motifs.new_state().parse_move("@B4")
    assert err.value.key == "ur.v3.not_started"
    state = play(waiting, "roll:1")
    assert state.parse_move("A1-A2", 0) == Move("A1", "A2")
    with pytest.raises(NotYourTurnError):
        state.parse_move("B1-B2", 1)
    with pytest.raises(IllegalMoveError) as err:
        state.apply(Move("A1", "B1"))
    assert err.value.key == "illegal_move" and err.value.legal == tuple(legal(state))
    with pytest.raises(IllegalMoveError):
        state.apply(Place("B2"))


def test_route_of_gives_the_squares_touched() -> None:
    """The squares a notation touches, in order: the route typed, else the shown one, which crosses the
    fewest own pawns (then comes first in order)."""
    state = rolled(ROUTES, 2)
    assert state.route(Move("A1", "B2")) == ("A1", "B1", "B2")
    assert state.route_of("A1-B2") == ("A1", "B1", "B2")
    assert state.route_of("A1-B2/A2") == ("A1", "A2", "B2")
    assert position(ROUTES).route_of("roll:2") == ()
    assert state.route(Move("A1", "C8")) == ()
    placing = play(motifs.new_state(), "first:A")
    assert placing.route_of("@B4") == ("B4",)


# Autocomplete.


def busy() -> State:
    """A position with more than 25 legal moves."""
    state = rolled("v3 0r:A2r,B3r,B5r,B7r,C4r 1r:A8r,B8r,C2r,C7r,C8r 0 -", 5)
    assert len(state.legal_moves()) > motifs.COMPLETIONS
    return state


def test_completions_offer_every_move_when_they_fit() -> None:
    """Autocomplete: with at most 25 legal moves, all of them, each a complete legal move."""
    state = rolled(OPEN, 1)
    assert sorted(state.completions(0, "")) == legal(state)
    assert state.completions(1, "") == []  # only the seat to act gets moves
    assert state.completions(0, "b4") == ["B4-A4", "B4-B5", "B4-C4"]
    assert state.completions(0, "A2") == ["A1-A2", "A3-A2"]  # a destination typed
    assert state.completions(0, "zz") == []


def test_completions_stay_within_25_and_typing_narrows() -> None:
    """Autocomplete: with more than 25 moves, 25 complete legal moves covering every pawn; typing a
    pawn's square lists all of that pawn's moves first, typing more narrows further."""
    state = busy()
    offered = state.completions(0, "")
    assert len(offered) == motifs.COMPLETIONS
    assert set(offered) <= set(legal(state))
    assert {t.split("-")[0] for t in offered} == {m.frm for m in state.legal_moves() if isinstance(m, Move)}
    for pawn in ("A2", "B3", "B5", "B7", "C4"):
        mine = [t for t in legal(state) if t.startswith(pawn)]
        narrowed = state.completions(0, pawn.lower())
        assert narrowed[: len(mine)] == mine
        assert len(narrowed) <= motifs.COMPLETIONS
        for value in narrowed:
            assert state.parse_move(value, 0) in state.legal_moves()
    first = legal(state)[0]
    assert state.completions(0, first) == [first]
    assert state.completions(0, first.replace("-", " ")) == [first]


def test_completions_while_placing() -> None:
    """Autocomplete: placements fit (20 squares at most); ``B`` lists the row B squares first."""
    state = play(motifs.new_state(), "first:A", "@B4")
    offered = state.completions(1, "")
    assert offered == legal(state)
    assert state.completions(1, "b")[:7] == ["@B1", "@B2", "@B3", "@B5", "@B6", "@B7", "@B8"]
    assert state.completions(1, "@c8") == ["@C8"]


# The state text.


@pytest.mark.parametrize(
    "text",
    [
        "v3 0r:- 1r:- - -",
        "v3 0r:- 1r:- 1 -",
        "v3 0r:A1r 1r:- 1 -",
        "v3 0r:A1r 1r:C1r 0 -",
        OPEN,
        "v3 0r:A1r,A3b,B4r,C1r,C3b 1b:A8r,B1b,B3b,B6b,C8r 1 4",
        "v3 0b:A1b,A3b,B4b,C1b,C3b 1r:A8r,B1r,B3r,B6r,C8r 0 5",
        "v3 0r:A3b,A8r,B4b,C1b,C3b 1r:A7r,B1r,B3r,B8r,C8r 0 1",
        "v3 0r:A1r,A7r,B1b,B4r,C1r 1r:A3r,A8r,B8r,C4r,C8r 1 -",
    ],
)
def test_state_text_round_trip(text: str) -> None:
    """State text: ``from_text`` and ``to_text`` are inverse."""
    state = position(text)
    assert state.to_text() == text
    assert position(state.to_text()) == state


def test_state_text_fields() -> None:
    """State text: the fields read as documented; the order of the pawns does not matter."""
    state = position("v3 0r:A1r,A3b,B4r,C1r,C3b 1b:A8r,B1b,B3b,B6b,C8r 1 4")
    assert state.pawns[0] == (("A1", RED), ("A3", BLUE), ("B4", RED), ("C1", RED), ("C3", BLUE))
    assert state.movable == (RED, BLUE)
    assert state.turn == 1 and state.roll == 4
    assert position("v3 0r:C3b,A1r,B4r,C1r,A3b 1b:A8r,B1b,B3b,B6b,C8r 1 4") == state


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("v2 0:- 1:- - -", "another rule set"),
        ("v3 0r:- 1r:-", "missing fields"),
        ("v3 1r:- 0r:- - -", "seats swapped"),
        ("v3 0:- 1:- - -", "no movable face"),
        ("v3 0r:A5r 1r:- 1 -", "no such square"),
        ("v3 0r:A1r,A1b 1r:- 1 -", "two pawns on one square"),
        ("v3 0r:A1r 1r:A1r 0 -", "two colours on one square"),
        ("v3 0r:A1r,A2r,A3r,A4r,A7r,A8r 1r:- 0 -", "six pawns"),
        ("v3 0r:a1r 1r:- 1 -", "lower-case squares"),
        ("v3 0r:A1 1r:- 1 -", "a pawn without a face"),
        ("v3 0r:A1r 1r:- 0 -", "seat 0 a placement ahead and to act again"),
        ("v3 0r:A1r,A2r 1r:- 1 -", "two placements ahead"),
        ("v3 0r:A1b 1r:- 1 -", "a turned pawn during placement"),
        ("v3 0b:A1r 1r:- 1 -", "a blue movable face during placement"),
        ("v3 0r:A1r 1r:- 1 2", "a roll during placement"),
        ("v3 0r:- 1r:- - 2", "a roll before the draw"),
        ("v3 0r:A1r 1r:- - -", "pawns before the draw"),
        (OPEN.replace(" 0 -", " 2 -"), "no seat 2"),
        (OPEN.replace(" 0 -", " 0 6"), "no roll of 6"),
        (OPEN.replace(" 0 -", " 0 0"), "no roll of 0"),
        ("v3 0b:A1r,A3r,B4r,C1r,C3r 1r:A8r,B1r,B3r,B6r,C8r 0 -", "all red but blue movable"),
        ("v3 0r:A1r,A7r,B1r,B4r,C1r 1r:A2r,A4r,B6r,B7r,C2r 1 -", "both players at their goal"),
        ("v3 0r:A1r,A7r,B1r,B4r,C1r 1r:A3r,A8r,B8r,C4r,C8r 0 -", "the goal's owner to act"),
        ("v3 0r:A1r,A7r,B1r,B4r,C1r 1r:A3r,A8r,B8r,C4r,C8r 1 2", "a roll after a goal"),
    ],
)
def test_malformed_state_text_is_rejected(text: str, why: str) -> None:
    """State text: malformed texts and impossible positions are a NotationError."""
    with pytest.raises(NotationError):
        position(text)


# Properties of random games.


def random_game(seed: int) -> list[State]:
    """Every state of a random game: chance by its probabilities, decisions uniformly."""
    rng = random.Random(seed)
    state = motifs.new_state()
    states = [state]
    while state.outcome() is None:
        move = random_step(state, rng)
        state = state.apply(move)
        states.append(state)
        assert len(states) < 20_000
    return states


def brute_force_moves(state: State) -> set[Move]:
    """The moves of the seat to act, found independently: every sequence of ``roll`` unit steps in the
    four directions, kept when it stays on the board, never repeats a square, never enters an opponent's
    square, and ends on an empty one."""
    me = state.turn
    assert me is not None and state.roll is not None
    rows = "ABC"
    found: set[Move] = set()
    for square in state.eligible(me):
        for steps in itertools.product(((0, 1), (0, -1), (1, 0), (-1, 0)), repeat=state.roll):
            r, c = rows.index(square[0]), int(square[1])
            seen = [square]
            ok = True
            for dr, dc in steps:
                r, c = r + dr, c + dc
                here = f"{rows[r]}{c}" if 0 <= r < 3 else ""
                holder = state.occupant(here) if here in BOARD.motifs else (-1, RED)
                if here not in BOARD.motifs or here in seen or (holder is not None and holder[0] != me):
                    ok = False
                    break
                seen.append(here)
            if ok and state.occupant(seen[-1]) is None:
                found.add(Move(square, seen[-1]))
    return found


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_rules_invariant(seed: int) -> None:
    """Property: in any game, each seat has at most 5 pawns on distinct squares; placement adds one red
    pawn of the player to act; a move shifts exactly one eligible pawn by a walk of exactly the roll and
    turns it over; the legal moves match a brute-force search; the game ends by a goal or a player
    unable to move; the state text round-trips."""
    states = random_game(seed)
    for before, after in itertools.pairwise(states):
        assert position(after.to_text()) == after
        squares = [sq for seat in (0, 1) for sq in after.squares(seat)]
        assert len(squares) == len(set(squares))
        if before.is_chance():
            assert after.pawns == before.pawns
            continue
        me = before.turn
        assert me is not None
        gone = set(before.pawns[me]) - set(after.pawns[me])
        came = set(after.pawns[me]) - set(before.pawns[me])
        assert after.pawns[1 - me] == before.pawns[1 - me]
        assert after.turn == 1 - me
        if before.placing:
            assert not gone and len(came) == 1 and next(iter(came))[1] == RED
            continue
        assert set(before.legal_moves()) == brute_force_moves(before)
        ((frm, face),) = gone
        ((to, new_face),) = came
        assert frm in before.eligible(me) and new_face != face
        assert before.routes(Move(frm, to))
        assert all(len(route) == (before.roll or 0) + 1 for route in before.routes(Move(frm, to)))
    outcome = states[-1].outcome()
    assert outcome is not None
    if outcome.termination is Termination.NO_MOVES:
        assert states[-1].roll is not None and states[-1].turn == 1 - outcome.winners[0]
    else:
        assert motifs.goal_motif(states[-1].squares(outcome.winners[0])) is not None


def test_errors_are_game_errors() -> None:
    """Every error a player's input can cause is a GameError the bot can explain."""
    for cls in (NotationError, IllegalMoveError, AmbiguousMoveError, NotYourTurnError, GameOverError):
        assert issubclass(cls, GameError)


def test_s13_s16_reaches_agrees_with_the_walks_whatever_the_face() -> None:
    """``reaches`` (one search of a pawn's walks, over bit masks, that the AI asks at every leaf) says a
    walk of exactly ``roll`` steps ends on an empty square exactly when the moves' own walks find one, for
    every pawn of both seats and every roll, in the positions of seeded random games; a turned pawn too."""
    rng = random.Random(11)
    checked = 0
    for _ in range(60):
        state = motifs.new_state()
        while state.outcome() is None:
            for seat in (0, 1):
                for square in state.squares(seat):
                    walks = {roll for roll in motifs.ROLLS if any(True for _ in state._walks(seat, square, roll))}
                    assert state.walk_lengths(seat, square) == walks
                    assert all(state.reaches(seat, square, roll) == (roll in walks) for roll in motifs.ROLLS)
                    checked += 1
            state = state.apply(random_step(state, rng))
    assert checked > 5_000
