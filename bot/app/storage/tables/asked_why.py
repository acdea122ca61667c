"""Why a member was asked after all (``asked_why``): the stop of their plan, order or autopilot, for their eyes."""

from __future__ import annotations

from bot.app.storage.core import StoreCore


class AskedWhyQueries(StoreCore):
    """One row per member and match: the decision they were asked and why a stand-in stopped there."""

    async def put_asked_why(self, match_id: int, user_id: int, version: int, why: str | None) -> None:
        """Keep why ``user_id`` is asked the decision at ``version`` (None: nothing stopped, the row goes)."""
        await self._write("DELETE FROM asked_why WHERE match_id = ? AND user_id = ?", (match_id, user_id))
        if why is not None:
            await self._write(
                "INSERT INTO asked_why (match_id, user_id, version, why) VALUES (?, ?, ?, ?)",
                (match_id, user_id, version, why[:400]),
            )

    async def load_asked_why(self, match_id: int, user_id: int) -> tuple[int, str] | None:
        """The version of the decision ``user_id`` was asked and why, or None."""
        rows = await self._fetch(
            "SELECT version, why FROM asked_why WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        return (int(rows[0][0]), str(rows[0][1])) if rows else None
