"""The clock: turn deadlines and reminders, votes on a late seat, vacations and quiet hours."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from fractions import Fraction

from bot.app.clocks.deadlines import (
    LIVE_LIMIT,
    VACATION_DAYS_PER_YEAR,
    QuietHours,
    QuietHoursError,
    active_deadline,
    is_live,
    on_vacation,
    parse_quiet_hours,
    turn_times,
    vacation_days_used,
)
from bot.app.clocks.game_clock import ClockFace, clock_runs, clock_times, from_ms, live_play, low_time_at
from bot.app.desk.pings import (
    CADENCE_KEY,
    EVERY_CADENCES,
    due_step,
    earliest_step,
    ping_prefs,
    reminder_steps,
    superseded_names,
)
from bot.app.matches.core import Core
from bot.app.matches.log import (
    sample_chance,
)
from bot.app.matches.model import (
    DueStep,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchStatus,
    TurnClock,
    TurnReport,
)
from bot.app.matches.seat_clocks import extend, faces, keep_times_left, times_left
from bot.app.matches.time_off import turn_pauses
from bot.app.seats.acting import Action
from bot.app.seats.ai import is_ai
from bot.app.storage import Store
from games.base import Outcome, Seat, Termination

log = logging.getLogger(__name__)


def _majority(votes: Mapping[int, str], voters: int) -> str | None:
    """The choice more than half of ``voters`` made, if any."""
    tally = {c: sum(1 for v in votes.values() if v == c) for c in set(votes.values())}
    return next((c for c, n in tally.items() if 2 * n > voters), None)


async def change_limit(store: Store, match: Match, limit: int | None, now: datetime) -> None:
    """Give ``match``'s turns ``limit`` seconds from ``now`` on (None: no deadline), inside the caller's transaction.

    The running turns carry over by one rule: a turn keeps its start (the time already used counts against the
    new limit) when, counted so, at least half of the new limit is left; otherwise it starts afresh now with
    the whole new limit. So live → play by post keeps the minutes used (they hardly matter against days), and
    a live turn lengthened keeps its pace (2 → 5 minutes after 1 minute used: 4 minutes left), while play by
    post → live never makes a turn late on the spot for hours already spent. Reminders already sent are
    forgotten: the new pace's reminders follow (see :func:`bot.app.clocks.deadlines.is_live`). A turn whose time
    already ran out under the old limit keeps its vote and its start.

    A game clock stops when the match goes to play by post and runs on when it comes back to live
    (:func:`bot.app.clocks.game_clock.clock_runs`): each seat keeps the time it had left at the switch.
    """
    left = await times_left(store, match, now)
    await store.set_turn_limit(match.id, limit, now=now)
    if limit is not None:
        await _carry_turns_over(store, match, limit, now)
    if left:
        await keep_times_left(store, replace(match, turn_limit=limit), left, now)


async def _carry_turns_over(store: Store, match: Match, limit: int, now: datetime) -> None:
    """The running turns under a new ``limit`` (see :func:`change_limit`)."""
    span = timedelta(seconds=limit)
    for seat, (since, handled) in (await store.load_clocks(match.id)).items():
        if "expired" in handled or "decided" in handled or seat >= len(match.seats):
            continue
        pauses = await turn_pauses(store, replace(match, turn_limit=limit), match.seats[seat], since)
        kept = active_deadline(since, span, pauses) - now >= span / 2
        await store.restart_clock(match.id, seat, now=since if kept else now)


class TurnClocks(Core):
    """Turn clocks, what the tick must do, votes on a late turn and their outcome, vacations, quiet hours."""

    # Deadlines.

    async def clocks(self, match_id: int) -> dict[Seat, TurnClock]:
        """The running turn clocks of a match, by seat, with their reminder times and deadline."""
        async with self._store.transaction(immediate=False):
            match = await self._load(match_id)
            return await self._clocks_of(match)

    async def _clocks_of(self, match: Match) -> dict[Seat, TurnClock]:
        timed = clock_runs(match.turn_limit, match.options)
        if (match.turn_limit is None and not timed) or match.status is not MatchStatus.ACTIVE:
            return {}
        found = await self._store.load_clocks(match.id)
        kept = await self._store.load_game_clocks(match.id) if timed else {}
        result: dict[Seat, TurnClock] = {}
        for seat, (since, handled) in found.items():
            if seat >= len(match.seats) or (match.turn_limit is None and seat not in kept):
                continue
            user = match.seats[seat]
            pauses = await turn_pauses(self._store, match, user, since) if match.turn_limit is not None else []
            left = from_ms(kept[seat][0]) if seat in kept else None
            times = clock_times(since, match.turn_limit, left, pauses)
            # The game clock's one warning of the match is told like a threshold of the turn.
            done = (*handled, "low") if seat in kept and kept[seat][1] else tuple(handled)
            result[seat] = TurnClock(match.id, seat, match.seats[seat], since, done, times, left)
        return result

    async def clock_faces(self, match_id: int) -> dict[Seat, ClockFace]:
        """Each seat's game clock now, for the posts (empty for a match without one): time left, and the
        flag-fall instant of a running clock."""
        now = self._clock()
        async with self._store.transaction(immediate=False):
            return await faces(self._store, await self._load(match_id), now)

    async def next_wake(self, now: datetime) -> datetime | None:
        """The next instant after ``now`` when a running turn reaches a threshold not yet handled (half time,
        the late reminder, the deadline), or None when no turn runs against a clock.

        The clock's tick sleeps until then (never longer than its usual period), so a live turn of one minute
        ends on time. Vacations and quiet hours only delay a step, so waking at the undelayed instant is early,
        never late.
        """
        async with self._store.transaction(immediate=False):
            rows = await self._store.running_clocks()
            timed = await self._store.running_game_clocks(LIVE_LIMIT)
        found: list[datetime] = []
        for _match_id, _seat, since, handled, limit in rows:
            times = turn_times(since, limit)
            for name, at in (("half", times.half), ("soon", times.soon), ("expired", times.deadline)):
                if name not in handled and at > now:
                    found.append(at)
        # A game clock wakes the tick for its flag fall and its low-time warning.
        for _match_id, _seat, since, handled, ms, warned in timed:
            remaining = from_ms(ms)
            if "expired" not in handled and since + remaining > now:
                found.append(since + remaining)
            if not warned and low_time_at(since, remaining) > now:
                found.append(low_time_at(since, remaining))
        return min(found, default=None)

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
            # A member's own cadence may remind before half time (every few hours): only then are turns looked
            # at earlier (see bot.app.desk.pings).
            in_use = await self._store.pref_values(CADENCE_KEY)
            early = [c for c in EVERY_CADENCES if c in in_use]
            # Vacations and quiet hours only delay a step, so a turn not yet at half time has nothing due:
            # most ticks end here without loading a single match.
            waking = {
                match_id
                for match_id, _seat, since, handled, limit in rows
                if ("expired" not in handled or "decided" in handled)
                and now >= since + earliest_step(timedelta(seconds=limit), early)
            }
            # Nor is a game clock before its low-time warning (or, once warned, before its flag fall).
            waking |= {
                match_id
                for match_id, _seat, since, handled, ms, warned in await self._store.running_game_clocks(LIVE_LIMIT)
                if ("expired" not in handled or "decided" in handled)
                and now >= (since + from_ms(ms) if warned else low_time_at(since, from_ms(ms)))
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
                    if clock.times.deadline <= now:
                        if "expired" not in clock.handled:
                            steps.append(DueStep(match, clock, "expired"))
                        continue
                    low = clock.left is not None and "low" not in clock.handled
                    if low and clock.left is not None and low_time_at(clock.since, clock.left) <= now:
                        # Once per match, on time: a game clock runs through vacations and quiet hours.
                        steps.append(DueStep(match, clock, "low"))
                        continue
                    if match.turn_limit is None:
                        continue  # a game clock alone: no reminder per turn
                    pauses = await turn_pauses(self._store, match, clock.user_id, clock.since)
                    if on_vacation(now, pauses):
                        continue
                    quiet = await self.quiet_hours(clock.user_id)
                    if quiet is not None and quiet.contains(now):
                        continue
                    prefs = ping_prefs(await self._store.load_prefs(clock.user_id))
                    if prefs.cadence != "standard" and not live_play(match.turn_limit, match.options):
                        # The member's own cadence (play by post only: live play keeps its one warning).
                        own = reminder_steps(prefs.cadence, clock.since, clock.times.deadline, half=clock.times.half)
                        if (name := due_step(own, clock.handled, now)) is not None:
                            steps.append(DueStep(match, clock, name))
                        continue
                    for threshold, at in (("half", clock.times.half), ("soon", clock.times.soon)):
                        if threshold == "half" and live_play(match.turn_limit, match.options):
                            continue  # live play: one warning when time runs low, no ping at half time
                        if threshold == "soon" and is_live(match.turn_limit):
                            # Live play warns a seat once a match: a player who is away (a phone died) is not
                            # pinged again at every turn the table hands them; the deadline still applies.
                            if (match.id, clock.seat) in self._warned_live:
                                continue
                            # Nor while they are playing a long turn (the match moved in the last quarter of
                            # the limit): a later tick warns them if they stop.
                            if now - match.updated_at < timedelta(seconds=match.turn_limit or 0) / 4:
                                continue
                        if at <= now and threshold not in clock.handled:
                            steps.append(DueStep(match, clock, threshold))
                            break
        return sorted(steps, key=lambda step: (step.clock.since, step.match.id, step.clock.seat))

    async def claim(self, step: DueStep) -> bool:
        """Mark ``step`` as handled; False when another tick (or a move) got there first: then do nothing."""
        async with self._store.transaction():
            if step.threshold == "low":
                return await self._store.claim_low_warning(step.match.id, step.clock.seat)
            if step.threshold == "soon":
                # A late reminder makes the half-time one pointless.
                await self._store.mark_clock(step.match.id, step.clock.seat, step.clock.since, "half", claim=True)
            for earlier in superseded_names(step.threshold):
                # A member's own cadence: the reminders this one comes after are pointless now.
                await self._store.mark_clock(step.match.id, step.clock.seat, step.clock.since, earlier, claim=True)
            # On PostgreSQL a clock row another process is claiming right now is skipped (SKIP LOCKED): that
            # process sends the reminder, so two shard processes never send the same one.
            claimed = await self._store.mark_clock(
                step.match.id, step.clock.seat, step.clock.since, step.threshold, claim=True
            )
            if claimed and step.threshold == "soon" and is_live(step.match.turn_limit):
                self._warned_live.add((step.match.id, step.clock.seat))
            return claimed

    async def extend_turn(self, match_id: int, seat: Seat, since: datetime | None = None) -> Match:
        """Give a late seat a fresh turn (its clock starts again, reminders included; a game clock pays the time
        taken so far, and one whose flag fell gets :func:`bot.app.clocks.game_clock.grace`).

        With ``since``, only the turn that began then is extended: a second call for the same late turn
        (a retry) changes nothing.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_active(match_id)
            clocks = await self._store.load_clocks(match.id)
            if since is None or (seat in clocks and clocks[seat][0] == since):
                await extend(self._store, match, seat, now)
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
        otherwise one legal move is drawn with the match's seeded generator. When the seat still acts after it
        (a throw on Ur's rosette earns another), its next decision gets a deadline of its own.

        Raises:
            MatchError: ``not_active``, or ``vote_closed`` when the seat is no longer late (it acted).
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._late(match_id, seat, since)
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
            decided = before.apply(decision)
            entry = LogEntry(match.version + 1, LogKind.AUTO, seat, before.format_move(decision), now, after=decided)
            state, chance = await self._chance_steps(match, decided, entry.ply, now)
            report = await self._conclude(match, before, state, [entry, *chance], now)
            if report.match.status is MatchStatus.ACTIVE and seat in report.match.state.actors():
                # The seat owes another decision (Ur's rosette): a fresh deadline for it. Its turn's deadline is
                # handled, so kept running it would never expire again and the match would wait for ever.
                await self._store.restart_clock(match.id, seat, now=now)
            return report

    async def forfeit(self, match_id: int, seat: Seat, since: datetime | None = None) -> TurnReport:
        """End the match as ``seat``'s forfeit (its time ran out); every other seat wins.

        Raises:
            MatchError: ``not_active``, or ``vote_closed`` when the seat is no longer late.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._late(match_id, seat, since)
            others = tuple(s for s in range(len(match.seats)) if s != seat)
            entry = LogEntry(match.version + 1, LogKind.FORFEIT, seat, "forfeit", now)
            if (taken := await self._take_over(match, seat, entry, now)) is not None:
                return taken
            return await self._record(
                match, entry, now, status=MatchStatus.FINISHED, result=Outcome(Termination.FORFEIT, winners=others)
            )

    async def _time_up(self, match: Match, seat: Seat, now: datetime) -> TurnReport | None:
        """``seat``'s move arrives at ``now``, inside its transaction: when the seat's game clock reached zero and
        the sweep has not handled the flag yet (it runs a moment later), the match's timeout policy comes first,
        as the sweep would have applied it. ``forfeit`` and ``move`` are carried out here (their report stands
        instead of the move); ``vote`` refuses the move until the other players are asked. None: time is left.

        Raises:
            MatchError: ``time_up_vote`` (the vote policy: the move waits for the vote).
        """
        if not clock_runs(match.turn_limit, match.options):
            return None
        left = (await times_left(self._store, match, now)).get(seat)
        since, handled = (await self._store.load_clocks(match.id)).get(seat, (None, ()))
        if left is None or left > timedelta() or since is None or "expired" in handled:
            return None  # time left, or the sweep already applied the policy (a vote asked: the seat may act)
        if match.on_timeout == "forfeit":
            return await self.forfeit(match.id, seat, since)
        if match.on_timeout == "move":
            return await self.play_for(match.id, seat, since)
        raise MatchError("time_up_vote")

    async def _late(self, match_id: int, seat: Seat, since: datetime | None) -> Match:
        """The active match in which ``seat`` is still late on its turn begun at ``since`` (None: any turn).

        Raises:
            MatchError: ``not_active``, or ``vote_closed`` when the seat acted meanwhile.
        """
        match = await self._load_active(match_id)
        clocks = await self._store.load_clocks(match.id)
        if seat not in match.state.actors() or (since is not None and clocks.get(seat, (None,))[0] != since):
            raise MatchError("vote_closed")
        return match

    # Vacations and quiet hours.

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
            # Hours the allowance spent by itself overlap nothing the member plans: only declared ones do.
            declared = await self._store.load_declared_vacations(user_id)
            if any(a < ends_at and starts_at < b for _, a, b in declared):
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
            for vacation_id, _start, end in await self._store.load_declared_vacations(user_id):
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
        await self._store.set_pref(
            user_id, "quiet_hours", None if quiet is None else quiet.to_text(), now=self._clock()
        )
