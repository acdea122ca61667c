"""The old home of the events' Discord side, now the package :mod:`bot.shell.events`; its names stay here."""

from __future__ import annotations

from bot.shell.events import COG_NAME as COG_NAME
from bot.shell.events import EVENT_ITEMS as EVENT_ITEMS
from bot.shell.events import EventButton as EventButton
from bot.shell.events import EventUI as EventUI
from bot.shell.events import deadline_label as deadline_label
from bot.shell.events import event_ui as event_ui
from bot.shell.events import game_label as game_label
from bot.shell.events import number as number
from bot.shell.events import result_text as result_text
