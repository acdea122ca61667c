"""What the strong AI's searches judge their leaves by (issue 35): the fitted judge's score as it stands, no
look-ahead; the baseline in Ursuppe and in Variante 3's placement; Ultima-Tek's fixed budget is a beam width."""

from __future__ import annotations

import random

from games import find_game
from games.ai import make_agent, odds
from games.ai.judge import JUDGES, win_chances
from games.ai.judge.base import SoftmaxJudge
from games.ai.judge.linear import LinearJudge
from games.ai.search import Budget
from games.ai.ultimatek import TEK_BEAM, beam_width
from games.base import GameState
from games.playout import exact_chance, random_step
from games.ur import motifs


def walk(game_id: str, options: dict[str, str], seed: int, steps: int) -> list[GameState]:
    info = find_game(game_id)
    rng = random.Random(seed)
    state = info.new(2, info.validate_options(options))
    seen = [state]
    for _ in range(steps):
        if state.outcome() is not None:
            break
        state = state.apply(random_step(state, rng))
        seen.append(state)
    return seen


def test_a_leaf_is_the_fitted_score_as_it_stands_without_the_look_ahead() -> None:
    """Variante 3 after a throw (not the judge's moment): the judge looks ahead to the next throw, the
    search's leaf weighs the features where they stand (the search looks ahead itself)."""
    judge = JUDGES["ur-motifs"]
    assert isinstance(judge, LinearJudge)
    weights = judge.weights()
    assert weights is not None
    states = walk("ur", {"rules": motifs.RULES}, 3, 200)
    thrown = next(s for s in states if not s.is_chance() and s.outcome() is None and not judge.moment(s))
    assert odds.leaf_chances(thrown) == judge.weigh(thrown, weights)
    assert odds.leaf_chances(thrown) != win_chances(thrown), "the judge itself looks ahead"
    assert odds.judged("ur", 2)(thrown, 0) == 2 * judge.weigh(thrown, weights)[0] - 1
    end = states[-1]
    assert end.outcome() is not None
    assert odds.leaf_chances(end) == win_chances(end)


def test_ursuppe_strong_leaves_are_the_baseline() -> None:
    info = find_game("ursuppe")
    rng = random.Random(5)
    state = info.new(3, info.validate_options({}))
    for _ in range(40):
        state = state.apply(random_step(state, rng))
    baseline = SoftmaxJudge("ursuppe", "ursuppe").win_chances(state)
    assert odds.baseline_judged("ursuppe")(state, 1) == 2 * baseline[1] - 1


def test_an_ultimatek_budget_of_iterations_is_a_beam_width() -> None:
    assert beam_width("strong", Budget(seconds=None, iterations=3)) == 3
    assert beam_width("normal", Budget(seconds=None, iterations=2)) == 2
    assert beam_width("normal", Budget(seconds=None, iterations=9)) == 3
    assert beam_width("strong", Budget(seconds=None, iterations=None)) == TEK_BEAM
    assert beam_width("strong", Budget(seconds=0.8)) == TEK_BEAM
    assert beam_width("strong", Budget(seconds=0.2)) == 2


def test_two_strong_ais_block_each_others_motif_in_variante_3() -> None:
    """Between two strong AIs every match ended at the ninth placement (the first to place completes a
    goal with its fifth pawn): the placement is searched with the baseline, which sees a block coming."""
    info = find_game("ur")
    options = info.validate_options({"rules": motifs.RULES})
    for seed in range(3):
        agents = [make_agent("ur", "strong", iterations=3) for _ in range(2)]
        state = info.new(2, options)
        rng, chance = random.Random(seed), random.Random(f"chance:{seed}")
        placements = 0
        while state.outcome() is None and placements < 10:
            if state.is_chance():
                state = state.apply(exact_chance(state, chance))
                continue
            assert isinstance(state, motifs.State)
            placements += state.placing
            seat = state.actors()[0]
            state = state.apply(agents[seat].choose(state.view_for(seat), state.legal_moves(seat), rng))
        assert state.outcome() is None, f"seed {seed}: over after {placements} placements"
