"""Records and errors of the match service: matches, log entries, reports, pending requests, clocks."""

from __future__ import annotations

import enum
import json
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import Any, Protocol

from bot.app import fairness
from bot.app.clocks.deadlines import (
    TurnTimes,
)
from bot.app.clocks.game_clock import CLOCK_CHOICES, INCREMENT_CHOICES
from bot.app.seats.ai import is_ai, level_of
from bot.app.storage import (
    SeatReplacement,
    Store,
)
from games.base import GameInfo, GameState, Outcome, Seat

__all__ = [
    "DECISIONS",
    "MAX_MOVE_TEXT",
    "MAX_OPEN_LOBBIES",
    "POSITION_KINDS",
    "SERVICE_OPTIONS",
    "STANDING_SALT",
    "BoardChangedError",
    "Clock",
    "DrawOffer",
    "DueStep",
    "LogEntry",
    "LogKind",
    "Match",
    "MatchError",
    "MatchStatus",
    "PaceOffer",
    "Proposal",
    "RematchOffer",
    "ReplaceRequest",
    "ReplayError",
    "ServiceConfig",
    "StandIn",
    "Stint",
    "TurnClock",
    "TurnCount",
    "TurnReport",
    "UndoRequest",
    "salt_kind_key",
    "split_options",
]

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
    PACE = "pace"
    """The match's turn limit changed (notation ``pace:<seconds>``, or ``pace:none`` for no deadline; seat = the
    seat that asked and the others accepted, None when an event's organiser switched it): see
    :mod:`bot.app.matches.paces`."""


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
    after: GameState | None = field(default=None, compare=False, repr=False)
    """The position this entry led to, when the service has just made it (never stored): the save counts the
    turn from it without parsing the entry again."""
    stand_in: str | None = None
    """Who chose this move for its seat's member when the member was not asked (a :class:`StandIn`'s ``name``:
    ``plan``, ``order``, ``autopilot``), stored in ``played_for``; None when the seat's player (or the AI playing
    the seat) chose it, and for a forced decision. ``MatchService.history`` fills it in from
    ``Store.load_played_for``, so every text told from the log can say who chose the move."""


@dataclass(frozen=True, slots=True)
class TurnCount:
    """Where the turn count stands: the turn being played (0 before any seat acts) and the seats playing it."""

    number: int
    acting: frozenset[Seat]


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
    turns: TurnCount | None = None
    """The turn being played, kept with the match (migration 0014) and advanced by each save; None until the
    match has started, or for a match not saved since that migration (its next save counts it from the log)."""
    judge_version: str | None = None
    """The version of the game's judge when the match finished (:func:`games.ai.odds.version`, migration 0029):
    a review by another judge is marked as judged afresh. None while it is played, or for a match that
    finished before the judges were versioned."""
    unsaved: tuple[LogEntry, ...] = ()
    """The entries of the change being made that are not in the store yet (plies ``version + 1`` on): set only in
    the match a :class:`StandIn` is asked with, so that the stored log and these lead to the state it is given."""

    @property
    def turn(self) -> int | None:
        """The number of the turn being played (1 from the start), as kept with the match; None when not kept."""
        return None if self.turns is None else max(self.turns.number, 1)

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

    def ai_takes_over(self, seat: Seat) -> bool:
        """True when ``seat`` leaving (resignation, forfeit) hands it to the AI and the match goes on: a game of
        three or more in which a member other than ``seat`` still plays; otherwise the match ends."""
        return len(self.seats) > 2 and any(s != seat for s in self.members_playing())

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

    def won_off_the_board(self) -> Outcome | None:
        """The result when the match ended with a winner the position does not show (a resignation, a forfeit
        on time): boards drawn of the end name that winner instead of a player to move. None otherwise."""
        result = self.result
        if result is None or not result.winners or self.state.outcome() is not None:
            return None
        return result


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
    turn: int | None = None
    """The number of the turn being played after the change, as :func:`bot.app.telling.turns.turn_of` counts it (1
    from the start; the last turn once the match is over), known to the save without replaying the log
    (:attr:`Match.turn`); None for a lobby closed, or a match not saved since migration 0014 (a replayed
    interaction or an unannounced change reports the count kept with the match)."""
    secret: bool = False
    """True when a decision of the change is written differently in public (a hidden set-up): its text is
    shown to its player only."""


@dataclass(frozen=True, slots=True)
class TurnClock:
    """The running clock of one seat's turn."""

    match_id: int
    seat: Seat
    user_id: int
    since: datetime
    """When the turn began (or was last extended)."""
    handled: tuple[str, ...]
    """Thresholds already handled: ``half``, ``soon``, ``expired``, ``decided``; ``low`` once the seat had the
    low-time warning of its game clock (once per match)."""
    times: TurnTimes
    """The turn's reminders and end (with a game clock: the flag fall when it comes before the turn limit)."""
    left: timedelta | None = None
    """The seat's game clock when the turn began (None: the match has none, see :mod:`bot.app.clocks.game_clock`)."""

    @property
    def flag(self) -> datetime | None:
        """When the seat's game clock runs out if it does not act (None without a game clock)."""
        return None if self.left is None else self.since + self.left


