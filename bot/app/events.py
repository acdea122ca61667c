"""The event service: association events (tournaments) from sign-up to final standings. No Discord import.

An event is one game and rule set played over rounds by the players who signed up, in one of three
formats: Swiss or round robin for two-player games, or seated rounds (tables of 3–6) for multiplayer
games such as Ursuppe. The pure work (pairing, seating, standings) is :mod:`bot.app.tournaments`; this
module keeps the event's state in the database (:mod:`bot.app.storage.events_store`) and opens each game as
an ordinary match through :class:`bot.app.matches.MatchService`, so deadlines, forfeits, ratings, history
and replays all work in event games as in any other match.

Life of an event: ``signup`` (players join and leave) → ``running`` (rounds are paired one at a time;
a round is *closed* once every game of it has a counted result) → ``finished`` (the last round closed,
or too few players are left to pair), or ``cancelled`` by an organiser.

Counted results come from the matches: a win, a draw, a resignation or a forfeit by the deadline rules
count as they ended (the late player loses); an aborted two-player match counts as a loss for both, an
aborted table (or a table forfeited with no winner) counts for nobody, until an organiser replaces the
result. Byes are recorded as results when the round is paired. Organiser actions and what the bot
decided alone (forfeits, aborted games) go to the event's log.

Every operation runs in one store transaction, so two clicks racing (two "next round", two matches
ending together) cannot pair a round twice or close it twice: closing a round is one conditional
update, and only the caller that closed it posts the standings or starts the next round.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any, Final

from bot.app import member_text
from bot.app.matches import Match, MatchError, MatchService, MatchStatus, TurnReport
from bot.app.storage import Store
from bot.app.storage.events_store import EventGameRow, EventLogRow, EventRow, EventStore
from bot.app.tournaments.pairing import round_robin, seat_tables, seeding, swiss_round
from bot.app.tournaments.ratings import DEFAULT, Rating
from bot.app.tournaments.standings import (
    Bye,
    Game,
    Result,
    StandingRow,
    TableGame,
    TieBreak,
    game_from_outcome,
    points_of,
    rounds_of,
    swiss_standings,
    table_game_from_outcome,
    table_standings,
)
from games import UnknownGameError, find_game
from games.base import GameInfo, Outcome, Termination

log = logging.getLogger(__name__)

MAX_ROUNDS: Final = 15
MAX_PLAYERS: Final = 256
"""Sign-ups an event accepts; beyond it a Discord channel could not follow the pairings anyway."""
MIN_TABLE: Final = 3
SWISS_TIEBREAKS: Final = (TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER)
ROUND_ROBIN_TIEBREAKS: Final = (TieBreak.SONNEBORN_BERGER, TieBreak.WINS)
"""In a round robin everyone meets everyone, so Buchholz says nothing; the result against whom does."""
OUTCOMES: Final = ("win", "draw", "loss", "double_loss")
"""Results an organiser may set for a two-player game, read from the named player's side."""

Clock = Callable[[], datetime]


