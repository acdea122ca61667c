"""What a member's desk lists, gathered from the match service and from what Discord lets the member see.

A match is listed only when the member is still a member of its server and Discord lets them view its channel or
thread (:func:`bot.shell.visibility.can_view`); anything unknown counts as hidden. Guild members and channels not
in the cache are asked of Discord once and remembered for :data:`SEEN_FOR`, so a burst of redraws costs no burst
of lookups; what is older is dropped as new lookups come (:class:`Seen`), so a bot up for weeks does not keep a
channel for every match thread it ever looked up.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

import discord

from bot.app.desk.planner import DeskEntry
from bot.app.events import EventService, EventStatus
from bot.app.i18n import t
from bot.app.matches import Match, MatchService, MatchStatus
from bot.app.member_text import inert
from bot.app.telling.turns import known_turn
from bot.shell.display import Display, board_link, variant_label
from bot.shell.visibility import can_view

SEEN_FOR: Final = 600.0
"""Seconds a member or channel fetched from Discord is trusted before it is asked again."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Seen(Generic[K, V]):
    """What was fetched from Discord by key, each trusted for :data:`SEEN_FOR` seconds.

    Stale entries are dropped whenever the table has doubled since it was last swept, so it holds about twice
    what was fetched in the last :data:`SEEN_FOR` seconds at most, however long the bot runs.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._found: dict[K, tuple[float, V]] = {}
        self._swept = 0
        """Entries left by the last sweep."""

    def __len__(self) -> int:
        return len(self._found)

    def get(self, key: K) -> tuple[V] | None:
        """``(value,)`` while ``key``'s lookup is fresh; None when it must be asked again."""
        seen = self._found.get(key)
        if seen is None or self._clock() - seen[0] >= SEEN_FOR:
            return None
        return (seen[1],)

    def put(self, key: K, value: V) -> None:
        """Remember ``value``, fetched now, for ``key``."""
        now = self._clock()
        if len(self._found) >= max(64, 2 * self._swept):
            self._found = {k: v for k, v in self._found.items() if now - v[0] < SEEN_FOR}
            self._swept = len(self._found)
        self._found[key] = (now, value)

    def drop(self, stale: Callable[[K], bool]) -> None:
        """Forget every key for which ``stale`` is true."""
        self._found = {k: v for k, v in self._found.items() if not stale(k)}


@dataclass(frozen=True, slots=True)
class Gathered:
    """A member's entries, and whether they still share a server with the bot."""

    entries: list[DeskEntry]
    shares_server: bool


