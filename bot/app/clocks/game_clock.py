"""A game clock per player, as pure arithmetic: the choices, what a turn costs, when the flag falls.

Besides (or instead of) a limit per turn (:mod:`bot.app.clocks.deadlines`), a live match may give each player a
game clock: ``clock`` minutes for the whole match, plus ``increment`` seconds after each of their turns
(Fischer timing). Both are service options of the match (:data:`bot.app.matches.SERVICE_OPTIONS`), so a
rematch and an event's games inherit them with the game's options.

- The clock runs only while its seat must act: from the instant the seat becomes one of the acting seats
  (the ``since`` of its turn clock) until it stops being one. A seat that acts several times in a row (an
  extra roll in Ur) plays one turn; in a simultaneous step (Ursuppe) every seat that must act runs at once.
- When the turn ends, the time it took is taken off and the increment added
  (:func:`charged`); the remaining time is stored per seat, so with ``since`` it is known to the second after
  a restart: left = stored - (now - since).
- The flag falls when the time left reaches zero: the match's timeout policy applies exactly as for a turn
  deadline (vote, move, forfeit). A "wait" vote gives the late seat one more turn's time
  (:func:`grace`). After a move played for it, a seat whose flag fell plays on its increment alone.
- One warning when :data:`LOW_TIME` is left, once per match per seat (not per turn).
- A live turn limit (minutes) may be chosen too, and then a turn ends at whichever comes first: the limit
  keeps an absent player from holding the table for their whole clock, the clock bounds the whole match. A
  game clock alone (no turn limit) works as well: the usual chess clock. A game clock with a play-by-post
  limit (hours or days) is refused at creation (:func:`fits_pace`).
- The clock runs only in live play (:func:`clock_runs`): when the players switch the match to play by post
  (:mod:`bot.app.matches.paces`) it stops with each seat's time left kept, and runs on from there when they
  switch back to live. Vacations and quiet hours do not stop a game clock: it is for players sitting at the
  table, and a declared absence must not pause a live game.

Nothing here reads a clock or the database: callers pass the instants.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from bot.app.clocks.deadlines import Interval, TurnTimes, is_live, turn_times

CLOCK_CHOICES: Final[dict[str, int | None]] = {"none": None, "5m": 300, "10m": 600, "20m": 1200, "30m": 1800}
"""The game clocks offered at ``/game new`` and ``/event create``: seconds per player for the whole match."""
INCREMENT_CHOICES: Final[dict[str, int]] = {"0": 0, "2": 2, "5": 5, "10": 10}
"""Seconds added to a player's clock after each of their turns."""
LOW_TIME: Final = timedelta(minutes=1)
"""The one warning of a match goes out to a player when this much time is left on their clock."""
WAIT_GRACE: Final = timedelta(minutes=1)
"""What a "wait" vote gives a seat whose flag fell, in a match without a turn limit (with one: that limit)."""


@dataclass(frozen=True, slots=True)
class ClockSetting:
    """A match's game clock: the time each player has for the match and the increment per turn."""

    total: timedelta
    increment: timedelta


def clock_setting(options: Mapping[str, str]) -> ClockSetting | None:
    """The game clock a match's options choose, or None (no ``clock`` option, or ``none``)."""
    seconds = CLOCK_CHOICES.get(options.get("clock", "none"))
    if seconds is None:
        return None
    increment = INCREMENT_CHOICES.get(options.get("increment", "0"), 0)
    return ClockSetting(timedelta(seconds=seconds), timedelta(seconds=increment))


def clock_runs(turn_limit: int | None, options: Mapping[str, str]) -> bool:
    """True when the match's game clock runs: it has one, and its pace is live (a turn limit of minutes, or
    none: the clock alone). Under a play-by-post limit the clock waits, each seat's time left kept."""
    return clock_setting(options) is not None and (turn_limit is None or is_live(turn_limit))


def fits_pace(turn_limit: int | None, options: Mapping[str, str]) -> bool:
    """False for a game clock chosen with a play-by-post limit (it would never run): refused at creation."""
    return clock_setting(options) is None or clock_runs(turn_limit, options)


def live_play(turn_limit: int | None, options: Mapping[str, str]) -> bool:
    """True for live play: a turn limit of minutes (:func:`bot.app.clocks.deadlines.is_live`) or a running game
    clock."""
    return is_live(turn_limit) or clock_runs(turn_limit, options)


def time_left(remaining: timedelta, since: datetime, now: datetime) -> timedelta:
    """What is left at ``now`` of ``remaining`` (the time left when the turn began at ``since``); never below 0."""
    return max(timedelta(), remaining - max(timedelta(), now - since))


def charged(remaining: timedelta, since: datetime, now: datetime, increment: timedelta) -> timedelta:
    """The time left once a turn begun at ``since`` ends at ``now``: its length taken off, the increment added."""
    return time_left(remaining, since, now) + increment


def grace(turn_limit: int | None) -> timedelta:
    """The time a "wait" vote gives a seat whose flag fell: one more turn (the turn limit, else :data:`WAIT_GRACE`)."""
    return WAIT_GRACE if turn_limit is None else timedelta(seconds=turn_limit)


def low_time_at(since: datetime, remaining: timedelta) -> datetime:
    """When the low-time warning of a turn begun at ``since`` with ``remaining`` left is due (at once when
    less than :data:`LOW_TIME` was left)."""
    return since + max(timedelta(), remaining - LOW_TIME)


def clock_times(
    since: datetime, turn_limit: int | None, remaining: timedelta | None, pauses: Sequence[Interval] = ()
) -> TurnTimes:
    """A turn's reminders and end, turn limit and game clock together: the turn ends at whichever comes first.

    ``remaining`` is the seat's game clock when the turn began (None: no game clock). Without a turn limit
    the reminders fall at the flag fall too (none is sent: the game clock warns once per match instead).
    """
    if turn_limit is None:
        if remaining is None:
            raise ValueError("a turn with neither a limit nor a game clock has no end")
        flag = since + remaining
        return TurnTimes(half=flag, soon=flag, deadline=flag)
    times = turn_times(since, turn_limit, pauses)
    if remaining is None or since + remaining >= times.deadline:
        return times
    flag = since + remaining
    return TurnTimes(half=min(times.half, flag), soon=min(times.soon, flag), deadline=flag)


def to_ms(span: timedelta) -> int:
    """A span in whole milliseconds, as stored."""
    return span // timedelta(milliseconds=1)


def from_ms(ms: int) -> timedelta:
    """A stored span back from milliseconds."""
    return timedelta(milliseconds=ms)


def minutes_seconds(span: timedelta) -> tuple[int, int]:
    """Whole minutes and seconds of ``span`` (seconds rounded down, as a chess clock shows them)."""
    seconds = max(0, int(span.total_seconds()))
    return divmod(seconds, 60)


@dataclass(frozen=True, slots=True)
class ClockFace:
    """One seat's game clock as a post shows it: the time left at the moment asked, and the flag-fall instant
    while it runs (None: the seat is not acting)."""

    left: timedelta
    flag: datetime | None = None
