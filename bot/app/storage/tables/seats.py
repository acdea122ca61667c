"""The seats of a match: members (``seats``), the AI (``ai_seats``) and seat replacements."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.app.storage.base import ConflictError, to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import (
    MatchParts,
    SeatReplacement,
)


class SeatQueries(StoreCore):
    """Who sits where: members, AI seats, the match parts every load reads, replacements."""

    async def lock_seating(self, user_ids: Sequence[int]) -> None:
        """In a write transaction, hold these members' seating until it ends, so that a count of their
        lobbies followed by a new seat cannot interleave with another process doing the same (on SQLite a
        write transaction already excludes every other writer). Taken in one call, in one order: no deadlock.
        """
        await self.backend.lock_names([f"seating:{user_id}" for user_id in user_ids])

    async def load_match_parts(self, match_id: int) -> MatchParts:
        """What every load of a match reads besides its row, in one query (one round trip to a server): the
        seats (:meth:`load_seats`), the AI seats (:meth:`load_ai_seats`), the fairness (:meth:`load_fairness`)
        and the undo entries (:meth:`undo_entries`)."""
        rows = await self._fetch(
            "SELECT 's', seat, user_id, NULL, NULL, NULL FROM seats WHERE match_id = ?"
            " UNION ALL SELECT 'a', seat, from_ply, level, reason, NULL FROM ai_seats WHERE match_id = ?"
            " UNION ALL SELECT 'f', 0, 0, scheme, server_seed, commitment FROM match_fairness WHERE match_id = ?"
            " UNION ALL SELECT 'g', 0, 0, seals, NULL, NULL FROM match_fairness"
            " WHERE match_id = ? AND seals IS NOT NULL"
            " UNION ALL SELECT 't', 0, user_id, salt, NULL, NULL FROM match_salts WHERE match_id = ?"
            " UNION ALL SELECT 'u', ply, 0, notation, NULL, NULL FROM moves WHERE match_id = ? AND kind = 'undo'"
            " UNION ALL SELECT 'r', seat, ply, ai_level, reason,"
            " CAST(user_id AS TEXT) || ':' || CAST(previous_user_id AS TEXT) || ':' || CAST(ai_from_ply AS TEXT)"
            " FROM seat_replacements WHERE match_id = ?"
            " ORDER BY 1, 2, 3",
            (match_id,) * 7,
        )
        replaced = []
        for r in rows:
            if r[0] == "r":
                user, previous, ai_from = (int(part) for part in str(r[5]).split(":"))
                replaced.append(SeatReplacement(int(r[1]), int(r[2]), user, previous, str(r[3]), ai_from, str(r[4])))
        fair = next(((str(r[3]), str(r[4]), str(r[5])) for r in rows if r[0] == "f"), None)
        salts = {int(r[2]): str(r[3]) for r in rows if r[0] == "t"}
        return MatchParts(
            seats=[int(r[2]) for r in rows if r[0] == "s"],
            ai={int(r[1]): (str(r[3]), int(r[2]), str(r[4])) for r in rows if r[0] == "a"},
            fairness=None if fair is None else (*fair, salts),
            seals=next((str(r[3]) for r in rows if r[0] == "g"), None),
            undos=[(int(r[1]), str(r[3])) for r in rows if r[0] == "u"],
            replacements=replaced,
        )

    async def load_seats(self, match_id: int) -> list[int]:
        """User ids of the seats of a match, in seat order."""
        rows = await self._fetch("SELECT user_id FROM seats WHERE match_id = ? ORDER BY seat", (match_id,))
        return [int(row[0]) for row in rows]

    async def add_seat(self, match_id: int, seat: int, user_id: int, *, now: datetime) -> None:
        """Seat ``user_id`` at ``seat``.

        Raises:
            ConflictError: the seat is taken or the user is already seated in this match.
        """
        try:
            async with self._refusable():
                await self._write(
                    "INSERT INTO seats (match_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                    (match_id, seat, user_id, to_iso(now)),
                )
        except self.backend.integrity_errors as exc:
            raise ConflictError(f"match {match_id}: seat {seat} or user {user_id} is taken") from exc

    async def remove_seat(self, match_id: int, user_id: int) -> bool:
        """Remove ``user_id`` and close the gap (later seats move up one); False if not seated."""
        async with self.transaction():
            rows = await self._fetch(
                "SELECT user_id, joined_at FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
            )
            kept = [(uid, joined) for uid, joined in rows if uid != user_id]
            if len(kept) == len(rows):
                return False
            # Renumbering in place could collide with the primary key mid-update; rewrite instead.
            await self._write("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await self.backend.executemany(
                "INSERT INTO seats (match_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                [(match_id, seat, uid, joined) for seat, (uid, joined) in enumerate(kept)],
            )
        return True

    async def load_ai_seats(self, match_id: int) -> dict[int, tuple[str, int, str]]:
        """The seats the AI plays in a match: seat → (level, from ply, reason)."""
        rows = await self._fetch("SELECT seat, level, from_ply, reason FROM ai_seats WHERE match_id = ?", (match_id,))
        return {int(seat): (str(level), int(ply), str(reason)) for seat, level, ply, reason in rows}

    async def put_ai_seat(self, match_id: int, seat: int, level: str, from_ply: int, reason: str) -> None:
        """Let the AI play ``seat`` from ``from_ply`` on (replacing any earlier row for that seat)."""
        await self._write("DELETE FROM ai_seats WHERE match_id = ? AND seat = ?", (match_id, seat))
        await self._write(
            "INSERT INTO ai_seats (match_id, seat, level, from_ply, reason) VALUES (?, ?, ?, ?, ?)",
            (match_id, seat, level, from_ply, reason),
        )

    async def clear_ai_seats(self, match_id: int) -> None:
        """Forget a lobby's AI seat rows (they are written again, renumbered, when seats change)."""
        await self._write("DELETE FROM ai_seats WHERE match_id = ?", (match_id,))

    async def matches_waiting_for_ai(self) -> list[int]:
        """Active matches with at least one AI seat (the runner checks which must act).

        The active matches are walked (migration 0013's ``matches_active``) and their AI seats looked up
        by key, not the other way round: finished matches keep their AI seat rows, as many as were ever
        played. A correlated scalar subquery, because PostgreSQL turns ``EXISTS`` into a hash join that
        reads every AI seat row.
        """
        rows = await self._fetch(
            "SELECT m.id FROM matches AS m WHERE m.status = 'active'"
            " AND (SELECT a.seat FROM ai_seats AS a WHERE a.match_id = m.id LIMIT 1) IS NOT NULL ORDER BY m.id"
        )
        return [int(r[0]) for r in rows]

    async def replace_seat(self, match_id: int, replacement: SeatReplacement, *, now: datetime) -> None:
        """Give the AI-held ``replacement.seat`` to ``replacement.user_id``: the seat row names the member, the
        AI seat row goes, the replacement is recorded, and the previous member's salt moves with the seat (the
        draws take the salts in seat order, so every draw stays as committed).

        Raises:
            ConflictError: the member is already seated in the match.
        """
        r = replacement
        try:
            async with self._refusable():
                await self._write(
                    "UPDATE seats SET user_id = ? WHERE match_id = ? AND seat = ?", (r.user_id, match_id, r.seat)
                )
        except self.backend.integrity_errors as exc:
            raise ConflictError(f"match {match_id}: user {r.user_id} is seated already") from exc
        await self._write("DELETE FROM ai_seats WHERE match_id = ? AND seat = ?", (match_id, r.seat))
        await self._write(
            "INSERT INTO seat_replacements (match_id, seat, ply, user_id, previous_user_id, ai_level, ai_from_ply,"
            " reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, r.seat, r.ply, r.user_id, r.previous_user_id, r.ai_level, r.ai_from_ply, r.reason, to_iso(now)),
        )
        await self._write(
            "UPDATE match_salts SET user_id = ? WHERE match_id = ? AND user_id = ?",
            (r.user_id, match_id, r.previous_user_id),
        )
