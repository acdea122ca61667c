"""Ultima-Tek's judge (issue 35): fitted on its own, cheaper level mix, its last map on the bench's whole mix,
and read at one moment of every turn (before the turn's first decision), as the bench and the fit take it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games import find_game
from games.ai import make_agent
from games.ai import review as rv
from games.ai.judge import JUDGES, calibration
from games.ai.judge import params as judge_params
from games.ai.judge.calibration import opening_of, play, self_play
from games.ai.judge.fitting import calibration_mix_of, fit_played, mix_of
from games.ai.judge.levels import MIX
from games.ai.judge.linear import LinearJudge
from games.ai.judge.ultimatek import FIT_MIX, OPENING, tempo
from games.playout import exact_chance
from games.ultimatek import state as tek
from games.ultimatek.model import ACT, BONUS, CREDITS, END, REVEAL
from tests.test_review import check_in_range


def test_ultimatek_is_fitted_on_its_own_mix_and_the_others_on_the_whole_one() -> None:
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    assert mix_of(judge) == FIT_MIX
    assert "strong" not in dict(FIT_MIX)
    subulata = JUDGES["subulata"]
    assert isinstance(subulata, LinearJudge)
    assert mix_of(subulata) == MIX


def test_ultimatek_s_last_map_is_fitted_on_the_whole_mix_the_bench_plays() -> None:
    """Its weights never see the strong level (too dear); the map that makes its chances come true is
    fitted on the levels they are read against. The other keys calibrate on their weights' own mix."""
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    assert calibration_mix_of(judge) == MIX
    for key in ("subulata", "ur-race"):
        other = JUDGES[key]
        assert isinstance(other, LinearJudge)
        assert calibration_mix_of(other) == mix_of(other) == MIX


def test_a_refit_of_ultimatek_names_its_mix() -> None:
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    played = self_play("ultimatek", 2, 1, judge.moment, "judge-test", mix=(("random", 1),))
    data = fit_played(judge, played, 2, 1)
    assert data["mix"].startswith("levels per seat drawn with weights random 1, easy 3, normal 3;")
    assert len(data["weights"]) == len(judge.names)


def test_a_seeded_ultimatek_match_is_charted_once_per_turn_before_its_first_decision() -> None:
    """A turn is several decisions (credits spent on actions, bonuses, the end): the bench and the fit read
    the chance once per turn, with the mover's three credits unspent, so the chart cannot saw from one
    decision of a turn to the next."""
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    played = play("ultimatek", "judge-test:ultimatek:turns", judge.moment, mix=(("easy", 1),))
    assert played is not None
    positions = [state for state in played.positions if isinstance(state, tek.State)]
    assert len(positions) == len(played.positions) >= 20
    for state in positions:
        assert state.played == () and state.credits == CREDITS and state.actors() == (state.to_act,)
    turns = [state.turns for state in positions]
    assert turns == sorted(set(turns)), "one position per turn, in order"
    # Every turn of the match is read (none skipped), whoever acts in it.
    assert turns == list(range(turns[0], turns[0] + len(turns)))
    assert {state.to_act for state in positions} == {0, 1}


def strong_turn(state: tek.State) -> list[object]:
    """The decisions the strong level makes over the turn starting at ``state`` (seeded, clock-free)."""
    agent = make_agent("ultimatek", "strong", iterations=3)
    rng = random.Random(5)
    seat = state.to_act
    made: list[object] = []
    while state.actors() == (seat,) and state.outcome() is None:
        move = agent.choose(state.view_for(seat), state.legal_moves(seat), rng)
        made.append(move)
        state = state.apply(move)
    return made


