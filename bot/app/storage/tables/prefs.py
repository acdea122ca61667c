"""Preferences: a player's pings per match, a user's preferences and a server's settings."""

from __future__ import annotations

from datetime import datetime

from bot.app.storage.base import to_iso
from bot.app.storage.core import StoreCore


class PreferenceQueries(StoreCore):
    """Per-match pings, user preferences and server settings."""

    async def get_pings(self, match_id: int) -> dict[int, str]:
        """Ping settings of a match's players that differ from the default: user id → ``turn`` or ``off``."""
        rows = await self._fetch("SELECT user_id, pings FROM match_prefs WHERE match_id = ?", (match_id,))
        return {int(u): str(p) for u, p in rows}

    async def set_pings(self, match_id: int, user_id: int, pings: str) -> None:
        """Set how ``user_id`` is pinged in a match (``all`` removes the setting)."""
        if pings == "all":
            await self._write("DELETE FROM match_prefs WHERE match_id = ? AND user_id = ?", (match_id, user_id))
            return
        await self._write(
            "INSERT INTO match_prefs (match_id, user_id, pings) VALUES (?, ?, ?)"
            " ON CONFLICT (match_id, user_id) DO UPDATE SET pings = excluded.pings",
            (match_id, user_id, pings),
        )

    async def get_guild_setting(self, guild_id: int, key: str) -> str | None:
        """A server's setting, or None when unset."""
        rows = await self._fetch("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        return str(rows[0][0]) if rows else None

    async def set_guild_setting(self, guild_id: int, key: str, value: str, *, now: datetime) -> None:
        """Store a server's setting."""
        await self._write("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        await self._write(
            "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)",
            (guild_id, key, value, to_iso(now)),
        )

    async def get_pref(self, user_id: int, key: str) -> str | None:
        """A user's preference, or None when unset."""
        rows = await self._fetch("SELECT value FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key))
        return str(rows[0][0]) if rows else None

    async def load_prefs(self, user_id: int) -> dict[str, str]:
        """Every preference of a user."""
        rows = await self._fetch("SELECT key, value FROM user_prefs WHERE user_id = ? ORDER BY key", (user_id,))
        return {str(k): str(v) for k, v in rows}

    async def users_with_pref(self, key: str, value: str) -> list[int]:
        """Every user whose preference ``key`` holds ``value``."""
        rows = await self._fetch(
            "SELECT user_id FROM user_prefs WHERE key = ? AND value = ? ORDER BY user_id", (key, value)
        )
        return [int(u) for (u,) in rows]

    async def pref_values(self, key: str) -> set[str]:
        """The values users gave the preference ``key``, each once."""
        rows = await self._fetch("SELECT DISTINCT value FROM user_prefs WHERE key = ?", (key,))
        return {str(v) for (v,) in rows}

    async def set_pref(self, user_id: int, key: str, value: str | None, *, now: datetime) -> None:
        """Store a user's preference; None deletes it."""
        if value is None:
            await self._write("DELETE FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key))
            return
        await self._write(
            "INSERT INTO user_prefs (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (user_id, key, value, to_iso(now)),
        )
