"""AI players: agents that choose a move from one seat's view and its legal moves, nothing more.

An :class:`Agent` never receives the full state. When its search needs one, it builds states from the
view by sampling what the view hides (:mod:`games.ai.determinise`), so hidden information stays hidden
from the AI as from a person.

Levels: ``random`` (a legal move drawn uniformly), ``easy`` (plausible but weak: one step ahead, with
noise), ``normal`` and ``strong`` (the best within :data:`STRONG_SECONDS` per decision). Each game's AI
module declares its :class:`~games.ai.strategy.Strategy` and :data:`STRATEGIES` lists them by game id:

- :mod:`games.ai.ur` (every rule set): expectiminimax over the dice; Variante 1 by :mod:`games.ai.ur_loop`;
- :mod:`games.ai.subulata`: a determinised search, the opponent's hidden values dealt again per sample;
- :mod:`games.ai.ultimatek`: a beam search over the whole turn on a determinisation, then the plan followed
  (kept in the agent's :class:`~games.ai.strategy.Plans`, which its owner may share between agents);
- :mod:`games.ai.ursuppe`: flat Monte Carlo with cut-off playouts and a score evaluation;
- any other game: information-set Monte Carlo tree search (:func:`games.ai.search.ismcts`).

Random playouts, the heart of MCTS, proved poor judges in Subulata and Ultima-Tek (a random Ultima-Tek
playout almost never scores), so those two use the evaluation-driven determinised searches above.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from games.ai import subulata, ultimatek, ur, ursuppe
from games.ai.evaluate import EASY_EVALUATE
from games.ai.search import Budget, greedy
from games.ai.strategy import DEFAULT, Ask, Plans, Strategy
from games.base import GameState, Seat

LEVELS: Final = ("easy", "normal", "strong")
"""The levels a server can seat (``random`` exists for benchmarks)."""
ALL_LEVELS: Final = ("random", *LEVELS)
EASY_SLIPS: Final = 0.4
"""How often ``easy`` plays any legal move instead of its one-step choice (a beginner's slips)."""
STRONG_SECONDS: Final = 0.8
"""The wall-clock budget of one ``strong`` decision: the target is at most 1 s at the 95th percentile, and
on a loaded machine the clock runs on while the search waits for a core (Ur's search therefore stops a
longest-wait early and finishes its first depth by at most 0.95 s: :mod:`games.ai.search`'s clock rule)."""


class Agent(Protocol):
    """Chooses one of ``legal_moves`` for the seat whose ``view`` it is given."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal_moves``; ``rng`` is the only source of randomness."""
        ...


@dataclass(frozen=True, slots=True)
class RandomAgent:
    """A legal move drawn uniformly."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """Any legal move, uniformly."""
        return rng.choice(list(legal_moves))


@dataclass(frozen=True, slots=True)
class SearchAgent:
    """A game's search at a level; the seat is read from the view.

    ``plans`` holds what a turn-planning search (Ultima-Tek) leaves for the agent's next decisions: an
    agent kept for a whole turn, or given the same :class:`Plans` by its owner, follows its plan.
    """

    game_id: str
    level: str
    budget: Budget
    players: int = 2
    plans: Plans = field(default_factory=Plans)

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The level's choice among ``legal_moves`` for the viewer of ``view``."""
        moves = list(legal_moves)
        if len(moves) == 1:
            return moves[0]
        seat: Seat = view.viewer if getattr(view, "viewer", None) is not None else _actor(view)
        if self.level == "easy" and rng.random() < EASY_SLIPS:
            return rng.choice(moves)
        strategy = strategy_for(self.game_id)
        ask = Ask(self.game_id, self.level, self.budget, self.players, view, seat, moves, rng, self.plans)
        if self.level == "easy":
            evaluate = EASY_EVALUATE.get(self.game_id, ask.evaluate)
            return greedy(ask.sample(), seat, moves, evaluate, rng, noise=strategy.easy_noise)
        return strategy.search(ask)


STRATEGIES: Final[dict[str, Strategy]] = {
    s.game_id: s for s in (ur.STRATEGY, subulata.STRATEGY, ultimatek.STRATEGY, ursuppe.STRATEGY)
}
"""Each game's AI strategy, by game id, as each game's AI module declares it."""


def strategy_for(game_id: str) -> Strategy:
    """The strategy of ``game_id``, or :data:`games.ai.strategy.DEFAULT` (ISMCTS) for a game without one."""
    return STRATEGIES.get(game_id, DEFAULT)


def _actor(view: Any) -> Seat:
    """The seat to act in a view without a viewer (Ur's view is its state)."""
    actors = view.actors()
    return int(actors[0]) if actors else 0


def make_agent(
    game_id: str,
    level: str,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    players: int = 2,
    plans: Plans | None = None,
) -> Agent:
    """The agent of ``level`` for a game (by id). ``seconds`` overrides the level's time per decision,
    ``iterations`` caps the search (an exact, clock-free budget for tests). ``plans`` is where the agent
    keeps what a turn-planning search leaves for its next decisions: pass the same one to the agents of
    one table's successive decisions (default: the agent's own)."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; known: {', '.join(ALL_LEVELS)}")
    if level == "random":
        return RandomAgent()
    default = {"easy": 0.05, "normal": 0.25, "strong": STRONG_SECONDS}[level]
    budget = Budget(seconds=default if seconds is None and iterations is None else seconds, iterations=iterations)
    return SearchAgent(game_id, level, budget, players, Plans() if plans is None else plans)


def decide(game_id: str, state: GameState, seat: Seat, level: str, rng: random.Random, **kwargs: Any) -> Any:
    """Convenience for callers holding a state (the bot, the duel): ``seat``'s view and legal moves go
    to the agent, never the state itself."""
    agent = make_agent(game_id, level, players=int(getattr(state, "players", 2)), **kwargs)
    return agent.choose(state.view_for(seat), state.legal_moves(seat), rng)