class EventFormat(enum.Enum):
    """How the rounds of an event are made."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    TABLES = "tables"
    """Seated rounds of multiplayer tables, balanced by rating."""

    @property
    def two_player(self) -> bool:
        """True for the formats of two-player games."""
        return self is not EventFormat.TABLES


class EventStatus(enum.Enum):
    """Where an event is in its life."""

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class EventError(MatchError):
    """A request the event service refuses; ``key`` names the reason (catalog ``match_error.<key>``).

    Keys: ``event_not_found``, ``event_not_signup`` (sign-up is closed), ``event_not_running``,
    ``event_already_signed_up``, ``event_not_signed_up``, ``event_full`` (params ``max``),
    ``event_not_enough_players`` (params ``min``), ``event_round_not_over`` (params ``round``),
    ``event_no_more_rounds``, ``event_no_game`` (params ``round``), ``event_bye_result``,
    ``event_bad_result``, ``event_bad_places`` (params ``count``), ``event_already_withdrawn``,
    ``event_format_unsuitable`` (params ``game``), ``event_bad_rounds`` (params ``max``).
    """


@dataclass(frozen=True, slots=True)
class EventPlayer:
    """A player of an event; ``withdrawn_after`` is the last round they were paired in, once they withdrew."""

    user_id: int
    seed: int
    withdrawn_after: int | None = None

    @property
    def withdrawn(self) -> bool:
        """True once the player has withdrawn."""
        return self.withdrawn_after is not None

    def plays_in(self, round: int) -> bool:
        """True when the player is to be paired or seated in ``round``."""
        return self.withdrawn_after is None or round <= self.withdrawn_after


@dataclass(frozen=True, slots=True)
class EventGame:
    """A game of a round: a pairing, a table or a bye; ``players`` in seat order."""

    round: int
    board: int
    players: tuple[int, ...]
    match_id: int | None = None
    thread_id: int | None = None
    result: Mapping[str, Any] | None = None
    """The counted result (see migration 0006); None while the game is being played."""
    replaced: bool = False

    @property
    def is_bye(self) -> bool:
        """True for a bye (one player, no match)."""
        return len(self.players) == 1

    @property
    def done(self) -> bool:
        """True once the game has a counted result."""
        return self.result is not None

    def item(self) -> Game[int] | Bye[int] | TableGame[int] | None:
        """The result as the standings take it; None while unknown, or for a table that counts for nobody."""
        result = self.result
        if result is None or result.get("void"):
            return None
        if result.get("bye"):
            return Bye(self.round, self.players[0])
        if "score" in result:
            return Game(self.round, self.players[0], self.players[1], Result(result["score"]))
        places = tuple(int(p) for p in result["places"])
        scores = tuple(int(s) for s in result.get("scores", ()))
        return TableGame(self.round, self.players, places, scores)


@dataclass(frozen=True, slots=True)
class Event:
    """An event as loaded from storage (an immutable snapshot); ``players`` in seeding order."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    game: GameInfo
    options: Mapping[str, str]
    format: EventFormat
    rounds: int
    turn_limit: int | None
    on_timeout: str
    auto_advance: bool
    rated: bool
    organiser_id: int
    status: EventStatus
    current_round: int
    """The last round paired; 0 before the first."""
    closed_round: int
    """The last round with every result in (and its standings posted)."""
    signup_message_id: int | None
    created_at: datetime
    players: tuple[EventPlayer, ...] = ()

    @property
    def player_ids(self) -> tuple[int, ...]:
        """Every player's user id, in seeding order (withdrawn players included)."""
        return tuple(p.user_id for p in self.players)

    @property
    def withdrawn_ids(self) -> frozenset[int]:
        """The players who withdrew."""
        return frozenset(p.user_id for p in self.players if p.withdrawn)

    def active_in(self, round: int) -> tuple[int, ...]:
        """The players to pair or seat in ``round``, in seeding order."""
        return tuple(p.user_id for p in self.players if p.plays_in(round))

    @property
    def round_in_progress(self) -> bool:
        """True while a paired round still waits for results."""
        return self.current_round > self.closed_round

    @property
    def minimum_players(self) -> int:
        """Players needed to start, and to pair another round."""
        return MIN_TABLE if self.format is EventFormat.TABLES else 2

    @property
    def rating_key(self) -> str:
        """The rated game of the event's matches: the game id, with the rule set when there are several."""
        rules = self.options.get("rules")
        return self.game.id if rules is None else f"{self.game.id}:{rules}"


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """A round just paired (``round`` None and no games when the event finished instead: too few players).

    ``closed_round`` is set when the round is complete as soon as it is paired (only byes, when withdrawals
    left every remaining player without an opponent): the caller handles it like any closed round.
    """

    event: Event
    round: int | None
    games: tuple[EventGame, ...]
    closed_round: int | None = None


