"""``/event log`` in pages: the whole record of an event, a page at a time (latest first shown), turned by
:class:`EventLogButton`, with the whole log attached as a text file for the association's records.

The buttons are persistent and name the event and the page; a click reads the log again, in the language of
whoever clicks, so a page turned later shows what happened since.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Final, Protocol, cast, runtime_checkable

import discord

from bot.app.events import Event, LogLine, format_of
from bot.app.i18n import t
from bot.app.member_text import inert
from bot.app.telling.history import pages
from bot.shell.components import PageButton
from bot.shell.context import Shell
from bot.shell.events.running import held
from bot.shell.events.text import log_line

LOG_PAGE_CHARS: Final = 3800
"""Characters of log lines on one page (an embed's description holds 4096)."""


@runtime_checkable
class LogActions(Protocol):
    """What the log's page buttons run: :meth:`bot.shell.events.EventUI.turn_log_page`."""

    async def turn_log_page(self, interaction: discord.Interaction, event_id: int, page: int) -> None:
        """Show page ``page`` of the event's log in place."""


def log_actions(client: discord.Client) -> LogActions:
    """The running bot's log handler (the events cog's UI)."""
    return cast(LogActions, held(client, LogActions))  # held checked it is one


class EventLogButton(PageButton, layout="evlog:{slot}:{subject}:{page}"):
    """Turns the pages of ``/event log`` (its subject: the event id)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Show the page."""
        await log_actions(interaction.client).turn_log_page(interaction, int(self.subject), self.page)


def log_texts(event: Event, lines: Sequence[LogLine], names: Mapping[int, str], lang: str) -> list[str]:
    """Every line of the log in words, oldest first."""
    return [log_line(line, names, lang, two_player=format_of(event.format).two_player) for line in lines]


def log_page(event: Event, texts: Sequence[str], lang: str, page: int | None) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` of the log (None: the last one, where the latest lines are), with buttons to turn it."""
    book = pages(texts, LOG_PAGE_CHARS)
    shown = len(book) if page is None else min(max(page, 1), len(book))
    embed = discord.Embed(title=t(lang, "event.log.title", event=inert(event.name)), colour=discord.Colour.gold())
    embed.description = "\n".join(book[shown - 1])[:4096] or "—"
    embed.set_footer(text=t(lang, "event.log.footer", page=shown, pages=len(book), count=len(texts)))
    view = discord.ui.View(timeout=None)
    # Words beside the arrows: on a phone a lone ◀ says little about which way the log runs.
    view.add_item(EventLogButton(event.id, shown - 1, t(lang, "event.log.earlier"), disabled=shown == 1, slot="prev"))
    view.add_item(EventLogButton(event.id, shown + 1, t(lang, "event.log.later"), disabled=shown == len(book)))
    return embed, view


def plain(text: str) -> str:
    """A log line as a text file holds it: Discord's timestamps written out as UTC dates."""
    return re.sub(r"<t:([0-9]+):[a-zA-Z]>", lambda m: stamp(int(m[1])), text)


def stamp(seconds: int) -> str:
    """A Unix time as a UTC date and time."""
    return datetime.fromtimestamp(seconds, tz=UTC).strftime("%Y-%m-%d %H:%M UTC")


def log_file(event: Event, lines: Sequence[LogLine], names: Mapping[int, str], lang: str) -> discord.File:
    """The whole log as a text file, one line per entry, oldest first (``names`` as typed: a file renders no
    markdown)."""
    heading = t(lang, "event.log.title", event=event.name)
    body = "\n".join([heading, "", *(plain(text) for text in log_texts(event, lines, names, lang))]) + "\n"
    slug = re.sub(r"[^a-z0-9]+", "-", event.name.lower()).strip("-")[:40] or "event"
    return discord.File(io.BytesIO(body.encode("utf-8")), filename=f"{slug}-{event.id}-log.txt")
