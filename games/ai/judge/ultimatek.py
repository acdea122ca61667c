"""Ultima-Tek's judge: a logistic regression on slow-moving features and the turn's tempo, fitted to self-play.

For each seat it weighs its points (and again weighted by how much of the turn cap is spent: a lead counts
for more as the cap nears; equal scores there draw), how far its pieces stand toward its scoring column,
the disc's advance toward that column when one of its pieces holds it, its receivers waiting in that
column, and the **tempo**: at the start of a turn the side to act has it
whole; each credit that side spends passes a third of it to the other side, and when its actions end
(spent, or ended early) the other side holds it whole, as at the start of its own turn.

Why these, and not the race to the next point (:func:`games.ai.tek.credits_to_score`) that today's judge
and the searches weigh: read at each turn's start, that race swings with the side to act, each side's
turn setting up its own attack and undoing the other's, so a judge weighing it saws (lag-1 −0.6 to −0.7 on
fresh matches, 2026-11-29); the pieces and the disc move slowly from one turn's start to the next.

Why the tempo: inside a turn the slow features give every step forward a gain, and the review values a
position by the mover's best next step, so without a price on the credits a step would be a free gain
and every turn's plan would be charged for what it is not. The credit's price is fitted with the rest: at
a turn's start the tempo is the side to act, so its weight is what holding the turn is worth, and a judge
whose chances do not saw from one turn's start to the next must see about that much gained from the
mover's three credits; passing a third of the tempo per credit prices a credit at two thirds of it, the
mean gain of a credit, and a turn's last credit passes into the next turn's start without a jump.

Why no bonus feature: the searching levels never place a bonus in self-play (``normal`` and ``strong``
0.0 a seat, ``easy`` and ``random`` 2.5), so a weight fitted to the tokens on the field would only say who
the weaker levels were, and charge every bonus a member places as a mistake; a count of one's pieces
blocked by a Stop fitted positive on the first matches for the same reason (only the weaker levels place
Stops, so being blocked meant facing one). Without them, a placement, a discard and the end of the bonus
phase read alike, so the review never charges a bonus decision as such; a face-up Stop still counts
through what it does: a blocked piece holds no disc and receives none.

It is fitted at the start of every turn (before the turn's first decision); a seat's own knowledge is
judged by dealing the tokens it cannot identify again (:func:`games.ai.judge.win_chances_for`), which
changes nothing here but a Stop's block once revealed. A state inside a turn is weighed as it stands
(:attr:`~games.ai.judge.linear.LinearJudge.lookahead` 0: a turn is too wide to search), the tempo saying
how much of the turn is spent.

Not shipped yet (the baseline judges Ultima-Tek): over 42 self-play matches judged by weights fitted to the
others (2026-11-29) these features read Brier 0.1245 against today's 0.1310 and a log-odds scale of 1.01,
but still saw (lag-1 −0.46), and the disc's features carry it: where the disc lies and who holds it are a
turn's transient (their own changes from one turn's start to the next correlate −0.5 to −0.6), and holding
it far forward weighs about as much whether the holder's side or the other acts next, or whether the side
to act can throw it back, so features that see who acts next or what the side to act can reach do not
remove the saw (`bench/bench_judge_tek.py`). Without them the chart does not saw (0.00) but reads
0.1502. The README's judge row has the figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.ai.judge.levels import MIX, Mix
from games.ai.judge.linear import LinearJudge
from games.base import GameState, Seat
from games.ultimatek import state as tek
from games.ultimatek.field import HEXES
from games.ultimatek.model import ACT, CREDITS, GOAL, REVEAL

NAMES: Final = (
    "points",
    "points_late",
    "advance",
    "disc",
    "holds",
    "holds_disc",
    "receivers",
    "tempo",
)
PIECES: Final = 10
"""Pieces a side has on the field."""


def moment(state: GameState) -> bool:
    """Ultima-Tek is judged at the start of every turn, before its first decision."""
    assert isinstance(state, tek.State)
    return not state.is_chance() and state.outcome() is None and state.to_act >= 0 and not state.played


def progress(column: int, seat: Seat) -> float:
    """How far ``column`` lies toward ``seat``'s scoring column: 0 at its own end, 1 at the goal."""
    return abs(column - GOAL[1 - seat]) / abs(GOAL[seat] - GOAL[1 - seat])


def tempo(state: tek.State, seat: Seat) -> float:
    """``seat``'s share of the turn in play (see the module docstring): the side to act holds the share of
    its credits left, the other side the rest; once the side to act is past its actions, the other holds
    it whole. Before the kick-off, nobody."""
    acting = state.to_act
    if acting < 0:
        return 0.0
    if state.phase in (REVEAL, ACT):
        share = state.credits / CREDITS
        return share if seat == acting else 1.0 - share
    return 0.0 if seat == acting else 1.0


def features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """The features of ``seat`` (see the module docstring)."""
    assert isinstance(state, tek.State)
    own = [p for p in state.pieces if p.side == seat]
    advance = sum(progress(HEXES[p.hex].column, seat) for p in own) / PIECES
    disc = holds = 0.0
    if state.disc >= 0:
        disc = progress(HEXES[state.disc].column, seat)
        mine, rival = state.piece(seat, state.disc), state.piece(1 - seat, state.disc)
        if mine is not None and not mine.blocked and (rival is None or rival.power <= mine.strength):
            holds = 1.0
    receivers = sum(1 for p in own if not p.blocked and HEXES[p.hex].column == GOAL[seat])
    spent = min(1.0, state.turns / state.cap) if state.cap else 0.0
    points = float(state.score[seat])
    return (
        points,
        points * spent,
        advance,
        disc,
        holds,
        holds * disc,
        min(2, receivers) / 2,
        tempo(state, seat),
    )


FIT_MIX: Final[Mix] = (("random", 1), ("easy", 3), ("normal", 3))
"""The levels Ultima-Tek's judge is fitted on: the judge's usual mix without ``strong`` (its beam at every
decision made a match cost 10–30 s of CPU, a refit of 300 matches about 1.5 CPU-hours); ``normal`` still
plans whole turns (a beam of 2 at the self-play's fixed budget), so points are scored and races run."""


OPENING: Final = 1
"""Each seat's first decision in the judge's self-play (fit, map and bench) is drawn at random. The
searching levels play deterministically and never place a bonus, so the draws do not move them: two
matches between ``normal`` and ``strong`` with the same kick-off were the same match, move for move
(2026-11-29), and about a third of the self-play (the searching levels' pairs) held only eight matches."""


@dataclass(frozen=True, slots=True)
class TekJudge(LinearJudge):
    """A :class:`LinearJudge` whose weights are fitted on its own, cheaper level mix (:data:`FIT_MIX`) and
    its last map on the whole mix the bench reads its chances against (weights fitted without the strong
    level read the bench's matches as more decided than they were: a log-odds scale of 0.72), and whose
    self-play opens each seat's play with a random decision (:data:`OPENING`)."""

    mix: Mix = FIT_MIX
    calibration_mix: Mix = MIX
    opening: int = OPENING


JUDGE: Final = TekJudge("ultimatek", "ultimatek", NAMES, features, moment, lookahead=0)
"""Ultima-Tek's judge (the baseline until ``data/judge/ultimatek.json`` ships)."""
