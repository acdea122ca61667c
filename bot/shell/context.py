"""The shell's collaborators, bundled once by the composition root (:mod:`bot.shell.client`).

A persistent button is rebuilt by discord.py from its custom id alone, with nothing but the interaction at
hand; its handler needs the match service and the message builders. The client builds one :class:`Shell`
in ``setup_hook`` and keeps it as its ``shell`` attribute; :func:`shell_of` is the one place that reads it.
Handlers then take the :class:`Shell` (or the one collaborator they need), never the bot itself.

The shell's message builders are named here by what the handlers use of them (:class:`Messages`,
:class:`PlayByPost`), not by their classes: those classes import the buttons, and the buttons' handlers
take a :class:`Shell`, so naming the classes would close an import circle, if only for the type checker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.app.heavy import HeavyWork
from bot.app.matches import Match, MatchService, TurnReport
from bot.app.records.replays import ReplayCache


class PrivateViewsPart(Protocol):
    """What handlers use of :class:`bot.shell.play.private.PrivateViews`."""

    async def show_private_view(self, interaction: discord.Interaction, match_id: int) -> None: ...

    async def open_setup_form(self, interaction: discord.Interaction, match_id: int) -> None: ...


class Messages(Protocol):
    """What handlers use of the match's messages, :class:`bot.shell.play.messages.GameUI`."""

    @property
    def private(self) -> PrivateViewsPart: ...

    async def names(self, match: Match, lang: str = ...) -> list[str]: ...

    async def display_name(self, user_id: int, guild: discord.Guild | None) -> str: ...

    async def text_names(self, match: Match, lang: str = ...) -> list[str]: ...

    async def text_name(self, user_id: int, guild: discord.Guild | None) -> str: ...

    async def pingable(self, match: Match, user_ids: Sequence[int], *, turn: bool) -> list[int]: ...

    def post_link(self, match: Match, message_id: int | None = None) -> str: ...

    def channel_link(self, match: Match) -> str: ...

    def channel_language(self, match: Match) -> str: ...

    async def open_channel(self, channel_id: int) -> discord.PartialMessageable: ...

    async def edit_message(self, channel_id: int | None, message_id: int, **fields: Any) -> None: ...

    async def require_current(self, interaction: discord.Interaction) -> Match: ...

    async def lobby_embed(self, match: Match, lang: str) -> discord.Embed: ...

    async def publish_board(self, match: Match, report: TurnReport | None, lang: str) -> int | None: ...

    async def post_board(
        self, interaction: discord.Interaction, report: TurnReport, *, elsewhere: bool = False
    ) -> None: ...


class PlayByPost(Protocol):
    """What handlers use of :class:`bot.shell.pbp.post_ui.PostUI`."""

    @property
    def replays(self) -> ReplayCache: ...

    async def find(self, interaction: discord.Interaction, match_id: int | None) -> Match: ...

    async def answer_vote(
        self, interaction: discord.Interaction, match_id: int, seat: int, stamp: int, choice: str
    ) -> None: ...

    async def thread_matches(self, interaction: discord.Interaction) -> str | None: ...


@dataclass(frozen=True)
class Shell:
    """What the shell's handlers work with: the Discord client (to send and edit messages), the match
    service, the match messages (:class:`bot.shell.play.messages.GameUI`), the play-by-post features
    (:class:`bot.shell.pbp.post_ui.PostUI`) and the bound on heavy work members ask for."""

    client: discord.Client
    service: MatchService
    ui: Messages
    pbp: PlayByPost
    heavy: HeavyWork


class ShellHolder(Protocol):
    """What a command needs of the bot (:class:`bot.shell.client.PlateauBot`, the composition root, which a
    feature does not import): the :class:`Shell` it hands to its handler."""

    @property
    def shell(self) -> Shell: ...


class ExtensionHost(ShellHolder, Protocol):
    """The bot a feature's extension is loaded into: it takes the extension's cog, whose commands get its Shell."""

    async def add_cog(self, cog: commands.Cog) -> None: ...


class OrganiserCheck(Protocol):
    """What a command outside the events uses of their handlers (:class:`bot.shell.events.EventUI`, which stands
    above the features that ask): whether a member organises the server's events."""

    async def is_organiser(self, interaction: discord.Interaction) -> bool: ...


class EventsHolder(ShellHolder, Protocol):
    """The bot of a command that treats an event's organisers apart (they change an event's game at once)."""

    @property
    def event_ui(self) -> OrganiserCheck | None: ...


async def is_organiser(bot: EventsHolder, interaction: discord.Interaction) -> bool:
    """Whether the member behind ``interaction`` organises the server's events (Manage Server or their role)."""
    events = bot.event_ui
    if events is None:
        raise RuntimeError("the events' handlers are built by the client's setup")
    return await events.is_organiser(interaction)


def shell_or_none(interaction: discord.Interaction) -> Shell | None:
    """The :class:`Shell` of the running bot behind ``interaction``; None before ``setup_hook`` built it."""
    shell = getattr(interaction.client, "shell", None)
    return shell if isinstance(shell, Shell) else None


def shell_of(interaction: discord.Interaction) -> Shell:
    """The :class:`Shell` of the running bot behind ``interaction``."""
    shell = shell_or_none(interaction)
    if shell is None:
        raise RuntimeError("these buttons only work on the Plateau bot")
    return shell
