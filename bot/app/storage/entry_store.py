"""SQL of check-in and late entry (migration ``0017_event_entry.sql``), beside :mod:`bot.app.storage.events_store`.

The same store helpers, so every statement shares the caller's transaction; kept apart from the event tables'
own statements because only :mod:`bot.app.events.entry` writes these columns.
"""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.events_store import EventStore
from bot.app.storage.store import to_iso


class EntryStore(EventStore):
    """Typed statements for check-in and late entry (see the module docstring)."""

    async def open_checkin(self, event_id: int, *, now: datetime) -> bool:
        """Open check-in of an event in sign-up; True only for the call that opened it."""
        return await self._changed(
            "UPDATE events SET checkin_opened_at = ?, updated_at = ? WHERE id = ? AND status = 'signup'"
            " AND checkin_opened_at IS NULL",
            (to_iso(now), to_iso(now), event_id),
        )

    async def check_in(self, event_id: int, user_id: int, *, now: datetime) -> bool:
        """Mark a signed-up player present; False when they are not signed up or already checked in."""
        return await self._changed(
            "UPDATE event_players SET checked_in_at = ? WHERE event_id = ? AND user_id = ? AND checked_in_at IS NULL",
            (to_iso(now), event_id, user_id),
        )

    async def admit_player(
        self, event_id: int, user_id: int, seed: int, *, entry_round: int, missed_half: bool, now: datetime
    ) -> bool:
        """Add a player after the start, paired from ``entry_round``; False when they are already in."""
        return await self._changed(
            "INSERT INTO event_players (event_id, user_id, seed, joined_at, entry_round, missed_half)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (event_id, user_id, seed, to_iso(now), entry_round, int(missed_half)),
        )
