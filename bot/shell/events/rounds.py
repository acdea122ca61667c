"""A round on Discord: a public thread per game, the players' ping, the first board, the pairings; what follows
a counted result (the standings, the next round, **Start round N** for the organiser); and a timed round's end
(games settled from their positions, physical results still missing chased from the organiser)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Final, Literal

import discord

from bot.app.events import Event, EventError, EventGame, EventStatus, Progress, RoundPlan, reported_result
from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from bot.app.member_text import inert
from bot.app.tournaments.standings import DEFAULT_POINTS
from bot.shell.events.absence_ui import absent_notice
from bot.shell.events.card import NextRoundButton
from bot.shell.events.desk import EventDesk, as_text
from bot.shell.events.report_text import code_of, names_of, physical_state, where
from bot.shell.events.report_ui import answer_view
from bot.shell.events.standings import StandingsPosts
from bot.shell.events.text import deadline_label, game_label, points_text, result_text

log = logging.getLogger(__name__)

BYE_POINTS: Final = DEFAULT_POINTS.bye
"""What a bye is worth (the event's point system)."""

THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
"""Game threads stay open a week without activity (a play-by-post game is slow)."""


class RoundPosts:
    """Open a round's games in their threads and act on closed rounds."""

    def __init__(self, desk: EventDesk, standings: StandingsPosts) -> None:
        self.desk = desk
        self.standings = standings

    async def open_planned(self, plan: RoundPlan, lang: str) -> None:
        """Open a round just paired; post the final standings if the event finished instead, or act on the
        round at once if it closed as it was paired (nothing but byes)."""
        if plan.round is None:
            await self.standings.post_standings(plan.event, lang, final=True)
            await self.standings.announce_podium(plan.event, lang)
            await self.desk.refresh_card(plan.event, lang)
            return
        await self.open_round(plan.event, plan.games, lang)
        await self.desk.refresh_card(plan.event, lang)
        if plan.closed_round is not None:
            await self.after_progress(Progress(plan.event, None, plan.closed_round))

    async def reconcile(self, event_id: int) -> None:
        """Count results the bot missed (a match that ended during a restart) and act on closed rounds."""
        for progress in await self.desk.events.reconcile(event_id):
            await self.after_progress(progress)

    async def open_round(self, event: Event, games: Sequence[EventGame], lang: str) -> None:
        """Open every game that needs it in its own thread, ping its players there, post its first board;
        then post the round's pairings in the event's channel."""
        async with self.desk.lock(event.id):
            channel = await self.desk.text_channel(event.channel_id)
            names = await self.desk.names(event)  # as typed for the threads' names, inert in the texts
            told = as_text(names)
            for game in games:
                if game.is_bye or game.done or game.physical:
                    continue  # a physical game is played at the club: no thread, no online match
                current = next(
                    (g for g in await self.desk.events.games(event.id, game.round) if g.board == game.board), game
                )
                if current.match_id is not None:
                    match = await self.desk.matches.get(current.match_id)
                    if match.status is not MatchStatus.LOBBY:
                        continue  # opened meanwhile by another path
                thread_id = current.thread_id or await self._new_thread(channel, event, current, names, lang)
                report = await self.desk.events.open_game(event, current, thread_id)
                await self._greet(thread_id, event, current, report.match, told, lang)
                await self.desk.games.publish_board(report.match, report, lang)
            round_games = await self.desk.events.games(event.id, games[0].round) if games else []
            # The bye is the one player no thread greets: the pairings post pings them, and them alone.
            byes = [g.players[0] for g in round_games if g.is_bye]
            content = "\n".join(
                t(
                    lang,
                    "event.bye_ping",
                    mention=f"<@{uid}>",
                    round=games[0].round,
                    points=points_text(BYE_POINTS, lang),
                )
                for uid in byes
            )
            # Players at physical boards have no thread to greet them: the same post pings them, once.
            physical = [uid for g in round_games if g.physical and not g.done for uid in g.players]
            if physical:
                mentions = " ".join(f"<@{uid}>" for uid in physical)
                content = "\n".join(filter(None, [content, t(lang, "event.report.paired", mentions=mentions)]))
            # One short line per round: the games, threads and clock are on the event's board (its card).
            number_ = games[0].round if games else event.current_round
            notice = t(lang, "event.board.paired", round=number_, rounds=event.rounds, card=self.card_link(event))
            await channel.send(
                content="\n".join(filter(None, [notice, content]))[:2000],
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in [*byes, *physical]]),
            )

    @staticmethod
    def card_link(event: Event) -> str:
        """A masked link to the event's board (its card), or nothing when the card is unknown."""
        if event.signup_message_id is None:
            return ""
        url = f"https://discord.com/channels/{event.guild_id}/{event.channel_id}/{event.signup_message_id}"
        return f"[↑]({url})"

    async def _new_thread(
        self, channel: discord.TextChannel, event: Event, game: EventGame, names: Mapping[int, str], lang: str
    ) -> int:
        if len(game.players) == 2:
            who = t(lang, "event.thread.versus", first=names[game.players[0]], second=names[game.players[1]])
        else:
            who = t(lang, "event.thread.table", table=game.board)
        title = t(lang, "event.thread.name", event=event.name, round=game.round, who=who)
        thread = await channel.create_thread(
            name=title[:100], type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        return thread.id

    async def _greet(
        self, thread_id: int, event: Event, game: EventGame, match: Match, names: Mapping[int, str], lang: str
    ) -> None:
        """The players' ping in their thread: which event, round and board, and who plays whom."""
        mentions = " · ".join(f"<@{uid}>" for uid in game.players)
        key = "event.thread.greet_pair" if len(game.players) == 2 else "event.thread.greet_table"
        text = t(
            lang,
            key,
            event=inert(event.name),
            round=game.round,
            rounds=event.rounds,
            board=game.board,
            mentions=mentions,
            game=game_label(event, lang),
            id=match.id,
            deadline=deadline_label(event, lang),
        )
        channel = await self.desk.games.open_channel(thread_id)
        await channel.send(
            text[:2000], allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in game.players])
        )

    async def warn_round(self, event: Event) -> None:
        """Tell every game still being played that the round ends in a few minutes, and how it is then settled."""
        if not await self.desk.events.claim_warning(event.id) or event.round_ends_at is None:
            return
        lang = self.desk.lang_of(event)
        for game in await self.desk.events.games(event.id, event.current_round):
            if game.done or game.is_bye or game.thread_id is None:
                continue
            text = t(
                lang,
                "event.round_clock.warn",
                end=discord.utils.format_dt(event.round_ends_at, "t"),
                left=discord.utils.format_dt(event.round_ends_at, "R"),
                mentions=" ".join(f"<@{uid}>" for uid in game.players),
                rule=t(
                    lang, "event.round_clock.rule_pair" if len(game.players) == 2 else "event.round_clock.rule_table"
                ),
            )
            channel = await self.desk.games.open_channel(game.thread_id)
            await channel.send(
                text[:2000], allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in game.players])
            )

    async def end_round(self, event: Event) -> None:
        """The round's time is up: settle its unfinished games from their positions, stop their matches, say so in
        each thread, then act on the closed round (standings, next round)."""
        settled, progress = await self.desk.events.settle_round(event.id)
        lang = self.desk.lang_of(event)
        for item in settled:
            game = item.game
            names = await self.desk.text_names(event, game.players)
            if game.match_id is not None:
                match = await self.desk.matches.get(game.match_id)
                if match.status in (MatchStatus.LOBBY, MatchStatus.ACTIVE):
                    report = await self.desk.matches.abort(match.id, event.organiser_id, organiser=True)
                    await self.desk.games.publish_board(report.match, report, lang)
            if game.thread_id is not None:
                text = t(lang, "event.round_clock.settled", result=result_text(game, game.result, names, lang))
                channel = await self.desk.games.open_channel(game.thread_id)
                await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())
        if progress is not None:
            await self.after_progress(progress)
        if progress is None or progress.closed_round is None:
            await self.chase_physical(event, lang)

    async def chase_physical(self, event: Event, lang: str) -> None:
        """The round's time is up and games on physical boards still have no result (unreported, unconfirmed or
        disputed): the round cannot close by itself, so the organiser is pinged with what settles each one
        (**Accept the report** when there is one, **Set the result**), and so are its players."""
        for game in await self.desk.events.games(event.id, event.current_round):
            if not game.physical or game.done or game.is_bye:
                continue
            names = await self.desk.text_names(event, game.players)
            players = [uid for uid in game.players if uid != event.organiser_id]
            text = t(
                lang,
                "event.round_clock.physical_waiting",
                round=game.round,
                where=where(game, lang),
                players=", ".join(names_of(game, names)),
                state=physical_state(game, names, lang),
                organiser=f"<@{event.organiser_id}>",
                mentions=" ".join(f"<@{uid}>" for uid in players),
            )
            choices = {"set": t(lang, "event.report.set")}
            if game.report is not None:
                choices = {"accept": t(lang, "event.report.accept"), **choices}
            # A two-player game with no report has no result code yet: the organiser's form ignores it.
            code = code_of(reported_result(game), len(game.players)) or "00"
            channel = await self.desk.games.open_channel(event.channel_id)
            await channel.send(
                text[:2000],
                view=answer_view(choices, event.id, game.round, game.board, code),
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(u) for u in [event.organiser_id, *players]]
                ),
            )

    async def match_finished(self, match: Match) -> None:
        """The ``match_finished`` event: count the result if the match is an event game, then act on it."""
        progress = await self.desk.events.record(match)
        if progress is not None:
            await self.after_progress(progress)

    async def tell_absent(self, event: Event, absent: Sequence[int], lang: str) -> None:
        """Tell the organiser (pinged, nobody else) of each member who did not play two games, with Withdraw."""
        if not absent:
            return
        names = await self.desk.text_names(event, list(absent))
        channel = await self.desk.games.open_channel(event.channel_id)
        for user_id in absent:
            text, view = absent_notice(event, user_id, names[user_id], lang)
            mention = discord.AllowedMentions(users=[discord.Object(event.organiser_id)])
            await channel.send(text, view=view, allowed_mentions=mention)

    async def after_progress(self, progress: Progress) -> None:
        """After a counted result: when it closed a round, post the standings, then finish the event or,
        with auto-advance, open the next round (or say how to)."""
        event = progress.event
        lang = self.desk.lang_of(event)
        await self.tell_absent(event, progress.absent, lang)
        if progress.closed_round is None:
            # A result came in: the board shows it (and the standings it changed).
            await self.desk.refresh_card(event, lang)
            return
        final = event.status is EventStatus.FINISHED
        if final:
            # The record of the event: the full standings (image and spreadsheet), then the podium.
            await self.standings.post_standings(event, lang, final=True, round=progress.closed_round)
            await self.standings.announce_podium(event, lang)
        await self.desk.refresh_card(event, lang)
        if final or event.status is not EventStatus.RUNNING:
            return
        channel = await self.desk.games.open_channel(event.channel_id)
        if not event.auto_advance:
            # The organiser is the one who must act: pinged, and nobody else.
            await channel.send(
                t(
                    lang,
                    "event.round_over",
                    round=progress.closed_round,
                    next=progress.closed_round + 1,
                    organiser=f"<@{event.organiser_id}>",
                ),
                view=next_round_view(event, progress.closed_round + 1, lang),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(event.organiser_id)]),
            )
            return
        try:
            plan = await self.desk.events.plan_round(event.id, None)
        except EventError:
            # Someone paired the round first (an organiser's command racing the last result).
            log.info("event %s: round after %s already paired", event.id, progress.closed_round)
            return
        await self.open_planned(plan, lang)


def next_round_view(event: Event, round: int, lang: str) -> discord.ui.View:
    """**Start round N** under the organiser's "round over" ping (the card's persistent button kind)."""
    view = discord.ui.View(timeout=None)
    view.add_item(NextRoundButton("go", event.id, round, t(lang, "event.next.button", round=round)))
    return view
