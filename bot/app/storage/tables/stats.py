"""What a member's statistics read (see :mod:`bot.app.stats`): the move log of their matches by post over a window,
in one query."""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.base import from_iso, to_iso
from bot.app.storage.core import StoreCore


class StatsQueries(StoreCore):
    """The entries a member's answer times are read from."""

    async def answer_log(
        self, user_id: int, since: datetime, live_limit: int
    ) -> list[tuple[int, int, int | None, str, datetime]]:
        """The log entries since ``since`` of the matches ``user_id`` holds a seat in, played by post (no turn limit,
        or one above ``live_limit`` seconds), touched since then: (match id, the member's seat, the entry's seat,
        kind, when), by match and ply."""
        rows = await self._fetch(
            "SELECT mv.match_id, s.seat, mv.seat, mv.kind, mv.created_at FROM seats AS s"
            " JOIN matches AS m ON m.id = s.match_id"
            " JOIN moves AS mv ON mv.match_id = s.match_id"
            " WHERE s.user_id = ? AND m.updated_at >= ? AND (m.turn_limit IS NULL OR m.turn_limit > ?)"
            " AND mv.created_at >= ? ORDER BY mv.match_id, mv.ply",
            (user_id, to_iso(since), live_limit, to_iso(since)),
        )
        return [
            (int(m), int(own), None if seat is None else int(seat), str(kind), from_iso(at))
            for m, own, seat, kind, at in rows
        ]
