"""Who may act for a seat: one rule for every action a member can take in a match. No Discord import.

A seat changes hands: the AI takes it over when its member resigns, runs out of time or leaves (in a game of
three or more), and a member who was not seated may take it over from the AI. Every service operation and
every UI path asks :func:`seat_for` which seat (if any) the caller acts for, so the answer is the same
everywhere. What the caller is to the match (:class:`Holder`):

* ``MEMBER``: seated from the lobby and still playing the seat.
* ``SUCCESSOR``: took the seat over from the AI (:attr:`bot.app.matches.Match.replacements`); acts for it as a member.
* ``LEFT``: resigned, forfeited or left, and the AI plays the seat now.
* ``REPLACED``: left, and since then another member took the seat over from the AI.
* ``OUTSIDER``: never held a seat of the match.

The table (``seat``: allowed, for that seat; otherwise the refusal key):

================  ===============  ===============  ==============  ==============  ==============
action            MEMBER           SUCCESSOR        LEFT            REPLACED        OUTSIDER
================  ===============  ===============  ==============  ==============  ==============
move, builder     seat             seat             seat_left       seat_left       not_seated
resign            seat             seat             seat_left       seat_left       not_seated
abort (creator)   seat [1]         seat [1]         seat_left [1]   seat_left [1]   not_creator
draw offer        seat [2]         seat [2]         seat_left       seat_left       not_seated
draw answer       seat [2]         seat [2]         seat_left       seat_left       not_seated
undo request      seat [3]         seat [3]         seat_left       seat_left       not_seated
undo answer       seat [3]         seat [3]         seat_left       seat_left       not_seated
replace request   already_seated   already_seated   already_seated  already_seated  allowed (None)
replace answer    seat             seat             seat_left       seat_left       not_seated
rematch           seat             seat             seat_left       seat_left       not_seated
salt              seat             seat             seat_left       seat_left       not_seated
hint              seat             seat             seat_left       seat_left       not_seated
timeout vote      seat             seat             seat_left       seat_left       not_seated
================  ===============  ===============  ==============  ==============  ==============

[1] Only the match's creator; any other member gets ``not_creator``. A creator who no longer holds a seat
cannot abort (a moderator or an event's organiser still can: they do not act for a seat, the service lets
them through before asking this module).
[2] ``draw_ai`` while the AI plays a seat: the AI accepts no draw, so an offer that could never be agreed is
refused at once, in words (params ``seat``: the AI's first seat, 1-based).
[3] ``undo_ai`` likewise: the AI accepts no undo.

The AI acts for the seats it plays (:attr:`bot.app.matches.Match.ai`) and for nothing else but their moves
(:func:`ai_acts`): it never resigns, aborts, offers or answers draws and undos, asks or answers replacements,
rematches, salts nor asks hints. Whether it is the seat's turn, and the match's status, stay the service's
checks.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol

from bot.app.seats.ai import is_ai
from games.base import Seat


class Successor(Protocol):
    """A member who took a seat over from the AI (a :class:`bot.app.matches.SeatReplacement`)."""

    @property
    def user_id(self) -> int: ...


class Seated(Protocol):
    """What the rule reads of a match (a :class:`bot.app.matches.Match`): the match service lies above it."""

    @property
    def id(self) -> int: ...

    @property
    def creator_id(self) -> int: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def ai(self) -> Mapping[Seat, str]: ...

    @property
    def replacements(self) -> Mapping[Seat, Sequence[Successor]]: ...

    def played_by(self, user_id: int) -> bool: ...


class Action(enum.Enum):
    """Something a member does in a match."""

    MOVE = "move"
    """Play a decision: ``/game move``, a move button, the builder's private steps and its confirmation."""
    RESIGN = "resign"
    ABORT = "abort"
    """Stop the match as its creator (an abort by a moderator or an organiser is not a seat's action)."""
    DRAW_OFFER = "draw_offer"
    DRAW_ANSWER = "draw_answer"
    UNDO_REQUEST = "undo_request"
    UNDO_ANSWER = "undo_answer"
    REPLACE_REQUEST = "replace_request"
    """Ask to take over a seat the AI plays (only someone who never held a seat of the match)."""
    REPLACE_ANSWER = "replace_answer"
    REMATCH = "rematch"
    SALT = "salt"
    HINT = "hint"
    VOTE = "vote"
    """Vote on what happens to a late seat's turn."""
    PACE = "pace"
    """Ask for, or answer, a change of the match's turn limit (:mod:`bot.app.matches.paces`)."""


