"""The match service: every change to a match goes through here. No Discord import.

Each operation loads the match, checks the seat and the version, applies the engine, appends to the
move log and saves the snapshot in one transaction. Chance steps (dice, draws) are drawn right after
the decision that leads to them (from the match's committed seed and its players' salts, see
:mod:`bot.app.fairness`; older matches from their seed) and logged like moves, so the log alone replays the
match. The bot layer turns the returned reports into messages.
"""

from __future__ import annotations

import enum
import hashlib
import json
import logging
import random
import secrets
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from bot.app import fairness, member_text
from bot.app.ai_seats import DEFAULT_TAKEOVER_LEVEL, LEVELS, is_ai, level_of, next_ai_id
from bot.app.deadlines import (
    VACATION_DAYS_PER_YEAR,
    QuietHours,
    QuietHoursError,
    TurnTimes,
    on_vacation,
    parse_quiet_hours,
    turn_times,
    vacation_days_used,
)
from bot.app.seats import Action, Refusal, ai_acts, seat_for
from bot.app.storage import (
    UNSET,
    ChannelBusyError,
    ConflictError,
    MatchRow,
    MoveRow,
    PostRow,
    SeatReplacement,
    Store,
)
from bot.app.tournaments.ratings import DEFAULT, Rating, outcome_ranks, rate
from games import UnknownGameError, find_game, sequence
from games.base import GameError, GameInfo, GameState, NotYourTurnError, Outcome, Seat, Termination

log = logging.getLogger(__name__)


class MatchStatus(enum.Enum):
    """Where a match is in its life."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


class LogKind(enum.Enum):
    """What a move-log entry records."""

    MOVE = "move"
    """A player's decision, in the game's notation."""
    CHANCE = "chance"
    """A chance outcome sampled by the service (seat is None)."""
    RESIGN = "resign"
    """A player resigned (notation ``resign``)."""
    ABORT = "abort"
    """The match was aborted (notation ``abort``; seat is None)."""
    DRAW = "draw"
    """Every player agreed to a draw (notation ``draw``; seat = the seat that made the offer)."""
    UNDO = "undo"
    """Entries from ply N on are taken back (notation ``undo:N``; seat = the seat that asked). They stay in
    the log; replay skips them."""
    AUTO = "auto"
    """A decision the bot made for a seat whose time ran out (seat = that seat), in the game's notation."""
    FORFEIT = "forfeit"
    """The seat's time ran out and the match ended as its forfeit (notation ``forfeit``)."""
    REPLACE = "replace"
    """A member took over the seat the AI played, with the other players' consent (notation ``replace``; seat
    = that seat; who took it and from whom: :attr:`Match.replacements`)."""


DECISIONS: frozenset[LogKind] = frozenset({LogKind.MOVE, LogKind.AUTO})
"""Log kinds that hold a player's decision in the game's notation."""
POSITION_KINDS: frozenset[LogKind] = frozenset({LogKind.MOVE, LogKind.AUTO, LogKind.CHANCE})
"""Log kinds that change the position."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the append-only move log."""

    ply: int
    """1-based position in the log; the match version after this entry."""
    kind: LogKind
    seat: Seat | None
    notation: str
    at: datetime
    interaction_id: int | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """A match as loaded from storage (an immutable snapshot)."""

    id: int
    game: GameInfo
    options: Mapping[str, str]
    seed: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: MatchStatus
    version: int
    """Number of log entries; every change increments it."""
    state: GameState
    seats: tuple[int, ...]
    """Discord user id of each seat, in seat order (lobby: in joining order)."""
    result: Outcome | None
    created_at: datetime
    updated_at: datetime
    lobby_message_id: int | None = None
    board_message_id: int | None = None
    status_message_id: int | None = None
    turn_limit: int | None = None
    """Seconds a seat has for its turn; None: no deadline."""
    on_timeout: str = "vote"
    """``vote`` (the other players decide), ``move`` (a move is played for the late seat) or ``forfeit``."""
    rated: bool = True
    fair: fairness.Fairness | None = None
    """The committed seed and the salts of a match with provably fair chance; None for older matches,
    which keep sampling from ``seed`` (:func:`sample_chance`)."""
    ai: Mapping[Seat, str] = field(default_factory=dict)
    """The seats the AI plays now, with its level: AI seats from the lobby and seats taken over."""
    takeovers: Mapping[Seat, tuple[int, str]] = field(default_factory=dict)
    """Seats a member played until they left: seat → (the first ply the AI played, ``resign``/``forfeit``)."""
    undos: tuple[tuple[int, str], ...] = ()
    """(ply, notation) of the log's undo entries when the match was loaded: where a provably fair draw sits
    in the effective log (:func:`bot.app.fairness.effective_step`)."""
    replacements: Mapping[Seat, tuple[SeatReplacement, ...]] = field(default_factory=dict)
    """Seats a member took over from the AI, by seat, in order (a seat may change hands more than once)."""

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat of ``user_id``, or None for someone not seated."""
        return self.seats.index(user_id) if user_id in self.seats else None

    @property
    def has_ai(self) -> bool:
        """True when the AI plays (or played) a seat of this match."""
        return bool(self.ai) or bool(self.replacements) or any(is_ai(uid) for uid in self.seats)

    def members_playing(self) -> tuple[Seat, ...]:
        """The seats members play now (not the AI): the players who must consent to a replacement."""
        return tuple(s for s, uid in enumerate(self.seats) if s not in self.ai and not is_ai(uid))

    def stints(self, seat: Seat) -> tuple[Stint, ...]:
        """Who played ``seat``, in order, each from the ply it began at (one stint for a seat that never
        changed hands)."""
        uid = self.seats[seat]
        if is_ai(uid):
            return (Stint(0, None, level_of(uid), "seated"),)
        replaced = self.replacements.get(seat, ())
        found = [Stint(0, replaced[0].previous_user_id if replaced else uid, None, "seated")]
        for r in replaced:
            found.append(Stint(r.ai_from_ply, None, r.ai_level, r.reason))
            found.append(Stint(r.ply + 1, r.user_id, None, "replace"))
        if seat in self.takeovers:
            ply, reason = self.takeovers[seat]
            found.append(Stint(ply, None, self.ai[seat], reason))
        return tuple(found)

    def played_by(self, user_id: int) -> bool:
        """True when ``user_id`` holds or held a seat of this match."""
        return user_id in self.seats or any(
            r.previous_user_id == user_id or r.user_id == user_id for rs in self.replacements.values() for r in rs
        )

    def ai_to_act(self) -> tuple[Seat, ...]:
        """The AI seats that must act now (empty unless the match is active)."""
        if self.status is not MatchStatus.ACTIVE:
            return ()
        return tuple(s for s in self.state.actors() if s in self.ai)

    def to_act(self) -> tuple[int, ...]:
        """User ids of the members who must act now (empty unless the match is active; seats the AI plays
        are left out: nobody is pinged for them)."""
        if self.status is not MatchStatus.ACTIVE:
            return ()
        return tuple(self.seats[s] for s in self.state.actors() if s not in self.ai)


@dataclass(frozen=True, slots=True)
class Stint:
    """A stretch of one seat's play: who played it from ``from_ply`` on (until the next stint begins)."""

    from_ply: int
    """The first ply of the stint (0: from the start)."""
    user_id: int | None
    """The member who played it; None for the AI."""
    level: str | None
    """The AI's level (None for a member)."""
    reason: str
    """``seated`` (from the start), ``resign``/``forfeit``/``left`` (the AI took over), ``replace`` (a member
    took over from the AI)."""


@dataclass(frozen=True, slots=True)
class TurnReport:
    """What a change did: the match after it and the log entries it appended, in order."""

    match: Match
    entries: tuple[LogEntry, ...] = ()
    replayed: bool = False
    """True when the same interaction had already been applied: nothing new was written."""
    previous_state: GameState | None = None
    """The state before the change (the bot uses it to format and highlight the last move)."""


@dataclass(frozen=True, slots=True)
class TurnClock:
    """The running clock of one seat's turn."""

    match_id: int
    seat: Seat
    user_id: int
    since: datetime
    """When the turn began (or was last extended)."""
    handled: tuple[str, ...]
    """Thresholds already handled: ``half``, ``soon``, ``expired``, ``decided``."""
    times: TurnTimes


@dataclass(frozen=True, slots=True)
class DueStep:
    """One thing the clock tick must do: a reminder (``half``, ``soon``) or a passed deadline (``expired``)."""

    match: Match
    clock: TurnClock
    threshold: str


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A pending request to take back ``seat``'s decision at ``target_ply``; it lapses when the match moves."""

    seat: Seat
    version: int
    target_ply: int
    notation: str
    accepted: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class ReplaceRequest:
    """A pending request of ``user_id`` (not seated) to take over the AI-held ``seat``; it holds until a player
    declines, every member playing has accepted, or the match ends. ``version``: the match version it was
    made at, which names it on the answer buttons."""

    seat: Seat
    user_id: int
    version: int
    accepted: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class DrawOffer:
    """A pending offer of a draw; it lapses as soon as the match version moves on."""

    seat: Seat
    version: int
    accepted: tuple[Seat, ...]


MAX_MOVE_TEXT = 250
"""Characters a typed move may have, several decisions of a turn included (each is at most the engines'
:data:`games.base.MAX_MOVE_TEXT`); a longer text is refused before any engine parses it."""
MAX_OPEN_LOBBIES = 10
"""Lobbies a member may sit in at once (created or joined); event games do not count against it."""


