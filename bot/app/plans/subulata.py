"""Reply plans in Subulata: when the opponent's reply changes what a plan for "whatever they play" would do.

A grasshopper jumps over anything and lands a fixed distance away, so a reply reaches the member's pieces in two
ways only: it takes one, or it lands where the piece it moved can take one next. A plan for any reply ("whatever
bob plays, unless he takes or threatens one of my pieces: my move") plays unless the reply did either, or the
planned move is no longer legal or would now be written otherwise (it would now take a piece, say). In an unrated
match it also stops when the reply made the planned move clearly worse than the best (:data:`JUDGED_POINTS`,
:mod:`bot.app.plans.judged`).
"""

from __future__ import annotations

import re
from typing import Final

from games.base import GameError, GameInfo, GameState, Seat
from games.subulata.state import State, cell_name

_CELL = re.compile(r"[a-i][1-9]")

JUDGED_POINTS: Final = 0.5
"""Points of winning chance by which, after the reply, the judge must rank another move above the planned one to
stop the plan in an unrated match. Measured (``bench/bench_reply_plans.py``, the judge's cost a match of the plans
the form suggests): without the judge's stop 51 (200 matches); at 1 point, the members' first threshold, 2.6 (40);
at 0.5, 0.84 (200), and 0.45 (120) once the suggestion for any reply is the move that stays near the best."""


def changes(game: GameInfo, theirs: list[str], state: GameState, seat: Seat, mine: list[str]) -> bool:
    """Whether the opponent's reply ``theirs`` takes a piece of ``seat``'s or threatens one with the piece it
    moved, or leaves the planned move ``mine`` (one decision) illegal or written otherwise, the member now to act
    in ``state``. Linear in the opponent's moves."""
    if not isinstance(state, State) or len(mine) != 1 or state.turn != seat:
        return True
    if any("x" in text.lower() for text in theirs):
        return True
    landed = {cells[-1] for text in theirs if (cells := _CELL.findall(text.lower()))}
    own = {cell for cell, _ in state.pieces[seat]}
    if any(cell_name(m.frm) in landed and m.to in own for m in state.moves_of(1 - seat)):
        return True
    try:
        move = state.parse_move(mine[0], seat)
    except GameError:
        return True
    return state.format_move(move) != mine[0]
