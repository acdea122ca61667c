"""Variante 3's placement race: a goal formed while placing that the other side can no longer stop.

A side can complete its goal at its fifth placement only while every pawn it has placed stands on one
motif's squares or on one single square. The other side stops it by holding two squares of that motif
(only three would be left for four pawns) or every free single square. Both place in turn, so counting
placements tells whether the blocks come in time: the side to place gets its ``k``-th placement before
the other's ``k``-th. A goal that comes before any the other side could complete, and that no block
reaches in time, is won.

The strong level's placement search judged its leaves by how many pawns each side had on its best live
motif, which says nothing of whose goal comes first: against the scripted "place on one motif first"
player it built its own motif while the other completed four rosettes two placements ahead (5 of its 7
losses in 30 matches at depth 1). Seen at the leaves, a block that must begin now is found one placement
deep. :func:`racing` wraps a leaf evaluation with it.
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import GameState, Seat
from games.ur import motifs

Evaluate = Callable[[GameState, Seat], float]
WON = 0.999
"""A race's value for its winner (a finished match counts at least 1, so one won outright still ranks first)."""
_BLOCKS: int = 2
"""The other side's pawns on a motif that leave too few of its five squares for four."""


def _goal_plies(state: motifs.State, seat: Seat) -> tuple[int | None, bool]:
    """How many placements from now (both sides counted) ``seat``'s goal at the placement would come at the
    soonest, and whether no block by the other side can come in time; (None, False) when it cannot come."""
    own = [square for square, _ in state.pawns[seat]]
    theirs = {square for square, _ in state.pawns[1 - seat]}
    singles = sum(square in motifs.SINGLES for square in own)
    if singles > 1 or len(own) >= motifs.PAWNS:
        return None, False
    first = state.turn == seat
    their_left = motifs.PAWNS - len(theirs)
    best: tuple[int | None, bool] = (None, False)
    for group in motifs.GROUPS.values():
        on = sum(square in group for square in own)
        if on + singles != len(own):
            continue
        blocked = sum(square in group for square in theirs)
        if blocked >= _BLOCKS:
            continue
        on_motif, single = motifs.PAWNS - 1 - on, 1 - singles
        placements = on_motif + single
        plies = 2 * placements - 1 if first else 2 * placements
        # The other side's placements before this seat's last on the motif, and before its very last.
        before_motif = on_motif - 1 if first else on_motif
        before_last = placements - 1 if first else placements
        free_singles = sum(square not in theirs and square not in own for square in motifs.SINGLES)
        motif_blocked = _BLOCKS - blocked <= min(before_motif, their_left)
        singles_blocked = single == 1 and free_singles <= min(before_last, their_left)
        sure = not motif_blocked and not singles_blocked
        if best[0] is None or plies < best[0] or (plies == best[0] and sure):
            best = (plies, sure)
    return best


def placement_winner(state: motifs.State) -> Seat | None:
    """The seat whose goal at the placement comes first and can no longer be stopped, or None."""
    if not state.placing or state.turn is None or state.outcome() is not None:
        return None
    found = [_goal_plies(state, seat) for seat in (0, 1)]
    for seat in (0, 1):
        plies, sure = found[seat]
        rival = found[1 - seat][0]
        if plies is not None and sure and (rival is None or rival > plies):
            return seat
    return None


def racing(evaluate: Evaluate) -> Evaluate:
    """``evaluate`` while placing, but :data:`WON` (or its opposite) where :func:`placement_winner` names a seat."""

    def value(state: GameState, seat: Seat) -> float:
        if isinstance(state, motifs.State):
            winner = placement_winner(state)
            if winner is not None:
                return WON if winner == seat else -WON
        return evaluate(state, seat)

    return value
