"""The ``normal`` / ``strong`` search for Ur's Variante 1: expectiminimax on a compact copy of the rules.

The engine's :class:`games.ur.loop.State` is built for the bot (notation, caching, errors), which makes it
slow to search. Here a position is two sorted tuples of path positions, the side to throw first, and
the rules of :mod:`games.ur.loop` are restated as lookup tables (``tests/games/test_ai_ur_loop.py`` checks the
moves against the engine's on random games). A search three throws deep then takes about 13 ms, five
about 0.7 s, with a transposition table shared by the iterations of one decision.

Search, from the point of view of the side about to throw (negamax with chance nodes): each throw is
0 (3/8), 1 (3/8), 4 (1/8) or 5 (1/8); after a 4 or 5 the same side throws again. A 4 or 5 that no piece
can use only throws again, so those outcomes are dropped and the rest renormalised, exactly.

Evaluation (:func:`evaluate`): the race, in turns each side has saved (:data:`LOOP_TURNS`,
:data:`LOOP_MOBILITY`, fitted to the exact solo race), plus the contact the solo race ignores: blue
pieces on the capture squares B5-B7 within a throw of an opposing blue piece behind them, and a tempo
for the side to throw; the difference is turned into a chance of winning (a logistic curve whose width
shrinks with the turns both sides still need).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.ai.evaluate import LOOP_MOBILITY, LOOP_TURNS
from games.base import Seat
from games.ur import loop

Side = tuple[int, ...]
"""One side's seven path positions, sorted (0 = reserve, 21 = off)."""

ARRIVAL: Final = loop.ARRIVAL
OFF: Final = loop.OFF
PIECES: Final = loop.PIECES
THROWS: Final = ((0, 0.375), (1, 0.375), (4, 0.125), (5, 0.125))
"""Each throw's points and probability."""

FULL: Final = PIECES * LOOP_TURNS[OFF]
"""The turns a side needs from the start, by the tables (all pieces off saves this many)."""


def _square(seat: Seat, pos: int) -> str | None:
    return loop.square_of(seat, pos) if 0 < pos < OFF else None


_SAFE: Final = frozenset(loop.SAFE)
_OWN_SAME: Final = tuple(
    tuple(q for q in range(1, OFF) if _square(0, q) == _square(0, p)) if 0 < p < OFF and p not in _SAFE else ()
    for p in range(OFF + 1)
)
"""For a landing position: the positions of the mover's own path on the same square (B5 is 6 and 16)."""
_OPP_SAME: Final = tuple(
    tuple(q for q in range(1, OFF) if _square(1, q) == _square(0, p)) if 0 < p < OFF and p not in _SAFE else ()
    for p in range(OFF + 1)
)
"""For a landing position: the opponent's path positions on the same square. The two paths mirror each
other, so this holds whichever seat moves."""
_CAPTURE_AT: Final = frozenset(loop.CAPTURE_AT)
_DEST: Final = tuple(tuple(loop.destination(p, r) for r in range(6)) for p in range(OFF + 1))

assert all(
    _OPP_SAME[p] == tuple(q for q in range(1, OFF) if _square(0, q) == _square(1, p))
    for p in range(1, OFF)
    if p not in _SAFE
)


def moves(mine: Side, theirs: Side, roll: int) -> list[tuple[int, int]]:
    """The legal (from, to) moves of the side owning ``mine`` with ``roll``, in the engine's order."""
    found: list[tuple[int, int]] = []
    last = -1
    for p in mine:
        if p == last:
            continue
        last = p
        to = _DEST[p][roll]
        if to is None:
            continue
        if to in _SAFE or to == OFF:
            found.append((p, to))
            continue
        if any(q in mine for q in _OWN_SAME[to]):
            continue
        hit = [q for q in _OPP_SAME[to] if q in theirs]
        if hit and not (to in _CAPTURE_AT and hit == [to]):
            continue
        found.append((p, to))
    return found


def play(mine: Side, theirs: Side, frm: int, to: int) -> tuple[Side, Side]:
    """Both sides after the move ``frm`` -> ``to`` of ``mine`` (a capture sends the piece to the reserve)."""
    own = list(mine)
    own[own.index(frm)] = to
    if to in _CAPTURE_AT and to in theirs:
        other = list(theirs)
        other[other.index(to)] = 0
        theirs = tuple(sorted(other))
    return tuple(sorted(own)), theirs


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's weights (see :func:`evaluate`): a logistic regression of the winner on 130,000
    positions of self-play one throw deep gave tempo 0.51, exposure 2.4 and spread 2.4; duels against
    ``random`` could not tell 1.0 to 2.4 apart for the exposure (without it: 4 points fewer wins)."""

    tempo: float = 0.5
    """What having the throw is worth, in turns."""
    exposed: float = 2.0
    """Times the turns a hit would cost, for each blue piece on B5-B7 that an opposing blue piece behind
    it could hit with one throw, times that throw's chance."""
    spread: float = 2.4
    """Width of the logistic curve, in turns per square root of the turns both sides still need."""


WEIGHTS: Final = Weights()

_HIT_CHANCE: Final = {1: 0.375, 4: 0.125, 5: 0.125}


def _saved(side: Side) -> float:
    movable = 0
    total = 0.0
    for p in side:
        total += LOOP_TURNS[p]
        if 0 < p < ARRIVAL:
            movable += 1
    return total + LOOP_MOBILITY[movable]


