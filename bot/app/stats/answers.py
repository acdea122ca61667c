"""How soon a member answers a ping: the median and the 90th percentile of their answer times over the last
:data:`WINDOW`, from the move log.

An answer is a member's first decision after a decision of another seat (or the match's start), in a match
played by post (a live match pings nobody at a new turn); it took from the last entry before it (the other
player's move, or the roll that followed it) to the decision. A seat's further decisions in the same turn (an
extra roll) are not answers. The member sees their own figures; others see only :func:`rounded` (the median
rounded up to a coarse step, "usually answers within 3 hours"), and nothing when the member hid it
(:data:`HIDE_ANSWER_TIME`) or answered fewer than :data:`ENOUGH` times: no instant a member was online can be
read back from it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

WINDOW: Final = timedelta(days=90)
ENOUGH: Final = 5
"""Fewer answers than this give no figure (a figure of one or two answers would tell when they were made)."""
HIDE_ANSWER_TIME: Final = "answer_time"
"""The user preference (value ``hidden``) keeping a member's rounded answer time from others."""
STEPS: Final = tuple(timedelta(hours=h) for h in (1, 3, 6, 12, 24, 48, 72, 24 * 7))
"""What others may read: the median rounded up to the first of these (beyond the last: "more than a week")."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a match's log as the statistic reads it: who decided (None: chance or the service), when,
    and whether it is a decision of a seat (a move, or one the clock made for it)."""

    seat: int | None
    at: datetime
    decision: bool


def answer_times(entries: Iterable[Entry], seat: int) -> list[timedelta]:
    """``seat``'s answer times in one match's log (entries in ply order)."""
    found: list[timedelta] = []
    last_decider: int | None = None
    last_at: datetime | None = None
    for entry in entries:
        if entry.decision and entry.seat == seat and last_decider != seat and last_at is not None:
            found.append(max(timedelta(), entry.at - last_at))
        if entry.decision:
            last_decider = entry.seat
        last_at = entry.at
    return found


def percentile(times: Sequence[timedelta], q: float) -> timedelta:
    """The ``q`` quantile of ``times`` by nearest rank (the smallest time at least ``q`` of them do not exceed)."""
    ordered = sorted(times)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class AnswerTimes:
    """A member's answers over the window: how many, the median and the 90th percentile."""

    count: int
    median: timedelta
    p90: timedelta


def summary(times: Sequence[timedelta]) -> AnswerTimes | None:
    """The figures of ``times``, or None with fewer than :data:`ENOUGH`."""
    if len(times) < ENOUGH:
        return None
    return AnswerTimes(len(times), percentile(times, 0.5), percentile(times, 0.9))


def rounded(figures: AnswerTimes) -> timedelta | None:
    """What others read: the median rounded up to a step of :data:`STEPS`; None beyond the last."""
    return next((step for step in STEPS if figures.median <= step), None)