class EntrySource:
    """Builds a member's :class:`DeskEntry` list (see the module docstring)."""

    def __init__(
        self, bot: discord.Client, service: MatchService, display: Display, events: EventService | None = None
    ) -> None:
        self.bot = bot
        self.service = service
        self.display = display
        self.events = events
        self._members: Seen[tuple[int, int], discord.Member | None] = Seen()
        self._places: Seen[int, Any] = Seen()
        self._guilds: Seen[int, discord.Guild | None] = Seen()

    async def _member(self, guild: discord.Guild, user_id: int) -> discord.Member | None:
        cached = guild.get_member(user_id)
        if cached is not None:
            return cached
        seen = self._members.get((guild.id, user_id))
        if seen is not None:
            return seen[0]
        try:
            member: discord.Member | None = await guild.fetch_member(user_id)
        except discord.HTTPException:
            member = None
        self._members.put((guild.id, user_id), member)
        return member

    async def _place(self, guild: discord.Guild, channel_id: int) -> Any:
        place = guild.get_channel_or_thread(channel_id)
        if place is not None:
            return place
        seen = self._places.get(channel_id)
        if seen is not None:
            return seen[0]
        try:
            # An archived thread is not cached: a match by post often sleeps in one.
            fetched: Any = await guild.fetch_channel(channel_id)
        except (discord.HTTPException, discord.InvalidData):
            fetched = None
        self._places.put(channel_id, fetched)
        return fetched

    async def guild(self, guild_id: int) -> discord.Guild | None:
        """The server, from the cache or else asked of Discord: the process that edits desks runs shard 0 and
        caches only that shard's servers (see :mod:`bot.app.desk.shards`)."""
        cached = self.bot.get_guild(guild_id)
        if cached is not None:
            return cached
        seen = self._guilds.get(guild_id)
        if seen is not None:
            return seen[0]
        try:
            fetched: discord.Guild | None = await self.bot.fetch_guild(guild_id)
        except discord.HTTPException:
            fetched = None
        self._guilds.put(guild_id, fetched)
        return fetched

    def forget(self, user_id: int) -> None:
        """Drop what was remembered of ``user_id``'s memberships (they joined or left a server)."""
        self._members.drop(lambda key: key[1] == user_id)

    async def gather(self, user_id: int, lang: str) -> Gathered:
        """``user_id``'s desk entries in ``lang``: their open matches and lobbies, each marked visible or not."""
        matches = await self.service.matches_of_user(user_id, statuses=(MatchStatus.LOBBY, MatchStatus.ACTIVE))
        entries: list[DeskEntry] = []
        shares = False
        for match in matches:
            if match.guild_id is None:
                # A match in the member's own DM with the bot: theirs to see.
                entries.append(await self._entry(match, user_id, lang, t(lang, "desk.own_dm"), True))
                continue
            guild = await self.guild(match.guild_id)
            member = await self._member(guild, user_id) if guild is not None else None
            place = await self._place(guild, match.channel_id) if guild is not None and member is not None else None
            shares = shares or member is not None
            visible = member is not None and place is not None and can_view(place, member)
            # A server's name is the server's text: shown inertly (no formatting, no mention).
            server = inert(guild.name) if guild is not None else "—"
            entries.append(await self._entry(match, user_id, lang, server, visible))
        if not shares:
            user = self.bot.get_user(user_id)
            shares = bool(user is not None and user.mutual_guilds)
        servers = {m.guild_id for m in matches if m.guild_id is not None}
        servers |= {g.id for g in self.bot.guilds if g.get_member(user_id) is not None}
        for guild_id in sorted(servers):
            entries += await self._event_entries(guild_id, user_id)
        return Gathered(entries, shares)

    async def _event_entries(self, guild_id: int, user_id: int) -> list[DeskEntry]:
        """The open events of a server the member plays in: signed up, or their round running (and a game on the
        club's boards whose result they are to report)."""
        guild = await self.guild(guild_id)
        if self.events is None or guild is None:
            return []
        member = await self._member(guild, user_id)
        found = []
        for event in await self.events.events_of_guild(guild_id, open_only=True):
            player = next((p for p in event.players if p.user_id == user_id), None)
            if player is None or player.withdrawn_after is not None or member is None:
                continue
            place = await self._place(guild, event.channel_id)
            visible = place is not None and can_view(place, member)
            link = f"https://discord.com/channels/{guild_id}/{event.channel_id}"
            if event.signup_message_id is not None:
                link += f"/{event.signup_message_id}"
            running = event.status is EventStatus.RUNNING and event.current_round > 0
            board = None
            if running:
                for game in await self.events.games(event.id, event.current_round):
                    if game.physical and not game.done and user_id in game.players:
                        board = game.board
            found.append(
                DeskEntry(
                    event.id,
                    "event",
                    inert(event.name),
                    inert(guild.name),
                    link,
                    event.created_at,
                    visible=visible,
                    round=event.current_round if running else None,
                    rounds=event.rounds,
                    board=board,
                )
            )
        return found

    async def _entry(self, match: Match, user_id: int, lang: str, server: str, visible: bool) -> DeskEntry:
        game, link = variant_label(match, lang), board_link(match)
        if match.status is MatchStatus.LOBBY:
            return DeskEntry(match.id, "lobby", game, server, link, match.created_at, visible=visible)
        clocks = await self.service.clocks(match.id)
        actors = [s for s in match.state.actors() if s not in match.ai]
        turn = await known_turn(self.service, match)
        seat = match.seat_of(user_id)
        if seat is not None and seat in actors:
            clock = clocks.get(seat)
            return DeskEntry(
                match.id,
                "turn",
                game,
                server,
                link,
                clock.since if clock is not None else match.updated_at,
                deadline=clock.times.deadline if clock is not None and match.turn_limit is not None else None,
                flag=clock.flag if clock is not None else None,
                turn=turn,
                visible=visible,
            )
        names = await self.display.text_names(match, lang)
        awaited = [c for s, c in clocks.items() if s in match.state.actors()]
        return DeskEntry(
            match.id,
            "waiting",
            game,
            server,
            link,
            min((c.since for c in awaited), default=match.updated_at),
            deadline=min((c.times.deadline for c in awaited), default=None) if match.turn_limit else None,
            waiting_for=tuple(names[s] for s in match.state.actors() if s < len(names)),
            turn=turn,
            visible=visible,
        )
