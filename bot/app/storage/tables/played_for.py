"""Who played a move for a member who was not asked (``played_for``): a plan, a standing order, the autopilot."""

from __future__ import annotations

from collections.abc import Iterable

from bot.app.storage.core import StoreCore


class PlayedForQueries(StoreCore):
    """The stand-in that chose each move it played, beside the move log."""

    async def put_played_for(self, match_id: int, plies: Iterable[tuple[int, str]]) -> None:
        """Record (ply, stand-in) for moves just appended to the log, in the caller's transaction."""
        for ply, stand_in in plies:
            await self._write(
                "INSERT INTO played_for (match_id, ply, stand_in) VALUES (?, ?, ?)", (match_id, ply, stand_in)
            )

    async def load_played_for(self, match_id: int) -> dict[int, str]:
        """The stand-in of every move of a match one played, by ply (empty when the members chose every move)."""
        rows = await self._fetch("SELECT ply, stand_in FROM played_for WHERE match_id = ? ORDER BY ply", (match_id,))
        return {int(r[0]): str(r[1]) for r in rows}
