"""Building Plateau bots for SimCord tests, and closing them afterwards.

Kept out of ``conftest.py`` so that tests and fixtures share one registry of bots (pytest imports
``conftest`` under its own module name).
"""

from __future__ import annotations

from bot.client import PlateauBot
from bot.config import Config

BOTS: list[PlateauBot] = []


def make_bot(db_path: str) -> PlateauBot:
    """A bot as ``python -m bot`` builds it, on ``db_path`` (SimCord supplies Discord).

    SimCord detaches bots without closing them, so every bot made here has its database closed when
    the test ends (an open aiosqlite connection keeps a worker thread alive).
    """
    # A half-hour tick keeps long stretches of virtual time cheap; reminders are then up to half an hour late.
    bot = PlateauBot(Config(token="simcord", database=db_path, tick_seconds=1800))
    BOTS.append(bot)
    return bot


async def close_bots() -> None:
    """Close the database of every bot made so far."""
    while BOTS:
        store = getattr(BOTS.pop(), "store", None)
        if store is not None:
            await store.close()
