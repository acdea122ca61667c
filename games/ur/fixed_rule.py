"""The rated autopilot's fixed rule for Ur: which of several equally good moves it plays for a member.

In a rated match or an event's game, "ask me only when it matters" (issue 36) plays only when every legal move is
within a point of winning chance of every other (0.3 point in Variante 1: :data:`V1_POINTS`), and then picks
by a rule written out for the members (the README's words), the same for everyone and blind to the judge, so that
it never plays better than the member would. Variante 1 has its own rule, measured with
``bench/bench_autopilot.py``; the other rule sets keep the first move in the buttons' order.

Variante 1, in order, the first criterion that tells the moves apart deciding:

1. leave as few of your blue pieces as possible on B5, B6 or B7 where an opposing blue piece could land on them
   with its next 1, 4 or 5;
2. with a 5, move a piece already on the board rather than bring a new one in;
3. the first of those moves in the buttons' order.
"""

from __future__ import annotations

from typing import Any

from games.base import RATED_POINTS, GameState, Seat
from games.ur import loop

REACH = tuple(roll for roll in loop.ROLLS if roll > 0)
"""The throws that move a piece (a 0 moves none)."""
V1_POINTS = 0.3
"""Variante 1's bound for the rated autopilot, stricter than the issue's 1 point. Measured with
``bench/bench_autopilot.py`` over 800 matches (the judge's figure, and the whole match's, with the autopilot minus
without on the same dice, in points of win rate a match): the rule above costs 1.50 at 1 point (150 matches), 1.05
at half a point and 0.80 [0.77, 0.84] at 0.3, its whole matches −0.8 [−3.1, +1.6]. A rule with two more
criteria (with a 4 or a 5 take a piece off from B1, with a 1 move a red piece) read 0.76 by the judge at half a
point, but its whole matches read −4.4 [−7.0, −1.8]: the judge, right on average, misjudges some kinds of
moves alike, and a fixed rule that always picks one kind adds the error up. A stricter bound leaves the member
more to answer (``bench/bench_calendar.py``); the moves of most decisions played at 1 point are within 0.3."""


def fixed_move(state: GameState, seat: Seat, moves: tuple[Any, ...]) -> Any:
    """The move the rule above picks among ``moves`` (legal moves of ``seat`` in ``state``, engine's order)."""
    if not isinstance(state, loop.State):
        return moves[0]
    return min(moves, key=lambda move: (_exposed(state, seat, move), move.frm == 0 and state.roll == 5))


def rated_points(state: GameState) -> float:
    """How close every legal move must be, in points of winning chance, for the rated autopilot to play:
    :data:`V1_POINTS` in Variante 1, the issue's 1 point in the other rule sets."""
    return V1_POINTS if isinstance(state, loop.State) else RATED_POINTS


def _exposed(state: loop.State, seat: Seat, move: loop.Move) -> int:
    """How many of ``seat``'s blue pieces stand on a capture square within an opposing blue piece's reach after
    ``move``."""
    mine = list(state.pieces[seat])
    mine[mine.index(move.frm)] = move.to
    rivals = [q for q in state.pieces[1 - seat] if q != move.to or move.to not in loop.CAPTURE_AT]
    blue = [q for q in rivals if 0 < q < loop.TURN_AT]
    return sum(1 for p in mine if p in loop.CAPTURE_AT and any(p - q in REACH for q in blue))
