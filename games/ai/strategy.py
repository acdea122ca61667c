"""What a game's AI strategy is given and declares, and the plans a turn-planning search leaves behind.

Each game's AI module (:mod:`games.ai.ur`, :mod:`games.ai.subulata`, :mod:`games.ai.ultimatek`,
:mod:`games.ai.ursuppe`) declares one :class:`Strategy`; :data:`games.ai.STRATEGIES` lists them by game
id, as :data:`games.GAMES` lists the engines. A game without one plays :data:`DEFAULT`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.ai.determinise import determinise
from games.ai.evaluate import EVALUATE
from games.ai.odds import judged
from games.ai.search import Budget, ismcts
from games.base import GameState, Seat

PLANS_KEPT: Final = 256
"""Plans held at most; past this they are all dropped (a plan left behind is one whose views never came)."""


class Plans:
    """The rest of the turn a search planned, by level and the view expected before each step.

    Its owner (an agent, or whoever keeps agents for a table) decides how long plans live. Only the
    seat's own views and moves go in, so following a plan reveals nothing a person in that seat would
    not know.
    """

    def __init__(self) -> None:
        self._steps: dict[tuple[str, Any], Any] = {}

    def __len__(self) -> int:
        return len(self._steps)

    def take(self, level: str, view: Any) -> Any | None:
        """The step planned at ``level`` for ``view``, forgotten once taken (None: no plan for it)."""
        return self._steps.pop((level, view), None)

    def remember(self, level: str, state: GameState, seat: Seat, plan: Sequence[Any]) -> None:
        """Store each later step of ``plan`` (begun in ``state``) under the view ``seat`` will have
        when it is due, as far as the turn goes on without chance or another player."""
        if len(self._steps) > PLANS_KEPT:
            self._steps.clear()
        node = state
        for move, following in itertools.pairwise(plan):
            node = node.apply(move)
            if node.outcome() is not None or node.is_chance() or node.actors() != (seat,):
                break
            self._steps[(level, node.view_for(seat))] = following


@dataclass(frozen=True, slots=True)
class Ask:
    """One decision put to a strategy: the seat's view and legal moves (never the state), the level and
    budget, and what the agent keeps between decisions."""

    game_id: str
    level: str
    budget: Budget
    players: int
    view: Any
    seat: Seat
    moves: list[Any]
    rng: random.Random
    plans: Plans = field(default_factory=Plans)

    def sample(self, rng: random.Random | None = None) -> GameState:
        """A full state consistent with the view, what it hides drawn with ``rng`` (default: the ask's)."""
        return determinise(self.game_id, self.view, self.rng if rng is None else rng)

    @property
    def evaluate(self) -> Callable[[GameState, Seat], float]:
        """How the search judges its leaves: at ``strong``, the judge's winning chance
        (:func:`games.ai.odds.judged`: the fitted score as it stands); below it, the game's hand-set
        evaluation (:data:`games.ai.evaluate.EVALUATE`). A game's strategy may judge by the baseline instead
        where its fitted judge misleads a search (Ursuppe; Variante 3's placement)."""
        if self.level == "strong":
            return judged(self.game_id, self.players)
        return EVALUATE[self.game_id]


@dataclass(frozen=True, slots=True)
class Strategy:
    """How the searching levels play one game.

    ``easy`` plays :func:`games.ai.search.greedy` with ``easy_noise``; ``normal`` and ``strong`` call
    ``search``. The agent answers a single legal move and ``easy``'s slips itself.
    """

    game_id: str
    search: Callable[[Ask], Any]
    easy_noise: float = 0.03


def _ismcts(ask: Ask) -> Any:
    """Information-set Monte Carlo tree search, for a game that declares no strategy of its own."""
    return ismcts(ask, horizon=30, players=ask.players)


DEFAULT: Final = Strategy(game_id="", search=_ismcts)
"""The strategy of a game without its own: :func:`games.ai.search.ismcts`."""
