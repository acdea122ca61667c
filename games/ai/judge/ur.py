"""The judges of Ur's four rule sets: logistic regressions on a few features per seat, fitted to self-play.

Each rule set's judge weighs, for each seat, features of the position taken before a roll (or, while
Variante 3's pawns are being placed, before the placement): how far the race stands, who is to move and
the pieces exposed to a hit. The chance of seat 0 is ``1 / (1 + exp(−w·(f_0 − f_1)))`` (the softmax of
:func:`games.ai.judge.base.linear_chances` over two seats); the weights ship in ``data/judge/ur-*.json``.

Variante 1's race is measured in the turns each piece has saved, from the exact solo-race tables
(:data:`games.ai.evaluate.LOOP_TURNS`, :data:`games.ai.evaluate.LOOP_MOBILITY`).
"""

from __future__ import annotations

import math
from typing import Final

from games.ai.evaluate import LOOP_MOBILITY, LOOP_TURNS
from games.ai.judge.linear import LinearJudge
from games.base import GameState, Seat
from games.ur import loop, motifs, race, towers


def pre_roll(state: GameState) -> bool:
    """The moment Ur is judged at: a seat is to throw the dice (the turn's first chance step)."""
    return state.is_chance() and getattr(state, "turn", None) is not None


def _to_move(state: GameState, seat: Seat) -> float:
    return 1.0 if getattr(state, "turn", None) == seat else 0.0


# Variante 2: the race.

RACE_NAMES: Final = ("lead", "lead_z", "to_move", "to_move_late", "exposed", "exposed_waiting", "reserve", "centre")


def race_features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """Variante 2, for ``seat``: the pip lead (raw and against the race's spread), the move and its worth
    late in the race, the progress exposed to a hit from behind (when the other seat throws next and
    when ``seat`` does), the pieces still to enter and those on the central rosette."""
    assert isinstance(state, race.State)
    mine, theirs = state.pieces[seat], state.pieces[1 - seat]
    off = race.OFF
    pips_mine = sum(off - p for p in mine)
    pips_theirs = sum(off - p for p in theirs)
    lead = pips_theirs - pips_mine
    spread = math.sqrt(pips_mine + pips_theirs + 4)
    to_move = _to_move(state, seat)
    hunters = [q for q in theirs if 0 < q < off]
    exposed = 0.0
    for p in mine:
        if p in race.SHARED and p not in race.SAFE:
            exposed += sum(1 for q in hunters if 0 < p - q <= 3) * p / off
    return (
        lead / 20,
        lead / spread,
        to_move,
        to_move * 4 / spread,
        exposed * (1 - to_move),
        exposed * to_move,
        mine.count(0) / race.PIECES,
        sum(1 for p in mine if p == 8) * 1.0,
    )


# Variante 1: the loop.

LOOP_NAMES: Final = ("lead", "lead_z", "to_move", "to_move_late", "exposed", "exposed_waiting")
_LOOP_FULL: Final = loop.PIECES * LOOP_TURNS[-1] + LOOP_MOBILITY[0]


def _loop_left(pieces: tuple[int, ...]) -> float:
    """Variante 1: about how many turns a lone player still needs to take every piece off."""
    movable = sum(1 for p in pieces if 0 < p < loop.ARRIVAL)
    return _LOOP_FULL - sum(LOOP_TURNS[p] for p in pieces) - LOOP_MOBILITY[movable]


def loop_features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """Variante 1, for ``seat``: the lead in turns still needed (raw and against the race's spread), the
    move and its worth late in the race, and the turns exposed to a capture on the O squares."""
    assert isinstance(state, loop.State)
    mine, theirs = state.pieces[seat], state.pieces[1 - seat]
    left_mine, left_theirs = _loop_left(mine), _loop_left(theirs)
    lead = left_theirs - left_mine
    spread = math.sqrt(max(0.0, left_mine) + max(0.0, left_theirs) + 1)
    to_move = _to_move(state, seat)
    hunters = [q for q in theirs if 0 < q < loop.TURN_AT]
    exposed = 0.0
    for p in mine:
        if p in loop.CAPTURE_AT:
            exposed += sum(1 for q in hunters if p - q in (1, 4, 5)) * LOOP_TURNS[p]
    return (lead / 10, lead / spread, to_move, to_move * 3 / spread, exposed * (1 - to_move), exposed * to_move)


# Ravensburger: towers and prisoners.

TOWERS_NAMES: Final = ("free", "held", "delivered", "progress", "red", "to_move", "reserve")


