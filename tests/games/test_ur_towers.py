"""Rule tests of the Royal Game of Ur, Ravensburger rules (``games/ur/towers.py``), written like games.

Each test sets a position with its one-line state text, plays moves by notation and checks the result.
The docstrings name the rule they cover: the sentences of the French text's "REGLES DE RAVENSBURGER"
(``shared/rules/ur.fr.txt``), paraphrased in English and numbered by section — IDEA (L'idée du jeu),
PREP (Préparation), PLAY (La marche du jeu), PRIS (Prisonniers), TOW (Les tours), GOAL (Arrivée aux cases
de but), END (Fin du jeu) — and the points of ``shared/rules/ur.md`` part (a).

Reminder of the state text (module docstring of ``towers.py``): ``rb B3=cA,A2=a 8,9 0,0 0 3 5/2`` is a
tower on B3 of a seat-1 blue token under a seat-0 red token, a seat-0 blue token on A2, reserves 8 and 9,
nobody removed, seat 0 to play a roll of 3, opening rolls 5 (seat 0) and 2 (seat 1). Seat 0 runs
A4 A3 A2 A1 B1 … B8, then A8 (refuge) and A7 (final goal); seat 1 the same on row C. The helper
:func:`setup` fills in the reserves from the towers so that each side has ten tokens.
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
from games.ur import towers
from games.ur.board import BOARD
from games.ur.towers import Move, OpeningRoll, Roll, State, Token
from tests.games.kit import legal, play

A_BLUE, A_RED, C_BLUE, C_RED = Token(0, False), Token(0, True), Token(1, False), Token(1, True)


def position(text: str) -> State:
    """The position described by a state text."""
    return towers.from_text(text)


def setup(board: str, turn: int = 0, roll: int | None = None, removed: tuple[int, int] = (0, 0)) -> State:
    """A started game (opening 5/2) with ``board`` towers; reserves make up ten tokens per side."""
    counts = Counter(c.lower() for item in board.split(",") if item != "-" for c in item.split("=")[1])
    reserve = [10 - counts["a"] - removed[0], 10 - counts["c"] - removed[1]]
    text = f"rb {board} {reserve[0]},{reserve[1]} {removed[0]},{removed[1]} {turn} {roll or '-'} 5/2"
    return position(text)


def board_of(state: State) -> str:
    """The towers field of the state text."""
    return state.to_text().split()[1]


# PREP and the opening.


def test_prep_each_player_has_ten_tokens_in_reserve() -> None:
    """PREP: "one player gets the 10 light tokens, the other the 10 dark ones"; the board starts empty."""
    start = towers.new_state()
    assert start.to_text() == "rb - 10,10 0,0 - - -/-"
    assert start.reserve == (10, 10) and start.removed == (0, 0)
    assert all(start.stack(sq) == () for sq in BOARD.squares)


def test_play_opening_each_player_rolls_once_and_the_higher_starts() -> None:
    """PLAY: "to begin, both players throw the die in turn; the one with the higher number throws again"
    (ur.md (a): each rolls once, the higher roll starts). Seat 0 rolls first; both are chance nodes."""
    start = towers.new_state()
    assert start.is_chance() and start.actors() == ()
    assert [start.format_move(o) for o, _ in start.chance_outcomes()] == [f"open:A{v}" for v in range(1, 7)]
    a_rolled = play(start, "open:A2")
    assert a_rolled.to_text() == "rb - 10,10 0,0 - - 2/-"
    assert [a_rolled.format_move(o) for o, _ in a_rolled.chance_outcomes()] == [f"open:C{v}" for v in range(1, 7)]
    c_starts = play(a_rolled, "open:C5")
    assert c_starts.to_text() == "rb - 10,10 0,0 1 - 2/5"
    # The winner of the opening now throws again for the first real turn.
    assert c_starts.is_chance()
    assert [c_starts.format_move(o) for o, _ in c_starts.chance_outcomes()] == [f"roll:{v}" for v in range(1, 7)]
    assert play(c_starts, "roll:3").actors() == (1,)
    assert legal(play(c_starts, "roll:3")) == ["in-C2"]
    assert play(start, "open:A4", "open:C1").turn == 0


def test_play_opening_a_six_counts_as_six() -> None:
    """ur.md (a): in the opening a 6 counts as 6 (it is not "no move" there) and beats a 5."""
    assert play(towers.new_state(), "open:A6", "open:C5").turn == 0
    assert play(towers.new_state(), "open:A5", "open:C6").turn == 1


@pytest.mark.parametrize("value", range(1, 7))
def test_play_opening_ties_are_rolled_again(value: int) -> None:
    """ur.md (a): "re-roll ties" — both roll again, seat 0 first."""
    tied = play(towers.new_state(), f"open:A{value}", f"open:C{value}")
    assert tied == towers.new_state()
    assert tied.turn is None and tied.is_chance()


def test_play_opening_odds_are_even_by_enumeration() -> None:
    """ur.md (a): each opening roll is one fair d6 (1/6 per face); enumerating the 36 pairs through the
    engine, ties re-rolled, each seat starts with probability exactly 1/2."""
    start = towers.new_state()
    starts: Counter[int | None] = Counter()
    for a, pa in start.chance_outcomes():
        assert pa == Fraction(1, 6)
        after_a = start.apply(a)
        for c, pc in after_a.chance_outcomes():
            assert pc == Fraction(1, 6)
            starts[after_a.apply(c).turn] += 1
    assert starts == {None: 6, 0: 15, 1: 15}
    tie = Fraction(starts[None], 36)
    p0 = Fraction(starts[0], 36) / (1 - tie)
    assert p0 == Fraction(1, 2)


def test_opening_rolls_are_chance_outcomes_only() -> None:
    """ur.md Randomness: every roll is logged as a chance outcome; no seat may choose one."""
    start = towers.new_state()
    with pytest.raises(IllegalMoveError):
        start.parse_move("open:C3")  # seat 0 rolls first
    with pytest.raises(NotYourTurnError):
        start.parse_move("open:A3", 0)
    with pytest.raises(IllegalMoveError):
        start.apply(OpeningRoll(1, 3))
    with pytest.raises(IllegalMoveError):
        start.parse_move("roll:3")
    with pytest.raises(IllegalMoveError) as err:
        start.parse_move("in")
    assert err.value.key == "ur.rb.no_roll"


# PLAY: the die.


def test_play_the_die_is_a_fair_d6_by_enumeration() -> None:
    """PLAY: one ordinary six-sided die; enumerating its faces gives exactly 1/6 each, and the engine
    publishes exactly that distribution at every turn's roll."""
    faces = range(1, 7)
    enumerated = {f: Fraction(sum(1 for g in faces if g == f), 6) for f in faces}
    waiting = setup("B3=a", 0)
    published = {o.value: p for o, p in waiting.chance_outcomes() if isinstance(o, Roll)}
    assert published == enumerated
    assert sum(published.values()) == 1


