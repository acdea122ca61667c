"""The pending requests the other players answer: draw offers, undo requests, replacement requests and
their declines, rematch offers, pace switches (migration 0018)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import RequestKind


@dataclass(frozen=True, slots=True)
class _RequestTable:
    """The statements of a table holding at most one pending request per match: a few integer columns, the
    seats that accepted (a JSON list) and when it was made. Built once from the fixed names below."""

    select: str
    upsert: str
    delete: str

    @classmethod
    def of(cls, table: str, columns: tuple[str, ...]) -> _RequestTable:
        names = (*columns, "accepted", "created_at")
        marks = ", ".join("?" * (len(names) + 1))
        updates = ", ".join(f"{name} = excluded.{name}" for name in names)
        return cls(
            select=f"SELECT {', '.join(columns)}, accepted FROM {table} WHERE match_id = ?",
            upsert=f"INSERT INTO {table} (match_id, {', '.join(names)}) VALUES ({marks})"
            f" ON CONFLICT (match_id) DO UPDATE SET {updates}",
            delete=f"DELETE FROM {table} WHERE match_id = ?",
        )


_TABLES: Final[dict[RequestKind, _RequestTable]] = {
    "draw": _RequestTable.of("draw_offers", ("seat", "version")),
    "rematch": _RequestTable.of("rematch_offers", ("seat", "version")),
    "undo": _RequestTable.of("undo_requests", ("seat", "version", "target_ply")),
    "replace": _RequestTable.of("replace_requests", ("seat", "user_id", "version")),
    # The turn limit asked, 0 for "no deadline": the column is NOT NULL, so a missing value is never read as one.
    "pace": _RequestTable.of("pace_offers", ("seat", "version", "turn_limit")),
}
"""Each kind's table, its integer columns in the order :meth:`RequestQueries.get_request` gives them."""


class RequestQueries(StoreCore):
    """Draw and rematch offers, undo and replacement requests, pace switches: one pending row per match and
    kind, with the seats that accepted."""

    async def get_request(self, kind: RequestKind, match_id: int) -> tuple[list[int], list[int]] | None:
        """The pending request of a match as (its integer columns, seats that accepted), if any: (proposing
        seat, version) for a draw or a rematch, (requesting seat, version, ply taken back) for an undo, (seat,
        candidate's user id, version) for a replacement, (asking seat, version, turn limit asked; 0: no deadline)
        for a pace switch."""
        table = _TABLES[kind]
        rows = await self._fetch(table.select, (match_id,))
        if not rows:
            return None
        *values, accepted = rows[0]
        return [int(v) for v in values], [int(s) for s in json.loads(accepted)]

    async def put_request(
        self, kind: RequestKind, match_id: int, values: Sequence[int], accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace: a new proposal, one more seat accepting) the request of a match."""
        table = _TABLES[kind]
        await self._write(table.upsert, (match_id, *values, json.dumps(sorted(set(accepted))), to_iso(now)))

    async def delete_request(self, kind: RequestKind, match_id: int) -> None:
        """Forget the request of a match (answered, withdrawn, lapsed, or agreed and carried out)."""
        await self._write(_TABLES[kind].delete, (match_id,))

    # The candidates the players declined for a seat.

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
