"""The desk DM of each member: sent once, then edited in place, at most once per member per few seconds.

Every change that concerns a member marks their desk (:meth:`DeskKeeper.touch`); a pump takes the ready desks
from :class:`bot.app.desk.queue.DeskQueue`, draws each afresh from storage and carries out
:func:`bot.app.desk.planner.desk_step`. The DM's ids are stored (migration 0027), so after a restart the same
message is edited. A member whose DMs are closed (Discord's 50007) is remembered as such and not tried again for a
while: their desk is shown ephemerally when they ask for it (``/game mine``). Only the process that owns direct
messages edits desks (:mod:`bot.app.desk.shards`); another process leaves marks in the database for it. The queue
lives in memory, so each change is also noted in storage until its desk is drawn
(:meth:`bot.app.desk.book.DeskBook.note_stale`): after a restart the first tick queues the desks a stopped process
had not drawn yet.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, Final

import discord
from discord.ext import tasks

from bot.app.desk.book import DeskBook
from bot.app.desk.planner import DeskMessage, desk_message, desk_step, plan_desk
from bot.app.desk.queue import DeskQueue
from bot.app.desk.shards import edits_desks
from bot.app.events import EventService
from bot.app.i18n import LANGUAGES, language_of, t
from bot.app.matches import MatchService
from bot.app.seats.ai import humans
from bot.shell.desk.entries import EntrySource
from bot.shell.display import Display
from bot.shell.numbers import ascii_number
from bot.shell.play.private import DM_CLOSED_CODES

log = logging.getLogger(__name__)

PUMP_SECONDS: Final = 1.0
"""The pump's shortest wait between two passes."""
LAST_PING = "desk_last_ping"
"""The member's preference holding their latest ping DM (``channel:message``), deleted when the next one comes."""
DESK_LANG = "desk_lang"
"""The member's preference holding the language of their desk (their client's, when they last opened it)."""


def desk_link(channel_id: int, message_id: int) -> str:
    """A jump link to a desk DM."""
    return f"https://discord.com/channels/@me/{channel_id}/{message_id}"


def link_view(message: DeskMessage) -> discord.ui.View | None:
    """The desk's link buttons (one per turn of the member's), five to a row."""
    if not message.buttons:
        return None
    view = discord.ui.View(timeout=None)
    for label, url in message.buttons:
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url))
    return view


