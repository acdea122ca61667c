"""Ultima-Tek's judge: a logistic regression on the score and the race to the next point, fitted by TD(0).

For each seat it weighs its points, how far it is from scoring in action credits
(:func:`games.ai.tek.credits_to_score`, net of the credits it spends next: what the side to act has left,
a fresh turn's for the other side; linear, up to :data:`FAR`), whether it is the side to act, and its
points again weighted by how much of the turn cap is spent (a lead counts for more as the cap nears;
equal scores there draw).

It is read at the start of every turn (before the turn's first decision) from the full state, bonuses
included; a seat's own knowledge is judged by dealing the tokens it cannot identify again
(:func:`games.ai.judge.win_chances_for`). A turn is a series of decisions too wide to search, so a state
inside a turn is weighed as it stands: the credits left enter the race.

Each side's turn sets up its own attack and undoes the other's, so the race read at one turn's start is
half taken back at the next. Fitted to results alone, the judge promised at each turn what the next took
back (lag-1 of the chart's changes −0.65 over 100 bench matches); it is fitted to its own next chances
instead (:func:`games.ai.judge.fitting.fit_td`), which weighs only the part of the race that lasts. The
features the earlier fit weighed as well (the ``easy`` level's view of the field, the chance to score at
once, the race as ``exp(−need / 3)``) swung the same way and added nothing on held-out matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.ai.judge.levels import MIX, Mix
from games.ai.judge.linear import LinearJudge
from games.ai.tek import credits_to_score
from games.base import GameState, Seat
from games.ultimatek import state as tek
from games.ultimatek.model import ACT, CREDITS, REVEAL

NAMES: Final = ("blue", "to_act", "points", "need", "points_late")
FAR: Final = 12
"""Credits past which a side counts as far from a point (a reset field is about 12 from either goal)."""


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
    need = min(FAR, max(0, credits_to_score(state, seat) - credits))
    spent = min(1.0, state.turns / state.cap) if state.cap else 0.0
    points = float(state.score[seat])
    return (1.0 if seat == 0 else 0.0, 1.0 if acting else 0.0, points, need / FAR, points * spent)


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


JUDGE: Final = TekJudge("ultimatek", "ultimatek", NAMES, features, moment, lookahead=0, td=0.0)
"""Ultima-Tek's judge (the baseline until ``data/judge/ultimatek.json`` ships)."""
