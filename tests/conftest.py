"""Shared fixtures: a Plateau bot for SimCord on a temporary database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.client import PlateauBot
from tests.botkit import close_bots, make_bot


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    """A fresh SQLite file for one test."""
    return str(tmp_path / "plateau.db")


@pytest_asyncio.fixture
async def simcord_bot(db_path: str) -> AsyncIterator[PlateauBot]:
    """The bot SimCord's ``simcord_env`` fixture runs; every bot of the test is closed afterwards."""
    yield make_bot(db_path)
    await close_bots()
