"""Ultima-Tek's judge: a logistic regression on the score and the slow-moving lie of the field, fitted to self-play.

For each seat it weighs its points, how far its unblocked pieces stand toward the column it scores in
(their mean), how far the disc lies toward that column, the bonus tokens on its unblocked pieces, whether
it is the side to act, and its points again weighted by how much of the turn cap is spent (a lead counts
for more as the cap nears; equal scores there draw). Everything it weighs is public (a token counts
whether its kind is seen or not), so every seat's view judges alike.

It is read at the start of every turn, before the turn's first decision; a state inside a turn is weighed
as it stands (a turn is a series of decisions too wide to search).

Why not the race to the next point: each side's turn sets up its own attack and undoes the other's, so
the credits each side needs to score (:func:`games.ai.tek.credits_to_score`) swing from one turn's start
to the next and are half taken back a turn later. Weighed by a judge, they made its chart saw (lag-1 of
its changes −0.65 on 100 bench matches, the heuristic's −0.69; −0.30 to −0.39 for a fit weighing the race
with the credits left, on held-out folds of the fit's matches). Where the pieces and the disc stand and
what bonuses lie on the field move slowly, and told as much (lag-1 −0.17, Brier 0.115 against the
heuristic's 0.136 on the same folds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.ai.judge.levels import MIX, Mix
from games.ai.judge.linear import LinearJudge
from games.base import GameState, Seat
from games.ultimatek import state as tek
from games.ultimatek.field import HEXES, LETTERS
from games.ultimatek.model import FIELD_LIMIT

NAMES: Final = ("blue", "to_act", "points", "advance", "disc", "bonuses", "points_late")
LAST_COLUMN: Final = len(LETTERS) - 1


def moment(state: GameState) -> bool:
    """Ultima-Tek is judged at the start of every turn, before its first decision."""
    assert isinstance(state, tek.State)
    return not state.is_chance() and state.outcome() is None and state.to_act >= 0 and not state.played


def toward_goal(hex: int, seat: Seat) -> float:
    """How far ``hex`` lies toward the column ``seat`` scores in: 0 in its own end zone, 1 in the other."""
    column = HEXES[hex].column
    return (column if seat == 0 else LAST_COLUMN - column) / LAST_COLUMN


def features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """The features of ``seat`` (see the module docstring)."""
    assert isinstance(state, tek.State)
    active = [p for p in state.pieces if p.side == seat and not p.blocked]
    advance = sum(toward_goal(p.hex, seat) for p in active) / len(active) if active else 0.0
    disc = toward_goal(state.disc, seat) if state.disc >= 0 else 0.5
    tokens = sum(1 for p in active if p.bonus) / FIELD_LIMIT
    spent = min(1.0, state.turns / state.cap) if state.cap else 0.0
    points = float(state.score[seat])
    acting = 1.0 if state.to_act == seat else 0.0
    return (1.0 if seat == 0 else 0.0, acting, points, advance, disc, tokens, points * spent)


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
