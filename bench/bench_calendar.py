"""How many days a match by post really takes: ``python bench/bench_calendar.py [--game G] [--matches N]``.

The yardstick of issue 36 (ask only when it matters, plans ahead). Complete seeded matches of every game and
rule set are played through the bot's application layer: :class:`bot.app.matches.MatchService` (with the
defaults a member gets at ``/game new``: autoplay of forced decisions on, a 48-hour turn limit, a vote when it
runs out) on a SQLite file, and :func:`bot.app.posting.plan`, which decides whom a change pings. The clock is
simulated and jumps from event to event (a priority queue of the members' answer times): nothing sleeps.

Members have a day: awake from 8:00 to 23:00 in their own time zone (Europe/Paris, America/New_York or
Asia/Tokyo, drawn by seed). A pinged member answers after an exponential delay of mean 3 hours counted in
awake time only, so a ping at night waits for the morning. The moves are chosen by the project's AI (the
``easy`` level by default, seeded by the match and its version, as an AI seat is).

A member model (:class:`MemberModel`) says which stand-ins the bot runs for the members (``stand_ins``: the
bot's own, :mod:`bot.app.standins`, played by the match service inside each change exactly as in the bot), and
decides, at each turn change still waiting for a member, whether the member is asked or the bench plays for them
(``at_turn``), and what they leave after answering (``after_answer``). Model A is today: no stand-in, every turn
that waits for a member pings them, and they answer. Model B keeps issue 36's defaults: the autopilot ("ask only
when it matters", :mod:`bot.app.standins.autopilot`), every member having switched it on at 1 point. Model C
also leaves a small plan after each answer (:class:`ModelC`: one turn deep); model D leaves the form's whole
plan (:class:`ModelD`: in Ur as deep as the rule set's form goes, four turns in Variante 1 and 2, three in Variante 3
and Ravensburger; two in Subulata and Ultima-Tek); model E is a what-if, D one turn deeper in Ur
(:class:`ModelE`). The loop also carries out a model's
:class:`PlayFor` (the moves are played at once, nobody pinged, the turn counted as played for the member; a
turn the plan does not finish goes back to the model).

Per game and rule set it prints the matches played, answers asked per member per match, turn changes (all,
those that waited for a member, those autoplayed because every decision was forced), the median and p90 days
to finish, and how many turn deadlines would have expired, with the reminders sent on the way. Asserts
nothing.

Against issue 36's figures (median turn changes 140 Variante 2, 79 Ravensburger, 74 Variante 1, 84 Subulata, 84
Ursuppe at 4 players, 60 Ultima-Tek; 4.7 hours a turn change; 12 to 27 days): the counts depend on the AI that
plays (Variante 2: 159 with ``easy``, 150 with ``normal``); not every turn change waits for a member (autoplay plays
the forced ones, and a turn that comes back at once to the member playing needs no ping); and a ping waits some
6 hours with the three time zones mixed, 4.8 when both players live in one zone (the issue's 4.7).

The autopilot's cost in win rate (model B's price) is measured apart, by ``bench/bench_autopilot.py``, and the
time of one of its checks by ``bench/bench_choice.py``.

Targets (issue 36, for models B and C): unrated, model C: median at most 7 days and answers asked
at most a third of model A's; rated, model C: median at most 10 days.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import hashlib
import heapq
import itertools
import math
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import astuple, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import MappingProxyType
from typing import Literal, Protocol
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from bench.kept_orders import kept_at, kept_orders
from bot.app.ai_runner import ai_decision
from bot.app.clocks.deadlines import DEADLINE_CHOICES, DEFAULT_DEADLINE, turn_times
from bot.app.matches import LogKind, Match, MatchError, MatchService, MatchStatus, ServiceConfig, TurnReport
from bot.app.matches.model import StandIn
from bot.app.orders import Order
from bot.app.plans import turns
from bot.app.plans.desk import PlanDesk, PlanForm, known_position
from bot.app.plans.follow import PLAYED
from bot.app.plans.model import GO_ON, Branch, Plan
from bot.app.plans.suggest import suggested
from bot.app.plans.turns import ANY
from bot.app.posting import Question, Situation, TurnPost, plan
from bot.app.standins.autopilot import AUTOPILOT_STAND_IN
from bot.app.standins.orders import ORDERS
from bot.app.standins.plans import PLANS
from bot.app.storage import Store
from bot.shell.plans.draft import branches_of, draft_of
from games.ai import decide
from games.base import GameState, Seat

TABLES: tuple[tuple[str, str, dict[str, str], int, int], ...] = (
    ("ur:v1", "ur", {"rules": "v1"}, 2, 60),
    ("ur:v2", "ur", {"rules": "v2"}, 2, 60),
    ("ur:v3", "ur", {"rules": "v3"}, 2, 60),
    ("ur:rb", "ur", {"rules": "rb"}, 2, 60),
    ("subulata", "subulata", {}, 2, 60),
    ("ultimatek", "ultimatek", {}, 2, 25),
    ("ursuppe:3", "ursuppe", {}, 3, 15),
    ("ursuppe:4", "ursuppe", {}, 4, 40),
    ("ursuppe:6", "ursuppe", {}, 6, 15),
)
"""Label, game id, the game's options (the defaults otherwise: Ultima-Tek's 60-turn cap), players, and the
matches played by default (fewer where a match costs seconds of CPU: the whole run stays near 10 minutes)."""

ZONES: tuple[str, ...] = ("Europe/Paris", "America/New_York", "Asia/Tokyo")
AWAKE_FROM = 8
"""A member wakes at 8:00 local time ..."""
AWAKE_UNTIL = 23
"""... and goes to sleep at 23:00."""
MEAN_ANSWER = timedelta(hours=3)
"""The mean delay of an answer to a ping, in awake time."""
EPOCH = datetime(2026, 3, 2, tzinfo=UTC)
"""Matches start at a seeded instant in the week after this Monday."""
TURN_LIMIT: int = DEADLINE_CHOICES[DEFAULT_DEADLINE] or 48 * 3600
"""The turn limit a member gets by default at ``/game new`` (48 hours), in seconds."""
Unpinged = Literal["delay", "reminder"]
"""How a member who must act but was pinged by no change learns it: as if pinged, or from the half-time reminder."""
ANSWER_CAP = 400
"""Most decisions one answer plays (a safety net: a turn never has that many)."""


def awake_after(start: datetime, awake: timedelta, zone: str) -> datetime:
    """The instant when a member of ``zone`` has spent ``awake`` of awake time (8:00–23:00 local) since
    ``start``: time asleep does not count, so a ping at night waits for the morning.

    Day boundaries are local wall times (daylight saving moves them in UTC); differences are taken in UTC.
    """
    tz = ZoneInfo(zone)
    now = start.astimezone(UTC)
    left = awake
    for _ in range(10_000):
        local = now.astimezone(tz)
        day = local.date()
        wake = datetime(day.year, day.month, day.day, AWAKE_FROM, tzinfo=tz).astimezone(UTC)
        sleep = datetime(day.year, day.month, day.day, AWAKE_UNTIL, tzinfo=tz).astimezone(UTC)
        if now < wake:
            now = wake
        elif now >= sleep:
            after = day + timedelta(days=1)
            now = datetime(after.year, after.month, after.day, AWAKE_FROM, tzinfo=tz).astimezone(UTC)
            continue
        if now + left <= sleep:
            return now + left
        left -= sleep - now
        now = sleep
    raise RuntimeError("an awake delay of more than 10,000 days")


@dataclass(frozen=True, slots=True)
class Member:
    """A simulated member: their user id, time zone and answer delays (drawn from their own generator)."""

    user_id: int
    zone: str
    rng: random.Random

    def answers_at(self, pinged: datetime) -> datetime:
        """When the member answers a ping sent at ``pinged``."""
        delay = timedelta(seconds=self.rng.expovariate(1.0 / MEAN_ANSWER.total_seconds()))
        return awake_after(pinged, delay, self.zone)


# Member models: who is asked at a turn change.


@dataclass(frozen=True, slots=True)
class TurnStart:
    """A turn change that waits for ``seat``: what a member model looks at to decide."""

    match: Match
    seat: Seat
    member: Member
    question: bool
    """The seat acts out of turn (a defender, a holder), asked by a question rather than the turn post."""


Ask = Literal["ask"]


@dataclass(frozen=True, slots=True)
class PlayFor:
    """The model plays the seat's decisions for the member without asking: ``moves`` in notation, ``why`` the
    reason the turn post would give (``"could not matter"``, ``"plan"``)."""

    moves: tuple[str, ...]
    why: str


Leave = Callable[[PlanDesk], Awaitable[None]]
"""What a member leaves after an answer (a plan), carried out by the table with the bot's plan desk."""


