"""The pending requests the other players answer: draw offers, undo requests, replacement requests and
their declines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class RequestQueries(StoreCore):
    """Draw offers, undo and replacement requests: one pending row per match, with the seats that accepted."""

    async def get_draw_offer(self, match_id: int) -> tuple[int, int, list[int]] | None:
        """The pending draw offer of a match as (offering seat, version, seats that accepted), if any."""
        rows = await self._fetch("SELECT seat, version, accepted FROM draw_offers WHERE match_id = ?", (match_id,))
        if not rows:
            return None
        seat, version, accepted = rows[0]
        return int(seat), int(version), [int(s) for s in json.loads(accepted)]

    async def put_draw_offer(
        self, match_id: int, seat: int, version: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the draw offer of a match."""
        await self._write(
            "INSERT INTO draw_offers (match_id, seat, version, accepted, created_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat, version = excluded.version,"
            " accepted = excluded.accepted, created_at = excluded.created_at",
            (match_id, seat, version, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_draw_offer(self, match_id: int) -> None:
        """Forget the draw offer of a match (declined, accepted or expired)."""
        await self._write("DELETE FROM draw_offers WHERE match_id = ?", (match_id,))

    async def get_undo_request(self, match_id: int) -> tuple[int, int, int, list[int]] | None:
        """The pending undo request: (requesting seat, version, ply taken back, seats that accepted)."""
        rows = await self._fetch(
            "SELECT seat, version, target_ply, accepted FROM undo_requests WHERE match_id = ?", (match_id,)
        )
        if not rows:
            return None
        seat, version, target, accepted = rows[0]
        return int(seat), int(version), int(target), [int(s) for s in json.loads(accepted)]

    async def put_undo_request(
        self, match_id: int, seat: int, version: int, target_ply: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the undo request of a match."""
        await self._write(
            "INSERT INTO undo_requests (match_id, seat, version, target_ply, accepted, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat,"
            " version = excluded.version, target_ply = excluded.target_ply, accepted = excluded.accepted,"
            " created_at = excluded.created_at",
            (match_id, seat, version, target_ply, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_undo_request(self, match_id: int) -> None:
        """Forget the undo request of a match."""
        await self._write("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))

    async def get_replace_request(self, match_id: int) -> tuple[int, int, int, list[int]] | None:
        """The pending replacement request: (seat, candidate's user id, version, seats that accepted)."""
        rows = await self._fetch(
            "SELECT seat, user_id, version, accepted FROM replace_requests WHERE match_id = ?", (match_id,)
        )
        if not rows:
            return None
        seat, user_id, version, accepted = rows[0]
        return int(seat), int(user_id), int(version), [int(s) for s in json.loads(accepted)]

    async def put_replace_request(
        self, match_id: int, seat: int, user_id: int, version: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the replacement request of a match."""
        await self._write(
            "INSERT INTO replace_requests (match_id, seat, user_id, version, accepted, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat,"
            " user_id = excluded.user_id, version = excluded.version, accepted = excluded.accepted,"
            " created_at = excluded.created_at",
            (match_id, seat, user_id, version, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_replace_request(self, match_id: int) -> None:
        """Forget the replacement request of a match."""
        await self._write("DELETE FROM replace_requests WHERE match_id = ?", (match_id,))

    async def add_replace_decline(
        self, match_id: int, seat: int, user_id: int, declined_by: int, version: int, *, now: datetime
    ) -> None:
        """Record that the players declined ``user_id`` for ``seat`` (migration 0012's ``replace_declines``)."""
        await self._write(
            "INSERT INTO replace_declines (match_id, seat, user_id, declined_by, version, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, seat, user_id) DO NOTHING",
            (match_id, seat, user_id, declined_by, version, to_iso(now)),
        )

    async def replace_declined(self, match_id: int, seat: int, user_id: int) -> bool:
        """True when the players declined ``user_id`` for ``seat`` of the match."""
        rows = await self._fetch(
            "SELECT 1 FROM replace_declines WHERE match_id = ? AND seat = ? AND user_id = ?",
            (match_id, seat, user_id),
        )
        return bool(rows)
