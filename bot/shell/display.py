"""Names, links, channels and board images: what every message about a match is built from.

:class:`Display` holds no match logic: it turns user ids into display names, matches into links and
channels, and positions into board images (drawn in a worker thread).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal, NamedTuple

import discord

from bot.app.i18n import DEFAULT_LANGUAGE, language_of, t
from bot.app.matches import DECISIONS, POSITION_KINDS, Match, MatchError, MatchService, MatchStatus, TurnReport
from bot.app.member_text import inert, inert_names
from bot.app.posting import PrivateDM, Question, TurnPost, accepts
from bot.app.seats.acting import member_acts
from bot.app.seats.ai import ai_name, humans, is_ai, level_of, seat_ai_name
from bot.app.storage import PostRow
from bot.app.telling.narration import TAKEOVER_ARROW
from bot.app.telling.words import move_marks
from games.base import GameInfo, Seat
from render import BoardContext, describe_board, highlights_for, render_board

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"
"""The board image's file name, which a turn post's gallery names as its attachment."""
DM_RETRY_AFTER = timedelta(hours=24)
"""How long a user whose DMs were closed is served by the fallback before the bot tries DMs again."""


def public_language(interaction: discord.Interaction) -> str:
    """Language of messages everyone in the channel reads: the server's, else the user's."""
    return language_of(interaction.guild_locale or interaction.locale)


def game_label(game: GameInfo, options: Mapping[str, str], lang: str) -> str:
    """A game's name with its rule set, e.g. "Royal Game of Ur — Variante 2"."""
    name = game.names.get(lang, game.name)
    rules = options.get("rules")
    return (
        name if rules is None else t(lang, "game.with_rules", game=name, rules=t(lang, f"rules.{game.id}.{rules}.name"))
    )


def variant_label(match: Match, lang: str) -> str:
    """The game's name with its rule set, e.g. "Royal Game of Ur — Variante 2"."""
    return game_label(match.game, match.options, lang)


def board_link(match: Match) -> str:
    """A jump link to the latest board, or to the channel when there is none yet."""
    base = f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}"
    message = match.board_message_id or match.lobby_message_id
    return f"{base}/{message}" if message else base


Palette = Literal["standard", "contrast"]
"""A board's palette: the standard one (colour-blind safe) or the high-contrast one."""
PALETTE = "palette"
"""The user preference holding a member's palette for their own views (``contrast``; unset: standard)."""


def board_marks(match: Match) -> tuple[tuple[str, str], ...]:
    """The marks the board draws on the pieces the turn post's move buttons move (one per piece), while a
    member must act; see :func:`bot.app.telling.words.move_marks`."""
    if match.status is not MatchStatus.ACTIVE or len(match.state.actors()) != 1:
        return ()
    seat = match.state.actors()[0]
    if not member_acts(match, seat):
        return ()
    return tuple(dict.fromkeys(move_marks(match.game, match.state, seat).values()))


def board_image(png: bytes, alt: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=BOARD_FILE, description=alt[:1000])


def board_files(png: bytes, alt: str) -> list[discord.File]:
    """A turn post's attachments: its one image, the board (a game's second view is opened on demand,
    :mod:`bot.shell.play.details`)."""
    return [board_image(png, alt)]


PARENT_LINE = "parent"
"""The kind of post row kept for the line posted in a parent channel when a match opens in a thread; its
detail is ``open`` until the line is edited at the end."""


class Kept(NamedTuple):
    """What the bot keeps of a match's messages (see :meth:`Display.kept`)."""

    turn: TurnPost | None
    start: int
    """The ply the turn post's story starts after."""
    question: Question | None
    dms: dict[int, PrivateDM]
    sheet: str | None
    """The digest of what the status card shows (None: no card yet)."""
    parent: PostRow | None = None
    """The line in the parent channel pointing to the match's thread, while it still invites players."""
    since: int | None = None
    """The ply the turn post's turn began at (its story tells the turn before, up to there); None: unknown."""


def kept_of(match: Match, posts: Mapping[tuple[str, int], PostRow]) -> Kept:
    """The turn post (with the ply its story starts after), question, DMs and status card of ``match``, from
    the rows the store keeps of its messages."""
    turn: TurnPost | None = None
    start = match.version
    since: int | None = None
    row = posts.get(("turn", 0))
    if row is not None:
        key_text, _, start_text = row.detail.partition(";")
        start_text, _, since_text = start_text.partition(";")
        key = tuple(int(s) for s in key_text.split(",") if s)
        turn = TurnPost(row.message_id, key, row.counter)
        start = int(start_text or match.version)
        since = int(since_text) if since_text else None
    question = None
    if (q := posts.get(("question", 0))) is not None:
        question = Question(q.message_id, tuple(int(s) for s in q.detail.split(",") if s))
    dms = {p.subject: PrivateDM(p.channel_id, p.message_id, p.detail) for (kind, _), p in posts.items() if kind == "dm"}
    sheet = posts.get(("status", 0))
    parent = posts.get((PARENT_LINE, 0))
    if parent is not None and (parent.detail != "open" or parent.message_id is None):
        parent = None
    return Kept(turn, start, question, dms, sheet.detail if sheet is not None else None, parent, since)


