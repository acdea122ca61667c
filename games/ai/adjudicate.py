"""Settling a game that must stop before its end (a club evening's round runs out of time).

The places are read from the position by the strong AI's own evaluation (:data:`games.ai.evaluate.EVALUATE`),
from each seat's point of view:

- two players: the seat the evaluation favours by more than :data:`DRAW_MARGIN` (on its scale of about −1 to 1)
  wins; a closer position is a draw. The evaluation weighs what each game counts (Ur: progress along the
  track, pieces borne off and exposed; Subulata and Ultima-Tek: material, position and the score), so a
  player clearly ahead is not robbed by the clock, and an even game is shared;
- three or more (Ursuppe): places by the score track, the game's own count; equal scores share a place.

Hidden information (Subulata's values, Ultima-Tek's bonuses) is read from the full state: the bot is the
arbiter here, and the places it announces reveal no secret.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.ai.evaluate import EVALUATE
from games.base import GameState

DRAW_MARGIN: Final = 0.15
"""How far the evaluation must favour one of two players for the position to count as a win."""


def by_evaluation(game_id: str) -> Callable[[GameState], tuple[int, ...]]:
    """Places of a two-player position from the game's evaluation (see the module docstring)."""
    evaluate = EVALUATE[game_id]

    def places(state: GameState) -> tuple[int, ...]:
        value = evaluate(state, 0)
        if value > DRAW_MARGIN:
            return (1, 2)
        if value < -DRAW_MARGIN:
            return (2, 1)
        return (1, 1)

    return places


def by_score(state: GameState) -> tuple[int, ...]:
    """Places by each seat's score (``state.scores``): the highest first, equal scores sharing a place."""
    scores: tuple[int, ...] = tuple(getattr(state, "scores", ()))
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


ADJUDICATORS: Final[dict[str, Callable[[GameState], tuple[int, ...]]]] = {
    "ur": by_evaluation("ur"),
    "subulata": by_evaluation("subulata"),
    "ultimatek": by_evaluation("ultimatek"),
    "ursuppe": by_score,
}
"""Per game id: the places (1 = first, one per seat) of a position stopped before its end."""


def adjudicate(game_id: str, state: GameState) -> tuple[int, ...]:
    """The places of ``state`` (a game not finished) for a game stopped before its end.

    Raises:
        KeyError: no rule for ``game_id``.
    """
    return ADJUDICATORS[game_id](state)
