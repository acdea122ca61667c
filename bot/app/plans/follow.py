"""What a plan plays once the game has moved on: pure, and linear in the log read and the plan's level.

The stand-in (:mod:`bot.app.standins.plans`) hands :func:`follow` the log entries after the plan's base (the
stored ones and those of the change being made) and the position the member must now decide in; the answer is
the move to play and what is left of the plan, or why the plan stops here (a word to its member), or nothing
when the member's turn goes on and the plan has nothing for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.app.matches import DECISIONS, POSITION_KINDS, LogEntry, LogKind, effective
from bot.app.plans.judged import outplayed
from bot.app.plans.kinds import any_stop, judged_points, stop_reason
from bot.app.plans.model import GO_ON, Branch, Plan
from bot.app.plans.turns import ANY, flat, split
from games import sequence
from games.base import GameError, GameInfo, GameState, Seat


@dataclass(frozen=True, slots=True)
class Planned:
    """The plan plays ``move``; ``rest`` is what is left of it (None: it is spent)."""

    move: Any
    rest: Plan | None


PLAYED = "played"
"""The reason kept for a plan that played its last move: not the game leaving it, but a word owed all the same
(it offers the next plan)."""


OUTPLAYED = "outplayed"
"""The reason kept for a plan for any reply that the judge's stop ended (:mod:`bot.app.plans.judged`)."""


@dataclass(frozen=True, slots=True)
class Dropped:
    """The game left the plan: ``reason`` (``undone``, ``moved``, ``unforeseen``, ``stopped``, :data:`OUTPLAYED`;
    or :data:`PLAYED`, spent) and its words."""

    reason: str
    words: dict[str, str] = field(default_factory=dict)


def follow(
    plan: Plan,
    since: Sequence[LogEntry],
    state: GameState,
    seat: Seat,
    version: int,
    game: GameInfo | None = None,
    judge: str | None = None,
) -> Planned | Dropped | None:
    """What ``plan`` does for ``seat``, to act in ``state`` after the log entries ``since`` (those after the
    plan's base, undo entries included; ``version`` = plies so far). None: the plan has nothing for this decision
    of a turn already begun by hand, and waits. ``game``: the game played, which a turn plan needs (its public
    notation, its forced decisions). ``judge``: in an unrated match, the seed of the judge's stop of a plan for any
    reply (:mod:`bot.app.plans.judged`); None in a rated match or an event's, where no judge reads the plan."""
    if any(e.kind is LogKind.UNDO and _undo_target(e) <= plan.base for e in since):
        return Dropped("undone")  # the position it was made from was taken back
    kept = effective(since)
    happened = [e for e in kept if e.kind in POSITION_KINDS]
    lead = 0
    while lead < len(happened) and happened[lead].seat == seat and happened[lead].kind in DECISIONS:
        lead += 1  # the member went on with their own turn by hand: the plan starts after it
    if plan.keyed == "turn" and lead:
        # Decisions of the planned turn autoplay made (forced ones, which the plan names too) are behind it.
        for entry in happened[:lead]:
            step = next((b for b in plan.branches if b.when == GO_ON and b.play == entry.notation), None)
            if step is None:
                break
            if not step.then:
                return Dropped(PLAYED, {"move": step.play})
            plan = Plan(plan.seat, entry.ply, plan.keyed, step.then)
    happened = happened[lead:]
    if plan.keyed == "roll":
        past = _past_own_turns(plan, happened, seat)
        if isinstance(past, Dropped):
            return past
        plan, happened = past
    if any(e.seat == seat and e.kind in DECISIONS for e in happened):
        return Dropped("moved")  # a turn of theirs was played without the plan (a forced move, the clock)
    public = game.public_notation if game is not None else None
    when = _condition(plan, happened, seat, public)
    branch = next((b for b in plan.branches if b.when == when), None)
    if branch is None and plan.keyed != "roll" and when != GO_ON and game is not None:
        branch = next((b for b in plan.branches if b.when == ANY), None)
        if branch is not None:
            # Whatever they played, unless it changes what the planned move or turn does: the game's auto-stop.
            mine = split(flat(branch)) if plan.keyed == "turn" else [branch.play]
            stop = any_stop(game.id)
            if stop is None or stop(game, split(when), state, seat, mine):
                return Dropped(stop_reason(game.id) if plan.keyed == "reply" else "stopped", {"move": branch.play})
            # Unrated: the reply may have made the planned move clearly worse without touching a piece.
            points = judged_points(game.id) if plan.keyed == "reply" else None
            if judge is not None and points is not None and outplayed(game, state, seat, branch.play, points, judge):
                return Dropped(OUTPLAYED, {"move": branch.play, "points": f"{points:g}"})
    if branch is None:
        if when == GO_ON:
            return None
        if plan.keyed == "roll":
            return Dropped("unforeseen", {"roll": when.split(":", 1)[-1]})
        return Dropped("unforeseen", {"reply": when})
    try:
        move = state.parse_move(branch.play, seat)
    except GameError:
        return Dropped("stopped", {"move": branch.play})
    if state.mover(move) != seat or not _same(plan, state.format_move(move), branch.play):
        # The move would now mean something else (another piece): a piece it names was taken or blocked.
        return Dropped("stopped", {"move": branch.play})
    then = branch.then
    if plan.keyed == "turn" and game is not None:
        then = _unforced(game, state.apply(move), seat, then)
    rest = Plan(plan.seat, version + 1, plan.keyed, then) if then else None
    return Planned(move, rest)