class Display:
    """Display names, links, channels and board images of matches (see the module docstring)."""

    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service
        self._names: dict[int, str] = {}

    async def display_name(self, user_id: int, guild: discord.Guild | None, lang: str = DEFAULT_LANGUAGE) -> str:
        """A user's name as shown on boards (server nickname when known; ``Plateau (strong)`` for an AI, its
        level in ``lang``)."""
        if is_ai(user_id):
            return ai_name(level_of(user_id), lang)
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

    async def names(self, match: Match, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """Display names of the seated players, in seat order; a seat that changed hands (the AI took it over,
        then maybe a member from the AI) names each of its players, in order."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        names = [
            seat_ai_name(match.ai, seat, lang, level_of(uid))
            if is_ai(uid)
            else await self.display_name(uid, guild, lang)
            for seat, uid in enumerate(match.seats)
        ]
        for seat in range(len(match.seats)):
            stints = match.stints(seat)
            if len(stints) > 1:
                # Each player of the seat in turn (see bot.app.telling.narration.holder_at, which picks one of them).
                parts = [
                    await self.display_name(s.user_id, guild, lang)
                    if s.user_id is not None
                    else seat_ai_name(match.ai, seat, lang, s.level or "")
                    for s in stints
                ]
                names[seat] = TAKEOVER_ARROW.join(parts)
        return names

    async def text_names(self, match: Match, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """:meth:`names` as message text in ``lang`` shows them (inert: a name never renders markdown, a link or
        a mention); images and button labels take :meth:`names`."""
        return inert_names(await self.names(match, lang))

    async def text_name(self, user_id: int, guild: discord.Guild | None) -> str:
        """:meth:`display_name` as message text shows it (inert)."""
        return inert(await self.display_name(user_id, guild))

    # Lobby.

    async def render(
        self,
        match: Match,
        seat: Seat | None,
        names: Sequence[str],
        lang: str,
        report: TurnReport | None = None,
        *,
        palette: Palette | None = None,
    ) -> tuple[bytes, str]:
        """The board image (PNG) of ``match`` as ``seat`` may see it (None = public), and its alt text
        (``palette``: the seat's, when the caller read it already)."""
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
            names=tuple(names),
            last_move=last_move,
            last_mover=last_mover,
            highlights=highlights,
            lang=lang,
            marks=board_marks(match),
            palette=palette or await self.palette(match, seat),
            viewer=seat,
            result=match.won_off_the_board(),
        )
        view = match.state.view_for(seat)
        png = await asyncio.to_thread(render_board, match.game.id, view, ctx)
        return png, describe_board(match.game.id, view, ctx)

    async def palette(self, match: Match, seat: Seat | None) -> Palette:
        """The palette of a seat's own view: its member's choice (``/plateau settings``); boards everyone sees
        are drawn in the standard palette, which is colour-blind safe."""
        if seat is None or not 0 <= seat < len(match.seats) or is_ai(match.seats[seat]):
            return "standard"
        return "contrast" if await self.service.user_pref(match.seats[seat], PALETTE) == "contrast" else "standard"

    async def board_file(
        self, match: Match, seat: Seat | None, names: Sequence[str], lang: str, report: TurnReport | None = None
    ) -> discord.File:
        """The board image of ``match`` as ``seat`` may see it (None = public), with alt text."""
        png, alt = await self.render(match, seat, names, lang, report)
        return board_image(png, alt)

    def post_link(self, match: Match, message_id: int | None = None) -> str:
        """A jump link to the turn post (or to the channel when there is none yet)."""
        base = self.channel_link(match)
        message = message_id or match.board_message_id
        return f"{base}/{message}" if message else base

    async def pingable(self, match: Match, user_ids: Sequence[int], *, turn: bool) -> list[int]:
        """The users among ``user_ids`` who accept a ping now (see :func:`bot.app.posting.accepts`)."""
        prefs = await self.service.pings(match.id)
        return [uid for uid in humans(list(user_ids)) if accepts(prefs, uid, own_turn=turn)]

    async def kept(self, match: Match) -> Kept:
        """The turn post (with the ply its story starts after), question, DMs and status card kept for ``match``."""
        return kept_of(match, await self.service.posts(match.id))

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

    async def noticed(self, match: Match, user_id: int) -> bool:
        """Whether ``user_id`` was told once in ``match``'s channel that their DMs are closed."""
        return await self.service.user_pref(user_id, f"notice:{match.id}") is not None

    async def dm_known_closed(self, user_id: int) -> bool:
        """Whether ``user_id``'s DMs were found closed lately (then the fallback serves them)."""
        closed_at = await self.service.user_pref(user_id, "dm_closed")
        if closed_at is None:
            return False
        try:
            when = datetime.fromisoformat(closed_at)
        except ValueError:
            return False
        return discord.utils.utcnow() - when < DM_RETRY_AFTER
