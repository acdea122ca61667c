"""Plan forms being filled in (``plan_drafts``): the picks of a form too big for its custom ids, by token."""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class PlanDraftQueries(StoreCore):
    """Keep, read and expire the drafts of members' plan forms (bounds: :mod:`bot.app.plans.drafts`)."""

    async def new_plan_draft(
        self, match_id: int, user_id: int, version: int, body: str, *, now: datetime, keep: int
    ) -> int:
        """Keep a new draft and return its token (one more than the member's last in the match); only the
        member's ``keep`` newest drafts of the match stay."""
        rows = await self._fetch(
            "SELECT MAX(token) FROM plan_drafts WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        token = int(rows[0][0] or 0) + 1 if rows else 1
        await self._write(
            "INSERT INTO plan_drafts (match_id, user_id, token, version, body, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, user_id, token, version, body, to_iso(now)),
        )
        await self._write(
            "DELETE FROM plan_drafts WHERE match_id = ? AND user_id = ? AND token <= ?",
            (match_id, user_id, token - keep),
        )
        return token

    async def put_plan_draft(self, match_id: int, user_id: int, token: int, body: str, *, now: datetime) -> bool:
        """Change a draft's picks; False when it is gone (expired, or pushed out by newer ones)."""
        return await self._changed(
            "UPDATE plan_drafts SET body = ?, updated_at = ? WHERE match_id = ? AND user_id = ? AND token = ?",
            (body, to_iso(now), match_id, user_id, token),
        )

    async def load_plan_draft(self, match_id: int, user_id: int, token: int) -> tuple[int, str] | None:
        """A draft's match version and picks, or None when it is gone."""
        rows = await self._fetch(
            "SELECT version, body FROM plan_drafts WHERE match_id = ? AND user_id = ? AND token = ?",
            (match_id, user_id, token),
        )
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    async def expire_plan_drafts(self, before: datetime) -> None:
        """Forget every draft last changed before ``before``."""
        await self._write("DELETE FROM plan_drafts WHERE updated_at < ?", (to_iso(before),))

    async def delete_plan_drafts_of_match(self, match_id: int) -> None:
        """Forget every draft of a match (it is over)."""
        await self._write("DELETE FROM plan_drafts WHERE match_id = ?", (match_id,))