class MatchError(Exception):
    """A request the service refuses; ``key`` names the reason for the bot's catalogs.

    Keys: ``no_match`` (no such match, or none in this channel), ``channel_busy`` (the channel already
    has a lobby or an active match), ``not_in_lobby`` (join/leave/start after the start), ``not_active``
    (move/resign while not active), ``already_seated``, ``not_seated``, ``table_full``,
    ``not_enough_players`` (params ``min``), ``not_creator`` (start/abort by someone else),
    ``board_changed`` (stale version; params ``version``), ``unknown_option`` (params ``detail``),
    ``unknown_game`` (``create`` with a game id the registry does not know; params ``detail``). Who may act
    for a seat is refused by :func:`bot.app.seats.seat_for`'s keys: ``seat_left`` (the caller's seat passed to
    the AI or to another member; params ``id``), ``draw_ai`` and ``undo_ai`` (the AI plays a seat and accepts
    neither; params ``seat``, ``id``).
    """

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def require_seat(match: Match, user_id: int, action: Action) -> Seat:
    """The seat ``user_id`` acts for in ``action`` (:func:`bot.app.seats.seat_for`, the one rule for every path).

    Raises:
        MatchError: the refusal's key (``not_seated``, ``seat_left``, ``not_creator``, ``already_seated``,
        ``draw_ai``, ``undo_ai``), or ``not_seated`` for an action that needs a seat of one's own.
    """
    found = seat_for(match, user_id, action)
    if isinstance(found, Refusal):
        raise MatchError(found.key, **found.params)
    if found is None:
        raise MatchError("not_seated")
    return found


class BoardChangedError(MatchError):
    """The match moved on since the caller's version (a stale button or a lost race)."""

    def __init__(self, version: int) -> None:
        super().__init__("board_changed", version=version)


Clock = Callable[[], datetime]


def _random_seed() -> str:
    return secrets.token_hex(8)


@dataclass
class ServiceConfig:
    """Tunables of the service."""

    seed_factory: Callable[[], str] = field(default=_random_seed)
    """Makes the seed of a match created without one (tests and the benchmark fix it instead)."""
    fair: bool = True
    """New matches draw chance by :data:`bot.app.fairness.SCHEME`; False keeps the older sampling from ``seed``
    (only for tests scripted against that sampling)."""
    server_seed_factory: Callable[[], str] = field(default=fairness.new_server_seed)
    """Makes the secret server seed of a provably fair match (64 hex digits)."""
    salt_factory: Callable[[], str] = field(default=fairness.random_salt)
    """Draws the salt of a member who gives none (the lobby's button, or at the start: see
    :meth:`MatchService.start`); tests that replay fixed dice fix it too."""


STANDING_SALT = "salt"
"""The user preference holding a member's standing salt (``/plateau salt``)."""


def salt_kind_key(match_id: int) -> str:
    """The user preference noting how the member's salt for ``match_id`` came to be."""
    return f"salt_kind:{match_id}"


SERVICE_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({"autoplay": ("on", "off")})
"""Match options the service itself reads, stored with the game's options: ``autoplay`` (``on``: a decision
that is the only legal one is played for its seat at once, logged as that seat's move). A match without
the option (older ones, events) plays every decision by hand."""


