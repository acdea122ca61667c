"""Turns as players count them: the stretches of a match during which the same seat(s) must act.

A turn starts when a seat becomes an actor and ends when other seats must act (or the match ends).
Chance steps, forced steps and the engine's automatic steps belong to the turn they happen in; steps
before anyone acts belong to turn 1. Two refinements keep the count human: seats that act together
(a simultaneous secret set-up) stay in one turn while they finish one by one, and an out-of-turn answer
(an Ursuppe defence or Holding choice) belongs to the turn it interrupts.

Everything here is pure: from a match's log entries and the positions they were played in. Call
:func:`turn_of` for the current turn of a :class:`~bot.app.matches.Match` and its log.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bot.app.matches import POSITION_KINDS, LogEntry, LogKind, Match, MatchService
from games.base import GameState, Seat

OUT_OF_TURN = frozenset({"respond", "cling"})
"""Decision kinds (a game view's ``decision.kind``) that ask another player a question inside a turn."""


def is_out_of_turn(state: GameState) -> bool:
    """True when ``state`` waits for an answer that interrupts someone else's turn (Ursuppe: defend,
    escape or yield; cling or let go)."""
    if not state.actors():
        return False
    decision = getattr(state.view_for(None), "decision", None)
    return getattr(decision, "kind", None) in OUT_OF_TURN


def replay_states(match: Match, entries: Sequence[LogEntry]) -> list[GameState]:
    """The position before each entry of the full log (taken-back entries included), then the position
    after the last one: ``len(entries) + 1`` states. An undo entry jumps back to the position before the
    ply it takes back."""
    state = match.game.new(len(match.seats), match.options)
    before_ply: dict[int, GameState] = {}
    states = []
    for entry in entries:
        states.append(state)
        before_ply[entry.ply] = state
        if entry.kind is LogKind.UNDO:
            target = int(entry.notation.split(":", 1)[1])
            state = before_ply.get(target, state)
        elif entry.kind in POSITION_KINDS:
            state = state.apply(state.parse_move(entry.notation, entry.seat))
    states.append(state)
    return states


@dataclass(frozen=True, slots=True)
class _Count:
    number: int
    acting: frozenset[Seat]


def _step(count: _Count, state: GameState) -> _Count:
    """The count once ``state`` is reached: a new turn when other seats must act now."""
    actors = frozenset(state.actors())
    if not actors or is_out_of_turn(state) or actors == count.acting:
        return count
    if actors < count.acting:
        # Seats acting together finish one by one: still their turn.
        return _Count(count.number, actors)
    return _Count(count.number + 1, actors)


def turn_numbers(entries: Sequence[LogEntry], states: Sequence[GameState]) -> list[int]:
    """The turn (1, 2, ...) each log entry belongs to; ``states[i]`` is the position before ``entries[i]``
    (see :func:`replay_states`). Entries taken back by an undo keep the number they had; the turns after
    an undo are counted again from the position it went back to."""
    count = _Count(0, frozenset())
    before_ply: dict[int, _Count] = {}
    numbers = []
    for entry, state in zip(entries, states, strict=False):
        before_ply[entry.ply] = count
        if entry.kind is LogKind.UNDO:
            # The undo closes the turn it takes back; counting resumes from the position it returns to.
            numbers.append(max(count.number, 1))
            count = before_ply.get(int(entry.notation.split(":", 1)[1]), count)
            continue
        count = _step(count, state)
        numbers.append(max(count.number, 1))
    return numbers


def current_turn(entries: Sequence[LogEntry], states: Sequence[GameState]) -> int:
    """The number of the turn being played after the last entry (the last turn once the match is over)."""
    count = _Count(0, frozenset())
    before_ply: dict[int, _Count] = {}
    for entry, state in zip(entries, states, strict=False):
        before_ply[entry.ply] = count
        if entry.kind is LogKind.UNDO:
            count = before_ply.get(int(entry.notation.split(":", 1)[1]), count)
        else:
            count = _step(count, state)
    if len(states) > len(entries):
        count = _step(count, states[len(entries)])
    return max(count.number, 1)


def turn_of(match: Match, entries: Sequence[LogEntry]) -> int:
    """The current turn number of ``match`` whose full log is ``entries`` (for headers: "turn 12")."""
    return current_turn(entries, replay_states(match, entries))


@dataclass(frozen=True, slots=True)
class TurnSpan:
    """One turn of a match's log: its number, the entries in it with the position before each, and the
    seats that acted."""

    number: int
    entries: tuple[LogEntry, ...]
    states: tuple[GameState, ...]
    """The position before each entry, then the position after the last one."""


def turns(match: Match, entries: Sequence[LogEntry]) -> list[TurnSpan]:
    """The log cut into turns, in order (an undo's taken-back entries stay where they were played)."""
    states = replay_states(match, entries)
    numbers = turn_numbers(entries, states)
    spans: list[TurnSpan] = []
    start = 0
    for i in range(1, len(entries) + 1):
        if i == len(entries) or numbers[i] != numbers[start]:
            spans.append(TurnSpan(numbers[start], tuple(entries[start:i]), tuple(states[start : i + 1])))
            start = i
    return spans


async def match_turn(service: MatchService, match: Match) -> int:
    """The current turn number of ``match``, read from its log in the store."""
    history = list(await service.history(match.id))
    # A long log takes a fraction of a second to replay: off the event loop.
    return await asyncio.to_thread(turn_of, match, history)


def ply_turns(match: Match, entries: Sequence[LogEntry]) -> dict[int, int]:
    """The turn number of each ply of the full log ``entries`` (for "played until turn 12")."""
    return {e.ply: n for e, n in zip(entries, turn_numbers(entries, replay_states(match, entries)), strict=False)}


async def match_ply_turns(service: MatchService, match: Match) -> dict[int, int]:
    """:func:`ply_turns` of ``match``, read from its log in the store, replayed off the event loop."""
    history = list(await service.history(match.id))
    return await asyncio.to_thread(ply_turns, match, history)
