"""The members' desks: the DM kept for each, and the marks of desks to redraw left by other shard processes."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.app.storage.base import from_iso, to_iso
from bot.app.storage.core import StoreCore


class DeskQueries(StoreCore):
    """``member_desks`` and ``desk_marks`` (migration 0027)."""

    async def load_desk(self, user_id: int) -> tuple[int | None, int | None, str] | None:
        """The desk kept for ``user_id``: (DM channel, message, digest shown), or None when they have none."""
        rows = await self._fetch(
            "SELECT channel_id, message_id, digest FROM member_desks WHERE user_id = ?", (user_id,)
        )
        if not rows:
            return None
        channel, message, digest = rows[0]
        return (None if channel is None else int(channel), None if message is None else int(message), str(digest))

    async def put_desk(
        self, user_id: int, channel_id: int | None, message_id: int | None, digest: str, *, now: datetime
    ) -> None:
        """Remember ``user_id``'s desk message and what it shows."""
        await self._write(
            "INSERT INTO member_desks (user_id, channel_id, message_id, digest, updated_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id,"
            " message_id = excluded.message_id, digest = excluded.digest, updated_at = excluded.updated_at",
            (user_id, channel_id, message_id, digest, to_iso(now)),
        )

    async def desk_owners(self) -> list[int]:
        """Every member who has a desk (the clock's sweep redraws them after a restart)."""
        rows = await self._fetch("SELECT user_id FROM member_desks WHERE message_id IS NOT NULL ORDER BY user_id", ())
        return [int(u) for (u,) in rows]

    async def mark_desks(self, user_ids: Iterable[int], *, now: datetime) -> None:
        """Leave a mark for each of ``user_ids``: their desk is out of date (the oldest mark of each is kept)."""
        for user_id in sorted(set(user_ids)):
            await self._write(
                "INSERT INTO desk_marks (user_id, marked_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
                (user_id, to_iso(now)),
            )

    async def note_stale_desks(self, user_ids: Iterable[int], key: str, *, now: datetime) -> None:
        """Note, under the preference ``key``, that the desks of those of ``user_ids`` who have one are out of date
        (members without a desk are left out: nothing of theirs is drawn)."""
        for user_id in sorted(set(user_ids)):
            await self._write(
                "INSERT INTO user_prefs (user_id, key, value, updated_at) SELECT ?, ?, '1', ?"
                " WHERE EXISTS (SELECT 1 FROM member_desks WHERE user_id = ? AND message_id IS NOT NULL)"
                " ON CONFLICT (user_id, key) DO NOTHING",
                (user_id, key, to_iso(now), user_id),
            )

    async def take_desk_marks(self, limit: int = 1000) -> list[tuple[int, datetime]]:
        """Up to ``limit`` marks, oldest first, deleted as they are read (call in a transaction)."""
        rows = await self._fetch(
            "SELECT user_id, marked_at FROM desk_marks ORDER BY marked_at, user_id LIMIT ?", (limit,)
        )
        taken = [(int(u), from_iso(at)) for u, at in rows]
        for user_id, _ in taken:
            await self._write("DELETE FROM desk_marks WHERE user_id = ?", (user_id,))
        return taken
