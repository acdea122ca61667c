"""Sign-up: creating an event, joining and leaving it, starting it (seeding), cancelling it; check-in and late
entry are :mod:`bot.app.events.entry`."""

from __future__ import annotations

from dataclasses import replace

from bot.app import member_text
from bot.app.clocks.game_clock import fits_pace
from bot.app.events.core import EventCore
from bot.app.events.entry import drop_absentees
from bot.app.events.formats import format_of
from bot.app.events.model import (
    MAX_ROUNDS,
    Event,
    EventError,
    EventStatus,
    Withdrawal,
)
from bot.app.matches import MatchError, split_options
from bot.app.storage.entry_store import EntryStore
from bot.app.storage.events_store import EventSettings
from bot.app.tournaments.pairing import seeding
from bot.app.tournaments.ratings import DEFAULT, Rating
from games import find_game


class SignUps(EventCore):
    """An event's players, from its creation to its start, and withdrawals afterwards."""

    async def create(self, settings: EventSettings, *, guild_id: int, channel_id: int, organiser_id: int) -> Event:
        """Open an event for sign-up with what the organiser chose (``settings.round_minutes``: each round ends
        that long after it is paired, its unfinished games then settled from their position; see
        :mod:`bot.app.events.round_clock`; ``settings.physical``: every game is played on the club's boards and
        reported, see :mod:`bot.app.events.reports`).

        Raises:
            MatchError: ``unknown_game``, ``unknown_option`` or ``clock_by_post`` (a game clock with a
                play-by-post ``turn_limit``).
            EventError: ``event_format_unsuitable`` (a two-player format for a game that cannot be played by
                two, or tables for one that cannot seat 3 to 5), ``event_bad_rounds`` or ``control_characters``
                (in ``name``, see :mod:`bot.app.member_text`).
            UnknownFormatError: a ``format`` no registered format has (:mod:`bot.app.events.formats`).
        """
        format = format_of(settings.format)
        if not member_text.is_clean(settings.name):
            raise EventError("control_characters")
        if not fits_pace(settings.turn_limit, settings.options):
            raise MatchError("clock_by_post")
        self._matches.check_new(settings.game_id, settings.options)
        game = find_game(settings.game_id)
        ours, service = split_options(settings.options)  # a game clock is the service's option, kept for every game
        chosen = game.validate_options(ours) | service
        if not format.suits(game):
            raise EventError("event_format_unsuitable", game=game.name)
        if not 1 <= settings.rounds <= MAX_ROUNDS:
            raise EventError("event_bad_rounds", max=MAX_ROUNDS)
        name = " ".join(settings.name.split())[:100] or game.name
        now = self._clock()
        async with self._store.transaction():
            event_id = await self._rows.insert_event(
                replace(settings, name=name, game_id=game.id, options=chosen),
                guild_id=guild_id,
                channel_id=channel_id,
                organiser_id=organiser_id,
                now=now,
            )
            details = {"game": game.id, "format": format.id.value}
            await self._rows.log(event_id, organiser_id, "create", details, now=now)
            return await self._load(event_id)

    async def set_signup_message(self, event_id: int, message_id: int) -> None:
        """Remember the sign-up card of an event."""
        await self._rows.update_event(event_id, now=self._clock(), signup_message_id=message_id)

    async def note_podium(self, event_id: int, message_id: int) -> None:
        """Record in the log that the podium was posted, and which post it is: a correction after the end edits
        that post rather than leaving it wrong."""
        async with self._store.transaction():
            await self._rows.log(event_id, None, "podium", {"message": message_id}, now=self._clock())

    async def sign_up(self, event_id: int, user_id: int) -> Event:
        """Add a player while sign-up is open.

        Raises:
            EventError: ``event_not_found``, ``event_not_signup``, ``event_already_signed_up`` or ``event_full``.
        """
        now = self._clock()
        async with self._changing(event_id, "event_not_signup", EventStatus.SIGNUP) as event:
            seed = event.newcomer_seed(user_id, "event_already_signed_up")
            await self._rows.add_player(event_id, user_id, seed, now=now)
            if event.checkin_open:
                # Signing up during check-in is being here: the member just tapped, on the spot.
                await EntryStore(self._store).check_in(event_id, user_id, now=now)
            return await self._load(event_id)

    async def start(self, event_id: int, actor_id: int) -> Event:
        """Close sign-up and seed the players by rating (strongest first; unrated players rate as new).

        Ties keep the signing-up order. A round robin's number of rounds becomes its schedule's. The first
        round is paired by :meth:`plan_round`. With check-in open, the members who did not check in are taken
        off first (see :mod:`bot.app.events.entry`).

        Raises:
            EventError: ``event_not_found``, ``event_not_signup``, ``event_not_enough_players`` or
                ``event_not_enough_checked_in``.
        """
        now = self._clock()
        async with self._changing(event_id, "event_not_signup", EventStatus.SIGNUP) as event:
            minimum = format_of(event.format).minimum_players
            if len(event.players) < minimum:
                raise EventError("event_not_enough_players", min=minimum)
            if await drop_absentees(EntryStore(self._store), event, actor_id, now):
                event = await self._load(event_id)
            known = await self._store.load_ratings(event.guild_id, event.rating_key, event.player_ids)
            strength = {
                uid: Rating(*known[uid]).ordinal if uid in known else DEFAULT.ordinal for uid in event.player_ids
            }
            order = seeding(event.player_ids, strength)
            await self._rows.set_seeds(event_id, order)
            rounds = format_of(event.format).rounds(event.rounds, order)
            await self._rows.update_event(event_id, now=now, status=EventStatus.RUNNING.value, rounds=rounds)
            await self._rows.log(event_id, actor_id, "start", {"seeding": list(order), "rounds": rounds}, now=now)
            return await self._load(event_id)

    async def cancel(self, event_id: int, actor_id: int) -> Event:
        """Cancel an event in sign-up or running; its matches are left to be played out as ordinary matches.

        Raises:
            EventError: ``event_not_found`` or ``event_not_running``.
        """
        now = self._clock()
        async with self._changing(event_id, "event_not_running", EventStatus.SIGNUP, EventStatus.RUNNING) as event:
            await self._rows.update_event(event_id, now=now, status=EventStatus.CANCELLED.value)
            await self._rows.log(event_id, actor_id, "cancel", {"round": event.current_round}, now=now)
            return await self._load(event_id)

    async def withdraw(self, event_id: int, user_id: int, actor_id: int) -> Withdrawal:
        """Take a player out: during sign-up they are simply removed; once running they are not paired again.

        A two-player game of theirs still being played in the current round is returned for the caller to
        end (the opponent should not wait for a deadline); a table plays on, the deadline rules covering them.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_not_signed_up`` or
                ``event_already_withdrawn``.
        """
        now = self._clock()
        async with self._store.transaction():
            event = await self._load(event_id)
            if user_id not in event.player_ids:
                raise EventError("event_not_signed_up")
            if event.status is EventStatus.SIGNUP:
                await self._rows.remove_player(event_id, user_id)
                if actor_id != user_id:
                    await self._rows.log(event_id, actor_id, "remove", {"player": user_id}, now=now)
                return Withdrawal(await self._load(event_id), during_signup=True)
            if event.status is not EventStatus.RUNNING:
                raise EventError("event_not_running")
            if not await self._rows.withdraw_player(event_id, user_id, event.current_round):
                raise EventError("event_already_withdrawn")
            unfinished: int | None = None
            if format_of(event.format).two_player and event.current_round:
                for row in await self._rows.load_games(event_id, round=event.current_round):
                    if user_id in row.players and row.result is None and row.match_id is not None:
                        unfinished = row.match_id
            details = {"player": user_id, "after_round": event.current_round, "match": unfinished}
            await self._rows.log(event_id, actor_id, "withdraw", details, now=now)
            return Withdrawal(await self._load(event_id), during_signup=False, unfinished_match=unfinished)
