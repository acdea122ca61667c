"""Play by post: reminders and deadline votes (:class:`TimeoutButton`, beside its handler), overviews and
settings. Undo and history have modules of their own (:mod:`bot.shell.consent.undo`, :mod:`bot.shell.history.past`).

The clock tick (:mod:`bot.shell.cogs.clock`) calls :meth:`PostUI.tick`; commands and persistent buttons call
the other handlers. Everything durable lives in the database through :class:`bot.app.matches.MatchService`,
so a restart loses no reminder and sends none twice.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import ClassVar

import discord

from bot.app import replays
from bot.app.ai_seats import humans
from bot.app.deadlines import QuietHours
from bot.app.game_clock import grace
from bot.app.i18n import language_of, t
from bot.app.matches import (
    DueStep,
    Match,
    MatchError,
    MatchService,
    MatchStatus,
    TurnClock,
)
from bot.app.member_text import inert
from bot.app.threads import order_for
from bot.app.turns import known_turn
from bot.shell.components import PREFIX, ChoiceButton
from bot.shell.context import Shell
from bot.shell.display import public_language
from bot.shell.play.messages import GameUI
from bot.shell.play.status import MAX_LISTED, match_lines, span_text, variant_name

log = logging.getLogger(__name__)

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
"""Turn starts travel in button ids as whole microseconds since this instant (exact, unlike floats)."""
ANNOUNCE_GRACE = timedelta(minutes=5)
"""How long after a change the clock waits before announcing it itself (the command may still be posting)."""
UPLOAD_LIMIT = 8_000_000
"""Bytes an attachment may weigh on any server (Discord's smallest upload limit, with a margin)."""


class TimeoutButton(
    ChoiceButton,
    template=rf"{PREFIX}:to:(?P<choice>wait|move|forfeit):(?P<match>[0-9]+):(?P<seat>[0-9]+):(?P<since>[0-9]+)",
):
    """A vote on a seat whose time ran out; it carries the turn's start, so it only counts for that turn."""

    KIND = "to"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {
        "wait": discord.ButtonStyle.primary,
        "move": discord.ButtonStyle.secondary,
        "forfeit": discord.ButtonStyle.danger,
    }

    def __init__(self, choice: str, match_id: int, seat: int, since: int, label: str) -> None:
        super().__init__(choice, match_id, seat, since, label=label)
        self.match_id = match_id
        self.seat = seat
        self.since = since

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's vote."""
        await shell.pbp.answer_vote(interaction, self.match_id, self.seat, self.since, self.choice)


class PostUI:
    """Handlers of the play-by-post features (see the module docstring)."""

    def __init__(self, bot: discord.Client, service: MatchService, ui: GameUI) -> None:
        self.bot = bot
        self.service = service
        self.ui = ui
        self.replays = replays.ReplayCache()
        self._first_tick = True

    # The clock.

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
                    await self.complete_vote(step)
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
        lang = self.ui.channel_language(match)
        # The game clock's one warning tells its flag fall; a turn reminder, the turn's end.
        deadline = clock.flag if step.threshold == "low" and clock.flag is not None else clock.times.deadline
        text = t(
            lang,
            f"remind.{step.threshold}",
            mention=f"<@{clock.user_id}>",
            game=variant_name(match, lang),
            id=match.id,
            when=discord.utils.format_dt(deadline, "f"),
            relative=discord.utils.format_dt(deadline, "R"),
        )
        channel = await self.ui.open_channel(match.channel_id)
        await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(clock.user_id)]))

    async def expire(self, step: DueStep) -> None:
        """A deadline passed: apply the match's automatic policy, or ask the other players."""
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
                game=variant_name(match, lang),
                id=match.id,
                mentions=" ".join(f"<@{uid}>" for uid in humans(others)),
            ),
            view=self.vote_view(match, clock, names, lang),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged]),
        )
        # Marked once posted: a vote that could not be posted is tried again, never lost.
        await self.service.mark_step(step)

    async def complete_vote(self, step: DueStep) -> None:
        """Carry out a vote that was decided but not carried out (it failed, or the bot stopped in between)."""
        match, clock = step.match, step.clock
        decided = await self.service.decision(match.id, clock.seat, clock.since)
        if decided is None:
            return
        await self._carry_out(match, clock.seat, clock.since, decided, self.ui.channel_language(match))

    async def _carry_out(self, match: Match, seat: int, since: datetime, decided: str, lang: str) -> None:
        report = await self.service.carry_out(match.id, seat, since, decided)
        if report is not None:
            await self.ui.publish_board(report.match, report, lang)
        elif decided == "wait":
            # A fresh turn with no new board: the sleeping tick must still wake for its end (a live minute).
            self.bot.dispatch("turn_extended", match)

    def vote_view(self, match: Match, clock: TurnClock, names: Sequence[str], lang: str) -> discord.ui.View:
        """The three answers to a passed deadline."""
        stamp = (clock.since - EPOCH) // timedelta(microseconds=1)
        name = names[clock.seat]
        state = match.state
        notations = [state.format_move(m) for m in state.legal_moves(clock.seat)]
        # The game's own way to pass is what "move" plays when there is one (see MatchService.play_for).
        skip = any(n.split()[-1] in ("pass", "done", "end") for n in notations if n.split())
        labels = {
            "wait": t(lang, "button.timeout_wait", span=wait_span(match, lang)),
            "move": t(lang, "button.timeout_skip" if skip else "button.timeout_move", name=name),
            "forfeit": t(lang, "button.timeout_forfeit", name=name),
        }
        return TimeoutButton.choices({c: label[:80] for c, label in labels.items()}, match.id, clock.seat, stamp)

    async def answer_vote(
        self, interaction: discord.Interaction, match_id: int, seat: int, stamp: int, choice: str
    ) -> None:
        """A click on a deadline vote: record it; once a majority agrees, carry the choice out."""
        since = EPOCH + timedelta(microseconds=stamp)
        match, decided, votes = await self.service.vote_timeout(match_id, interaction.user.id, seat, since, choice)
        lang = public_language(interaction)
        names = await self.ui.text_names(match, lang)
        if decided is None:
            tally = ", ".join(f"**{names[v]}**: {t(lang, f'timeout.choice.{c}')}" for v, c in sorted(votes.items()))
            await interaction.response.edit_message(
                content=t(lang, "timeout.partial", name=names[seat], id=match.id, tally=tally)
            )
            return
        await interaction.response.edit_message(
            content=t(
                lang,
                f"timeout.decided.{decided}",
                name=names[seat],
                id=match.id,
                span=wait_span(match, lang),
            ),
            view=None,
        )
        await self._carry_out(match, seat, since, decided, lang)

    # Finding a match by number.

    async def find(self, interaction: discord.Interaction, match_id: int | None) -> Match:
        """The match numbered ``match_id`` on this server, or this channel's current or last match.

        A match the caller may not see (:func:`may_see`) is answered exactly as one of another server, so
        that the small sequential numbers tell nothing about private channels.
        """
        if match_id is not None:
            match: Match = await self.service.get(match_id)
            if match.guild_id != interaction.guild_id or not await may_see(interaction, match):
                raise MatchError("no_match")
            return match
        channel = interaction.channel_id or 0
        found: Match | None = await self.service.current(channel) or await self.service.last_in_channel(channel)
        if found is None or found.status is MatchStatus.LOBBY:
            raise MatchError("no_match")
        return found

    # Matches in threads.

    async def thread_matches(self, interaction: discord.Interaction) -> str | None:
        """For a command that found no match in a channel whose matches run in its threads: a reply
        linking those matches, the caller's own first (None when the channel has no such thread)."""
        guild = interaction.guild
        if guild is None or isinstance(interaction.channel, discord.Thread) or interaction.channel_id is None:
            return None
        here = []
        for match in await self.service.open_matches(guild_id=guild.id):
            thread = guild.get_thread(match.channel_id)
            if thread is not None and thread.parent_id == interaction.channel_id:
                here.append(match)
        if not here:
            return None
        lang = language_of(interaction.locale)
        ordered = order_for(here, interaction.user.id)[:MAX_LISTED]
        lines = await match_lines(ordered, interaction.user.id, lang, self.ui.text_names)
        text = t(lang, "threads.here", count=len(here))
        for line in lines:
            if len(text) + len(line) + 1 > 1900:
                break
            text += "\n" + line
        return text

    # Overviews.

    async def mine(self, interaction: discord.Interaction) -> None:
        """``/game mine``: every open match of the caller, on every server, with deadlines and links."""
        lang = language_of(interaction.locale)
        matches = await self.service.matches_of_user(
            interaction.user.id, statuses=(MatchStatus.LOBBY, MatchStatus.ACTIVE)
        )
        matches.sort(
            key=lambda m: (
                m.seat_of(interaction.user.id) not in m.state.actors() or m.status is MatchStatus.LOBBY,
                m.id,
            )
        )
        more = len(matches) - MAX_LISTED
        matches = matches[:MAX_LISTED]  # match_lines lists no more than these
        turns = {m.id: await known_turn(self.service, m) for m in matches if m.status is MatchStatus.ACTIVE}
        lines = await match_lines(matches, interaction.user.id, lang, self.ui.text_names, turns)
        lines = [
            line + await self._deadline_suffix(m, interaction.user.id) for line, m in zip(lines, matches, strict=True)
        ]
        if more > 0:
            lines.append(t(lang, "mine.more", count=more))
        embed = discord.Embed(
            title=t(lang, "mine.title"),
            description="\n".join(lines) or t(lang, "mine.none"),
            colour=discord.Colour.blurple(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _deadline_suffix(self, match: Match, user_id: int | None) -> str:
        clocks = await self.service.clocks(match.id)
        mine = [c for c in clocks.values() if user_id is None or c.user_id == user_id] or list(clocks.values())
        if not mine:
            return ""
        return " · ⏰ " + discord.utils.format_dt(min(c.times.deadline for c in mine), "R")

    async def list_open(self, interaction: discord.Interaction, scope: str) -> None:
        """``/game list``: the open matches of this channel or of the whole server."""
        lang = language_of(interaction.locale)
        if scope == "server":
            # Only matches the caller could look up one by one (see find); from the cache alone, as a server
            # may hold a thousand open matches: one in a thread Discord archived is then listed to its players.
            matches: list[Match] = []
            for match in await self.service.open_matches(guild_id=interaction.guild_id):
                if len(matches) < MAX_LISTED and await may_see(interaction, match, fetch=False):
                    matches.append(match)
        else:
            matches = await self.service.open_matches(channel_id=interaction.channel_id)
        matches = matches[:MAX_LISTED]
        lines = await match_lines(matches, None, lang, self.ui.text_names)
        suffixes = [await self._deadline_suffix(m, None) for m in matches]
        lines = [line + suffix for line, suffix in zip(lines, suffixes, strict=True)]
        embed = discord.Embed(
            title=t(lang, f"list.title.{scope}"),
            description="\n".join(lines) or t(lang, "list.none"),
            colour=discord.Colour.blurple(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

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


def wait_span(match: Match, lang: str) -> str:
    """What a "wait" vote gives a late seat, in words: a fresh turn, or with a game clock and no turn limit
    the grace of :func:`bot.app.game_clock.grace` (a flag that has not fallen keeps its own time left)."""
    return span_text(int(grace(match.turn_limit).total_seconds()), lang)


# Who may see a match looked up by number.


async def _place_of(
    interaction: discord.Interaction, match: Match, *, fetch: bool = True
) -> discord.abc.GuildChannel | discord.Thread | None:
    """The match's channel or thread as the bot sees it (with ``fetch``, asked of Discord when not cached:
    an archived thread)."""
    guild = interaction.guild
    if guild is None:
        return None
    place = guild.get_channel_or_thread(match.channel_id)
    if place is None and fetch:
        try:
            fetched = await guild.fetch_channel(match.channel_id)
        except (discord.HTTPException, discord.InvalidData):
            return None
        place = fetched if isinstance(fetched, (discord.abc.GuildChannel, discord.Thread)) else None
    return place


def _viewable(place: discord.abc.GuildChannel | discord.Thread, who: discord.Member | discord.Role) -> bool:
    try:
        permissions = place.permissions_for(who)
    except discord.ClientException:  # a thread whose parent is not cached: unknown, so not visible
        return False
    if not permissions.view_channel:
        return False
    if isinstance(place, discord.Thread) and place.is_private() and not permissions.manage_threads:
        # A private thread shows only to its members (the cache may miss some: then it stays hidden).
        return isinstance(who, discord.Member) and any(m.id == who.id for m in place.members)
    return True


async def may_see(interaction: discord.Interaction, match: Match, *, fetch: bool = True) -> bool:
    """True when the caller played in ``match`` (held a seat, even one later handed over) or can view its
    channel or thread, as Discord's permissions say for them there; anything unknown counts as hidden
    (``fetch=False``: a channel or thread missing from the cache is unknown)."""
    user = interaction.user
    if match.played_by(user.id) or interaction.channel_id == match.channel_id:
        return True
    guild = interaction.guild
    member = user if isinstance(user, discord.Member) else (guild.get_member(user.id) if guild else None)
    place = await _place_of(interaction, match, fetch=fetch)
    return member is not None and place is not None and _viewable(place, member)


async def open_to_everyone(interaction: discord.Interaction, match: Match) -> bool:
    """True when ``match`` is played in the caller's channel or where the server's @everyone can look."""
    if interaction.channel_id == match.channel_id:
        return True
    guild = interaction.guild
    place = await _place_of(interaction, match)
    return guild is not None and place is not None and _viewable(place, guild.default_role)
