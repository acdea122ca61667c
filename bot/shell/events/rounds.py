"""A round on Discord: a public thread per game, the players' ping, the first board, the pairings; and what
follows a counted result (the standings, the next round)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Final, Literal

import discord

from bot.app.events import Event, EventError, EventGame, EventStatus, Progress, RoundPlan
from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from bot.app.member_text import inert
from bot.shell.events.desk import EventDesk, as_text
from bot.shell.events.standings import StandingsPosts
from bot.shell.events.text import deadline_label, game_label

log = logging.getLogger(__name__)

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
                if game.is_bye or game.done:
                    continue
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
            await channel.send(
                embed=pairings_embed(event, round_games, told, lang),
                allowed_mentions=discord.AllowedMentions.none(),
            )

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

    async def match_finished(self, match: Match) -> None:
        """The ``match_finished`` event: count the result if the match is an event game, then act on it."""
        progress = await self.desk.events.record(match)
        if progress is not None:
            await self.after_progress(progress)

    async def after_progress(self, progress: Progress) -> None:
        """After a counted result: when it closed a round, post the standings, then finish the event or,
        with auto-advance, open the next round (or say how to)."""
        event = progress.event
        if progress.closed_round is None:
            return
        lang = self.desk.lang_of(event)
        final = event.status is EventStatus.FINISHED
        await self.standings.post_standings(event, lang, final=final, round=progress.closed_round)
        await self.desk.refresh_card(event, lang)
        if final or event.status is not EventStatus.RUNNING:
            return
        channel = await self.desk.games.open_channel(event.channel_id)
        if not event.auto_advance:
            await channel.send(t(lang, "event.round_over", round=progress.closed_round, next=progress.closed_round + 1))
            return
        try:
            plan = await self.desk.events.plan_round(event.id, None)
        except EventError:
            # Someone paired the round first (an organiser's command racing the last result).
            log.info("event %s: round after %s already paired", event.id, progress.closed_round)
            return
        await self.open_planned(plan, lang)


def pairings_embed(event: Event, games: Sequence[EventGame], names: Mapping[int, str], lang: str) -> discord.Embed:
    """The round's games with links to their threads, and its byes; the players named by ``names`` (as message
    text shows them: an embed shows the mention of a member the reader's client has not loaded as a raw <@id>)."""
    number_ = games[0].round if games else event.current_round
    embed = discord.Embed(
        title=t(lang, "event.pairings.title", event=inert(event.name), round=number_, rounds=event.rounds)[:256],
        colour=discord.Colour.gold(),
    )

    def named(uid: int) -> str:
        return f"**{names.get(uid, f'#{uid}')}**"

    lines = []
    for game in games:
        if game.is_bye:
            lines.append(t(lang, "event.pairings.bye", player=named(game.players[0])))
            continue
        players = (" " + t(lang, "event.pairings.vs") + " ").join(named(uid) for uid in game.players)
        if len(game.players) > 2:
            players = ", ".join(named(uid) for uid in game.players)
        where = f"<#{game.thread_id}>" if game.thread_id else "…"
        key = "event.pairings.board" if len(game.players) == 2 else "event.pairings.table"
        lines.append(t(lang, key, board=game.board, players=players, thread=where))
    embed.description = "\n".join(lines)[:4096] or "—"
    embed.set_footer(text=t(lang, "event.card.footer", id=event.id))
    return embed
