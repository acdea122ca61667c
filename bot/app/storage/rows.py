"""The rows the store returns (plain frozen records, decoded: JSON parsed, times as aware UTC datetimes) and
the column lists and decoders the query modules share. No SQL runs here."""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, Final, TypeVar, cast

from bot.app.storage.base import from_iso

R = TypeVar("R")

OPEN_STATUSES: Final = ("lobby", "active")
"""Statuses of a match that occupies its channel (the partial unique index uses the same list)."""


class Unset(enum.Enum):
    """The type of :data:`UNSET`."""

    UNSET = enum.auto()


UNSET: Final = Unset.UNSET
"""Marks an :meth:`Store.update_match` argument as "leave this column alone" (None means NULL)."""


@dataclass(frozen=True, slots=True)
class ProposalRow:
    """One pending proposal of ``proposals`` (migration 0022): the match's one of its kind, whatever the kind
    (the consent machine names the kinds; the table needs no change for a new one)."""

    seat: int
    """The proposing seat (for a replacement, the seat asked for)."""
    version: int
    """The match version it was made at (it names the proposal on the answer buttons)."""
    detail: int | None
    """The one number a kind adds (an undo's ply taken back, a replacement's candidate, a pace switch's turn
    limit with 0 for none), None for a kind that adds none."""
    accepted: tuple[int, ...]
    """The seats that accepted so far, in order."""


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One row of ``matches``, decoded (JSON parsed, times as aware UTC datetimes)."""

    id: int
    game: str
    options: dict[str, str]
    seed: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: str
    version: int
    state: str | None
    result: dict[str, Any] | None
    lobby_message_id: int | None
    board_message_id: int | None
    created_at: datetime
    updated_at: datetime
    log_version: int
    """The highest ply in the move log (0 when empty); equals ``version`` unless the row is stale."""
    turn_limit: int | None = None
    """Seconds a seat has for its turn; None: no deadline."""
    on_timeout: str = "vote"
    """``vote``, ``move`` or ``forfeit``: what happens when a seat's time runs out."""
    rated: bool = True
    status_message_id: int | None = None
    state_digest: str | None = None
    """The digest written with the snapshot (migration 0007); None for rows written before it."""
    announced_version: int = 0
    """The version whose board was last posted (migration 0007)."""
    turn: int | None = None
    """The number of the turn being played (migration 0014); None for a row not saved since."""
    turn_seats: str | None = None
    """The seats playing that turn, comma-separated (migration 0014)."""
    judge_version: str | None = None
    """The version of the judge when the match finished (migration 0029); None before."""


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One entry of the append-only move log."""

    ply: int
    kind: str
    seat: int | None
    notation: str
    created_at: datetime
    interaction_id: int | None = None


@dataclass(frozen=True, slots=True)
class PostRow:
    """A message the bot keeps for a match (its turn post, a player's DM, an out-of-turn question)."""

    kind: str
    """``turn``, ``dm`` or ``question``."""
    subject: int
    """0 for the turn post and the question; the user id for a DM."""
    channel_id: int | None
    message_id: int | None
    detail: str = ""
    """The turn's key, a private view's digest, or the seats a question asks."""
    counter: int = 0
    """The turn number (turn post only)."""


@dataclass(frozen=True, slots=True)
class MatchParts:
    """The rows of a match besides its own, read together (see :meth:`Store.load_match_parts`)."""

    seats: list[int]
    """User ids in seat order."""
    ai: dict[int, tuple[str, int, str]]
    """Seat → (level, from ply, reason)."""
    fairness: tuple[str, str, str, dict[int, str]] | None
    """(scheme, server seed, commitment, salt by user id), or None."""
    undos: list[tuple[int, str]]
    """(ply, notation) of every undo entry of the log, in order."""
    replacements: list[SeatReplacement] = field(default_factory=list)
    """The seats that passed from the AI to a member (:meth:`Store.replace_seat`), by seat and ply."""
    seals: str | None = None
    """The seal recipe of a match that seals its chosen secrets (:data:`bot.app.fairness.SEAL_SCHEME`), or
    None."""


@dataclass(frozen=True, slots=True)
class SeatReplacement:
    """A seat that passed from the AI to a member (migration 0011's ``seat_replacements``)."""

    seat: int
    ply: int
    """The ply of the ``replace`` log entry; the member plays from the next one on."""
    user_id: int
    """The member who took the seat over."""
    previous_user_id: int
    """The member who held the seat before the AI."""
    ai_level: str
    ai_from_ply: int
    """The first ply the AI played the seat."""
    reason: str
    """Why the AI had taken the seat over: ``resign``, ``forfeit`` or ``left``."""


# The columns of a match row, in the order match_row reads them; the log_version is computed from the log.
MATCH_COLUMNS: Final = (
    "matches.id, matches.game, matches.options, matches.seed, matches.guild_id, matches.channel_id, "
    "matches.creator_id, matches.status, matches.version, matches.state, matches.result, "
    "matches.lobby_message_id, matches.board_message_id, matches.created_at, matches.updated_at, "
    "(SELECT coalesce(max(moves.ply), 0) FROM moves WHERE moves.match_id = matches.id), "
    "matches.turn_limit, matches.on_timeout, matches.rated, matches.status_message_id, "
    "matches.state_digest, coalesce(matches.announced_version, 0), matches.turn, matches.turn_seats, "
    "matches.judge_version"
)
MOVE_COLUMNS: Final = "ply, kind, seat, notation, created_at, interaction_id"


def match_row(row: Sequence[Any]) -> MatchRow:
    """The :class:`MatchRow` of a row selected with :data:`MATCH_COLUMNS`."""
    return MatchRow(
        id=row[0],
        game=row[1],
        options=json.loads(row[2]),
        seed=row[3],
        guild_id=row[4],
        channel_id=row[5],
        creator_id=row[6],
        status=row[7],
        version=row[8],
        state=row[9],
        result=None if row[10] is None else json.loads(row[10]),
        lobby_message_id=row[11],
        board_message_id=row[12],
        created_at=from_iso(row[13]),
        updated_at=from_iso(row[14]),
        log_version=row[15],
        turn_limit=row[16],
        on_timeout=row[17],
        rated=bool(row[18]),
        status_message_id=row[19],
        state_digest=row[20],
        announced_version=row[21],
        turn=row[22],
        turn_seats=row[23],
        judge_version=row[24],
    )


def move_row(row: Sequence[Any]) -> MoveRow:
    """The :class:`MoveRow` of a row selected with :data:`MOVE_COLUMNS`."""
    return MoveRow(
        ply=row[0],
        kind=row[1],
        seat=row[2],
        notation=row[3],
        created_at=from_iso(row[4]),
        interaction_id=row[5],
    )


def to_json(value: Mapping[str, Any]) -> str:
    """Compact JSON with sorted keys, so equal mappings are stored as equal texts."""
    return json.dumps(dict(value), sort_keys=True, separators=(",", ":"))


_SHARED: dict[tuple[type, type], tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""What :func:`_shared_fields` worked out, by (record type, row type)."""


def record_from(record: type[R], row: object, **given: Any) -> R:
    """A ``record`` (a dataclass) made of ``given``, and of ``row``'s value for each other field ``row`` has by name.

    The application's records are read from the store's rows (dataclasses too): most fields pass as they are,
    a few are decoded, typed or added. Only those are written out at each load, which keeps a column added to
    both from being listed again. A field the row lacks and ``given`` leaves out takes its default.

    Raises:
        TypeError: a field left to copy is declared another way on the row (a status as text, JSON): it must
            be given, decoded. Checked on every call, so the first load of a record says so.
    """
    alike, unlike = _shared_fields(record, type(row))
    forgotten = [name for name in unlike if name not in given]
    if forgotten:
        raise TypeError(f"{record.__name__}: {', '.join(forgotten)} declared another way on the row, give them")
    build: Callable[..., R] = record
    return build(**{name: getattr(row, name) for name in alike if name not in given}, **given)


def _shared_fields(record: type, row: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields ``record`` takes at creation that ``row`` has too: (declared alike, declared otherwise).

    Worked out once per pair of types: a load builds hundreds of records (an event's players) from the same two.
    """
    known = _SHARED.get((record, row))
    if known is None:
        declared = {f.name: f.type for f in fields(cast(Any, row))}
        shared = [f for f in fields(cast(Any, record)) if f.init and f.name in declared]
        known = (
            tuple(f.name for f in shared if f.type == declared[f.name]),
            tuple(f.name for f in shared if f.type != declared[f.name]),
        )
        _SHARED[(record, row)] = known
    return known
