"""Play by post as one object: :class:`PostUI` holds the clock's reminders (:mod:`bot.shell.pbp.reminders`),
the deadline votes (:mod:`bot.shell.pbp.votes`) and the overviews (:mod:`bot.shell.pbp.overview`), and offers
their handlers as commands, buttons and the clock call them.

The clock tick (:mod:`bot.shell.pbp.clock`) calls :meth:`PostUI.tick`; commands and persistent buttons call
the other handlers.
"""

from __future__ import annotations

import discord

from bot.app.matches import MatchService
from bot.app.records import replays
from bot.shell.pbp.overview import Overviews
from bot.shell.pbp.reminders import Reminders
from bot.shell.pbp.votes import DeadlineVotes
from bot.shell.play.messages import GameUI


class PostUI:
    """The play-by-post features (see the module docstring), and the replays' cache."""

    def __init__(self, bot: discord.Client, service: MatchService, ui: GameUI) -> None:
        self.bot = bot
        self.service = service
        self.ui = ui
        self.replays = replays.ReplayCache()
        self.votes = DeadlineVotes(bot, service, ui)
        self.reminders = Reminders(bot, service, ui, self.votes)
        self.overviews = Overviews(service, ui)
        # The handlers, as the clock, the commands and the buttons call them.
        self.tick = self.reminders.tick
        self.announce_pending = self.reminders.announce_pending
        self.vacation = self.reminders.vacation
        self.quiet = self.reminders.quiet
        self.notify = self.reminders.notify
        self.answer_vote = self.votes.answer_vote
        self.find = self.overviews.find
        self.thread_matches = self.overviews.thread_matches
        self.list_open = self.overviews.list_open
