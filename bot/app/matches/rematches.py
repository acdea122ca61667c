"""Rematch by consent: a player of a finished match proposes it, the other members playing accept (AI seats need
no answer), and the new match starts when all have accepted; one decline drops it.

The proposal runs through the consent machine (:class:`.consent.Consent`, ballot :data:`.consent.REMATCH`); the
new match is opened by :meth:`.lobby.Lobby.rematch` inside the same transaction, so its all-or-nothing checks
(a member at the lobby cap refuses the whole rematch) leave the offer as it stood when they refuse.
"""

from __future__ import annotations

from bot.app.matches.consent import REMATCH, Consent
from bot.app.matches.core import require_seat
from bot.app.matches.lobby import Lobby
from bot.app.matches.model import Match, MatchError, MatchStatus, RematchOffer, TurnReport
from bot.app.seats.acting import Action


class Rematches(Lobby, Consent):
    """Propose and answer a rematch (see the module docstring)."""

    async def propose_rematch(
        self, match_id: int, user_id: int
    ) -> tuple[Match, RematchOffer | None, TurnReport | None]:
        """A player of the finished match asks for a rematch; a tap while another player's offer is pending
        accepts it.

        Returns the finished match, the offer as it stands (None once agreed) and, when every member playing
        has accepted (at once, when the others are all AI seats), the new match's report.

        Raises:
            MatchError: ``no_match``, ``not_seated``, ``seat_left``, ``not_active`` (not finished),
            ``rematch_pending`` (the caller already accepted the pending offer), and those of :meth:`rematch`.
        """
        now = self._clock()
        async with self._store.transaction():
            old = await self._load(match_id)
            seat = require_seat(old, user_id, Action.REMATCH)
            if old.status is not MatchStatus.FINISHED:
                raise MatchError("not_active")
            if await self._store.in_event(match_id):
                raise MatchError("event_rematch")
            offer = await self._pending(REMATCH, old)
            if offer is None:
                offer = RematchOffer(seat=seat, version=old.version, accepted=())
            elif seat in offer.accepted:
                raise MatchError("rematch_pending")
            standing, agreed = await self._tally(REMATCH, old, offer, seat, user_id, accept=True, now=now)
            if not agreed:
                return old, standing, None
            return old, None, await self.rematch(match_id)

    async def answer_rematch(
        self, match_id: int, user_id: int, *, accept: bool, version: int
    ) -> tuple[Match, RematchOffer | None, TurnReport | None]:
        """A member playing accepts or declines the rematch offered at ``version``.

        Returns the finished match, the offer as it stands (None once declined or agreed) and, once every member
        playing has accepted, the new match's report.

        Raises:
            MatchError: ``no_match``, ``not_seated``, ``seat_left``, ``no_rematch`` (none pending, or another
            one), ``rematch_pending`` (an acceptance given twice), and those of :meth:`rematch`.
        """
        now = self._clock()
        async with self._store.transaction():
            old = await self._load(match_id)
            seat = require_seat(old, user_id, Action.REMATCH)
            standing, agreed = await self._vote(
                REMATCH, old, seat, user_id, version, "rematch_pending", accept=accept, now=now
            )
            if agreed is None:
                return old, standing, None
            return old, None, await self.rematch(match_id)
