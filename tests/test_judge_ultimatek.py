"""Ultima-Tek's judge is fitted on its own, cheaper level mix (issue 35): the refit names it."""

from __future__ import annotations

from games.ai.judge import JUDGES
from games.ai.judge.calibration import MIX, self_play
from games.ai.judge.fitting import fit_played, mix_of
from games.ai.judge.linear import LinearJudge
from games.ai.judge.ultimatek import FIT_MIX


def test_ultimatek_is_fitted_on_its_own_mix_and_the_others_on_the_whole_one() -> None:
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    assert mix_of(judge) == FIT_MIX
    assert "strong" not in dict(FIT_MIX)
    assert mix_of(JUDGES["subulata"]) == MIX


def test_a_refit_of_ultimatek_names_its_mix() -> None:
    judge = JUDGES["ultimatek"]
    assert isinstance(judge, LinearJudge)
    played = self_play("ultimatek", 2, 1, judge.moment, "judge-test", mix=(("random", 1),))
    data = fit_played(judge, played, 2, 1)
    assert data["mix"].startswith("levels per seat drawn with weights random 1, easy 3, normal 3;")
    assert len(data["weights"]) == len(judge.names)