def test_play_a_six_means_no_move() -> None:
    """PLAY: "only the points 1-5 count, the 6 meaning 'no move'" — the turn passes at once."""
    waiting = setup("A4=a,C4=c", 0)
    after = play(waiting, "roll:6")
    assert after.turn == 1 and after.roll is None and after.is_chance()
    assert board_of(after) == board_of(waiting)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_play_each_roll_moves_one_token_that_many_squares(roll: int) -> None:
    """PLAY: "with each roll (1-5) the player moves one of his tokens as many squares as the die shows"."""
    state = play(setup("B1=a", 0), f"roll:{roll}")
    target = towers.square_of(0, 5 + roll)
    assert f"B1-{target}" in legal(state)
    after = play(state, f"B1-{target}")
    assert after.stack(target) == (A_BLUE,) and after.stack("B1") == ()
    assert after.turn == 1 and after.roll is None  # one token per roll, then the opponent


def test_play_players_alternate() -> None:
    """PLAY: "the players move in turn" — no extra turns, whatever the move."""
    state = play(setup("B2=a,B5=c", 0, 3), "B2xB5")
    assert state.turn == 1
    state = play(setup("B8=a", 0, 2), "B8-A7")
    assert state.turn == 1


def test_play_no_possible_move_passes_the_turn() -> None:
    """PLAY: "if he cannot move, he must pass his turn"."""
    # Seat 0 has no reserve and one blue token on B8, which a 3 would take past A7.
    state = setup("B8=a", 0, removed=(9, 0))
    passed = play(state, "roll:3")
    assert passed.turn == 1 and passed.roll is None
    assert board_of(passed) == "B8=a"


def test_play_a_player_who_can_move_must_move() -> None:
    """PLAY: moving is compulsory while a move exists (passing only "if he cannot"); there is no pass."""
    state = setup("A8=a", 0, 1, removed=(9, 0))
    assert legal(state) == ["A8-A7"]
    for refusal in ("pass", "skip", "-"):
        with pytest.raises(NotationError):
            state.parse_move(refusal)


# PLAY: the path and entering.


