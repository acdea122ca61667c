"""Whether a decision can matter: every legal move judged, and how far apart they are.

"Ask only when it matters" (issue 36) plays for a member when every legal move is within their threshold of the
best. :func:`choice_matters` judges each legal move of the seat to act by its winning chance right after the move,
with the chance that follows averaged (a roll or a draw that comes next: the mean over its outcomes, each judged as
it stands), from what the seat may know in a game with secrets (the judge averaged over deals of what it cannot see,
the same deals for every move so that the comparison is not blurred by the dealing). The judge is
:mod:`games.ai.odds`, the one the review and the strong AI ask.

The work is capped twice, since the check runs inside the transaction of a move: in judge calls
(:data:`MAX_CALLS`, the same on every machine), and in time (``seconds``: a judge that is dear in one game, or a
busy machine, stops the check before its next judge call). A decision not judged whole gives None, and the
member is asked: the cap only ever asks more, never plays differently.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Final

from games.ai import odds
from games.base import RATED_POINTS, GameInfo, GameState, Seat

MAX_CALLS: Final = 48
"""Most judge calls one check may make (a call on a game with secrets counts once per deal); past it, the
decision is not judged and the member is asked."""
SAMPLES: Final = 1
"""Deals of what the seat cannot see, per judged position, in a game with secrets."""


@dataclass(frozen=True, slots=True)
class Spread:
    """Every legal move of one decision, judged for its mover."""

    moves: tuple[Any, ...]
    """The legal moves, in the engine's order."""
    chances: tuple[float, ...]
    """The mover's winning chance after each move (chance that follows averaged), in the same order."""

    @property
    def best(self) -> Any:
        """The judge's best move (the first of the best, in the engine's order, on a tie)."""
        return self.moves[max(range(len(self.moves)), key=lambda i: (self.chances[i], -i))]

    @property
    def width(self) -> float:
        """How far apart the moves are: the best chance minus the worst (0 with one move)."""
        return max(self.chances) - min(self.chances)

    def within(self, points: float) -> bool:
        """True when every move is within ``points`` points of winning chance (1 point = 0.01) of the best."""
        return self.width <= points / 100.0 + 1e-12


def fixed_choice(game: GameInfo, state: GameState, seat: Seat, moves: tuple[Any, ...]) -> Any:
    """The move a rated match's autopilot plays among ``moves`` (the seat's legal moves, in the engine's order):
    the game's fixed rule (:attr:`games.base.GameInfo.fixed_move`), else the first."""
    return moves[0] if game.fixed_move is None else game.fixed_move(state, seat, moves)


def rated_points(game: GameInfo, state: GameState) -> float:
    """How close every legal move must be (points of winning chance) for a rated match's autopilot to play in
    ``state``: the game's own bound (:attr:`games.base.GameInfo.rated_points`), never looser than
    :data:`games.base.RATED_POINTS`."""
    return RATED_POINTS if game.rated_points is None else min(RATED_POINTS, game.rated_points(state))


SECONDS: Final = 0.04
"""The time one check may take by default (the match's transaction waits for it)."""


def choice_matters(
    game: GameInfo, state: GameState, seat: Seat, *, seed: str = "choice", seconds: float | None = SECONDS
) -> Spread | None:
    """Every legal move of ``seat`` in ``state`` judged for ``seat`` (see the module docstring), or None when the
    check would cost more than :data:`MAX_CALLS` judge calls or ``seconds`` of time (None: no time limit), or
    ``seat`` is not the single actor of a decision. ``seed`` seeds the deals in a game with secrets: the same
    question gets the same answer."""
    began = time.perf_counter()
    if state.outcome() is not None or state.is_chance() or tuple(state.actors()) != (seat,):
        return None
    moves = tuple(state.legal_moves(seat))
    if not moves:
        return None
    deal = random.Random(seed).getrandbits(32)
    deadline = None if seconds is None else began + seconds
    chances: list[float] = []
    calls = 0
    for move in moves:
        after = state.apply(move)
        calls += SAMPLES if game.has_hidden_info else len(after.chance_outcomes()) if _open_chance(after) else 1
        if calls > MAX_CALLS:
            return None
        chance = _judge(game, after, seat, deal, deadline)
        if chance is None:
            return None
        chances.append(chance)
    return Spread(moves, tuple(chances))


def _open_chance(state: GameState) -> bool:
    return state.outcome() is None and state.is_chance()


def _judge(game: GameInfo, after: GameState, seat: Seat, deal: int, deadline: float | None) -> float | None:
    """``seat``'s chance in ``after``: from its own knowledge in a game with secrets (the deals average whatever
    comes next, a draw included); otherwise the mean over the chance step that follows, if one does. None once
    ``deadline`` (a ``time.perf_counter`` reading) has passed, checked before each judge call."""

    def late() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    if late():
        return None
    if game.has_hidden_info:
        return odds.win_chances_for(game, after, seat, random.Random(deal), SAMPLES)[seat]
    if not _open_chance(after):
        return odds.win_chances(after)[seat]
    mean = 0.0
    for outcome, p in after.chance_outcomes():
        if late():
            return None
        mean += float(p) * odds.win_chances(after.apply(outcome))[seat]
    return mean
