"""Start the bot: ``python -m bot`` (reads ``.env`` in the working directory)."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord
from dotenv import load_dotenv

from bot.app.config import Config, ConfigError
from bot.shell.client import create_bot

SECRET_LOGGERS = ("aiosqlite",)
"""Loggers that write SQL parameters at DEBUG: the server seed, typed secret set-ups and seal nonces."""


def setup_logging(level: int) -> None:
    """Log at ``level`` to the console; never below INFO for :data:`SECRET_LOGGERS`, whose DEBUG lines
    would put a running match's secrets in the bot's log."""
    discord.utils.setup_logging(level=level, root=True)
    for name in SECRET_LOGGERS:
        logging.getLogger(name).setLevel(logging.INFO)


def main() -> int:
    """Read the configuration, then run the bot until interrupted; returns the exit status."""
    load_dotenv()
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"plateau: {exc}", file=sys.stderr)
        return 2
    setup_logging(config.log_level)

    async def run() -> None:
        async with create_bot(config) as bot:
            await bot.start(config.token)

    try:
        asyncio.run(run())
    except discord.LoginFailure:
        logging.getLogger("plateau").error("Discord refused the token in DISCORD_TOKEN; check it in .env.")
        return 1
    except (aiohttp.ClientError, OSError, TimeoutError, discord.GatewayNotFound) as exc:
        # A network failure is no bug: one line saying what failed, not a traceback of the HTTP stack.
        reason = str(exc) or type(exc).__name__
        logging.getLogger("plateau").error("could not reach Discord (%s); check the network and try again.", reason)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
