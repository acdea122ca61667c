"""The append-only move log (``moves``)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.app.storage.base import ConflictError, to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import (
    MOVE_COLUMNS,
    MoveRow,
    move_row,
)


class MoveQueries(StoreCore):
    """The move log: read, append (all or nothing), and what an interaction wrote."""

    async def load_moves(self, match_id: int, *, after: int = 0) -> list[MoveRow]:
        """The log entries of a match with ply > ``after``, in order."""
        rows = await self._fetch(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE match_id = ? AND ply > ? ORDER BY ply", (match_id, after)
        )
        return [move_row(row) for row in rows]

    async def append_moves(self, match_id: int, entries: Iterable[MoveRow]) -> None:
        """Append log entries; their plies must be the next free ones. All or nothing.

        Raises:
            ConflictError: a ply is already taken (someone else wrote first) or an interaction id was
                already used; nothing is written (inside a transaction: once the caller rolls back).
        """
        params = [
            (match_id, e.ply, e.kind, e.seat, e.notation, to_iso(e.created_at), e.interaction_id) for e in entries
        ]
        if not params:
            return
        # One statement for the whole change (one round trip to a server). A row the (match_id, ply) key or
        # the interaction index refuses is skipped rather than failing the statement, so the count says
        # whether someone else wrote first, and a PostgreSQL transaction stays usable without a savepoint.
        rows = ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(params))
        sql = (
            "INSERT INTO moves (match_id, ply, kind, seat, notation, created_at, interaction_id)"
            f" VALUES {rows} ON CONFLICT DO NOTHING"
        )
        flat = [value for row in params for value in row]
        if self.in_transaction:
            written = await self._write(sql, flat)
            if written != len(params):
                raise ConflictError(f"match {match_id}: the log already has these plies or interaction")
            return
        async with self.transaction():  # alone: the rows before a refused one must not stay
            if await self._write(sql, flat) != len(params):
                raise ConflictError(f"match {match_id}: the log already has these plies or interaction")

    async def load_interaction(self, interaction_id: int) -> tuple[int, list[MoveRow]] | None:
        """The match and the entries written by an interaction, or None if it wrote nothing.

        The interaction id is stored on the first entry a change wrote; the chance entries right after
        it (up to the next non-chance entry) were sampled in the same change, so they belong to it too.
        """
        rows = await self._fetch(
            "WITH first AS ("
            " SELECT f.match_id, f.ply, (SELECT min(x.ply) FROM moves AS x"
            "  WHERE x.match_id = f.match_id AND x.ply > f.ply AND x.kind <> 'chance') AS stop"
            " FROM moves AS f WHERE f.interaction_id = ?)"
            " SELECT first.match_id, m.ply, m.kind, m.seat, m.notation, m.created_at, m.interaction_id"
            " FROM first JOIN moves AS m ON m.match_id = first.match_id"
            " WHERE m.ply >= first.ply AND (first.stop IS NULL OR m.ply < first.stop) ORDER BY m.ply",
            (interaction_id,),
        )
        if not rows:
            return None
        return int(rows[0][0]), [move_row(row[1:]) for row in rows]

    async def has_chance(self, match_id: int) -> bool:
        """True once the log of a match holds a chance entry."""
        rows = await self._fetch(
            "SELECT ply FROM moves WHERE match_id = ? AND kind = 'chance' ORDER BY ply LIMIT 1", (match_id,)
        )
        return bool(rows)

    async def undo_entries(self, match_id: int) -> list[tuple[int, str]]:
        """(ply, notation) of every undo entry of a match, in order."""
        rows = await self._fetch(
            "SELECT ply, notation FROM moves WHERE match_id = ? AND kind = 'undo' ORDER BY ply", (match_id,)
        )
        return [(int(ply), str(notation)) for ply, notation in rows]
