"""Members' plans ahead (issue 36): one row per member and match, read by the plan stand-in and the member."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


@dataclass(frozen=True, slots=True)
class PlanRow:
    """A stored plan: the member's seat, the match version it starts from, its branches (JSON) and, once the game
    left it, why (JSON) until the member is told."""

    match_id: int
    user_id: int
    seat: int
    base: int
    body: str
    entries: int
    dropped: str | None


_COLUMNS = "match_id, user_id, seat, base, body, entries, dropped"


def _plan_row(r: Sequence[Any]) -> PlanRow:
    dropped = None if r[6] is None else str(r[6])
    return PlanRow(int(r[0]), int(r[1]), int(r[2]), int(r[3]), str(r[4]), int(r[5]), dropped)


class PlanQueries(StoreCore):
    """Keep, read and drop members' plans."""

    async def put_plan(
        self, match_id: int, user_id: int, seat: int, base: int, body: str, entries: int, *, now: datetime
    ) -> None:
        """Keep a member's plan for a match (replacing the one they had, standing or dropped)."""
        await self._write(
            f"INSERT INTO plans ({_COLUMNS}, updated_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)"
            " ON CONFLICT (match_id, user_id) DO UPDATE SET seat = excluded.seat, base = excluded.base,"
            " body = excluded.body, entries = excluded.entries, dropped = NULL, updated_at = excluded.updated_at",
            (match_id, user_id, seat, base, body, entries, to_iso(now)),
        )

    async def load_plan(self, match_id: int, user_id: int) -> PlanRow | None:
        """A member's plan for a match (standing or dropped), or None."""
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM plans WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        return _plan_row(rows[0]) if rows else None

    async def load_plans_of(self, user_id: int) -> list[PlanRow]:
        """Every plan a member has, in every match, by match."""
        rows = await self._fetch(f"SELECT {_COLUMNS} FROM plans WHERE user_id = ? ORDER BY match_id", (user_id,))
        return [_plan_row(r) for r in rows]

    async def drop_plan(self, match_id: int, user_id: int, reason: str, *, now: datetime) -> None:
        """Mark a plan the game left, with why (JSON), until its member is told."""
        await self._write(
            "UPDATE plans SET dropped = ?, updated_at = ? WHERE match_id = ? AND user_id = ?",
            (reason, to_iso(now), match_id, user_id),
        )

    async def delete_plan(self, match_id: int, user_id: int) -> bool:
        """Forget a member's plan; True when there was one."""
        return await self._changed("DELETE FROM plans WHERE match_id = ? AND user_id = ?", (match_id, user_id))

    async def delete_plans_of_match(self, match_id: int) -> None:
        """Forget every plan of a match (it is over)."""
        await self._write("DELETE FROM plans WHERE match_id = ?", (match_id,))

    async def take_dropped_plans(self, match_id: int) -> list[PlanRow]:
        """The plans of a match the game left, each handed out once (they are deleted as they are read)."""
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM plans WHERE match_id = ? AND dropped IS NOT NULL ORDER BY user_id", (match_id,)
        )
        if rows:
            await self._write("DELETE FROM plans WHERE match_id = ? AND dropped IS NOT NULL", (match_id,))
        return [_plan_row(r) for r in rows]