@pytest.mark.parametrize(
    ("seat", "path"),
    [
        (0, ["A4", "A3", "A2", "A1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "A8", "A7"]),
        (1, ["C4", "C3", "C2", "C1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "C8", "C7"]),
    ],
)
def test_play_the_path_runs_through_the_lane_the_middle_and_the_goal_squares(seat: int, path: list[str]) -> None:
    """PLAY: "player A goes from A1 to A4, then along the 8 middle squares to his goal squares A5 and A6";
    ur.md (a): the text's A1-A4 are A4 A3 A2 A1, its A5 (refuge) is A8 and its A6 (final goal) A7.

    One token walks the whole path with rolls of 1 while the opponent rolls 6s.
    """
    lane = BOARD.lanes[seat]
    state = position(f"rb - 10,10 0,0 {seat} - {'5/2' if seat == 0 else '2/5'}")
    visited: list[str] = []
    while len(visited) < 14:
        if state.turn != seat:
            state = play(state, "roll:6")
            continue
        state = play(state, "roll:1")
        moves = [m for m in legal(state) if not m.startswith("in")] or legal(state)
        move = moves[0]
        visited.append(move.split("-")[-1])
        state = play(state, move)
    assert visited == path
    assert state.stack(f"{lane}7") == (Token(seat, True),)


@pytest.mark.parametrize(("roll", "square"), [(1, "A4"), (2, "A3"), (3, "A2"), (4, "A1"), (5, "B1")])
def test_play_entering_counts_the_first_square_as_one(roll: int, square: str) -> None:
    """PLAY: "A1 counts as the first square. With a 5 the newly entered token arrives on the first middle
    square" (ur.md: a 5 enters on B1)."""
    state = play(setup("-", 0), f"roll:{roll}")
    assert legal(state) == [f"in-{square}"]
    after = play(state, "in")
    assert after.stack(square) == (A_BLUE,)
    assert after.reserve == (9, 10)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_play_a_new_token_may_enter_with_any_roll(roll: int) -> None:
    """PLAY: "with each roll the player may bring a new token into play", even with tokens on the board."""
    state = play(setup("A2=a,B3=aa,B6=c", 0), f"roll:{roll}")
    assert legal(state)[0].startswith("in")


def test_play_no_entry_once_the_reserve_is_empty() -> None:
    """PLAY: only tokens still off the board enter ("one by one"); an empty reserve enters nothing."""
    state = setup("B3=aaaaaaaaaa", 0, 2)
    assert state.reserve == (0, 10)
    assert legal(state) == ["B3-B5"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("in")
    assert err.value.key == "ur.rb.no_reserve"


def test_play_tokens_enter_blue_face_up() -> None:
    """PLAY: "tokens are brought in with the blue points up"."""
    after = play(setup("-", 0, 3), "in-A2")
    assert after.stack("A2") == (A_BLUE,)
    assert board_of(after) == "A2=a"


def test_play_entering_with_a_five_captures_on_b1() -> None:
    """PLAY + PRIS: a 5 enters on B1, and ending there on an opponent's token captures it."""
    state = setup("B1=c", 0, 5)
    assert legal(state) == ["inxB1"]
    after = play(state, "inxB1")
    assert after.stack("B1") == (C_BLUE, A_BLUE)


def test_play_blue_tokens_only_move_towards_the_goal() -> None:
    """PLAY: "as long as they show the blue points, the tokens move only towards the goal squares"."""
    state = setup("B5=a,A2=a", 0, 2)
    assert legal(state) == ["in-A3", "A2-B1", "B5-B7"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B5-B3")
    assert err.value.key == "ur.rb.wrong_destination"
    assert err.value.params["squares"] == "B7"


def test_play_the_lanes_are_private() -> None:
    """PLAY: "squares A1-A4 are forbidden to player B's tokens and vice versa" (ur.md: lanes are private)."""
    # Tokens facing each other across the board do not meet.
    state = setup("A2=a,C3=c", 1, 1)
    after = play(state, "C3-C2")
    assert after.stack("A2") == (A_BLUE,) and after.stack("C2") == (C_BLUE,)
    # A player cannot name a square of the other lane, and no legal move ends there.
    with pytest.raises(IllegalMoveError) as err:
        play(setup("A2=a,C3=c", 0), "roll:1").parse_move("C3-C2")
    assert err.value.key == "ur.rb.not_on_path"
    with pytest.raises(NotationError):
        setup("A2=c")  # a seat-1 token in seat 0's lane is an impossible position


def test_play_the_opponents_goal_squares_only_hold_prisoners() -> None:
    """PLAY: "one enters the opponent's goal squares only as a prisoner" — a seat-1 token on A8 must have
    been carried there; no move of seat 1 ever ends on A8 or A7."""
    state = setup("B8=c", 1, 1)
    assert legal(state) == ["in-C4", "B8-C8"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B8-A8")
    assert err.value.key == "ur.rb.not_on_path"
    # Carried by seat 0, it may stand there.
    carried = play(setup("B7=ca", 0, 2), "B7-A8+1")
    assert carried.stack("A8") == (C_BLUE, A_BLUE)


def test_idea_the_paths_cross_on_the_middle_row() -> None:
    """IDEA: "the paths cross on the middle strip, and that is where the real battle takes place" — the
    B squares are the same for both seats, so tokens of both meet there."""
    assert towers.PATHS[0][4:12] == towers.PATHS[1][4:12] == tuple(f"B{i}" for i in range(1, 9))
    after = play(setup("B2=a,C1=c", 1, 2), "C1xB2")
    assert after.stack("B2") == (A_BLUE, C_BLUE)


# PRIS: capturing.


def test_pris_ending_exactly_on_an_opponent_captures_it() -> None:
    """PRIS: a capture happens "when a roll gives the right to go exactly to a square occupied by the
    opponent"; IDEA: "he takes it prisoner by putting his own token on top"."""
    state = setup("B2=a,B5=c", 0, 3)
    assert "B2xB5" in legal(state)
    after = play(state, "B2xB5")
    assert after.stack("B5") == (C_BLUE, A_BLUE)
    assert after.top("B5") == A_BLUE


def test_pris_passing_over_an_opponent_captures_nothing() -> None:
    """PRIS: only the exact square counts; a token jumped over stays free."""
    after = play(setup("B2=a,B4=c", 0, 3), "B2-B5")
    assert after.stack("B4") == (C_BLUE,) and after.stack("B5") == (A_BLUE,)


def test_pris_the_prisoner_is_taken_along_on_a_later_move() -> None:
    """PRIS: "... and takes it along on a later move"; IDEA: "he then brings the prisoner towards his own
    goal square"."""
    state = setup("B5=ca", 0, 2)
    assert legal(state) == ["in-A3", "B5-B7", "B5-B7+1"]
    after = play(state, "B5-B7+1")
    assert after.stack("B7") == (C_BLUE, A_BLUE) and after.stack("B5") == ()


def test_pris_taking_the_prisoner_along_is_optional() -> None:
    """PRIS: "one is not obliged to take the opponent's prisoners along" — left behind, it is free again."""
    after = play(setup("B5=ca", 0, 2), "B5-B7")
    assert after.stack("B5") == (C_BLUE,) and after.stack("B7") == (A_BLUE,)
    assert after.top("B5") == C_BLUE
    assert legal(play(after, "roll:1")) == ["in-C4", "B5-B6"]


def test_pris_notation_defaults_to_no_prisoner() -> None:
    """PRIS + notation: without ``+N`` the token moves alone; ``+N`` carries N prisoners."""
    state = setup("B5=cca", 0, 2)
    assert state.parse_move("B5") == Move(9, 11, 0)
    assert state.parse_move("B5+2") == Move(9, 11, 2)
    assert state.parse_move("b5-b7+1") == Move(9, 11, 1)


def test_pris_a_captured_token_cannot_move_while_buried() -> None:
    """PRIS + TOW: a captured token is under its captor; its owner has no move with it."""
    state = play(setup("B5=ca,C2=c", 1), "roll:2")
    assert legal(state) == ["in-C3", "C2-B1"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B5")
    assert err.value.key == "ur.rb.no_token"


# TOW: towers.


def test_tow_at_most_five_own_tokens_in_each_goal_square() -> None:
    """TOW: "in each goal square it is forbidden to have more than 5 of one's own tokens stacked"."""
    full_refuge = setup("A8=aaaaa,B7=a", 0, 2)
    assert legal(full_refuge) == ["in-A3"]
    with pytest.raises(IllegalMoveError) as err:
        full_refuge.parse_move("B7-A8")
    assert err.value.key == "ur.rb.goal_full"
    assert err.value.params == {"square": "A8"}
    full_goal = setup("A7=AAAAA,B8=a", 0, 2)
    assert legal(full_goal) == ["in-A3", "A7-B8"]
    with pytest.raises(IllegalMoveError) as err:
        full_goal.parse_move("B8")
    assert err.value.key == "ur.rb.goal_full"
    # Four are fine: the fifth may still come in.
    assert "B7-A8" in legal(setup("A8=aaaa,B7=a", 0, 2))
    with pytest.raises(NotationError):
        setup("A8=aaaaaa")


def test_tow_prisoners_do_not_count_towards_the_goal_limit() -> None:
    """TOW: the limit is on one's *own* tokens; prisoners in the refuge do not fill it."""
    state = setup("A8=aaaacc,B6=ca", 0, 3)
    assert "B6xA8+1" in legal(state)  # the two prisoners left on top are captured again
    after = play(state, "B6xA8+1")
    assert after.stack("A8") == (A_BLUE,) * 4 + (C_BLUE, C_BLUE, C_BLUE, A_BLUE)


def test_tow_any_number_of_tokens_elsewhere() -> None:
    """TOW: "on all other squares one may stack as many tokens as one likes" (own or mixed)."""
    state = setup("B4=aaaaaaa,B2=a", 0, 2)
    after = play(state, "B2-B4")
    assert after.stack("B4") == (A_BLUE,) * 8
    tall = setup("B4=cacacacaca,A1=a", 0, 4)
    after = play(tall, "A1xB4")
    assert len(after.stack("B4")) == 11 and after.top("B4") == A_BLUE


def test_tow_the_top_token_decides_which_tokens_move_on() -> None:
    """TOW: "the highest token decides which tokens continue the journey" — only the top token's owner
    moves the tower, and only from its top."""
    state = setup("B3=aca,B6=aac", 0, 2)
    assert legal(state) == ["in-A3", "B3-B5", "B3-B5+1"]
    opponent = play(setup("B3=aca,B6=aac", 1), "roll:2")
    assert legal(opponent) == ["in-C3", "B6-B8", "B6-B8+1", "B6-B8+2"]


def test_tow_several_prisoners_captured_at_once() -> None:
    """TOW: "so one can capture several enemy tokens at once" — ending on a tower topped by the opponent
    puts the mover on top of all of it, and the whole run of opponent tokens becomes its prisoners."""
    state = setup("B2=a,B5=ccc", 0, 3)
    after = play(state, "B2xB5")
    assert after.stack("B5") == (C_BLUE, C_BLUE, C_BLUE, A_BLUE)
    assert after.prisoners_under("B5") == 3
    moves = legal(play(after, "roll:6", "roll:1"))
    assert moves == ["in-A4", "B5-B6", "B5-B6+1", "B5-B6+2", "B5-B6+3"]


def test_tow_reconquer_prisoners_and_capture_at_the_same_time() -> None:
    """TOW: "... or reconquer prisoners and capture enemy tokens at the same time" — seat 0 lands on a
    tower where seat 1 holds a seat-0 token: seat 1's top token becomes a prisoner and, once carried away,
    the seat-0 token beneath is free again."""
    state = setup("B6=ac,B3=a", 0, 3)
    after = play(state, "B3xB6")
    assert after.stack("B6") == (A_BLUE, C_BLUE, A_BLUE)
    after = play(after, "roll:6", "roll:2", "B6-B8+1")
    assert after.stack("B8") == (C_BLUE, A_BLUE)
    assert after.stack("B6") == (A_BLUE,)  # freed
    assert "B6-B7" in legal(play(after, "roll:6", "roll:1"))


def test_tow_own_tokens_in_a_tower_move_one_at_a_time() -> None:
    """TOW: "when several of one's own tokens are stacked, each must move separately"."""
    state = setup("B3=aaa", 0, 2)
    assert legal(state) == ["in-A3", "B3-B5"]
    after = play(state, "B3-B5")
    assert after.stack("B3") == (A_BLUE, A_BLUE) and after.stack("B5") == (A_BLUE,)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B3-B5+1")
    assert err.value.key == "ur.rb.prisoners"
    assert err.value.params == {"square": "B3", "most": 0}


def test_tow_only_tokens_above_ones_own_next_token_may_be_taken() -> None:
    """TOW: "in a tower of both players' tokens, one may only take away the tokens above the last of
    one's own tokens" (ur.md: never reaching below one's next own token)."""
    state = setup("B4=ccaccA", 0, 2)
    assert legal(state) == ["in-A3", "B4-B2", "B4-B6", "B4-B6+1", "B4-B6+2"]
    after = play(state, "B4-B6+2")
    assert after.stack("B4") == (C_BLUE, C_BLUE, A_BLUE)
    assert after.stack("B6") == (C_BLUE, C_BLUE, A_RED)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B4-B6+3")
    assert err.value.key == "ur.rb.prisoners"
    assert err.value.params["most"] == 2


def test_tow_everything_beneath_a_capture_stays_in_place() -> None:
    """ur.md (a): "everything beneath stays in the stack as it was" when a token is captured on a tower."""
    state = setup("B5=acaac,B2=A", 0, 3)
    after = play(state, "B2xB5")
    assert after.stack("B5") == (A_BLUE, C_BLUE, A_BLUE, A_BLUE, C_BLUE, A_RED)
    assert after.prisoners_under("B5") == 1


def test_tow_a_token_under_own_token_is_not_a_prisoner() -> None:
    """TOW: stacking on one's own tower captures nothing: the mover has no prisoner to carry."""
    after = play(setup("B2=a,B5=ca", 0, 3), "B2-B5")
    assert after.stack("B5") == (C_BLUE, A_BLUE, A_BLUE)
    assert after.prisoners_under("B5") == 0
    assert legal(play(after, "roll:6", "roll:1")) == ["in-A4", "B5-B6"]


# GOAL: arriving in the goal squares.


def test_goal_arrival_with_or_without_prisoners() -> None:
    """GOAL: "one may arrive in the goal squares with or without prisoners"."""
    state = setup("B7=cca", 0, 1)
    assert legal(state) == ["in-A4", "B7-B8", "B7-B8+1", "B7-B8+2"]
    state = setup("B7=cca", 0, 2)
    assert legal(state) == ["in-A3", "B7-A8", "B7-A8+1", "B7-A8+2"]
    assert play(state, "B7-A8").stack("A8") == (A_BLUE,)
    assert play(state, "B7-A8+2").stack("A8") == (C_BLUE, C_BLUE, A_BLUE)


def test_goal_squares_need_an_exact_roll() -> None:
    """GOAL: "one must arrive in one of these two squares with an exact roll. If the number is too high,
    one must move another token or pass"."""
    state = setup("B7=a,A3=a", 0, 4)
    assert legal(state) == ["in-A1", "A3-B2"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B7")
    assert err.value.key == "ur.rb.too_far"
    assert err.value.legal == ("in-A1", "A3-B2")
    assert legal(setup("B7=a", 0, 3)) == ["in-A2", "B7-A7"]
    # Nothing else to move: the turn passes.
    assert play(setup("B7=a", 0, removed=(9, 0)), "roll:4").turn == 1


def test_goal_the_refuge_is_only_a_refuge() -> None:
    """GOAL: "squares A5 (ur.md: A8) are only a refuge" — prisoners carried there stay in the game, under
    their captor, until it takes them on to the final goal."""
    after = play(setup("B6=ca", 0, 3), "B6-A8+1")
    assert after.stack("A8") == (C_BLUE, A_BLUE)
    assert after.removed == (0, 0)
    delivered = play(after, "roll:6", "roll:1", "A8-A7+1")
    assert delivered.stack("A8") == () and delivered.stack("A7") == (A_RED,)
    assert delivered.removed == (0, 1)


def test_goal_a_blue_token_in_the_refuge_only_goes_on_to_the_final_goal() -> None:
    """GOAL + PLAY: a blue token in A8 moves only forward, so only a 1 (to A7) moves it."""
    for roll in (2, 3, 4, 5):
        state = play(setup("A8=a", 0), f"roll:{roll}")
        assert all(not m.startswith("A8") for m in legal(state))
    assert legal(setup("A8=a", 0, 1)) == ["in-A4", "A8-A7"]


def test_goal_prisoners_brought_into_the_final_goal_leave_the_game() -> None:
    """GOAL: "prisoners brought into goal squares A6 (ur.md: A7) leave the game; they are set aside"."""
    state = setup("B6=ccca", 0, 4)
    after = play(state, "B6-A7+2")
    assert after.stack("B6") == (C_BLUE,)
    assert after.stack("A7") == (A_RED,)
    assert after.removed == (0, 2)
    assert after.on_board(1) == 1 and after.reserve == (9, 7)


def test_goal_an_own_token_reaching_the_final_goal_turns_red() -> None:
    """GOAL: "each of one's own tokens arriving in A6 (ur.md: A7) is turned over to show the red points"."""
    after = play(setup("B8=a", 0, 2), "B8-A7")
    assert after.stack("A7") == (A_RED,)
    assert board_of(after) == "A7=A"
    # Reaching the refuge does not turn it.
    assert play(setup("B8=a", 0, 1), "B8-A8").stack("A8") == (A_BLUE,)
    with pytest.raises(NotationError):
        setup("A7=a")  # a blue token cannot stand in its final goal


def test_idea_tokens_leave_the_board_only_as_prisoners() -> None:
    """IDEA: "tokens leave the board only as prisoners" — an own token in the final goal stays on the
    board (red), only delivered prisoners are removed."""
    after = play(setup("B8=cca", 0, 2), "B8-A7+2")
    assert after.on_board(0) == 1 and after.removed == (0, 2)
    total = after.reserve[0] + after.on_board(0) + after.removed[0]
    assert total == 10


# GOAL: red tokens.


def test_goal_red_tokens_leave_the_goal_squares_along_the_middle_row() -> None:
    """GOAL: "starting from the goal squares, these tokens may go forward and back on the middle strip";
    ur.md (a) ruling: along A7 → A8 → B8 … B1."""
    for roll, target in ((1, "A8"), (2, "B8"), (3, "B7"), (4, "B6"), (5, "B5")):
        state = play(setup("A7=A", 0, removed=(9, 0)), f"roll:{roll}")
        assert legal(state) == [f"A7-{target}"]
    state = play(setup("A8=A", 0, removed=(9, 0)), "roll:1")
    assert legal(state) == ["A8-B8", "A8-A7"]


def test_goal_red_tokens_move_one_direction_per_move() -> None:
    """GOAL: "... but only in one direction per move" — a red token on B5 with a 2 goes to B3 or B7, never
    to a square reached by turning round mid-move."""
    state = setup("B5=A", 0, 2, removed=(9, 0))
    assert legal(state) == ["B5-B3", "B5-B7"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B5-B5")
    assert err.value.key == "ur.rb.wrong_destination"
    assert err.value.params["squares"] == "B3, B7"


def test_ruling_red_tokens_never_go_beyond_b1() -> None:
    """ur.md (a) ruling: the red track is A7, A8, B8 … B1 "and back": red tokens never enter the lane, so
    an outward move may not overshoot B1."""
    state = setup("B2=A", 0, 3, removed=(9, 0))
    assert legal(state) == ["B2-B5"]
    assert legal(setup("B2=A", 0, 1, removed=(9, 0))) == ["B2-B1", "B2-B3"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B2-A2")
    assert err.value.key == "ur.rb.wrong_destination"
    with pytest.raises(NotationError):
        setup("A2=A")


def test_goal_red_tokens_need_an_exact_roll_home() -> None:
    """GOAL: the exact roll also applies to a red token coming home: it never overshoots A7."""
    state = setup("B7=A", 0, 4, removed=(9, 0))
    assert legal(state) == ["B7-B3"]
    assert legal(setup("B7=A", 0, 3, removed=(9, 0))) == ["B7-B4", "B7-A7"]


def test_goal_red_tokens_are_captured_like_blue_ones() -> None:
    """GOAL: "one captures the 'red' tokens as one captures the 'blue' ones"."""
    after = play(setup("B5=C,B3=a", 0, 2), "B3xB5")
    assert after.stack("B5") == (C_RED, A_BLUE)
    # A captured red token keeps its face, and carried home it leaves the game like any prisoner.
    after = play(after, "roll:6", "roll:4", "B5-A8+1")
    assert after.stack("A8") == (C_RED, A_BLUE)


def test_goal_red_tokens_capture_in_both_directions() -> None:
    """GOAL: red tokens "are particularly dangerous because they can take prisoners in both directions"."""
    state = setup("B5=A,B3=c,B7=c", 0, 2, removed=(9, 0))
    assert legal(state) == ["B5xB3", "B5xB7"]
    assert play(state, "B5xB3").stack("B3") == (C_BLUE, A_RED)
    assert play(state, "B5xB7").stack("B7") == (C_BLUE, A_RED)


def test_goal_red_token_moving_alone_may_go_either_way() -> None:
    """GOAL: "a red token may go forward and back only when it moves alone" — leaving its prisoners
    behind (ruling: the obligation is per move), it may go outward."""
    state = setup("B6=cA", 0, 2)
    assert legal(state) == ["in-A3", "B6-B4", "B6-B8", "B6-B8+1"]
    after = play(state, "B6-B4")
    assert after.stack("B6") == (C_BLUE,) and after.stack("B4") == (A_RED,)


def test_goal_red_token_carrying_prisoners_must_head_for_the_goal() -> None:
    """GOAL: "loaded with a prisoner, a red token may only head for the goal squares until it has deposited
    its prisoner there"."""
    state = setup("B6=cA", 0, 2)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B6-B4+1")
    assert err.value.key == "ur.rb.red_loaded"
    after = play(state, "B6-B8+1")
    assert after.stack("B8") == (C_BLUE, A_RED)
    # Carrying it on, it can only go homeward, and delivers it with an exact roll.
    later = play(after, "roll:6", "roll:2")
    assert [m for m in legal(later) if m.endswith("+1")] == ["B8-A7+1"]
    delivered = play(later, "B8-A7+1")
    assert delivered.removed == (0, 1) and delivered.stack("A7") == (A_RED,)


def test_ruling_a_red_token_may_leave_from_the_final_goal_and_return() -> None:
    """ur.md (a) ruling: red tokens re-enter from the goal squares and may come back to them (a red token
    in A7 is on top of the goal tower and moves from there)."""
    state = setup("A7=AA,B6=c", 0, 4, removed=(8, 0))
    assert legal(state) == ["A7xB6"]
    after = play(state, "A7xB6")
    assert after.stack("A7") == (A_RED,) and after.stack("B6") == (C_BLUE, A_RED)
    back = play(after, "roll:6", "roll:4", "B6-A7+1")
    assert back.stack("A7") == (A_RED, A_RED) and back.removed == (8, 1)


# Refuge rulings.


def test_ruling_prisoners_left_in_the_refuge_stay_captured() -> None:
    """Ruling (refuge): a red token may leave its prisoners in the refuge; they stay there, their owner
    cannot move them, and they count as captured."""
    state = setup("A8=cA,C2=c", 0, 1, removed=(9, 8))
    assert legal(state) == ["A8-B8", "A8-A7", "A8-A7+1"]
    after = play(state, "A8-B8")
    assert after.stack("A8") == (C_BLUE,) and after.top("A8") == C_BLUE
    opponent = play(after, "roll:1")
    assert legal(opponent) == ["C2-C1"]
    assert not any(m.startswith("A8") for m in legal(opponent))


def test_ruling_a_prisoner_left_in_the_refuge_can_be_taken_again() -> None:
    """Ruling (refuge): ending on A8 on top of a left prisoner captures it again, so it can be delivered."""
    state = setup("A8=c,B7=a", 0, 2)
    assert "B7xA8" in legal(state)
    after = play(state, "B7xA8")
    assert after.stack("A8") == (C_BLUE, A_BLUE)
    assert legal(play(after, "roll:6", "roll:1"))[-1] == "A8-A7+1"


# END: winning.


def test_end_capturing_the_last_free_token_wins() -> None:
    """END: "the winner is the one who has captured all enemy tokens ... at the end of the game by taking
    them prisoner on the middle squares" (ur.md: held prisoner at the moment the last one is taken)."""
    state = setup("B3=ca,B6=c", 0, 3, removed=(0, 8))
    assert state.outcome() is None
    assert play(state, "B3xB6").outcome() is None  # the token left behind on B3 is free again
    over = play(state, "B3xB6+1")
    outcome = over.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.termination is Termination.NORMAL
    assert over.actors() == () and over.legal_moves() == () and not over.is_chance()
    assert over.chance_outcomes() == ()
    for attempt in ("roll:1", "B6-B7", "in"):
        with pytest.raises(GameOverError):
            over.parse_move(attempt)
    with pytest.raises(GameOverError):
        over.apply(Roll(1))


def test_end_delivered_tokens_count_as_captured() -> None:
    """END: "... either by bringing them into the goal squares" — delivered tokens are captured for good:
    with nine delivered, taking the tenth wins, and a side with all ten delivered has lost."""
    state = setup("B3=a,B6=c", 0, 3, removed=(0, 9))
    over = play(state, "B3xB6")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0,)
    gone = position("rb A7=A 9,0 0,10 1 - 5/2").outcome()
    assert gone is not None and gone.winners == (0,)


def test_end_a_token_in_reserve_is_not_captured() -> None:
    """END: all enemy tokens must be captured: one still in reserve keeps the game going."""
    state = play(setup("B3=ca,B6=c", 0, 3, removed=(0, 7)), "B3xB6")
    assert state.reserve[1] == 1 and state.outcome() is None


def test_end_a_tower_topped_by_the_opponent_is_not_captured() -> None:
    """END (ruling): tokens in a tower are captured only when the winner's token is on top of them; while
    the loser's own token tops the tower, it still plays."""
    state = setup("B6=cac,B2=a", 0, 4, removed=(8, 8))
    assert state.outcome() is None
    over = play(state, "B2xB6")
    assert over.stack("B6") == (C_BLUE, A_BLUE, C_BLUE, A_BLUE)
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_end_the_second_player_can_win_too() -> None:
    """END: the rule is the same for both players."""
    over = play(setup("B2=ac,B5=A", 1, 3, removed=(8, 0)), "B2xB5+1")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_end_prisoners_left_in_the_refuge_count_as_captured() -> None:
    """END (ruling): an opponent token standing in the winner's goal squares counts as captured."""
    state = setup("A8=c,B3=a,B5=c", 0, 2, removed=(0, 8))
    over = play(state, "B3xB5")
    outcome = over.outcome()
    assert outcome is not None and outcome.winners == (0,)


# Notation.


def test_format_move_canonical_forms() -> None:
    """Notation: ``in-A2``, ``inxB1``, ``B3-B7``, ``B3xB7+2``, ``B5-B2`` (red outward), ``roll:4``, ``open:C3``."""
    state = setup("B1=c,B3=cca,B7=c,B5=A", 0, 4)
    assert legal(state) == ["in-A1", "B3xB7", "B3xB7+1", "B3xB7+2", "B5xB1", "B5-A8"]
    assert legal(setup("B1=c", 0, 5)) == ["inxB1"]
    assert state.format_move(Roll(4)) == "roll:4"
    assert state.format_move(OpeningRoll(1, 3)) == "open:C3"
    assert state.format_move(OpeningRoll(0, 6)) == "open:A6"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("b3", "B3xB7"),
        ("B3-B7", "B3xB7"),
        ("  b3 x b7 ", "B3xB7"),
        ("B3+2", "B3xB7+2"),
        ("b3-b7 +1", "B3xB7+1"),
        ("B3-B7+0", "B3xB7"),
        ("in", "in-A1"),
        ("new", "in-A1"),
        ("IN-a1", "in-A1"),
        ("inxA1", "in-A1"),
        ("B5-B1", "B5xB1"),
        ("b5xa8", "B5-A8"),
    ],
)
def test_parse_move_accepts_lenient_input(text: str, canonical: str) -> None:
    """Notation: case and spaces do not matter, ``-``/``x`` are interchangeable, ``new`` means ``in``, the
    destination may be left out when only one exists, ``+N`` counts the prisoners carried (default 0)."""
    state = setup("B1=c,B3=cca,B7=c,B5=A", 0, 4)
    assert state.format_move(state.parse_move(text)) == canonical


def test_a_red_token_with_two_ways_needs_a_destination() -> None:
    """Notation: when a red token can go both ways, its square alone is ambiguous; the error lists both."""
    state = setup("B5=A", 0, 2, removed=(9, 0))
    with pytest.raises(AmbiguousMoveError) as err:
        state.parse_move("B5")
    assert err.value.key == "ur.rb.ambiguous"
    assert err.value.legal == ("B5-B3", "B5-B7")
    assert err.value.params == {"square": "B5", "squares": "B3, B7"}


def test_prisoners_count_picks_the_only_way_they_may_go() -> None:
    """Notation + GOAL: ``B6+1`` for a red token that could go both ways means homeward, the only way it may
    carry a prisoner; asking for prisoners on an outward-only move names the rule."""
    state = setup("B6=cA", 0, 2)
    assert state.format_move(state.parse_move("B6+1")) == "B6-B8+1"
    with pytest.raises(AmbiguousMoveError):
        state.parse_move("B6")
    # Homeward is blocked (a 4 would overshoot A7), so only the outward move is left.
    blocked = setup("B6=cA", 0, 5)
    assert legal(blocked) == ["in-B1", "B6-B1"]
    with pytest.raises(IllegalMoveError) as err:
        blocked.parse_move("B6+1")
    assert err.value.key == "ur.rb.red_loaded"
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("B6+2")
    assert err.value.key == "ur.rb.prisoners"
    assert err.value.params == {"square": "B6", "most": 1}


def test_parse_chance_outcomes() -> None:
    """Notation: chance outcomes read ``roll:N`` and ``open:A5``/``open:C3`` (case-insensitive)."""
    assert towers.new_state().parse_move("OPEN:a5") == OpeningRoll(0, 5)
    assert play(towers.new_state(), "open:A5").parse_move("open:c3") == OpeningRoll(1, 3)
    waiting = setup("A4=a", 0)
    assert [waiting.parse_move(t) for t in ("roll:1", "ROLL:6", "roll3")] == [Roll(1), Roll(6), Roll(3)]


@pytest.mark.parametrize(
    "garbage", ["", "hello", "A9", "D1", "B3-", "B3-B", "B3B5", "roll:7", "roll:0", "open:B3", "B3+x", "off"]
)
def test_garbage_is_a_notation_error(garbage: str) -> None:
    """Notation: text that is not a move is a NotationError listing the legal moves."""
    state = setup("B3=a", 0, 2)
    with pytest.raises(NotationError) as err:
        state.parse_move(garbage)
    assert err.value.key == "ur.rb.notation"
    assert list(err.value.legal) == ["in-A3", "B3-B5"]


@pytest.mark.parametrize(
    ("text", "key", "params"),
    [
        ("B3-B4", "ur.rb.wrong_destination", {"roll": 2, "square": "B3", "squares": "B5"}),
        ("in-A2", "ur.rb.wrong_entry", {"roll": 2, "squares": "A3"}),
        ("B6", "ur.rb.no_token", {"square": "B6"}),  # the opponent's tower
        ("B2", "ur.rb.no_token", {"square": "B2"}),  # empty
        ("C3", "ur.rb.not_on_path", {"square": "C3"}),
        ("B3-C8", "ur.rb.not_on_path", {"square": "C8"}),
        ("A5", "ur.rb.not_on_path", {"square": "A5"}),
        ("A8", "ur.rb.too_far", {"roll": 2, "square": "A8"}),
        ("B3+2", "ur.rb.prisoners", {"square": "B3", "most": 1}),
        ("in+1", "ur.rb.entry_prisoners", {"most": 0}),
    ],
)
def test_illegal_moves_name_the_reason_and_list_the_legal_moves(text: str, key: str, params: dict[str, object]) -> None:
    """Notation: a well-formed but illegal move is an IllegalMoveError with ``.key``, ``.params`` and
    ``.legal`` set."""
    state = setup("B3=ca,B6=c,B8=a,A8=a", 0, 2)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move(text)
    assert err.value.key == key
    assert err.value.params == params
    assert list(err.value.legal) == legal(state)
    assert err.value.message


def test_moves_before_the_roll_or_by_the_wrong_seat_are_refused() -> None:
    """Turn order: no move before the die is thrown; nobody moves for the seat to play."""
    waiting = setup("A4=a,C4=c", 0)
    with pytest.raises(IllegalMoveError) as err:
        waiting.parse_move("A4")
    assert err.value.key == "ur.rb.no_roll"
    with pytest.raises(NotYourTurnError):
        waiting.parse_move("roll:2", 0)
    state = play(waiting, "roll:1")
    assert state.parse_move("A4-A3", 0) == Move(1, 2, 0)
    with pytest.raises(NotYourTurnError) as err2:
        state.parse_move("C4-C3", 1)
    assert err2.value.key == "not_your_turn"
    with pytest.raises(IllegalMoveError):
        state.parse_move("roll:3")
    with pytest.raises(IllegalMoveError) as err3:
        state.apply(Move(1, 3, 0))
    assert err3.value.key == "illegal_move"
    assert err3.value.legal == ("in-A4", "A4-A3")
    assert state.legal_moves(1) == () and state.mover(Move(1, 2, 0)) == 0
    assert state.mover(Roll(3)) is None


def test_completions_filter_the_legal_moves() -> None:
    """Autocomplete: exactly the legal choices, filtered by what was typed, prefix matches first."""
    state = setup("B1=c,B3=cca,B7=c,B5=A", 0, 4)
    assert state.completions(0, "") == legal(state)
    assert state.completions(0, "b3") == ["B3xB7", "B3xB7+1", "B3xB7+2"]
    assert state.completions(0, "A8") == ["B5-A8"]
    assert state.completions(1, "") == []


# The state text.


@pytest.mark.parametrize(
    "text",
    [
        "rb - 10,10 0,0 - - -/-",
        "rb - 10,10 0,0 - - 4/-",
        "rb - 10,10 0,0 1 - 2/5",
        "rb A4=aa,A8=aC,B3=cA 6,7 0,1 0 3 5/2",
        "rb A4=aa,B3=cA 7,8 0,1 0 3 5/2",
        "rb A4=aa,A8=caC,B3=cacA 5,6 0,0 0 3 5/2",
        "rb A1=a,A7=AA,B8=acC,C7=C 5,7 1,0 1 2 6/1",
        "rb B6=cccccccccA 9,0 0,1 1 - 3/4",
    ],
)
def test_state_text_round_trip(text: str) -> None:
    """State text: ``from_text`` and ``to_text`` are inverse."""
    state = position(text)
    assert state.to_text() == text
    assert position(state.to_text()) == state
    assert hash(position(text)) == hash(state)


def test_state_text_fields() -> None:
    """State text: ``rb A4=aa,B3=cacA 6,7 0,1 0 3 5/2`` reads as documented; towers may come in any order."""
    state = position("rb A4=aa,B3=cacA 6,7 0,1 0 3 5/2")
    assert state.stack("A4") == (A_BLUE, A_BLUE)
    assert state.stack("B3") == (C_BLUE, A_BLUE, C_BLUE, A_RED)
    assert state.reserve == (6, 7) and state.removed == (0, 1)
    assert state.turn == 0 and state.roll == 3 and state.opening == (5, 2)
    assert position("rb B3=cacA,A4=aa 6,7 0,1 0 3 5/2") == state


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("v2 0:- 1:- - -", "another rule set"),
        ("rb - 10,10 0,0 - -", "missing field"),
        ("rb - 10,10 0,0 - - -/- x", "extra field"),
        ("rb A4=a 10,10 0,0 0 - 5/2", "eleven tokens"),
        ("rb A4=a 8,10 0,0 0 - 5/2", "nine tokens"),
        ("rb - 10,10 0,11 0 - 5/2", "more removed than tokens"),
        ("rb A4=x 9,10 0,0 0 - 5/2", "unknown token letter"),
        ("rb A4= 10,10 0,0 0 - 5/2", "empty tower"),
        ("rb A5=a 9,10 0,0 0 - 5/2", "no such square"),
        ("rb A4=a,A4=a 8,10 0,0 0 - 5/2", "a square listed twice"),
        ("rb C2=a 9,10 0,0 0 - 5/2", "a token in the other lane"),
        ("rb C7=ac 9,9 0,0 0 - 5/2", "a prisoner in the final goal"),
        ("rb A3=A 9,10 0,0 0 - 5/2", "a red token in the lane"),
        ("rb A7=a 9,10 0,0 0 - 5/2", "a blue token in its final goal"),
        ("rb A8=aaaaaa 4,10 0,0 0 - 5/2", "six own tokens in a goal square"),
        ("rb A4=a 9,10 0,0 0 6 5/2", "a roll of 6 waiting"),
        ("rb A4=a 9,10 0,0 0 0 5/2", "a roll of 0 waiting"),
        ("rb B8=a 0,10 9,0 0 3 5/2", "a roll waiting with no legal move"),
        ("rb B3=ca 0,0 9,9 1 2 5/2", "a roll waiting after the end"),
        ("rb A8=c,C8=a 0,0 9,9 0 - 5/2", "neither side has a free token"),
        ("rb A4=a 9,10 0,0 - - -/-", "tokens on the board during the opening"),
        ("rb - 10,10 0,0 - 3 -/-", "a roll during the opening"),
        ("rb - 10,10 0,0 - - 3/4", "seat 1 rolled but nobody starts"),
        ("rb - 10,10 0,0 0 - 3/3", "a tied opening"),
        ("rb - 10,10 0,0 0 - -/-", "a started game without opening rolls"),
        ("rb - 10,10 0,0 0 - 7/2", "an opening roll of 7"),
        ("rb - 10,10 0,0 2 - 5/2", "no seat 2"),
        ("rb b3=a 9,10 0,0 0 - 5/2", "lower-case square"),
    ],
)
def test_malformed_state_text_is_rejected(text: str, why: str) -> None:
    """State text: malformed texts and impossible positions are a NotationError."""
    with pytest.raises(NotationError):
        towers.from_text(text)


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        ("rb B3=ca 0,0 9,9 0 - 5/2", 0),
        ("rb C8=a,B5=c 0,9 9,0 0 - 5/2", 1),
        ("rb - 10,0 0,10 1 - 5/2", 0),
    ],
)
def test_finished_positions_are_accepted(text: str, winner: int) -> None:
    """State text: a finished game reads back, with its winner (a token stranded in the opponent's refuge
    is not free)."""
    outcome = position(text).outcome()
    assert outcome is not None and outcome.winners == (winner,)


# Properties of random games and random positions.


def expected_moves(state: State) -> set[tuple[str, str, int]]:
    """An independent reading of the move rules: (from, to, prisoners) for the player to move."""
    me, roll = state.turn, state.roll
    assert me is not None and roll is not None
    path = towers.PATHS[me]
    found: set[tuple[str, str, int]] = set()
    if state.reserve[me]:
        found.add(("in", path[roll - 1], 0))
    for i, square in enumerate(path, start=1):
        tower = state.stack(square)
        if not tower or tower[-1].owner != me:
            continue
        run = 0
        while run < len(tower) - 1 and tower[-2 - run].owner != me:
            run += 1
        for direction in (1, -1) if tower[-1].red else (1,):
            target = i + direction * roll
            if not 1 <= target <= 14 or (tower[-1].red and target < 5):
                continue
            if target >= 13 and sum(t.owner == me for t in state.stack(path[target - 1])) >= 5:
                continue
            for carry in range(run + 1 if direction == 1 else 1):
                found.add((square, path[target - 1], carry))
    return found


def actual_moves(state: State) -> set[tuple[str, str, int]]:
    """The engine's legal moves in the same form."""
    result = set()
    for move in state.legal_moves():
        frm, to = state.squares_of(move)
        result.add((frm or "in", to, move.carry))
    return result


def check_invariants(state: State) -> None:
    """What every reachable position satisfies."""
    for seat in (0, 1):
        assert state.reserve[seat] + state.removed[seat] + state.on_board(seat) == 10
    for square in BOARD.squares:
        tower = state.stack(square)
        for seat in (0, 1):
            own = [t for t in tower if t.owner == seat]
            pos = towers.POSITIONS[seat].get(square)
            if pos is not None and pos <= 4:
                assert all(not t.red for t in own), f"red token in the lane on {square}"
            if pos is not None and pos >= 13:
                assert len(own) <= 5, f"more than five own tokens on {square}"
            if pos == 14:
                assert all(t.red for t in own)
                assert all(t.owner == seat for t in tower), f"a prisoner stays in the final goal {square}"
            if pos is None and own:
                other = towers.POSITIONS[1 - seat].get(square)
                assert other is not None and other >= 13, f"a token of seat {seat} on {square}"


def random_game(seed: int, limit: int = 5000) -> list[tuple[State, object]]:
    """A seeded random game: each state with the action applied to it (None for the final state)."""
    rng = random.Random(seed)
    state = towers.new_state()
    steps: list[tuple[State, object]] = []
    while state.outcome() is None and len(steps) < limit:
        if state.is_chance():
            move: object = rng.choice([o for o, _ in state.chance_outcomes()])
        else:
            move = rng.choice(state.legal_moves())
        steps.append((state, move))
        state = state.apply(move)  # type: ignore[arg-type]
    steps.append((state, None))
    return steps


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_rules_invariant(seed: int) -> None:
    """Property: in any game, each side always has ten tokens (reserve + board + removed), lanes hold only
    their own blue tokens, goal squares at most five own tokens and the final goal no prisoner; the legal
    moves are exactly those of an independent reading of the rules; a move shifts exactly 1 + carry tokens,
    removes prisoners only in the final goal, and passes the turn; the game ends with a winner."""
    steps = random_game(seed)
    for (before, move), (after, _) in itertools.pairwise(steps):
        check_invariants(after)
        if isinstance(move, Move):
            assert actual_moves(before) == expected_moves(before)
            me = before.turn
            assert me is not None
            assert after.turn == 1 - me and after.roll is None
            frm, to = before.squares_of(move)
            moved = 1 + move.carry
            if frm is not None:
                assert len(after.stack(frm)) == len(before.stack(frm)) - moved
            if move.to == towers.GOAL:
                assert after.removed[1 - me] == before.removed[1 - me] + move.carry
                assert after.top(to) == Token(me, True)
            else:
                assert after.removed == before.removed
                assert after.stack(to)[-moved:] == (
                    before.stack(frm)[-moved:] if frm is not None else (Token(me, False),)
                )
        assert towers.from_text(after.to_text()) == after
    final = steps[-1][0]
    outcome = final.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    loser = 1 - outcome.winners[0]
    assert not final.is_free(loser) and final.is_free(outcome.winners[0])


@st.composite
def positions(draw: st.DrawFn) -> State:
    """Any position the state text accepts: towers of allowed tokens, a turn and, when usable, a roll."""
    allowed: dict[str, str] = {}
    for square in BOARD.squares:
        if square[0] == "B":
            allowed[square] = "aAcC"
        elif square in ("A7", "C7"):
            allowed[square] = square[0]
        elif square in ("A8", "C8"):
            allowed[square] = "aAcC"
        else:
            allowed[square] = square[0].lower()
    counts = [0, 0]
    items = []
    for square in BOARD.squares:
        letters = draw(st.lists(st.sampled_from(allowed[square]), max_size=4))
        kept: list[str] = []
        for letter in letters:
            seat = 0 if letter.lower() == "a" else 1
            own_goal = square in ("A7", "A8") if seat == 0 else square in ("C7", "C8")
            if counts[seat] == 10 or (own_goal and [k.lower() for k in kept].count(letter.lower()) == 5):
                continue
            counts[seat] += 1
            kept.append(letter)
        if kept:
            items.append(f"{square}={''.join(kept)}")
    removed = [draw(st.integers(0, 10 - counts[s])) for s in (0, 1)]
    reserve = [10 - counts[s] - removed[s] for s in (0, 1)]
    turn = draw(st.sampled_from([0, 1]))
    roll = draw(st.integers(1, 5))
    head = f"rb {','.join(items) or '-'} {reserve[0]},{reserve[1]} {removed[0]},{removed[1]} {turn}"
    for roll_text in (str(roll), "-"):
        try:
            return towers.from_text(f"{head} {roll_text} 5/2")
        except NotationError:
            continue
    return towers.from_text(f"rb - 10,10 0,0 {turn} - 5/2")


@settings(max_examples=400, deadline=None)
@given(state=positions())
def test_any_position_has_exactly_the_moves_the_rules_give(state: State) -> None:
    """Property: in any position the legal moves are those of the independent reading, sorted and
    unique; each round-trips through its notation; the state text round-trips."""
    assert towers.from_text(state.to_text()) == state
    if state.roll is None or state.outcome() is not None:
        return
    moves = state.legal_moves()
    assert list(moves) == sorted(set(moves))
    assert actual_moves(state) == expected_moves(state)
    for move in moves:
        assert state.parse_move(state.format_move(move)) == move
        after = state.apply(move)
        assert towers.from_text(after.to_text()) == after


def test_legal_choices_stay_few() -> None:
    """Autocomplete: over random games, a roll rarely offers more than 25 choices (Discord's limit)."""
    counts = [len(s.legal_moves()) for seed in range(20) for s, _ in random_game(seed) if s.roll is not None]
    assert counts and max(counts) <= 25


def test_errors_are_game_errors() -> None:
    """Every error a player's input can cause is a GameError the bot can explain."""
    for cls in (NotationError, IllegalMoveError, NotYourTurnError, GameOverError, AmbiguousMoveError):
        assert issubclass(cls, GameError)
