"""Shared fixtures: a Plateau bot for SimCord on a temporary database."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import PlateauBot
from bot.config import Config


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    """A fresh SQLite file for one test."""
    return str(tmp_path / "plateau.db")


def make_bot(db_path: str) -> PlateauBot:
    """A bot as ``python -m bot`` builds it, on ``db_path`` (SimCord supplies Discord)."""
    return PlateauBot(Config(token="simcord", database=db_path))


@pytest.fixture
def simcord_bot(db_path: str) -> PlateauBot:
    """The bot SimCord's ``simcord_env`` fixture runs."""
    return make_bot(db_path)
