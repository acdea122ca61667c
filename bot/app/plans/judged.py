"""The judge's stop of a plan for any reply: after the reply, another move is clearly better than the planned one.

A plan for any reply names its move before the reply; the member would have chosen after it. A reply that neither
takes nor threatens may still change which move is best (it offers a capture, blocks a jump, frees a cell, changes
the race), and in Subulata the game's own auto-stop, which reads only captures and threats, let the form's
suggestions play on at a cost of 15.5 points of win rate a match (``bench/bench_reply_plans.py``). So, in an
unrated match, the plan also stops when the judge ranks some legal move of the member's more than the game's bound
above the planned one, after the reply: the autopilot's check (:func:`games.ai.choice.choice_matters`), judged
from what the member may know (what they cannot see dealt again), one judge call per legal move of theirs whatever
the reply, capped. In a rated match or an event's the judge's verdict would be a hint, so there the plan plays the
member's own move, stopped only by the game's rule.

The check has no time limit, only the cap on judge calls (a decision over the cap stops the plan): a plan plays or
stops the same on any machine and after a restart.
"""

from __future__ import annotations

from games.ai.choice import choice_matters
from games.base import GameError, GameInfo, GameState, Seat


def outplayed(game: GameInfo, state: GameState, seat: Seat, planned: str, points: float, seed: str) -> bool:
    """Whether, in ``state`` (``seat`` to act after the reply), the judge ranks some legal move of ``seat``'s more
    than ``points`` points of winning chance above the planned move ``planned``, or could not judge them all, or
    ``planned`` is not legal. ``seed`` seeds the deals of what ``seat`` cannot see (the same question, the same
    answer)."""
    spread = choice_matters(game, state, seat, seed=seed, seconds=None)
    if spread is None:
        return True
    try:
        move = state.parse_move(planned, seat)
    except GameError:
        return True
    if move not in spread.moves:
        return True
    return max(spread.chances) - spread.chances[spread.moves.index(move)] > points / 100.0 + 1e-12
