"""Ratings: a player's current rating per server and game, and the change each rated match made."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class RatingQueries(StoreCore):
    """Ratings and rating changes."""

    async def load_ratings(self, guild_id: int, game: str, user_ids: Sequence[int]) -> dict[int, tuple[float, float]]:
        """Current (mu, sigma) of the given players in one server and game; absent players are unrated."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        # A write transaction on PostgreSQL holds these players' ratings (rows or, for a first rating, their
        # names) until it ends: two matches of one player ending at once must not both start from the old one.
        await self.backend.lock_names([f"rating:{guild_id}:{game}:{user_id}" for user_id in user_ids])
        rows = await self._fetch(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {int(u): (float(mu), float(sigma)) for u, mu, sigma in rows}

    async def record_rating(
        self,
        match_id: int,
        guild_id: int,
        game: str,
        user_id: int,
        place: int,
        before: tuple[float, float],
        after: tuple[float, float],
        result: str,
        *,
        now: datetime,
    ) -> None:
        """Store a player's new rating after a match and the change it made (``result``: win, draw or loss)."""
        await self._write(
            "INSERT INTO rating_changes (match_id, user_id, game, place, mu_before, sigma_before, mu_after,"
            " sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, user_id, game, place, before[0], before[1], after[0], after[1]),
        )
        wins, draws, losses = (result == "win", result == "draw", result == "loss")
        await self._write(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, played, wins, draws, losses, updated_at)"
            " VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, played = ratings.played + 1,"
            " wins = ratings.wins + excluded.wins, draws = ratings.draws + excluded.draws,"
            " losses = ratings.losses + excluded.losses, updated_at = excluded.updated_at",
            (guild_id, game, user_id, after[0], after[1], int(wins), int(draws), int(losses), to_iso(now)),
        )

    async def rating_table(self, guild_id: int, game: str) -> list[tuple[int, float, float, int, int, int, int]]:
        """Every rated player of a server and game: (user, mu, sigma, played, wins, draws, losses)."""
        rows = await self._fetch(
            "SELECT user_id, mu, sigma, played, wins, draws, losses FROM ratings WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        )
        return [(int(r[0]), float(r[1]), float(r[2]), int(r[3]), int(r[4]), int(r[5]), int(r[6])) for r in rows]

    async def ratings_of(self, guild_id: int, user_id: int) -> list[tuple[str, float, float, int, int, int, int]]:
        """A player's ratings on a server, one per game: (game, mu, sigma, played, wins, draws, losses)."""
        rows = await self._fetch(
            "SELECT game, mu, sigma, played, wins, draws, losses FROM ratings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY played DESC, game",
            (guild_id, user_id),
        )
        return [(str(r[0]), float(r[1]), float(r[2]), int(r[3]), int(r[4]), int(r[5]), int(r[6])) for r in rows]

    async def rating_change(self, match_id: int, user_id: int) -> tuple[float, float, float, float] | None:
        """The (mu, sigma) before and after a rated match for one player, if the match was rated."""
        rows = await self._fetch(
            "SELECT mu_before, sigma_before, mu_after, sigma_after FROM rating_changes"
            " WHERE match_id = ? AND user_id = ?",
            (match_id, user_id),
        )
        return None if not rows else (float(rows[0][0]), float(rows[0][1]), float(rows[0][2]), float(rows[0][3]))
