"""Check-in before round 1 and late entry after the start: the organiser's tools for a club evening.

Check-in (optional). An organiser opens it while sign-up is open; each signed-up member taps "I'm here" (or an
organiser checks them in; signing up while check-in is open counts as being here). When the event starts,
only the members who checked in stay: the others are taken off the list as a withdrawal during sign-up is,
the log names them, and the caller tells them once. Starting with fewer checked in than a round needs is
refused and changes nothing. An event whose check-in was never opened starts with everyone, as before.

Late entry. Once the event runs, an organiser admits a member, seeded last; they are paired (or seated) from
the next round to be paired, and every round before it counts 0 or ½ of a win, as the organiser chose at admission
(½ of a table win, 30 table points, at seated tables). The standings read those rounds as
:class:`bot.app.tournaments.standings.Missed`: unplayed rounds under FIDE's virtual-opponent rule for
Buchholz, as byes are, nothing for Sonneborn–Berger, and never a bye for pairing. A round robin's schedule
is fixed by its seeding at the start, so it admits nobody late. Both actions are logged.
"""

from __future__ import annotations

from datetime import datetime

from bot.app.events.core import EventCore
from bot.app.events.formats import format_of
from bot.app.events.model import Event, EventError, EventStatus
from bot.app.storage.entry_store import EntryStore


async def drop_absentees(rows: EntryStore, event: Event, actor_id: int, now: datetime) -> tuple[int, ...]:
    """At the start of an event whose check-in is open, take off everyone who did not check in; who they were.

    Raises:
        EventError: ``event_not_enough_checked_in`` (nothing is changed then).
    """
    if not event.checkin_open:
        return ()
    here = [p.user_id for p in event.players if p.checked_in]
    minimum = format_of(event.format).minimum_players
    if len(here) < minimum:
        raise EventError("event_not_enough_checked_in", min=minimum, count=len(here))
    absent = tuple(p.user_id for p in event.players if not p.checked_in)
    for user_id in absent:
        await rows.remove_player(event.id, user_id)
    if absent:
        await rows.log(event.id, actor_id, "absent", {"players": list(absent), "here": len(here)}, now=now)
    return absent


class Entries(EventCore):
    """Open check-in, check members in, and admit a member after the start (see the module docstring)."""

    @property
    def _entry_rows(self) -> EntryStore:
        return EntryStore(self._store)

    async def open_checkin(self, event_id: int, actor_id: int) -> Event:
        """Open check-in: from now on the first round pairs only the members who say they are here.

        Raises:
            EventError: ``event_not_found``, ``event_not_signup`` or ``event_checkin_open`` (already open).
        """
        now = self._clock()
        async with self._changing(event_id, "event_not_signup", EventStatus.SIGNUP) as event:
            if event.checkin_open or not await self._entry_rows.open_checkin(event_id, now=now):
                raise EventError("event_checkin_open")
            await self._rows.log(event_id, actor_id, "checkin", {"players": len(event.players)}, now=now)
            return await self._load(event_id)

    async def check_in(self, event_id: int, user_id: int, actor_id: int) -> Event:
        """Mark a signed-up member present (``actor_id``: themselves, or the organiser who saw them).

        Raises:
            EventError: ``event_not_found``, ``event_not_signup``, ``event_checkin_not_open``,
                ``event_not_signed_up`` or ``event_already_checked_in``.
        """
        now = self._clock()
        async with self._changing(event_id, "event_not_signup", EventStatus.SIGNUP) as event:
            if not event.checkin_open:
                raise EventError("event_checkin_not_open")
            if user_id not in event.player_ids:
                raise EventError("event_not_signed_up")
            if not await self._entry_rows.check_in(event_id, user_id, now=now):
                raise EventError("event_already_checked_in")
            await self._rows.log(event_id, actor_id, "check_in", {"player": user_id}, now=now)
            return await self._load(event_id)

    async def admit(self, event_id: int, user_id: int, actor_id: int, *, half: bool) -> Event:
        """Admit a member to a running event: paired from the next round to be paired, each round before it
        counting ½ of a win (``half``) or nothing.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_late_round_robin``,
                ``event_already_player``, ``event_full`` or ``event_no_more_rounds``.
        """
        now = self._clock()
        async with self._changing(event_id, "event_not_running", EventStatus.RUNNING) as event:
            if not format_of(event.format).late_entry:
                raise EventError("event_late_round_robin")
            seed = event.newcomer_seed(user_id, "event_already_player")
            entry = event.current_round + 1
            if entry > event.rounds:
                raise EventError("event_no_more_rounds")
            if not await self._entry_rows.admit_player(
                event_id, user_id, seed, entry_round=entry, missed_half=half, now=now
            ):
                raise EventError("event_already_player")
            details = {"player": user_id, "round": entry, "missed": entry - 1, "half": half}
            await self._rows.log(event_id, actor_id, "admit", details, now=now)
            return await self._load(event_id)
