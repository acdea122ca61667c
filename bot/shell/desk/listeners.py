"""The desk's listeners: every published change redraws its members' desks and tells, where they asked for it, the
members whose pings go to a DM ("your turn", "you are the last one we are waiting for"); reminders routed to a DM;
each tick, the marks other shard processes left and the daily digests that are due."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Protocol

import discord
from discord.ext import commands

from bot.app.desk.nudges import last_one
from bot.app.desk.pings import PingPrefs, digest_due
from bot.app.i18n import t
from bot.app.matches import Match, MatchService, MatchStatus, TurnClock, TurnReport
from bot.app.member_text import inert
from bot.app.posting import PingMode, Plan
from bot.app.seats.ai import is_ai
from bot.shell.context import Messages
from bot.shell.desk.keeper import DeskKeeper
from bot.shell.display import board_link, variant_label
from bot.shell.play.asked import asked_text

log = logging.getLogger(__name__)


class DeskBot(Protocol):
    """What the desk's listeners use of the bot (:class:`bot.shell.client.PlateauBot`, the composition root, which a
    feature does not import): the desks' keeper, the match messages and the match service."""

    @property
    def desk(self) -> DeskKeeper: ...

    @property
    def ui(self) -> Messages: ...

    @property
    def service(self) -> MatchService: ...

    async def add_cog(self, cog: commands.Cog) -> None: ...


