"""Provably fair chance: the committed server seed of a match, its players' salts and the seals of their
chosen secrets (see :mod:`bot.app.fairness`)."""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class FairnessQueries(StoreCore):
    """The server seed, commitment and salts of a match, and the seals of its chosen secrets."""

    async def insert_fairness(
        self, match_id: int, scheme: str, server_seed: str, commitment: str, *, now: datetime, seals: str | None = None
    ) -> None:
        """Record the committed server seed of a new match (and, with ``seals``, the recipe of its seals)."""
        await self._write(
            "INSERT INTO match_fairness (match_id, scheme, server_seed, commitment, created_at, seals)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, scheme, server_seed, commitment, to_iso(now), seals),
        )

    async def put_seals(self, match_id: int, seals: list[tuple[int, int, str, str]], *, now: datetime) -> None:
        """Store the seals (ply, seat, commitment, nonce) of the secret decisions a change logged."""
        for ply, seat, commitment, nonce in seals:
            await self._write(
                "INSERT INTO secret_seals (match_id, ply, seat, commitment, nonce, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, ply, seat, commitment, nonce, to_iso(now)),
            )

    async def load_seals(self, match_id: int) -> list[tuple[int, int, str, str]]:
        """Every seal of a match as (ply, seat, commitment, nonce), by ply (nonces included: never show them
        before the match has ended)."""
        rows = await self._fetch(
            "SELECT ply, seat, commitment, nonce FROM secret_seals WHERE match_id = ? ORDER BY ply", (match_id,)
        )
        return [(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    async def load_fairness(self, match_id: int) -> tuple[str, str, str, dict[int, str]] | None:
        """(scheme, server seed, commitment, salt by user id) of a match, or None for a match without
        provably fair chance. One query, since every load of a match asks."""
        rows = await self._fetch(
            "SELECT f.scheme, f.server_seed, f.commitment, s.user_id, s.salt FROM match_fairness f"
            " LEFT JOIN match_salts s ON s.match_id = f.match_id WHERE f.match_id = ?",
            (match_id,),
        )
        if not rows:
            return None
        salts = {int(row[3]): str(row[4]) for row in rows if row[3] is not None}
        return str(rows[0][0]), str(rows[0][1]), str(rows[0][2]), salts

    async def put_salt(self, match_id: int, user_id: int, salt: str, *, now: datetime) -> None:
        """Set (or replace) a player's salt."""
        async with self.transaction():
            await self._write("DELETE FROM match_salts WHERE match_id = ? AND user_id = ?", (match_id, user_id))
            await self._write(
                "INSERT INTO match_salts (match_id, user_id, salt, created_at) VALUES (?, ?, ?, ?)",
                (match_id, user_id, salt, to_iso(now)),
            )

    async def delete_salt(self, match_id: int, user_id: int) -> None:
        """Forget a player's salt (they left the lobby)."""
        await self._write("DELETE FROM match_salts WHERE match_id = ? AND user_id = ?", (match_id, user_id))

    # Dice statistics (migration 0028): each seat's rolls in a finished match, counted once.

    async def get_dice_tally(self, match_id: int, seat: int) -> tuple[str, int] | None:
        """The kept rolls (JSON) and total of a seat of a finished match, or None when not counted yet."""
        rows = await self._fetch(
            "SELECT rolls, total FROM dice_tallies WHERE match_id = ? AND seat = ?", (match_id, seat)
        )
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    async def put_dice_tally(self, match_id: int, seat: int, rolls: str, total: int) -> None:
        """Keep a seat's rolls (JSON) and total of a finished match (a second count of the same match is ignored)."""
        await self._write(
            "INSERT INTO dice_tallies (match_id, seat, rolls, total) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (match_id, seat, rolls, total),
        )
