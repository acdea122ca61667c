"""The play-by-post clock: every minute :meth:`Reminders.tick` (called by :mod:`bot.shell.pbp.clock`) posts
the boards never announced, reminds the players whose turn waits, and at a passed deadline applies the match's
policy or asks the others (:mod:`bot.shell.pbp.votes`); and the member's own settings for it: vacations,
quiet hours, how a match pings them.

Everything durable lives in the database through :class:`bot.app.matches.MatchService`, so a restart loses no
reminder and sends none twice.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import discord

from bot.app.clocks.deadlines import QuietHours
from bot.app.desk.pings import DIGEST_KEY, ROUTE_KEY, PingPrefs, ping_prefs
from bot.app.i18n import language_of, t
from bot.app.matches import DueStep, MatchService, MatchStatus
from bot.app.member_text import inert
from bot.app.seats.ai import humans
from bot.shell.display import variant_label
from bot.shell.pbp.votes import DeadlineVotes
from bot.shell.play.messages import GameUI
from bot.shell.timeoff import notices as timeoff_notices

log = logging.getLogger(__name__)

LAST_REMINDERS = ("soon", "low")
"""Reminders a member with a daily digest still gets: the last one before a deadline, a game clock's warning."""
ANNOUNCE_GRACE = timedelta(minutes=5)
"""How long after a change the clock waits before announcing it itself (the command may still be posting)."""