class Holder(enum.Enum):
    """What a user is to a match (see the module's docstring)."""

    MEMBER = "member"
    SUCCESSOR = "successor"
    LEFT = "left"
    REPLACED = "replaced"
    OUTSIDER = "outsider"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the caller may not act: ``key`` names the reason in the catalogs (``match_error.<key>``)."""

    key: str
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


PLAYING: frozenset[Holder] = frozenset({Holder.MEMBER, Holder.SUCCESSOR})
"""The holders who act for their seat."""
AI_ACTIONS: frozenset[Action] = frozenset({Action.MOVE})
"""What the AI does for the seats it plays."""


def holder(match: Seated, user_id: int) -> tuple[Holder, Seat | None]:
    """What ``user_id`` is to ``match``, with the seat they hold or left (None for a replaced member, whose
    old seat is someone else's now, and for an outsider)."""
    if is_ai(user_id):
        return Holder.OUTSIDER, None  # no Discord user has an AI's id: the AI acts through ai_acts alone
    if user_id in match.seats:
        seat = match.seats.index(user_id)
        if seat in match.ai:
            return Holder.LEFT, seat
        taken = match.replacements.get(seat, ())
        if taken and taken[-1].user_id == user_id:
            return Holder.SUCCESSOR, seat
        return Holder.MEMBER, seat
    if match.played_by(user_id):
        return Holder.REPLACED, None
    return Holder.OUTSIDER, None


def _first_ai_seat(match: Seated) -> Seat | None:
    return min(match.ai) if match.ai else None


def seat_for(match: Seated, user_id: int, action: Action) -> Seat | Refusal | None:
    """The seat ``user_id`` acts for in ``action``, or why they may not (the table of the module's docstring).

    None only for :attr:`Action.REPLACE_REQUEST` by an outsider: allowed, for no seat of their own.
    """
    kind, seat = holder(match, user_id)
    if action is Action.REPLACE_REQUEST:
        return None if kind is Holder.OUTSIDER else Refusal("already_seated")
    if action is Action.ABORT and user_id != match.creator_id:
        return Refusal("not_creator")
    if kind is Holder.OUTSIDER:
        return Refusal("not_seated")
    if kind not in PLAYING or seat is None:
        return Refusal("seat_left", MappingProxyType({"id": match.id}))
    ai_seat = _first_ai_seat(match)
    if ai_seat is not None and action in (Action.DRAW_OFFER, Action.DRAW_ANSWER):
        return Refusal("draw_ai", MappingProxyType({"seat": ai_seat + 1, "id": match.id}))
    if ai_seat is not None and action in (Action.UNDO_REQUEST, Action.UNDO_ANSWER):
        return Refusal("undo_ai", MappingProxyType({"seat": ai_seat + 1, "id": match.id}))
    return seat


def ai_acts(match: Seated, seat: Seat, action: Action) -> bool:
    """True when the AI acts for ``seat`` in ``action``: only the moves of the seats it plays."""
    return action in AI_ACTIONS and seat in match.ai


def member_acts(match: Seated, seat: Seat) -> bool:
    """True when a member (not the AI) acts for ``seat`` now: who a turn post's move controls are for."""
    return seat not in match.ai and not is_ai(match.seats[seat]) if seat < len(match.seats) else False
