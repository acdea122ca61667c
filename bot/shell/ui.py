"""What the bot shows for a match, assembled: :class:`GameUI` is the match's messages as one object.

It is the :class:`~bot.shell.display.Display` (names, links, channels, board images) holding the parts that
build and send the rest, each in a module of its own:

- :mod:`bot.shell.turn_views`: what a turn post shows (the situation, the story, the layout);
- :mod:`bot.shell.publish`: the messaging plan of a change carried out (posts, questions, status card);
- :mod:`bot.shell.private_ui`: private views by DM or ephemerally, and the secret set-up prompt.

The actions members take live beside their buttons (:mod:`bot.shell.lobby_ui`, :mod:`bot.shell.move_controls`,
:mod:`bot.shell.resign_ui`, :mod:`bot.shell.draw_ui`, :mod:`bot.shell.rematch_ui`, ...), and reach this object
through the bot's :class:`~bot.shell.context.Shell`. Commands and buttons take the same paths, so a move typed
with ``/game move`` and a move clicked on a board button are published alike.
"""

from __future__ import annotations

import discord

from bot.app.matches import Match, MatchService, TurnReport
from bot.shell import lobby_ui
from bot.shell.display import Display, board_files, public_language, variant_label
from bot.shell.private_ui import PrivateViews
from bot.shell.publish import Publisher
from bot.shell.turn_views import TurnViews

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
        # The publisher's own steps, for the tests that build a busy post through the bot's code.
        self._post_view = self.views.post_view
        self._images = self.publisher._images
        self._send_post = self.publisher._send_post

    def lobby_embed(self, match: Match, lang: str) -> discord.Embed:
        """The lobby card of ``match`` (see :func:`bot.shell.lobby_ui.lobby_embed`)."""
        return lobby_ui.lobby_embed(match, lang)

    async def deliver(
        self,
        match: Match,
        report: TurnReport | None,
        lang: str,
        *,
        interaction: discord.Interaction | None = None,
        repost: bool = False,
        private: bool = False,
    ) -> int | None:
        """Publish a change (see :meth:`bot.shell.publish.Publisher.deliver`); the turn post's id."""
        return await self.publisher.deliver(
            match, report, lang, interaction=interaction, repost=repost, private=private
        )

    async def publish_board(self, match: Match, report: TurnReport | None, lang: str) -> int | None:
        """Publish a change made without an interaction at hand (see :meth:`Publisher.publish_board`)."""
        return await self.publisher.publish_board(match, report, lang)

    async def post_board(self, interaction: discord.Interaction, report: TurnReport, *, secret: bool = False) -> None:
        """Publish a change made by an interaction, and answer it (see :meth:`Publisher.post_board`)."""
        await self.publisher.post_board(interaction, report, secret=secret)

    async def repost(self, interaction: discord.Interaction, match: Match) -> None:
        """``/game board``: the current turn post again (see :meth:`Publisher.repost`)."""
        await self.publisher.repost(interaction, match)

    async def refresh_status(self, match: Match) -> None:
        """Edit or make the match's status card (see :meth:`Publisher.refresh_status`)."""
        await self.publisher.refresh_status(match)

    async def deliver_private_views(self, match: Match, lang: str, report: TurnReport | None = None) -> None:
        """Send every player their private view (see :meth:`PrivateViews.deliver_private_views`)."""
        await self.private.deliver_private_views(match, lang, report)
