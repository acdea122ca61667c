"""Variante 3's search leaves, wary of the round a player cannot finish.

In Variante 3 a player whose throw no pawn may use loses on the spot, and the face rule makes that likely
late in a round: each move turns a pawn, and a turned pawn waits until all five show one face again, so
after four moves one pawn alone may move. Against random play the strong AI lost about one match in six
at a fixed depth, nine losses in ten that way: its search, one to three decisions deep, judged the leaves
by the fitted judge, which weighs the risk of the very next throw only, for the seat about to make it.

:func:`wary` wraps a leaf evaluation with each seat's :func:`round_survival`: the chance that it uses every
throw left in its round, its pawns moved in the best order. A pawn boxed in (no throw can move it) makes
the round fail, since it would be the last to move; a pawn with one exit makes it likely to fail. Pure,
and cached on the pawns, so it costs the search little.

The board does not hold still meanwhile: each of the other side's pawns that the face rule still lets
move this round will move once before the round is out, so a walk that only those pawns block opens as
the round goes (by the seat's ``k``-th move about ``k`` of them have left). Holding the board as it
stood read a pawn boxed by two pawns about to leave as a lost round, and a side whose pawns the seat's
own moves were about to free as already lost; letting them move took the losses to random at depth 1
from 20 to 11 of 200 seeds (``bench/bench_ai.py --games 200 --seed 7 --iterations 2``).

The placement is judged the same way once the seat's five pawns stand (:func:`first_round`, through
:func:`placing`): the baseline placed its first pawns in corners (A1, A7 and A8), and a last pawn that
shuts one of them in is a round likely lost. Only the seat's own round counts there: crediting the
other side's boxed pawns too let the scripted motif-first player place its whole goal (10 matches of 10),
and counting the pawns placed so far as free to move before all five stand lost more (7 of the first 60
seeds against 4).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from games.base import GameState, Seat
from games.ur import motifs

Evaluate = Callable[[GameState, Seat], float]
Pawns = tuple[tuple[motifs.Pawn, ...], tuple[motifs.Pawn, ...]]
Usable = tuple[tuple[int, int], ...]
"""Per pawn: the throws it can use with the board as it stands, and once the other side's movers left, each set of
throws as a bit mask (bit ``roll``): an entry of :func:`_survive`'s cache weighs a fifth of what sets of throws did
(16,384 of them held 26 MB as sets of throws, 5 MB as masks)."""


def round_survival(state: motifs.State, seat: Seat) -> float:
    """The chance that ``seat`` uses every throw left in its round (one per pawn the face rule still lets
    move), its pawns moved in the best order and the other side's pawns that may still move this round
    leaving their squares as it goes (the seat to act moves first); 1 while placing."""
    if state.placing:
        return 1.0
    movers = state.eligible(1 - seat)
    ahead = 0 if state.turn == seat else 1
    return _round(state.pawns, state.eligible(seat), movers, seat, ahead)


def held_survival(state: motifs.State, seat: Seat) -> float:
    """:func:`round_survival` with the board held as it stands (no pawn of the other side moves); 1 while
    placing. A lower bound: what the leaves counted before the other side's pawns were let move."""
    if state.placing:
        return 1.0
    return _round(state.pawns, state.eligible(seat), (), seat, 0)


def first_round(state: motifs.State, seat: Seat) -> float:
    """The chance that ``seat``, its five pawns placed, uses every throw of its first round while the other
    side's pawns (all free to move in the first round) leave their squares; 1 before its five stand."""
    own = state.pawns[seat]
    if len(own) < motifs.PAWNS:
        return 1.0
    theirs = tuple(square for square, _ in state.pawns[1 - seat])
    # The seat that placed first moves first; a side still placing is the second.
    ahead = 0 if state.turn == seat or len(theirs) < motifs.PAWNS else 1
    return _round(state.pawns, tuple(square for square, _ in own), theirs, seat, ahead)


@lru_cache(maxsize=65_536)
def _round(pawns: Pawns, free: tuple[str, ...], movers: tuple[str, ...], seat: Seat, ahead: int) -> float:
    board = motifs.State(pawns, (motifs.RED, motifs.RED), seat, None)
    kept = tuple(pawn for pawn in pawns[1 - seat] if pawn[0] not in movers)
    opened = motifs.State(((pawns[0], kept) if seat == 0 else (kept, pawns[1])), (motifs.RED, motifs.RED), seat, None)
    usable = [
        (
            frozenset(roll for roll in motifs.ROLLS if board.reaches(seat, square, roll)),
            frozenset(roll for roll in motifs.ROLLS if opened.reaches(seat, square, roll)),
        )
        for square in free
    ]
    ordered = sorted(usable, key=lambda u: (sorted(u[0]), sorted(u[1])))
    return _survive(tuple((_mask(now), _mask(later)) for now, later in ordered), ahead, len(movers))


def _mask(rolls: frozenset[int]) -> int:
    return sum(1 << roll for roll in rolls)


@lru_cache(maxsize=16_384)
def _survive(usable: Usable, moved: int, movers: int) -> float:
    """The chance of using one throw per pawn, choosing after each throw which pawn uses it (the best for
    the throws still to come): a pawn uses the throws of its first set, and those of its second once the
    other side's pawns in the way have left (each of the ``movers`` gone with chance ``moved / movers``)."""
    if not usable:
        return 1.0
    freed = min(1.0, moved / movers) if movers else 0.0
    total = 0.0
    for roll, p in motifs.ROLL_ODDS:
        best = 0.0
        for k, (now, later) in enumerate(usable):
            fits = 1.0 if now >> roll & 1 else freed if later >> roll & 1 else 0.0
            if fits > 0.0:
                best = max(best, fits * _survive(usable[:k] + usable[k + 1 :], moved + 1, movers))
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


def placing(evaluate: Evaluate) -> Evaluate:
    """``evaluate`` for a placement's search: times the seat's :func:`first_round` once its five pawns stand,
    and past the first move (a search deep enough to reach it) times its :func:`round_survival`, since a
    round it cannot finish loses. The other side's round is not credited."""

    def value(state: GameState, seat: Seat) -> float:
        base = evaluate(state, seat)
        if not isinstance(state, motifs.State) or state.outcome() is not None:
            return base
        survival = first_round(state, seat) if _unmoved(state) else round_survival(state, seat)
        return 2.0 * survival * (base + 1.0) / 2.0 - 1.0

    return value


def _unmoved(state: motifs.State) -> bool:
    """Whether no pawn has moved yet (every pawn on the board red face up: the first round to come)."""
    return all(face == motifs.RED for own in state.pawns for _, face in own)
