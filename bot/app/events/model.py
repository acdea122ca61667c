"""What an event is: its records, statuses, limits and errors (immutable snapshots; no I/O)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, Final

from bot.app.matches import MatchError
from bot.app.tournaments.standings import Bye, Game, Missed, Result, StandingRow, TableGame, TieBreak
from games.base import GameInfo

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
    """How the rounds of an event are made: the value stored with it; what each format does is its module's
    (:mod:`bot.app.events.formats`, found by this value)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    TABLES = "tables"
    """Seated rounds of multiplayer tables, balanced by rating."""


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
    ``event_format_unsuitable`` (params ``game``), ``event_bad_rounds`` (params ``max``); check-in and late
    entry (:mod:`bot.app.events.entry`): ``event_checkin_open``, ``event_checkin_not_open``,
    ``event_already_checked_in``, ``event_not_enough_checked_in`` (params ``min``, ``count``),
    ``event_late_round_robin``, ``event_already_player``; for physical boards (:mod:`bot.app.events.reports`)
    ``event_not_your_game``, ``event_not_physical``, ``event_result_in``, ``event_no_report``,
    ``event_own_report``, ``event_report_disputed``.
    """


@dataclass(frozen=True, slots=True)
class EventPlayer:
    """A player of an event; ``withdrawn_after`` is the last round they were paired in, once they withdrew.

    A late entrant (:mod:`bot.app.events.entry`) has ``entry_round`` above 1: the rounds before it count
    ``missed_share`` of a win each (0 or ½) and are never paired.
    """

    user_id: int
    seed: int
    withdrawn_after: int | None = None
    checked_in: bool = False
    """True once the player tapped "I'm here" during check-in."""
    entry_round: int = 1
    missed_half: bool = False

    @property
    def missed_rounds(self) -> range:
        """The rounds the player missed by entering late (empty for everyone who was there at the start)."""
        return range(1, self.entry_round)

    @property
    def missed_share(self) -> Fraction:
        """What each missed round counts, as a share of a win: 0 or ½."""
        return Fraction(1, 2) if self.missed_half else Fraction(0)

    @property
    def withdrawn(self) -> bool:
        """True once the player has withdrawn."""
        return self.withdrawn_after is not None

    def plays_in(self, round: int) -> bool:
        """True when the player is to be paired or seated in ``round``."""
        return self.entry_round <= round and (self.withdrawn_after is None or round <= self.withdrawn_after)


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
    physical: bool = False
    """Played on one of the club's physical boards: no online match, the players report the result."""
    report: Mapping[str, Any] | None = None
    """A physical game's reported result waiting for confirmation (see :mod:`bot.app.events.reports`)."""

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
            unplayed = bool(result.get("unplayed"))
            return Game(self.round, self.players[0], self.players[1], Result(result["score"]), unplayed)
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
    round_minutes: int | None = None
    """How long each round lasts (a club evening); None: a round lasts until its games end."""
    round_ends_at: datetime | None = None
    """When the round being played ends (None: no end set)."""
    round_warned: bool = False
    """True once the round's games were warned that its end is near."""
    checkin_open: bool = False
    """True once the organiser opened check-in: round 1 then pairs only the players who checked in."""
    physical: bool = False
    """Every game is played on the club's physical boards (no online matches; results are reported)."""

    @property
    def player_ids(self) -> tuple[int, ...]:
        """Every player's user id, in seeding order (withdrawn players included)."""
        return tuple(p.user_id for p in self.players)

    @property
    def withdrawn_ids(self) -> frozenset[int]:
        """The players who withdrew."""
        return frozenset(p.user_id for p in self.players if p.withdrawn)

    def newcomer_seed(self, user_id: int, already: str) -> int:
        """The seed a member joining gets (after every player's, so the seeding of those in stays as it is),
        once they may join: not in yet (else ``already``, the error key of the way they join) and a place left.

        Raises:
            EventError: ``already`` or ``event_full``.
        """
        if user_id in self.player_ids:
            raise EventError(already)
        if len(self.players) >= MAX_PLAYERS:
            raise EventError("event_full", max=MAX_PLAYERS)
        return max((p.seed for p in self.players), default=-1) + 1

    def missed(self) -> tuple[Missed[int], ...]:
        """The rounds late entrants missed, as the standings count them (0 or ½ of a win each)."""
        return tuple(Missed(r, p.user_id, p.missed_share) for p in self.players for r in p.missed_rounds)

    def active_in(self, round: int) -> tuple[int, ...]:
        """The players to pair or seat in ``round``, in seeding order."""
        return tuple(p.user_id for p in self.players if p.plays_in(round))

    @property
    def round_in_progress(self) -> bool:
        """True while a paired round still waits for results."""
        return self.current_round > self.closed_round

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
    absent: tuple[int, ...] = ()
    """Members this result made no-shows twice over (:mod:`bot.app.events.no_shows`), still in the event:
    the organiser is told, once, and offered to withdraw them."""


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
    results: tuple[Game[int] | Bye[int] | TableGame[int] | Missed[int], ...] = ()
    """The counted results they come from, round by round (for the crosstable)."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of an event's log; ``actor_id`` None: the bot."""

    at: datetime
    actor_id: int | None
    action: str
    details: Mapping[str, Any]
