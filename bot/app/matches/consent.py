"""Consent: what the other players must accept (a draw, an undo, a member replacing the AI on a seat, a rematch,
a new pace).

One consent machine serves the five (the rematch's methods are in :mod:`.rematches`, beside the lobby they
open; the pace switch's in :mod:`.paces`): a proposal is made when none is pending (:meth:`Consent._propose`),
answered (:meth:`Consent._tally`: one refusal drops it, each acceptance is kept until every voter has
accepted), and lapses when the match moves past it (:meth:`Consent._pending`). What differs is written
once per kind in a :class:`Ballot`: where the proposal is stored, who votes, when it lapses, and what a
refusal leaves behind. The proposals share one record, :class:`.model.Proposal` (the seat, the version
that names it, the seats that accepted), each kind adding its own fields. The store keeps them all in one table,
``proposals`` (migration 0022), a row per match and kind, with one number of the kind's own (``detail``).

A new kind of consent question is six files, none of them in storage (no table, no migration, no copy list):

1. ``bot/app/matches/<kind>.py``: its proposal record (a :class:`.model.Proposal`), its :class:`RequestBallot`
   (a ``kind`` name, :meth:`~RequestBallot.detail`/:meth:`~RequestBallot.build` for its one number, who votes,
   when it lapses) and the service's methods to propose and answer it, as :mod:`.paces` does;
2. ``bot/app/matches/__init__.py``: that collaborator joins :class:`MatchService`'s bases;
3. ``bot/shell/consent/<kind>.py``: its buttons beside their handlers (asked from a button, such as the turn
   post's; a slash command of its own adds its parameters to its group's cog, a seventh file);
4. ``bot/shell/client.py``: its buttons join the persistent ones registered at start;
5. and 6. its texts, ``bot/app/locales/en/<kind>.json`` and ``bot/app/locales/fr/<kind>.json``.

Who may ask and answer is an existing :class:`~bot.app.seats.acting.Action`'s rule (the members playing, as for a
pace switch); a kind with a rule of its own adds it to ``bot/app/seats/acting.py``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import replace
from datetime import datetime
from typing import Generic, TypeVar

from bot.app.matches.core import Core, require_seat
from bot.app.matches.log import _entry, _reveals, effective, replay
from bot.app.matches.model import (
    DECISIONS,
    DrawOffer,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchStatus,
    Proposal,
    RematchOffer,
    ReplaceRequest,
    TurnReport,
    UndoRequest,
)
from bot.app.seats.acting import Action, Refusal, seat_for
from bot.app.storage import ConflictError, ProposalRow, SeatReplacement, Store
from games.base import Outcome, Seat, Termination

log = logging.getLogger(__name__)

P = TypeVar("P", bound=Proposal)


class Ballot(Generic[P]):
    """One kind of proposal the consent machine runs: how it is stored, who votes, when it lapses."""

    async def load(self, store: Store, match: Match) -> P | None:
        """The stored proposal of ``match``, lapsed or not."""
        raise NotImplementedError

    async def keep(self, store: Store, match_id: int, proposal: P, now: datetime) -> None:
        """Store ``proposal`` (replacing the match's earlier one)."""
        raise NotImplementedError

    async def drop(self, store: Store, match_id: int) -> None:
        """Forget the match's proposal."""
        raise NotImplementedError

    def lapsed(self, match: Match, proposal: P) -> bool:
        """True when the match moved past ``proposal``: by default, once its version moved on."""
        return proposal.version != match.version

    def voters(self, match: Match) -> Collection[Seat]:
        """The seats that must all accept: by default every seat of the match."""
        return range(len(match.seats))

    async def refused(self, store: Store, match: Match, proposal: P, user_id: int, now: datetime) -> None:
        """What a refusal by ``user_id`` leaves behind, once the proposal is dropped: by default nothing."""


class SeatBallot(Ballot[P]):
    """A proposal a seat makes and every other seat answers (a draw, an undo): the action of answering it, and
    the keys of its refusals (none open at that version; the proposing seat answering)."""

    answer: Action
    missing: str
    own: str


class MembersBallot(Ballot[P]):
    """A proposal every member playing must accept (AI seats need no answer): a replacement, a rematch, a pace
    switch; ``missing`` is the refusal when none is open at the version answered."""

    missing: str

    def voters(self, match: Match) -> Collection[Seat]:
        return match.members_playing()


class RequestBallot(Ballot[P]):
    """A proposal the store keeps as a row of ``proposals`` of ``kind`` (any name: the table needs no change for a
    new kind): the seat, the version, one more number of the kind's own (:meth:`detail`, read back by
    :meth:`build`) and the seats that accepted."""

    kind: str

    def detail(self, proposal: P) -> int | None:
        """The one number ``proposal`` adds to seat, version and acceptances (by default none)."""
        return None

    def build(self, row: ProposalRow) -> P:
        """The proposal stored as ``row``."""
        raise NotImplementedError

    async def load(self, store: Store, match: Match) -> P | None:
        found = await store.get_proposal(self.kind, match.id)
        return None if found is None else self.build(found)

    async def keep(self, store: Store, match_id: int, proposal: P, now: datetime) -> None:
        row = (proposal.seat, proposal.version, self.detail(proposal), proposal.accepted)
        await store.put_proposal(self.kind, match_id, *row, now=now)

    async def drop(self, store: Store, match_id: int) -> None:
        await store.delete_proposal(self.kind, match_id)


# Only the kinds with no field of their own: :meth:`OfferBallot.build` makes them of the three shared ones.
F = TypeVar("F", DrawOffer, RematchOffer)


class OfferBallot(RequestBallot[F]):
    """A proposal of only the proposing seat, the version and the seats that accepted: a draw, a rematch."""

    made: type[F]

    def build(self, row: ProposalRow) -> F:
        return self.made(seat=row.seat, version=row.version, accepted=row.accepted)


class DrawBallot(SeatBallot[DrawOffer], OfferBallot[DrawOffer]):
    """A draw: every seat accepts; it lapses when a move is played."""

    answer, missing, own = Action.DRAW_ANSWER, "no_draw_offer", "own_draw_offer"
    kind, made = "draw", DrawOffer


class UndoBallot(SeatBallot[UndoRequest], RequestBallot[UndoRequest]):
    """An undo: every seat accepts; it lapses when the match moves on."""

    answer, missing, own = Action.UNDO_ANSWER, "no_undo", "own_undo"
    kind = "undo"

    def detail(self, proposal: UndoRequest) -> int:
        return proposal.target_ply

    async def load(self, store: Store, match: Match) -> UndoRequest | None:
        found = await store.get_proposal(self.kind, match.id)
        if found is None or found.detail is None:
            return None
        notation = ""
        if found.version == match.version:
            # A lapsed one is dropped by the machine without needing the move it named: only an open one reads it.
            rows = await store.load_moves(match.id, after=found.detail - 1)
            notation = rows[0].notation if rows else ""
        return UndoRequest(
            seat=found.seat, version=found.version, accepted=found.accepted, target_ply=found.detail, notation=notation
        )


class ReplaceBallot(MembersBallot[ReplaceRequest], RequestBallot[ReplaceRequest]):
    """A member taking over a seat from the AI: the members playing accept; it holds across moves and lapses when
    the match ends or the AI no longer plays the seat; a refusal bars the candidate from that seat."""

    kind, missing = "replace", "no_replace_request"

    def detail(self, proposal: ReplaceRequest) -> int:
        return proposal.user_id

    def build(self, row: ProposalRow) -> ReplaceRequest:
        return ReplaceRequest(seat=row.seat, version=row.version, accepted=row.accepted, user_id=row.detail or 0)

    def lapsed(self, match: Match, proposal: ReplaceRequest) -> bool:
        return match.status is not MatchStatus.ACTIVE or proposal.seat not in match.takeovers

    async def refused(self, store: Store, match: Match, proposal: ReplaceRequest, user_id: int, now: datetime) -> None:
        # The candidate may not ask for this seat again in this match.
        await store.add_replace_decline(match.id, proposal.seat, proposal.user_id, user_id, proposal.version, now=now)


class RematchBallot(MembersBallot[RematchOffer], OfferBallot[RematchOffer]):
    """A rematch of a finished match: the members playing at its end accept (AI seats need no answer); the
    finished match does not move, so it holds until one declines or all accepted."""

    kind, made, missing = "rematch", RematchOffer, "no_rematch"

    def lapsed(self, match: Match, proposal: RematchOffer) -> bool:
        return match.status is not MatchStatus.FINISHED or proposal.version != match.version


REMATCH = RematchBallot()
DRAW = DrawBallot()
UNDO = UndoBallot()
REPLACE = ReplaceBallot()


class Consent(Core):
    """Draw offers, undo requests and seat replacements, through one consent machine."""

    # The machine.

    async def _pending(self, ballot: Ballot[P], match: Match) -> P | None:
        """The open proposal of ``ballot``'s kind in ``match``; a lapsed one is dropped."""
        found = await ballot.load(self._store, match)
        if found is not None and ballot.lapsed(match, found):
            await ballot.drop(self._store, match.id)
            return None
        return found

    async def _propose(
        self, ballot: Ballot[P], match: Match, pending: str, make: Callable[[], Awaitable[P]], now: datetime
    ) -> P:
        """Store the proposal ``make`` builds (after its own checks), unless one is open: then ``pending``."""
        if await self._pending(ballot, match) is not None:
            raise MatchError(pending)
        proposal = await make()
        await ballot.keep(self._store, match.id, proposal, now)
        return proposal

    async def _open(self, ballot: Ballot[P], match: Match, version: int, missing: str) -> P:
        """The open proposal made at ``version``; none, or another one: ``missing``."""
        proposal = await self._pending(ballot, match)
        if proposal is None or proposal.version != version:
            raise MatchError(missing)
        return proposal

    async def _tally(
        self, ballot: Ballot[P], match: Match, proposal: P, seat: Seat, user_id: int, *, accept: bool, now: datetime
    ) -> tuple[P | None, bool]:
        """Count ``seat``'s answer: (the proposal as it stands or None once refused or agreed, agreed).

        A refusal drops the proposal; an acceptance is kept until every voter has accepted, and then the
        proposal is dropped too: the caller carries it out in the same transaction.
        """
        if not accept:
            await ballot.drop(self._store, match.id)
            await ballot.refused(self._store, match, proposal, user_id, now)
            return None, False
        accepted = tuple(sorted({*proposal.accepted, seat}))
        if not set(ballot.voters(match)) <= set(accepted):
            proposal = replace(proposal, accepted=accepted)
            await ballot.keep(self._store, match.id, proposal, now)
            return proposal, False
        await ballot.drop(self._store, match.id)
        return None, True

    async def _answer(
        self, ballot: SeatBallot[P], match_id: int, user_id: int, accept: bool, version: int, now: datetime
    ) -> tuple[Match, P | None, P | None]:
        """A seated player's answer to a proposal another seat made (a draw, an undo): the match, the proposal as
        it stands, and the proposal once every seat has agreed (None before).

        Raises:
            MatchError: ``not_active``, the seat's refusals, ``ballot.missing`` or ``ballot.own``.
        """
        match, seat = await self._load_seated(match_id, user_id, ballot.answer)
        proposal = await self._open(ballot, match, version, ballot.missing)
        if seat == proposal.seat:
            raise MatchError(ballot.own)
        standing, agreed = await self._tally(ballot, match, proposal, seat, user_id, accept=accept, now=now)
        return match, standing, proposal if agreed else None

    async def _vote(
        self,
        ballot: MembersBallot[P],
        match: Match,
        seat: Seat,
        user_id: int,
        version: int,
        twice: str,
        *,
        accept: bool,
        now: datetime,
    ) -> tuple[P | None, P | None]:
        """A member playing ``seat`` answers the proposal open at ``version`` (a rematch, a pace switch): the
        proposal as it stands, and the proposal once every member has agreed (None before).

        Raises:
            MatchError: ``ballot.missing``, or ``twice`` (an acceptance given twice).
        """
        proposal = await self._open(ballot, match, version, ballot.missing)
        if accept and seat in proposal.accepted:
            raise MatchError(twice)
        standing, agreed = await self._tally(ballot, match, proposal, seat, user_id, accept=accept, now=now)
        return standing, proposal if agreed else None

    # Draw.

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

            async def make() -> DrawOffer:
                return DrawOffer(seat=seat, version=match.version, accepted=(seat,))

            return match, await self._propose(DRAW, match, "draw_pending", make, now)

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
            match, offer, agreed = await self._answer(DRAW, match_id, user_id, accept, version, now)
            if agreed is None:
                return match, offer, None
            entry = LogEntry(match.version + 1, LogKind.DRAW, agreed.seat, "draw", now)
            report = await self._record(
                match, entry, now, status=MatchStatus.FINISHED, result=Outcome(Termination.DRAW_AGREED)
            )
            return report.match, None, report

    # Undo.

    async def request_undo(self, match_id: int, user_id: int) -> tuple[Match, UndoRequest]:
        """Ask the other players to take back the caller's last decision.

        Only a decision that is the last entry of the log can be taken back (no dice roll or draw after
        it), and only when it revealed nothing hidden to any other player.

        Raises:
            MatchError: ``not_active``, ``not_seated``, ``seat_left``, ``undo_ai`` (the AI plays a seat: it accepts
            no undo; params ``seat``, ``id``), ``undo_pending``, ``undo_nothing`` (the last
            decision is not the caller's), ``undo_chance`` (a roll or draw followed it), ``undo_pace`` (the pace
            changed since) or ``undo_hidden``.
        """
        now = self._clock()
        async with self._store.transaction():
            match, seat = await self._load_seated(match_id, user_id, Action.UNDO_REQUEST)

            async def make() -> UndoRequest:
                entries = effective([_entry(r) for r in await self._store.load_moves(match.id)])
                decisions = [e for e in entries if e.kind in DECISIONS]
                if not decisions or decisions[-1].seat != seat or decisions[-1].kind is not LogKind.MOVE:
                    raise MatchError("undo_nothing")
                target = decisions[-1]
                if entries[-1] is not target:
                    # A pace change is not taken back with the move (the turn limit would stay changed).
                    raise MatchError("undo_pace" if entries[-1].kind is LogKind.PACE else "undo_chance")
                earlier = [e for e in entries if e.ply < target.ply]
                before = replay(match.game, match.options, len(match.seats), earlier)
                if match.game.has_hidden_info and _reveals(match.game, before, target, len(match.seats)):
                    raise MatchError("undo_hidden")
                return UndoRequest(
                    seat=seat, version=match.version, accepted=(seat,), target_ply=target.ply, notation=target.notation
                )

            return match, await self._propose(UNDO, match, "undo_pending", make, now)

    async def answer_undo(
        self, match_id: int, user_id: int, *, accept: bool, version: int
    ) -> tuple[Match, UndoRequest | None, TurnReport | None]:
        """Accept or refuse the undo requested at ``version``; when all others accept, it is done.

        Raises:
            MatchError: ``not_active``, ``not_seated``, ``seat_left``, ``undo_ai``, ``no_undo`` or ``own_undo``.
        """
        now = self._clock()
        async with self._store.transaction():
            match, request, agreed = await self._answer(UNDO, match_id, user_id, accept, version, now)
            if agreed is None:
                return match, request, None
            entry = LogEntry(match.version + 1, LogKind.UNDO, agreed.seat, f"undo:{agreed.target_ply}", now)
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
            match = await self._load_active(match_id)
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
            asked = seat

            async def make() -> ReplaceRequest:
                return ReplaceRequest(seat=asked, version=match.version, accepted=(), user_id=user_id)

            return match, await self._propose(REPLACE, match, "replace_pending", make, now)

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
            return await self._pending(REPLACE, await self._load(match_id))

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
            match = await self._load_active(match_id)
            request = await self._open(REPLACE, match, version, REPLACE.missing)
            if user_id == request.user_id:
                raise MatchError("own_replace")
            seat = require_seat(match, user_id, Action.REPLACE_ANSWER)
            standing, agreed = await self._tally(REPLACE, match, request, seat, user_id, accept=accept, now=now)
            if not agreed:
                return match, standing, None
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
