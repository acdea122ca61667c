"""The searches behind the agents: expectiminimax over dice, determinised MCTS, flat Monte Carlo.

Every search takes a budget: ``seconds`` (None: no clock) and ``iterations`` (None: no cap). Tests give an
iteration cap and no clock, so a decision depends on the rng alone and can be compared exactly.

The clock rule of :func:`expectiminimax` (the strong Ur AI, whose decisions must stay under 1 s at the
95th percentile on a loaded machine):

- the clock is read before every leaf is judged and every node is expanded, so the search notices its
  deadline within one evaluation, not after a batch of nodes (reading it every eighth node let a
  Variante 3 placement run up to 180 ms past it: one node's dozen leaves each judge the round to come);
- the margin is the longest wait seen so far between two readings: the search stops once a wait as long
  would pass the deadline. On a quiet machine that wait is one evaluation (under a millisecond), so the
  search stops at its budget; on a loaded one it is the time the machine kept the search off its cores
  (up to 200 ms under ``nice``), and the search stops that much earlier instead of overrunning by it;
- a depth cut by the clock is thrown away whole: the answer is the best move of the deepest depth
  finished, and no depth begins once the budget's deadline is near;
- the first depth (one throw and the reply) is the floor: it may run past ``seconds`` to ``limit`` when
  the caller gives one, and only past that does the answer fall back to the moves judged as they stand.

Without a clock nothing is read and nothing changes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.ai.evaluate import terminal_value
from games.base import GameState, Seat

Evaluate = Callable[[GameState, Seat], float]


@dataclass(frozen=True, slots=True)
class Deepening:
    """How one clocked :func:`expectiminimax` went (what a bench logs per decision), in seconds."""

    seconds: float | None
    """The budget: no depth is begun or finished past it, the first excepted."""
    limit: float | None
    """Past it even the first depth stops (None: it stops at ``seconds``)."""
    setup: float
    """The moves applied and judged as they stand, before the first depth."""
    depths: tuple[float, ...]
    """The time of each depth finished, the first first."""
    stopped: int
    """The depth the clock cut (0: none was)."""
    late: float
    """How far past its deadline the clock read when the search stopped (0 when not cut; negative when it
    stopped ahead of it, a wait as long as the longest seen being due)."""
    widest: float
    """The longest wait between two readings of the clock: one step of the search, or the time a loaded
    machine kept the search off its cores."""
    elapsed: float
    """The search's own time, from its start to its answer."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may run: wall-clock ``seconds`` and/or a number of ``iterations`` (None: no limit).

    ``clock`` is read for the time (a test may give one that jumps); ``record``, when given, receives a
    :class:`Deepening` after each clocked :func:`expectiminimax` (a bench's log)."""

    seconds: float | None = 1.0
    iterations: int | None = None
    clock: Callable[[], float] = time.perf_counter
    record: Callable[[Deepening], None] | None = None

    def deadline(self) -> float | None:
        """The ``clock`` value at which to stop, if any."""
        return None if self.seconds is None else self.clock() + self.seconds

    def rounds(self) -> Iterator[int]:
        """Number the rounds of a sampling search (1, 2, ...) until ``iterations`` have run or ``seconds``
        have passed; a clock alone never stops the search before its first round."""
        deadline = self.deadline()
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done > 0 and self.clock() > deadline:
                return
            done += 1
            yield done


class _OutOfTime(Exception):
    pass


def _chance(state: GameState, rng: random.Random) -> Any:
    global _last_weights
    outcomes = state.chance_outcomes()
    # Read once: AIs of several matches search at once in worker threads, and another may replace it meanwhile.
    last = _last_weights
    if last[0] is not outcomes:
        last = _last_weights = (outcomes, [o for o, _ in outcomes], [float(p) for _, p in outcomes])
    return rng.choices(last[1], weights=last[2])[0]


_last_weights: tuple[Any, list[Any], list[float]] = ((), [], [])
"""The last distribution drawn from (held, so that its identity is not reused), its outcomes and their weights as
floats: a playout meets the same dice, the same fight, again and again, each an engine's constant."""


# Expectiminimax (two players, perfect information, dice).


def expectiminimax(
    state: GameState,
    seat: Seat,
    moves: Sequence[Any],
    evaluate: Evaluate,
    budget: Budget,
    *,
    max_depth: int = 12,
    noise: float = 0.0,
    rng: random.Random | None = None,
    limit: float | None = None,
) -> Any:
    """The move of ``seat`` with the best expected value, searched by iterative deepening over decisions.

    A depth counts the decisions searched (internally a decision costs 2 and a chance node 1, so a chain
    of throws that pass the turn still ends). The deepest
    fully searched depth gives the answer; ``budget.iterations`` caps the depth. ``noise`` adds a
    random term to each root value (weakening the play on purpose). The clock follows the module's rule:
    the first depth may run to ``limit`` seconds (when longer than ``budget.seconds``), the others stop
    at ``budget.seconds``.
    """
    watch = None if budget.seconds is None else _Watch(budget.clock, budget.seconds, limit)
    cap = min(max_depth, budget.iterations or max_depth)
    children = [state.apply(m) for m in moves]
    best_values: list[float] = [evaluate(c, seat) for c in children]
    setup = watch.since_start() if watch is not None else 0.0

    def value(node: GameState, depth: int, cache: dict[tuple[GameState, int], float]) -> float:
        done = terminal_value(node, seat)
        if done is not None:
            return done * (1 + depth * 0.01)
        if depth <= 0:
            if watch is not None:
                watch.check()
            return evaluate(node, seat)
        key = (node, depth)
        if (known := cache.get(key)) is not None:
            return known
        if watch is not None:
            watch.check()
        if node.is_chance():
            result = sum(float(p) * value(node.apply(o), depth - 1, cache) for o, p in node.chance_outcomes())
        else:
            actor = node.actors()[0]
            options = node.legal_moves()
            values = [value(node.apply(m), depth - 2, cache) for m in options]
            result = max(values) if actor == seat else min(values)
        cache[key] = result
        return result

    depths: list[float] = []
    stopped, late = 0, 0.0
    for depth in range(1, cap):
        cache: dict[tuple[GameState, int], float] = {}
        try:
            begun = watch.begin(depth) if watch is not None else 0.0
            best_values = [value(c, 2 * depth, cache) for c in children]
        except _OutOfTime:
            assert watch is not None
            stopped, late = depth, watch.late()
            break
        if watch is not None:
            depths.append(watch.since_start() - begun)
        if all(abs(v) >= 1 for v in best_values):
            break
    if noise and rng is not None:
        best_values = [v + rng.gauss(0, noise) for v in best_values]
    top = max(best_values)
    if budget.record is not None and watch is not None:
        taken = watch.since_start()
        budget.record(Deepening(budget.seconds, limit, setup, tuple(depths), stopped, late, watch.widest, taken))
    return moves[best_values.index(top)]


class _Watch:
    """The clock as :func:`expectiminimax` reads it (the module's rule): the deadline of the depth under way
    (the first depth's ``limit``, then the budget's), and the longest wait seen between two readings."""

    __slots__ = ("clock", "deadline", "last", "seconds", "start", "widest")

    def __init__(self, clock: Callable[[], float], seconds: float, limit: float | None) -> None:
        self.clock = clock
        self.start = self.last = clock()
        self.seconds = seconds
        self.deadline = self.start + max(seconds, limit or seconds)
        self.widest = 0.0

    def since_start(self) -> float:
        """Seconds since the search began."""
        return self.clock() - self.start

    def begin(self, depth: int) -> float:
        """Seconds since the search began, as ``depth`` begins: past the first, the budget's deadline holds
        from now, and a depth begun too near it is out of time at once. The waits are counted from here."""
        self.last = self.clock()
        if depth > 1:
            self.deadline = self.start + self.seconds
            if self.last + self.widest > self.deadline:
                raise _OutOfTime
        return self.last - self.start

    def check(self) -> None:
        """Raise :class:`_OutOfTime` once the next wait as long as the longest seen would pass the deadline."""
        now = self.clock()
        wait = now - self.last
        self.last = now
        if wait > self.widest:
            self.widest = wait
        if now + self.widest > self.deadline:
            raise _OutOfTime

    def late(self) -> float:
        """How far past the deadline the last reading was (negative: stopped ahead of it)."""
        return self.last - self.deadline


# The searches over sampled full states.


class Sampled(Protocol):
    """What a search over sampled full states is asked (a :class:`games.ai.strategy.Ask` is one)."""

    @property
    def seat(self) -> Seat:
        """The seat to move."""
        ...

    @property
    def moves(self) -> Sequence[Any]:
        """Its legal moves, among which the search chooses."""
        ...

    @property
    def evaluate(self) -> Evaluate:
        """The game's evaluation of a state for a seat."""
        ...

    @property
    def budget(self) -> Budget:
        """How long the search may run."""
        ...

    @property
    def rng(self) -> random.Random:
        """The generator of every random choice, samples included."""
        ...

    def sample(self, rng: random.Random | None = None) -> GameState:
        """A full state consistent with what the seat sees, what it hides drawn with ``rng``."""
        ...


# Determinised Monte Carlo tree search (information sets sampled each iteration).


@dataclass(slots=True)
class _Node:
    mover: Seat | None = None
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[Any, _Node] = field(default_factory=dict)


def ismcts(ask: Sampled, *, horizon: int = 30, exploration: float = 0.7, players: int = 2) -> Any:
    """Information-set MCTS: each iteration samples a full state consistent with the viewer's view
    (``ask.sample``), walks a tree of decisions shared by all samples (chance steps are sampled, not stored),
    expands one move, plays random moves for ``horizon`` plies and scores the end with ``evaluate``.

    Rewards are in [0, 1] from the point of view of the seat that made each move; the most visited root
    move is chosen.
    """
    moves, evaluate, rng = ask.moves, ask.evaluate, ask.rng
    root = _Node()
    allowed = set(moves)
    for _ in ask.budget.rounds():
        state = ask.sample(rng)
        node = root
        path = [root]
        expanded = False
        while state.outcome() is None and not expanded:
            if state.is_chance():
                state = state.apply(_chance(state, rng))
                continue
            actor = state.actors()[0]
            legal = state.legal_moves()
            if node is root:
                legal = tuple(m for m in legal if m in allowed) or legal
            untried = [m for m in legal if m not in node.children]
            if untried:
                move = rng.choice(untried)
                child = node.children[move] = _Node(mover=actor)
                expanded = True
            else:
                log_n = math.log(max(1, node.visits))
                best_score, move = -1.0, legal[0]
                for m in legal:
                    c = node.children[m]
                    c.available += 1
                    score = c.reward / c.visits + exploration * math.sqrt(log_n / c.visits)
                    if score > best_score:
                        best_score, move = score, m
                child = node.children[move]
            state = state.apply(move)
            node = child
            path.append(node)
        rewards = _playout(state, evaluate, rng, horizon, players)
        for n in path:
            n.visits += 1
            if n.mover is not None:
                n.reward += rewards[n.mover]
    candidates = [(c.visits, c.reward / max(1, c.visits), m) for m, c in root.children.items() if m in allowed]
    if not candidates:
        return moves[0]
    best = max(candidates, key=lambda t: (t[0], t[1]))
    return best[2]


def _playout(state: GameState, evaluate: Evaluate, rng: random.Random, horizon: int, players: int) -> list[float]:
    """Random moves for ``horizon`` plies, then each seat's reward in [0, 1]."""
    for _ in range(horizon):
        if state.outcome() is not None:
            break
        move = _chance(state, rng) if state.is_chance() else rng.choice(state.legal_moves())
        state = state.apply(move)
    rewards = []
    for s in range(players):
        done = terminal_value(state, s)
        value = done if done is not None else evaluate(state, s)
        rewards.append((value + 1) / 2)
    return rewards


# Flat Monte Carlo with a cut-off (multiplayer).


def flat_monte_carlo(
    state: GameState,
    seat: Seat,
    moves: Sequence[Any],
    evaluate: Evaluate,
    budget: Budget,
    rng: random.Random,
    *,
    horizon: int = 40,
    policy: Callable[[GameState, random.Random], Any] | None = None,
    limit: float | None = None,
) -> Any:
    """Each move is tried in turn, followed by ``horizon`` plies of ``policy`` (random by default), and
    scored with ``evaluate``; the best mean wins. ``budget.iterations`` counts playouts over all moves. Every
    move gets a playout even past ``budget.seconds``, but never past ``limit`` seconds: the moves left
    without one are then judged by ``evaluate`` alone."""
    deadline = budget.deadline()
    cutoff = None if limit is None else budget.clock() + limit
    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    children = [state.apply(m) for m in moves]
    played = 0
    while True:
        if budget.iterations is not None and played >= budget.iterations:
            break
        now = budget.clock() if deadline is not None or cutoff is not None else 0.0
        if deadline is not None and now > deadline and played >= len(moves):
            break
        if cutoff is not None and now > cutoff and played > 0:
            break
        i = played % len(moves)
        played += 1
        node = children[i]
        for _ in range(horizon):
            if node.outcome() is not None:
                break
            if node.is_chance():
                node = node.apply(_chance(node, rng))
            elif policy is not None:
                node = node.apply(policy(node, rng))
            else:
                node = node.apply(rng.choice(node.legal_moves()))
        done = terminal_value(node, seat)
        totals[i] += done * 2 if done is not None else evaluate(node, seat)
        counts[i] += 1
    # Out of time before every move had a playout: the others are judged as they stand.
    means = [
        t / c if c else _settled_value(child, seat, evaluate)
        for t, c, child in zip(totals, counts, children, strict=True)
    ]
    return moves[means.index(max(means))]


def greedy(
    state: GameState,
    seat: Seat,
    moves: Sequence[Any],
    evaluate: Evaluate,
    rng: random.Random,
    *,
    noise: float = 0.0,
    chance_samples: int = 1,
) -> Any:
    """The move whose result evaluates best one step ahead (chance steps after it sampled), plus noise."""
    best_value, best_move = -math.inf, moves[0]
    for m in moves:
        total = 0.0
        for _ in range(chance_samples):
            node = state.apply(m)
            steps = 0
            while node.is_chance() and node.outcome() is None and steps < 20:
                node = node.apply(_chance(node, rng))
                steps += 1
            done = terminal_value(node, seat)
            total += done * 2 if done is not None else evaluate(node, seat)
        v = total / chance_samples + (rng.gauss(0, noise) if noise else 0.0)
        if v > best_value:
            best_value, best_move = v, m
    return best_move


def turn_beam(
    state: GameState,
    seat: Seat,
    moves: Sequence[Any],
    evaluate: Evaluate,
    *,
    beam: int = 12,
    max_steps: int = 12,
    plan: list[Any] | None = None,
    budget: Budget | None = None,
) -> Any:
    """The first move of the best sequence of ``seat``'s decisions until its turn ends (a chance step or
    another seat to act), found by beam search: after each decision only the ``beam`` best positions by
    ``evaluate`` are kept. For games whose turn is a series of decisions (Ultima-Tek). When ``plan`` is
    given, the whole best sequence is appended to it (its first move is the one returned). Once
    ``budget.seconds`` have passed, the lines still growing are judged where they stand."""
    deadline = budget.deadline() if budget is not None else None
    clock = budget.clock if budget is not None else time.perf_counter
    best: dict[Any, tuple[float, tuple[Any, ...]]] = {m: (-math.inf, (m,)) for m in moves}
    frontier: list[tuple[GameState, tuple[Any, ...], float]] = []
    for m in moves:
        child = state.apply(m)
        frontier.append((child, (m,), _settled_value(child, seat, evaluate)))
    for _ in range(max_steps):
        grown: list[tuple[GameState, tuple[Any, ...], float]] = []
        late = False
        for k, (node, line, value) in enumerate(frontier):
            if node.outcome() is not None or node.is_chance() or node.actors() != (seat,):
                if value > best[line[0]][0]:
                    best[line[0]] = (value, line)
                continue
            for m in node.legal_moves():
                if deadline is not None and clock() > deadline:
                    late = True
                    break
                child = node.apply(m)
                grown.append((child, (*line, m), _settled_value(child, seat, evaluate)))
            if late:
                # Out of time: the lines not grown yet are judged where they stand, beside the grown ones.
                grown += frontier[k:]
                break
        else:
            if not grown:
                frontier = []
                break
            grown.sort(key=lambda t: t[2], reverse=True)
            frontier = grown[:beam]
            continue
        frontier = grown
        break
    for _node, line, value in frontier:
        if value > best[line[0]][0]:
            best[line[0]] = (value, line)
    top = max(v for v, _ in best.values())
    chosen = next(m for m in moves if best[m][0] == top)
    if plan is not None:
        plan.extend(best[chosen][1])
    return chosen


def _settled_value(state: GameState, seat: Seat, evaluate: Evaluate) -> float:
    done = terminal_value(state, seat)
    return done * 2 if done is not None else evaluate(state, seat)


def determinised_minimax(ask: Sampled, *, depth: int = 2) -> Any:
    """Perfect-information Monte Carlo: sample full states consistent with the view (``ask.sample``),
    search each to ``depth`` decisions (minimax, chance averaged) and choose the move with the best mean
    value over the samples. ``ask.budget.iterations`` counts samples."""
    moves, seat, evaluate = ask.moves, ask.seat, ask.evaluate
    totals = [0.0] * len(moves)
    for _ in ask.budget.rounds():
        state = ask.sample(ask.rng)
        for i, m in enumerate(moves):
            totals[i] += _minimax(state.apply(m), seat, depth - 1, evaluate)
    best = max(totals)
    return moves[totals.index(best)]


def _minimax(node: GameState, seat: Seat, depth: int, evaluate: Evaluate) -> float:
    done = terminal_value(node, seat)
    if done is not None:
        return done * 2
    if depth <= 0:
        return evaluate(node, seat)
    if node.is_chance():
        return sum(float(p) * _minimax(node.apply(o), seat, depth, evaluate) for o, p in node.chance_outcomes())
    values = [_minimax(node.apply(m), seat, depth - 1, evaluate) for m in node.legal_moves()]
    return max(values) if node.actors()[0] == seat else min(values)
