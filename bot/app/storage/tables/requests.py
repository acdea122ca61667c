"""The pending requests the other players answer: draw offers, undo requests, replacement requests and
their declines, rematch offers."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import OfferKind


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


_DRAW: Final = _RequestTable.of("draw_offers", ("seat", "version"))
_UNDO: Final = _RequestTable.of("undo_requests", ("seat", "version", "target_ply"))
_REPLACE: Final = _RequestTable.of("replace_requests", ("seat", "user_id", "version"))
_REMATCH: Final = _RequestTable.of("rematch_offers", ("seat", "version"))
_OFFERS: Final[dict[OfferKind, _RequestTable]] = {"draw": _DRAW, "rematch": _REMATCH}


class RequestQueries(StoreCore):
    """Draw offers, undo and replacement requests: one pending row per match, with the seats that accepted."""

    async def _get_request(self, table: _RequestTable, match_id: int) -> tuple[list[int], list[int]] | None:
        """The pending request's integer columns and the seats that accepted, or None."""
        rows = await self._fetch(table.select, (match_id,))
        if not rows:
            return None
        *values, accepted = rows[0]
        return [int(v) for v in values], [int(s) for s in json.loads(accepted)]

    async def _get_three(self, table: _RequestTable, match_id: int) -> tuple[int, int, int, list[int]] | None:
        """A pending request of three integer columns (undo, replacement) and the seats that accepted."""
        if (found := await self._get_request(table, match_id)) is None:
            return None
        (first, second, third), accepted = found
        return first, second, third, accepted

    async def _put_request(
        self, table: _RequestTable, match_id: int, values: Sequence[int], accepted: Sequence[int], now: datetime
    ) -> None:
        await self._write(table.upsert, (match_id, *values, json.dumps(sorted(set(accepted))), to_iso(now)))

    # Draw and rematch offers: the same shape, one table each.

    async def get_offer(self, kind: OfferKind, match_id: int) -> tuple[int, int, list[int]] | None:
        """The pending offer of a match as (proposing seat, version, seats that accepted), if any."""
        if (found := await self._get_request(_OFFERS[kind], match_id)) is None:
            return None
        (seat, version), accepted = found
        return seat, version, accepted

    async def put_offer(
        self, kind: OfferKind, match_id: int, seat: int, version: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the offer of a match."""
        await self._put_request(_OFFERS[kind], match_id, (seat, version), accepted, now)

    async def delete_offer(self, kind: OfferKind, match_id: int) -> None:
        """Forget the offer of a match (declined, accepted, lapsed, or agreed and started)."""
        await self._write(_OFFERS[kind].delete, (match_id,))

    # What is pending (one row per match and kind).

    async def get_undo_request(self, match_id: int) -> tuple[int, int, int, list[int]] | None:
        """The pending undo request: (requesting seat, version, ply taken back, seats that accepted)."""
        return await self._get_three(_UNDO, match_id)

    async def get_replace_request(self, match_id: int) -> tuple[int, int, int, list[int]] | None:
        """The pending replacement request: (seat, candidate's user id, version, seats that accepted)."""
        return await self._get_three(_REPLACE, match_id)

    # Recording a request (or replacing the pending one: a new proposal, one more seat accepting).

    async def put_undo_request(
        self, match_id: int, seat: int, version: int, target_ply: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the undo request of a match."""
        await self._put_request(_UNDO, match_id, (seat, version, target_ply), accepted, now)

    async def put_replace_request(
        self, match_id: int, seat: int, user_id: int, version: int, accepted: Sequence[int], *, now: datetime
    ) -> None:
        """Record (or replace) the replacement request of a match."""
        await self._put_request(_REPLACE, match_id, (seat, user_id, version), accepted, now)

    # Forgetting it (answered, withdrawn or lapsed).

    async def delete_undo_request(self, match_id: int) -> None:
        """Forget the undo request of a match."""
        await self._write(_UNDO.delete, (match_id,))

    async def delete_replace_request(self, match_id: int) -> None:
        """Forget the replacement request of a match."""
        await self._write(_REPLACE.delete, (match_id,))

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
