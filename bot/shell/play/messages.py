"""What the bot shows for a match, assembled: :class:`GameUI` is the match's messages as one object.

It is the :class:`~bot.shell.display.Display` (names, links, channels, board images) holding the parts that
build and send the rest, each in a module of its own:

- :mod:`bot.shell.play.turn_views`: what a turn post shows (the situation, the story, the layout);
- :mod:`bot.shell.play.publish`: the messaging plan of a change carried out (posts, questions, status card);
- :mod:`bot.shell.play.private`: private views by DM or ephemerally, and the secret set-up prompt.

The actions members take live beside their buttons (:mod:`bot.shell.lobby.card`,
:mod:`bot.shell.play.move_controls`, :mod:`bot.shell.play.resign`, :mod:`bot.shell.consent.draw`,
:mod:`bot.shell.consent.rematch`, ...), and reach this object through the bot's :class:`~bot.shell.context.Shell`.
Commands and buttons take the same paths, so a move typed with ``/game move`` and a move clicked on a board
button are published alike.
"""

from __future__ import annotations

import discord

from bot.app.matches import Match, MatchService
from bot.shell.display import Display, board_files, public_language, variant_label
from bot.shell.lobby import card as lobby_card
from bot.shell.play.private import PrivateViews
from bot.shell.play.publish import Publisher
from bot.shell.play.turn_views import TurnViews

__all__ = ["GameUI", "public_language", "variant_label"]  # the last two: older imports from here

_files = board_files
"""The board and detail images as files (the name tests build posts with)."""


class GameUI(Display):
    """The match's messages: display helpers, plus the turn views, the publisher and the private views."""

    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        super().__init__(bot, service)
        self.private = PrivateViews(bot, service, self)
        self.views = TurnViews(service, self)
        self.publisher = Publisher(bot, service, self, self.views, self.private)
        # Publishing, as commands, buttons and the clock ask for it (see bot.shell.play.publish.Publisher).
        self.deliver = self.publisher.deliver
        self.publish_board = self.publisher.publish_board
        self.post_board = self.publisher.post_board
        self.repost = self.publisher.repost
        self.refresh_status = self.publisher.refresh_status
        self.close_parent_line = self.publisher.close_parent_line
        # The publisher's own steps, for the tests that build a busy post through the bot's code.
        self._post_view = self.views.post_view
        self._images = self.publisher._images

    async def lobby_embed(self, match: Match, lang: str) -> discord.Embed:
        """The lobby card of ``match`` (see :func:`bot.shell.lobby.card.lobby_embed`), its players named."""
        return lobby_card.lobby_embed(match, lang, await self.text_names(match, lang))
