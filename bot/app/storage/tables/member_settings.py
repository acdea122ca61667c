"""A member's settings for one match (``member_match_settings``), over their standing preferences."""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class MemberSettingQueries(StoreCore):
    """Per-match member settings: a value set for one match wins over the member's standing preference."""

    async def load_match_settings(self, match_id: int, user_id: int) -> dict[str, str]:
        """The settings ``user_id`` set for this match alone, by key (empty: the standing ones apply)."""
        rows = await self._fetch(
            "SELECT key, value FROM member_match_settings WHERE match_id = ? AND user_id = ? ORDER BY key",
            (match_id, user_id),
        )
        return {str(k): str(v) for k, v in rows}

    async def set_match_setting(
        self, match_id: int, user_id: int, key: str, value: str | None, *, now: datetime
    ) -> None:
        """Set ``user_id``'s setting ``key`` for this match; None goes back to their standing preference."""
        if value is None:
            await self._write(
                "DELETE FROM member_match_settings WHERE match_id = ? AND user_id = ? AND key = ?",
                (match_id, user_id, key),
            )
            return
        await self._write(
            "INSERT INTO member_match_settings (match_id, user_id, key, value, updated_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id, user_id, key) DO UPDATE SET value = excluded.value,"
            " updated_at = excluded.updated_at",
            (match_id, user_id, key, value, to_iso(now)),
        )
