"""The weekend pause by consent: a player asks that the match's deadlines stop running on Saturdays and Sundays
(or run again), the other members playing accept, and it is done; one decline drops it.

The proposal runs through the consent machine (:class:`.consent.Consent`, ballot :data:`WEEKEND`, a row of
``proposals`` of kind ``weekend`` whose one number is 1 to pause, 0 to stop pausing). It holds while play goes on,
until a member playing declines (the asker too: that withdraws it), every one has accepted, or the match ends.
AI seats need no answer.

Once agreed, the weekends are those of the time zones the members playing set (``/plateau settings
time_zone:``; UTC for one who set none) at that moment, kept with the match (``weekend_pauses``, migration 0028):
:func:`.time_off.turn_pauses` adds them to every turn's pauses, the turn under way included. Refused in a match
whose event forbids time off (``weekend_forbidden``) and in live play (``weekend_live``: the players sit at the
table, a weekend means nothing there).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.app.clocks.deadlines import is_live
from bot.app.matches.consent import Consent, MembersBallot, RequestBallot
from bot.app.matches.core import require_seat
from bot.app.matches.model import Match, MatchError, MatchStatus, Proposal
from bot.app.matches.time_off import forbids_time_off
from bot.app.seats.acting import Action
from bot.app.seats.ai import is_ai
from bot.app.storage import ProposalRow
from bot.app.timeoff.weekends import ZONE_PREF


@dataclass(frozen=True, slots=True, kw_only=True)
class WeekendOffer(Proposal):
    """A pending proposal, by ``seat``, to pause the match's deadlines at weekends (``pause``) or to stop."""

    pause: bool


class WeekendBallot(MembersBallot[WeekendOffer], RequestBallot[WeekendOffer]):
    """A weekend pause: the members playing accept; it holds across moves and lapses when the match ends."""

    kind, missing = "weekend", "no_weekend_offer"

    def detail(self, proposal: WeekendOffer) -> int:
        return int(proposal.pause)

    def build(self, row: ProposalRow) -> WeekendOffer:
        return WeekendOffer(seat=row.seat, version=row.version, accepted=row.accepted, pause=bool(row.detail))

    def lapsed(self, match: Match, proposal: WeekendOffer) -> bool:
        return match.status is not MatchStatus.ACTIVE


WEEKEND = WeekendBallot()


class Weekends(Consent):
    """Ask for and answer a weekend pause (see the module docstring)."""

    async def propose_weekend(
        self, match_id: int, user_id: int, pause: bool
    ) -> tuple[Match, WeekendOffer | None, tuple[str, ...] | None]:
        """A player asks to pause the match's deadlines at weekends (``pause``) or to stop pausing them.

        Returns the match, the offer as it stands (None once agreed: at once when only the AI is asked) and, once
        agreed, the zones whose weekends now pause it (an empty tuple when it stopped).

        Raises:
            MatchError: ``no_match``, ``not_active``, ``weekend_forbidden``, ``weekend_live``, ``weekend_same``,
            ``not_seated``, ``seat_left``, ``weekend_pending``.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_active(match_id)
            if forbids_time_off(match):
                raise MatchError("weekend_forbidden", id=match.id)
            if match.turn_limit is None or is_live(match.turn_limit):
                raise MatchError("weekend_live", id=match.id)
            if (await self._store.get_weekend_zones(match.id) is not None) == pause:
                raise MatchError("weekend_same", id=match.id)
            seat = require_seat(match, user_id, Action.PACE)

            async def make() -> WeekendOffer:
                return WeekendOffer(seat=seat, version=match.version, accepted=(), pause=pause)

            offer = await self._propose(WEEKEND, match, "weekend_pending", make, now)
            standing, agreed = await self._tally(WEEKEND, match, offer, seat, user_id, accept=True, now=now)
            if not agreed:
                return match, standing, None
            return match, None, await self._set_weekends(match, pause)

    async def answer_weekend(
        self, match_id: int, user_id: int, *, accept: bool, version: int
    ) -> tuple[Match, WeekendOffer | None, tuple[str, ...] | None]:
        """A member playing accepts or declines the weekend pause asked at ``version``.

        Returns the match, the offer as it stands (None once declined or agreed) and, once agreed, the zones whose
        weekends now pause it (empty when it stopped).

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``, ``seat_left``, ``no_weekend_offer``,
            ``weekend_accepted``.
        """
        now = self._clock()
        async with self._store.transaction():
            match, seat = await self._load_seated(match_id, user_id, Action.PACE)
            standing, agreed = await self._vote(
                WEEKEND, match, seat, user_id, version, "weekend_accepted", accept=accept, now=now
            )
            if agreed is None:
                return match, standing, None
            return match, None, await self._set_weekends(match, agreed.pause)

    async def weekend_zones(self, match_id: int) -> tuple[str, ...] | None:
        """The zones whose weekends pause the match's deadlines, or None when they do not."""
        async with self._store.transaction(immediate=False):
            return await self._store.get_weekend_zones(match_id)

    async def players_zones(self, match: Match) -> tuple[str, ...]:
        """The time zones the members playing ``match`` set (UTC for one who set none), sorted, each once."""
        async with self._store.transaction(immediate=False):
            return await self._zones_of(match)

    async def _zones_of(self, match: Match) -> tuple[str, ...]:
        zones = set()
        for seat in match.members_playing():
            user = match.seats[seat]
            if not is_ai(user):
                zones.add(await self._store.get_pref(user, ZONE_PREF) or "UTC")
        return tuple(sorted(zones)) or ("UTC",)

    async def _set_weekends(self, match: Match, pause: bool) -> tuple[str, ...]:
        """Pause the match at its players' weekends, or stop (inside the caller's transaction)."""
        zones = await self._zones_of(match) if pause else ()
        await self._store.put_weekend_zones(match.id, zones if pause else None, now=self._clock())
        return zones