class MemberModel(Protocol):
    """A policy deciding, at each turn change that waits for a member, whether the member is asked (and pinged)
    or their move is played for them (by the autopilot of issue 36 item 1, or by their plan, item 2)."""

    name: str
    stand_ins: tuple[StandIn, ...]
    """The stand-ins the match service runs for the members (:class:`bot.app.matches.ServiceConfig`), in the
    order they are asked: what they play never reaches ``at_turn`` (the change plays it, as in the bot)."""
    settings: Mapping[str, str]
    """The standing preferences every member chose (:data:`bot.app.member_settings.MEMBER_SETTINGS`), set
    before the match starts: model B's members switched "ask only when it matters" on."""
    orders: Mapping[str, tuple[Order, ...]]
    """The standing orders every member sets in a match of each game (by game id) once it starts, with the orders
    panel's own call (:meth:`bot.app.matches.MatchService.set_standing_order`): model D's Ursuppe members."""

    def at_turn(self, start: TurnStart) -> Ask | PlayFor:
        """Ask the member, or play for them."""
        ...

    def after_answer(self, start: TurnStart, played: tuple[str, ...]) -> Leave | None:
        """The member answered ``start`` with ``played``: a model with plans returns what the member leaves (the
        table carries it out with the plan desk before anything else happens), others None."""
        ...

    def after_plan(self, match_id: int, user_id: int) -> Leave | None:
        """The member's plan played its last move and the bot's DM offers the next plan's form: a model that
        answers it returns what the member leaves when they next look (the table carries it out then, if the
        match still stands where the form was made), others None."""
        ...


class ModelA:
    """Today: every turn change that waits for a member pings them and waits for their answer."""

    name = "A"
    stand_ins: tuple[StandIn, ...] = ()
    settings: Mapping[str, str] = MappingProxyType({})
    orders: Mapping[str, tuple[Order, ...]] = MappingProxyType({})

    def at_turn(self, start: TurnStart) -> Ask | PlayFor:
        """Always ask."""
        return "ask"

    def after_answer(self, start: TurnStart, played: tuple[str, ...]) -> Leave | None:
        """Nothing is planned today."""
        return None

    def after_plan(self, match_id: int, user_id: int) -> Leave | None:
        """No plan, no form to answer."""
        return None


class ModelB:
    """Issue 36's defaults once chosen: every member switched the autopilot on at its first threshold, 1 point
    (it is off until a member chooses it); it plays a decision whose choice cannot matter (in a rated match, only
    when all moves are within 1 point, the first legal move), inside the change."""

    name = "B"
    stand_ins: tuple[StandIn, ...] = (AUTOPILOT_STAND_IN,)
    settings: Mapping[str, str] = MappingProxyType({"autopilot": "1"})
    orders: Mapping[str, tuple[Order, ...]] = MappingProxyType({})

    def at_turn(self, start: TurnStart) -> Ask | PlayFor:
        """What the autopilot left is asked."""
        return "ask"

    def after_answer(self, start: TurnStart, played: tuple[str, ...]) -> Leave | None:
        """B leaves no plan."""
        return None

    def after_plan(self, match_id: int, user_id: int) -> Leave | None:
        """No plan, no form to answer."""
        return None


