"""What every part of the events' Discord side shares: the collaborators, who organises, which event, names."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence

import discord

from bot.app.events import Event, EventError, EventGame, EventService, EventStatus
from bot.app.i18n import language_of
from bot.app.matches import Match, MatchService, MatchStatus
from bot.app.member_text import inert
from bot.shell.events.board import BoardFacts, board_fields
from bot.shell.events.card import card_embed, card_view
from bot.shell.play.messages import GameUI
from bot.shell.profile.stats import rounded_answers
from games.base import Seat


def as_text(names: Mapping[int, str]) -> dict[int, str]:
    """Display names by user id as message text shows them: inert (see :func:`bot.app.member_text.inert`).
    Thread names and the standings image take the names as typed: they render no markdown."""
    return {uid: inert(name) for uid, name in names.items()}


class EventDesk:
    """The Discord client, the game UI, the match and event services, and a lock per event.

    The lock keeps two paths opening the same round (an auto-advance and an organiser's command) from
    creating its threads twice; durable state is the event service's.
    """

    def __init__(self, client: discord.Client, games: GameUI, matches: MatchService, events: EventService) -> None:
        self.client = client
        self.games = games
        self.matches = matches
        self.events = events
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, event_id: int) -> asyncio.Lock:
        """The lock of one event's round opening."""
        return self._locks.setdefault(event_id, asyncio.Lock())

    async def is_organiser(self, interaction: discord.Interaction) -> bool:
        """Manage Server (or Administrator), or the server's organiser role."""
        perms = interaction.permissions
        if perms.manage_guild or perms.administrator:
            return True
        if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
            return False
        role = await self.events.organiser_role(interaction.guild_id)
        return role is not None and any(r.id == role for r in interaction.user.roles)

    async def require_organiser(self, interaction: discord.Interaction) -> None:
        """Refuse anyone who is not an organiser (see :meth:`is_organiser`).

        Raises:
            EventError: ``event_not_organiser``.
        """
        if not await self.is_organiser(interaction):
            raise EventError("event_not_organiser")

    async def resolve(self, interaction: discord.Interaction, event_id: int | None) -> Event:
        """The event named by id, else the one open event of this channel or thread, else its latest one.

        Raises:
            EventError: ``event_not_found`` or ``event_which`` (several open events here: name one).
        """
        if event_id is not None:
            event = await self.events.get(event_id)
            if event.guild_id != interaction.guild_id:
                raise EventError("event_not_found")
            return event
        here = await self.events.events_here(interaction.channel_id or 0)
        running = [e for e in here if e.status in (EventStatus.SIGNUP, EventStatus.RUNNING)]
        if len(running) > 1:
            raise EventError("event_which", ids=", ".join(f"#{e.id}" for e in running))
        if here:
            return here[0]
        raise EventError("event_not_found")

    def lang_of(self, event: Event) -> str:
        """The language of the event's channel: the server's."""
        guild = self.client.get_guild(event.guild_id)
        return language_of(guild.preferred_locale if guild is not None else None)

    async def names(self, event: Event, user_ids: Sequence[int] | None = None) -> dict[int, str]:
        """Display names of the event's players (or of ``user_ids``)."""
        guild = self.client.get_guild(event.guild_id)
        wanted = event.player_ids if user_ids is None else user_ids
        return {uid: await self.games.display_name(uid, guild) for uid in wanted}

    async def text_names(self, event: Event, user_ids: Sequence[int] | None = None) -> dict[int, str]:
        """:meth:`names` as message text shows them (see :func:`as_text`)."""
        return as_text(await self.names(event, user_ids))

    async def card_answers(self, event: Event, lang: str) -> dict[int, str]:
        """How soon each player usually answers, as the sign-up card shows it (only while sign-up is open)."""
        if event.status is not EventStatus.SIGNUP:
            return {}
        return await rounded_answers(self.matches, [p.user_id for p in event.players if not p.withdrawn], lang)

    async def refresh_card(self, event: Event, lang: str | None = None) -> None:
        """Edit the sign-up card in place (cosmetic: a failure is only logged)."""
        if event.signup_message_id is None:
            return
        lang = lang or self.lang_of(event)
        names = await self.text_names(event, [*event.player_ids, event.organiser_id])
        facts = await self.board_facts(event, names)
        board = board_fields(event, facts, lang, discord.utils.utcnow())
        # A physical game waiting for its result keeps the board's Report button.
        reports = any(g.physical and not g.done for g in facts.games)
        await self.games.edit_message(
            event.channel_id,
            event.signup_message_id,
            embed=card_embed(event, lang, names, board, await self.card_answers(event, lang)),
            view=card_view(event, lang, reports=reports),
        )

    async def board_facts(self, event: Event, names: Mapping[int, str]) -> BoardFacts:
        """What the event's board shows: the games of the round being played (or the last one), who must act in
        each game still being played, and the standings."""
        if event.status not in (EventStatus.RUNNING, EventStatus.FINISHED) or event.current_round < 1:
            return BoardFacts((), {}, None, names, event.guild_id)
        games = tuple(await self.events.games(event.id, event.current_round))
        playing: dict[int, str] = {}
        for game in games:
            found = await self.to_play(game)
            if found is not None:
                match, acting = found
                playing[game.board] = ", ".join(names.get(match.seats[s], "?") for s in acting) or "—"
        return BoardFacts(games, playing, await self.events.standings(event.id), names, event.guild_id)

    async def to_play(self, game: EventGame) -> tuple[Match, tuple[Seat, ...]] | None:
        """The match of a game still being played and the seats that must act in it; None when the game has a
        result, is a bye, or its match is not under way."""
        if game.done or game.is_bye or game.match_id is None:
            return None
        match = await self.matches.get(game.match_id)
        if match.status is not MatchStatus.ACTIVE:
            return None
        return match, tuple(s for s in match.state.actors() if s < len(match.seats))

    async def text_channel(self, channel_id: int) -> discord.TextChannel:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.HTTPException as exc:
                raise EventError("event_text_channel") from exc
        if not isinstance(channel, discord.TextChannel):
            raise EventError("event_text_channel")
        return channel
