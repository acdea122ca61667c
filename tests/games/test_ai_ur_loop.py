"""The Variante 1 search's compact rules agree with the engine, and its evaluation prices contact."""

from __future__ import annotations

import random

from games.ai import make_agent, ur_loop
from games.playout import exact_chance
from games.ur import loop


def test_compact_moves_and_results_match_the_engine_along_random_games() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(12):
        state = loop.new_state()
        while state.outcome() is None:
            if state.is_chance():
                state = state.apply(exact_chance(state, rng))
                continue
            seat = state.turn
            assert seat is not None and state.roll is not None
            mine, theirs = state.pieces[seat], state.pieces[1 - seat]
            legal = state.legal_moves()
            assert ur_loop.moves(mine, theirs, state.roll) == [(m.frm, m.to) for m in legal]
            move = rng.choice(legal)
            after = ur_loop.play(mine, theirs, move.frm, move.to)
            state = state.apply(move)
            assert after == (state.pieces[seat], state.pieces[1 - seat])
            checked += 1
    assert checked > 1000


def test_margin_is_antisymmetric_but_for_the_tempo() -> None:
    mine = (0, 0, 1, 5, 7, 14, 21)
    theirs = (0, 0, 0, 2, 6, 19, 20)
    w = ur_loop.WEIGHTS
    assert abs(ur_loop.race_margin(mine, theirs) + ur_loop.race_margin(theirs, mine) - 2 * w.tempo) < 1e-9
    assert -1 < ur_loop.evaluate(mine, theirs) < 1
    assert ur_loop.evaluate((21,) * 7, theirs) == 1.0 and ur_loop.evaluate(theirs, (21,) * 7) == -1.0


def test_a_blue_piece_on_a_capture_square_within_reach_of_a_blue_hunter_counts_against_its_side() -> None:
    # Our blue piece on B6 (7): their blue piece two squares behind (B4, 5) has no throw of 2, one
    # square behind (B5, 6) it hits with a 1.
    safe = ur_loop.race_margin((0, 0, 0, 0, 0, 0, 7), (0, 0, 0, 0, 0, 0, 5))
    exposed = ur_loop.race_margin((0, 0, 0, 0, 0, 0, 7), (0, 0, 0, 0, 0, 0, 6))
    plain = ur_loop.Weights(exposed=0.0)
    shift = ur_loop.race_margin((0, 0, 0, 0, 0, 0, 7), (0, 0, 0, 0, 0, 0, 6), plain) - ur_loop.race_margin(
        (0, 0, 0, 0, 0, 0, 7), (0, 0, 0, 0, 0, 0, 5), plain
    )
    assert exposed - safe < shift  # the hunter one behind costs more than its extra square of race
    # A red piece (B6 on the way back, 15) cannot be hit, so it is never exposed.
    red = ((0, 0, 0, 0, 0, 0, 15), (0, 0, 0, 0, 0, 0, 6))
    assert ur_loop.race_margin(*red) == ur_loop.race_margin(*red, plain)


def test_strong_takes_a_free_capture_and_the_search_is_exact_without_a_clock() -> None:
    # Seat 0 on B4 (5) with a 1 can hit seat 1's blue piece on B5 (6); the other move enters nothing
    # (a 1 cannot enter) and walks the piece on A2 to A3.
    state = loop.State(((0, 0, 0, 0, 0, 2, 5), (0, 0, 0, 0, 0, 0, 6)), 0, 1)
    legal = state.legal_moves()
    assert loop.Move(5, 6) in legal and len(legal) == 2
    agent = make_agent("ur", "strong", iterations=3)
    choices = {agent.choose(state, legal, random.Random(k)) for k in range(3)}
    assert choices == {loop.Move(5, 6)}
    assert ur_loop.choose(state.pieces[0], state.pieces[1], 1, [(2, 3), (5, 6)], max_depth=2, seconds=None) == 1
