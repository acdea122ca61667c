"""The vacation allowance that spends itself (pente.org's rule): a member who turned automatic vacation on does
not time out while allowance is left; instead, each time one of their deadlines would pass, whole hours of it are
spent, from the deadline on, until the deadline lies ahead again. The hours are a vacation like a declared one:
they pause every deadline of the member at once (one hour spent covers all their matches, never one per match),
and they count against the same yearly allowance
(:data:`bot.app.clocks.deadlines.VACATION_DAYS_PER_YEAR`). With nothing left, the match's usual timeout applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Final

from bot.app.clocks.deadlines import VACATION_DAYS_PER_YEAR, Interval, vacation_days_used

SPENT_IN: Final = timedelta(hours=1)
"""The allowance is spent in whole hours (a last part-hour, when less is left, is spent whole too)."""
AUTO_VACATION: Final = "auto_vacation"
"""The user preference turning automatic vacation on (value ``on``; no row: off)."""
FORBIDDEN_OPTION: Final = "timeoff"
"""The match option an event's organisers set to ``off`` so its games take no time off at all: no vacation
(declared or spent by itself) and no weekend pause pauses their deadlines."""


def allowance_left(pauses: Sequence[Interval], at: datetime) -> timedelta:
    """What is left at ``at`` of the allowance of ``at``'s calendar year (UTC), ``pauses`` being every vacation
    of the member, declared or spent."""
    used = vacation_days_used(pauses, at.astimezone(UTC).year)
    return max(timedelta(), timedelta(days=VACATION_DAYS_PER_YEAR - used))


def to_spend(deadline: datetime, now: datetime, left: timedelta) -> timedelta:
    """How much allowance carries a deadline that fell at ``deadline`` (not after ``now``) past ``now``: whole
    hours from the deadline on, at least one, no more than ``left`` (zero: nothing is left to spend)."""
    if deadline > now:
        raise ValueError("the deadline has not passed")
    hours = (now - deadline) // SPENT_IN + 1
    return min(hours * SPENT_IN, left)


def spent_span(deadline: datetime, spend: timedelta) -> Interval:
    """The vacation that ``spend`` makes: it starts when the deadline would have passed."""
    return deadline, deadline + spend