class Reminders:
    """The clock's steps, and the settings members give it (see the module docstring)."""

    def __init__(self, bot: discord.Client, service: MatchService, ui: GameUI, votes: DeadlineVotes) -> None:
        self.bot = bot
        self.service = service
        self.ui = ui
        self.votes = votes
        self._first_tick = True

    def _owns(self, guild_id: int | None) -> bool:
        """True when this process runs the server's shard (always, for a bot that is not sharded)."""
        owns = getattr(self.bot, "owns", None)
        return True if owns is None else bool(owns(guild_id))

    async def tick(self, now: datetime) -> int:
        """Do everything that is due at ``now``: reminders, deadline votes, automatic timeouts.

        Returns how many steps were handled. A reminder is claimed in the database before it is sent,
        so two ticks (or a tick racing a restart) never send it twice. A deadline step is marked only once
        carried out, through service operations keyed by the late turn (a repeat changes nothing): one
        that failed, or was cut short by a restart, is done by the next tick.
        """
        # At start-up nothing is on its way; later, a change of the last minutes may still be being posted.
        done = await self.announce_pending(None if self._first_tick else ANNOUNCE_GRACE)
        self._first_tick = False
        for step in await self.service.due(now):
            if not self._owns(step.match.guild_id):
                continue  # another shard process looks after that server
            try:
                if step.threshold == "expired":
                    await self.expire(step)
                elif step.threshold == "decided":
                    await self.votes.complete_vote(step)
                else:
                    if not await self.service.claim(step):
                        continue
                    await self.remind(step)
            except Exception:
                log.exception("clock step %s of match %s failed", step.threshold, step.match.id)
                continue
            done += 1
        return done

    async def announce_pending(self, settled_for: timedelta | None = None) -> int:
        """Post the board of every change that was committed but never announced (the bot stopped in
        between, or the post failed); each is marked once posted. Returns how many were posted."""
        posted = 0
        for report in await self.service.unannounced(settled_for=settled_for):
            if not self._owns(report.match.guild_id):
                continue
            try:
                await self.ui.publish_board(report.match, report, self.ui.channel_language(report.match))
            except (discord.NotFound, discord.Forbidden):
                # The channel is gone or closed to the bot: nobody can be told, so stop trying.
                log.info("match %s: its channel no longer takes the board; not announced", report.match.id)
                await self.service.mark_announced(report.match.id, report.match.version)
                continue
            except Exception:
                log.exception("the board of match %s could not be announced", report.match.id)
                continue
            posted += 1
        return posted

    async def remind(self, step: DueStep) -> None:
        """Remind one player whose turn is waiting, in the match's channel, pinging only them."""
        match, clock = step.match, step.clock
        if (await self.service.pings(match.id)).get(clock.user_id) == "off":
            return
        own = await self._own_pings(clock.user_id)
        if own.digest and step.threshold not in LAST_REMINDERS:
            return  # their daily digest stands for it; the last reminder before the deadline still comes
        if own.in_dm:
            # Told by DM (bot.shell.desk), and only there unless they asked for both.
            self.bot.dispatch("member_reminded", match, clock, step.threshold)
            if not own.in_thread:
                return
        lang = self.ui.channel_language(match)
        # The game clock's one warning tells its flag fall; a turn reminder, the turn's end.
        deadline = clock.flag if step.threshold == "low" and clock.flag is not None else clock.times.deadline
        text = t(
            lang,
            "remind.every" if step.threshold.startswith("every") else f"remind.{step.threshold}",
            mention=f"<@{clock.user_id}>",
            game=variant_label(match, lang),
            id=match.id,
            when=discord.utils.format_dt(deadline, "f"),
            relative=discord.utils.format_dt(deadline, "R"),
        )
        channel = await self.ui.open_channel(match.channel_id)
        await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(clock.user_id)]))

    async def _own_pings(self, user_id: int) -> PingPrefs:
        """The member's own ping settings (:mod:`bot.app.desk.pings`)."""
        keys = (ROUTE_KEY, DIGEST_KEY)
        return ping_prefs({k: v for k in keys if (v := await self.service.user_pref(user_id, k)) is not None})

    async def expire(self, step: DueStep) -> None:
        """A deadline passed: the member's allowance carries it when they turned automatic vacation on
        (:mod:`bot.shell.timeoff.notices` tells the channel once); otherwise, or once the allowance ran out, apply
        the match's automatic policy, or ask the other players."""
        spent = await self.service.spend_time_off(step)
        if spent is not None:
            await timeoff_notices.tell(self.ui, step, spent)
            if spent.kind != "exhausted":
                return
        match, clock = step.match, step.clock
        lang = self.ui.channel_language(match)
        if match.on_timeout in ("move", "forfeit"):
            report = await self.service.carry_out(match.id, clock.seat, clock.since, match.on_timeout)
            await self.service.mark_step(step)
            if report is not None:
                await self.ui.publish_board(report.match, report, lang)
            return
        names = await self.ui.names(match)
        others = [uid for seat, uid in enumerate(match.seats) if seat != clock.seat]
        pinged = await self.ui.pingable(match, others, turn=False)
        channel = await self.ui.open_channel(match.channel_id)
        await channel.send(
            t(
                lang,
                "timeout.vote",
                name=inert(names[clock.seat]),
                game=variant_label(match, lang),
                id=match.id,
                mentions=" ".join(f"<@{uid}>" for uid in humans(others)),
            ),
            view=self.votes.vote_view(match, clock, names, lang),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged]),
        )
        # Marked once posted: a vote that could not be posted is tried again, never lost.
        await self.service.mark_step(step)

    # Personal settings.

    async def vacation(self, interaction: discord.Interaction, days: int, start_in_days: int) -> None:
        """``/game vacation``: declare (or with 0 days end) a vacation; the other players are told."""
        lang = language_of(interaction.locale)
        user = interaction.user.id
        if days == 0:
            ended = await self.service.cancel_vacation(user)
            await interaction.response.send_message(
                t(lang, "vacation.ended" if ended else "vacation.none"), ephemeral=True
            )
            return
        start = discord.utils.utcnow() + timedelta(days=start_in_days)
        starts, ends = await self.service.declare_vacation(user, start, days)
        when = {"start": discord.utils.format_dt(starts, "f"), "end": discord.utils.format_dt(ends, "f")}
        await interaction.response.send_message(t(lang, "vacation.declared", **when), ephemeral=True)
        for match in await self.service.matches_of_user(user, statuses=(MatchStatus.ACTIVE,)):
            public = self.ui.channel_language(match)
            name = (await self.ui.text_names(match))[match.seat_of(user) or 0]
            try:
                channel = await self.ui.open_channel(match.channel_id)
                await channel.send(
                    t(public, "vacation.notice", name=name, id=match.id, **when),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException:
                log.info("vacation notice for match %s could not be posted", match.id)

    async def quiet(self, interaction: discord.Interaction, quiet: QuietHours | None) -> None:
        """``/game quiet``: set or clear the caller's quiet hours."""
        lang = language_of(interaction.locale)
        await self.service.set_quiet_hours(interaction.user.id, quiet)
        text = t(lang, "quiet.cleared") if quiet is None else t(lang, "quiet.set", hours=str(quiet))
        await interaction.response.send_message(text, ephemeral=True)

    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        """``/game notify``: how the caller is pinged in this channel's match."""
        match = await self.ui.require_current(interaction)
        await self.service.set_pings(match.id, interaction.user.id, mode)
        lang = language_of(interaction.locale)
        await interaction.response.send_message(t(lang, f"notify.{mode}", id=match.id), ephemeral=True)
