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
stops the same on any machine and after a restart. The unrated form's suggestion for any reply is chosen to meet
it (:func:`steady`): the move that stays near the best after the most replies, not the best answer to the one
reply the judge guessed (which the stop ended after half the replies made).
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


def steady(game: GameInfo, position: GameState, seat: Seat, points: float, seed: str) -> str | None:
    """The move a plan for any reply should name for ``seat``, the opponent to move in ``position``: the one the
    judge ranks within ``points`` of ``seat``'s best after the most of the opponent's replies (so the judge's stop
    lets it play most often), ties to the higher mean chance; None when no reply leaves ``seat`` a move to judge.
    One judge call per reply and move of ``seat``'s, each check capped as the stop's is."""
    others = [s for s in position.actors() if s != seat]
    if position.is_chance() or len(others) != 1:
        return None
    counted: dict[str, tuple[int, float]] = {}
    for reply in position.legal_moves(others[0]):
        after = position.apply(reply)
        if after.outcome() is not None or after.is_chance() or tuple(after.actors()) != (seat,):
            continue
        spread = choice_matters(game, after, seat, seed=seed, seconds=None)
        if spread is None:
            continue
        top = max(spread.chances)
        for move, chance in zip(spread.moves, spread.chances, strict=True):
            text = after.format_move(move)
            near, total = counted.get(text, (0, 0.0))
            counted[text] = (near + (top - chance <= points / 100.0 + 1e-12), total + chance)
    return max(counted, key=lambda text: counted[text]) if counted else None
