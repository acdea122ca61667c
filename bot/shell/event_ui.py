"""The old home of the events' Discord side, now the package :mod:`bot.shell.events`; its names stay here."""

from __future__ import annotations

from bot.shell.events import (
    COG_NAME,
    EVENT_ITEMS,
    EventButton,
    EventUI,
    deadline_label,
    event_ui,
    game_label,
    number,
    result_text,
)

__all__ = [
    "COG_NAME",
    "EVENT_ITEMS",
    "EventButton",
    "EventUI",
    "deadline_label",
    "event_ui",
    "game_label",
    "number",
    "result_text",
]