class DeskCog(commands.Cog):
    """Keeps desks current and routes the pings members chose (see the module docstring)."""

    def __init__(self, bot: DeskBot) -> None:
        self.bot = bot

    @property
    def keeper(self) -> DeskKeeper:
        return self.bot.desk

    async def _server(self, match: Match) -> str:
        guild = await self.keeper.source.guild(match.guild_id) if match.guild_id is not None else None
        return inert(guild.name) if guild is not None else "—"

    async def _words(self, match: Match, user_id: int) -> tuple[str, dict[str, object]]:
        lang = await self.keeper.language(user_id, self.bot.ui.channel_language(match))
        facts: dict[str, object] = {
            "game": variant_label(match, lang),
            "id": match.id,
            "server": await self._server(match),
            "link": board_link(match),
        }
        return lang, facts

    @commands.Cog.listener()
    async def on_match_published(
        self, match: Match, report: TurnReport | None, plan: Plan, pings: Mapping[int, PingMode]
    ) -> None:
        """A change was published: redraw its members' desks, and ping in DMs those who route pings there
        (``pings``: the match's ``/game notify`` settings, as publishing read them)."""
        try:
            await self.keeper.touch(match.seats)
            if report is None or match.status is not MatchStatus.ACTIVE:
                return
            last = last_one(match.game.id, report.previous_state, match.state)
            last_user = match.seats[last] if last is not None and last < len(match.seats) else None
            if last_user is not None and (last in match.ai or is_ai(last_user)):
                last_user = None
            if last_user is not None and pings.get(last_user) == "off":
                last_user = None
            for user_id in dict.fromkeys((*plan.ping, *plan.away)):
                if user_id == last_user:
                    continue  # told once, as the last one awaited, below
                prefs = await self.keeper.book.prefs(user_id)
                if prefs.in_dm and not prefs.digest:
                    lang, facts = await self._words(match, user_id)
                    # The DM is the member's alone: it may say why their plan, order or autopilot asked them.
                    why = await asked_text(self.bot.service, match.id, user_id, lang)
                    await self.keeper.send_ping(user_id, t(lang, "ping.dm.turn", **facts) + why)
            if last_user is not None:
                await self._last_one(match, last_user, pinged=last_user in plan.ping)
        except Exception:
            log.exception("the desk could not follow the change of match %s", match.id)

    @commands.Cog.listener()
    async def on_match_finished(self, match: Match) -> None:
        """A match ended (an abort too, which posts no turn): it leaves its members' desks."""
        await self._touch(match)

    @commands.Cog.listener()
    async def on_turn_extended(self, match: Match) -> None:
        """The players chose to wait for a late seat: its new deadline shows on the desks."""
        await self._touch(match)

    async def _touch(self, match: Match) -> None:
        try:
            await self.keeper.touch(match.seats)
        except Exception:
            log.exception("the desks of match %s could not be marked", match.id)

    @commands.Cog.listener()
    async def on_lobby_changed(self, match: Match, user_id: int) -> None:
        """A member joined or left a lobby (an AI was seated): the desks of its members, and of that member."""
        try:
            await self.keeper.touch((*match.seats, user_id))
        except Exception:
            log.exception("the desks of lobby %s could not be marked", match.id)

    async def _last_one(self, match: Match, user_id: int, *, pinged: bool) -> None:
        """Tell ``user_id`` they are the last one the phase waits for, where their pings go (a digest member too:
        this is the one ping that matters to them). In the thread only when this change's turn post did not ping
        them already (a phase of seats acting together, which ends one by one without a new post): one post and
        one ping per change at most."""
        prefs: PingPrefs = await self.keeper.book.prefs(user_id)
        if prefs.in_thread and not pinged:
            lang = self.bot.ui.channel_language(match)
            text = t(lang, "ping.last_one", mention=f"<@{user_id}>", game=variant_label(match, lang), id=match.id)
            channel = await self.bot.ui.open_channel(match.channel_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
        if prefs.in_dm:
            lang, facts = await self._words(match, user_id)
            await self.keeper.send_ping(user_id, t(lang, "ping.dm.last_one", **facts))

    @commands.Cog.listener()
    async def on_member_reminded(self, match: Match, clock: TurnClock, threshold: str) -> None:
        """A reminder whose member routes pings to a DM: it goes there too (or only there)."""
        try:
            prefs = await self.keeper.book.prefs(clock.user_id)
            if not prefs.in_dm:
                return
            lang, facts = await self._words(match, clock.user_id)
            deadline = clock.flag if threshold == "low" and clock.flag is not None else clock.times.deadline
            text = t(
                lang,
                "ping.dm.remind",
                when=discord.utils.format_dt(deadline, "f"),
                relative=discord.utils.format_dt(deadline, "R"),
                **facts,
            )
            await self.keeper.send_ping(clock.user_id, text)
        except Exception:
            log.exception("the reminder of match %s could not reach user %s by DM", match.id, clock.user_id)

    @commands.Cog.listener()
    async def on_clock_tick(self, now: datetime) -> None:
        """Each tick: the marks other processes left, then the daily digests due."""
        if not self.keeper.edits_here():
            return
        try:
            await self.keeper.take_marks()
            for user_id in await self.keeper.book.digest_members():
                await self._digest(user_id, now)
        except Exception:
            log.exception("the desk's tick failed")

    async def _digest(self, user_id: int, now: datetime) -> None:
        """Send ``user_id``'s daily digest when it is due: the matches waiting for them, in one DM that notifies."""
        quiet = await self.bot.service.quiet_hours(user_id)
        last = await self.keeper.book.digest_sent(user_id)
        if not digest_due(now, last, quiet.zone if quiet is not None else "UTC"):
            return
        if not await self.keeper.book.claim_digest(user_id, last):
            return
        lang = await self.keeper.language(user_id)
        gathered = await self.keeper.source.gather(user_id, lang)
        yours = [e for e in gathered.entries if e.visible and e.kind == "turn"]
        if not gathered.shares_server:
            return
        if not yours:
            return  # a day with nothing waiting is not worth a notification
        lines = [t(lang, "digest.title", count=len(yours))]
        lines += [t(lang, "digest.line", id=e.match_id, game=e.game, link=e.link, server=e.server) for e in yours]
        text = "\n".join(lines)
        await self.keeper.send_ping(user_id, text[:2000])


async def setup(bot: DeskBot) -> None:
    """Extension entry point."""
    await bot.add_cog(DeskCog(bot))
