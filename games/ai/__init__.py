"""AI players: agents that choose a move from one seat's view and its legal moves, nothing more.

An :class:`Agent` never receives the full state. When its search needs one, it builds states from the
view by sampling what the view hides (:mod:`games.ai.determinise`), so hidden information stays hidden
from the AI as from a person.

Levels: ``random`` (a legal move drawn uniformly), ``easy`` (plausible but weak: one step ahead, with
noise), ``normal`` and ``strong`` (the best within :data:`STRONG_SECONDS` per decision). Per game:

- Ur (every rule set): expectiminimax over the dice with iterative deepening; Variante 1 searches a
  compact copy of its rules (:mod:`games.ai.ur_loop`), judged by the turns each piece has saved (fitted
  to the exact solo race: ``bench/bench_ur_v1.py``) and the pieces exposed to a hit on B5-B7;
- Subulata: determinised search: the opponent's hidden values are dealt again for every sample (as the
  view allows), each sample searched two decisions deep, the values averaged over the samples;
- Ultima-Tek: on a determinisation of the hidden bonuses, a beam search over the whole turn (its
  reveal, action and bonus decisions), judged by points and by the action credits each side still needs
  to score (:mod:`games.ai.tek`); the agent then follows the planned turn step by step;
- Ursuppe: flat Monte Carlo over the legal moves with cut-off playouts and a score evaluation;
- any other game: information-set Monte Carlo tree search (:func:`games.ai.search.ismcts`).

Random playouts, the heart of MCTS, proved poor judges in Subulata and Ultima-Tek (a random Ultima-Tek
playout almost never scores), so those two use the evaluation-driven determinised searches above.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from games.ai import ur_loop
from games.ai.determinise import determinise
from games.ai.evaluate import EASY_EVALUATE, EVALUATE
from games.ai.search import (
    Budget,
    determinised_minimax,
    expectiminimax,
    flat_monte_carlo,
    greedy,
    ismcts,
    turn_beam,
)
from games.base import GameState, Seat
from games.ur import loop

LEVELS: Final = ("easy", "normal", "strong")
"""The levels a server can seat (``random`` exists for benchmarks)."""
ALL_LEVELS: Final = ("random", *LEVELS)
EASY_SLIPS: Final = 0.4
"""How often ``easy`` plays any legal move instead of its one-step choice (a beginner's slips)."""
STRONG_SECONDS: Final = 0.8
"""The wall-clock budget of one ``strong`` decision: the target is at most 1 s at the 95th percentile, and
on a loaded machine the clock runs on while the search waits for a core."""


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
    """A game's search at a level; the seat is read from the view."""

    game_id: str
    level: str
    budget: Budget
    players: int = 2

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The level's choice among ``legal_moves`` for the viewer of ``view``."""
        moves = list(legal_moves)
        if len(moves) == 1:
            return moves[0]
        seat: Seat = view.viewer if getattr(view, "viewer", None) is not None else _actor(view)
        if self.level == "easy" and rng.random() < EASY_SLIPS:
            return rng.choice(moves)
        evaluate = EVALUATE[self.game_id]
        if self.game_id == "ur":
            state = determinise(self.game_id, view, rng)
            if self.level == "easy":
                return greedy(state, seat, moves, evaluate, rng, noise=0.08)
            if isinstance(state, loop.State):
                depth = LOOP_DEPTH[self.level]
                if self.budget.iterations is not None:
                    depth = min(depth, self.budget.iterations)
                return ur_loop.choose_move(state, seat, moves, max_depth=depth, seconds=self.budget.seconds)
            return expectiminimax(
                state, seat, moves, evaluate, self.budget, max_depth=3 if self.level == "normal" else 12
            )
        if self.game_id == "ursuppe":
            state = determinise(self.game_id, view, rng)
            if self.level == "easy":
                return greedy(state, seat, moves, evaluate, rng, noise=0.05)
            horizon = 40 if self.level == "normal" else 60
            limit = HARD_SECONDS if self.budget.seconds is not None else None  # an iteration budget stays exact
            return flat_monte_carlo(state, seat, moves, evaluate, self.budget, rng, horizon=horizon, limit=limit)
        if self.level == "easy":
            state = determinise(self.game_id, view, rng)
            return greedy(state, seat, moves, EASY_EVALUATE.get(self.game_id, evaluate), rng, noise=0.03)
        if self.game_id == "ultimatek":
            # Random playouts almost never score in Ultima-Tek, so Monte Carlo learns little there: the
            # search plans the whole turn (a beam over the turn's decisions) on a sampled determinisation,
            # then follows that plan while the views it expected come.
            planned = _PLANS.pop((self.level, view), None)
            if planned is not None and planned in moves:
                return planned
            state = determinise(self.game_id, view, rng)
            plan: list[Any] = []
            move = turn_beam(state, seat, moves, evaluate, beam=self._beam(), plan=plan, budget=self.budget)
            _remember(self.level, state, seat, plan)
            return move

        def sample(r: random.Random) -> GameState:
            return determinise(self.game_id, view, r)

        if self.game_id == "subulata":
            # Random playouts judge Subulata's race poorly; a shallow search on each sampled deal of the
            # opponent's values, averaged over the samples, plays far better for the same time.
            return determinised_minimax(sample, seat, moves, evaluate, self.budget, rng, depth=2)
        horizon = 30
        return ismcts(sample, seat, moves, evaluate, self.budget, rng, horizon=horizon, players=self.players)

    def _beam(self) -> int:
        """Ultima-Tek's beam width: :data:`TEK_BEAM` at ``strong``, narrower with a shorter budget."""
        if self.level != "strong":
            return 3
        if self.budget.seconds is None:
            return TEK_BEAM
        return max(2, min(TEK_BEAM, int(self.budget.seconds / TEK_SECONDS_PER_LINE)))


_PLANS: dict[tuple[str, Any], Any] = {}
"""The rest of the turn a search planned, by level and the view expected before each step. Only the seat's
own views and moves go in, so following a plan reveals nothing a person in that seat would not know."""
PLANS_KEPT: Final = 256


def _remember(level: str, state: GameState, seat: Seat, plan: Sequence[Any]) -> None:
    """Store each later step of ``plan`` under the view ``seat`` will have when it is due."""
    if len(_PLANS) > PLANS_KEPT:
        _PLANS.clear()
    node = state
    for move, following in itertools.pairwise(plan):
        node = node.apply(move)
        if node.outcome() is not None or node.is_chance() or node.actors() != (seat,):
            break
        _PLANS[(level, node.view_for(seat))] = following


LOOP_DEPTH: Final = {"normal": 1, "strong": 8}
"""Ur Variante 1: the most throws searched after the move (:mod:`games.ai.ur_loop`); ``strong`` deepens
until its clock runs out: about five throws at the full budget, three at 0.02 s. Deeper search barely
helps (``bench/bench_ur_v1_ceiling.py``): the dice decide most of what the evaluation does not."""
HARD_SECONDS: Final = 0.95
"""Ursuppe's flat Monte Carlo gives every move a playout even past its budget, but not past this."""
TEK_BEAM: Final = 10
"""Ultima-Tek's beam width at ``strong`` with the full budget (about 0.5 s of one core per turn planned)."""
TEK_SECONDS_PER_LINE: Final = 0.08
"""A shorter budget keeps one line of the beam per this many seconds (at least 2)."""


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
) -> Agent:
    """The agent of ``level`` for a game (by id). ``seconds`` overrides the level's time per decision,
    ``iterations`` caps the search (an exact, clock-free budget for tests)."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; known: {', '.join(ALL_LEVELS)}")
    if level == "random":
        return RandomAgent()
    default = {"easy": 0.05, "normal": 0.25, "strong": STRONG_SECONDS}[level]
    budget = Budget(seconds=default if seconds is None and iterations is None else seconds, iterations=iterations)
    return SearchAgent(game_id, level, budget, players)


def decide(game_id: str, state: GameState, seat: Seat, level: str, rng: random.Random, **kwargs: Any) -> Any:
    """Convenience for callers holding a state (the bot, the duel): ``seat``'s view and legal moves go
    to the agent, never the state itself."""
    agent = make_agent(game_id, level, players=int(getattr(state, "players", 2)), **kwargs)
    return agent.choose(state.view_for(seat), state.legal_moves(seat), rng)
