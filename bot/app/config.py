"""Configuration read from the environment (and a ``.env`` file), validated once at start-up."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_DATABASE = "plateau.db"


class ConfigError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True, slots=True)
class Config:
    """Settings of one bot process."""

    token: str
    database: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: int = logging.INFO
    tick_seconds: float = 60.0
    """How often the clock looks for due reminders and deadlines (reminders are at most this late)."""
    ai_delay: float = 2.0
    """Seconds an AI seat waits before it moves, so that people can read the board (0 in tests)."""
    ai_seconds: float | None = None
    """Thinking time per AI decision; None: each level's own (``strong`` about 1 s). Tests shorten it."""
    shard_count: int | None = None
    """Gateway shards of the whole bot (``PLATEAU_SHARDS``); None: one connection, no sharding."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (``PLATEAU_SHARD_IDS``); None: all of them."""

    @property
    def sharded(self) -> bool:
        """True when the bot runs on several gateway shards (``AutoShardedBot``)."""
        return self.shard_count is not None

    def owns(self, guild_id: int | None) -> bool:
        """True when this process runs the shard of ``guild_id``, so its clock and AI runner handle the
        server's matches (direct messages belong to shard 0). Every process answers its own interactions;
        this only splits the background work, so that each match has one process looking after it."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.shard_count
        return shard in self.shard_ids

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read ``DISCORD_TOKEN``, ``PLATEAU_DATABASE``, ``PLATEAU_DEV_GUILD_ID``, ``PLATEAU_LOG_LEVEL``,
        ``PLATEAU_AI_DELAY``, ``PLATEAU_SHARDS`` and ``PLATEAU_SHARD_IDS``.

        Raises:
            ConfigError: naming the variable and pointing at ``.env.example``.
        """
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token in it "
                "(Discord Developer Portal > your application > Bot > Reset Token), or export DISCORD_TOKEN."
            )
        guild_text = env.get("PLATEAU_DEV_GUILD_ID", "").strip()
        if guild_text and not guild_text.isdigit():
            raise ConfigError(f"PLATEAU_DEV_GUILD_ID must be a server id (digits only), not {guild_text!r}.")
        level_text = env.get("PLATEAU_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        level = logging.getLevelName(level_text)
        if not isinstance(level, int):
            raise ConfigError(f"PLATEAU_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level_text!r}.")
        delay_text = env.get("PLATEAU_AI_DELAY", "2").strip() or "2"
        try:
            ai_delay = float(delay_text)
        except ValueError:
            raise ConfigError(f"PLATEAU_AI_DELAY must be a number of seconds, not {delay_text!r}.") from None
        shard_count, shard_ids = _shards(env)
        database = env.get("PLATEAU_DATABASE", "").strip() or DEFAULT_DATABASE
        partial = shard_ids is not None and shard_count is not None and len(shard_ids) < shard_count
        if partial and not database.startswith(("postgresql://", "postgres://")):
            raise ConfigError(
                "PLATEAU_SHARD_IDS runs only some shards in this process, so other processes share the "
                "database: set PLATEAU_DATABASE to a postgresql:// address (an SQLite file is for one process)."
            )
        return cls(
            token=token,
            shard_count=shard_count,
            shard_ids=shard_ids,
            ai_delay=max(0.0, ai_delay),
            database=database,
            dev_guild_id=int(guild_text) if guild_text else None,
            log_level=level,
        )


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """``PLATEAU_SHARDS`` (a count) and ``PLATEAU_SHARD_IDS`` (``0,1`` or ``0-3``), checked together."""
    count_text = env.get("PLATEAU_SHARDS", "").strip()
    ids_text = env.get("PLATEAU_SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("PLATEAU_SHARD_IDS needs PLATEAU_SHARDS, the total number of shards of the bot.")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"PLATEAU_SHARDS must be a number of shards (1 or more), not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, None
    ids: list[int] = []
    for part in ids_text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(f"PLATEAU_SHARD_IDS must list shard numbers such as 0,1 or 0-3, not {ids_text!r}.")
        ids.extend(range(int(low), int(high if dash else low) + 1))
    if not ids or any(i >= count for i in ids) or len(set(ids)) != len(ids):
        raise ConfigError(
            f"PLATEAU_SHARD_IDS must name distinct shards below PLATEAU_SHARDS={count}, not {ids_text!r}."
        )
    return count, tuple(sorted(ids))
