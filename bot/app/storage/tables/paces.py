"""The pace of a match: its turn limit, and the pending switch the other players answer (migration 0018)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class PaceQueries(StoreCore):
    """A match's turn limit, and its one pending pace switch with the seats that accepted."""

    async def set_turn_limit(self, match_id: int, turn_limit: int | None, *, now: datetime) -> None:
        """Set the seconds a turn of the match may take (None: no deadline)."""
        await self._write(
            "UPDATE matches SET turn_limit = ?, updated_at = ? WHERE id = ?", (turn_limit, to_iso(now), match_id)
        )

    async def get_pace_offer(self, match_id: int) -> tuple[int, int, int | None, list[int]] | None:
        """The pending pace switch: (asking seat, version, turn limit asked (None: no deadline), seats that
        accepted), if any."""
        rows = await self._fetch(
            "SELECT seat, version, turn_limit, accepted FROM pace_offers WHERE match_id = ?", (match_id,)
        )
        if not rows:
            return None
        seat, version, limit, accepted = rows[0]
        # 0 stands for "no deadline": the column is NOT NULL so that a missing value is never read as one.
        return int(seat), int(version), int(limit) or None, [int(s) for s in json.loads(accepted)]

    async def put_pace_offer(
        self,
        match_id: int,
        seat: int,
        version: int,
        turn_limit: int | None,
        accepted: Sequence[int],
        *,
        now: datetime,
    ) -> None:
        """Record (or replace) the pending pace switch of a match."""
        await self._write(
            "INSERT INTO pace_offers (match_id, seat, version, turn_limit, accepted, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat,"
            " version = excluded.version, turn_limit = excluded.turn_limit, accepted = excluded.accepted,"
            " created_at = excluded.created_at",
            (match_id, seat, version, turn_limit or 0, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_pace_offer(self, match_id: int) -> None:
        """Forget the pace switch of a match (declined, agreed, or lapsed)."""
        await self._write("DELETE FROM pace_offers WHERE match_id = ?", (match_id,))
