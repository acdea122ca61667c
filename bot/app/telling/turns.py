"""Turns as players count them: the stretches of a match during which the same seat(s) are asked to choose.

This is the one definition of a turn number; the turn posts, ``/game history``, ``/game status``,
``/game mine`` and exports all show it (:attr:`Match.turn` keeps it, each save advancing it):

- only the moments a seat is *asked* count: the position before a decision somebody chose (a player, the AI,
  the bot when time ran out), before a change of the match itself (a resignation, a seat changing hands) and
  the position a change ends in. A turn starts when the seats asked differ
  from those asked before, so the first decision anyone is asked for is turn 1;
- positions the match only passes through ask nobody: a roll nobody can play (a pass), a forced move played
  automatically (option ``autoplay``), the engine's own steps. They belong to the turn they happen in and
  never start one, so each new turn post is exactly one more than the one before;
- seats that act together (a simultaneous secret set-up) stay in one turn while they finish one by one, and
  an out-of-turn answer (an Ursuppe defence or Holding choice) belongs to the turn it interrupts.

Everything here is pure: from a match's log entries and the positions they were played in. Call
:func:`turn_of` for the current turn of a :class:`~bot.app.matches.Match` and its log.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.app.matches import LogEntry, LogKind, Match, MatchService

# The counting itself lives with the match log, where each save advances it (see TurnReport.turn).
from bot.app.matches.log import (
    OUT_OF_TURN,
    asked,
    autoplaying,
    count_turns,
    counted_at,
    is_out_of_turn,
    next_count,
    replay_states,
)
from bot.app.matches.model import TurnCount
from games.base import GameInfo, GameState


def turn_numbers(
    entries: Sequence[LogEntry], states: Iterable[GameState], autoplay: GameInfo | None = None
) -> list[int]:
    """The turn (1, 2, ...) each log entry belongs to; the ``i``-th of ``states`` is the position before
    ``entries[i]`` (:func:`replay_states`, or :func:`~bot.app.matches.log.iter_states` one at a time),
    ``autoplay`` as :func:`autoplaying` gives it. Entries taken back by an undo keep the number they had;
    the turns after an undo are counted again from the position it went back to."""
    count = TurnCount(0, frozenset())
    before_ply: dict[int, TurnCount] = {}
    numbers = []
    for entry, state in zip(entries, states, strict=False):
        before_ply[entry.ply] = count
        if entry.kind is LogKind.UNDO:
            # The undo closes the turn it takes back; counting resumes from the position it returns to.
            numbers.append(max(count.number, 1))
            count = before_ply.get(int(entry.notation.split(":", 1)[1]), count)
            continue
        if counted_at(entry, state, autoplay):
            count = next_count(count, state)
        numbers.append(max(count.number, 1))
    return numbers


def current_turn(entries: Sequence[LogEntry], states: Sequence[GameState], autoplay: GameInfo | None = None) -> int:
    """The number of the turn being played after the last entry (the last turn once the match is over)."""
    return max(count_turns(entries, states, autoplay).number, 1)


def turn_of(match: Match, entries: Sequence[LogEntry]) -> int:
    """The current turn number of ``match`` whose full log is ``entries`` (for headers: "turn 12")."""
    return current_turn(entries, replay_states(match, entries), autoplaying(match))


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
    numbers = turn_numbers(entries, states, autoplaying(match))
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


async def known_turn(service: MatchService, match: Match) -> int:
    """The current turn number of ``match``: the one kept with it (each save advances it), else, for a match
    not saved since migration 0014, counted from its log (:func:`match_turn`)."""
    if match.turn is not None:
        return match.turn
    return await match_turn(service, match)


def ply_turns(match: Match, entries: Sequence[LogEntry]) -> dict[int, int]:
    """The turn number of each ply of the full log ``entries`` (for "played until turn 12")."""
    numbers = turn_numbers(entries, replay_states(match, entries), autoplaying(match))
    return {e.ply: n for e, n in zip(entries, numbers, strict=False)}


async def match_ply_turns(service: MatchService, match: Match) -> dict[int, int]:
    """:func:`ply_turns` of ``match``, read from its log in the store, replayed off the event loop."""
    history = list(await service.history(match.id))
    return await asyncio.to_thread(ply_turns, match, history)


__all__ = [
    "OUT_OF_TURN",
    "TurnSpan",
    "asked",
    "autoplaying",
    "current_turn",
    "is_out_of_turn",
    "known_turn",
    "match_ply_turns",
    "match_turn",
    "ply_turns",
    "replay_states",
    "turn_numbers",
    "turn_of",
    "turns",
]
