"""Ultima-Tek's judge: a logistic regression on the score and the race to the next point, fitted to self-play.

For each seat it weighs its points, how close it is to scoring in action credits
(:func:`games.ai.tek.credits_to_score`, net of the credits it spends next: what the side to act has left,
a fresh turn's for the other side), whether the side to act can score now, the lie of the field as the
``easy`` level judges it (:data:`games.ai.evaluate.EASY_EVALUATE`: points, the disc, the receivers; not
the race, which the features above weigh and which swings with the side to act), the turn, and the
points and the field again weighted by how much of the turn cap is spent (a lead counts for more as the
cap nears; equal scores there draw).

It is fitted at the start of every turn (before the turn's first decision) from the full state, bonuses
included; a seat's own knowledge is judged by dealing the tokens it cannot identify again
(:func:`games.ai.judge.win_chances_for`). A turn is a series of decisions too wide to search, so a state
inside a turn is weighed as it stands: the credits left enter the race features.

Not shipped yet (the baseline judges Ultima-Tek). What a fit must reconcile, from 51 fit matches and 20
held-out ones (2026-11-29): the race read at each turn's start swings, each side's turn setting up its own
attack and undoing the other's, so a judge weighing it saws (lag-1 −0.3 to −0.4 on held-out folds);
slow-moving features (the pieces' and the disc's advance toward the goal) do not (−0.17), but inside a
turn they give a free gain to every step forward, so the review, which values a position by the mover's
best next step, charges the steps a turn's plan takes for what they are not (its bound on the accounts
broke on a random-play match); and a count of bonus tokens on the field, which the fit weighs negatively
because the searching levels never place one in self-play (``normal`` 0.0 a seat, ``easy`` and
``random`` 2.5), charges every bonus placed as a mistake.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from games.ai.evaluate import EASY_EVALUATE
from games.ai.judge.levels import MIX, Mix
from games.ai.judge.linear import LinearJudge
from games.ai.tek import credits_to_score
from games.base import GameState, Seat
from games.ultimatek import state as tek
from games.ultimatek.model import ACT, CREDITS, REVEAL

NAMES: Final = (
    "blue",
    "to_act",
    "points",
    "near",
    "now",
    "evaluation",
    "points_late",
    "evaluation_late",
)


def moment(state: GameState) -> bool:
    """Ultima-Tek is judged at the start of every turn, before its first decision."""
    assert isinstance(state, tek.State)
    return not state.is_chance() and state.outcome() is None and state.to_act >= 0 and not state.played


def features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """The features of ``seat`` (see the module docstring)."""
    assert isinstance(state, tek.State)
    acting = state.to_act == seat
    # The credits this seat spends next: what is left of its turn, or a fresh turn's for the other seat.
    left = state.credits if state.phase in (REVEAL, ACT) else 0
    credits = left if acting else CREDITS
    need = max(0, credits_to_score(state, seat) - credits)
    spent = min(1.0, state.turns / state.cap) if state.cap else 0.0
    points = float(state.score[seat])
    evaluation = EASY_EVALUATE["ultimatek"](state, seat)
    return (
        1.0 if seat == 0 else 0.0,
        1.0 if acting else 0.0,
        points,
        math.exp(-need / 3),
        1.0 if acting and need == 0 else 0.0,
        evaluation,
        points * spent,
        evaluation * spent,
    )


FIT_MIX: Final[Mix] = (("random", 1), ("easy", 3), ("normal", 3))
"""The levels Ultima-Tek's judge is fitted on: the judge's usual mix without ``strong`` (its beam at every
decision made a match cost 10–30 s of CPU, a refit of 300 matches about 1.5 CPU-hours); ``normal`` still
plans whole turns (a beam of 2 at the self-play's fixed budget), so points are scored and races run."""


@dataclass(frozen=True, slots=True)
class TekJudge(LinearJudge):
    """A :class:`LinearJudge` whose weights are fitted on its own, cheaper level mix (:data:`FIT_MIX`) and
    its last map on the whole mix the bench reads its chances against (weights fitted without the strong
    level read the bench's matches as more decided than they were: a log-odds scale of 0.72)."""

    mix: Mix = FIT_MIX
    calibration_mix: Mix = MIX


JUDGE: Final = TekJudge("ultimatek", "ultimatek", NAMES, features, moment, lookahead=0)
"""Ultima-Tek's judge (the baseline until ``data/judge/ultimatek.json`` ships)."""
