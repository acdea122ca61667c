"""What the bot shows and does for association events: the sign-up card, rounds, threads, standings.

The ``/event`` commands, the sign-up card's persistent buttons and the ``match_finished`` listener all
end up in :class:`EventUI` (:mod:`~bot.shell.events.ui`, the commands' answers). Each game of a round gets a
public thread of the event's channel, named after the event, the round and the players; the players are
pinged there and the first board is posted with :meth:`bot.shell.play.messages.GameUI.publish_board`, after which the
game is an ordinary match (:mod:`~bot.shell.events.rounds`). The pairings, and after each round the
standings (an embed, a PNG table and a CSV file for the association's records,
:mod:`~bot.shell.events.standings`), are posted in the event's channel. The card and its buttons are
:mod:`~bot.shell.events.card`, check-in and late entry :mod:`~bot.shell.events.entry_ui` (their words
:mod:`~bot.shell.events.checkin`), the words :mod:`~bot.shell.events.text`, and what they all share (the
collaborators, who organises, which event) :mod:`~bot.shell.events.desk`. Games on the club's physical boards
get no thread: their players report the result from the board's **Report a result** and the others confirm it,
and organisers set or correct results by tapping (a menu of places per player at a table):
:mod:`~bot.shell.events.report_ui` (the components), :mod:`~bot.shell.events.report_desk` (their handlers).
``/event log`` pages the whole log and attaches it as a file (:mod:`~bot.shell.events.log_ui`).
Durable state is the event service's; this layer keeps none but a lock per event, so two paths opening the
same round (an auto-advance and an organiser's command) do not create its threads twice.
"""

from __future__ import annotations

import discord

from bot.shell.events.card import EVENT_ITEMS, EventButton, card_actions
from bot.shell.events.running import COG_NAME
from bot.shell.events.text import deadline_label, game_label, number, result_text
from bot.shell.events.ui import EventUI

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


def event_ui(client: discord.Client) -> EventUI:
    """The running bot's :class:`EventUI` (held by the events cog)."""
    ui = card_actions(client)
    if not isinstance(ui, EventUI):
        raise RuntimeError("the events extension is not loaded")
    return ui
