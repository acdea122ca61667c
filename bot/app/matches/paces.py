"""The pace switch by consent: a player asks to change the match's turn limit (live minutes → play by post to
finish at home, or back), the other members playing accept, and the limit changes; one decline drops it.

The proposal runs through the consent machine (:class:`.consent.Consent`, ballot :data:`PACE`). It holds while
play goes on (a live game does not stop for the question: the next move must not void it), until a member
playing declines (the asker too: that withdraws it), every one has accepted, the match ends, or its pace
changed meanwhile. AI seats need no answer: with only the AI to ask, the switch is made at once.

Once agreed, a ``pace`` log entry records when and to what the pace changed (told in words by
:func:`bot.app.telling.narration.change_line`), the match's ``turn_limit`` changes and its running turns carry over
(:func:`.clock.change_limit` says the rule). Pings follow the new pace by themselves
(:func:`bot.app.clocks.deadlines.is_live` reads the limit).

An event's game keeps the pace its event set: a player's request is refused (``pace_event``); an organiser
switches it directly, with no vote (the entry's seat is None) — unless the organiser plays in that game: there
they are a player, and their request is put to the other players like anyone's in a match of their own.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Final

from bot.app.clocks.deadlines import DEADLINE_CHOICES
from bot.app.matches.clock import change_limit
from bot.app.matches.consent import Consent, MembersBallot, RequestBallot
from bot.app.matches.core import require_seat
from bot.app.matches.model import LogEntry, LogKind, Match, MatchError, MatchStatus, PaceOffer, TurnReport
from bot.app.seats.acting import Action
from bot.app.storage import ProposalRow
from games.base import Seat

NO_LIMIT: Final = "none"
"""How the log writes "no deadline" (``pace:none``)."""


def pace_notation(limit: int | None) -> str:
    """The log entry's notation for a switch to ``limit`` seconds a turn (None: no deadline)."""
    return f"pace:{NO_LIMIT if limit is None else limit}"


def pace_limit(notation: str) -> int | None:
    """The limit a ``pace`` entry switched to (:func:`pace_notation` read back).

    Raises:
        ValueError: not a pace notation.
    """
    kind, _, value = notation.partition(":")
    if kind != "pace" or not value:
        raise ValueError(f"not a pace entry: {notation!r}")
    return None if value == NO_LIMIT else int(value)


class PaceBallot(MembersBallot[PaceOffer], RequestBallot[PaceOffer]):
    """A pace switch: the members playing accept (AI seats need no answer); it holds across moves and lapses
    when the match ends or its pace already is the one asked."""

    kind, missing = "pace", "no_pace_offer"

    def detail(self, proposal: PaceOffer) -> int:
        # Stored as 0 for "no deadline", so that a missing detail is never read as one.
        return proposal.limit or 0

    def build(self, row: ProposalRow) -> PaceOffer:
        return PaceOffer(seat=row.seat, version=row.version, accepted=row.accepted, limit=row.detail or None)

    def lapsed(self, match: Match, proposal: PaceOffer) -> bool:
        return match.status is not MatchStatus.ACTIVE or proposal.limit == match.turn_limit


PACE = PaceBallot()


class Paces(Consent):
    """Ask for and answer a pace switch (see the module docstring)."""

    async def propose_pace(
        self, match_id: int, user_id: int, limit: int | None, *, organiser: bool = False
    ) -> tuple[Match, PaceOffer | None, TurnReport | None]:
        """A player asks to give the match's turns ``limit`` seconds (None: no deadline); in an event's game, an
        organiser (``organiser``, as the shell judged) switches it at once, but an organiser seated in that game
        asks its other players as any player of a match would.

        Returns the match, the offer as it stands (None once agreed) and, when agreed (at once when the other
        seats are all the AI's, or an organiser switched it), the report of the change.

        Raises:
            MatchError: ``pace_unknown`` (a limit none of the choices gives), ``no_match``, ``not_active``,
            ``pace_same`` (the match already has that pace), ``pace_event`` (an event's game, asked by a player),
            ``not_seated``, ``seat_left``, ``pace_pending`` (a switch already waits for answers).
        """
        if limit not in DEADLINE_CHOICES.values():
            raise MatchError("pace_unknown")
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_active(match_id)
            if limit == match.turn_limit:
                raise MatchError("pace_same")
            # An organiser who plays in the game is one of its players there: their own pace is voted on like
            # anyone's, never switched alone (issue 37).
            if await self._store.in_event(match.id) and not (organiser and user_id in match.seats):
                if not organiser:
                    raise MatchError("pace_event")
                await PACE.drop(self._store, match.id)
                report = await self._switch(match, None, limit, now)
                return report.match, None, report
            seat = require_seat(match, user_id, Action.PACE)

            async def make() -> PaceOffer:
                return PaceOffer(seat=seat, version=match.version, accepted=(), limit=limit)

            offer = await self._propose(PACE, match, "pace_pending", make, now)
            standing, agreed = await self._tally(PACE, match, offer, seat, user_id, accept=True, now=now)
            if not agreed:
                return match, standing, None
            report = await self._switch(match, seat, limit, now)
            return report.match, None, report

    async def answer_pace(
        self, match_id: int, user_id: int, *, accept: bool, version: int
    ) -> tuple[Match, PaceOffer | None, TurnReport | None]:
        """A member playing accepts or declines the pace switch asked at ``version`` (the asker declining
        withdraws it).

        Returns the match, the offer as it stands (None once declined or agreed) and, once every member playing
        has accepted, the report of the change.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``, ``seat_left``, ``no_pace_offer`` (none
            pending, or another one than ``version``), ``pace_accepted`` (an acceptance given twice).
        """
        now = self._clock()
        async with self._store.transaction():
            match, seat = await self._load_seated(match_id, user_id, Action.PACE)
            standing, agreed = await self._vote(
                PACE, match, seat, user_id, version, "pace_accepted", accept=accept, now=now
            )
            if agreed is None:
                return match, standing, None
            report = await self._switch(match, agreed.seat, agreed.limit, now)
            return report.match, None, report

    async def pending_pace(self, match_id: int) -> PaceOffer | None:
        """The pace switch waiting for answers in a match, if any."""
        async with self._store.transaction():
            return await self._pending(PACE, await self._load(match_id))

    async def _switch(self, match: Match, seat: Seat | None, limit: int | None, now: datetime) -> TurnReport:
        """Log the switch to ``limit`` (asked by ``seat``; None: an organiser) and carry it out, inside the
        caller's transaction."""
        entry = LogEntry(match.version + 1, LogKind.PACE, seat, pace_notation(limit), now)
        report = await self._record(match, entry, now)
        await change_limit(self._store, report.match, limit, now)
        return replace(report, match=replace(report.match, turn_limit=limit))