def split_options(options: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The game's options and the service's (:data:`SERVICE_OPTIONS`) of a match.

    Raises:
        ValueError: a service option with an unknown value.
    """
    game = {k: v for k, v in options.items() if k not in SERVICE_OPTIONS}
    service = {k: v for k, v in options.items() if k in SERVICE_OPTIONS}
    for name, value in service.items():
        if value not in SERVICE_OPTIONS[name]:
            raise ValueError(f"{name} must be one of {', '.join(SERVICE_OPTIONS[name])}")
    return game, service


class ReplayError(ValueError):
    """The move log does not replay: an entry is unreadable or was made by the wrong seat."""


# Pure helpers: chance sampling, replay and the result's JSON form.


def sample_chance(outcomes: Sequence[tuple[Any, Fraction]], seed: str, ply: int) -> Any:
    """Pick one chance outcome for the entry that will have number ``ply`` in a match seeded ``seed``.

    The generator depends on (seed, ply) only, never on what happened in memory before, so a restart,
    a replay on another machine or a retried transaction samples the same outcome. The pick compares
    an exact binary fraction with the cumulative probabilities, so no rounding can shift a boundary.
    """
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    point = Fraction(random.Random(f"{seed}:{ply}").random())
    cumulative = Fraction(0)
    for move, probability in outcomes:
        cumulative += probability
        if point < cumulative:
            return move
    # Only reachable when an engine's probabilities sum to less than 1; the last outcome absorbs it.
    return outcomes[-1][0]


def replay(game: GameInfo, options: Mapping[str, str], players: int, entries: Iterable[LogEntry]) -> GameState:
    """Rebuild the state of a match from its move log.

    Starts from ``game.new(players, options)`` and parses each MOVE and CHANCE entry's notation in the
    position it was written in; RESIGN and ABORT entries change the match, not the position.

    Raises:
        ReplayError: naming the first entry that does not replay.
    """
    state = game.new(players, options)
    for entry in effective(entries):
        if entry.kind not in POSITION_KINDS:
            continue
        try:
            move = state.parse_move(entry.notation, entry.seat)
            mover = state.mover(move)
            if mover != entry.seat:
                raise ReplayError(f"ply {entry.ply}: {entry.notation!r} is made by seat {mover}, not {entry.seat}")
            state = state.apply(move)
        except GameError as exc:
            raise ReplayError(f"ply {entry.ply}: {entry.notation!r} does not replay: {exc.message}") from exc
    return state


def _reveals(game: GameInfo, before: GameState, entry: LogEntry, players: int, samples: int = 8) -> bool:
    """True when the decision ``entry`` showed another player something hidden from them before.

    The test: re-deal what each other player could not see before the move, play the same move, and
    compare what they see after. If their view after could differ, the move told them something.
    """
    after = before.apply(before.parse_move(entry.notation, entry.seat))
    for other in range(players):
        if other == entry.seat:
            continue
        expected = after.view_for(other)
        for k in range(samples):
            twin = game.resample_hidden(before, other, random.Random(k))
            try:
                seen = twin.apply(twin.parse_move(entry.notation, entry.seat)).view_for(other)
            except GameError:
                return True
            if seen != expected:
                return True
    return False


def snapshot_digest(game_id: str, options: Mapping[str, str], version: int, text: str) -> str:
    """The digest stored with a snapshot: it binds the state text to its game, options and version.

    A snapshot whose text was cut short, belongs to another rule set, or is an earlier position of the
    same match no longer matches its digest, and the state is rebuilt from the log.
    """
    payload = json.dumps([game_id, dict(sorted(options.items())), version, text], separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def _majority(votes: Mapping[int, str], voters: int) -> str | None:
    """The choice more than half of ``voters`` made, if any."""
    tally = {c: sum(1 for v in votes.values() if v == c) for c in set(votes.values())}
    return next((c for c, n in tally.items() if 2 * n > voters), None)


def rating_key(match: Match) -> str:
    """The rated game of a match: its id, with the rule set when the game has several (``ur:v2``)."""
    rules = match.options.get("rules")
    return match.game.id if rules is None else f"{match.game.id}:{rules}"


def effective(entries: Iterable[LogEntry]) -> list[LogEntry]:
    """The entries still in force: each UNDO entry removes the entries from its target ply on (and itself)."""
    kept: list[LogEntry] = []
    for entry in entries:
        if entry.kind is LogKind.UNDO:
            target = int(entry.notation.split(":", 1)[1])
            kept = [e for e in kept if e.ply < target]
        else:
            kept.append(entry)
    return kept


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """The JSON object stored for a result."""
    return {
        "termination": outcome.termination.value,
        "winners": list(outcome.winners),
        "ranking": list(outcome.ranking),
        "scores": list(outcome.scores),
    }


def outcome_from_json(data: Mapping[str, Any]) -> Outcome:
    """The result stored by :func:`outcome_to_json`."""
    return Outcome(
        Termination(data["termination"]),
        winners=tuple(int(s) for s in data.get("winners", ())),
        ranking=tuple(int(s) for s in data.get("ranking", ())),
        scores=tuple(int(s) for s in data.get("scores", ())),
    )


def _entry(row: MoveRow) -> LogEntry:
    return LogEntry(row.ply, LogKind(row.kind), row.seat, row.notation, row.created_at, row.interaction_id)


def _row(entry: LogEntry) -> MoveRow:
    return MoveRow(entry.ply, entry.kind.value, entry.seat, entry.notation, entry.at, entry.interaction_id)


class MatchService:
    """Create, join, leave, start, move, resign and abort matches; query them.

    ``store`` is an open :class:`bot.app.storage.Store`. ``clock`` returns the current UTC time (the bot
    passes ``discord.utils.utcnow`` so SimCord's virtual clock applies).

    Every operation runs in one store transaction: load, check, apply the engine, append to the log,
    save the snapshot. The store's transaction holds its connection lock from BEGIN to COMMIT, so two
    coroutines never interleave inside one load→apply→save sequence (for the same match or any other);
    a caller holding a stale version gets :class:`BoardChangedError`. Bad input raises before anything
    is written, and any error rolls the whole transaction back.
    """

    def __init__(self, store: Store, clock: Clock, config: ServiceConfig | None = None) -> None:
        self._store = store
        self._clock = clock
        self.config = config or ServiceConfig()
        self._games: dict[str, GameInfo] = {}

    # Lobby.

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
            MatchError: ``unknown_game``, ``unknown_option``, ``channel_busy`` or ``too_many_lobbies``.
        """
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
                    match_id, fairness.SCHEME, server_seed, fairness.commitment(server_seed), now=now
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
        """How each seat's salt came to be (:data:`bot.app.fairness.OWN`, ``STANDING`` or ``DRAWN``), for the seats
        whose salt has a known origin (older salts have none).

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
            try:
                match = await self.create(
                    old.game.id,
                    dict(old.options),
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
            match = await self._load(match_id)
            opening = match.game.new(len(match.seats), match.options)
            state, entries = await self._chance_steps(match, opening, match.version, now)
            state, forced = await self._autoplay(match, state, match.version + len(entries), now)
            entries += forced
            outcome = state.outcome()
            return await self._save(
                match,
                now=now,
                previous=opening,
                state=state,
                entries=entries,
                status=MatchStatus.ACTIVE if outcome is None else MatchStatus.FINISHED,
                result=outcome,
            )

    # Play.

    async def move(
        self,
        match_id: int,
        user_id: int,
        text: str,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
    ) -> TurnReport:
        """Play ``text`` for ``user_id``'s seat, then any chance steps that follow.

        ``text`` may also name a bigger decision the game offers now (``GameInfo.macros``, such as Ursuppe's
        ``drift all``): its single moves are applied one after the other, each logged as the seat's move.
        Several decisions of the same turn may be typed at once, separated by ``;`` (a whole Ultima-Tek turn,
        say): they are played in order, and one that fails refuses them all, so nothing is played.
        With the match option ``autoplay`` on, every decision left with a single legal move is then played
        for its seat too, in the same transaction.

        The log records the move in the engine's canonical notation, not the user's text. With
        ``interaction_id``, a second delivery of the same interaction returns the first one's report
        with ``replayed=True`` and writes nothing.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``, ``seat_left`` (the caller's seat passed to the
                AI or to another member), ``move_too_long`` (more than
                :data:`MAX_MOVE_TEXT` characters, refused before any parsing), ``sequence_turn_over`` (a
                sequence goes on after the seat's turn is over) or ``sequence_past_chance`` (it goes on after
                a roll or a draw).
            BoardChangedError: ``expected_version`` is stale, or another write won the race.
            NotYourTurnError: the caller's seat may not act now (key ``not_your_turn``).
            NotationError, IllegalMoveError: from the engine, unchanged.
        """
        if len(text) > MAX_MOVE_TEXT:
            raise MatchError("move_too_long", max=MAX_MOVE_TEXT)
        now = self._clock()
        async with self._store.transaction():
            found = await self._seated_or_replayed(match_id, user_id, interaction_id, Action.MOVE)
            if isinstance(found, TurnReport):
                return found
            match, seat = found
            if expected_version is not None and expected_version != match.version:
                raise BoardChangedError(match.version)
            before = match.state
            if seat not in before.actors() or seat in match.ai:
                raise NotYourTurnError("it is not your turn", key="not_your_turn")
            parts = sequence.split(text)
            state = before
            entries: list[LogEntry] = []
            for index, part in enumerate(parts):
                if index:
                    state, forced = await self._autoplay(match, state, match.version + len(entries), now)
                    entries += forced
                    if any(e.kind is LogKind.CHANCE for e in entries):
                        # What follows a roll or a draw is chosen once it is known. Checked first, and the same
                        # whatever was drawn (the transaction forgets it): a refusal must not tell the result.
                        raise MatchError("sequence_past_chance", move=parts[index - 1])
                    if state.outcome() is not None or seat not in state.actors():
                        raise MatchError("sequence_turn_over", done=index, move=part)
                try:
                    first = interaction_id if not entries else None
                    state, more = await self._typed(match, state, seat, part, match.version + len(entries), now, first)
                except GameError as exc:
                    if len(parts) > 1:
                        exc.step = (index + 1, len(parts), part)
                    raise
                entries += more
            return await self._conclude(match, before, state, entries, now)

    async def _typed(
        self,
        match: Match,
        state: GameState,
        seat: Seat,
        text: str,
        version: int,
        now: datetime,
        interaction_id: int | None,
    ) -> tuple[GameState, list[LogEntry]]:
        """Play one typed decision of ``seat`` (a move, or a macro the game offers) at ``version``."""
        macro = self._macro(match.game, state, seat, text)
        if macro is not None:
            return await self._run_macro(replace(match, version=version), state, seat, macro, now, interaction_id)
        decision = state.parse_move(text, seat)
        if state.mover(decision) != seat:
            raise NotYourTurnError("that move is not yours to make", key="not_your_turn")
        return await self._decide(match, state, seat, decision, version, now, interaction_id)

    async def ai_move(self, match_id: int, seat: Seat, text: str, *, expected_version: int) -> TurnReport:
        """Play ``text`` for the AI seat ``seat``, logged as that seat's move, then any chance steps.

        ``expected_version`` is the version the AI searched: if anything changed meanwhile (or the same
        move was already played, say by a run before a restart), nothing is written.

        Raises:
            MatchError: ``no_match``, ``not_active`` or ``not_ai`` (the AI does not play that seat).
            BoardChangedError: the match moved on since the AI looked.
            NotYourTurnError: the seat may not act now.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status is not MatchStatus.ACTIVE:
                raise MatchError("not_active")
            if not ai_acts(match, seat, Action.MOVE):
                raise MatchError("not_ai")
            if expected_version != match.version:
                raise BoardChangedError(match.version)
            before = match.state
            if seat not in before.actors():
                raise NotYourTurnError("it is not your turn", key="not_your_turn")
            decision = before.parse_move(text, seat)
            if before.mover(decision) != seat:
                raise NotYourTurnError("that move is not yours to make", key="not_your_turn")
            state, entries = await self._decide(match, before, seat, decision, match.version, now)
            return await self._conclude(match, before, state, entries, now)

    async def _conclude(
        self, match: Match, before: GameState, state: GameState, entries: list[LogEntry], now: datetime
    ) -> TurnReport:
        """Play the forced decisions that follow a decision, then save the whole change with its outcome."""
        state, forced = await self._autoplay(match, state, match.version + len(entries), now)
        outcome = state.outcome()
        return await self._save(
            match,
            now=now,
            previous=before,
            state=state,
            entries=[*entries, *forced],
            status=MatchStatus.ACTIVE if outcome is None else MatchStatus.FINISHED,
            result=outcome,
        )

    async def _take_over(self, match: Match, seat: Seat, entry: LogEntry, now: datetime) -> TurnReport | None:
        """In a game of three or more, the AI takes over ``seat`` and the match goes on; None when the match
        must end instead (two players, or no member would be left playing)."""
        if len(match.seats) <= 2:
            return None
        members_left = [s for s, uid in enumerate(match.seats) if s != seat and s not in match.ai and not is_ai(uid)]
        if not members_left:
            return None
        await self._store.put_ai_seat(match.id, seat, DEFAULT_TAKEOVER_LEVEL, entry.ply + 1, entry.notation)
        report = await self._record(match, entry, now)
        return replace(report, match=await self._load(match.id))

    async def resign(
        self,
        match_id: int,
        user_id: int,
        *,
        interaction_id: int | None = None,
        expected_version: int | None = None,
    ) -> TurnReport:
        """Resign: in a two-player game the opponent wins.

        With three or more players the AI takes the seat over and the others play on (:meth:`_take_over`);
        the match ends, every other seat a winner, only when no member would be left playing. Only the member
        who plays the seat resigns it (:func:`bot.app.seats.seat_for`). ``expected_version`` is the version the
        confirmation was asked at: a confirmation from an older board is refused.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated`` or ``seat_left``.
            BoardChangedError: ``expected_version`` is stale.
        """
        now = self._clock()
        async with self._store.transaction():
            found = await self._seated_or_replayed(match_id, user_id, interaction_id, Action.RESIGN)
            if isinstance(found, TurnReport):
                return found
            match, seat = found
            if expected_version is not None and expected_version != match.version:
                raise BoardChangedError(match.version)
            return await self._resign(match, seat, now, interaction_id)

    async def _resign(self, match: Match, seat: Seat, now: datetime, interaction_id: int | None = None) -> TurnReport:
        """``seat`` resigns (inside the caller's transaction): with three or more the AI takes the seat over and
        the match goes on, otherwise it ends and every other seat wins."""
        others = tuple(s for s in range(len(match.seats)) if s != seat)
        entry = LogEntry(match.version + 1, LogKind.RESIGN, seat, "resign", now, interaction_id)
        if (taken := await self._take_over(match, seat, entry, now)) is not None:
            return taken
        return await self._record(
            match, entry, now, status=MatchStatus.FINISHED, result=Outcome(Termination.RESIGNATION, winners=others)
        )

    async def offer_draw(self, match_id: int, user_id: int) -> tuple[Match, DrawOffer]:
        """Offer a draw to the other players; it holds until a move is played or someone declines.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``, ``seat_left``, ``draw_ai`` (the AI plays a
            seat: it accepts no draw, so the offer could never be agreed; params ``seat``, ``id``), or
            ``draw_pending`` when an offer at this version is already open.
        """
        now = self._clock()
        async with self._store.transaction():
            match, seat = await self._load_seated(match_id, user_id, Action.DRAW_OFFER)
            pending = await self._current_offer(match)
            if pending is not None:
                raise MatchError("draw_pending")
            offer = DrawOffer(seat, match.version, (seat,))
            await self._store.put_draw_offer(match.id, seat, match.version, offer.accepted, now=now)
            return match, offer

    async def answer_draw(
        self, match_id: int, user_id: int, *, accept: bool, version: int
    ) -> tuple[Match, DrawOffer | None, TurnReport | None]:
        """Accept or decline the draw offered at ``version``.

        Returns the match, the offer as it stands (None once declined or agreed) and, when every
        player has accepted, the report of the finished match (a DRAW log entry, result DRAW_AGREED).

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``, ``seat_left``, ``draw_ai``, ``no_draw_offer``
            (none open, or the match moved on since), ``own_draw_offer`` (the offering player answering).
        """
        now = self._clock()
        async with self._store.transaction():
            match, seat = await self._load_seated(match_id, user_id, Action.DRAW_ANSWER)
            offer = await self._current_offer(match)
            if offer is None or offer.version != version:
                raise MatchError("no_draw_offer")
            if seat == offer.seat:
                raise MatchError("own_draw_offer")
            if not accept:
                await self._store.delete_draw_offer(match.id)
                return match, None, None
            accepted = tuple(sorted({*offer.accepted, seat}))
            if len(accepted) < len(match.seats):
                offer = DrawOffer(offer.seat, offer.version, accepted)
                await self._store.put_draw_offer(match.id, offer.seat, offer.version, accepted, now=now)
                return match, offer, None
            await self._store.delete_draw_offer(match.id)
            entry = LogEntry(match.version + 1, LogKind.DRAW, offer.seat, "draw", now)
            report = await self._record(
                match, entry, now, status=MatchStatus.FINISHED, result=Outcome(Termination.DRAW_AGREED)
            )
            return report.match, None, report

    async def _current_offer(self, match: Match) -> DrawOffer | None:
        """The open draw offer of ``match``; an offer made at an older version is dropped."""
        found = await self._store.get_draw_offer(match.id)
        if found is None:
            return None
        seat, version, accepted = found
        if version != match.version:
            await self._store.delete_draw_offer(match.id)
            return None
        return DrawOffer(seat, version, tuple(accepted))

    async def _load_lobby(self, match_id: int) -> Match:
        """A match that is still in its lobby (inside the caller's transaction)."""
        match = await self._load(match_id)
        if match.status is not MatchStatus.LOBBY:
            raise MatchError("not_in_lobby")
        return match

    async def _seated_or_replayed(
        self, match_id: int, user_id: int, interaction_id: int | None, action: Action
    ) -> tuple[Match, Seat] | TurnReport:
        """The active match and the seat the caller acts for in ``action``, or the report of this interaction
        when it was applied already.

        The match and the seat are checked before the interaction id is looked up, and only an interaction
        of this match by this player on their seat counts: nobody learns about another match through an id.
        A member whose resignation handed the seat to the AI still gets the replay of that resignation.
        """
        match = await self._load(match_id)
        held = match.seat_of(user_id)
        if held is not None and interaction_id is not None:
            done = await self._replayed(interaction_id, match.id)
            if done is not None and all(e.seat in (None, held) for e in done.entries):
                return done
        seat = require_seat(match, user_id, action)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        return match, seat

    async def _load_seated(self, match_id: int, user_id: int, action: Action) -> tuple[Match, Seat]:
        """An active match and the seat the caller acts for in ``action`` (inside the caller's transaction)."""
        match = await self._load(match_id)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        return match, require_seat(match, user_id, action)

    async def abort(
        self, match_id: int, user_id: int, *, moderator: bool = False, organiser: bool = False
    ) -> TurnReport:
        """Stop the match without a result (its creator, or a moderator; an event's match: an organiser).

        Allowed in the lobby and while active; writes an ABORT log entry and the result
        ``Outcome(Termination.ABORTED)``. An event's match is stopped only by an ``organiser`` (its
        creator is merely the pairing's first player). In a rated match, once a player has made a
        decision, the creator cannot void the result alone: their abort counts as their resignation, exactly
        as :meth:`resign` (two players: a FINISHED match with result RESIGNATION; three or more: a RESIGN
        entry, the AI takes the creator's seat and the match goes on). Who may abort as the creator is
        :func:`bot.app.seats.seat_for`'s to say: a creator whose seat the AI or another member plays now cannot.

        Raises:
            MatchError: ``no_match``, ``not_active`` (already finished or aborted), ``not_creator``,
                ``seat_left`` (the creator no longer holds a seat) or ``event_abort`` (an event's match, and
                the caller is no organiser).
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status not in (MatchStatus.LOBBY, MatchStatus.ACTIVE):
                raise MatchError("not_active")
            if await self._store.in_event(match.id):
                if not organiser:
                    raise MatchError("event_abort")
                return await self._abort(match, now)
            if moderator or organiser:
                return await self._abort(match, now)
            # Only a creator who still plays their seat: one who left (the AI or a member plays it now) has no
            # say over the match the others play on.
            seat = require_seat(match, user_id, Action.ABORT)
            if match.rated and match.status is MatchStatus.ACTIVE and await self._decided(match):
                return await self._resign(match, seat, now)
            return await self._abort(match, now)

    async def _decided(self, match: Match) -> bool:
        """True once a player made a decision in ``match`` (a move that stands, by hand or by the clock)."""
        entries = effective([_entry(r) for r in await self._store.load_moves(match.id)])
        return any(e.kind in DECISIONS for e in entries)

    # Queries.

    async def get(self, match_id: int) -> Match:
        """Load one match (any status).

        The snapshot is checked to parse; when it is missing, unreadable or behind the log, the state
        is rebuilt from the log and the snapshot rewritten.

        Raises:
            MatchError: ``no_match``.
        """
        async with self._store.transaction(immediate=False):
            return await self._load(match_id, repair=True)

    async def current(self, channel_id: int) -> Match | None:
        """The lobby or active match of a channel or thread, if any."""
        async with self._store.transaction(immediate=False):
            row = await self._store.find_current(channel_id)
            return None if row is None else await self._from_row(row, repair=True)

    async def last_in_channel(self, channel_id: int) -> Match | None:
        """The most recent match of a channel, finished ones included."""
        async with self._store.transaction(immediate=False):
            row = await self._store.find_last(channel_id)
            return None if row is None else await self._from_row(row, repair=True)

    async def matches_of_user(
        self, user_id: int, *, statuses: Collection[MatchStatus] | None = None, limit: int = 50
    ) -> list[Match]:
        """The matches where ``user_id`` has a seat, on every server, newest first."""
        wanted = None if statuses is None else [s.value for s in statuses]
        async with self._store.transaction(immediate=False):
            rows = await self._store.matches_of_user(user_id, statuses=wanted, limit=limit)
            return [await self._from_row(row, repair=True) for row in rows]

    async def history(self, match_id: int) -> Sequence[LogEntry]:
        """The whole move log of a match, in order.

        Raises:
            MatchError: ``no_match``.
        """
        async with self._store.transaction(immediate=False):
            if await self._store.load_match_row(match_id) is None:
                raise MatchError("no_match")
            return tuple(_entry(row) for row in await self._store.load_moves(match_id))

    async def set_message(
        self, match_id: int, *, lobby: int | None = None, board: int | None = None, status: int | None = None
    ) -> None:
        """Remember the lobby or latest board message of a match (None leaves that one unchanged).

        Raises:
            MatchError: ``no_match``.
        """
        found = await self._store.update_match(
            match_id,
            now=self._clock(),
            lobby_message_id=UNSET if lobby is None else lobby,
            board_message_id=UNSET if board is None else board,
            status_message_id=UNSET if status is None else status,
        )
        if not found:
            raise MatchError("no_match")

    async def mark_announced(self, match_id: int, version: int) -> None:
        """Record that the board of ``version`` was posted (see :meth:`unannounced`)."""
        await self._store.mark_announced(match_id, version)

    async def unannounced(self, limit: int = 20, *, settled_for: timedelta | None = None) -> list[TurnReport]:
        """Changes committed but never announced (the bot stopped between the commit and the post).

        One report per active or finished match whose version is ahead of the last board posted: its
        entries are those since then, and its previous state the position the players last saw (None when
        an undo is among the entries: the position jumped back, so only the new board is shown).
        ``settled_for`` leaves out matches changed more recently than that (their board may be on its way).
        """
        reports: list[TurnReport] = []
        before = None if settled_for is None else self._clock() - settled_for
        async with self._store.transaction(immediate=False):
            for row in await self._store.unannounced(limit, before=before):
                match = await self._from_row(row, repair=False)
                entries = [_entry(r) for r in await self._store.load_moves(row.id)]
                shown = [e for e in entries if e.ply <= row.announced_version]
                pending = tuple(e for e in entries if e.ply > row.announced_version)
                previous: GameState | None = None
                if not any(e.kind is LogKind.UNDO for e in pending):
                    try:
                        previous = replay(match.game, match.options, len(match.seats), shown)
                    except ReplayError:
                        log.warning("match %s: the announced position does not replay", row.id)
                reports.append(TurnReport(match=match, entries=pending, previous_state=previous))
        return reports

    async def posts(self, match_id: int) -> dict[tuple[str, int], PostRow]:
        """The messages the bot keeps for a match (turn post, DMs, question), by ``(kind, subject)``."""
        async with self._store.transaction(immediate=False):
            return {(p.kind, p.subject): p for p in await self._store.load_posts(match_id)}

    async def set_post(self, match_id: int, post: PostRow) -> None:
        """Remember one message of a match (replacing the one of the same kind and subject)."""
        async with self._store.transaction():
            await self._store.put_post(match_id, post, now=self._clock())

    async def drop_post(self, match_id: int, kind: str, subject: int) -> None:
        """Forget one message of a match."""
        async with self._store.transaction():
            await self._store.delete_post(match_id, kind, subject)

    async def user_pref(self, user_id: int, key: str) -> str | None:
        """A stored per-user preference (e.g. ``dm_closed``)."""
        return await self._store.get_pref(user_id, key)

    async def set_user_pref(self, user_id: int, key: str, value: str | None) -> None:
        """Store (or with None, delete) a per-user preference."""
        await self._store.set_pref(user_id, key, value, now=self._clock())

    # Internals. Every one of them runs inside the caller's transaction.

    # Deadlines.

    async def clocks(self, match_id: int) -> dict[Seat, TurnClock]:
        """The running turn clocks of a match, by seat, with their reminder times and deadline."""
        async with self._store.transaction(immediate=False):
            match = await self._load(match_id)
            return await self._clocks_of(match)

    async def _clocks_of(self, match: Match) -> dict[Seat, TurnClock]:
        if match.turn_limit is None or match.status is not MatchStatus.ACTIVE:
            return {}
        found = await self._store.load_clocks(match.id)
        result: dict[Seat, TurnClock] = {}
        for seat, (since, handled) in found.items():
            if seat >= len(match.seats):
                continue
            pauses = await self.vacations(match.seats[seat])
            times = turn_times(since, match.turn_limit, pauses)
            result[seat] = TurnClock(match.id, seat, match.seats[seat], since, tuple(handled), times)
        return result

    async def due(self, now: datetime) -> list[DueStep]:
        """What the clock tick must do now: reminders to send and deadlines that passed, oldest first.

        A reminder is due once its time has come, the player is not on vacation and not in their quiet
        hours (then it waits for their end); a reminder whose turn has already expired is dropped in
        favour of the deadline step. A reminder is claimed with :meth:`claim` before it is sent (at most
        once); a deadline step (``expired``) is marked only once carried out, and a vote decided but not yet
        carried out comes back as a ``decided`` step until :meth:`carry_out` has done it.
        """
        steps: list[DueStep] = []
        async with self._store.transaction(immediate=False):
            rows = await self._store.running_clocks()
            # Vacations and quiet hours only delay a step, so a turn not yet at half time has nothing due:
            # most ticks end here without loading a single match.
            waking = {
                match_id
                for match_id, _seat, since, handled, limit in rows
                if ("expired" not in handled or "decided" in handled) and now >= since + timedelta(seconds=limit) / 2
            }
            for match_id in sorted(waking):
                match = await self._load(match_id)
                for clock in (await self._clocks_of(match)).values():
                    if clock.seat in match.ai:
                        continue  # the AI acts at once; its seat has no reminders nor deadline
                    if "decided" in clock.handled:
                        # The players decided, but the decision was not carried out (a failure, a restart).
                        steps.append(DueStep(match, clock, "decided"))
                        continue
                    pauses = await self.vacations(clock.user_id)
                    if clock.times.deadline <= now:
                        if "expired" not in clock.handled:
                            steps.append(DueStep(match, clock, "expired"))
                        continue
                    if on_vacation(now, pauses):
                        continue
                    quiet = await self.quiet_hours(clock.user_id)
                    if quiet is not None and quiet.contains(now):
                        continue
                    for threshold, at in (("half", clock.times.half), ("soon", clock.times.soon)):
                        if at <= now and threshold not in clock.handled:
                            steps.append(DueStep(match, clock, threshold))
                            break
        return sorted(steps, key=lambda step: (step.clock.since, step.match.id, step.clock.seat))

    async def claim(self, step: DueStep) -> bool:
        """Mark ``step`` as handled; False when another tick (or a move) got there first: then do nothing."""
        async with self._store.transaction():
            if step.threshold == "soon":
                # A late reminder makes the half-time one pointless.
                await self._store.mark_clock(step.match.id, step.clock.seat, step.clock.since, "half", claim=True)
            # On PostgreSQL a clock row another process is claiming right now is skipped (SKIP LOCKED): that
            # process sends the reminder, so two shard processes never send the same one.
            return await self._store.mark_clock(
                step.match.id, step.clock.seat, step.clock.since, step.threshold, claim=True
            )

    async def extend_turn(self, match_id: int, seat: Seat, since: datetime | None = None) -> Match:
        """Give a late seat a fresh turn (its clock starts again, reminders included).

        With ``since``, only the turn that began then is extended: a second call for the same late turn
        (a retry) changes nothing.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status is not MatchStatus.ACTIVE:
                raise MatchError("not_active")
            clocks = await self._store.load_clocks(match.id)
            if since is None or (seat in clocks and clocks[seat][0] == since):
                await self._store.restart_clock(match.id, seat, now=now)
            return match

    async def decision(self, match_id: int, seat: Seat, since: datetime) -> str | None:
        """The choice a majority of the other players made on late ``seat``'s turn begun at ``since``."""
        async with self._store.transaction(immediate=False):
            match = await self._load(match_id)
            votes = await self._store.load_votes(match.id, seat, since)
        return _majority(votes, len(match.seats) - 1)

    async def carry_out(self, match_id: int, seat: Seat, since: datetime, decided: str) -> TurnReport | None:
        """Carry out a decided vote (``wait``, ``move`` or ``forfeit``) on the late turn begun at ``since``.

        Keyed by the turn: once done (by this call, an earlier one, or the player acting first) the turn is
        over and a repeat changes nothing. Returns the report of a move or forfeit made now, else None.
        """
        try:
            if decided == "wait":
                await self.extend_turn(match_id, seat, since)
                return None
            if decided == "move":
                return await self.play_for(match_id, seat, since)
            return await self.forfeit(match_id, seat, since)
        except MatchError as exc:
            if exc.key in ("vote_closed", "not_active"):
                return None
            raise

    async def mark_step(self, step: DueStep) -> bool:
        """Record a deadline step as carried out (see :meth:`due`); False when it was already."""
        async with self._store.transaction():
            return await self._store.mark_clock(step.match.id, step.clock.seat, step.clock.since, step.threshold)

    async def vote_timeout(
        self, match_id: int, user_id: int, seat: Seat, since: datetime, choice: str
    ) -> tuple[Match, str | None, dict[Seat, str]]:
        """A vote of another player on late ``seat``'s turn that began at ``since``.

        Returns the match, the decision once a majority of the other players agree on one choice
        (``wait``, ``move`` or ``forfeit``) and the votes so far.

        Raises:
            MatchError: ``not_active``, ``not_seated``, ``seat_left``, ``own_timeout`` (the late player voting) or
            ``vote_closed`` (the turn is over: the player acted, or the vote was decided).
        """
        now = self._clock()
        async with self._store.transaction():
            match, voter = await self._load_seated(match_id, user_id, Action.VOTE)
            if voter == seat:
                raise MatchError("own_timeout")
            clocks = await self._store.load_clocks(match.id)
            if seat not in clocks or clocks[seat][0] != since or "decided" in clocks[seat][1]:
                raise MatchError("vote_closed")
            await self._store.put_vote(match.id, seat, since, voter, choice, now=now)
            votes = await self._store.load_votes(match.id, seat, since)
            # Only members vote: the AI seats have no say.
            voters = sum(1 for s, uid in enumerate(match.seats) if s != seat and s not in match.ai and not is_ai(uid))
            decided = _majority(votes, voters)
            if decided is not None:
                await self._store.mark_clock(match.id, seat, since, "decided")
            return match, decided, votes

    async def play_for(self, match_id: int, seat: Seat, since: datetime | None = None) -> TurnReport:
        """Make a decision for a seat whose time ran out, and log it as AUTO.

        The game's own way to skip comes first (a legal move written ``pass``, ``done`` or ``end``);
        otherwise one legal move is drawn with the match's seeded generator.

        Raises:
            MatchError: ``not_active``, or ``vote_closed`` when the seat is no longer late (it acted).
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status is not MatchStatus.ACTIVE:
                raise MatchError("not_active")
            clocks = await self._store.load_clocks(match.id)
            if seat not in match.state.actors() or (since is not None and clocks.get(seat, (None,))[0] != since):
                raise MatchError("vote_closed")
            before = match.state
            moves = before.legal_moves(seat)
            notations = [before.format_move(m) for m in moves]
            skip = [m for m, n in zip(moves, notations, strict=True) if n.split()[-1] in ("pass", "done", "end")]
            if skip:
                decision = skip[0]
            else:
                decision = sample_chance(
                    [(m, Fraction(1, len(moves))) for m in moves], match.seed + ":auto", match.version + 1
                )
            entry = LogEntry(match.version + 1, LogKind.AUTO, seat, before.format_move(decision), now)
            state, chance = await self._chance_steps(match, before.apply(decision), entry.ply, now)
            return await self._conclude(match, before, state, [entry, *chance], now)

    async def forfeit(self, match_id: int, seat: Seat, since: datetime | None = None) -> TurnReport:
        """End the match as ``seat``'s forfeit (its time ran out); every other seat wins.

        Raises:
            MatchError: ``not_active``, or ``vote_closed`` when the seat is no longer late.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status is not MatchStatus.ACTIVE:
                raise MatchError("not_active")
            clocks = await self._store.load_clocks(match.id)
            if seat not in match.state.actors() or (since is not None and clocks.get(seat, (None,))[0] != since):
                raise MatchError("vote_closed")
            others = tuple(s for s in range(len(match.seats)) if s != seat)
            entry = LogEntry(match.version + 1, LogKind.FORFEIT, seat, "forfeit", now)
            if (taken := await self._take_over(match, seat, entry, now)) is not None:
                return taken
            return await self._record(
                match, entry, now, status=MatchStatus.FINISHED, result=Outcome(Termination.FORFEIT, winners=others)
            )

    # AI players.

    async def waiting_for_ai(self) -> list[Match]:
        """Active matches in which an AI seat must act now (after a restart, or missed by an event)."""
        async with self._store.transaction(immediate=False):
            ids = await self._store.matches_waiting_for_ai()
            found = [await self._load(i) for i in ids]
        return [m for m in found if m.ai_to_act()]

    async def counts_for_rating(self, match: Match) -> bool:
        """True when the match's result will change ratings: a rated match, and for a match with AI seats
        only on a server that opted in (``ai_rated``)."""
        if not match.rated:
            return False
        async with self._store.transaction(immediate=False):
            return await self._rates_ai(match)

    async def guild_setting(self, guild_id: int, key: str) -> str | None:
        """A server's setting (such as ``ai_rated``), None when unset."""
        async with self._store.transaction(immediate=False):
            return await self._store.get_guild_setting(guild_id, key)

    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        """Store a server's setting."""
        async with self._store.transaction():
            await self._store.set_guild_setting(guild_id, key, value, now=self._clock())

    # Vacations, quiet hours and pings.

    async def vacations(self, user_id: int) -> list[tuple[datetime, datetime]]:
        """A user's declared vacations as (start, end) instants."""
        return [(a, b) for _, a, b in await self._store.load_vacations(user_id)]

    async def declare_vacation(self, user_id: int, starts_at: datetime, days: int) -> tuple[datetime, datetime]:
        """Declare ``days`` of vacation from ``starts_at`` (not in the past); deadlines pause meanwhile.

        Raises:
            MatchError: ``vacation_past``, ``vacation_overlap`` or ``vacation_allowance`` (more than
            :data:`VACATION_DAYS_PER_YEAR` days in a calendar year).
        """
        now = self._clock()
        if days < 1 or starts_at < now - timedelta(minutes=5):
            raise MatchError("vacation_past")
        ends_at = starts_at + timedelta(days=days)
        async with self._store.transaction():
            taken = await self.vacations(user_id)
            if any(a < ends_at and starts_at < b for a, b in taken):
                raise MatchError("vacation_overlap")
            for year in range(starts_at.year, ends_at.year + 1):
                used = vacation_days_used([*taken, (starts_at, ends_at)], year)
                if used > VACATION_DAYS_PER_YEAR + 1e-9:
                    left = max(0.0, VACATION_DAYS_PER_YEAR - vacation_days_used(taken, year))
                    raise MatchError("vacation_allowance", allowed=VACATION_DAYS_PER_YEAR, left=int(left), year=year)
            await self._store.add_vacation(user_id, starts_at, ends_at, now=now)
        return starts_at, ends_at

    async def cancel_vacation(self, user_id: int) -> bool:
        """End the user's current vacation now, or drop the next one; False when there is none."""
        now = self._clock()
        async with self._store.transaction():
            for vacation_id, _start, end in await self._store.load_vacations(user_id):
                if end > now:
                    await self._store.end_vacation(vacation_id, now)
                    return True
        return False

    async def quiet_hours(self, user_id: int) -> QuietHours | None:
        """The user's quiet hours, if set."""
        text = await self._store.get_pref(user_id, "quiet_hours")
        if not text:
            return None
        try:
            return parse_quiet_hours(text)
        except QuietHoursError:
            return None

    async def set_quiet_hours(self, user_id: int, quiet: QuietHours | None) -> None:
        """Set (or with None clear) the user's quiet hours."""
        await self.set_user_pref(user_id, "quiet_hours", None if quiet is None else quiet.to_text())

    async def pings(self, match_id: int) -> dict[int, str]:
        """How each player of a match wants to be pinged, when not the default ``all``."""
        return await self._store.get_pings(match_id)

    async def set_pings(self, match_id: int, user_id: int, mode: str) -> None:
        """Set how ``user_id`` is pinged in the match: ``all``, ``turn`` or ``off``.

        Raises:
            MatchError: ``no_match`` or ``not_seated``.
        """
        async with self._store.transaction():
            match = await self._load(match_id)
            if user_id not in match.seats:
                raise MatchError("not_seated")
            await self._store.set_pings(match_id, user_id, mode)

    async def open_matches(self, *, channel_id: int | None = None, guild_id: int | None = None) -> list[Match]:
        """The lobbies and active matches of a channel, or of a whole server."""
        async with self._store.transaction(immediate=False):
            rows = await self._store.matches_in(channel_id=channel_id, guild_id=guild_id)
            return [await self._from_row(row, repair=False) for row in rows]

    # Undo.

    async def request_undo(self, match_id: int, user_id: int) -> tuple[Match, UndoRequest]:
        """Ask the other players to take back the caller's last decision.

        Only a decision that is the last entry of the log can be taken back (no dice roll or draw after
        it), and only when it revealed nothing hidden to any other player.

        Raises:
            MatchError: ``not_active``, ``not_seated``, ``seat_left``, ``undo_ai`` (the AI plays a seat: it accepts
            no undo; params ``seat``, ``id``), ``undo_pending``, ``undo_nothing`` (the last
            decision is not the caller's), ``undo_chance`` (a roll or draw followed it) or ``undo_hidden``.
        """
        now = self._clock()
        async with self._store.transaction():
            match, seat = await self._load_seated(match_id, user_id, Action.UNDO_REQUEST)
            pending = await self._current_undo(match)
            if pending is not None:
                raise MatchError("undo_pending")
            entries = effective([_entry(r) for r in await self._store.load_moves(match.id)])
            decisions = [e for e in entries if e.kind in DECISIONS]
            if not decisions or decisions[-1].seat != seat or decisions[-1].kind is not LogKind.MOVE:
                raise MatchError("undo_nothing")
            target = decisions[-1]
            if entries[-1] is not target:
                raise MatchError("undo_chance")
            before = replay(match.game, match.options, len(match.seats), [e for e in entries if e.ply < target.ply])
            if match.game.has_hidden_info and _reveals(match.game, before, target, len(match.seats)):
                raise MatchError("undo_hidden")
            request = UndoRequest(seat, match.version, target.ply, target.notation, (seat,))
            await self._store.put_undo_request(match.id, seat, match.version, target.ply, (seat,), now=now)
            return match, request

    async def answer_undo(
        self, match_id: int, user_id: int, *, accept: bool, version: int
    ) -> tuple[Match, UndoRequest | None, TurnReport | None]:
        """Accept or refuse the undo requested at ``version``; when all others accept, it is done.

        Raises:
            MatchError: ``not_active``, ``not_seated``, ``seat_left``, ``undo_ai``, ``no_undo`` or ``own_undo``.
        """
        now = self._clock()
        async with self._store.transaction():
            match, seat = await self._load_seated(match_id, user_id, Action.UNDO_ANSWER)
            request = await self._current_undo(match)
            if request is None or request.version != version:
                raise MatchError("no_undo")
            if seat == request.seat:
                raise MatchError("own_undo")
            if not accept:
                await self._store.delete_undo_request(match.id)
                return match, None, None
            accepted = tuple(sorted({*request.accepted, seat}))
            if len(accepted) < len(match.seats):
                request = replace(request, accepted=accepted)
                await self._store.put_undo_request(
                    match.id, request.seat, request.version, request.target_ply, accepted, now=now
                )
                return match, request, None
            await self._store.delete_undo_request(match.id)
            entry = LogEntry(match.version + 1, LogKind.UNDO, request.seat, f"undo:{request.target_ply}", now)
            entries = [_entry(r) for r in await self._store.load_moves(match.id)]
            state = replay(match.game, match.options, len(match.seats), [*entries, entry])
            report = await self._save(
                match,
                now=now,
                previous=match.state,
                state=state,
                entries=[entry],
                status=MatchStatus.ACTIVE,
                result=None,
            )
            return report.match, None, report

    async def _current_undo(self, match: Match) -> UndoRequest | None:
        found = await self._store.get_undo_request(match.id)
        if found is None:
            return None
        seat, version, target, accepted = found
        if version != match.version:
            await self._store.delete_undo_request(match.id)
            return None
        rows = await self._store.load_moves(match.id, after=target - 1)
        notation = rows[0].notation if rows else ""
        return UndoRequest(seat, version, target, notation, tuple(accepted))

    # Replacing a player the AI took over.

    async def request_replace(
        self, match_id: int, user_id: int, seat: Seat | None = None
    ) -> tuple[Match, ReplaceRequest]:
        """Ask the members playing ``match_id`` to let ``user_id`` (not seated) take over a seat the AI plays
        since its member resigned, forfeited or left (``seat``; None: the only such seat).

        Only in a match of three or more seats (a two-player match ends when a player leaves), never in an
        event's match (its pairing names its players), and never for an AI seated from the lobby. A decline
        bars the candidate from that seat for the rest of the match (not a cooldown: the players said no to
        that member for that seat, and a repeat would only ping them all again); another seat, or another
        candidate, may still be asked for.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``replace_event``, ``replace_two_players``,
            ``already_seated`` (the caller holds or held a seat of the match), ``replace_no_seat`` (no seat the
            AI took over, or ``seat`` is not one), ``replace_which`` (several: params ``seats``, 1-based),
            ``replace_barred`` (a request of the caller for that seat was declined; params ``seat``, ``id``) or
            ``replace_pending``.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status is not MatchStatus.ACTIVE:
                raise MatchError("not_active")
            if len(match.seats) <= 2:
                raise MatchError("replace_two_players")
            if await self._store.in_event(match.id):
                raise MatchError("replace_event")
            refused = seat_for(match, user_id, Action.REPLACE_REQUEST)
            if isinstance(refused, Refusal):
                raise MatchError(refused.key, **refused.params)
            free = sorted(match.takeovers)
            if seat is None and len(free) > 1:
                raise MatchError("replace_which", seats=", ".join(str(s + 1) for s in free))
            if seat is None:
                seat = free[0] if free else None
            if seat is None or seat not in match.takeovers:
                raise MatchError("replace_no_seat")
            if await self._store.replace_declined(match.id, seat, user_id):
                # Declined once for this seat: asking again (and pinging every player again) is refused.
                raise MatchError("replace_barred", seat=seat + 1, id=match.id)
            if await self._current_replace(match) is not None:
                raise MatchError("replace_pending")
            request = ReplaceRequest(seat, user_id, match.version, ())
            await self._store.put_replace_request(match.id, seat, user_id, match.version, (), now=now)
            return match, request

    async def replaceable(self, match: Match) -> tuple[Seat, ...]:
        """The seats of ``match`` a member who is not seated may ask to take over (see :meth:`request_replace`)."""
        if match.status is not MatchStatus.ACTIVE or len(match.seats) <= 2 or not match.takeovers:
            return ()
        async with self._store.transaction(immediate=False):
            if await self._store.in_event(match.id):
                return ()
        return tuple(sorted(match.takeovers))

    async def pending_replace(self, match_id: int) -> ReplaceRequest | None:
        """The replacement request pending in a match, if any."""
        async with self._store.transaction():
            return await self._current_replace(await self._load(match_id))

    async def answer_replace(
        self, match_id: int, user_id: int, *, accept: bool, version: int
    ) -> tuple[Match, ReplaceRequest | None, TurnReport | None]:
        """A member playing the match accepts or declines the replacement requested at ``version``.

        One decline cancels it. Once every member playing has accepted, the seat passes to the candidate at
        the current ply, in this transaction: a ``replace`` log entry, the seat row, the replacement record;
        the AI stops playing the seat (an AI move computed before is refused: the version moved on, and the
        seat is no longer the AI's). Returns the match, the request as it stands (None once declined or
        done) and, when done, the report of the change.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``no_replace_request`` (none pending, or another one
            than ``version``), ``own_replace`` (the candidate answering), ``not_seated`` (someone who never
            played the match) or ``seat_left`` (a member whose seat the AI or another member plays now).
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status is not MatchStatus.ACTIVE:
                raise MatchError("not_active")
            request = await self._current_replace(match)
            if request is None or request.version != version:
                raise MatchError("no_replace_request")
            if user_id == request.user_id:
                raise MatchError("own_replace")
            seat = require_seat(match, user_id, Action.REPLACE_ANSWER)
            voters = match.members_playing()
            if not accept:
                await self._store.delete_replace_request(match.id)
                # The candidate may not ask for this seat again in this match.
                await self._store.add_replace_decline(
                    match.id, request.seat, request.user_id, user_id, request.version, now=now
                )
                return match, None, None
            accepted = tuple(sorted({*request.accepted, seat}))
            if not set(voters) <= set(accepted):
                request = replace(request, accepted=accepted)
                await self._store.put_replace_request(
                    match.id, request.seat, request.user_id, request.version, accepted, now=now
                )
                return match, request, None
            await self._store.delete_replace_request(match.id)
            return await self._hand_over(match, request, now)

    async def _hand_over(self, match: Match, request: ReplaceRequest, now: datetime) -> tuple[Match, None, TurnReport]:
        """Give ``request.seat`` to its candidate at the current ply (inside the caller's transaction)."""
        seat = request.seat
        ai_from, reason = match.takeovers[seat]
        entry = LogEntry(match.version + 1, LogKind.REPLACE, seat, "replace", now)
        record = SeatReplacement(seat, entry.ply, request.user_id, match.seats[seat], match.ai[seat], ai_from, reason)
        try:
            await self._store.replace_seat(match.id, record, now=now)
        except ConflictError as exc:
            raise MatchError("already_seated") from exc
        report = await self._record(match, entry, now)
        if seat in match.state.actors():
            # The new member's turn starts now, not when the AI's began.
            await self._store.restart_clock(match.id, seat, now=now)
        after = await self._load(match.id)
        return after, None, replace(report, match=after)

    async def _current_replace(self, match: Match) -> ReplaceRequest | None:
        """The pending replacement request; one whose match ended, or whose seat the AI no longer plays, lapses."""
        found = await self._store.get_replace_request(match.id)
        if found is None:
            return None
        seat, user_id, version, accepted = found
        if match.status is not MatchStatus.ACTIVE or seat not in match.takeovers:
            await self._store.delete_replace_request(match.id)
            return None
        return ReplaceRequest(seat, user_id, version, tuple(accepted))

    def _game(self, game_id: str) -> GameInfo:
        game = self._games.get(game_id)
        if game is None:
            game = self._games[game_id] = find_game(game_id)
        return game

    async def _load(self, match_id: int, *, repair: bool = False) -> Match:
        row = await self._store.load_match_row(match_id)
        if row is None:
            raise MatchError("no_match")
        return await self._from_row(row, repair=repair)

    async def _from_row(self, row: MatchRow, *, repair: bool) -> Match:
        """Build a Match from its row: the snapshot when it is usable, otherwise a replay of the log."""
        game = self._game(row.game)
        status = MatchStatus(row.status)
        parts = await self._store.load_match_parts(row.id)
        seats, ai_rows, fair = tuple(parts.seats), parts.ai, parts.fairness
        options = MappingProxyType(dict(row.options))
        state: GameState | None = None
        trusted = row.state is not None and row.state_digest == snapshot_digest(
            row.game, row.options, row.version, row.state
        )
        if row.state is not None and row.version == row.log_version and trusted:
            try:
                state = game.from_text(row.state)
            except (GameError, ValueError) as exc:
                log.warning("match %s: unreadable snapshot (%s); rebuilding it from the log", row.id, exc)
        elif row.state is not None and row.version == row.log_version:
            if row.state_digest is not None:
                log.warning("match %s: the snapshot does not match its digest; rebuilding it from the log", row.id)
        elif row.state is not None:
            log.warning(
                "match %s: snapshot at version %s but the log has %s entries; rebuilding it from the log",
                row.id,
                row.version,
                row.log_version,
            )
        if state is None:
            if status is MatchStatus.LOBBY or (row.state is None and row.log_version == 0):
                # Never started: the "state" is the opening position for the table as it is now.
                players = min(max(len(seats), game.min_players), game.max_players)
                state = game.new(players, options)
            else:
                entries = [_entry(r) for r in await self._store.load_moves(row.id)]
                state = replay(game, options, len(seats), entries)
                if repair:
                    text = state.to_text()
                    await self._store.update_match(
                        row.id,
                        now=row.updated_at,
                        state=text,
                        version=row.log_version,
                        state_digest=snapshot_digest(row.game, row.options, row.log_version, text),
                    )
        ai = {s: level_of(uid) for s, uid in enumerate(seats) if is_ai(uid)}
        ai.update({s: level for s, (level, _, _) in ai_rows.items()})
        takeovers = {s: (ply, reason) for s, (_, ply, reason) in ai_rows.items() if reason != "seated"}
        replaced: dict[Seat, tuple[SeatReplacement, ...]] = {}
        for r in sorted(parts.replacements, key=lambda r: (r.seat, r.ply)):
            replaced[r.seat] = (*replaced.get(r.seat, ()), r)
        return Match(
            id=row.id,
            game=game,
            options=options,
            seed=row.seed,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            creator_id=row.creator_id,
            status=status,
            version=row.log_version,
            state=state,
            seats=seats,
            result=None if row.result is None else outcome_from_json(row.result),
            created_at=row.created_at,
            updated_at=row.updated_at,
            lobby_message_id=row.lobby_message_id,
            board_message_id=row.board_message_id,
            status_message_id=row.status_message_id,
            turn_limit=row.turn_limit,
            on_timeout=row.on_timeout,
            rated=row.rated,
            fair=None if fair is None else fairness.Fairness(fair[0], fair[1], fair[2], MappingProxyType(fair[3])),
            ai=MappingProxyType(ai),
            takeovers=MappingProxyType(takeovers),
            undos=tuple(parts.undos),
            replacements=MappingProxyType(replaced),
        )

    async def _chance_steps(
        self, match: Match, state: GameState, version: int, now: datetime
    ) -> tuple[GameState, list[LogEntry]]:
        """Sample and apply chance outcomes until a decision (or the end); ``version`` = plies so far.

        A provably fair match draws each step from its committed seed and salts at the entry's position in
        the effective log (:func:`bot.app.fairness.effective_step`); an older match samples from its seed.
        """
        entries: list[LogEntry] = []
        undos = list(match.undos)
        while state.is_chance() and state.outcome() is None:
            if len(entries) >= match.game.max_plies:
                raise RuntimeError(f"{match.game.id}: more than {match.game.max_plies} chance steps in a row")
            ply = version + len(entries) + 1
            if match.fair is None:
                outcome = sample_chance(state.chance_outcomes(), match.seed, ply)
            else:
                outcome = fairness.draw(
                    state.chance_outcomes(),
                    match.fair.server_seed,
                    match.fair.salts_in_seat_order(match.seats),
                    match.id,
                    fairness.effective_step(ply, undos),
                )
            entries.append(LogEntry(ply, LogKind.CHANCE, None, state.format_move(outcome), now))
            state = state.apply(outcome)
        return state, entries

    async def _decide(
        self,
        match: Match,
        state: GameState,
        seat: Seat,
        decision: Any,
        version: int,
        now: datetime,
        interaction_id: int | None = None,
    ) -> tuple[GameState, list[LogEntry]]:
        """Apply ``seat``'s decision at ``version`` (plies so far) and the chance steps after it."""
        entry = LogEntry(version + 1, LogKind.MOVE, seat, state.format_move(decision), now, interaction_id)
        after, chance = await self._chance_steps(match, state.apply(decision), entry.ply, now)
        return after, [entry, *chance]

    async def _autoplay(
        self, match: Match, state: GameState, version: int, now: datetime
    ) -> tuple[GameState, list[LogEntry]]:
        """With the match option ``autoplay`` on: play every decision that is the only legal one, for its seat
        (logged as that seat's move), until a real choice or the end; ``version`` = plies so far."""
        entries: list[LogEntry] = []
        if match.options.get("autoplay") != "on":
            return state, entries
        while state.outcome() is None and len(state.actors()) == 1:
            (seat,) = state.actors()
            move = sequence.forced(match.game, state, seat)
            if move is None:
                break
            if len(entries) >= match.game.max_plies:
                raise RuntimeError(f"{match.game.id}: more than {match.game.max_plies} forced decisions in a row")
            state, more = await self._decide(match, state, seat, move, version + len(entries), now)
            entries += more
        return state, entries

    @staticmethod
    def _macro(game: GameInfo, state: GameState, seat: Seat, text: str) -> str | None:
        """The name of the bigger decision ``text`` asks for, when the game offers it to ``seat`` now."""
        if game.macros is None:
            return None
        wanted = " ".join(text.lower().split())
        return next((name for name in game.macros(state, seat) if name == wanted), None)

    async def _run_macro(
        self,
        match: Match,
        state: GameState,
        seat: Seat,
        name: str,
        now: datetime,
        interaction_id: int | None,
    ) -> tuple[GameState, list[LogEntry]]:
        """Play the single moves of the macro ``name`` one after the other, each logged as ``seat``'s move;
        the seat's own forced decisions in between are played too when ``autoplay`` is on."""
        assert match.game.macro_step is not None
        entries: list[LogEntry] = []
        while state.outcome() is None:
            step = match.game.macro_step(state, seat, name)
            if step is None and match.options.get("autoplay") == "on":
                forced = sequence.forced(match.game, state, seat)
                if forced is not None and match.game.macro_step(state.apply(forced), seat, name) is not None:
                    step = forced
            if step is None:
                break
            if len(entries) >= match.game.max_plies:
                raise RuntimeError(f"{match.game.id}: macro {name!r} does not end")
            first = interaction_id if not entries else None
            state, more = await self._decide(match, state, seat, step, match.version + len(entries), now, first)
            entries += more
        return state, entries

    async def _record(
        self,
        match: Match,
        entry: LogEntry,
        now: datetime,
        *,
        status: MatchStatus = MatchStatus.ACTIVE,
        result: Outcome | None = None,
    ) -> TurnReport:
        """Save a change that logs ``entry`` without moving the position (a resignation, a seat changing
        hands, an agreed draw...)."""
        return await self._save(
            match, now=now, previous=match.state, state=match.state, entries=[entry], status=status, result=result
        )

    async def _save(
        self,
        match: Match,
        *,
        now: datetime,
        previous: GameState,
        state: GameState,
        entries: Sequence[LogEntry],
        status: MatchStatus,
        result: Outcome | None,
    ) -> TurnReport:
        """Append ``entries`` and save the match row; the caller's transaction makes it one change."""
        version = match.version + len(entries)
        try:
            await self._store.append_moves(match.id, [_row(e) for e in entries])
        except ConflictError as exc:
            # The (match_id, ply) key refused the append: someone else wrote these plies first.
            row = await self._store.load_match_row(match.id)
            raise BoardChangedError(row.log_version if row else version) from exc
        # A match that never started keeps no snapshot (an aborted lobby).
        started = match.status is not MatchStatus.LOBBY or status in (MatchStatus.ACTIVE, MatchStatus.FINISHED)
        text = state.to_text()
        await self._store.update_match(
            match.id,
            now=now,
            status=UNSET if status is match.status else status.value,
            version=version,
            state=text if started else UNSET,
            state_digest=snapshot_digest(match.game.id, match.options, version, text) if started else UNSET,
            result=UNSET if result is None else outcome_to_json(result),
        )
        if status is MatchStatus.FINISHED and result is not None and match.rated and await self._rates_ai(match):
            await self._rate(match, result, now)
        if status is not MatchStatus.ACTIVE and match.status is MatchStatus.ACTIVE:
            await self._store.delete_replace_request(match.id)  # a request lapses when the match ends
        # The seats that must act now keep (or start) their turn clocks; the others' clocks stop.
        acting = state.actors() if status is MatchStatus.ACTIVE else ()
        await self._store.set_clocks(match.id, acting, now=now)
        after = replace(match, status=status, version=version, state=state, result=result, updated_at=now)
        return TurnReport(match=after, entries=tuple(entries), previous_state=previous)

    async def _rates_ai(self, match: Match) -> bool:
        """True unless the match has AI seats and its server has not opted in to rating such matches."""
        if not match.has_ai:
            return True
        return match.guild_id is not None and await self._store.get_guild_setting(match.guild_id, "ai_rated") == "1"

    async def _rate(self, match: Match, result: Outcome, now: datetime) -> None:
        """Update the players' ratings with a finished match's result, inside the caller's transaction.

        Aborted matches and results without a ranking (a forfeit with no winner) change nothing. Only the
        members who played their seat to the end are rated (never an AI, nor a seat the AI took over, nor a seat
        a member took over from the AI: neither of its members played the whole match).
        """
        ranks = outcome_ranks(result, len(match.seats))
        if ranks is None or len(set(match.seats)) != len(match.seats):
            return
        rated = [
            s
            for s, uid in enumerate(match.seats)
            if not is_ai(uid) and s not in match.ai and s not in match.replacements
        ]
        if len(rated) < 2:
            return
        uids = [match.seats[s] for s in rated]
        guild, game = match.guild_id or 0, rating_key(match)
        known = await self._store.load_ratings(guild, game, uids)
        before = {s: Rating(*known[match.seats[s]]) if match.seats[s] in known else DEFAULT for s in rated}
        after = dict(zip(rated, rate([before[s] for s in rated], [ranks[s] for s in rated]), strict=True))
        for seat, uid in ((s, match.seats[s]) for s in rated):
            word = "draw" if not result.winners else "win" if seat in result.winners else "loss"
            await self._store.record_rating(
                match.id,
                guild,
                game,
                uid,
                ranks[seat],
                (before[seat].mu, before[seat].sigma),
                (after[seat].mu, after[seat].sigma),
                word,
                now=now,
            )

    async def leaderboard(self, guild_id: int, game: str) -> list[tuple[int, int, Rating, int, int, int, int]]:
        """A server's ratings in one game, best first: (place, user, rating, played, wins, draws, losses).

        Equal displayed ratings share a place.
        """
        async with self._store.transaction(immediate=False):
            rows = await self._store.rating_table(guild_id, game)
        table = sorted(rows, key=lambda r: (-Rating(r[1], r[2]).ordinal, -r[3], r[0]))
        result: list[tuple[int, int, Rating, int, int, int, int]] = []
        for index, (uid, mu, sigma, played, wins, draws, losses) in enumerate(table):
            rating = Rating(mu, sigma)
            place = result[-1][0] if result and result[-1][2].display == rating.display else index + 1
            result.append((place, uid, rating, played, wins, draws, losses))
        return result

    async def profile(self, guild_id: int, user_id: int) -> list[tuple[str, Rating, int, int, int, int]]:
        """A player's rating and record per game on a server: (game, rating, played, wins, draws, losses)."""
        async with self._store.transaction(immediate=False):
            rows = await self._store.ratings_of(guild_id, user_id)
        return [(g, Rating(mu, sigma), p, w, d, lo) for g, mu, sigma, p, w, d, lo in rows]

    async def rating_change(self, match_id: int, user_id: int) -> tuple[Rating, Rating] | None:
        """The rating before and after a rated match, for one player (None: not rated)."""
        async with self._store.transaction(immediate=False):
            found = await self._store.rating_change(match_id, user_id)
        return None if found is None else (Rating(found[0], found[1]), Rating(found[2], found[3]))

    async def _abort(self, match: Match, now: datetime) -> TurnReport:
        entry = LogEntry(match.version + 1, LogKind.ABORT, None, "abort", now)
        return await self._record(match, entry, now, status=MatchStatus.ABORTED, result=Outcome(Termination.ABORTED))

    async def _replayed(self, interaction_id: int, match_id: int) -> TurnReport | None:
        """The report of an interaction already applied to ``match_id``, or None if it is new there."""
        found = await self._store.load_interaction(interaction_id)
        if found is None or found[0] != match_id:
            return None
        rows = found[1]
        match = await self._load(match_id)
        entries = tuple(_entry(r) for r in rows)
        earlier = [_entry(r) for r in await self._store.load_moves(match_id) if r.ply < entries[0].ply]
        previous = replay(match.game, match.options, len(match.seats), earlier)
        return TurnReport(match=match, entries=entries, replayed=True, previous_state=previous)
