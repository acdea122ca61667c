"""The pending proposals the other players answer (draw and rematch offers, undo and replacement requests,
pace switches, and any kind the consent machine adds: one ``proposals`` table, migration 0022, a row per match
and kind) and the declined replacement candidates."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import ProposalRow


class RequestQueries(StoreCore):
    """Pending proposals, one row of ``proposals`` per match and kind, with the seats that accepted; the store
    does not tell the kinds apart (see :class:`bot.app.matches.consent.Ballot`)."""

    async def get_proposal(self, kind: str, match_id: int) -> ProposalRow | None:
        """The pending proposal of ``kind`` of a match, if any."""
        rows = await self._fetch(
            "SELECT seat, version, detail, accepted FROM proposals WHERE match_id = ? AND kind = ?", (match_id, kind)
        )
        if not rows:
            return None
        seat, version, detail, accepted = rows[0]
        kept = None if detail is None else int(detail)
        return ProposalRow(int(seat), int(version), kept, tuple(int(s) for s in json.loads(accepted)))

    async def put_proposal(
        self,
        kind: str,
        match_id: int,
        seat: int,
        version: int,
        detail: int | None,
        accepted: Sequence[int],
        *,
        now: datetime,
    ) -> None:
        """Record (or replace: a new proposal, one more seat accepting) the proposal of ``kind`` of a match."""
        await self._write(
            "INSERT INTO proposals (match_id, kind, seat, version, detail, accepted, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET seat = excluded.seat,"
            " version = excluded.version, detail = excluded.detail, accepted = excluded.accepted,"
            " created_at = excluded.created_at",
            (match_id, kind, seat, version, detail, json.dumps(sorted(set(accepted))), to_iso(now)),
        )

    async def delete_proposal(self, kind: str, match_id: int) -> None:
        """Forget the proposal of ``kind`` of a match (answered, withdrawn, lapsed, or agreed and carried out)."""
        await self._write("DELETE FROM proposals WHERE match_id = ? AND kind = ?", (match_id, kind))

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
