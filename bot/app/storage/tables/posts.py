"""The bot's memory of its own messages: the posts kept per match, and the process's own values (``bot_meta``)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import (
    PostRow,
)


class PostQueries(StoreCore):
    """The messages kept per match (turn post, DMs, question) and the bot process's own values."""

    async def load_posts(self, match_id: int) -> list[PostRow]:
        """Every message remembered for a match."""
        rows = await self._fetch(
            "SELECT kind, subject, channel_id, message_id, detail, counter FROM match_posts WHERE match_id = ?",
            (match_id,),
        )
        return [PostRow(str(k), int(s), c, m, str(d), int(n)) for k, s, c, m, d, n in rows]

    async def put_post(self, match_id: int, post: PostRow, *, now: datetime) -> None:
        """Remember (or replace) one message of a match."""
        await self._write(
            "DELETE FROM match_posts WHERE match_id = ? AND kind = ? AND subject = ?",
            (match_id, post.kind, post.subject),
        )
        await self._write(
            "INSERT INTO match_posts (match_id, kind, subject, channel_id, message_id, detail, counter, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                post.kind,
                post.subject,
                post.channel_id,
                post.message_id,
                post.detail,
                post.counter,
                to_iso(now),
            ),
        )

    async def delete_post(self, match_id: int, kind: str, subject: int) -> None:
        """Forget one message of a match."""
        await self._write(
            "DELETE FROM match_posts WHERE match_id = ? AND kind = ? AND subject = ?", (match_id, kind, subject)
        )

    async def get_meta(self, key: str) -> str | None:
        """A value the bot process keeps for itself, or None when unset."""
        rows = await self._fetch("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str, *, now: datetime | None = None) -> None:
        """Store a value of the bot process."""
        await self._write(
            "INSERT INTO bot_meta (key, value, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (key, value, to_iso(now or datetime.now(UTC))),
        )