class DeskKeeper:
    """Keeps every member's desk DM current (see the module docstring)."""

    def __init__(
        self,
        bot: discord.Client,
        service: MatchService,
        display: Display,
        book: DeskBook,
        queue: DeskQueue,
        events: EventService | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.display = display
        self.book = book
        self.queue = queue
        self.source = EntrySource(bot, service, display, events)
        self.edits = 0
        """Desk messages sent or edited by this process (the bench and the tests read it)."""
        self._resumed = False
        """True once the desks a stopped process left undrawn are queued (:meth:`take_marks`)."""
        # A discord.ext.tasks loop, run only while desks wait: it sleeps until the next desk is ready.
        self._pump: tasks.Loop[Any] = tasks.loop(seconds=PUMP_SECONDS)(self._drain)

    def edits_here(self) -> bool:
        """True when this process edits the desks (it runs the shard that owns direct messages)."""
        config = getattr(self.bot, "config", None)
        if config is None or not getattr(config, "sharded", False):
            return True
        return edits_desks(config.shard_ids, config.shard_count)

    async def touch(self, user_ids: Iterable[int]) -> None:
        """Mark the desks of ``user_ids`` (members only) out of date."""
        members = humans(list(user_ids))
        if not members:
            return
        if not self.edits_here():
            await self.book.mark(members)
            return
        # Queued before the note is written: a draw in flight then sees the desk queued again and keeps the note.
        # (Noted first, a draw finishing while the note was written took the desk for drawn and erased the note
        # of a change it had not read.) A note left by a draw that did read the change costs one redraw at most.
        now = discord.utils.utcnow()
        for user_id in members:
            self.queue.touch(user_id, now)
        await self.book.note_stale(members)
        self._start_pump()

    async def take_marks(self) -> None:
        """Queue the desks other processes marked (the owning process calls this on each tick); on the first
        call, the desks whose latest change a stopped process had noted and not drawn."""
        if not self.edits_here():
            return
        now = discord.utils.utcnow()
        if not self._resumed:
            self._resumed = True
            for user_id in await self.book.stale():
                self.queue.touch(user_id, now)
        for user_id, _ in await self.book.take_marks():
            self.queue.touch(user_id, now)
        self._start_pump()

    def _start_pump(self) -> None:
        if len(self.queue) and not self._pump.is_running():
            self._pump.change_interval(seconds=PUMP_SECONDS)
            self._pump.start()

    async def _drain(self) -> None:
        """One pass of the pump: redraw the ready desks; stop once none waits, else wake when the next is ready."""
        now = discord.utils.utcnow()
        for user_id, _marked in self.queue.take(now):
            try:
                await self.refresh(user_id)
            except Exception:
                log.exception("the desk of user %s could not be redrawn", user_id)
            if user_id not in self.queue:  # a change during the draw keeps the note for the next one
                try:
                    await self.book.drawn(user_id)
                except Exception:
                    log.exception("the desk of user %s was drawn but could not be noted so", user_id)
        ready = self.queue.next_at()
        if ready is None:
            self._pump.stop()
            return
        wait = (ready - discord.utils.utcnow()).total_seconds()
        self._pump.change_interval(seconds=max(PUMP_SECONDS, wait))

    async def language(self, user_id: int, fallback: str = "en") -> str:
        """The language of ``user_id``'s desk and DMs: the one of their client when they last opened their desk,
        else ``fallback`` (a match's server's language, for a ping about it)."""
        stored = await self.service.user_pref(user_id, DESK_LANG)
        return stored if stored in LANGUAGES else fallback

    async def draw(self, user_id: int, lang: str) -> tuple[DeskMessage, bool, bool]:
        """``user_id``'s desk as it should read now, whether they share a server with the bot, and whether it
        lists anything."""
        gathered = await self.source.gather(user_id, lang)
        desk = plan_desk(gathered.entries)
        return desk_message(desk, lang), gathered.shares_server, not desk.empty

    async def refresh(self, user_id: int, *, lang: str | None = None, force: bool = False) -> tuple[int, int] | None:
        """Redraw ``user_id``'s desk and send or edit it as :func:`desk_step` says (``force``: they asked for it,
        so a first desk is sent). Returns the desk's (channel, message), or None when there is none (never asked
        for, no server shared, or DMs closed)."""
        kept = await self.book.kept(user_id)
        if kept is None and not force:
            return None  # never asked for: nothing to draw (and no lookup on Discord)
        if not force and await self.display.dm_known_closed(user_id):
            return None  # a closed door is not knocked on again and again (Discord counts the refusals)
        lang = lang or await self.language(user_id)
        message, shares, _listed = await self.draw(user_id, lang)
        step = desk_step(kept, message, shares_server=shares, asked=force)
        if step.action == "none":
            return None
        if step.action == "keep" and kept is not None and kept.channel_id is not None and kept.message_id is not None:
            return kept.channel_id, kept.message_id
        if step.action == "edit" and kept is not None and kept.channel_id is not None and step.message_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(kept.channel_id, type=discord.ChannelType.private)
                    .get_partial_message(step.message_id)
                    .edit(content=message.content, view=link_view(message))
                )
                self.edits += 1
                await self.book.keep(user_id, kept.channel_id, step.message_id, message.digest)
                return kept.channel_id, step.message_id
            except discord.NotFound:
                log.info("the desk of user %s is gone; sending a new one", user_id)
            except discord.HTTPException as exc:
                if not (isinstance(exc, discord.Forbidden) and exc.code in DM_CLOSED_CODES):
                    raise
                await self.service.set_user_pref(user_id, "dm_closed", discord.utils.utcnow().isoformat())
                return None
        return await self._send(user_id, message)

    async def _send(self, user_id: int, message: DeskMessage) -> tuple[int, int] | None:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            view = link_view(message)
            sent = await (user.send(message.content, view=view) if view is not None else user.send(message.content))
        except discord.Forbidden as exc:
            if exc.code not in DM_CLOSED_CODES:
                raise
            await self.service.set_user_pref(user_id, "dm_closed", discord.utils.utcnow().isoformat())
            return None
        self.edits += 1
        await self.service.set_user_pref(user_id, "dm_closed", None)
        await self.book.keep(user_id, sent.channel.id, sent.id, message.digest)
        return sent.channel.id, sent.id

    async def open(self, interaction: discord.Interaction) -> None:
        """``/game mine``: bring the caller's desk up to date in their DMs and link to it; when their DMs are
        closed, show it here, to them only."""
        lang = language_of(interaction.locale)
        user_id = interaction.user.id
        await self.service.set_user_pref(user_id, DESK_LANG, lang)
        await interaction.response.defer(ephemeral=True, thinking=True)
        where = await self.refresh(user_id, lang=lang, force=True)
        if where is not None:
            await interaction.followup.send(t(lang, "desk.opened", link=desk_link(*where)), ephemeral=True)
            return
        message, _shares, _listed = await self.draw(user_id, lang)
        view = link_view(message)
        text = (message.content + "\n\n" + t(lang, "desk.dm_closed"))[:2000]
        if view is None:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(text, ephemeral=True, view=view)

    async def send_ping(self, user_id: int, text: str) -> bool:
        """A short DM that notifies (a turn, a reminder, the last one awaited); False when DMs are closed.

        The previous one goes once this one is sent: the desk says everything they said, and a DM that grew a
        ping per turn would bury it."""
        if await self.display.dm_known_closed(user_id):
            return False
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            sent = await user.send(text[:2000])
        except discord.Forbidden as exc:
            if exc.code not in DM_CLOSED_CODES:
                raise
            await self.service.set_user_pref(user_id, "dm_closed", discord.utils.utcnow().isoformat())
            return False
        previous = await self.service.user_pref(user_id, LAST_PING)
        await self.service.set_user_pref(user_id, LAST_PING, f"{sent.channel.id}:{sent.id}")
        channel_text, _, message_text = (previous or "").partition(":")
        channel_id, message_id = ascii_number(channel_text), ascii_number(message_text)
        if channel_id is not None and message_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
                    .get_partial_message(message_id)
                    .delete()
                )
            except discord.HTTPException:
                log.info("the previous ping DM of user %s could not be deleted", user_id)
        return True
