"""Consent: what every other player must accept (a draw, an undo, a member replacing the AI on a seat)."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime

from bot.app.matches.core import Core
from bot.app.matches.log import (
    _entry,
    _reveals,
    effective,
    replay,
)
from bot.app.matches.model import (
    DECISIONS,
    DrawOffer,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchStatus,
    ReplaceRequest,
    TurnReport,
    UndoRequest,
    require_seat,
)
from bot.app.seats import Action, Refusal, seat_for
from bot.app.storage import (
    ConflictError,
    SeatReplacement,
)
from games.base import Outcome, Seat, Termination

log = logging.getLogger(__name__)


class Consent(Core):
    """Draw offers, undo requests and seat replacements, through one consent machine."""

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
