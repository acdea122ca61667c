"""The pace of a match: its turn limit (the pending switch the other players answer is a request of
:mod:`.requests`)."""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class PaceQueries(StoreCore):
    """A match's turn limit."""

    async def set_turn_limit(self, match_id: int, turn_limit: int | None, *, now: datetime) -> None:
        """Set the seconds a turn of the match may take (None: no deadline)."""
        await self._write(
            "UPDATE matches SET turn_limit = ?, updated_at = ? WHERE id = ?", (turn_limit, to_iso(now), match_id)
        )
