"""Lobby: opening a match, who sits at the table (members, AI seats), the players' salts, the start and the rematch."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime

from bot.app import fairness, member_text
from bot.app.clocks.game_clock import fits_pace
from bot.app.matches.core import Core, require_seat
from bot.app.matches.model import (
    MAX_OPEN_LOBBIES,
    STANDING_SALT,
    Match,
    MatchError,
    MatchStatus,
    TurnReport,
    salt_kind_key,
    split_options,
)
from bot.app.orders.defaults import copy_defaults
from bot.app.seats.acting import Action
from bot.app.seats.ai import LEVELS, humans, is_ai, level_of, next_ai_id
from bot.app.storage import (
    ChannelBusyError,
)
from games import UnknownGameError, find_game
from games.base import Seat

log = logging.getLogger(__name__)


class Lobby(Core):
    """Create, join and leave lobbies, seat and unseat the AI, take salts, start matches and rematches."""

    def check_new(self, game_id: str, options: Mapping[str, str]) -> None:
        """Raise what :meth:`create` would for an unknown game or option, without writing anything.

        Raises:
            MatchError: ``unknown_game`` or ``unknown_option``.
        """
        try:
            game = find_game(game_id)
        except UnknownGameError as exc:
            raise MatchError("unknown_game", detail=str(exc.args[0])) from exc
        try:
            game.validate_options(split_options(options)[0])
        except ValueError as exc:
            raise MatchError("unknown_option", detail=str(exc)) from exc

    async def check_open(self, game_id: str, options: Mapping[str, str], *, creator_id: int) -> None:
        """Raise what :meth:`create` would for the game, its options or the creator's lobby cap, writing nothing.

        For a caller that must make something first (a thread) and should not when the lobby will be refused.
        :meth:`create` checks again: a lobby opened meanwhile elsewhere still counts.

        Raises:
            MatchError: ``unknown_game``, ``unknown_option`` or ``too_many_lobbies``.
        """
        self.check_new(game_id, options)
        async with self._store.transaction(immediate=False):
            await self._check_lobby_cap(creator_id)

    async def create(
        self,
        game_id: str,
        options: Mapping[str, str],
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        seed: str | None = None,
        turn_limit: int | None = None,
        on_timeout: str = "vote",
        rated: bool = True,
        capped: bool = True,
    ) -> Match:
        """Open a lobby in ``channel_id`` with the creator in seat 0.

        ``turn_limit`` is the seconds each turn may take (None: no deadline); ``on_timeout`` says what
        happens when it runs out (``vote``, ``move`` or ``forfeit``); ``rated`` whether the result counts
        for ratings. ``capped`` applies :data:`MAX_OPEN_LOBBIES` (events open their games uncapped).

        Raises:
            MatchError: ``unknown_game``, ``unknown_option``, ``channel_busy``, ``too_many_lobbies`` or
            ``clock_by_post`` (a game clock with a play-by-post ``turn_limit``: it would never run).
        """
        if not fits_pace(turn_limit, options):
            raise MatchError("clock_by_post")
        try:
            game = find_game(game_id)
        except UnknownGameError as exc:
            raise MatchError("unknown_game", detail=str(exc.args[0])) from exc
        try:
            ours, service = split_options(options)
            chosen = game.validate_options(ours) | service
        except ValueError as exc:
            raise MatchError("unknown_option", detail=str(exc)) from exc
        now = self._clock()
        async with self._store.transaction():
            if await self._store.find_current(channel_id) is not None:
                raise MatchError("channel_busy")
            if capped:
                await self._check_lobby_cap(creator_id)
            try:
                match_id = await self._store.insert_match(
                    game=game.id,
                    options=chosen,
                    seed=seed or self.config.seed_factory(),
                    guild_id=guild_id,
                    channel_id=channel_id,
                    creator_id=creator_id,
                    now=now,
                    turn_limit=turn_limit,
                    on_timeout=on_timeout,
                    rated=rated,
                )
            except ChannelBusyError as exc:
                raise MatchError("channel_busy") from exc
            if self.config.fair:
                # Committed before any salt can be given: the commitment is public from the lobby on.
                server_seed = self.config.server_seed_factory()
                await self._store.insert_fairness(
                    match_id,
                    fairness.SCHEME,
                    server_seed,
                    fairness.commitment(server_seed),
                    now=now,
                    seals=fairness.SEAL_SCHEME,
                )
            await self._store.add_seat(match_id, 0, creator_id, now=now)
            return await self._load(match_id)

    async def _check_lobby_cap(self, user_id: int) -> None:
        """Refuse a member who already sits in :data:`MAX_OPEN_LOBBIES` lobbies.

        In a write transaction the member's seating is locked first (see :meth:`Store.lock_seating`): two
        processes seating the same member at once count one after the other. A read-only check locks nothing.
        """
        await self._store.lock_seating([user_id])
        lobbies = await self._store.matches_of_user(user_id, statuses=[MatchStatus.LOBBY.value], limit=MAX_OPEN_LOBBIES)
        if len(lobbies) >= MAX_OPEN_LOBBIES:
            raise MatchError("too_many_lobbies", max=MAX_OPEN_LOBBIES)

    async def join(self, match_id: int, user_id: int, *, capped: bool = True) -> Match:
        """Seat ``user_id`` in the lobby (``capped``: see :meth:`create`).

        Raises:
            MatchError: ``no_match``, ``not_in_lobby``, ``already_seated``, ``table_full`` or
            ``too_many_lobbies``.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_lobby(match_id)
            if user_id in match.seats:
                raise MatchError("already_seated")
            if len(match.seats) >= match.game.max_players:
                raise MatchError("table_full", max=match.game.max_players)
            if capped:
                await self._check_lobby_cap(user_id)
            await self._store.add_seat(match_id, len(match.seats), user_id, now=now)
            await self._store.update_match(match_id, now=now)
            return await self._load(match_id)

    async def leave(self, match_id: int, user_id: int) -> Match:
        """Remove ``user_id`` from the lobby (the creator leaving closes the lobby: status ABORTED).

        Closing writes an ABORT log entry and the result ``Outcome(Termination.ABORTED)``, as
        :meth:`abort` does; the seats are kept for the record.

        Raises:
            MatchError: ``no_match``, ``not_in_lobby`` or ``not_seated``.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_lobby(match_id)
            if user_id not in match.seats:
                raise MatchError("not_seated")
            if user_id == match.creator_id:
                await self._abort(match, now)
            else:
                await self._store.remove_seat(match_id, user_id)
                await self._store.delete_salt(match_id, user_id)
                await self._store.set_pref(user_id, salt_kind_key(match_id), None, now=now)
                await self._store.update_match(match_id, now=now)
            return await self._load(match_id)

    async def add_salt(self, match_id: int, user_id: int, text: str | None = None) -> tuple[Match, str]:
        """Set the caller's salt for the match's draws: ``text``, or with None one drawn for them now.

        Accepted from the lobby until the first chance step is drawn; a new salt replaces the caller's
        earlier one. Returns the match and the salt as stored.

        Raises:
            MatchError: ``no_match``, ``not_verifiable`` (a match from before provably fair chance),
            ``not_seated``, ``seat_left``, ``control_characters`` (see :mod:`bot.app.member_text`), ``bad_salt``
            (empty or too long; params ``max``) or ``salts_locked``.
        """
        if text is not None and not member_text.is_clean(text):
            raise MatchError("control_characters")
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.fair is None:
                raise MatchError("not_verifiable", id=match.id)
            require_seat(match, user_id, Action.SALT)
            if match.status not in (MatchStatus.LOBBY, MatchStatus.ACTIVE) or await self._store.has_chance(match.id):
                raise MatchError("salts_locked", id=match.id)
            salt = self.config.salt_factory() if text is None else fairness.clean_salt(text)
            if salt is None:
                raise MatchError("bad_salt", max=fairness.MAX_SALT)
            await self._put_salt(match.id, user_id, salt, fairness.DRAWN if text is None else fairness.OWN, now)
            return await self._load(match.id), salt

    async def set_standing_salt(self, user_id: int, text: str | None) -> str | None:
        """Keep ``text`` as the member's standing salt (None clears it); returns it as stored.

        A standing salt salts every provably fair match the member is seated in when it starts, unless they
        gave that match a salt of their own (see :meth:`start`).

        Raises:
            MatchError: ``control_characters`` or ``bad_salt`` (params ``max``).
        """
        salt = None
        if text is not None:
            if not member_text.is_clean(text):
                raise MatchError("control_characters")
            salt = fairness.clean_salt(text)
            if salt is None:
                raise MatchError("bad_salt", max=fairness.MAX_SALT)
        await self._store.set_pref(user_id, STANDING_SALT, salt, now=self._clock())
        return salt

    async def standing_salt(self, user_id: int) -> str | None:
        """The member's standing salt, or None."""
        return await self._store.get_pref(user_id, STANDING_SALT)

    async def salt_kinds(self, match: Match) -> dict[Seat, str]:
        """How each seat's salt came to be (:data:`bot.app.fairness.OWN`, ``STANDING`` or ``DRAWN``), for
        the seats whose salt has a known origin (older salts have none).

        The origin was noted under the member who gave the salt: a seat a member later took over asks the
        members who held it before, too.
        """
        kinds: dict[Seat, str] = {}
        for seat, uid in enumerate(match.seats):
            holders = [uid, *(r.previous_user_id for r in match.replacements.get(seat, ()))]
            for holder in holders:
                kind = await self._store.get_pref(holder, salt_kind_key(match.id))
                if kind is not None:
                    kinds[seat] = kind
                    break
        return kinds

    async def _put_salt(self, match_id: int, user_id: int, salt: str, kind: str, now: datetime) -> None:
        """Store a member's salt and where it came from (its origin is kept with the member's preferences,
        which need no new table)."""
        await self._store.put_salt(match_id, user_id, salt, now=now)
        await self._store.set_pref(user_id, salt_kind_key(match_id), kind, now=now)

    async def _salt_every_member(self, match: Match, now: datetime) -> None:
        """Before a match's first draw: every seated member without a salt gets their standing salt, or
        one drawn for them, so that no match is drawn from the bot's seed alone."""
        if match.fair is None:
            return
        for uid in match.seats:
            if is_ai(uid) or uid in match.fair.salts:
                continue
            standing = await self._store.get_pref(uid, STANDING_SALT)
            if standing is not None:
                await self._put_salt(match.id, uid, standing, fairness.STANDING, now)
            else:
                await self._put_salt(match.id, uid, self.config.salt_factory(), fairness.DRAWN, now)

    async def add_ai(self, match_id: int, user_id: int, level: str) -> Match:
        """Seat an AI of ``level`` in the lobby (its creator only).

        Raises:
            MatchError: ``no_match``, ``not_in_lobby``, ``not_creator``, ``unknown_level`` or ``table_full``.
        """
        if level not in LEVELS:
            raise MatchError("unknown_level", level=level)
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_lobby(match_id)
            if user_id != match.creator_id:
                raise MatchError("not_creator")
            if len(match.seats) >= match.game.max_players:
                raise MatchError("table_full", max=match.game.max_players)
            await self._store.add_seat(match_id, len(match.seats), next_ai_id(match.seats, level), now=now)
            await self._store.update_match(match_id, now=now)
            return await self._load(match_id)

    async def remove_ai(self, match_id: int, user_id: int) -> Match:
        """Take the last AI seated out of the lobby (its creator only).

        Raises:
            MatchError: ``no_match``, ``not_in_lobby``, ``not_creator`` or ``not_seated`` (no AI seated).
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_lobby(match_id)
            if user_id != match.creator_id:
                raise MatchError("not_creator")
            seated = [uid for uid in match.seats if is_ai(uid)]
            if not seated:
                raise MatchError("not_seated")
            await self._store.remove_seat(match_id, seated[-1])
            await self._store.update_match(match_id, now=now)
            return await self._load(match_id)

    async def rematch(self, match_id: int) -> TurnReport:
        """A new match of the finished match's game, options and players, seats rotated by one, in the same
        channel or thread, started at once: every player is seated and the match starts, or nothing is written.

        The caller checks who may ask (a player of the finished match). The lobby cap applies to every member
        seated (not to AI seats): one member at the cap refuses the whole rematch.

        Raises:
            MatchError: ``no_match``, ``not_active`` (the match has not finished), ``channel_busy``, or
            ``rematch_capped`` (params ``user_id``, the member who cannot be seated, and ``max``).
        """
        async with self._store.transaction():
            old = await self._load(match_id)
            if old.status is not MatchStatus.FINISHED:
                raise MatchError("not_active")
            seats = old.seats[1:] + old.seats[:1]
            # Every member locked at once, in one order: two rematches sharing players cannot deadlock.
            await self._store.lock_seating([uid for uid in seats if not is_ai(uid)])
            seating = seats[0]
            options = dict(old.options)
            if not fits_pace(old.turn_limit, options):
                # Switched to play by post before it ended: the rematch goes on by post, without the game clock.
                options = {k: v for k, v in options.items() if k not in ("clock", "increment")}
            try:
                match = await self.create(
                    old.game.id,
                    options,
                    guild_id=old.guild_id,
                    channel_id=old.channel_id,
                    creator_id=seating,
                    turn_limit=old.turn_limit,
                    on_timeout=old.on_timeout,
                    rated=old.rated,
                    capped=not is_ai(seating),
                )
                for seating in seats[1:]:
                    await self.join(match.id, seating, capped=not is_ai(seating))
            except MatchError as exc:
                if exc.key == "too_many_lobbies":
                    # Rolled back with the transaction: no lobby is left to block the channel.
                    raise MatchError("rematch_capped", user_id=seating, max=MAX_OPEN_LOBBIES) from exc
                raise
            return await self.start(match.id, seats[0])

    async def start(self, match_id: int, user_id: int) -> TurnReport:
        """Start the match (any seated player once the table has enough players).

        Seats keep the lobby's joining order. Every seated member without a salt for a provably fair
        match gets one first: their standing salt (``/plateau salt``), or one drawn for them, so even a
        match created and started in one go (an event's game, a rematch) has a salt from each member before
        its first draw. The opening chance steps (such as the draw for the first player and the first
        roll) are then sampled and logged at once.

        Raises:
            MatchError: ``no_match``, ``not_in_lobby``, ``not_seated`` or ``not_enough_players``.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_lobby(match_id)
            if user_id not in match.seats:
                raise MatchError("not_seated")
            if len(match.seats) < match.game.min_players:
                raise MatchError("not_enough_players", min=match.game.min_players)
            for seat, uid in enumerate(match.seats):
                if is_ai(uid):
                    await self._store.put_ai_seat(match.id, seat, level_of(uid), 0, "seated")
            await self._salt_every_member(match, now)
            # Before the opening: a member's default orders for this game play from the first decision.
            await copy_defaults(self._store, match.id, match.game.id, humans(match.seats), now=now)
            match = await self._load(match_id)
            opening = match.game.new(len(match.seats), match.options)
            state, entries = await self._chance_steps(match, opening, match.version, now)
            return await self._conclude(match, opening, state, entries, now)
