"""What the bot shows and does for a match: lobby and board messages, moves, private views.

Commands and buttons both end up here, so a move typed with ``/game move`` and a move clicked on a
board button take the same path. Rendering runs in a worker thread. An interaction is answered by the
change it made when one of its steps fits (the clicked post's edit, the new turn post) and the drawing is
done within :data:`ANSWER_WITHIN`, else acknowledged before the slow work; later updates use channel and
message ids, never old interaction tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, Literal, NamedTuple

import discord

from bot.app.ai_seats import LEVELS, ai_name, humans, is_ai, level_of, mention
from bot.app.i18n import language_of, t
from bot.app.matches import (
    DECISIONS,
    POSITION_KINDS,
    SERVICE_OPTIONS,
    DrawOffer,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchService,
    MatchStatus,
    TurnReport,
    replay,
    require_seat,
)
from bot.app.narration import TAKEOVER_ARROW, narrate, result_line, take_seat_label, takeover_lines, turn_line
from bot.app.posting import (
    DMStep,
    Plan,
    PrivateDM,
    Question,
    Situation,
    TurnPost,
    Via,
    accepts,
    plan,
    private_digest,
)
from bot.app.seats import Action
from bot.app.secret_setup import cell_order, needs_setup, setup_prompt
from bot.app.storage import PostRow
from bot.app.threads import is_match_thread_name, thread_name
from bot.app.turns import match_ply_turns, match_turn
from bot.shell import fairness_ui
from bot.shell.components import (
    DrawButton,
    LobbyButton,
    PrivateViewButton,
    RematchButton,
    ResignButton,
    SetupButton,
    SetupForm,
    TakeSeatButton,
)
from bot.shell.move_controls import move_controls
from bot.shell.status import game_label, sheet_digest, sheet_embed
from bot.shell.turn_post import BOARD_FILE, DETAIL_FILE, post_layout, question_layout, seat_colour
from games import find_game, sequence
from games.base import GameState, Seat
from render import BoardContext, describe_board, highlights_for, render_board, render_board_detail

log = logging.getLogger(__name__)

EditOutcome = Literal["edited", "gone", "refused"]
"""What came of editing a turn post: edited, gone (deleted, or out of reach), or the edit refused."""

DM_RETRY_AFTER = timedelta(hours=24)
"""How long a user whose DMs were closed is served by the fallback before the bot tries DMs again."""
DM_CLOSED_CODES = frozenset({50007, 50278})
ANSWER_WITHIN = 2.0
"""Seconds after an interaction was created by which it is answered with its change (an edited or new turn
post); drawing slower than that, it is acknowledged first and the post changed after (Discord allows 3 s)."""


def public_language(interaction: discord.Interaction) -> str:
    """Language of messages everyone in the channel reads: the server's, else the user's."""
    return language_of(interaction.guild_locale or interaction.locale)


def variant_label(match: Match, lang: str) -> str:
    """The game's name with its rule set, e.g. "Royal Game of Ur — Variante 2"."""
    return game_label(match.game, match.options, lang)


def _file(png: bytes, alt: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=BOARD_FILE, description=alt[:1000])


def _files(png: bytes, alt: str, detail: bytes | None) -> list[discord.File]:
    """The board, then the game's detail image when it has one (Ursuppe's genes and events)."""
    files = [_file(png, alt)]
    if detail is not None:
        files.append(discord.File(io.BytesIO(detail), filename=DETAIL_FILE))
    return files


class Kept(NamedTuple):
    """What the bot keeps of a match's messages (see :meth:`GameUI._kept`)."""

    turn: TurnPost | None
    start: int
    """The ply the turn post's story starts after."""
    question: Question | None
    dms: dict[int, PrivateDM]
    sheet: str | None
    """The digest of what the status card shows (None: no card yet)."""