class ModelC(ModelB):
    """Model B, and after each answer the member leaves a small plan (:mod:`bot.app.plans`), as the plan form
    offers it: in Ur a move for the two likeliest rolls that leave a choice; elsewhere one reply, the judge's guess
    of the opponent's move (in Ultima-Tek any turn of theirs, in Subulata any reply), with the answer to it. A
    reply plan is left through the form's own draft (:func:`as_saved`). In an unrated match these are
    the judge's suggestions the form is pre-filled with; in a rated one the form starts blank and the member picks
    the same moves themselves. The plan stand-in runs first, as in the bot.

    Plan after plan: when a plan of theirs played its last move, the bot's DM offers the next plan's form; the
    member answers it when they next look, after the delay of a ping, without holding the match up. A form the
    game has passed by then (the opponent, at the board when the plan played, played on) is stale: nothing is
    left."""

    name = "C"
    stand_ins: tuple[StandIn, ...] = (PLANS, AUTOPILOT_STAND_IN)
    ROLLS = 2
    """Rolls a plan names in Ur."""
    KEEP_ORDER = False
    """Whether the member keeps the order that ends a second planned turn, as the form offers (Ultima-Tek)."""

    def __init__(self) -> None:
        self.plans: Counter[str] = Counter()
        """Plans left, and forms refused by why (``none:<key>``), counted into :attr:`MatchFigures.plans`."""

    def after_answer(self, start: TurnStart, played: tuple[str, ...]) -> Leave | None:
        """Leave the plan through the desk once the answer is played."""
        return self.leave(start.match.id, start.member.user_id)

    def after_plan(self, match_id: int, user_id: int) -> Leave | None:
        """Answer the next plan's form the DM offers, the same way (plan after plan)."""
        return self.leave(match_id, user_id)

    def leave(self, match_id: int, user_id: int) -> Leave:
        """The small plan the member leaves on the form as it reads now."""

        async def leave(desk: PlanDesk) -> None:
            try:
                form = await desk.form(match_id, user_id)
            except MatchError as refused:
                # Nothing to plan (the member's turn again, no choice ahead, three players or more).
                self.plans[f"none:{refused.key}"] += 1
                return
            rng = random.Random(f"plan:{match_id}:{form.version}")
            if form.prefill:
                branches = form.prefill
            elif form.keyed == "turn":
                # A rated form offers whole turns with nothing picked: the member picks its first offers themselves
                # (the turn for any opponent turn, then the second turn the form offers after it).
                first = form.choices[0].when
                mine = form.answers(first)[0]
                seconds = await desk.second_turns(form, first, mine)
                branches = (Branch(first, mine, (Branch(ANY, seconds[0]),) if seconds else ()),)
            else:
                branches = suggested(form.match.game, form.known, form.seat, rng)
            branches = self.trim(form, branches)
            if form.keyed == "reply":
                branches = as_saved(form, branches)
            if branches:
                keep = self.KEEP_ORDER and form.second and not form.order_kept
                with contextlib.suppress(MatchError):
                    await desk.leave(match_id, user_id, branches, expected_version=form.version, keep_order=keep)
                    self.plans["left"] += 1

        return leave

    def trim(self, form: PlanForm, branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
        """What C keeps of the form's offer: in Ur the two likeliest rolls with a choice, elsewhere one reply;
        one turn deep (the form offers two)."""
        if form.keyed == "roll":
            odds = dict(getattr(form.known, "ROLL_ODDS", ()))
            likeliest = sorted(form.choices, key=lambda c: -odds.get(int(c.label), 0))[: self.ROLLS]
            kept = {c.when for c in likeliest}
            branches = tuple(b for b in branches if b.when in kept)
        else:
            # One line: for any reply where the form offers it (it covers the guessed one too), else the guessed.
            branches = tuple(b for b in branches if b.when == ANY)[:1] or branches[:1]
        return tuple(Branch(b.when, b.play) if form.keyed != "turn" else turns_one(b) for b in branches)


def turns_one(branch: Branch) -> Branch:
    """A turn plan's branch without its second turn (model C leaves one turn)."""
    return Branch(branch.when, branch.play)


def as_saved(form: PlanForm, branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
    """What the form's menus keep of a reply plan's ``branches`` and save (at most five lines, each a reply, its
    answer, and one reply after it with its answer): the member leaves the plan with the menus."""
    return branches_of(form, draft_of(dataclasses.replace(form, prefill=branches)))


class ModelD(ModelC):
    """Model C as deep as the form goes: after each answer the member leaves the plan the form offers whole (in Ur
    their next turns as many as the rule set's form offers, four in Variante 1 and 2, three elsewhere: a move for
    every roll with a choice, under each the moves of the turn after for every roll, and so on; in Subulata the
    judge's guess of the reply with the answer, then of the next reply with the answer, each answer also for any
    reply; in Variante 3's placement phase the same, up to the member's fifth placement; in Ultima-Tek any
    opponent turn → the member's turn, then for any opponent turn the second turn up to its bonus phase, each
    stopped when the opponent's turn changes what it does, with the order "end my bonus phase" the form offers
    kept: what the what-if model F measured before the form offered it, so F is D).
    Pre-filled in an unrated match; in a rated one the member picks the same moves themselves. In Ursuppe, which
    has no plan form, every member sets the standing orders a sensible member keeps at that number of players
    (:mod:`bench.kept_orders`) at the start of each match."""

    name = "D"
    stand_ins: tuple[StandIn, ...] = (PLANS, ORDERS, AUTOPILOT_STAND_IN)
    orders: Mapping[str, tuple[Order, ...]] = MappingProxyType({"ursuppe": kept_orders("ursuppe")})
    KEEP_ORDER = True

    def trim(self, form: PlanForm, branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
        """The form's offer whole (Ultima-Tek: both turns, and the order "end my bonus phase" kept)."""
        return branches


class ModelE(ModelD):
    """What if, one turn deeper than the form offers: in Ur the judge's moves for every roll of one turn more than
    the rule set's form offers (five turns in Variante 1 and 2, four elsewhere: more branches than a plan may hold,
    so the bot refuses it wherever the fullest such plan would pass the bound, and nothing is left); in Ultima-Tek,
    after D's plan (any opponent turn → the member's turn the form found), the turn after it: the quickest AI's
    guess of the opponent's next turn and its answer to it, from the position the form guessed, left for any
    opponent turn with the same auto-stop, written to the store as the plan desk keeps plans, unchecked; D
    elsewhere. It measures what a deeper plan would save, nothing more."""

    name = "E"

    def trim(self, form: PlanForm, branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
        """One turn more of the judge's moves than the form offers in a roll game; D's plan elsewhere."""
        if form.keyed != "roll":
            return super().trim(form, branches)
        rng = random.Random(f"plan:{form.match.id}:{form.version}")
        return suggested(form.match.game, form.known, form.seat, rng, depth=form.roll_depth + 1)

    def leave(self, match_id: int, user_id: int) -> Leave:
        """D's plan, then its second turn."""
        first = super().leave(match_id, user_id)

        async def leave(desk: PlanDesk) -> None:
            await first(desk)
            if await second_turn(desk, match_id, user_id, getattr(self, "ACTIONS_ONLY", False)):
                self.plans["second turn"] += 1

        return leave


async def second_turn(desk: PlanDesk, match_id: int, user_id: int, actions_only: bool = False) -> bool:
    """Add to a member's one-turn plan for any opponent turn the turn after it (see :class:`ModelE`); with
    ``actions_only``, the turn up to its bonus phase (what model D now leaves through the form)."""
    store, service = desk._store, desk._service  # a what-if: the desk offers no second turn
    row = await store.load_plan(match_id, user_id)
    match = await service.get(match_id)
    if row is None or row.dropped is not None or row.base != match.version:
        return False
    planned = Plan.from_json(row.seat, row.base, row.body)
    if planned.keyed != "turn" or [b.when for b in planned.branches] != [ANY]:
        return False
    seat, game = planned.seat, match.game
    offers = turns.candidates(game, known_position(match, seat), seat, f"turns:{match.id}:{match.version}:{seat}")
    if not offers:
        return False
    state = offers[0][2]
    for text in turns.split(turns.flat(planned.branches[0])):
        state = state.apply(state.parse_move(text, seat))
    rng = random.Random(f"second:{match_id}:{planned.base}")
    state = turns.settle(state, rng)
    if state.outcome() is not None or len(state.actors()) != 1 or seat in state.actors():
        return False
    (mover,) = state.actors()
    _, state = turns.play_turn(game, state, mover, lambda s: decide(game.id, s, mover, turns.LEVEL, rng))
    state = turns.settle(state, rng)
    if state.outcome() is not None or state.actors() != (seat,):
        return False
    mine, _ = turns.play_turn(game, state, seat, lambda s: decide(game.id, s, seat, turns.LEVEL, rng))
    if actions_only:
        kept = []
        for text in mine:
            if getattr(state, "phase", 0) >= BONUS_PHASE:
                break
            kept.append(text)
            state = state.apply(state.parse_move(text, seat))
        mine = kept
    if not mine:
        return False
    after = (Branch(ANY, mine[0], turns.chain(mine).then),)
    plan = Plan(seat, planned.base, "turn", (_attach(planned.branches[0], after),))
    await store.put_plan(match_id, user_id, seat, plan.base, plan.to_json(), plan.entries(), now=match.updated_at)
    return True


def _attach(branch: Branch, after: tuple[Branch, ...]) -> Branch:
    """A turn's chain with ``after`` following its last decision."""
    if not branch.then or branch.then[0].when != GO_ON:
        return Branch(branch.when, branch.play, after)
    return Branch(branch.when, branch.play, (_attach(branch.then[0], after),))


BONUS_PHASE = 3
"""Ultima-Tek's bonus phase (:mod:`games.ultimatek.state`)."""


MODELS: dict[str, type[ModelA] | type[ModelB] | type[ModelC]] = {
    "A": ModelA,
    "B": ModelB,
    "C": ModelC,
    "D": ModelD,
    "E": ModelE,
    "F": ModelD,
}


# One match.


@dataclass
class MatchFigures:
    """What one match cost in pings and days."""

    players: int
    turns: int = 0
    """Turns begun, the first included (the end is no turn); the turn changes are one fewer."""
    waited: int = 0
    """Turns that began with a ping and waited for a member's answer."""
    silent: int = 0
    """Turns that came back to the member who was playing, at once (the opponent's turn autoplayed): the post is
    edited, nobody pinged, and the member plays on."""
    autoplayed: int = 0
    """Turns played wholly by autoplay (every decision forced), nobody asked."""
    questions: int = 0
    """Questions out of turn (a defender, a holder), each pinging its seats."""
    played_for: int = 0
    """Turns played without asking the member (0 for model A): by a stand-in inside a change (the autopilot, a
    plan), or by the model's own :class:`PlayFor`."""
    stood_in: Counter[str] = field(default_factory=Counter)
    """Decisions each stand-in played (``autopilot``, ``plan``, ``order``)."""
    pings: Counter[int] = field(default_factory=Counter)
    """Pings by user id: turn posts and questions, each asking for an answer (the end post's not counted)."""
    answers: int = 0
    offered: int = 0
    """Plan forms a DM offered when a plan had played its last move (plan after plan)."""
    looked: int = 0
    at_board: int = 0
    one_sitting: int = 0
    """Plans spent in the very sitting of the opponent's in which they played their first move: every turn of
    the plan answered a move of theirs at once, so no word sent on the way (at its last turn, say) could reach
    its member before the game moved on."""
    """Of the forms offered, those offered while the opponent was at the board: the plan played its last move in
    answer to a move of theirs, and they play on at once (so the form is stale before its member can read it)."""
    """Of those, the forms the member read while the match still stood where the form was made."""
    stops: Counter[str] = field(default_factory=Counter)
    """Answers asked because a stand-in stopped (:attr:`bot.app.matches.model.Stopped.why`: ``order.danger`` …)."""
    asked_at: Counter[str] = field(default_factory=Counter)
    """Answers by the step the member was asked at (the state's ``phase`` and ``step`` where it has them)."""
    plans: Counter[str] = field(default_factory=Counter)
    """What became of the plans: ``left``, the form refused (``none:<key>``: nothing to plan there), and why each
    ended (``played``: spent; ``unforeseen``, ``stopped``, ``moved``, ``undone``: the game left it)."""
    waiting: timedelta = timedelta()
    """Wall-clock time from each ping to its answer, summed."""
    decisions: int = 0
    reminders: Counter[str] = field(default_factory=Counter)
    """Deadline steps the clock would have taken: ``half`` and ``soon`` reminders, ``expired`` turns."""
    days: float = 0.0
    finished: bool = False


@dataclass(order=True)
class _Event:
    at: datetime
    order: int
    user_id: int = field(compare=False)
    moves: tuple[str, ...] | None = field(default=None, compare=False)
    """Moves played for the member by their model (None: the member answers)."""
    look: tuple[int, Leave] | None = field(default=None, compare=False)
    """The member reads the plan form a DM offered them at this match version and leaves what it says (no
    answer to a ping: nobody waits for it)."""


class Table:
    """One match run through the service with a simulated clock."""

    def __init__(
        self,
        service: MatchService,
        clock: list[datetime],
        members: list[Member],
        model: MemberModel,
        level: str,
        unpinged: Unpinged = "delay",
        desk: PlanDesk | None = None,
    ) -> None:
        self.service = service
        self.desk = desk
        """The plans of the members, as the bot keeps them (None: the model leaves none)."""
        self.clock = clock
        self.members = {m.user_id: m for m in members}
        self.model = model
        self.level = level
        self.unpinged = unpinged
        self.queue: list[_Event] = []
        self.order = itertools.count()
        self.pending: dict[int, datetime] = {}
        self.sitting = 0
        """Answers so far in the match: the number of the member's sitting at the board now."""
        self.plan_began: dict[int, int] = {}
        """Seat → the sitting in which its member's current plan played its first move."""
        """User id → when they were asked (their answer is queued)."""
        self.kept = TurnPost(None, (), 0)
        """The turn post as the bot would keep it (none before the start)."""
        self.question: Question | None = None
        self.expired: set[tuple[int, int, datetime]] = set()
        self.answering: int | None = None
        """The member at the board now (playing their answer)."""
        self.figures = MatchFigures(players=len(members))

    @property
    def now(self) -> datetime:
        return self.clock[0]

    def seat_of(self, match: Match, user_id: int) -> Seat:
        return match.seats.index(user_id)

    def absorb(self, match: Match, report: TurnReport) -> None:
        """Count the turns a change went through and ping whom the messaging policy pings."""
        f = self.figures
        key = self.kept.key
        begun: list[bool] = []
        """Per turn begun in this change: whether a stand-in played one of its decisions."""
        for entry in report.entries:
            if entry.stand_in is not None:
                f.stood_in[entry.stand_in] += 1
                if entry.stand_in == "plan" and entry.seat is not None:
                    self.plan_began.setdefault(entry.seat, self.sitting)
                if begun:
                    begun[-1] = True
            state = entry.after
            if state is None or state.is_chance() or state.outcome() is not None:
                continue  # a roll or a draw belongs to the turn it happens in
            now = _key(state)
            if now != key and not set(now) < set(key):
                begun.append(False)
                f.turns += 1
            key = now
        segments = len(begun)
        # The turns begun and over within this one change were played by autoplay and the stand-ins alone (no
        # member asked); while the match goes on, the last one waits for a member.
        active = match.status is MatchStatus.ACTIVE
        over = begun[:-1] if active else begun
        f.autoplayed += sum(not stood for stood in over)
        f.played_for += sum(over)
        f.decisions += sum(1 for e in report.entries if e.kind is LogKind.MOVE)
        change = plan(self._situation(match))
        asked = [step for step in change.questions if step.action == "ask"]
        # The end post pings every player too, but asks nothing of them.
        pinged = list(change.ping) + [uid for step in asked for uid in step.ping] if active else []
        asked_any = False
        for uid in pinged:
            asked_any |= self._ask(match, uid, question=uid not in change.ping)
        if active and segments:
            if change.ping:
                f.waited += asked_any
                f.played_for += not asked_any
            else:
                f.silent += 1
        f.questions += len(asked)
        self.kept = TurnPost(1, change.turn.key, change.turn.number)  # any message id: one is kept
        self.question = next((Question(1, step.seats) for step in asked), None)
        # A member who must act but was pinged by no change (the turn came back to them at once, say) and is
        # not at the board already still answers, after the same delay.
        if match.status is MatchStatus.ACTIVE:
            for seat in match.state.actors():
                uid = match.seats[seat]
                if uid not in self.pending and uid != self.answering:
                    f.reminders["unpinged"] += 1
                    self._ask(match, uid, question=False, pinged=False)

    def _situation(self, match: Match) -> Situation:
        active = match.status is MatchStatus.ACTIVE
        return Situation(
            seats=match.seats,
            active=active,
            actors=match.state.actors() if active else (),
            on_turn=getattr(match.state.view_for(None), "on_turn", None) if active else None,
            turn=self.kept if self.kept.message_id is not None else None,
            question=self.question,
        )

    def _ask(self, match: Match, uid: int, *, question: bool, pinged: bool = True) -> bool:
        """The member model decides: ask ``uid`` (pinged, their answer queued; True) or play for them at once
        (queued now, no ping; False). A member already asked is pinged again, not queued twice."""
        if uid in self.pending:
            self.figures.pings[uid] += pinged
            return True
        choice = self.model.at_turn(TurnStart(match, self.seat_of(match, uid), self.members[uid], question))
        self.pending[uid] = self.now
        if isinstance(choice, PlayFor) and choice.moves:
            heapq.heappush(self.queue, _Event(self.now, next(self.order), uid, choice.moves))
            return False
        self._queue_answer(uid, pinged)
        return True

    def _queue_answer(self, uid: int, pinged: bool) -> None:
        self.pending[uid] = self.now
        self.figures.pings[uid] += pinged
        # Not pinged: they notice as if pinged (``delay``), or only from the half-time reminder (``reminder``).
        told = self.now if pinged or self.unpinged == "delay" else self.now + timedelta(seconds=TURN_LIMIT) / 2
        at = self.members[uid].answers_at(told)
        heapq.heappush(self.queue, _Event(at, next(self.order), uid))

    async def deadlines(self, match: Match, until: datetime) -> None:
        """Let the bot's clock tick, as it does, at each instant before ``until`` when a waiting turn reaches a
        threshold (half time, the late reminder, the deadline: :func:`bot.app.clocks.deadlines.turn_times`), and count
        the reminders it would send and the deadlines it would find expired. An expired turn is not carried
        out (by default the other players would be asked to vote: wait, play a move for them, or forfeit); the
        member answers anyway, and the report counts it."""
        ticks = sorted(
            {
                at
                for asked in self.pending.values()
                for at in astuple(turn_times(asked, TURN_LIMIT))
                if asked < at <= until
            }
        )
        saved = self.clock[0]
        for at in ticks:
            self.clock[0] = at
            for step in await self.service.due(at):
                if step.match.id != match.id:
                    continue
                if step.threshold == "expired":
                    key = (step.match.id, step.clock.seat, step.clock.since)
                    if key not in self.expired:
                        self.expired.add(key)
                        self.figures.reminders["expired"] += 1
                elif await self.service.claim(step):
                    self.figures.reminders[step.threshold] += 1
        self.clock[0] = saved

    async def words(self, match: Match) -> None:
        """Hand out the words the change left, as the bot's listener does: each plan that played its last move
        DMs its member the next form, which their model may answer when they next look."""
        if self.desk is None:
            return
        for uid, word in await self.desk.take_words(match.id):
            self.figures.plans[word.reason] += 1
            began = self.plan_began.pop(self.seat_of(match, uid), None)
            self.figures.one_sitting += word.reason == PLAYED and began == self.sitting
            if word.reason != PLAYED or match.status is not MatchStatus.ACTIVE:
                continue
            leave = self.model.after_plan(match.id, uid)
            try:
                await self.desk.form(match.id, uid)  # the DM carries a form only when there is one to fill
            except MatchError:
                continue
            if leave is not None:
                self.figures.offered += 1
                self.figures.at_board += self.answering is not None and self.answering != uid
                at = self.members[uid].answers_at(self.now)
                heapq.heappush(self.queue, _Event(at, next(self.order), uid, look=(match.version, leave)))

    async def look(self, match: Match, version: int, leave: Leave) -> None:
        """The member reads the DM's form: still standing where it was made, they leave the plan it says."""
        if self.desk is not None and match.status is MatchStatus.ACTIVE and match.version == version:
            self.figures.looked += 1
            await leave(self.desk)

    async def answer(self, match: Match, uid: int, moves: tuple[str, ...] | None = None) -> Match:
        """The member ``uid`` answers: they play their decisions while the turn is theirs. With ``moves``, the
        member model plays those for them instead, without asking (through :meth:`MatchService.move` until the
        autopilot and plans have their own way in)."""
        asked = self.pending.pop(uid, self.now)
        self.sitting += 1
        seat = self.seat_of(match, uid)
        if seat not in match.state.actors():
            return match
        if moves is not None:
            self.answering = uid
            try:
                for text in moves:
                    report = await self.service.move(match.id, uid, text, expected_version=match.version)
                    match = report.match
                    self.absorb(match, report)
                    await self.words(match)
            finally:
                self.answering = None
            if match.status is MatchStatus.ACTIVE and seat in match.state.actors() and uid not in self.pending:
                # The seat must act again (its turn came back at once, or the plan ran out): the model decides anew.
                self._ask(match, uid, question=False)
            return match
        self.figures.answers += 1
        self.figures.waiting += self.now - asked
        if (why := await self.service.asked_why(match.id, uid)) is not None:
            self.figures.stops[why.why] += 1
        self.figures.asked_at[where(match.state)] += 1
        start = TurnStart(match, seat, self.members[uid], False)
        played: list[str] = []
        self.answering = uid
        try:
            # They play while the seat must act, until a change pings them again (a new turn of theirs: a new
            # ping, answered after a new delay).
            for _ in range(ANSWER_CAP):
                if match.status is not MatchStatus.ACTIVE or seat not in match.state.actors() or uid in self.pending:
                    break
                text = ai_decision(match, seat, self.level)
                report = await self.service.move(match.id, uid, text, expected_version=match.version)
                match = report.match
                played.append(text)
                self.absorb(match, report)
                await self.words(match)
        finally:
            self.answering = None
        leave = self.model.after_answer(start, tuple(played))
        if leave is not None and self.desk is not None:
            await leave(self.desk)
        return match


def where(state: GameState) -> str:
    """The step a member is asked at, as a game with steps names it (``3.buy``: phase and step), else ``-``."""
    step = getattr(state, "step", None)
    phase = getattr(state, "phase", None)
    return "-" if step is None else f"{phase}.{step}" if phase is not None else str(step)


def _key(state: GameState) -> tuple[int, ...]:
    """Whose turn it is, as :func:`bot.app.posting.turn_key` reads it (() once the match is over)."""
    if state.outcome() is not None:
        return ()
    on_turn = getattr(state.view_for(None), "on_turn", None)
    return (on_turn,) if on_turn is not None else tuple(sorted(state.actors()))


async def play_match(
    store: Store,
    game_id: str,
    options: dict[str, str],
    players: int,
    seed: str,
    channel: int,
    model: MemberModel,
    level: str,
    unpinged: Unpinged = "delay",
    rated: bool = True,
    before_start: Callable[[Store, Match], Awaitable[None]] | None = None,
) -> MatchFigures:
    """One seeded match, start to finish, on the simulated calendar. ``before_start`` prepares the match in its
    lobby (a bench leaving the members' standing orders, say)."""
    rng = random.Random(seed)
    start = EPOCH + timedelta(seconds=rng.randrange(7 * 24 * 3600))
    clock = [start]
    config = ServiceConfig(
        stand_ins=model.stand_ins,
        seed_factory=lambda: seed,
        server_seed_factory=lambda: hashlib.sha256(seed.encode()).hexdigest(),
        salt_factory=lambda: f"{rng.getrandbits(64):016x}",
        nonce_factory=lambda: f"{rng.getrandbits(128):032x}",
    )
    service = MatchService(store, lambda: clock[0], config)
    members = [Member(channel * 10 + i, rng.choice(ZONES), random.Random(f"{seed}/member/{i}")) for i in range(players)]
    match = await service.create(
        game_id,
        {**options, "autoplay": "on"},
        guild_id=1,
        channel_id=channel,
        creator_id=members[0].user_id,
        seed=seed,
        turn_limit=TURN_LIMIT,
        on_timeout="vote",
        rated=rated,
        capped=False,
    )
    for member in members[1:]:
        await service.join(match.id, member.user_id, capped=False)
    for member in members:
        for key, value in model.settings.items():
            await service.set_member_setting(member.user_id, key, value)
    if before_start is not None:
        await before_start(store, match)
    table = Table(service, clock, members, model, level, unpinged, PlanDesk(store, service, lambda: clock[0]))
    report = await service.start(match.id, members[0].user_id)
    match = report.match
    table.absorb(match, report)
    await table.words(match)
    for member in members:
        for order in (o for o in model.orders.get(game_id, ()) if kept_at(game_id, o.kind, players)):
            # As the orders panel sets them: the order plays at once when it applies to a decision asked now.
            change = await service.set_standing_order(match.id, member.user_id, order)
            if change.report is not None:
                match = change.report.match
                table.absorb(match, change.report)
    while match.status is MatchStatus.ACTIVE and table.queue:
        event = heapq.heappop(table.queue)
        await table.deadlines(match, event.at)
        clock[0] = event.at
        if event.look is not None:
            await table.look(match, *event.look)
            continue
        match = await table.answer(match, event.user_id, event.moves)
    figures = table.figures
    figures.finished = match.status is MatchStatus.FINISHED
    figures.days = (clock[0] - start) / timedelta(days=1)
    figures.plans.update(getattr(table.model, "plans", Counter()))
    return figures


# The run.


def quantile(values: list[float], q: float) -> float:
    """The q-quantile of ``values``, by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


@contextlib.contextmanager
def first_offer_only() -> Iterator[None]:
    """Ultima-Tek's plan forms find only their first offer while the bench runs. A bench member leaves the form's
    first offer (any opponent turn, answered with the AI's first turn for the turn it guessed first), and the
    form finds that one first, from the same seeds and within the same tries, whatever else it offers: the plans
    and figures are the same, and a match costs far less CPU (the form's AI plays some 30 turns to offer the
    rest)."""
    saved = turns.OPPONENT_TURNS, turns.OWN_TURNS, turns.TRIES
    # As many tries for the one offer as the form gives all of them (the first found is the same).
    turns.TRIES = turns.OPPONENT_TURNS * turns.TRIES
    turns.OPPONENT_TURNS, turns.OWN_TURNS = 1, 1
    try:
        yield
    finally:
        turns.OPPONENT_TURNS, turns.OWN_TURNS, turns.TRIES = saved


async def run_table(
    label: str,
    game_id: str,
    options: dict[str, str],
    players: int,
    matches: int,
    seed: int,
    model: str,
    level: str,
    unpinged: Unpinged = "delay",
    rated: bool = True,
    autopilot: str | None = None,
) -> list[MatchFigures]:
    """``matches`` seeded matches of one game and rule set; ``autopilot``: the threshold the members of a model
    with the autopilot chose instead of 1 point (2 or 5, unrated)."""
    results: list[MatchFigures] = []
    with tempfile.TemporaryDirectory() as tmp, first_offer_only():
        store = await Store.open(str(Path(tmp) / "calendar.db"))
        try:
            for i in range(matches):
                results.append(
                    await play_match(
                        store,
                        game_id,
                        options,
                        players,
                        f"calendar/{label}/{seed}/{i}",
                        i + 1,
                        member_model(model, autopilot),
                        level,
                        unpinged,
                        rated,
                    )
                )
        finally:
            await store.close()
    return results


def member_model(name: str, autopilot: str | None = None) -> MemberModel:
    """A fresh member model ``name``, its members' autopilot at ``autopilot`` points when it has one."""
    model = MODELS[name]()
    if autopilot is not None and "autopilot" in model.settings:
        model.settings = MappingProxyType({**model.settings, "autopilot": autopilot})
    return model


def report(label: str, results: list[MatchFigures], seconds: float) -> None:
    """Print one table's figures (medians per match unless said)."""
    players = results[0].players

    def median(values: list[float]) -> float:
        return statistics.median(values)

    steps: Counter[str] = Counter()
    for r in results:
        steps.update(r.reminders)
    days = [r.days for r in results]
    answers = sum(r.answers for r in results)
    hours = sum((r.waiting for r in results), timedelta()) / timedelta(hours=1) / max(answers, 1)
    notes = [f"{players} players", f"{seconds:.0f} s"]
    if unfinished := sum(not r.finished for r in results):
        notes.append(f"{unfinished} unfinished")
    if played := sum(r.played_for for r in results):
        notes.append(f"{played} turns played for a member")
    stood: Counter[str] = Counter()
    for r in results:
        stood.update(r.stood_in)
    notes += [f"{n} decisions by the {name}" for name, n in sorted(stood.items())]
    stops: Counter[str] = Counter()
    asked_at: Counter[str] = Counter()
    for r in results:
        stops.update(r.stops)
        asked_at.update(r.asked_at)
    if stops:
        notes.append("asked as a stand-in stopped: " + ", ".join(f"{n} {why}" for why, n in stops.most_common()))
    if len(asked_at) > 1:
        per = len(results) * players
        notes.append(
            "answers per member and match by step: "
            + ", ".join(f"{step} {n / per:.1f}" for step, n in asked_at.most_common(8))
        )
    ends: Counter[str] = Counter()
    for r in results:
        ends.update(r.plans)
    if ends:
        notes.append("plans: " + ", ".join(f"{n} {why}" for why, n in sorted(ends.items())))
    if offered := sum(r.offered for r in results):
        notes.append(
            f"{sum(r.looked for r in results)} of {offered} next-plan forms answered before the game moved"
            f" ({sum(r.at_board for r in results)} offered while the opponent was at the board; of the plans spent,"
            f" {sum(r.one_sitting for r in results)} played all their turns in one sitting of the opponent's)"
        )
    if steps["unpinged"]:
        notes.append(f"{steps['unpinged']} answers without a ping")
    print(
        f"{label:<10} {len(results):>4} {median([sum(r.pings.values()) / r.players for r in results]):>8.1f} "
        f"{median([r.turns - 1 for r in results]):>8.0f} {median([r.waited for r in results]):>7.0f} "
        f"{median([r.silent for r in results]):>6.0f} {median([r.autoplayed for r in results]):>5.0f} "
        f"{median([r.questions for r in results]):>5.0f} {hours:>5.2f} "
        f"{median(days):>6.1f} {quantile(days, 0.9):>6.1f} "
        f"{steps['half']:>5} {steps['soon']:>5} {steps['expired']:>4}   ({', '.join(notes)})"
    )


async def run(
    only: str | None,
    matches: int | None,
    seed: int,
    model: str,
    level: str,
    unpinged: Unpinged = "delay",
    rated: bool = True,
    autopilot: str | None = None,
) -> None:
    print(
        f"model {model}{f' (autopilot at {autopilot} points)' if autopilot else ''}; "
        f"{'rated' if rated else 'unrated'} matches; moves by the {level} AI; "
        f"members awake {AWAKE_FROM}:00-{AWAKE_UNTIL}:00 in "
        f"{', '.join(ZONES)}; answer after {MEAN_ANSWER.total_seconds() / 3600:g} h of awake time on average; "
        f"turn limit {DEFAULT_DEADLINE}, on timeout: vote; autoplay of forced decisions on; a member who must act "
        f"without a ping answers {'as if pinged' if unpinged == 'delay' else 'after the half-time reminder'}"
    )
    print(
        "medians per match: answers asked per member; turn changes; of the turns (the first included), those that "
        "waited for a ping,\nthose that came back to the member playing (no ping), those autoplayed (forced); "
        "questions out of turn;\nmean wall-clock hours from a ping to its answer; days to finish (median, p90); "
        "the clock's steps over all\nmatches: half-time and late reminders, deadlines expired"
    )
    print(
        f"{'game':<10} {'n':>4} {'answers':>8} {'changes':>8} {'waited':>7} {'silent':>6} {'auto':>5} {'quest':>5} "
        f"{'h/ans':>5} {'days':>6} {'p90':>6} {'half':>5} {'soon':>5} {'exp':>4}"
    )
    for label, game_id, options, players, default in TABLES:
        if only is not None and not label.startswith(only):
            continue
        began = time.perf_counter()
        results = await run_table(
            label, game_id, options, players, matches or default, seed, model, level, unpinged, rated, autopilot
        )
        report(label, results, time.perf_counter() - began)
    print(
        "targets (issue 36): unrated, model C: median <= 7 days and "
        "answers asked <= a third of model A's; rated, model C: median <= 10 days"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the tables whose label starts with this (ur:v2, ursuppe:4, ...)")
    parser.add_argument(
        "--matches",
        type=int,
        help="matches per game and rule set (default: 60; Ultima-Tek 25, Ursuppe 40 at 4 players, 15 at 3 and 6)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", choices=sorted(MODELS), default="A")
    parser.add_argument("--level", default="easy", help="the AI level choosing the members' moves (default easy)")
    parser.add_argument(
        "--unpinged",
        choices=("delay", "reminder"),
        default="delay",
        help="a member who must act but was pinged by nothing answers as if pinged (default) or after the half-time "
        "reminder",
    )
    parser.add_argument("--unrated", action="store_true", help="unrated matches (default: rated, as at /game new)")
    parser.add_argument(
        "--autopilot",
        choices=("1", "2", "5"),
        help="the points of winning chance within which the members of models B to E let the autopilot play "
        "(default 1; 2 and 5 play only in unrated matches)",
    )
    args = parser.parse_args()
    asyncio.run(
        run(
            args.game,
            args.matches,
            args.seed,
            args.model,
            args.level,
            args.unpinged,
            rated=not args.unrated,
            autopilot=args.autopilot,
        )
    )


if __name__ == "__main__":
    main()
