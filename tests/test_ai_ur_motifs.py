"""Variante 3's strong AI keeps its round alive (issue 35): a player whose throw no pawn can use loses, and
the face rule leaves fewer pawns free to move as a round goes on, so the search's leaves count the chance
that each seat uses every throw left in its round (games/ai/ur_motifs.py)."""

from __future__ import annotations

import random

import pytest

from games.ai import make_agent
from games.ai.ur_motifs import round_survival
from games.ur import motifs


def test_a_pawn_boxed_in_fails_the_round() -> None:
    """Seat 0's red pawn on A1 has the opponent on A2 and B1: no throw moves it, and it would be the
    round's last pawn, whatever the others do."""
    state = motifs.from_text("v3 0r:A1r,A3r,A7r,B3b,B8b 1r:A2r,B1b,B4r,B6r,C2b 0 2")
    assert round_survival(state, 0) == 0.0


def test_a_pawn_with_one_exit_is_moved_when_the_throw_fits_it() -> None:
    """A8 can only step onto B8 (A7, B7 and C8 are the opponent's), so only a 1 moves it; B5 takes any
    throw. The round survives a first 1 (A8 moves, B5 is left) or any throw then a 1: 1/4 + 3/4 · 1/4."""
    state = motifs.from_text("v3 0r:A8r,B5r,C1b,C2b,C3b 1r:A1r,A2r,A7r,B7r,C8r 0 1")
    assert round_survival(state, 0) == pytest.approx(7 / 16, abs=1e-12)


def test_can_use_agrees_with_the_rules_stuck_reasons() -> None:
    state = motifs.from_text("v3 0r:A8r,B5r,C1b,C2b,C3b 1r:A1r,A2r,A7r,B7r,C8r 0 -")
    for roll in motifs.ROLLS:
        assert state.can_use(0, roll) == (state.stuck_reasons(roll) == ())


def test_while_placing_the_pawns_placed_are_judged_free_to_move() -> None:
    """B5's only neighbours are B4 and B6 (A5 and C5 are holes): between two opposing pawns a pawn placed
    there can never move, so the first round cannot be finished; on C3 every pawn has a way out."""
    state = motifs.from_text("v3 0r:A3r,B3r,B4r,B6r 1r:A1r,A7r,A8r,B2r 1 -")
    assert state.placing
    assert round_survival(state.apply(motifs.Place("B5")), 1) == 0.0
    assert round_survival(state.apply(motifs.Place("C3")), 1) == 1.0


def test_reaches_ignores_the_face_rule_and_the_placement() -> None:
    state = motifs.from_text("v3 0r:A3r,B3r,B4r,B6r 1r:A1r,A7r,A8r,B2r,B5r 0 -")
    assert state.placing
    assert not any(state.reaches(1, "B5", roll) for roll in motifs.ROLLS)
    assert all(state.reaches(1, "A8", roll) for roll in motifs.ROLLS)


@pytest.mark.parametrize("iterations", [2, 3])
def test_the_strong_ai_does_not_place_a_pawn_that_can_never_move(iterations: int) -> None:
    """Seat 1 places its last pawn. The baseline judge at the leaves alone chose B5, between seat 0's B4
    and B6, where the pawn has no walk at all: the first round was lost before it began, at both depths."""
    state = motifs.from_text("v3 0r:A3r,B3r,B4r,B6r 1r:A1r,A7r,A8r,B2r 1 -")
    strong = make_agent("ur", "strong", iterations=iterations)
    chosen = strong.choose(state.view_for(1), state.legal_moves(1), random.Random(1))
    assert round_survival(state.apply(chosen), 1) == 1.0


@pytest.mark.parametrize("iterations", [2, 3])
def test_the_strong_ai_keeps_its_round_alive(iterations: int) -> None:
    """Seat 1 throws 2 with four blue pawns free to move; the opponent's round is safe whatever it does.
    C3-C1 leaves the three pawns most likely to use every throw left (85 %); the fitted judge at the leaves
    alone chose C7-B8 (73 %), at both depths."""
    state = motifs.from_text("v3 0b:A8r,B2b,B3b,B6b,C4b 1b:B1r,B7b,C2b,C3b,C7b 1 2")
    moves = state.legal_moves(1)
    survival = {m: round_survival(state.apply(m), 1) for m in moves}
    best = max(survival, key=lambda m: survival[m])
    assert state.format_move(best) == "C3-C1"
    strong = make_agent("ur", "strong", iterations=iterations)
    assert strong.choose(state.view_for(1), moves, random.Random(1)) == best