@dataclass(frozen=True, slots=True)
class DueStep:
    """One thing the clock tick must do: a reminder (``half``, ``soon``, the game clock's ``low``) or a passed
    deadline (``expired``, a flag fall included)."""

    match: Match
    clock: TurnClock
    threshold: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Proposal:
    """A pending proposal the other players must accept (a draw, an undo, a replacement, a rematch, a pace
    switch), as the consent machine (:mod:`.consent`) runs it; each kind adds its own fields.

    Every field is keyword-only: the kinds add theirs after these, and a proposal built by position could take
    one integer for another."""

    seat: Seat
    """The seat it is about: the proposing seat (for a replacement, the AI-held seat asked for)."""
    version: int
    """The match version it was made at, which names it on the answer buttons."""
    accepted: tuple[Seat, ...]
    """The seats that accepted so far."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UndoRequest(Proposal):
    """A pending request to take back ``seat``'s decision at ``target_ply``; it lapses when the match moves."""

    target_ply: int
    """The ply of the decision taken back (and of everything after it)."""
    notation: str
    """That decision, in the game's notation."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplaceRequest(Proposal):
    """A pending request of ``user_id`` (not seated) to take over the AI-held ``seat``; it holds until a player
    declines, every member playing has accepted, or the match ends. ``accepted``: the members' seats."""

    user_id: int
    """The member asking to take the seat over."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RematchOffer(Proposal):
    """A pending proposal, by ``seat`` of a finished match, to play it again; it holds until a member playing
    declines or every one has accepted (the new match starts then). ``version``: the finished match's."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PaceOffer(Proposal):
    """A pending proposal, by ``seat``, to give the match's turns ``limit`` seconds (None: no deadline); it holds
    while play goes on, until a member playing declines, every one has accepted, or the match ends."""

    limit: int | None
    """The seconds a turn would be given (None: no deadline)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawOffer(Proposal):
    """A pending offer of a draw; it lapses as soon as the match version moves on."""


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
    for a seat is refused by :func:`bot.app.seats.acting.seat_for`'s keys: ``seat_left`` (the caller's seat passed to
    the AI or to another member; params ``id``), ``draw_ai`` and ``undo_ai`` (the AI plays a seat and accepts
    neither; params ``seat``, ``id``).
    """

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class BoardChangedError(MatchError):
    """The match moved on since the caller's version (a stale button or a lost race)."""

    def __init__(self, version: int) -> None:
        super().__init__("board_changed", version=version)


Clock = Callable[[], datetime]


@dataclass(frozen=True, slots=True)
class Stopped:
    """What a stand-in answers instead of a move when it would have played but one of its stops fired: the member
    is asked after all, and told why in their own messages only (``why``: a short code, such as ``order.danger``,
    ``autopilot.apart``, ``plan.unforeseen``; ``words``: its facts, such as the points apart or the roll)."""

    why: str
    words: Mapping[str, str] = field(default_factory=dict)

    def to_text(self) -> str:
        """The stored form (``asked_why``)."""
        return json.dumps({"why": self.why, "words": dict(self.words)}, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str) -> Stopped | None:
        """The stored form read back; None when it cannot be read."""
        try:
            data = json.loads(text)
            return cls(str(data["why"]), {str(k): str(v) for k, v in dict(data.get("words", {})).items()})
        except (ValueError, KeyError, TypeError, AttributeError):
            return None


class StandIn(Protocol):
    """Plays a decision for a member who was not asked: the member's plan, a standing order, "ask me only when
    it matters" (issue 36). The service asks each of :attr:`ServiceConfig.stand_ins` in turn, inside the
    transaction of the change that made the member's seat the one to act, and plays the first move offered (logged
    as the seat's move, with the stand-in's ``name`` in ``played_for``); then the next seat to act is asked the
    same, until someone must be asked or the match is over."""

    name: str
    """What ``played_for`` records and the texts name: ``plan``, ``order``, ``autopilot``."""

    async def choose(self, store: Store, match: Match, state: GameState, seat: Seat, user_id: int) -> Any | None:
        """The engine move to play for ``user_id`` at ``seat`` in ``state`` (one of ``state.legal_moves()``), or
        None to leave the choice to the next stand-in (and, failing all, to the member), or :class:`Stopped` when
        it would have played but a stop fired (the next stand-in is asked too; the first stop is what the member
        is told when none plays). ``match`` is the match
        as the change loaded it (its ``version`` and ``state`` are from before the change), with the change's
        entries so far in ``match.unsaved``; ``store`` is inside the change's transaction."""
        ...


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
    nonce_factory: Callable[[], str] = field(default=fairness.new_nonce)
    """Draws the nonce of each seal of a chosen secret (32 hex digits, :data:`bot.app.fairness.SEAL_SCHEME`);
    tests fix it to compare the public texts of two matches."""
    stand_ins: tuple[StandIn, ...] = ()
    """Who may play a decision for a member who was not asked, tried in this order whenever a member's seat is
    to act (the bot passes :data:`bot.app.standins.STAND_INS`; empty: every member is asked)."""


STANDING_SALT = "salt"
"""The user preference holding a member's standing salt (``/plateau salt``)."""


def salt_kind_key(match_id: int) -> str:
    """The user preference noting how the member's salt for ``match_id`` came to be."""
    return f"salt_kind:{match_id}"


SERVICE_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "autoplay": ("on", "off"),
        "clock": tuple(CLOCK_CHOICES),
        "increment": tuple(INCREMENT_CHOICES),
        "autopilot": ("on", "off"),
        "timeoff": ("on", "off"),
    }
)
"""Match options the service itself reads, stored with the game's options: ``autoplay`` (``on``: a decision
that is the only legal one is played for its seat at once, logged as that seat's move). A match without
the option (older ones, events) plays every decision by hand. ``clock`` and ``increment``: each player's game
clock for the match and the seconds added after each turn (:mod:`bot.app.clocks.game_clock`). ``autopilot``
(``off``: an event's organiser switched "ask only when it matters" off for the event's games,
:mod:`bot.app.standins.autopilot`; no option: each member's setting applies). ``timeoff``
(``off``: an event's organisers forbade time off, so no vacation nor weekend pause stops its deadlines, see
:mod:`bot.app.matches.time_off`)."""


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
