"""Ultima-Tek's judge (issue 35): fitted on its own, cheaper level mix, its last map on the bench's whole mix,
and read at one moment of every turn (before the turn's first decision), as the bench and the fit take it."""

from __future__ import annotations

import random

import pytest

from games.ai import make_agent
from games.ai.judge import JUDGES
from games.ai.judge import params as judge_params
from games.ai.judge.calibration import play, self_play
from games.ai.judge.fitting import calibration_mix_of, fit_played, mix_of
from games.ai.judge.levels import MIX
from games.ai.judge.linear import LinearJudge
from games.ai.judge.ultimatek import FIT_MIX
from games.ultimatek import state as tek
from games.ultimatek.model import CREDITS


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
