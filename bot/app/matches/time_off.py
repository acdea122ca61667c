"""Time off in the service: which pauses a turn's deadline skips, and the vacation allowance spending itself.

A turn's deadline skips its player's vacations, declared (``/game vacation``) or spent by themselves
(:mod:`bot.app.timeoff.allowance`), and the weekends its players agreed to pause (:mod:`.weekends`), unless the
match forbids time off (an event's organisers chose so: the match option ``timeoff`` is ``off``; then nothing
pauses its deadlines). Only play by post takes time off by itself: a live turn (minutes) or a game clock runs
on, as the players sit at the table.

When a deadline passes, the clock's tick asks :meth:`TimeOff.spend_time_off` before applying the match's timeout:
with automatic vacation on and allowance left, whole hours are spent from the deadline on and the turn goes on;
the channel is told once per turn (the clock row's ``timeoff`` mark), and once more when the allowance runs out
(``timeoff_out``), after which the usual timeout applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from bot.app.clocks.deadlines import Interval, active_deadline, is_live
from bot.app.matches.core import Core
from bot.app.matches.model import DueStep, Match, MatchStatus
from bot.app.storage import Store
from bot.app.timeoff.allowance import (
    AUTO_VACATION,
    FORBIDDEN_OPTION,
    allowance_left,
    spent_span,
    to_spend,
)
from bot.app.timeoff.weekends import HORIZON, weekends


def forbids_time_off(match: Match) -> bool:
    """True when the match takes no time off (an event's organisers forbade it)."""
    return match.options.get(FORBIDDEN_OPTION) == "off"


async def turn_pauses(store: Store, match: Match, user_id: int, since: datetime) -> list[Interval]:
    """What a turn of ``user_id`` begun at ``since`` in ``match`` does not count: their vacations and the match's
    agreed weekends (not in live play); nothing when the match forbids time off. Call it in a transaction."""
    if forbids_time_off(match):
        return []
    pauses = [(a, b) for _, a, b in await store.load_vacations(user_id)]
    # A match switched to live play after its players agreed to weekends plays on at the table.
    zones = None if is_live(match.turn_limit) else await store.get_weekend_zones(match.id)
    if zones:
        pauses += weekends(zones, since, since + timedelta(seconds=match.turn_limit or 0) + HORIZON)
    return pauses


@dataclass(frozen=True, slots=True)
class TimeOffSpent:
    """What the allowance did for a passed deadline: ``spent`` (the turn goes on until ``deadline``), ``covered``
    (hours spent for another match of the member already carry it: nothing to do) or ``exhausted`` (nothing is
    left: the usual timeout applies). ``tell``: this turn's channel was not told yet."""

    kind: Literal["spent", "covered", "exhausted"]
    spent: timedelta
    left: timedelta
    deadline: datetime | None
    tell: bool


class TimeOff(Core):
    """The allowance spending itself, and a member's time-off settings."""

    async def auto_vacation(self, user_id: int) -> bool:
        """True when the member turned automatic vacation on."""
        async with self._store.transaction(immediate=False):
            return await self._store.get_pref(user_id, AUTO_VACATION) == "on"

    async def set_auto_vacation(self, user_id: int, on: bool) -> None:
        """Turn the member's automatic vacation on or off."""
        async with self._store.transaction():
            await self._store.set_pref(user_id, AUTO_VACATION, "on" if on else None, now=self._clock())

    async def allowance(self, user_id: int) -> timedelta:
        """What is left of the member's vacation allowance this year."""
        now = self._clock()
        async with self._store.transaction(immediate=False):
            return allowance_left([(a, b) for _, a, b in await self._store.load_vacations(user_id)], now)

    async def spend_time_off(self, step: DueStep) -> TimeOffSpent | None:
        """Spend the member's allowance on the passed deadline of ``step`` (an ``expired`` step), if they turned
        automatic vacation on and the match allows it; None when the usual timeout applies at once (off,
        forbidden, live play, a game clock, or the turn is over)."""
        now = self._clock()
        seat, since = step.clock.seat, step.clock.since
        async with self._store.transaction():
            match = await self._load(step.match.id)
            limit = match.turn_limit
            if match.status is not MatchStatus.ACTIVE or limit is None or is_live(limit) or seat in match.ai:
                return None
            if step.clock.left is not None or seat >= len(match.seats):
                return None
            since_now, handled = (await self._store.load_clocks(match.id)).get(seat, (None, []))
            if since_now != since or "expired" in handled or "decided" in handled:
                return None
            user = match.seats[seat]
            span = timedelta(seconds=limit)
            pauses = await turn_pauses(self._store, match, user, since)
            deadline = active_deadline(since, span, pauses)
            if deadline > now:
                return TimeOffSpent("covered", timedelta(), timedelta(), deadline, False)
            if forbids_time_off(match) or await self._store.get_pref(user, AUTO_VACATION) != "on":
                return None
            left = allowance_left([(a, b) for _, a, b in await self._store.load_vacations(user)], deadline)
            spend = to_spend(deadline, now, left)
            if spend > timedelta():
                start, end = spent_span(deadline, spend)
                await self._store.add_spent_vacation(user, start, end, match.id, now=now)
                deadline = active_deadline(since, span, [*pauses, (start, end)])
                if deadline > now:
                    tell = await self._store.mark_clock(match.id, seat, since, "timeoff")
                    return TimeOffSpent("spent", spend, left - spend, deadline, tell)
            tell = await self._store.mark_clock(match.id, seat, since, "timeoff_out")
            return TimeOffSpent("exhausted", spend, timedelta(), None, tell)
