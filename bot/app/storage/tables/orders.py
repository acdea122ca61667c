"""A member's standing orders in a match (``standing_orders``), as the text :mod:`bot.app.orders` writes."""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class OrderQueries(StoreCore):
    """Standing orders, one text per member and match."""

    async def load_orders(self, match_id: int, user_id: int) -> str:
        """The text of ``user_id``'s orders in the match ("" when they left none)."""
        rows = await self._fetch(
            "SELECT orders FROM standing_orders WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        return str(rows[0][0]) if rows else ""

    async def put_orders(self, match_id: int, user_id: int, orders: str, *, now: datetime) -> None:
        """Keep ``orders`` as ``user_id``'s orders in the match ("" removes them)."""
        if not orders:
            await self._write("DELETE FROM standing_orders WHERE match_id = ? AND user_id = ?", (match_id, user_id))
            return
        await self._write(
            "INSERT INTO standing_orders (match_id, user_id, orders, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (match_id, user_id) DO UPDATE SET orders = excluded.orders, updated_at = excluded.updated_at",
            (match_id, user_id, orders, to_iso(now)),
        )