def _exposure(side: Side, hunters: Side) -> float:
    """Expected turns ``side`` loses to a hit by ``hunters`` on their next throw (blue on blue, B5-B7)."""
    loss = 0.0
    for p in side:
        if p in _CAPTURE_AT:
            chance = 0.0
            for r, pr in _HIT_CHANCE.items():
                if p - r in hunters and p - r > 0:
                    chance += pr
            # The piece's own turns, less part of the mobility it brings (another piece usually has it).
            loss += min(chance, 0.75) * (LOOP_TURNS[p] - LOOP_MOBILITY[1] * 0.5)
    return loss


def race_margin(mine: Side, theirs: Side, weights: Weights = WEIGHTS) -> float:
    """Turns ahead for the side to throw (``mine``), contact and tempo included."""
    margin = _saved(mine) - _saved(theirs) + weights.tempo
    if weights.exposed:
        margin += weights.exposed * (_exposure(theirs, mine) - _exposure(mine, theirs))
    return margin


def evaluate(mine: Side, theirs: Side, weights: Weights = WEIGHTS) -> float:
    """The side to throw's chances, in (-1, 1): the race margin on a logistic curve."""
    if mine[0] == OFF:
        return 1.0
    if theirs[0] == OFF:
        return -1.0
    left = 2 * FULL - _saved(mine) - _saved(theirs)
    x = race_margin(mine, theirs, weights) / (weights.spread * math.sqrt(max(left, 1.0)))
    return math.tanh(x)


class _OutOfTime(Exception):
    pass


def throws(mine: Side, theirs: Side) -> tuple[list[tuple[int, float, list[tuple[int, int]]]], float, float]:
    """The throws of the side owning ``mine`` that some piece can use (points, chance, moves), the chance
    of a 4 or 5 none can use (the side just throws again: the search renormalises it away) and the
    chance of a throw that passes the turn (a 0, or a 1 none can use)."""
    usable = []
    stay = 0.0
    passed = 0.0
    for roll, chance in THROWS:
        options = moves(mine, theirs, roll) if roll else []
        if not options:
            if roll >= 4:
                stay += chance
            else:
                passed += chance
            continue
        usable.append((roll, chance, options))
    return usable, stay, passed


class Searcher:
    """Expectiminimax to a number of throws, with a transposition table kept across iterations."""

    def __init__(self, weights: Weights = WEIGHTS, deadline: float | None = None) -> None:
        self.weights = weights
        self.deadline = deadline
        self.table: dict[tuple[Side, Side], tuple[int, float]] = {}
        self.nodes = 0

    def throw_value(self, mine: Side, theirs: Side, depth: int) -> float:
        """The value for the side owning ``mine``, about to throw, searched ``depth`` throws deep."""
        if depth <= 0:
            return evaluate(mine, theirs, self.weights)
        key = (mine, theirs)
        known = self.table.get(key)
        if known is not None and known[0] >= depth:
            return known[1]
        self.nodes += 1
        if self.deadline is not None and self.nodes % 64 == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        total = 0.0
        usable, stay, passed = throws(mine, theirs)
        for roll, chance, options in usable:
            total += chance * self._best(mine, theirs, roll, options, depth - 1)[1]
        if passed:
            total -= passed * self.throw_value(theirs, mine, depth - 1)
        result = total / (1.0 - stay)
        self.table[key] = (depth, result)
        return result

    def _best(
        self, mine: Side, theirs: Side, roll: int, options: Sequence[tuple[int, int]], depth: int
    ) -> tuple[int, float]:
        """The index and value of the best of ``options`` for the side to move with ``roll``."""
        best, best_value = 0, -2.0
        for i, (frm, to) in enumerate(options):
            value = self.after_move(mine, theirs, roll, frm, to, depth)
            if value > best_value:
                best, best_value = i, value
        return best, best_value

    def after_move(self, mine: Side, theirs: Side, roll: int, frm: int, to: int, depth: int) -> float:
        """The mover's value after playing ``frm`` -> ``to`` with ``roll``, ``depth`` throws searched after."""
        own, other = play(mine, theirs, frm, to)
        if own[0] == OFF:
            return 1.0 + 0.01 * depth
        if roll >= 4:
            return self.throw_value(own, other, depth)
        return -self.throw_value(other, own, depth)


def choose(
    mine: Side,
    theirs: Side,
    roll: int,
    options: Sequence[tuple[int, int]],
    *,
    max_depth: int,
    seconds: float | None,
    weights: Weights = WEIGHTS,
) -> int:
    """The index in ``options`` of the move to play, by iterative deepening up to ``max_depth`` throws
    after the move, within ``seconds`` (None: no clock)."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    searcher = Searcher(weights, deadline)
    best = searcher._best(mine, theirs, roll, options, 0)[0]
    for depth in range(1, max_depth + 1):
        try:
            best = searcher._best(mine, theirs, roll, options, depth)[0]
        except _OutOfTime:
            break
    return best


def choose_move(
    state: loop.State, seat: Seat, legal: Sequence[loop.Move], *, max_depth: int, seconds: float | None
) -> loop.Move:
    """:func:`choose` for an engine state: ``seat`` is to play ``state.roll``."""
    assert state.roll is not None
    options = [(m.frm, m.to) for m in legal]
    index = choose(
        state.pieces[seat], state.pieces[1 - seat], state.roll, options, max_depth=max_depth, seconds=seconds
    )
    return legal[index]