@dataclass(frozen=True, slots=True)
class Progress:
    """What a result did: the event after it, the game it belongs to and the round it closed, if any.

    Exactly one caller gets a ``closed_round`` for each round, so it alone posts that round's standings and,
    with auto-advance, pairs the next round.
    """

    event: Event
    game: EventGame | None
    closed_round: int | None = None
    previous: Mapping[str, Any] | None = None
    """The result this change replaced (organiser replacements only)."""


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A withdrawal: the event after it and, for a two-player game still being played, its match."""

    event: Event
    during_signup: bool
    unfinished_match: int | None = None


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings of an event as they stand, computed from every counted result so far."""

    event: Event
    rows: tuple[StandingRow[int], ...]
    tiebreaks: tuple[str, ...]
    """Names of the tie-break columns, in order (``game_score`` for tables)."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of an event's log; ``actor_id`` None: the bot."""

    at: datetime
    actor_id: int | None
    action: str
    details: Mapping[str, Any]


def result_from_outcome(event_format: EventFormat, game: EventGame, outcome: Outcome) -> dict[str, Any]:
    """The counted result of a finished match (see the module docstring for aborted games)."""
    if event_format.two_player:
        first, second = game.players
        found = game_from_outcome(game.round, first, second, outcome)
        return {"score": (found.result if found is not None else Result.BOTH_LOSE).value}
    table = table_game_from_outcome(game.round, game.players, outcome)
    if table is None:
        return {"void": True}
    return {"places": list(table.places), "scores": list(table.scores)}


def result_for(game: EventGame, user_id: int, outcome: str) -> dict[str, Any]:
    """The two-player result an organiser sets: ``outcome`` (see :data:`OUTCOMES`) from ``user_id``'s side.

    Raises:
        EventError: ``event_bad_result``.
    """
    if outcome not in OUTCOMES or len(game.players) != 2 or user_id not in game.players:
        raise EventError("event_bad_result")
    first = user_id == game.players[0]
    score = {
        "win": Result.FIRST_WINS if first else Result.SECOND_WINS,
        "loss": Result.SECOND_WINS if first else Result.FIRST_WINS,
        "draw": Result.DRAW,
        "double_loss": Result.BOTH_LOSE,
    }[outcome]
    return {"score": score.value}


def parse_places(text: str, count: int) -> list[int]:
    """Places for a table of ``count`` players, in seat order, from text such as ``"2 1 3 3"`` or ``"2,1,3,3"``.

    Shared places are allowed; each place must be between 1 and ``count``, and someone must be first.

    Raises:
        EventError: ``event_bad_places``.
    """
    parts = text.replace(",", " ").replace(";", " ").split()
    try:
        places = [int(p) for p in parts]
    except ValueError:
        raise EventError("event_bad_places", count=count) from None
    if len(places) != count or not all(1 <= p <= count for p in places) or 1 not in places:
        raise EventError("event_bad_places", count=count)
    return places


def _game(row: EventGameRow) -> EventGame:
    return EventGame(
        row.round,
        row.board,
        row.players,
        row.match_id,
        row.thread_id,
        None if row.result is None else MappingProxyType(dict(row.result)),
        row.replaced,
    )


