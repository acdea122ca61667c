"""After the match: each seat's winning chance step by step, and what moved it — luck, its own choices and the
other players' choices — on GNU Backgammon's definitions.

Only for a match that has ended (any estimate during play would be a hint). Pure: engines and the judge
(:mod:`games.ai.odds`) only.

**The anchors.** GNU Backgammon (gnubg) defines the *luck* of a roll as the equity after that roll, played
best, minus the average over every roll of the equity after it, each played best (so its expectation is 0
whatever the player does), and the *skill* of a move as the equity after the move played minus after the
best move (≤ 0); in winning-chance units, luck + skill sums to the final result minus the first
(gnubg manual, "Output of an analysis"; D. Zare, "A measure of luck"; bug-gnubg, 2003 and 2008). Lichess
grades a move by the drop of the mover's winning chance (inaccuracy, mistake, blunder at 5, 10, 15 points)
and has no luck term. Both count in points of winning chance, as here.

**The judge.** ``S(s)`` is each seat's winning chance in a position ``s``
(:func:`games.ai.odds.win_chances`; exact once the game is over). In a game with secrets (Subulata's
values, Ultima-Tek's bonuses) a seat is judged from what it may know: ``S_p(s)`` averages the judge over
states dealt again where ``p`` cannot see (:func:`games.ai.odds.win_chances_for`), so no player is charged
or credited for a secret they could not know.

**The value of each position of the match** ``V_p(s)`` for a seat ``p`` (one number per position, used as
the chart's point, as the value after the step that led there and before the step that leaves it):

- over: the result;
- a decision of one seat ``m``: ``S_p(s·b)``, the chance after ``m``'s best move ``b`` (highest
  ``S_m(s·a)[m]`` over ``m``'s legal moves ``a``): the position "after best play", as gnubg judges a roll;
- a chance step: ``Σ_k P(o_k)·V_p(s·o_k)``, the mean over its outcomes of each judged after best play;
- anything else (several seats at once): ``S_p(s)``.

**What moved it.** Every step moves each seat's value from ``V_p(s)`` to ``V_p(s')``, and all of that change
goes to one account or another, so per seat ``V_p(first) + luck + own choices + others' choices = result``
exactly:

- a chance step: **luck** ``V_p(s·o) − Σ_k P(o_k)·V_p(s·o_k)``, gnubg's luck, zero on average;
- a decision of ``m`` playing ``a``: its **skill** ``S_m(s·a)[m] − S_m(s·b)[m] ≤ 0`` (gnubg's; 0 for a
  forced move) goes to ``m``'s **own choices**, and what the same choice did to every other seat,
  ``S(s·a)[p] − S(s·b)[p]``, to their **others' choices** (in a game with secrets, a seat's whole change
  at another's decision, since the mover's view is not theirs). The rest of each seat's change,
  ``V_p(s·a) − S_p(s·a)``, is what the position the move left turned out to be worth once the next step
  is looked at; it goes to the account of that next step (luck before a roll or a draw, the next mover's
  choices before a decision), as gnubg's luck takes in whatever its evaluation did not foresee.

Every account is a sum of changes of chances between 0 and 1; the review also reports each seat's
**gain** (its chance's rises) and **loss**, which bound every account.

**Turning points** are the steps whose change was largest, among real decisions (two legal moves whose
chances for the mover are at least :data:`REAL_DECISION` apart: a forced or indifferent move never is
one) and chance steps.

**Cost** is counted in judge calls, not seconds, so a review is the same on every machine: a position
whose value would cost more than :data:`NODE_EVALS` calls is judged as it stands (counted in
``unmeasured``), and once a match has spent :data:`MATCH_EVALS` calls, every position is judged as it stands from the
whole state, once per turn (the steps after a turn's first keep its value; their change is told with the
next turn's).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from games.ai import odds
from games.base import GameInfo, GameState, Seat

NODE_EVALS: Final = 400
"""Evaluations (a judge call costs one per seat and per determinisation) the value of one position may cost."""
MATCH_EVALS: Final = 35_000
"""Evaluations one review may cost with lookahead (Ultima-Tek, the dearest: about 10 s of one core); past it,
one value per turn, from the whole state."""
SAMPLES: Final = 1
"""Determinisations per judge call in a game with secrets (the review's cost grows with them); the moves of
one decision are judged on the same deals, so their comparison is not blurred by the dealing."""
REAL_DECISION: Final = 0.05
"""How far apart (in winning chance for the mover) two legal moves must be for a decision to count."""

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
    """A decision reviewed: the position before it, the move, and what it changed."""

    index: int
    """Position of the step in the reviewed steps."""
    turn: int
    seat: Seat
    notation: str
    before: GameState | None
    after: GameState | None
    """Right after the move, before any chance step. Both None where the decision was not measured (past
    the budget): a long match keeps no state it will not tell."""
    value: Chances
    """Each seat's ``V`` before the move."""
    became: Chances
    """Each seat's ``V`` right after it."""
    skill: float
    """``S(played)[seat] − S(best)[seat]`` (≤ 0; 0 when forced or unmeasured)."""
    spread: float
    """The mover's chance after its best legal move minus after its worst (0 when forced or unmeasured)."""

    @property
    def real(self) -> bool:
        """Two or more moves were at least :data:`REAL_DECISION` apart for the mover."""
        return self.spread >= REAL_DECISION


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
    index: int = 0
    turn: int = 0
    value_before: Chances = ()
    """Each seat's ``V`` before the step (its ``value + luck`` is after it)."""


@dataclass(slots=True)
class Review:
    """What :func:`review` found."""

    players: int
    points: list[tuple[int, Chances]] = field(default_factory=list)
    """(turn, each seat's chance) before each turn's first step, then at the end: the chart reads every turn
    at the same moment, so it does not saw from one decision of a turn to the next (an Ultima-Tek turn is
    several, each spending the mover's credits)."""
    decisions: list[Decision] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    first: list[float] = field(default_factory=list)
    """Per seat: its value at the start."""
    final: list[float] = field(default_factory=list)
    """Per seat: its value at the end (the result, once the rules ended the game)."""
    luck: list[float] = field(default_factory=list)
    """Per seat: the sum of luck over every chance step."""
    own: list[float] = field(default_factory=list)
    """Per seat: what its own decisions changed in its chance."""
    others: list[float] = field(default_factory=list)
    """Per seat: what the other players' decisions changed in its chance."""
    skill: list[float] = field(default_factory=list)
    """Per seat: the sum of skill over its decisions (≤ 0)."""
    gain: list[float] = field(default_factory=list)
    """Per seat: the sum of its chance's rises over every step (bounds every account above)."""
    loss: list[float] = field(default_factory=list)
    """Per seat: the sum of its chance's falls (≤ 0; bounds every account below)."""
    evaluations: int = 0
    unmeasured: int = 0
    """Steps whose value was judged as it stood (too dear to look ahead)."""

    def accounts(self, seat: Seat) -> float:
        """``first + luck + own + others`` for ``seat``: equal to :attr:`final` (the review's identity)."""
        return self.first[seat] + self.luck[seat] + self.own[seat] + self.others[seat]


@dataclass(frozen=True, slots=True)
class _Valued:
    """A position's value per seat, and, for a decision, the chances after each legal move (mover's view)."""

    value: Chances
    moves: tuple[Any, ...] = ()
    qualities: tuple[Chances, ...] = ()
    measured: bool = True
    outcomes: dict[Any, _Valued] | None = None
    """For a chance step: each outcome's value, the realised one's reused as the next position's."""


class _Judge:
    """The values of positions (see the module docstring), with the judge calls they cost."""

    def __init__(self, game: GameInfo, players: int) -> None:
        self.game = game
        self.players = players
        self.evaluations = 0
        self.hidden = game.has_hidden_info
        self.samples = SAMPLES if self.hidden else 1
        self.rng = random.Random("review")

    def spent(self) -> bool:
        return self.evaluations >= MATCH_EVALS

    def chances(self, state: GameState, seat: Seat | None, deal: int | None = None) -> Chances:
        """``S_seat(state)``: the judge from ``seat``'s knowledge (None: the whole state); ``deal`` seeds
        the determinisations (equal seeds, equal deals), else they follow from the review's generator."""
        if state.outcome() is not None:
            return odds.win_chances(state)
        self.evaluations += self.samples * self.players
        if not self.hidden or seat is None:
            return odds.win_chances(state)
        rng = self.rng if deal is None else random.Random(deal)
        return odds.win_chances_for(self.game, state, seat, rng, self.samples)

    def static(self, state: GameState) -> Chances:
        """Each seat's ``S_p(state)[p]`` (one call per seat in a game with secrets, else one; past the
        budget, one call on the whole state: the match is over and its chart only rough there)."""
        if not self.hidden or state.outcome() is not None or self.spent():
            return self.chances(state, None)
        return tuple(self.chances(state, p)[p] for p in range(self.players))

    def actor(self, state: GameState) -> tuple[Seat, tuple[Any, ...]] | None:
        """The single actor of a decision and its legal moves, or None (over, chance, several actors)."""
        if state.outcome() is not None or state.is_chance():
            return None
        actors = state.actors()
        if len(actors) != 1:
            return None
        return actors[0], state.legal_moves(actors[0])

    def decision_cost(self, state: GameState) -> int:
        found = self.actor(state)
        calls = (self.players if self.hidden else 1) if found is None else len(found[1]) + self.players - 1
        return self.samples * self.players * calls

    def value(self, state: GameState) -> _Valued:
        """``V(state)`` of a position that is not a chance step (see the module docstring)."""
        found = self.actor(state)
        if found is None:
            return _Valued(self.static(state))
        mover, moves = found
        if self.spent() or self.decision_cost(state) > NODE_EVALS:
            return _Valued(self.static(state), measured=len(moves) <= 1)
        deal = self.rng.getrandbits(32)
        qualities = tuple(self.chances(state.apply(m), mover, deal) for m in moves)
        best = max(range(len(moves)), key=lambda i: qualities[i][mover])
        if self.hidden:
            after = state.apply(moves[best])
            value = tuple(qualities[best][p] if p == mover else self.chances(after, p)[p] for p in range(self.players))
        else:
            value = qualities[best]
        return _Valued(value, moves, qualities)

    def chance_value(self, state: GameState) -> tuple[Chances, dict[Any, _Valued]] | None:
        """``V`` of a chance step (the mean over its outcomes) with each outcome's value, or None when too dear."""
        outcomes = state.chance_outcomes()
        if self.spent():
            return None
        cost = 0
        for move, _ in outcomes:
            after = state.apply(move)
            cost += self.samples * self.players**2 if after.is_chance() else self.decision_cost(after)
        if cost > NODE_EVALS:
            return None
        mean = [0.0] * self.players
        each: dict[Any, _Valued] = {}
        for move, p in outcomes:
            after = state.apply(move)
            valued = _Valued(self.static(after)) if after.is_chance() else self.value(after)
            each[move] = valued
            for s in range(self.players):
                mean[s] += float(p) * valued.value[s]
        return tuple(mean), each


def review(game: GameInfo, options: dict[str, str], players: int, steps: Sequence[Step]) -> Review:
    """Replay ``steps`` from the start and review them (see the module docstring).

    Raises:
        games.base.GameError: a step that does not replay.
    """
    judge = _Judge(game, players)
    zero = [0.0] * players
    result = Review(
        players,
        luck=list(zero),
        own=list(zero),
        others=list(zero),
        skill=list(zero),
        gain=list(zero),
        loss=list(zero),
    )
    state = game.new(players, options)
    here = _first(judge, state)
    result.first = list(here.value)
    turn_valued: int | None = None
    for index, step in enumerate(steps):
        if step.turn != turn_valued:
            result.points.append((step.turn, here.value))
        move = state.parse_move(step.notation, step.seat)
        after = state.apply(move)
        # Past the budget a turn keeps the value it had when it began (its change is told with the next
        # turn's first step, or the end).
        keep = judge.spent() and turn_valued == step.turn and after.outcome() is None
        if keep:
            following = _Valued(here.value, measured=False)
        elif state.is_chance():
            following = _after_chance(judge, state, move, after, here)
        else:
            following = _next(judge, after)
        turn_valued = step.turn
        if not following.measured or not here.measured:
            result.unmeasured += 1
        change = tuple(following.value[s] - here.value[s] for s in range(players))
        for s, amount in enumerate(change):
            if amount > 0:
                result.gain[s] += amount
            else:
                result.loss[s] += amount
        if state.is_chance():
            _chance(result, state, move, after, step, index, here.value, change)
        else:
            _decision(result, state, move, after, step, index, here, following.value, change, judge.hidden)
        state, here = after, following
    last_turn = steps[-1].turn if steps else 0
    result.points.append((last_turn, here.value))
    result.final = list(here.value)
    result.evaluations = judge.evaluations
    return result


def _first(judge: _Judge, state: GameState) -> _Valued:
    return _next(judge, state)


def _next(judge: _Judge, state: GameState) -> _Valued:
    """``V`` of the position a step led to."""
    if state.is_chance() and state.outcome() is None:
        found = judge.chance_value(state)
        if found is None:
            return _Valued(judge.static(state), measured=False)
        return _Valued(found[0], outcomes=found[1])
    return judge.value(state)


def _after_chance(judge: _Judge, state: GameState, move: Any, after: GameState, here: _Valued) -> _Valued:
    """``V`` of the outcome that came: the one the chance step's mean was made of, when it was measured."""
    if here.outcomes is not None and move in here.outcomes:
        return here.outcomes[move]
    return _next(judge, after)


def _chance(
    result: Review,
    state: GameState,
    move: Any,
    after: GameState,
    step: Step,
    index: int,
    before: Chances,
    change: Chances,
) -> None:
    for s, amount in enumerate(change):
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
    result.rolls.append(Roll(seat, kind, value, outcomes, change, index, step.turn, before))


def _decision(
    result: Review,
    state: GameState,
    move: Any,
    after: GameState,
    step: Step,
    index: int,
    here: _Valued,
    became: Chances,
    change: Chances,
    hidden: bool,
) -> None:
    seat = step.seat if step.seat is not None else (state.actors() or (0,))[0]
    skill = spread = 0.0
    # What the choice itself did to each seat: the chances after the move played minus after the best
    # (the mover's own view); without them, the whole change.
    part = list(change)
    if len(here.moves) > 1:
        mine = [q[seat] for q in here.qualities]
        chosen = next((q for m, q in zip(here.moves, here.qualities, strict=True) if m == move), None)
        if chosen is not None:
            best = here.qualities[mine.index(max(mine))]
            skill = min(0.0, chosen[seat] - best[seat])
            spread = max(mine) - min(mine)
            part[seat] = skill
            if not hidden:
                part = [chosen[s] - best[s] for s in range(len(change))]
                part[seat] = skill
    elif len(here.moves) == 1 or not here.moves:
        part[seat] = 0.0
    # The rest of each seat's change is what the position the move left turned out to be worth once the
    # next step is looked at: it belongs to whoever makes that step (a roll's luck, a reply's choice).
    for s, amount in enumerate(change):
        result.own[s] += part[s] if s == seat else 0.0
        result.others[s] += part[s] if s != seat else 0.0
        account = _next_account(after, s)
        {"luck": result.luck, "own": result.own, "others": result.others}[account][s] += amount - part[s]
    result.skill[seat] += skill
    result.decisions.append(
        Decision(
            index,
            step.turn,
            seat,
            step.notation,
            state if here.moves else None,
            after if here.moves else None,
            here.value,
            became,
            skill,
            spread,
        )
    )


def _next_account(after: GameState, seat: Seat) -> str:
    """The account, for ``seat``, of the step after a decision: ``luck`` (a chance step, or the end),
    ``own`` (``seat`` decides next) or ``others``."""
    if after.outcome() is not None or after.is_chance():
        return "luck"
    return "own" if after.actors() == (seat,) else "others"
