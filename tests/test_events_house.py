"""The events' place in the house (issue 25): one composition root, small modules, collaborators passed in.

The service and its Discord side are built once, by the client's setup, and the ``/event`` cog receives
them; the events' modules stay readable in size and take what they need rather than the whole bot.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import discord

from bot.app.events import EventService
from bot.shell.events import EventUI, card, event_ui

ROOT = Path(__file__).resolve().parent.parent
EVENT_FOLDERS = (ROOT / "bot" / "app" / "events", ROOT / "bot" / "shell" / "events")
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 400


def event_modules() -> list[Path]:
    """Every module of the events' two packages (the cog among them)."""
    return sorted(p for folder in EVENT_FOLDERS for p in folder.rglob("*.py"))


async def test_the_client_builds_the_event_service_and_its_handlers_and_the_cog_receives_them(
    simcord_env: Any,
) -> None:
    bot = simcord_env.bot
    assert isinstance(bot.events, EventService) and isinstance(bot.event_ui, EventUI)
    cog = bot.get_cog("EventCog")
    assert cog.ui is bot.event_ui and cog.service is bot.events
    assert event_ui(bot) is bot.event_ui
    # The handlers work on the bot's own services: no second match service, no second event service.
    assert bot.event_ui.events is bot.events and bot.event_ui.desk.matches is bot.service
    assert bot.event_ui.desk.games is bot.ui


def test_every_events_module_and_class_stays_small() -> None:
    too_big = []
    for path in event_modules():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MAX_MODULE_LINES:
            too_big.append(f"{path.relative_to(ROOT)}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                size = node.end_lineno - node.lineno + 1
                if size > MAX_CLASS_LINES:
                    too_big.append(f"{path.relative_to(ROOT)}: class {node.name} {size} lines")
    assert too_big == []


def test_the_events_take_collaborators_not_the_bot() -> None:
    # Only the cog may hold the bot; the handlers get the client, the game UI and the services.
    locators = []
    for path in event_modules()[:-1]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "bot.shell.client":
                locators.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Import | ast.ImportFrom) and node.col_offset > 0:
                locators.append(f"{path.relative_to(ROOT)}:{node.lineno} imports inside a block")
    assert locators == []


def test_the_card_buttons_are_registered_once_from_their_own_module() -> None:
    assert all(issubclass(item, discord.ui.DynamicItem) for item in card.EVENT_ITEMS)
