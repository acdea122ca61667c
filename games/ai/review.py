"""After the match: each seat's winning chance turn by turn, and luck told apart from skill.

Only for a match that has ended (the review evaluates the true position, secrets included, and any
estimate during play would be a hint). Pure: engines and :data:`games.ai.evaluate.EVALUATE` only.

**Chances.** ``chances(s)`` gives each seat's winning chance in a position ``s``: the exact result when the
game is over (the winners share 1; a draw or an abort shares it among all seats), otherwise a softmax of the
strong AI's evaluation of ``s`` from every seat's side, ``exp(K·e_i) / Σ exp(K·e_j)`` with :data:`K` (two
seats with ``e_1 = −e_0``: the logistic ``1 / (1 + exp(−2K·e_0))``). No search: one evaluation per seat.

**Value of a position** ``V(s)`` (a vector over seats, summing to 1):

- over: ``chances(s)``;
- a decision of seat ``m``: ``Q(s, b)`` where ``Q(s, a) = chances(apply(s, a))`` and ``b`` is the move the
  one-ply lookahead finds best for ``m`` (highest ``Q(s, a)[m]``). This is what makes a roll matter in Ur:
  the pieces do not change with the roll, the moves it allows do;
- a chance node: ``chances(s)`` where it is the next step after another (no recursion).

**Luck** of a chance step ``c`` whose outcome ``o`` came (probabilities ``p_k`` over outcomes ``o_k``):
``luck(c) = V(apply(c, o)) − Σ_k p_k·V(apply(c, o_k))`` for every seat: what came against the average of
everything that could have come. Its expectation is 0; when every outcome leads to the same value it is 0.

**Skill** of a decision ``a`` of seat ``m`` in ``s``: ``skill = Q(s, a)[m] − max_b Q(s, b)[m] ≤ 0``, the
chance given away against the best move the lookahead found, counted for ``m`` only. A forced move (one
legal move) costs 0.

Per player, the review sums luck over every chance step (its own and the others': a good roll for the
opponent is bad luck for me) and skill over their own decisions. What is left of the swing from the first
position to the last is the evaluation's own inconsistency between one position and the next (it is not
a perfect player), so luck + skill need not add up to the final result exactly.

**Cost** is counted in evaluations, not seconds, so a review is the same on every machine: a node whose
lookahead would cost more than :data:`NODE_EVALS` is not measured (no luck or skill, counted in
``unmeasured``), and once a match has spent :data:`MATCH_EVALS` the rest is charted from ``chances`` alone,
once per turn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from games.ai.evaluate import EVALUATE
from games.base import GameInfo, GameState, Seat, Termination

K: Final = 2.5
"""How sharply an evaluation turns into a chance (an evaluation of 0.3 for one of two seats: 82 %)."""
NODE_EVALS: Final = 400
"""Evaluations one decision or chance step may cost (legal moves × seats, or outcomes × their moves)."""
MATCH_EVALS: Final = 70_000
"""Evaluations one review may cost with lookahead (Ultima-Tek, the dearest per evaluation: about 11 s of one
core); past it, one static evaluation per turn."""

Chances = tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the log as the review replays it: ``notation`` made by ``seat`` (None for chance),
    during turn ``turn`` (the number the turn posts showed)."""

    notation: str
    seat: Seat | None
    turn: int


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision reviewed: the position before it, the move, and its cost against the best move."""

    index: int
    """Position of the step in the reviewed steps."""
    turn: int
    seat: Seat
    notation: str
    before: GameState
    after: GameState
    """Right after the move, before any chance step."""
    value: Chances
    """``V`` of the position before the move."""
    skill: float
    """``Q(chosen)[seat] − Q(best)[seat]`` (≤ 0; 0 when forced or unmeasured)."""


@dataclass(frozen=True, slots=True)
class Roll:
    """A chance step reviewed: who it was for, what came, and how lucky it was for each seat."""

    seat: Seat | None
    """The single seat that acts right after it, when there is one (whose roll it was)."""
    kind: str
    value: str
    probabilities: tuple[tuple[str, Fraction], ...]
    """Every outcome's value (same kind) and its probability, for the dice sentence."""
    luck: Chances


@dataclass(slots=True)
class Review:
    """What :func:`review` found."""

    players: int
    points: list[tuple[int, Chances]] = field(default_factory=list)
    """(turn, each seat's chance) at each decision, then at the end."""
    decisions: list[Decision] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    luck: list[float] = field(default_factory=list)
    """Per seat: the sum of luck over every chance step."""
    skill: list[float] = field(default_factory=list)
    """Per seat: the sum of skill over their decisions."""
    evaluations: int = 0
    unmeasured: int = 0
    """Steps whose luck or skill was too dear to measure."""


