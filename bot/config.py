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

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read ``DISCORD_TOKEN``, ``PLATEAU_DATABASE``, ``PLATEAU_DEV_GUILD_ID``, ``PLATEAU_LOG_LEVEL`` and
        ``PLATEAU_AI_DELAY``.

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
        return cls(
            token=token,
            ai_delay=max(0.0, ai_delay),
            database=env.get("PLATEAU_DATABASE", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild_text) if guild_text else None,
            log_level=level,
        )