def _past_own_turns(plan: Plan, happened: Sequence[LogEntry], seat: Seat) -> tuple[Plan, list[LogEntry]] | Dropped:
    """A roll plan past the member's turns played since its base without it (a roll with one move, which autoplay
    plays at once): each must be the move the plan names for that roll, and the plan goes on with the turn after;
    the plan and the entries after the last such turn, or why it stops (a turn it did not name)."""
    roll = GO_ON
    rest = list(happened)
    for i, entry in enumerate(happened):
        if entry.kind is LogKind.CHANCE:
            roll = entry.notation
        elif entry.seat == seat and entry.kind in DECISIONS:
            branch = next((b for b in plan.branches if b.when == roll), None)
            if branch is None or not branch.then or not _same(plan, entry.notation, branch.play):
                return Dropped("moved")
            plan = Plan(plan.seat, entry.ply, plan.keyed, branch.then)
            rest = list(happened[i + 1 :])
    return plan, rest


def _same(plan: Plan, played: str, planned: str) -> bool:
    """Whether ``played`` is the move ``planned`` names. In a roll plan a move names its piece by its square and
    where it goes: that it now takes a piece there (``x`` for ``-``) changes nothing the member chose."""
    if plan.keyed == "roll":
        return played.replace("x", "-") == planned.replace("x", "-")
    return played == planned


def _unforced(game: GameInfo, state: GameState, seat: Seat, then: tuple[Branch, ...]) -> tuple[Branch, ...]:
    """What is left of a turn plan's chain after the forced decisions autoplay is about to make; () when they are
    all that is left (the plan is spent now, and its word can offer the next one while it is of use)."""
    branches = then
    while branches:
        forced = sequence.forced(game, state, seat)
        step = next((b for b in branches if b.when == GO_ON), None)
        if forced is None or step is None or state.format_move(forced) != step.play:
            return then
        state = state.apply(forced)
        branches = step.then
    return ()


def _condition(plan: Plan, happened: Sequence[LogEntry], seat: Seat, public: Callable[[str], str] | None = None) -> str:
    """The condition the entries since the base meet: the last roll (a roll plan), the others' decisions (a reply
    plan; in a turn plan, in public notation), or :data:`GO_ON` when nothing happened."""
    if not happened:
        return GO_ON
    if plan.keyed == "roll":
        rolls = [e.notation for e in happened if e.kind is LogKind.CHANCE]
        return rolls[-1] if rolls else GO_ON
    if plan.keyed == "turn" and public is not None:
        return "; ".join(public(e.notation) for e in happened if e.kind in DECISIONS and e.seat != seat)
    return "; ".join(e.notation for e in happened if e.kind in DECISIONS and e.seat != seat)


def _undo_target(entry: LogEntry) -> int:
    return int(entry.notation.split(":", 1)[1])