def test_ultimatek_s_strong_level_plans_by_the_baseline_whatever_judge_ships(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge's fit and bench are played by the strong level: a refit must not change its play. Weights
    that prize being far from a point leave its turn as it was."""
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    played = play("ultimatek", "judge-test:ultimatek:strong", judge.moment, mix=(("easy", 1),))
    assert played is not None
    start = played.positions[6]
    assert isinstance(start, tek.State)
    monkeypatch.setattr(judge_params, "load", lambda key: None)
    today = strong_turn(start)
    backwards = {"features": list(judge.names), "weights": [-2.0] * len(judge.names), "describe": "a test's"}
    monkeypatch.setattr(judge_params, "load", lambda key: backwards if key == "ultimatek" else None)
    assert judge.weights() is not None
    assert strong_turn(start) == today


# The candidate judge's features: slow ones and the tempo (see games/ai/judge/ultimatek.py).

SOME_WEIGHTS = (0.9, 1.1, 2.3, -0.4, 0.3, 0.8, 0.5, 0.7)
"""Weights of the right signs and sizes for the tests (a position's chance moves with each feature)."""


def with_weights(monkeypatch: pytest.MonkeyPatch, weights: tuple[float, ...]) -> LinearJudge:
    """Ultima-Tek's judge with ``weights`` shipped (no map), every other key as shipped."""
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    shipped = judge_params.load
    data = {"features": list(judge.names), "weights": list(weights), "describe": "a test's"}
    monkeypatch.setattr(judge_params, "load", lambda key: data if key == "ultimatek" else shipped(key))
    assert judge.weights() == weights
    return judge


def test_every_bonus_decision_reads_alike_so_no_placement_is_charged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searching levels never place a bonus in self-play, so a weight on the tokens would only say who
    the weaker levels were: the judge weighs none, and placing any token, discarding one or ending the
    bonus phase leave both seats' chances exactly where they were."""
    judge = with_weights(monkeypatch, SOME_WEIGHTS)
    state = tek.from_text(
        "ultimatek act=blue phase=3 credits=0 disc=e3 blue_hand=run,fly/,stop red_hand=run,fly,fly+/"
        " blue=b2:1,b3:2,c4:3*run/,d1:1,d5:2,e1:3,e3:2,e5:1,g2:2,h4:1 turns=7"
    )
    moves = state.legal_moves(0)
    kinds = {m.verb for m in moves}
    assert {"place", "discard", "end"} <= kinds
    chances = {m: judge.win_chances(state.apply(m)) for m in moves}
    assert len(set(chances.values())) == 1, chances


def test_the_tempo_passes_a_third_a_credit_and_a_turn_s_end_reads_as_the_next_turn_s_start() -> None:
    """At a turn's start the side to act holds the tempo whole; each credit spent passes a third to the
    other side, so a step forward is never a free gain; once the actions end, spent or ended early, the
    other side holds it whole, as its own turn's start reads it: no jump from one turn to the next."""
    start = tek.from_text("ultimatek act=blue phase=2 credits=3 turns=4")
    assert (tempo(start, 0), tempo(start, 1)) == (1.0, 0.0)
    state = start
    for spent in range(1, CREDITS + 1):
        move = next(m for m in state.legal_moves(0) if m.verb == "move")
        state = state.apply(move)
        if state.phase == ACT:
            assert tempo(state, 0) == pytest.approx(1 - spent / CREDITS)
            assert tempo(state, 1) == pytest.approx(spent / CREDITS)
    ended = start.apply(END)
    for after in (state, ended):
        assert (after.to_act == 0 and after.phase not in (REVEAL, ACT)) or after.to_act == 1
        assert (tempo(after, 0), tempo(after, 1)) == (0.0, 1.0)
    red = tek.from_text("ultimatek act=red phase=2 credits=3 turns=5")
    assert (tempo(red, 0), tempo(red, 1)) == (0.0, 1.0)


def played_steps(levels: tuple[str, str], seed: int, cap: str) -> list[rv.Step]:
    """A seeded Ultima-Tek match between ``levels`` (a searching one on a beam of 1, to stay cheap), as
    the review reads its log: one turn number per side's turn."""
    game = find_game("ultimatek")
    state = game.new(2, game.validate_options({"cap": cap}))
    agents = [make_agent("ultimatek", level, iterations=1) for level in levels]
    rng = random.Random(seed)
    steps: list[rv.Step] = []
    while state.outcome() is None:
        if state.is_chance():
            move = exact_chance(state, rng)
            steps.append(rv.Step(state.format_move(move), None, state.turns + 1))
        else:
            seat = state.to_act
            move = agents[seat].choose(state.view_for(seat), state.legal_moves(seat), rng)
            steps.append(rv.Step(state.format_move(move), seat, state.turns + 1))
        state = state.apply(move)
    return steps


@pytest.mark.parametrize(("levels", "cap"), [(("random", "random"), "60"), (("strong", "easy"), "30")])
def test_the_review_keeps_its_identity_and_bounds_under_the_slow_judge(
    monkeypatch: pytest.MonkeyPatch, levels: tuple[str, str], cap: str
) -> None:
    """With the slow features weighed, every account of the review stays within the chance's rises and
    falls, in random play (where a judge pricing no credit charged each step a free gain it never saw) as
    in the searching levels' play, and start + luck + own + others = end."""
    with_weights(monkeypatch, SOME_WEIGHTS)
    game = find_game("ultimatek")
    options = game.validate_options({"cap": cap})
    steps = played_steps(levels, 3, cap)
    done = rv.review(game, options, 2, steps)
    check_in_range(game, 2, steps, done)
    # A bonus decision is never charged as such (only the last turn's, where ending it ends the match).
    bonus = [
        d.skill for d in done.decisions if isinstance(d.before, tek.State) and d.before.phase == BONUS and not ends(d)
    ]
    assert bonus and all(skill == 0.0 for skill in bonus)


def ends(decision: rv.Decision) -> bool:
    """True when one of the decision's legal moves ends the match."""
    state = decision.before
    assert state is not None
    return any(state.apply(m).outcome() is not None for m in state.legal_moves(decision.seat))


def test_the_self_play_opens_each_seat_with_a_random_decision_so_searching_levels_do_not_repeat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The searching levels play deterministically and ignore the draws: two seeds with the same kick-off
    gave the same match move for move. The judge's self-play draws each seat's first decision at random.
    (Matches of four turns, to stay cheap.)"""
    judge = JUDGES["ultimatek"]
    assert opening_of(judge) == OPENING == 1
    short = replace(find_game("ultimatek"), new=lambda players, options: tek.new_state(cap=4))
    monkeypatch.setattr(calibration, "find_game", lambda game_id: short)
    start = short.new(2, {})

    def kickoff(seed: str) -> object:
        return exact_chance(start, random.Random(f"{seed}:chance"))

    seeds = [f"judge-test:ultimatek:open:{k}" for k in range(20)]
    one = seeds[0]
    other = next(s for s in seeds[1:] if kickoff(s) == kickoff(one))

    def fields(seed: str, opening: int) -> list[tuple[object, ...]]:
        played = play("ultimatek", seed, judge.moment, mix=(("normal", 1),), opening=opening)
        assert played is not None
        return [(s.pieces, s.disc, s.score) for s in played.positions if isinstance(s, tek.State)]

    same = fields(one, 0)
    assert len(same) == 4
    assert same == fields(other, 0)
    assert fields(one, 1) != fields(other, 1)