class GameUI:
    """Shared handlers behind the ``/game`` commands and the persistent buttons."""

    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service
        self._names: dict[int, str] = {}
        # What each match's turn post tells, kept between edits (rebuilt from the log after a restart).
        self._stories: dict[int, tuple[int, GameState | None, list[LogEntry]]] = {}

    # Names and images.

    async def display_name(self, user_id: int, guild: discord.Guild | None) -> str:
        """A user's name as shown on boards (server nickname when known; ``Plateau (strong)`` for an AI)."""
        if is_ai(user_id):
            return ai_name(level_of(user_id))
        member = guild.get_member(user_id) if guild is not None else None
        if member is not None:
            return member.display_name
        if user_id in self._names:
            return self._names[user_id]
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return f"#{user_id}"
        self._names[user_id] = user.display_name
        return user.display_name

    async def names(self, match: Match) -> list[str]:
        """Display names of the seated players, in seat order; a seat that changed hands (the AI took it over,
        then maybe a member from the AI) names each of its players, in order."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        names = [await self.display_name(uid, guild) for uid in match.seats]
        for seat in range(len(match.seats)):
            stints = match.stints(seat)
            if len(stints) > 1:
                # Each player of the seat in turn (see bot.app.narration.holder_at, which picks one of them).
                parts = [
                    await self.display_name(s.user_id, guild) if s.user_id is not None else ai_name(s.level or "")
                    for s in stints
                ]
                names[seat] = TAKEOVER_ARROW.join(parts)
        return names

    # Lobby.

    def lobby_embed(self, match: Match, lang: str) -> discord.Embed:
        """The lobby card: game, seats taken, how to join."""
        seats = "\n".join(f"{i + 1}. {mention(uid)}" for i, uid in enumerate(match.seats)) or "—"
        embed = discord.Embed(title=variant_label(match, lang), colour=discord.Colour.gold())
        embed.add_field(name=t(lang, "lobby.players", count=len(match.seats), max=match.game.max_players), value=seats)
        if match.status is MatchStatus.LOBBY:
            embed.description = t(lang, "lobby.open", min=match.game.min_players)
            if match.options.get("autoplay") == "on":
                embed.description += "\n" + t(lang, "lobby.autoplay")
        elif match.status is MatchStatus.ACTIVE:
            embed.description = t(lang, "lobby.started")
        else:
            embed.description = t(lang, "lobby.closed")
        embed.description = "\n\n".join(filter(None, (embed.description, fairness_ui.lobby_text(match, lang))))
        embed.set_footer(text=t(lang, "match.footer", id=match.id))
        return embed

    def lobby_view(self, match: Match, lang: str) -> discord.ui.View | None:
        """Join / Leave / Start buttons while the lobby is open."""
        if match.status is not MatchStatus.LOBBY:
            return None
        view = discord.ui.View(timeout=None)
        for action in ("join", "leave", "start"):
            view.add_item(LobbyButton(action, match.id, t(lang, f"button.{action}")))
        for item in fairness_ui.lobby_items(match, lang):
            view.add_item(item)
        if len(match.seats) < match.game.max_players:
            for level in LEVELS:
                view.add_item(LobbyButton(f"ai-{level}", match.id, t(lang, "button.add_ai", level=level)))
        return view

    async def create(
        self,
        interaction: discord.Interaction,
        game_id: str,
        options: dict[str, str],
        *,
        turn_limit: int | None = None,
        on_timeout: str = "vote",
        thread: bool | None = None,
        rated: bool = True,
        ai_level: str | None = None,
    ) -> None:
        """Open a lobby and post its card: in a new thread when asked (by default when the bot may create
        threads here), otherwise in the interaction's channel. With ``ai_level``, an AI is seated at once."""
        assert interaction.channel_id is not None
        lang = public_language(interaction)
        channel = interaction.channel
        perms = interaction.app_permissions
        can_thread = (
            isinstance(channel, discord.TextChannel) and perms.create_public_threads and perms.send_messages_in_threads
        )
        if thread and not can_thread:
            raise MatchError("no_thread")
        settings: dict[str, Any] = {"turn_limit": turn_limit, "on_timeout": on_timeout, "rated": rated}
        if not (can_thread if thread is None else thread):
            match = await self.service.create(
                game_id,
                options,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                creator_id=interaction.user.id,
                **settings,
            )
            if ai_level is not None:
                match = await self.service.add_ai(match.id, interaction.user.id, ai_level)
            view = self.lobby_view(match, lang) or discord.ui.View()
            await interaction.response.send_message(embed=self.lobby_embed(match, lang), view=view)
            message = await interaction.original_response()
            await self.service.set_message(match.id, lobby=message.id)
            return
        assert isinstance(channel, discord.TextChannel)
        # Refused before a thread exists that nothing would use, and privately (the answer is not deferred yet).
        await self.service.check_open(game_id, options, creator_id=interaction.user.id)
        await interaction.response.defer(thinking=True)
        info = find_game(game_id)
        game_options = {k: v for k, v in options.items() if k not in SERVICE_OPTIONS}
        label = game_label(info, info.validate_options(game_options), lang)
        created = await channel.create_thread(
            name=thread_name(label, [interaction.user.display_name]),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
        try:
            match = await self.service.create(
                game_id,
                options,
                guild_id=interaction.guild_id,
                channel_id=created.id,
                creator_id=interaction.user.id,
                **settings,
            )
        except MatchError:
            # A lobby opened elsewhere in the meantime reached the cap: the thread would stay empty.
            await self._drop_thread(created)
            raise
        if ai_level is not None:
            match = await self.service.add_ai(match.id, interaction.user.id, ai_level)
        try:
            await created.add_user(interaction.user)
        except discord.HTTPException:
            log.info("could not add user %s to thread %s", interaction.user.id, created.id)
        lobby = await created.send(
            embed=self.lobby_embed(match, lang), view=self.lobby_view(match, lang) or discord.ui.View()
        )
        await self.service.set_message(match.id, lobby=lobby.id)
        await interaction.followup.send(
            t(lang, "lobby.in_thread", game=variant_label(match, lang), thread=created.mention, id=match.id)
        )

    async def _drop_thread(self, thread: discord.Thread) -> None:
        """Delete a thread made for a lobby that was then refused."""
        try:
            await thread.delete()
        except discord.HTTPException:
            log.warning("could not delete the unused thread %s", thread.id, exc_info=True)

    async def lobby_action(self, interaction: discord.Interaction, action: str, match_id: int) -> None:
        """Join, leave or start from a lobby button (or the matching command)."""
        user = interaction.user.id
        if action.startswith("ai-"):
            match = await self.service.add_ai(match_id, user, action.removeprefix("ai-"))
        elif action == "join":
            match = await self.service.join(match_id, user)
        elif action == "leave":
            match = await self.service.leave(match_id, user)
        else:
            report = await self.service.start(match_id, user)
            await self.name_thread(report.match, public_language(interaction))
            await self._refresh_lobby(interaction, report.match)
            await self.deliver(report.match, report, public_language(interaction))
            return
        await self._refresh_lobby(interaction, match)

    async def name_thread(self, match: Match, lang: str) -> None:
        """Rename the match's thread after its final players, once the lobby starts (only a thread named
        for the match by :meth:`create`; an event's threads keep their names)."""
        thread = self.bot.get_channel(match.channel_id)
        if not isinstance(thread, discord.Thread) or self.bot.user is None or thread.owner_id != self.bot.user.id:
            return
        label = variant_label(match, lang)
        name = thread_name(label, await self.names(match))
        if name == thread.name or not is_match_thread_name(thread.name, label):
            return
        try:
            await thread.edit(name=name)
        except discord.HTTPException:
            log.info("thread %s could not be renamed", thread.id)

    async def _refresh_lobby(self, interaction: discord.Interaction, match: Match) -> None:
        lang = public_language(interaction)
        embed = self.lobby_embed(match, lang)
        view = self.lobby_view(match, lang)
        on_lobby = (
            interaction.type is discord.InteractionType.component
            and interaction.message is not None
            and interaction.message.id == match.lobby_message_id
        )
        if on_lobby:
            await interaction.response.edit_message(embed=embed, view=view)
            return
        # A command: say what happened, and update the lobby card in place if it still exists.
        await interaction.response.send_message(embed=embed, ephemeral=match.status is MatchStatus.LOBBY)
        if match.lobby_message_id is not None:
            await self.edit_message(match.channel_id, match.lobby_message_id, embed=embed, view=view)

    # Turn posts.

    async def render(
        self, match: Match, seat: Seat | None, names: Sequence[str], lang: str, report: TurnReport | None = None
    ) -> tuple[bytes, str]:
        """The board image (PNG) of ``match`` as ``seat`` may see it (None = public), and its alt text."""
        last_move: str | None = None
        last_mover: Seat | None = None
        highlights: tuple[str, ...] = ()
        moves = [e for e in (report.entries if report else ()) if e.kind in DECISIONS]
        if moves and report is not None and report.previous_state is not None:
            last = moves[-1]
            state = report.previous_state
            for entry in report.entries:
                if entry is last:
                    break
                if entry.kind in POSITION_KINDS:
                    state = state.apply(state.parse_move(entry.notation))
            # Even a private image names the last move in its public form: it may be the opponent's secret.
            last_move, last_mover = match.game.public_notation(last.notation), last.seat
            highlights = highlights_for(match.game.id, state.view_for(seat), last_move)
        ctx = BoardContext(
            names=tuple(names), last_move=last_move, last_mover=last_mover, highlights=highlights, lang=lang
        )
        view = match.state.view_for(seat)
        png = await asyncio.to_thread(render_board, match.game.id, view, ctx)
        return png, describe_board(match.game.id, view, ctx)

    async def board_file(
        self, match: Match, seat: Seat | None, names: Sequence[str], lang: str, report: TurnReport | None = None
    ) -> discord.File:
        """The board image of ``match`` as ``seat`` may see it (None = public), with alt text."""
        png, alt = await self.render(match, seat, names, lang, report)
        return _file(png, alt)

    async def publish_board(self, match: Match, report: TurnReport | None, lang: str) -> int | None:
        """Publish a change made without an interaction at hand (a deadline, a vote, an AI, a DM button):
        the turn post is edited or a new one posted, as :mod:`bot.app.posting` decides. Returns the post's id."""
        return await self.deliver(match, report, lang)

    async def post_board(self, interaction: discord.Interaction, report: TurnReport, *, secret: bool = False) -> None:
        """Publish a change made by an interaction, and answer it.

        The answer is a step of the change when one fits (:data:`bot.app.posting.Answer`): a click on the turn
        post is answered by editing that post, a command in the match's channel that starts a new turn by
        the new turn post. Otherwise the interaction is acknowledged privately with a link: a ``secret``
        change (a hidden set-up), one made elsewhere (a button in a DM), a command whose change edits the
        post. An interaction answered already (a confirmation) gets the link as a follow-up.
        """
        match = report.match
        in_channel = interaction.channel_id == match.channel_id and not secret
        lang = public_language(interaction) if in_channel else self.channel_language(match)
        if not interaction.response.is_done():
            await self.deliver(match, report, lang, interaction=interaction, private=not in_channel)
            return
        key = "move.played" if in_channel else "move.done_privately"
        post = await self.deliver(match, report, lang)
        await interaction.followup.send(
            t(language_of(interaction.locale), key, link=self.post_link(match, post)), ephemeral=True
        )

    async def repost(self, interaction: discord.Interaction, match: Match) -> None:
        """``/game board``: the current turn post again, as a new message that pings nobody."""
        await interaction.response.defer(thinking=True)
        lang = public_language(interaction)
        await self.deliver(match, None, lang, interaction=interaction, repost=True)

    def post_link(self, match: Match, message_id: int | None = None) -> str:
        """A jump link to the turn post (or to the channel when there is none yet)."""
        base = self.channel_link(match)
        message = message_id or match.board_message_id
        return f"{base}/{message}" if message else base

    async def pingable(self, match: Match, user_ids: Sequence[int], *, turn: bool) -> list[int]:
        """The users among ``user_ids`` who accept a ping now (see :func:`bot.app.posting.accepts`)."""
        prefs = await self.service.pings(match.id)
        return [uid for uid in humans(list(user_ids)) if accepts(prefs, uid, own_turn=turn)]

    async def _kept(self, match: Match) -> Kept:
        """The turn post (with the ply its story starts after), question, DMs and status card kept for ``match``."""
        posts = await self.service.posts(match.id)
        turn: TurnPost | None = None
        start = match.version
        row = posts.get(("turn", 0))
        if row is not None:
            key_text, _, start_text = row.detail.partition(";")
            key = tuple(int(s) for s in key_text.split(",") if s)
            turn = TurnPost(row.message_id, key, row.counter)
            start = int(start_text or match.version)
        question = None
        if (q := posts.get(("question", 0))) is not None:
            question = Question(q.message_id, tuple(int(s) for s in q.detail.split(",") if s))
        dms = {
            p.subject: PrivateDM(p.channel_id, p.message_id, p.detail) for (kind, _), p in posts.items() if kind == "dm"
        }
        sheet = posts.get(("status", 0))
        return Kept(turn, start, question, dms, sheet.detail if sheet is not None else None)

    async def situation(
        self,
        match: Match,
        report: TurnReport | None,
        *,
        repost: bool = False,
        interaction: discord.Interaction | None = None,
        private: bool = False,
    ) -> Situation:
        """What :func:`bot.app.posting.plan` needs to know about ``match`` now (``interaction``: the one that made
        the change, when it still waits for its answer; ``private``: that answer must be private)."""
        kept = await self._kept(match)
        turn, question, dms = kept.turn, kept.question, kept.dms
        via: Via = "none"
        clicked: int | None = None
        if interaction is not None and not interaction.response.is_done():
            if private or interaction.channel_id != match.channel_id:
                via = "private"
            elif interaction.type is discord.InteractionType.component:
                via, clicked = "click", interaction.message.id if interaction.message is not None else None
            else:
                via = "command"
        active = match.status is MatchStatus.ACTIVE
        hidden = match.game.has_hidden_info
        digests: dict[int, str] = {}
        before: dict[int, str] = {}
        unreachable: set[int] = set()
        if hidden:
            public = match.state.view_for(None)
            digests = {uid: private_digest(match.state.view_for(seat), public) for seat, uid in enumerate(match.seats)}
            previous = report.previous_state if report is not None else None
            if previous is not None and match.status is not MatchStatus.LOBBY:
                old = previous.view_for(None)
                before = {uid: private_digest(previous.view_for(seat), old) for seat, uid in enumerate(match.seats)}
            unreachable = {uid for uid in match.seats if await self._dm_known_closed(uid)}
        movers = tuple(e.seat for e in (report.entries if report else ()) if e.seat is not None and e.kind in DECISIONS)
        handed = tuple(
            e.seat for e in (report.entries if report else ()) if e.seat is not None and e.kind is LogKind.REPLACE
        )
        return Situation(
            seats=match.seats,
            active=active,
            actors=match.state.actors() if active else (),
            on_turn=getattr(match.state.view_for(None), "on_turn", None) if active else None,
            movers=movers,
            pings=await self.service.pings(match.id),
            turn=turn,
            question=question,
            hidden_info=hidden,
            digests=digests,
            before=before,
            dms=dms,
            unreachable=frozenset(unreachable),
            repost=repost,
            via=via,
            clicked=clicked,
            sheet=sheet_digest(await self.sheet(match)),
            sheet_shown=kept.sheet,
            handed_over=handed,
        )

    async def _story(
        self, match: Match, start: int, report: TurnReport | None
    ) -> tuple[GameState | None, list[LogEntry]]:
        """The state at ``start`` and the entries since: what the turn post tells."""
        cached = self._stories.get(match.id)
        if report is not None and cached is not None and cached[0] == start:
            told = cached[2]
            last = told[-1].ply if told else start
            if last == match.version - len(report.entries):
                entries = told + list(report.entries)
                self._stories[match.id] = (start, cached[1], entries)
                return cached[1], entries
        if report is not None and match.version - len(report.entries) == start:
            self._stories[match.id] = (start, report.previous_state, list(report.entries))
            return report.previous_state, list(report.entries)
        history = list(await self.service.history(match.id))
        before = [e for e in history if e.ply <= start]
        state: GameState | None = replay(match.game, match.options, len(match.seats), before)
        entries = [e for e in history if e.ply > start]
        self._stories[match.id] = (start, state, entries)
        return state, entries

    async def _post_view(
        self,
        match: Match,
        lang: str,
        names: Sequence[str],
        *,
        number: int,
        key: tuple[int, ...],
        start: int,
        report: TurnReport | None,
        alt: str,
        current: bool,
        mentions: bool,
        asking: bool,
        detail: bool = False,
    ) -> discord.ui.LayoutView:
        """The layout of a turn post: ``current`` (the turn still runs: controls) or retired (none)."""
        state, entries = await self._story(match, start, report)
        happened = narrate(match, state, entries, names, lang)
        awaited: list[str] = []
        rows: list[list[discord.ui.Item[Any]]] = []
        finished = match.status is not MatchStatus.ACTIVE
        if finished and current and match.result is not None:
            awaited.append(result_line(match.result, names, lang))
            if any(len(match.stints(seat)) > 1 for seat in range(len(match.seats))):
                plies = await match_ply_turns(self.service, match)
                last = max(plies.values(), default=1)
                awaited += takeover_lines(match, names, lang, lambda ply: plies.get(ply, last))
            if match.result.scores:
                scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(match.result.scores) if s < len(names))
                awaited.append(t(lang, "post.scores", scores=scores))
        elif current:
            awaited.append(turn_line(match, lang, None if mentions else names))
            clocks = await self.service.clocks(match.id) if match.turn_limit is not None else {}
            if clocks:
                deadline = min(clock.times.deadline for clock in clocks.values())
                awaited.append(t(lang, "board.deadline", when=discord.utils.format_dt(deadline, "R")))
            if not asking:
                rows = move_controls(match, lang)
            if match.game.has_hidden_info:
                # Always at hand for a player who can't receive DMs, without a notice after every move.
                rows.append([PrivateViewButton(match.id, t(lang, "button.private_view"))])
            if match.takeovers and (free := await self.service.replaceable(match)):
                # Anyone not seated may offer to play a seat the AI took over (the players then consent).
                rows.append(
                    [TakeSeatButton(match.id, seat, take_seat_label(match, names, seat, lang)) for seat in free]
                )
        if current and (finished or start == 0):
            # The commitment stays on the first turn's post; the seed is revealed on the final one.
            awaited += fairness_ui.fairness_lines(match, lang, final=finished)
        if finished and current and match.status is MatchStatus.FINISHED:
            awaited.append(t(lang, "post.end", mentions=" ".join(f"<@{uid}>" for uid in humans(match.seats))))
            rows.append([RematchButton(match.id, t(lang, "button.rematch"))])
        header = t(lang, "post.header", game=variant_label(match, lang), id=match.id, turn=max(number, 1))
        if finished and current:
            header = t(lang, "post.header_end", game=variant_label(match, lang), id=match.id)
        winners = match.result.winners if finished and match.result is not None else ()
        colour_seat = (winners or key or (None,))[0]
        return post_layout(
            header=f"### {header}",
            happened=happened,
            awaited=awaited,
            colour=seat_colour(match.game.id, colour_seat),
            alt=alt,
            rows=rows,
            detail=detail,
        )

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
        """Carry out the messaging plan of a change: edit or post the turn post, ask or settle the out-of-turn
        question, send or edit private views, refresh the status card, and answer ``interaction`` (the one
        that made the change, if it waits for its answer; ``private``: only privately). Returns the turn
        post's id."""
        situation = await self.situation(match, report, repost=repost, interaction=interaction, private=private)
        steps = plan(situation)
        answering = interaction if steps.answer != "none" else None
        if answering is not None and steps.answer == "ack":
            # Said at once (the change is saved), before the slower rendering and posting.
            await self._acknowledge(answering, match, steps, private=situation.via == "private")
            answering = None
        # The post counts turns as /game status and /game history do (bot.app.turns), not as the plan does.
        number = await match_turn(self.service, match)
        start = (await self._kept(match)).start
        # After an undo the position jumped back: the post's story starts again from there.
        undone = report is not None and any(e.kind is LogKind.UNDO for e in report.entries)
        if undone:
            start = match.version
        names = await self.names(match)
        if answering is not None and steps.answer == "settle":
            # Answered with the question's own button: its response turns it into the answer, first.
            await self._questions(match, report, lang, names, steps, answering, ask=False)
            answering = None
        images = asyncio.ensure_future(self._images(match, names, lang, report))
        if answering is not None and not await self._in_time(images, answering):
            # Too slow to answer with the change itself within Discord's 3 s: answered now, changed after.
            if steps.answer == "post":
                await self._acknowledge(answering, match, steps, private=False)
            else:
                await answering.response.defer()  # DEFERRED_UPDATE_MESSAGE: the clicked post changes below
            answering = None
        png, alt, detail = await images
        card_first = steps.status == "edit" and match.status_message_id is None and match.lobby_message_id is None
        if card_first:
            # A match opened without a lobby card (an event's): its status card goes above its first post.
            await self.refresh_status(match)
        asking = any(q.action == "ask" for q in steps.questions)
        post_id: int | None = None
        refused = False
        if steps.post == "edit" and steps.turn.message_id is not None:
            layout = await self._post_view(
                match, lang, names, number=number, key=steps.turn.key, start=start, report=report,
                alt=alt, current=True, mentions=False, asking=asking, detail=detail is not None,
            )  # fmt: skip
            respond = answering if steps.answer == "edit" else None
            edited = await self._edit_post(match, steps.turn.message_id, layout, _files(png, alt, detail), respond)
            if edited == "edited":
                post_id = steps.turn.message_id
            elif edited == "refused":
                refused = True
                # Discord refuses some edits that bring a new image into a post's gallery (HTTP 400, "unfurled
                # media attachment not found"): the turn is posted anew below, and the refused post, which still
                # exists, is retired (loses its controls, keeps its picture) as when a turn passes.
                steps = replace(steps, retire=steps.turn.message_id, answer="retire" if respond else steps.answer)
        if post_id is None:
            old: discord.ui.LayoutView | None = None
            if steps.retire is not None and situation.turn is not None:
                old = await self._post_view(
                    match, lang, names, number=situation.turn.number, key=situation.turn.key, start=start,
                    report=report, alt=alt, current=False, mentions=False, asking=False, detail=detail is not None,
                )  # fmt: skip
            if report is not None and not repost and not undone and not refused:
                # A new turn: its post tells from the change on (a turn posted anew tells the whole turn).
                start = match.version - len(report.entries)
            self._stories.pop(match.id, None)
            layout = await self._post_view(
                match, lang, names, number=number, key=steps.turn.key, start=start, report=report,
                alt=alt, current=True, mentions=not repost, asking=asking, detail=detail is not None,
            )  # fmt: skip
            mentions = discord.AllowedMentions(
                users=[discord.Object(uid) for uid in humans(steps.ping)],
                roles=False,
                everyone=False,
                replied_user=False,
            )
            if old is not None and steps.retire is not None and steps.answer != "post":
                # The retired post keeps its picture: the new post just below shows the position now.
                respond = answering if steps.answer == "retire" else None
                await self._edit_post(match, steps.retire, old, None, respond)
            respond = answering if steps.answer == "post" else interaction if repost else None
            post_id = await self._send_post(match, layout, _files(png, alt, detail), mentions, respond)
            if old is not None and steps.retire is not None and steps.answer == "post":
                await self._edit_post(match, steps.retire, old, None, None)
            await self.service.set_message(match.id, board=post_id)
            match = replace(match, board_message_id=post_id)
        kept = ",".join(map(str, steps.turn.key)) + f";{start}"
        await self.service.set_post(match.id, PostRow("turn", 0, match.channel_id, post_id, kept, number))
        if not repost:
            await self.service.mark_announced(match.id, match.version)
        await self._questions(match, report, lang, names, steps)
        if steps.status == "edit" and not card_first:
            await self.refresh_status(match)
        if steps.dms or (match.game.has_hidden_info and situation.unreachable):
            await self.deliver_private_views(match, lang, report, steps.dms)
        if repost:
            return post_id
        self.bot.dispatch("match_changed", match)
        if match.status is not MatchStatus.ACTIVE:
            # Listeners (tournaments) learn that a match is over: ``on_match_finished(match)``.
            self._stories.pop(match.id, None)
            self.bot.dispatch("match_finished", match)
        return post_id

    async def _images(
        self, match: Match, names: Sequence[str], lang: str, report: TurnReport | None
    ) -> tuple[bytes, str, bytes | None]:
        """The public board (PNG), its alt text, and the game's detail image if it has one; drawn off the loop."""
        png, alt = await self.render(match, None, names, lang, report)
        detail = await asyncio.to_thread(
            render_board_detail, match.game.id, match.state.view_for(None), BoardContext(names=tuple(names), lang=lang)
        )
        return png, alt, detail

    @staticmethod
    async def _in_time(work: asyncio.Future[Any], interaction: discord.Interaction) -> bool:
        """Whether ``work`` is done in time to answer ``interaction`` with its result (see ANSWER_WITHIN)."""
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        left = ANSWER_WITHIN - max(age, 0.0)
        if left <= 0:
            return work.done()
        done, _ = await asyncio.wait({work}, timeout=left)
        return bool(done)

    async def _acknowledge(self, interaction: discord.Interaction, match: Match, steps: Plan, *, private: bool) -> None:
        """The private acknowledgement of a change, with a link to where it shows (the post it edits, or the
        channel when a new post is on its way)."""
        key = "move.done_privately" if private else "move.played"
        link = self.post_link(match, steps.turn.message_id) if steps.post == "edit" else self.channel_link(match)
        await interaction.response.send_message(t(language_of(interaction.locale), key, link=link), ephemeral=True)

    async def _edit_post(
        self,
        match: Match,
        message_id: int,
        layout: discord.ui.LayoutView,
        files: list[discord.File] | None,
        respond: discord.Interaction | None = None,
    ) -> EditOutcome:
        """Edit a turn post in place, as the response to ``respond`` (a click on that post) when given. Without
        ``files`` the post keeps its picture. Says whether it was edited, is gone, or refused the edit."""
        fields: dict[str, Any] = {} if files is None else {"attachments": files}
        if respond is not None and not respond.response.is_done():
            try:
                await respond.response.edit_message(view=layout, **fields)
                return "edited"
            except discord.HTTPException:
                # The interaction expired or the edit was refused (Discord refuses some edits that bring a new
                # image into a gallery): the post is edited the usual way, the click acknowledged first if it
                # still can be, lest its player see "This interaction failed".
                log.info("the click on turn post %s of match %s could not be answered", message_id, match.id)
                for file in files or ():
                    file.reset()
                with contextlib.suppress(discord.HTTPException):
                    await respond.response.defer()
        try:
            await (
                self.bot.get_partial_messageable(match.channel_id)
                .get_partial_message(message_id)
                .edit(view=layout, allowed_mentions=discord.AllowedMentions.none(), **fields)
            )
        except (discord.NotFound, discord.Forbidden):
            log.info("turn post %s of match %s is gone", message_id, match.id)
            return "gone"
        except discord.HTTPException as exc:
            log.info("turn post %s of match %s could not be edited (HTTP %s)", message_id, match.id, exc.status)
            return "refused"
        return "edited"

    async def _send_post(
        self,
        match: Match,
        layout: discord.ui.LayoutView,
        files: list[discord.File],
        mentions: discord.AllowedMentions,
        interaction: discord.Interaction | None,
    ) -> int:
        """Send a new turn post; as the answer to ``interaction`` when given (its response when not answered
        yet, else its follow-up). Returns the post's message id."""
        if interaction is not None and interaction.response.is_done():
            followup = await interaction.followup.send(view=layout, files=files, allowed_mentions=mentions, wait=True)
            return followup.id
        if interaction is not None:
            try:
                answer = await interaction.response.send_message(view=layout, files=files, allowed_mentions=mentions)
                if answer.message_id is not None:
                    return answer.message_id
                return (await interaction.original_response()).id
            except discord.HTTPException:
                log.info("the command of match %s could not be answered with its post", match.id)
                for file in files:
                    file.reset()
        try:
            # Straight to the channel: one request. Only when that fails is the channel looked up (an archived
            # thread is reopened) and the post sent again.
            message = await self.bot.get_partial_messageable(match.channel_id).send(
                view=layout, files=files, allowed_mentions=mentions
            )
        except discord.HTTPException:
            channel = await self.open_channel(match.channel_id)
            for file in files:
                file.reset()  # the first attempt read them
            message = await channel.send(view=layout, files=files, allowed_mentions=mentions)
        return message.id

    async def _questions(
        self,
        match: Match,
        report: TurnReport | None,
        lang: str,
        names: Sequence[str],
        steps: Plan,
        click: discord.Interaction | None = None,
        *,
        ask: bool = True,
    ) -> None:
        """Settle the kept out-of-turn question (edited to its answer; through ``click``'s response when given,
        a click on it) and, if ``ask``, ask the new one. A question settled already is not settled again."""
        kept = await self.service.posts(match.id) if any(q.action == "settle" for q in steps.questions) else {}
        for step in steps.questions:
            if step.action == "settle" and step.message_id is not None:
                current = kept.get(("question", 0))
                if current is None or current.message_id != step.message_id:
                    continue
                told = narrate(match, report.previous_state, report.entries, names, lang) if report else []
                text = "\n".join(told[:3]) or t(lang, "question.settled")
                colour = seat_colour(match.game.id, step.seats[0] if step.seats else None)
                answered = question_layout(text, colour=colour)
                if click is not None and not click.response.is_done():
                    await click.response.edit_message(view=answered)
                else:
                    await self.edit_message(
                        match.channel_id,
                        step.message_id,
                        view=answered,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
                await self.service.drop_post(match.id, "question", 0)
            elif step.action == "ask" and ask:
                text = turn_line(match, lang) + "\n" + t(lang, "question.link", link=self.post_link(match))
                layout = question_layout(
                    text, move_controls(match, lang), seat_colour(match.game.id, step.seats[0] if step.seats else None)
                )
                mentions = discord.AllowedMentions(
                    users=[discord.Object(uid) for uid in humans(step.ping)], roles=False
                )
                message = await self.bot.get_partial_messageable(match.channel_id).send(
                    view=layout, allowed_mentions=mentions
                )
                detail = ",".join(map(str, step.seats))
                await self.service.set_post(match.id, PostRow("question", 0, match.channel_id, message.id, detail))

    async def open_channel(self, channel_id: int) -> discord.PartialMessageable:
        """The channel or thread to post in; an archived thread is reopened first."""
        channel: Any
        try:
            # Fetched, not cached: the cache may not know that a thread was archived since.
            channel = await self.bot.fetch_channel(channel_id)
        except discord.HTTPException:
            channel = None
        if isinstance(channel, discord.Thread) and channel.archived:
            try:
                await channel.edit(archived=False)
            except discord.HTTPException:
                log.info("thread %s could not be reopened", channel_id)
        return self.bot.get_partial_messageable(channel_id)

    async def sheet(self, match: Match) -> discord.Embed:
        """The match's status card as it should look now, in the channel's language."""
        turns = await match_turn(self.service, match) if match.status is not MatchStatus.ACTIVE else None
        return sheet_embed(match, await self.names(match), self.channel_language(match), turns=turns)

    async def refresh_status(self, match: Match) -> None:
        """Edit the match's status card in place, or make it the first time; what it shows is remembered, so
        that it is edited again only when that changes.

        The lobby card becomes the status card when the match starts: it already sits above the first turn
        post, with the players and the commitment to the seed. A new message only when there is none.
        """
        match = await self.service.get(match.id)
        embed = await self.sheet(match)
        message_id = match.status_message_id or match.lobby_message_id
        if message_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(match.channel_id).get_partial_message(message_id).edit(embed=embed)
                )
            except discord.HTTPException:
                log.info("status message of match %s is gone; posting a new one", match.id)
                message_id = None
            else:
                if match.status_message_id != message_id:
                    await self.service.set_message(match.id, status=message_id)
        if message_id is None:
            if match.status is not MatchStatus.ACTIVE:
                return
            try:
                message = await self.bot.get_partial_messageable(match.channel_id).send(
                    embed=embed, allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException:
                log.info("status message of match %s could not be posted", match.id)
                return
            message_id = message.id
            await self.service.set_message(match.id, status=message_id)
        await self.service.set_post(match.id, PostRow("status", 0, match.channel_id, message_id, sheet_digest(embed)))

    def channel_language(self, match: Match) -> str:
        """Language of the match's channel when no interaction from it is at hand: the server's."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        return language_of(guild.preferred_locale if guild is not None else None)

    @staticmethod
    def channel_link(match: Match) -> str:
        """A jump link to the match's channel or thread."""
        return f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}"

    async def edit_message(self, channel_id: int | None, message_id: int, **fields: Any) -> None:
        """Edit one of the bot's earlier messages in a channel; failures are only logged.

        Used for cosmetic updates (a lobby card, an old board's buttons) that must never fail a move.
        """
        if channel_id is None:
            return
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**fields)
        except discord.HTTPException:
            log.info("message %s in channel %s could not be updated", message_id, channel_id)

    async def play(
        self,
        interaction: discord.Interaction,
        match_id: int | None,
        text: str,
        *,
        expected_version: int | None = None,
        from_button: bool = False,
        secret: bool = False,
    ) -> None:
        """Play ``text`` for the interaction's user, then post the board.

        A move whose notation holds a secret (such as a hidden set-up; ``secret`` when the caller knows it)
        is acknowledged only to its author.
        """
        if match_id is None:
            current = await self.require_current(interaction)
            match_id = current.id
            secret = any(current.game.public_notation(part) != part for part in sequence.split(text.strip()))
            # A typed move is played on the board as it stood when the command arrived: a double submit
            # (the same command sent twice at once) finds the board moved on and applies once. Not when
            # several players act at once (secret set-ups): their engines refuse a second set-up anyway.
            if expected_version is None and current.status is MatchStatus.ACTIVE and len(current.state.actors()) == 1:
                expected_version = current.version
        report = await self.service.move(
            match_id,
            interaction.user.id,
            text,
            expected_version=expected_version,
            interaction_id=interaction.id,
        )
        if report.replayed:
            await interaction.response.send_message(
                t(language_of(interaction.locale), "move.already_applied"), ephemeral=True
            )
            return
        await self.post_board(interaction, report, secret=secret)

    async def secret_move(self, interaction: discord.Interaction, match_id: int, text: str) -> None:
        """Play a move that holds a secret (from a DM button or form): acknowledged privately, board public."""
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=True)
        report = await self.service.move(match_id, interaction.user.id, text, interaction_id=interaction.id)
        if not report.replayed:
            await self.post_board(interaction, report, secret=True)

    async def open_setup_form(self, interaction: discord.Interaction, match_id: int) -> None:
        """Show the secret set-up form to a player who still has to place their pieces."""
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise MatchError("not_seated")
        if not needs_setup(match, seat):
            raise MatchError("setup_done")
        lang = language_of(interaction.locale)
        form = SetupForm(
            match.id,
            t(lang, "setup.form_title", id=match.id),
            t(lang, "setup.form_label"),
            t(lang, "setup.form_placeholder", cells=cell_order(seat)),
        )
        await interaction.response.send_modal(form)

    def setup_buttons(self, match: Match, lang: str, view: discord.ui.View) -> None:
        """Add the two answers of a set-up prompt to ``view``."""
        view.add_item(SetupButton("choose", match.id, t(lang, "button.setup_choose")))
        view.add_item(SetupButton("random", match.id, t(lang, "button.setup_random")))

    async def resign(self, interaction: discord.Interaction, match_id: int, version: int | None = None) -> None:
        """Resign the interaction's user from the match (``version``: the board the confirmation was asked on)."""
        report = await self.service.resign(
            match_id, interaction.user.id, interaction_id=interaction.id, expected_version=version
        )
        await self.post_board(interaction, report)

    async def require_current(self, interaction: discord.Interaction) -> Match:
        """The lobby or active match of the interaction's channel.

        Raises:
            MatchError: ``no_match`` when there is none.
        """
        assert interaction.channel_id is not None
        match = await self.service.current(interaction.channel_id)
        if match is None:
            raise MatchError("no_match")
        return match

    # Private views.

    async def _dm_known_closed(self, user_id: int) -> bool:
        closed_at = await self.service.user_pref(user_id, "dm_closed")
        if closed_at is None:
            return False
        try:
            when = datetime.fromisoformat(closed_at)
        except ValueError:
            return False
        return discord.utils.utcnow() - when < DM_RETRY_AFTER

    async def send_private(
        self, user_id: int, match: Match, lang: str, report: TurnReport | None = None, *, edit: PrivateDM | None = None
    ) -> bool:
        """DM ``user_id`` their private view of ``match`` (with ``edit``, edit that DM in place instead, or
        send a new one if it is gone); False when their DMs are closed."""
        if await self._dm_known_closed(user_id):
            return False
        seat = match.seat_of(user_id)
        names = await self.names(match)
        png, alt = await self.render(match, seat, names, lang, report)
        content = t(lang, "private.dm", game=variant_label(match, lang), id=match.id, link=self.post_link(match))
        buttons: discord.ui.View | None = None
        if needs_setup(match, seat):
            assert seat is not None
            content += "\n\n" + setup_prompt(match, seat, lang)
            buttons = discord.ui.View(timeout=None)
            self.setup_buttons(match, lang, buttons)
        if edit is not None and edit.channel_id is not None and edit.message_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(edit.channel_id, type=discord.ChannelType.private)
                    .get_partial_message(edit.message_id)
                    .edit(content=content[:2000], attachments=[_file(png, alt)], view=buttons)
                )
                return True
            except discord.HTTPException:
                log.info("private view DM %s of user %s is gone; sending a new one", edit.message_id, user_id)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            extra: dict[str, Any] = {} if buttons is None else {"view": buttons}
            message = await user.send(content[:2000], file=_file(png, alt), **extra)
        except discord.Forbidden as exc:
            if exc.code not in DM_CLOSED_CODES:
                raise
            await self.service.set_user_pref(user_id, "dm_closed", discord.utils.utcnow().isoformat())
            return False
        await self.service.set_user_pref(user_id, "dm_closed", None)
        digest = private_digest(match.state.view_for(seat), match.state.view_for(None))
        await self.service.set_post(match.id, PostRow("dm", user_id, message.channel.id, message.id, digest))
        return True

    async def deliver_private_views(
        self, match: Match, lang: str, report: TurnReport | None = None, steps: Sequence[DMStep] | None = None
    ) -> None:
        """Send or edit the private views ``steps`` name (all players when None); a button for those whose
        DMs are closed, announced once per match."""
        if steps is None:
            steps = [DMStep(uid, "new", None, "") for uid in humans(match.seats)]
        steps = [step for step in steps if not is_ai(step.user_id)]
        unreachable = [uid for uid in humans(match.seats) if await self._dm_known_closed(uid)]
        kept = (await self._kept(match)).dms
        for step in steps:
            previous = kept.get(step.user_id)
            edit = previous if step.action == "edit" else None
            if not await self.send_private(step.user_id, match, lang, report, edit=edit):
                unreachable.append(step.user_id)
            elif edit is None and previous is not None and previous.message_id is not None:
                # A new DM (news) replaces the older one: one private view per match and player.
                try:
                    channel = self.bot.get_partial_messageable(
                        previous.channel_id or 0, type=discord.ChannelType.private
                    )
                    await channel.get_partial_message(previous.message_id).delete()
                except discord.HTTPException:
                    log.info("older private view DM %s could not be deleted", previous.message_id)
            elif edit is not None:
                await self.service.set_post(
                    match.id, PostRow("dm", step.user_id, edit.channel_id, edit.message_id, step.digest)
                )
        await self._announce_fallback_once(match, list(dict.fromkeys(unreachable)), lang)

    async def _announce_fallback_once(self, match: Match, user_ids: Sequence[int], lang: str) -> None:
        """The fallback notice for ``user_ids``, each named in it at most once per match."""
        first_time = [uid for uid in user_ids if await self.service.user_pref(uid, f"notice:{match.id}") is None]
        for uid in first_time:
            await self.service.set_user_pref(uid, f"notice:{match.id}", "1")
        if first_time:
            await self._announce_fallback(match, first_time, lang)

    async def _announce_fallback(self, match: Match, user_ids: Sequence[int], lang: str) -> None:
        """A notice in the match's channel, revealing nothing, with the button that shows a private view."""
        view = discord.ui.View(timeout=None)
        view.add_item(PrivateViewButton(match.id, t(lang, "button.private_view")))
        mentions = " ".join(f"<@{uid}>" for uid in user_ids)
        await self.bot.get_partial_messageable(match.channel_id).send(
            t(lang, "private.fallback_notice", mentions=mentions),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in user_ids]),
        )

    async def request_private_view(self, interaction: discord.Interaction) -> None:
        """``/game view``: DM the user their view; fall back to an ephemeral copy with a button."""
        match = await self.require_current(interaction)
        user_lang = language_of(interaction.locale)
        if match.seat_of(interaction.user.id) is None:
            raise MatchError("not_seated")
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await self.send_private(interaction.user.id, match, user_lang):
            await interaction.followup.send(t(user_lang, "private.sent"), ephemeral=True)
            return
        await self._send_private_ephemeral(interaction, match, user_lang, closed=True)
        await self._announce_fallback_once(match, [interaction.user.id], public_language(interaction))

    async def show_private_view(self, interaction: discord.Interaction, match_id: int) -> None:
        """The private-view button: an ephemeral copy for a seated player."""
        match = await self.service.get(match_id)
        if match.seat_of(interaction.user.id) is None:
            raise MatchError("not_seated")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._send_private_ephemeral(interaction, match, language_of(interaction.locale), closed=False)

    async def _send_private_ephemeral(
        self, interaction: discord.Interaction, match: Match, lang: str, *, closed: bool
    ) -> None:
        names = await self.names(match)
        seat = match.seat_of(interaction.user.id)
        file = await self.board_file(match, seat, names, lang)
        view = discord.ui.View(timeout=None)
        view.add_item(PrivateViewButton(match.id, t(lang, "button.private_view_again")))
        text = t(lang, "private.ephemeral_closed" if closed else "private.ephemeral", id=match.id)
        if needs_setup(match, seat):
            assert seat is not None
            text += "\n\n" + setup_prompt(match, seat, lang)
            self.setup_buttons(match, lang, view)
        await interaction.followup.send(text[:2000], file=file, view=view, ephemeral=True)

    # Rematch.

    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """The Rematch button of an end post: the same game, options and players, seats rotated by one, in
        the same channel or thread."""
        old = await self.service.get(match_id)
        # A member who left the match (the AI or another member plays their seat) does not start the next one.
        require_seat(old, interaction.user.id, Action.REMATCH)
        if old.status is not MatchStatus.FINISHED:
            raise MatchError("not_active")
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            report = await self.service.rematch(match_id)
        except MatchError as exc:
            if exc.key != "rematch_capped":
                raise
            guild = self.bot.get_guild(old.guild_id) if old.guild_id else None
            name = await self.display_name(int(str(exc.params["user_id"])), guild)
            raise MatchError("rematch_capped", name=name, max=exc.params["max"]) from exc
        match = report.match
        post = await self.deliver(report.match, report, self.channel_language(report.match))
        await interaction.followup.send(
            t(language_of(interaction.locale), "rematch.started", id=match.id, link=self.post_link(match, post)),
            ephemeral=True,
        )

    # Resignation confirmation.

    async def confirm_resign(self, interaction: discord.Interaction) -> None:
        """Ask the user to confirm ``/game resign`` with a button."""
        match = await self.require_current(interaction)
        lang = language_of(interaction.locale)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        require_seat(match, interaction.user.id, Action.RESIGN)
        view = discord.ui.View(timeout=None)
        view.add_item(ResignButton(match.id, match.version, t(lang, "button.resign")))
        await interaction.response.send_message(t(lang, "resign.confirm", id=match.id), view=view, ephemeral=True)

    # Draws by agreement.

    def draw_view(self, match: Match, offer: DrawOffer, lang: str) -> discord.ui.View:
        """Accept / Decline buttons for the draw offered at ``offer.version``."""
        view = discord.ui.View(timeout=None)
        view.add_item(DrawButton("yes", match.id, offer.version, t(lang, "button.accept_draw")))
        view.add_item(DrawButton("no", match.id, offer.version, t(lang, "button.decline_draw")))
        return view

    async def offer_draw(self, interaction: discord.Interaction) -> None:
        """``/game draw``: offer a draw; the other players answer with buttons."""
        match = await self.require_current(interaction)
        match, offer = await self.service.offer_draw(match.id, interaction.user.id)
        lang = public_language(interaction)
        names = await self.names(match)
        others = [uid for seat, uid in enumerate(match.seats) if seat != offer.seat]
        # Only those who must answer are pinged (as their ``/game notify`` allows), with a link to the turn post.
        pinged = await self.pingable(match, others, turn=True)
        text = t(
            lang,
            "draw.offer",
            name=names[offer.seat],
            mentions=" ".join(f"<@{uid}>" for uid in humans(others)),
            id=match.id,
        )
        await interaction.response.send_message(
            (text + "\n" + t(lang, "question.link", link=self.post_link(match)))[:2000],
            view=self.draw_view(match, offer, lang),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged]),
        )

    async def answer_draw(self, interaction: discord.Interaction, match_id: int, version: int, accept: bool) -> None:
        """A click on Accept or Decline under a draw offer."""
        match, offer, report = await self.service.answer_draw(
            match_id, interaction.user.id, accept=accept, version=version
        )
        lang = public_language(interaction)
        names = await self.names(match)
        name = names[match.seat_of(interaction.user.id) or 0]
        if report is not None:
            await interaction.response.edit_message(content=t(lang, "draw.agreed", id=match.id), view=None)
            await self.post_board(interaction, report)
        elif offer is None:
            await interaction.response.edit_message(content=t(lang, "draw.declined", name=name, id=match.id), view=None)
        else:
            waiting = ", ".join(f"**{names[s]}**" for s in range(len(match.seats)) if s not in offer.accepted)
            await interaction.response.edit_message(
                content=t(lang, "draw.partly", name=name, waiting=waiting, id=match.id),
                view=self.draw_view(match, offer, lang),
            )
