"""Variante 3's search leaves, wary of the round a player cannot finish.

In Variante 3 a player whose throw no pawn may use loses on the spot, and the face rule makes that likely
late in a round: each move turns a pawn, and a turned pawn waits until all five show one face again, so
after four moves one pawn alone may move. Against random play the strong AI lost about one match in six
at a fixed depth, nine losses in ten that way: its search, one to three decisions deep, judged the leaves
by the fitted judge, which weighs the risk of the very next throw only, for the seat about to make it.

:func:`wary` wraps a leaf evaluation with each seat's :func:`round_survival`: the chance that it uses every
throw left in its round, the board held as it stands and its pawns moved in the best order. A pawn boxed
in (no throw can move it) makes the round fail, since it would be the last to move; a pawn with one exit
makes it likely to fail. Pure, and cached on the pawns, so it costs the search little.

The placement is not judged this way. Most first-round losses left are a pawn the baseline placed in a
corner (A1, A7 and A8 first), but the board does not hold: each of the opponent's pawns moves once a
round, so a pawn boxed at the placement is freed as the round goes on. Counting the pawns placed so far as
free to move lost more at depth 1 (its own pawns: 7 of the first 60 seeds against 4), and crediting the
opponent's boxed pawns too let the scripted motif-first player place its whole goal (10 matches of 10).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from games.base import GameState, Seat
from games.ur import motifs

Evaluate = Callable[[GameState, Seat], float]
Pawns = tuple[tuple[motifs.Pawn, ...], tuple[motifs.Pawn, ...]]


def round_survival(state: motifs.State, seat: Seat) -> float:
    """The chance that ``seat`` uses every throw left in its round (one per pawn the face rule still lets
    move), the board held as it stands and the pawns moved in the best order; 1 while placing."""
    if state.placing:
        return 1.0
    return _round(state.pawns, state.eligible(seat), seat)


@lru_cache(maxsize=65_536)
def _round(pawns: Pawns, free: tuple[str, ...], seat: Seat) -> float:
    board = motifs.State(pawns, (motifs.RED, motifs.RED), seat, None)
    usable = [frozenset(roll for roll in motifs.ROLLS if board.reaches(seat, square, roll)) for square in free]
    return _survive(tuple(sorted(usable, key=sorted)))


@lru_cache(maxsize=4_096)
def _survive(usable: tuple[frozenset[int], ...]) -> float:
    """The chance of using one throw per pawn, each pawn able to use the throws of its set, choosing after
    each throw which pawn uses it (the best for the throws still to come)."""
    if not usable:
        return 1.0
    total = 0.0
    for roll, p in motifs.ROLL_ODDS:
        best = max(
            (_survive(usable[:k] + usable[k + 1 :]) for k, rolls in enumerate(usable) if roll in rolls), default=0.0
        )
        total += float(p) * best
    return total


def wary(evaluate: Evaluate) -> Evaluate:
    """``evaluate`` (``2·chance − 1`` for the seat) with each seat's :func:`round_survival`: a seat whose
    round fails loses, and when both may fail the two are even; while placing, or once over, ``evaluate``."""

    def value(state: GameState, seat: Seat) -> float:
        base = evaluate(state, seat)
        if not isinstance(state, motifs.State) or state.placing or state.outcome() is not None:
            return base
        chance = (base + 1.0) / 2.0
        mine, theirs = round_survival(state, seat), round_survival(state, 1 - seat)
        chance = mine * theirs * chance + mine * (1.0 - theirs) + (1.0 - mine) * (1.0 - theirs) * 0.5
        return 2.0 * chance - 1.0

    return value