def towers_features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """Ravensburger, for ``seat``: its free tokens, the opponent's tokens it holds prisoner or has
    delivered, the progress and red faces of its free tokens, the move, the reserve. (Its own tokens held
    are the other seat's prisoners: the softmax over the seats already weighs them.)"""
    assert isinstance(state, towers.State)
    free = float(state.reserve[seat])
    held = 0.0
    progress = red = 0.0
    positions = towers.POSITIONS[seat]
    for sq, stack in zip(towers.SQUARES, state.board, strict=True):
        if not stack:
            continue
        top = stack[-1]
        if top.owner == seat:
            held += sum(1 for t in stack[:-1] if t.owner != seat)
            pos = positions.get(sq)
            if pos is not None:
                free += 1
                progress += pos / towers.PATH_LENGTH
                red += top.red
    return (
        free / 10,
        held / 10,
        state.removed[1 - seat] / 10,
        progress / 10,
        red / 10,
        _to_move(state, seat),
        state.reserve[seat] / 10,
    )


# Variante 3: motifs.

_MOTIFS_MOVING: Final = ("best", "best_open", "single", "second", "movable", "to_move", "threat", "stuck", "clear")
_MOTIFS_PLACING: Final = ("best", "best_open", "single", "second", "to_move", "placed", "threat", "clear")
MOTIFS_NAMES: Final = tuple(f"{n}_moving" for n in _MOTIFS_MOVING) + tuple(f"{n}_placing" for n in _MOTIFS_PLACING)
"""Variante 3 weighs its features apart while placing and while moving: one set of weights for both made
the chart saw from placement to placement (lag-1 −0.45 on the bench, −0.10 apart)."""


def motifs_moment(state: GameState) -> bool:
    """Variante 3 is judged before each throw and, while placing, before each placement."""
    if pre_roll(state):
        return True
    assert isinstance(state, motifs.State)
    return state.placing and not state.is_chance() and state.turn is not None and state.outcome() is None


def motifs_features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """Variante 3, for ``seat``: its pawns on its best motif (any, among motifs the opponent has not
    closed, and among motifs the opponent has no pawn on), a pawn on a single, its second motif, the move,
    one pawn short of the goal; while moving its pawns free to move and (about to throw) the chance that no
    pawn can use the throw, which loses; while placing the pawns placed. Each phase has its own weights
    (:data:`MOTIFS_NAMES`).

    A motif holding one of the opponent's pawns is open but blocked: the goal then needs all four of its
    other squares, and the opponent can keep the blocker there. The clear motif tells the two apart."""
    assert isinstance(state, motifs.State)
    mine = [sq for sq, _ in state.pawns[seat]]
    theirs = {sq for sq, _ in state.pawns[1 - seat]}
    counts = sorted((sum(sq in group for sq in mine) for group in motifs.GROUPS.values()), reverse=True)
    open_counts = [
        sum(sq in group for sq in mine) for group in motifs.GROUPS.values() if sum(sq in theirs for sq in group) <= 1
    ]
    best_open = min(4, max(open_counts, default=0))
    clear_counts = [
        sum(sq in group for sq in mine) for group in motifs.GROUPS.values() if not any(sq in theirs for sq in group)
    ]
    clear = min(4, max(clear_counts, default=0)) / 4
    single = 1.0 if any(sq in motifs.SINGLES for sq in mine) else 0.0
    singles_open = any(sq not in theirs for sq in motifs.SINGLES)
    short = (4 - best_open) + (0 if single else 1)
    shared = (min(4, counts[0]) / 4, best_open / 4, single, min(4, counts[1]) / 4)
    to_move = _to_move(state, seat)
    threat = 1.0 if short == 1 and (single or singles_open) else 0.0
    if state.placing:
        return (0.0,) * len(_MOTIFS_MOVING) + (*shared, to_move, len(mine) / 5, threat, clear)
    movable = sum(1 for _, face in state.pawns[seat] if face == state.movable[seat])
    moving = (*shared, movable / 5, to_move, threat, _stuck(state, seat), clear)
    return moving + (0.0,) * len(_MOTIFS_PLACING)


def _stuck(state: motifs.State, seat: Seat) -> float:
    """Variante 3: the chance that ``seat``, about to throw, then has no legal move (and so loses)."""
    if state.turn != seat or state.placing or not state.is_chance():
        return 0.0
    return sum(float(p) for r, p in motifs.ROLL_ODDS if not state.can_use(seat, r))


JUDGES: Final = {
    "ur-race": LinearJudge("ur-race", "ur", RACE_NAMES, race_features, pre_roll),
    "ur-loop": LinearJudge("ur-loop", "ur", LOOP_NAMES, loop_features, pre_roll),
    "ur-towers": LinearJudge("ur-towers", "ur", TOWERS_NAMES, towers_features, pre_roll),
    "ur-motifs": LinearJudge("ur-motifs", "ur", MOTIFS_NAMES, motifs_features, motifs_moment),
}
"""Ur's judges by key (the baseline until ``data/judge/<key>.json`` ships)."""
