"""The desks and ping settings as stored: each read or write in its own transaction (see :mod:`.planner` for what
the desk shows, :mod:`.pings` for what the settings mean)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Final

from bot.app.desk.pings import CADENCE_KEY, DIGEST_KEY, DIGEST_SENT_KEY, ROUTE_KEY, PingPrefs, ping_prefs
from bot.app.desk.planner import KeptDesk
from bot.app.storage import Store, from_iso, to_iso

STALE_KEY: Final = "desk_stale"
"""The member's preference noting that their desk awaits a change not drawn yet, kept until it is drawn: the queue
lives in memory, so a restart finds there the desks whose latest change the stopped process had not drawn."""


class DeskBook:
    """Reads and writes the desks (migration 0027) and the members' ping settings (their preferences)."""

    def __init__(self, store: Store, clock: Callable[[], datetime]) -> None:
        self._store = store
        self._clock = clock

    async def kept(self, user_id: int) -> KeptDesk | None:
        """The desk DM kept for ``user_id``, if any."""
        async with self._store.transaction(immediate=False):
            row = await self._store.load_desk(user_id)
        return None if row is None else KeptDesk(*row)

    async def keep(self, user_id: int, channel_id: int | None, message_id: int | None, digest: str) -> None:
        """Remember ``user_id``'s desk message and the digest of what it shows."""
        async with self._store.transaction():
            await self._store.put_desk(user_id, channel_id, message_id, digest, now=self._clock())

    async def owners(self) -> list[int]:
        """Every member who has a desk."""
        async with self._store.transaction(immediate=False):
            return await self._store.desk_owners()

    async def mark(self, user_ids: Iterable[int]) -> None:
        """Leave marks for the process that edits the desks (see :mod:`.shards`)."""
        async with self._store.transaction():
            await self._store.mark_desks(user_ids, now=self._clock())

    async def note_stale(self, user_ids: Iterable[int]) -> None:
        """Note that the desks of ``user_ids`` (those who have one) await a change not drawn yet."""
        async with self._store.transaction():
            await self._store.note_stale_desks(user_ids, STALE_KEY, now=self._clock())

    async def drawn(self, user_id: int) -> None:
        """``user_id``'s desk was drawn with every change noted so far."""
        async with self._store.transaction():
            await self._store.set_pref(user_id, STALE_KEY, None, now=self._clock())

    async def stale(self) -> list[int]:
        """The members whose desk awaits a change not drawn yet (after a restart: the stopped process's queue)."""
        async with self._store.transaction(immediate=False):
            return await self._store.users_with_pref(STALE_KEY, "1")

    async def take_marks(self, limit: int = 1000) -> list[tuple[int, datetime]]:
        """The marks left by other processes, oldest first, each taken once."""
        async with self._store.transaction():
            return await self._store.take_desk_marks(limit)

    # Ping settings.

    async def prefs(self, user_id: int) -> PingPrefs:
        """``user_id``'s ping settings (the defaults when unset)."""
        async with self._store.transaction(immediate=False):
            return ping_prefs(await self._store.load_prefs(user_id))

    async def set_prefs(self, user_id: int, prefs: PingPrefs) -> None:
        """Store ``user_id``'s ping settings (a default value is stored as no setting)."""
        now = self._clock()
        async with self._store.transaction():
            cadence = None if prefs.cadence == "standard" else prefs.cadence
            await self._store.set_pref(user_id, CADENCE_KEY, cadence, now=now)
            await self._store.set_pref(user_id, ROUTE_KEY, None if prefs.route == "thread" else prefs.route, now=now)
            await self._store.set_pref(user_id, DIGEST_KEY, "1" if prefs.digest else None, now=now)

    async def digest_sent(self, user_id: int) -> datetime | None:
        """When ``user_id``'s last daily digest went out."""
        async with self._store.transaction(immediate=False):
            text = await self._store.get_pref(user_id, DIGEST_SENT_KEY)
        try:
            return None if text is None else from_iso(text)
        except ValueError:
            return None

    async def claim_digest(self, user_id: int, last: datetime | None) -> bool:
        """Record that ``user_id``'s digest goes out now; False when another pass recorded one since ``last``."""
        now = self._clock()
        async with self._store.transaction():
            text = await self._store.get_pref(user_id, DIGEST_SENT_KEY)
            if text is not None and (last is None or from_iso(text) > last):
                return False
            await self._store.set_pref(user_id, DIGEST_SENT_KEY, to_iso(now), now=now)
        return True

    async def digest_members(self) -> list[int]:
        """Members who chose the daily digest."""
        async with self._store.transaction(immediate=False):
            return await self._store.users_with_pref(DIGEST_KEY, "1")
