"""Variante 3's placement race (games/ai/ur_placement.py, issue 35): a goal at the placement that no block
can reach in time is won, and the strong AI begins its block when it must."""

from __future__ import annotations

import random

import pytest

from games.ai import make_agent
from games.ai.ur_placement import placement_winner
from games.ur import motifs


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        # Three rosettes of seat 1 and two free: seat 0 blocks one, seat 1 takes the other.
        ("v3 0r:A2r,A4r 1r:A1r,A7r,C7r 0 -", 1),
        # Seat 0 already holds one rosette: its next placement kills the motif.
        ("v3 0r:A2r,C1r 1r:A1r,A7r,C7r 0 -", None),
        # Two rosettes, seat 0 to place: two blocks in time if they begin now.
        ("v3 0r:A2r 1r:A1r,A7r 0 -", None),
        # The same with seat 1 to place: its third and fourth rosettes come before a second block.
        ("v3 0r:A2r,A4r 1r:A1r,A7r 1 -", 1),
        # A pawn off the motif (C2 is an eye): no goal at the placement for seat 1.
        ("v3 0r:A2r,A4r 1r:A1r,A7r,C2r 0 -", None),
        # Two goals no block reaches: the one who places first completes first.
        ("v3 0r:A1r,A7r,C7r 1r:A2r,A4r,C2r 0 -", 0),
        ("v3 0r:A1r,A7r,C7r 1r:A2r,A4r,C2r 1 -", 1),
        # Four rosettes and no single: seat 0 takes the last free single first; to place, seat 1 takes it.
        ("v3 0r:A8r,B1r,B3r,B6r 1r:A1r,A7r,C1r,C7r 0 -", None),
        ("v3 0r:A8r,B1r,B3r,B6r 1r:A1r,A7r,C1r,C7r 1 -", 1),
    ],
)
def test_a_goal_at_the_placement_is_won_when_no_block_comes_in_time(text: str, winner: int | None) -> None:
    assert placement_winner(motifs.from_text(text)) == winner


def test_no_race_once_the_pawns_are_placed_or_before_the_draw() -> None:
    assert placement_winner(motifs.new_state()) is None
    placed = motifs.from_text("v3 0r:A1r,A3r,A7r,B3b,B8b 1r:A2r,B1b,B4r,B6r,C2b 0 2")
    assert placement_winner(placed) is None


@pytest.mark.parametrize("iterations", [2, 3])
@pytest.mark.parametrize("text", ["v3 0r:A2r 1r:A1r,A7r 0 -", "v3 0r:A2r 1r:A1r,C1r 0 -", "v3 0r:A2r 1r:A1r,B4r 0 -"])
def test_the_strong_ai_begins_its_block_when_it_must(text: str, iterations: int) -> None:
    """Two rosettes of the other side and three free: unless seat 0 takes one now, the other side's third
    and fourth come before its second block (it placed on A4, its own eyes, at depth 1 and 2: the
    scripted motif-first player then completed its goal at the ninth placement)."""
    state = motifs.from_text(text)
    strong = make_agent("ur", "strong", iterations=iterations)
    move = strong.choose(state.view_for(0), state.legal_moves(0), random.Random(1))
    assert isinstance(move, motifs.Place)
    assert move.square in motifs.GROUPS["rosette"]