class EventService:
    """Create, fill, pair, record and rank events (see the module docstring).

    ``store`` is the bot's open :class:`Store`, ``matches`` its match service (event games are ordinary
    matches) and ``clock`` returns the current UTC time.
    """

    def __init__(self, store: Store, matches: MatchService, clock: Clock) -> None:
        self._store = store
        self._rows = EventStore(store)
        self._matches = matches
        self._clock = clock

    # Loading.

    async def _load(self, event_id: int) -> Event:
        row = await self._rows.load_event(event_id)
        if row is None:
            raise EventError("event_not_found")
        return await self._event(row)

    async def _event(self, row: EventRow) -> Event:
        try:
            game = find_game(row.game)
        except UnknownGameError as exc:  # pragma: no cover - a game is never unregistered under a live event
            raise EventError("event_not_found") from exc
        players = tuple(
            EventPlayer(p.user_id, p.seed, p.withdrawn_after) for p in await self._rows.load_players(row.id)
        )
        return Event(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            name=row.name,
            game=game,
            options=MappingProxyType(dict(row.options)),
            format=EventFormat(row.format),
            rounds=row.rounds,
            turn_limit=row.turn_limit,
            on_timeout=row.on_timeout,
            auto_advance=row.auto_advance,
            rated=row.rated,
            organiser_id=row.organiser_id,
            status=EventStatus(row.status),
            current_round=row.current_round,
            closed_round=row.closed_round,
            signup_message_id=row.signup_message_id,
            created_at=row.created_at,
            players=players,
        )

    async def get(self, event_id: int) -> Event:
        """Load one event.

        Raises:
            EventError: ``event_not_found``.
        """
        async with self._store.transaction(immediate=False):
            return await self._load(event_id)

    async def games(self, event_id: int, round: int | None = None) -> list[EventGame]:
        """The games of an event, or of one round, by round then board."""
        return [_game(row) for row in await self._rows.load_games(event_id, round=round)]

    async def game_of_match(self, match_id: int) -> tuple[Event, EventGame] | None:
        """The event and game a match is played for, if it is an event game."""
        async with self._store.transaction(immediate=False):
            row = await self._rows.game_of_match(match_id)
            if row is None:
                return None
            return await self._load(row.event_id), _game(row)

    async def events_of_guild(self, guild_id: int, *, open_only: bool = False) -> list[Event]:
        """A server's events, newest first (only those in sign-up or running with ``open_only``)."""
        statuses = (EventStatus.SIGNUP.value, EventStatus.RUNNING.value) if open_only else None
        async with self._store.transaction(immediate=False):
            rows = await self._rows.events_of_guild(guild_id, statuses=statuses)
            return [await self._event(row) for row in rows]

    async def events_here(self, channel_id: int) -> list[Event]:
        """The events run from a channel or with a game in that thread, newest first, open ones first."""
        async with self._store.transaction(immediate=False):
            rows = await self._rows.events_of_channel(channel_id)
            events = [await self._event(row) for row in rows]
        is_open = (EventStatus.SIGNUP, EventStatus.RUNNING)
        return [e for e in events if e.status in is_open] + [e for e in events if e.status not in is_open]

    async def log(self, event_id: int) -> list[LogLine]:
        """The event's log, oldest first.

        Raises:
            EventError: ``event_not_found``.
        """
        async with self._store.transaction(immediate=False):
            await self._load(event_id)
            rows: list[EventLogRow] = await self._rows.load_log(event_id)
        return [LogLine(r.created_at, r.actor_id, r.action, MappingProxyType(r.details)) for r in rows]

    # Settings.

    async def organiser_role(self, guild_id: int) -> int | None:
        """The server's organiser role, if set."""
        return await self._rows.organiser_role(guild_id)

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        """Set (or with None clear) the server's organiser role."""
        await self._rows.set_organiser_role(guild_id, role_id, now=self._clock())

    # Sign-up.

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        name: str,
        game_id: str,
        options: Mapping[str, str],
        format: EventFormat,
        rounds: int,
        turn_limit: int | None,
        on_timeout: str = "forfeit",
        auto_advance: bool = False,
        rated: bool = True,
    ) -> Event:
        """Open an event for sign-up.

        Raises:
            MatchError: ``unknown_game`` or ``unknown_option``.
            EventError: ``event_format_unsuitable`` (a two-player format for a game that cannot be played by
                two, or tables for one that cannot seat 3 to 5), ``event_bad_rounds`` or ``control_characters``
                (in ``name``, see :mod:`bot.app.member_text`).
        """
        if not member_text.is_clean(name):
            raise EventError("control_characters")
        self._matches.check_new(game_id, options)
        game = find_game(game_id)
        chosen = game.validate_options(options)
        if format.two_player and not game.min_players <= 2 <= game.max_players:
            raise EventError("event_format_unsuitable", game=game.name)
        if not format.two_player and not (game.min_players <= MIN_TABLE and game.max_players >= 5):
            raise EventError("event_format_unsuitable", game=game.name)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise EventError("event_bad_rounds", max=MAX_ROUNDS)
        now = self._clock()
        async with self._store.transaction():
            event_id = await self._rows.insert_event(
                guild_id=guild_id,
                channel_id=channel_id,
                name=" ".join(name.split())[:100] or game.name,
                game=game.id,
                options=chosen,
                format=format.value,
                rounds=rounds,
                turn_limit=turn_limit,
                on_timeout=on_timeout,
                auto_advance=auto_advance,
                rated=rated,
                organiser_id=organiser_id,
                now=now,
            )
            await self._rows.log(event_id, organiser_id, "create", {"game": game.id, "format": format.value}, now=now)
            return await self._load(event_id)

    async def set_signup_message(self, event_id: int, message_id: int) -> None:
        """Remember the sign-up card of an event."""
        await self._rows.update_event(event_id, now=self._clock(), signup_message_id=message_id)

    async def sign_up(self, event_id: int, user_id: int) -> Event:
        """Add a player while sign-up is open.

        Raises:
            EventError: ``event_not_found``, ``event_not_signup``, ``event_already_signed_up`` or ``event_full``.
        """
        now = self._clock()
        async with self._store.transaction():
            event = await self._load(event_id)
            if event.status is not EventStatus.SIGNUP:
                raise EventError("event_not_signup")
            if user_id in event.player_ids:
                raise EventError("event_already_signed_up")
            if len(event.players) >= MAX_PLAYERS:
                raise EventError("event_full", max=MAX_PLAYERS)
            seed = max((p.seed for p in event.players), default=-1) + 1
            await self._rows.add_player(event_id, user_id, seed, now=now)
            return await self._load(event_id)

    async def start(self, event_id: int, actor_id: int) -> Event:
        """Close sign-up and seed the players by rating (strongest first; unrated players rate as new).

        Ties keep the signing-up order. A round robin's number of rounds becomes its schedule's. The first
        round is paired by :meth:`plan_round`.

        Raises:
            EventError: ``event_not_found``, ``event_not_signup`` or ``event_not_enough_players``.
        """
        now = self._clock()
        async with self._store.transaction():
            event = await self._load(event_id)
            if event.status is not EventStatus.SIGNUP:
                raise EventError("event_not_signup")
            if len(event.players) < event.minimum_players:
                raise EventError("event_not_enough_players", min=event.minimum_players)
            known = await self._store.load_ratings(event.guild_id, event.rating_key, event.player_ids)
            strength = {
                uid: Rating(*known[uid]).ordinal if uid in known else DEFAULT.ordinal for uid in event.player_ids
            }
            order = seeding(event.player_ids, strength)
            await self._rows.set_seeds(event_id, order)
            rounds = len(round_robin(order)) if event.format is EventFormat.ROUND_ROBIN else event.rounds
            await self._rows.update_event(event_id, now=now, status=EventStatus.RUNNING.value, rounds=rounds)
            await self._rows.log(event_id, actor_id, "start", {"seeding": list(order), "rounds": rounds}, now=now)
            return await self._load(event_id)

    async def cancel(self, event_id: int, actor_id: int) -> Event:
        """Cancel an event in sign-up or running; its matches are left to be played out as ordinary matches.

        Raises:
            EventError: ``event_not_found`` or ``event_not_running``.
        """
        now = self._clock()
        async with self._store.transaction():
            event = await self._load(event_id)
            if event.status not in (EventStatus.SIGNUP, EventStatus.RUNNING):
                raise EventError("event_not_running")
            await self._rows.update_event(event_id, now=now, status=EventStatus.CANCELLED.value)
            await self._rows.log(event_id, actor_id, "cancel", {"round": event.current_round}, now=now)
            return await self._load(event_id)

    # Rounds.

    async def plan_round(self, event_id: int, actor_id: int | None) -> RoundPlan:
        """Pair (or seat) the next round and record its byes; the matches are opened by :meth:`open_game`.

        When fewer players are left than a round needs, the event finishes instead (``round`` is None).

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_round_not_over`` or
                ``event_no_more_rounds``.
        """
        now = self._clock()
        async with self._store.transaction():
            event = await self._load(event_id)
            if event.status is not EventStatus.RUNNING:
                raise EventError("event_not_running")
            if event.round_in_progress:
                raise EventError("event_round_not_over", round=event.current_round)
            if event.current_round >= event.rounds:
                raise EventError("event_no_more_rounds")
            number = event.current_round + 1
            if len(event.active_in(number)) < event.minimum_players:
                await self._rows.update_event(event_id, now=now, status=EventStatus.FINISHED.value)
                details = {"reason": "players", "round": event.current_round}
                await self._rows.log(event_id, actor_id, "finish", details, now=now)
                return RoundPlan(await self._load(event_id), None, ())
            past = [_game(row) for row in await self._rows.load_games(event_id)]
            tables, byes = self._pair(event, number, past)
            for board, players in enumerate(tables, start=1):
                await self._rows.insert_game(event_id, number, board, players, None)
            for offset, player in enumerate(byes, start=len(tables) + 1):
                await self._rows.insert_game(event_id, number, offset, (player,), {"bye": True})
            await self._rows.update_event(event_id, now=now, current_round=number)
            details = {"round": number, "games": [list(t) for t in tables], "byes": list(byes)}
            await self._rows.log(event_id, actor_id, "round", details, now=now)
            games = tuple(_game(row) for row in await self._rows.load_games(event_id, round=number))
            closed = await self._close_if_complete(await self._load(event_id), number, now)
            return RoundPlan(await self._load(event_id), number, games, closed)

    def _pair(self, event: Event, number: int, past: Sequence[EventGame]) -> tuple[list[tuple[int, ...]], list[int]]:
        """The games (players in seat order) and byes of round ``number``, from the results so far."""
        everyone = event.player_ids
        out = frozenset(everyone) - frozenset(event.active_in(number))
        if event.format is EventFormat.TABLES:
            history: dict[int, list[tuple[int, ...]]] = {}
            for game in past:
                if not game.is_bye:
                    history.setdefault(game.round, []).append(game.players)
            seated = seat_tables(everyone, [history[r] for r in sorted(history)], withdrawn=out)
            return [tuple(t) for t in seated], []
        if event.format is EventFormat.ROUND_ROBIN:
            # The schedule is fixed at the start by the seeding; a withdrawn player's opponent gets a bye.
            scheduled = round_robin(everyone)[number - 1]
            pairs: list[tuple[int, ...]] = []
            byes: list[int] = []
            for first, second in scheduled.pairs:
                playing = [p for p in (first, second) if p not in out]
                if len(playing) == 2:
                    pairs.append((first, second))
                else:
                    byes.extend(playing)
            byes.extend(p for p in scheduled.byes if p not in out)
            return pairs, byes
        results: list[Game[int] | Bye[int]] = []
        for game in past:
            item = game.item()
            if isinstance(item, Game | Bye):
                results.append(item)
        rows = swiss_standings(everyone, results, tiebreaks=SWISS_TIEBREAKS, withdrawn=event.withdrawn_ids)
        # A double loss still "met": rounds_of keeps every pairing, so nobody is paired with them again.
        paired = swiss_round(everyone, points_of(rows), rounds_of(results), withdrawn=out)
        return [tuple(pair) for pair in paired.pairs], list(paired.byes)

    async def open_game(self, event: Event, game: EventGame, thread_id: int) -> TurnReport:
        """Open a game's match in ``thread_id``, seat its players in order and start it.

        Safe to call again after a crash: a game that already has its match only gets the missing seats
        filled and is started if it is still in its lobby.

        Raises:
            MatchError: from the match service (``channel_busy`` when the thread already has a match).
        """
        match_id = game.match_id
        if match_id is None:
            options = dict(event.options)
            if event.turn_limit is not None:
                # Play by post: a forced decision is played at once rather than waiting a day for a click.
                options.setdefault("autoplay", "on")
            match = await self._matches.create(
                event.game.id,
                options,
                guild_id=event.guild_id,
                channel_id=thread_id,
                creator_id=game.players[0],
                turn_limit=event.turn_limit,
                on_timeout=event.on_timeout,
                rated=event.rated,
                capped=False,
            )
            match_id = match.id
            # Linked at once, so a crash before the start leaves a match a retry finds and completes.
            await self._rows.attach_match(event.id, game.round, game.board, match_id, thread_id)
        match = await self._matches.get(match_id)
        if match.status is not MatchStatus.LOBBY:
            return TurnReport(match=match)
        for user_id in game.players:
            if user_id not in match.seats:
                match = await self._matches.join(match_id, user_id, capped=False)
        return await self._matches.start(match_id, game.players[0])

    async def unopened(self, event_id: int) -> tuple[Event, list[EventGame]]:
        """The event and the games of its current round whose match is not started yet (after a crash)."""
        event = await self.get(event_id)
        if event.status is not EventStatus.RUNNING or not event.round_in_progress:
            return event, []
        games = await self.games(event_id, event.current_round)
        waiting: list[EventGame] = []
        for game in games:
            if game.is_bye or game.done:
                continue
            if game.match_id is None:
                waiting.append(game)
                continue
            match = await self._matches.get(game.match_id)
            if match.status is MatchStatus.LOBBY:
                waiting.append(game)
        return event, waiting

    # Results.

    async def record(self, match: Match) -> Progress | None:
        """Count the result of a finished (or aborted) event match; None when it is no event game, or was
        already counted (a second "match finished" for the same match changes nothing)."""
        if match.status not in (MatchStatus.FINISHED, MatchStatus.ABORTED) or match.result is None:
            return None
        outcome = match.result
        now = self._clock()
        async with self._store.transaction():
            row = await self._rows.game_of_match(match.id)
            if row is None:
                return None
            event = await self._load(row.event_id)
            game = _game(row)
            result = result_from_outcome(event.format, game, outcome)
            if not await self._rows.set_result(event.id, game.round, game.board, result, replaced=False):
                return None
            if outcome.termination in (Termination.FORFEIT, Termination.ABORTED):
                late = [uid for seat, uid in enumerate(game.players) if seat not in outcome.winners]
                action = "forfeit" if outcome.termination is Termination.FORFEIT else "aborted"
                details = {"round": game.round, "board": game.board, "match": match.id, "players": late}
                await self._rows.log(event.id, None, action, details, now=now)
            closed = await self._close_if_complete(event, game.round, now)
            event = await self._load(event.id)
            counted = _game(
                next(r for r in await self._rows.load_games(event.id, round=game.round) if r.board == game.board)
            )
            return Progress(event, counted, closed)

    async def _close_if_complete(self, event: Event, round: int, now: datetime) -> int | None:
        """Close ``round`` when it is the current one and every result is in; the round number if this call did.

        The last round closing finishes the event.
        """
        if event.status is not EventStatus.RUNNING or round != event.current_round:
            return None
        games = await self._rows.load_games(event.id, round=round)
        if any(g.result is None for g in games):
            return None
        if not await self._rows.close_round(event.id, round, now=now):
            return None
        if round >= event.rounds:
            await self._rows.update_event(event.id, now=now, status=EventStatus.FINISHED.value)
            await self._rows.log(event.id, None, "finish", {"round": round}, now=now)
        return round

    async def reconcile(self, event_id: int) -> list[Progress]:
        """Count the results of current-round matches that ended without the bot hearing of it (a restart),
        and close the round if it is complete; what each counted result did, in order."""
        event = await self.get(event_id)
        done: list[Progress] = []
        if event.status is not EventStatus.RUNNING or not event.round_in_progress:
            return done
        for game in await self.games(event_id, event.current_round):
            if game.done or game.match_id is None:
                continue
            match = await self._matches.get(game.match_id)
            progress = await self.record(match)
            if progress is not None:
                done.append(progress)
        if not any(p.closed_round is not None for p in done):
            now = self._clock()
            async with self._store.transaction():
                event = await self._load(event_id)
                closed = await self._close_if_complete(event, event.current_round, now)
                if closed is not None:
                    done.append(Progress(await self._load(event_id), None, closed))
        return done

    async def replace_result(
        self,
        event_id: int,
        actor_id: int,
        round: int,
        user_id: int,
        *,
        outcome: str | None = None,
        places: str | None = None,
    ) -> Progress:
        """Set the result of ``user_id``'s game in ``round``, whatever the match says, and log it.

        Two-player games take ``outcome`` (:data:`OUTCOMES`, from ``user_id``'s side); tables take
        ``places`` in seat order (see :func:`parse_places`). The game's match, if still being played, is
        the caller's to stop.

        Raises:
            EventError: ``event_not_found``, ``event_not_running``, ``event_no_game``, ``event_bye_result``,
                ``event_bad_result`` or ``event_bad_places``.
        """
        now = self._clock()
        async with self._store.transaction():
            event = await self._load(event_id)
            if event.status not in (EventStatus.RUNNING, EventStatus.FINISHED):
                raise EventError("event_not_running")
            rows = await self._rows.load_games(event_id, round=round)
            row = next((r for r in rows if user_id in r.players), None)
            if row is None:
                raise EventError("event_no_game", round=round)
            game = _game(row)
            if game.is_bye:
                raise EventError("event_bye_result")
            if event.format.two_player:
                if outcome is None:
                    raise EventError("event_bad_result")
                result = result_for(game, user_id, outcome)
            else:
                if places is None:
                    raise EventError("event_bad_places", count=len(game.players))
                result = {"places": parse_places(places, len(game.players)), "scores": []}
            await self._rows.set_result(event_id, round, game.board, result, replaced=True)
            details = {
                "round": round,
                "board": game.board,
                "players": list(game.players),
                "match": game.match_id,
                "before": None if game.result is None else dict(game.result),
                "after": result,
            }
            await self._rows.log(event_id, actor_id, "replace", details, now=now)
            closed = await self._close_if_complete(event, round, now)
            counted = EventGame(
                game.round, game.board, game.players, game.match_id, game.thread_id, MappingProxyType(result), True
            )
            return Progress(await self._load(event_id), counted, closed, game.result)

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
            if event.format.two_player and event.current_round:
                for row in await self._rows.load_games(event_id, round=event.current_round):
                    if user_id in row.players and row.result is None and row.match_id is not None:
                        unfinished = row.match_id
            details = {"player": user_id, "after_round": event.current_round, "match": unfinished}
            await self._rows.log(event_id, actor_id, "withdraw", details, now=now)
            return Withdrawal(await self._load(event_id), during_signup=False, unfinished_match=unfinished)

    # Standings.

    async def standings(self, event_id: int) -> Standings:
        """The standings from every counted result so far (a round in progress counts its finished games).

        Raises:
            EventError: ``event_not_found``.
        """
        async with self._store.transaction(immediate=False):
            event = await self._load(event_id)
            games = [_game(row) for row in await self._rows.load_games(event_id)]
        return standings_of(event, games)


def standings_of(event: Event, games: Sequence[EventGame]) -> Standings:
    """The standings of ``event`` from its ``games`` (pure)."""
    withdrawn = event.withdrawn_ids
    if event.format is EventFormat.TABLES:
        tables = [item for g in games if isinstance(item := g.item(), TableGame)]
        rows = table_standings(event.player_ids, tables, withdrawn=withdrawn)
        return Standings(event, tuple(rows), ("game_score",))
    results = [item for g in games if isinstance(item := g.item(), Game | Bye)]
    tiebreaks = SWISS_TIEBREAKS if event.format is EventFormat.SWISS else ROUND_ROBIN_TIEBREAKS
    rows = swiss_standings(event.player_ids, results, tiebreaks=tiebreaks, withdrawn=withdrawn)
    return Standings(event, tuple(rows), tuple(tb.value for tb in tiebreaks))