def chances(game_id: str, state: GameState, players: int) -> Chances:
    """Each seat's winning chance in ``state`` (see the module docstring), summing to 1."""
    outcome = state.outcome()
    if outcome is not None:
        if outcome.winners and outcome.termination is not Termination.ABORTED:
            share = 1.0 / len(outcome.winners)
            return tuple(share if s in outcome.winners else 0.0 for s in range(players))
        return tuple(1.0 / players for _ in range(players))
    evaluate = EVALUATE[game_id]
    values = [K * evaluate(state, s) for s in range(players)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


class _Judge:
    """The lookahead with its evaluation count (see the module docstring)."""

    def __init__(self, game_id: str, players: int) -> None:
        self.game_id = game_id
        self.players = players
        self.evaluations = 0

    def static(self, state: GameState) -> Chances:
        self.evaluations += self.players
        return chances(self.game_id, state, self.players)

    def spent(self) -> bool:
        return self.evaluations >= MATCH_EVALS

    def moves(self, state: GameState) -> tuple[Seat, tuple[Any, ...]] | None:
        """The single actor of a decision and its legal moves, or None (over, chance, several actors)."""
        if state.outcome() is not None or state.is_chance():
            return None
        actors = state.actors()
        if len(actors) != 1:
            return None
        return actors[0], state.legal_moves(actors[0])

    def qualities(self, state: GameState, seat: Seat, moves: Sequence[Any]) -> list[Chances]:
        return [self.static(state.apply(m)) for m in moves]

    def value(self, state: GameState) -> Chances | None:
        """``V(state)``, or None when it would cost more than :data:`NODE_EVALS`."""
        found = self.moves(state)
        if found is None:
            return self.static(state)
        seat, moves = found
        if len(moves) * self.players > NODE_EVALS:
            return None
        return max(self.qualities(state, seat, moves), key=lambda q: q[seat])

    def luck(self, state: GameState, came: Any) -> Chances | None:
        """``luck`` of the chance step ``state`` whose outcome was ``came``, or None when too dear."""
        outcomes = state.chance_outcomes()
        cost = 0
        for move, _ in outcomes:
            found = self.moves(state.apply(move))
            cost += self.players * (len(found[1]) if found else 1)
        if cost > NODE_EVALS:
            return None
        mean = [0.0] * self.players
        realised: Chances | None = None
        for move, p in outcomes:
            value = self.value(state.apply(move))
            if value is None:
                return None
            for s in range(self.players):
                mean[s] += float(p) * value[s]
            if move == came:
                realised = value
        if realised is None:
            realised = self.value(state.apply(came))
            if realised is None:
                return None
        return tuple(realised[s] - mean[s] for s in range(self.players))


def review(game: GameInfo, options: dict[str, str], players: int, steps: Sequence[Step]) -> Review:
    """Replay ``steps`` from the start and review them (see the module docstring).

    Raises:
        games.base.GameError: a step that does not replay.
    """
    judge = _Judge(game.id, players)
    result = Review(players, luck=[0.0] * players, skill=[0.0] * players)
    state = game.new(players, options)
    for index, step in enumerate(steps):
        move = state.parse_move(step.notation, step.seat)
        after = state.apply(move)
        if state.is_chance():
            _chance(judge, result, state, move, after, step)
        else:
            _decision(judge, result, state, move, after, step, index)
        state = after
    last_turn = steps[-1].turn if steps else 0
    result.points.append((last_turn, judge.static(state)))
    result.evaluations = judge.evaluations
    return result


def _chance(judge: _Judge, result: Review, state: GameState, move: Any, after: GameState, step: Step) -> None:
    luck = None if judge.spent() else judge.luck(state, move)
    if luck is None:
        result.unmeasured += 1
        luck = tuple(0.0 for _ in range(result.players))
    for s, amount in enumerate(luck):
        result.luck[s] += amount
    actors = after.actors() if not after.is_chance() else ()
    kind, _, value = step.notation.partition(":")
    outcomes = tuple(
        (state.format_move(m).partition(":")[2], p)
        for m, p in state.chance_outcomes()
        if state.format_move(m).partition(":")[0] == kind
    )
    seat = actors[0] if len(actors) == 1 else None
    if seat is None:
        # A roll nobody can play (Ur's 0) passes the turn at once: it was the roll of the seat whose turn it
        # was, which the engines that have such rolls keep as ``turn``.
        turn = getattr(state, "turn", None)
        seat = turn if isinstance(turn, int) else None
    result.rolls.append(Roll(seat, kind, value, outcomes, luck))


def _decision(
    judge: _Judge, result: Review, state: GameState, move: Any, after: GameState, step: Step, index: int
) -> None:
    seat = step.seat if step.seat is not None else (state.actors() or (0,))[0]
    moves = state.legal_moves(seat)
    skill = 0.0
    if judge.spent() and result.points and result.points[-1][0] == step.turn:
        # Past the budget the chart keeps one point per turn: a decision inside a turn repeats its start.
        value = result.points[-1][1]
        result.unmeasured += len(moves) > 1
    elif judge.spent() or len(moves) * judge.players > NODE_EVALS:
        value = judge.static(state)
        if len(moves) > 1:
            result.unmeasured += 1
    else:
        qualities = judge.qualities(state, seat, moves)
        value = max(qualities, key=lambda q: q[seat])
        chosen = next((q for m, q in zip(moves, qualities, strict=True) if m == move), None)
        if chosen is None:
            chosen = judge.static(after)
        skill = min(0.0, chosen[seat] - value[seat]) if len(moves) > 1 else 0.0
    result.skill[seat] += skill
    result.points.append((step.turn, value))
    result.decisions.append(Decision(index, step.turn, seat, step.notation, state, after, value, skill))
