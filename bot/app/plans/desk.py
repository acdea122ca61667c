"""Plans as the member handles them: the form to fill, leaving a plan, seeing and cancelling it, and the words
owed for plans the game left. Discord-free; every step is one store transaction.

A plan is left at the match version the member saw (``expected_version``): a match that moved on since is refused
(:class:`bot.app.matches.BoardChangedError`), so a plan and a move arriving together never both count for one
position — on PostgreSQL too, where loading the match's row in a write transaction locks it until the commit.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.app.matches import BoardChangedError, Clock, Match, MatchError, MatchService, MatchStatus, require_seat
from bot.app.plans import drafts, turns
from bot.app.plans.drafts import PlanDraft
from bot.app.plans.entry import check_plan
from bot.app.plans.follow import Dropped
from bot.app.plans.kinds import ANY_REPLY, ROLL_GAMES, TURN_GAMES, RollPlans, keyed, reply_depth
from bot.app.plans.model import Branch, Keyed, Plan
from bot.app.plans.suggest import roll_depth, suggested
from bot.app.seats.acting import Action
from bot.app.storage import Store
from games.base import GameError, GameState, Seat

TURN_CACHE = 64
"""Turn plans' offers a desk keeps (a form's menus are redrawn at each pick)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One condition of the form with the member's moves for it: a roll, or an opponent's reply."""

    when: str
    """The condition's notation (``roll:2``, or the reply ``B3-C4``)."""
    label: str
    """What the member reads for it: the roll's value, or the reply's notation."""
    moves: tuple[str, ...]
    """The member's legal moves once it happened, in the game's notation (empty: a reply's answers are asked
    for once it is chosen, see :meth:`PlanForm.answers`)."""
    at: GameState
    """Where the choice's moves are made: the member's position with that roll; for a reply, the position the
    opponent plays it in (the member's answers are made after it)."""


def answered_at(choice: Choice) -> GameState:
    """Where the member answers a reply plan's ``choice``: after the reply (a choice for any reply is already
    there)."""
    if choice.when == turns.ANY:
        return choice.at
    return choice.at.apply(choice.at.parse_move(choice.when))


@dataclass(frozen=True, slots=True)
class PlanForm:
    """What the member fills in to leave a plan for a match at ``version``."""

    match: Match
    seat: Seat
    version: int
    keyed: Keyed
    choices: tuple[Choice, ...]
    prefill: tuple[Branch, ...]
    """The member's standing plan from this very position, else the judge's suggestions in an unrated match;
    empty in a rated match."""
    rated: bool
    known: GameState
    """The position as the member may know it (:func:`known_position`)."""
    turns: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """A turn plan's offers: each opponent turn (a choice's ``when``) with the member's turns for it."""
    forced: tuple[Choice, ...] = ()
    """A roll plan's rolls with one move: it plays itself, and is on the form only for the turn after it."""
    second: bool = False
    """A turn plan may name a second turn (its part before what the member's draw decides), for any opponent
    turn: :meth:`PlanDesk.second_turns` offers them."""
    order_kept: bool = False
    """The member keeps the standing order that ends a second planned turn (else its rest asks them)."""

    @property
    def roll_depth(self) -> int:
        """A roll plan's turns: the form pages (and the judge suggests) that many of the member's turns ahead,
        as deep as the rule set allows within the plan's bound (:func:`~bot.app.plans.suggest.roll_depth`)."""
        return roll_depth(self.match.game, self.known)

    def answers(self, reply: str) -> tuple[str, ...]:
        """The member's legal moves once the opponent made ``reply`` (a reply plan's second menu); in a turn
        plan, the member's whole turns the form offers after that opponent turn.

        Raises:
            MatchError: ``plan_reply``: not a reply the form offers.
        """
        if self.keyed == "turn":
            for when, answers in self.turns:
                if when == reply:
                    return answers
            raise MatchError("plan_reply", reply=reply)
        return _answers(self.known, self.seat, reply, self.match.game.id)

    def turn_after(self, choice: Choice, move: str) -> tuple[Choice, ...]:
        """The choices of the member's turn after ``choice`` played ``move`` (a move of its ``moves``, or of
        :meth:`answers`): in a roll plan the rolls with a choice on the board the move leaves, the opponent's turn
        passed over; in a reply plan the opponent's replies there. Empty when nothing follows (the game won, a
        turn plan)."""
        if self.keyed == "roll":
            return tuple(c for c in self.rolls_after(choice, move) if len(c.moves) > 1)
        if self.keyed == "reply":
            walked = _walk(self.known, self.seat, self.match.game.id, [(choice, move)])
            return () if walked is None else _listed_choices(*walked, self.seat, self.match.game.id)
        return ()

    def rolls_after(self, choice: Choice, move: str) -> tuple[Choice, ...]:
        """A roll plan's rolls of the member's turn after ``choice`` played ``move`` (the opponent's turn passed
        over), each with its moves: those with one move too (it plays itself; only its own turn after is
        planned). Empty once the move wins."""
        after = choice.at.apply(choice.at.parse_move(move, self.seat))
        if after.outcome() is not None:
            return ()
        return _roll_choices_at(ROLL_GAMES[self.match.game.id], after, self.seat)

    def answers_at(self, choice: Choice) -> tuple[str, ...]:
        """The member's legal moves once the opponent made ``choice`` (a reply of :meth:`turn_after`)."""
        return _moves_after(choice, self.seat)

    @property
    def reply_depth(self) -> int:
        """The member's turns a reply plan reaches (:func:`~bot.app.plans.kinds.reply_depth`)."""
        return reply_depth(self.match.game.id) if self.keyed == "reply" else 2

    def deeper(
        self, choice: Choice, move: str, second: Choice, answer: str, picks: Sequence[str]
    ) -> list[tuple[str, ...]]:
        """A reply plan's turns after its second (the line ``choice`` → ``move``, then ``second``, a choice of
        :meth:`turn_after`, → ``answer``), each for any reply, up to :attr:`reply_depth`: the member's moves at
        each, as far as ``picks`` (the moves picked there, the third turn's first) lead."""
        game_id = self.match.game.id
        found: list[tuple[str, ...]] = []
        steps = [(choice, move), (second, answer)]
        for level in range(2, self.reply_depth):
            walked = _walk(self.known, self.seat, game_id, steps)
            if walked is None:
                break
            anyway = next((c for c in _listed_choices(*walked, self.seat, game_id) if c.when == turns.ANY), None)
            if anyway is None:
                break
            moves = _moves_after(anyway, self.seat)
            found.append(moves)
            if level - 2 >= len(picks) or picks[level - 2] not in moves:
                break
            steps.append((anyway, picks[level - 2]))
        return found


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's plan for one match, as they see it: standing, or dropped and not yet told."""

    match_id: int
    plan: Plan
    dropped: Dropped | None


def known_position(match: Match, seat: Seat) -> GameState:
    """The position as ``seat``'s member may know it: in a game with secrets, what they cannot see is dealt again
    (from a generator of this match and version alone, so asking twice reads the same)."""
    if not match.game.has_hidden_info:
        return match.state
    return match.game.resample_hidden(match.state, seat, random.Random(f"plan:{match.id}:{match.version}:{seat}"))


def dropped_of(text: str | None) -> Dropped | None:
    """The stored reason a plan was dropped (see :func:`drop_text`)."""
    if text is None:
        return None
    data = json.loads(text)
    return Dropped(str(data["reason"]), {str(k): str(v) for k, v in dict(data.get("words", {})).items()})


def drop_text(dropped: Dropped) -> str:
    """The stored form of why a plan was dropped."""
    return json.dumps({"reason": dropped.reason, "words": dropped.words}, ensure_ascii=False, separators=(",", ":"))


class PlanDesk:
    """Leave, read and cancel plans; hand out the words for plans the game left (see the module docstring)."""

    def __init__(self, store: Store, service: MatchService, clock: Clock) -> None:
        self._store = store
        self._service = service
        self._clock = clock
        self._turns: dict[tuple[int, int, Seat], list[tuple[str, str, GameState, tuple[str, ...]]]] = {}
        """Turn plans' offers by match, version and seat: the AI finds them once, each menu pick reads them."""
        self._seconds: dict[tuple[int, int, Seat, str, str], tuple[str, ...]] = {}
        """Second turns offered, by match, version, seat and the first line they follow."""

    async def form(self, match_id: int, user_id: int) -> PlanForm:
        """What ``user_id`` may plan now in the match: the conditions with their moves and the pre-filled branches.

        Raises:
            MatchError: as :meth:`leave` refuses before reading the plan (``no_match``, ``not_active``,
                ``not_seated``, ``plan_ai``, ``plan_over``, ``plan_your_turn``, ``plan_none``: nothing to plan).
        """
        match, seat = await self._planner(await self._service.get(match_id), user_id)
        known = known_position(match, seat)
        if known.outcome() is not None:
            raise MatchError("plan_over")
        if seat in known.actors() and not known.is_chance():
            raise MatchError("plan_your_turn")
        kind = keyed(match.game.id, known)
        offers: list[tuple[str, str, GameState, tuple[str, ...]]] = []
        forced: tuple[Choice, ...] = ()
        if kind == "roll":
            every = _roll_choices_at(ROLL_GAMES[match.game.id], known, seat)
            # A roll with one move (or none) needs no pick: it plays itself, and only its turn after is planned.
            choices = tuple(c for c in every if len(c.moves) > 1)
            forced = tuple(c for c in every if len(c.moves) == 1)
        elif kind == "turn":
            offers = await self._turn_offers(match, known, seat)
            choices = tuple(Choice(when, label, (), at) for when, label, at, _ in offers)
        else:
            choices = _reply_choices(known, seat, match.game.id)
        if not choices:
            raise MatchError("plan_none")
        rated = await self._service.counts_for_rating(match)
        prefill: tuple[Branch, ...] = ()
        async with self._store.transaction(immediate=False):
            row = await self._store.load_plan(match.id, user_id)
        second = kind == "turn" and _until(match.game.id) is not None
        if row is not None and row.dropped is None and row.base == match.version:
            prefill = Plan.from_json(row.seat, row.base, row.body).branches
            if kind == "turn":
                prefill = tuple(turns.flat_plan(b) for b in prefill)
        elif not rated and kind == "turn":
            # The AI's first guess of the opponent's turn and its first answer (then its second turn, for any
            # turn of theirs): the judge is too slow for a form over whole turns, and the quickest level is the
            # one that proposed them.
            first = Branch(offers[0][0], offers[0][3][0])
            seconds = await self._second_turns(match, seat, known, offers, first) if second else ()
            prefill = (Branch(first.when, first.play, (Branch(turns.ANY, seconds[0]),) if seconds else ()),)
        elif not rated:
            rng = random.Random(f"suggest:{match.id}:{match.version}:{seat}")
            prefill = suggested(match.game, known, seat, rng)
        offered = tuple((when, answers) for when, _, _, answers in offers)
        kept = second and await self._keeps_order(match, user_id)
        return PlanForm(match, seat, match.version, kind, choices, prefill, rated, known, offered, forced, second, kept)

    async def second_turns(self, form: PlanForm, when: str, mine: str) -> tuple[str, ...]:
        """The second turns ``form`` offers after its line ``when`` → ``mine`` (a turn plan whose game has them):
        the quickest AI's, each up to where the member's draw would decide (Ultima-Tek: its bonus phase); empty
        when the game has none or nothing follows the line."""
        if not form.second:
            return ()
        offers = await self._turn_offers(form.match, form.known, form.seat)
        return await self._second_turns(form.match, form.seat, form.known, offers, Branch(when, mine))

    async def _second_turns(
        self,
        match: Match,
        seat: Seat,
        known: GameState,
        offers: list[tuple[str, str, GameState, tuple[str, ...]]],
        first: Branch,
    ) -> tuple[str, ...]:
        until = _until(match.game.id)
        if until is None or not offers:
            return ()
        key = (match.id, match.version, seat, first.when, first.play)
        if key not in self._seconds:
            wild = offers[0][2] if offers[0][0] == turns.ANY else None
            found = await asyncio.to_thread(
                turns.second_turns, match.game, known, seat, first, wild, match.version, until
            )
            if len(self._seconds) >= TURN_CACHE:
                self._seconds.pop(next(iter(self._seconds)))
            self._seconds[key] = found
        return self._seconds[key]

    async def _keeps_order(self, match: Match, user_id: int) -> bool:
        """Whether the member keeps the standing order that ends a second planned turn (one of its kind)."""
        kind = TURN_GAMES.get(match.game.id)
        if kind is None or kind.second_order is None:
            return False
        orders = await self._service.standing_orders(match.id, user_id)
        return any(o.kind == kind.second_order.kind for o in orders)

    async def _turn_offers(
        self, match: Match, known: GameState, seat: Seat
    ) -> list[tuple[str, str, GameState, tuple[str, ...]]]:
        """The turn plan's offers at the match's version, found once by the AI in a worker thread (a form is made
        while the bot serves everyone else)."""
        key = (match.id, match.version, seat)
        if key not in self._turns:
            seed = f"turns:{match.id}:{match.version}:{seat}"
            found = await asyncio.to_thread(turns.candidates, match.game, known, seat, seed)
            if len(self._turns) >= TURN_CACHE:
                self._turns.pop(next(iter(self._turns)))
            self._turns[key] = found
        return self._turns[key]

    async def _wild(self, match_id: int, user_id: int, version: int) -> GameState | None:
        """Where a turn plan's "whatever they play" branch is checked: after the opponent turn the form guessed
        likeliest at ``version`` (None in other games, or once the match moved on: the save is refused then)."""
        match, seat = await self._planner(await self._service.get(match_id), user_id)
        if keyed(match.game.id) != "turn" or match.version != version:
            return None
        offers = await self._turn_offers(match, known_position(match, seat), seat)
        return offers[0][2] if offers else None

    async def leave(
        self,
        match_id: int,
        user_id: int,
        branches: tuple[Branch, ...],
        *,
        expected_version: int,
        keep_order: bool = False,
    ) -> Plan:
        """Keep ``branches`` as ``user_id``'s plan for the match from ``expected_version`` on (replacing theirs);
        with ``keep_order``, when the plan names a second turn, also the standing order that ends it ("end my
        bonus phase"), kept with the member's other orders.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``/``seat_left``, ``plan_ai`` (the AI plays the
                seat), then the refusals of :func:`bot.app.plans.entry.check_plan`; nothing is stored.
            BoardChangedError: the match moved on since ``expected_version`` (a move came first).
        """
        now = self._clock()
        wild = await self._wild(match_id, user_id, expected_version)  # before the transaction: no lock held meanwhile
        async with self._store.transaction():
            await self._store.load_match_row(match_id)  # in a write transaction: the match's row is ours until commit
            match, seat = await self._planner(await self._service.get(match_id), user_id)
            if match.version != expected_version:
                raise BoardChangedError(match.version)
            plan = Plan(seat, match.version, keyed(match.game.id, match.state), branches)
            plan = check_plan(match.game, known_position(match, seat), seat, plan, wild)
            await self._store.put_plan(match.id, user_id, seat, plan.base, plan.to_json(), plan.entries(), now=now)
        kind = TURN_GAMES.get(match.game.id)
        order = kind.second_order if kind is not None else None
        if (
            keep_order
            and order is not None
            and any(turns.tail(b) for b in plan.branches)
            and not await self._keeps_order(match, user_id)
        ):
            # Its own transaction, after the plan's: the member's seat is not to act, so it plays nothing now.
            await self._service.set_standing_order(match_id, user_id, order)
        return plan

    async def cancel(self, match_id: int, user_id: int) -> bool:
        """Forget ``user_id``'s plan for the match; True when there was one."""
        async with self._store.transaction():
            return await self._store.delete_plan(match_id, user_id)

    async def plans_of(self, user_id: int, match_id: int | None = None) -> list[Standing]:
        """``user_id``'s plans (of one match, or all), as only they may see them."""
        async with self._store.transaction(immediate=False):
            if match_id is None:
                rows = await self._store.load_plans_of(user_id)
            else:
                row = await self._store.load_plan(match_id, user_id)
                rows = [] if row is None else [row]
        return [Standing(r.match_id, Plan.from_json(r.seat, r.base, r.body), dropped_of(r.dropped)) for r in rows]

    async def take_words(self, match_id: int) -> list[tuple[int, Dropped]]:
        """(member, why) for each plan of the match the game left since last asked, each handed out once."""
        async with self._store.transaction():
            rows = await self._store.take_dropped_plans(match_id)
        return [(r.user_id, d) for r in rows if (d := dropped_of(r.dropped)) is not None]

    async def forget_match(self, match_id: int) -> None:
        """Forget every plan and plan draft of a match that is over (no word: the match's end says it all)."""
        async with self._store.transaction():
            await self._store.delete_plans_of_match(match_id)
            await self._store.delete_plan_drafts_of_match(match_id)

    async def new_draft(self, form: PlanForm, user_id: int, branches: tuple[Branch, ...]) -> PlanDraft:
        """Keep a new draft of ``form`` for ``user_id`` (their oldest past :data:`~bot.app.plans.drafts.KEEP`
        and everyone's past :data:`~bot.app.plans.drafts.LIFETIME` go)."""
        now = self._clock()
        body = drafts.body_of(form.keyed, branches)
        async with self._store.transaction():
            await self._store.expire_plan_drafts(now - drafts.LIFETIME)
            token = await self._store.new_plan_draft(
                form.match.id, user_id, form.version, body, now=now, keep=drafts.KEEP
            )
        return PlanDraft(token, form.version, branches)

    async def change_draft(self, form: PlanForm, user_id: int, token: int, branches: tuple[Branch, ...]) -> PlanDraft:
        """Change the draft ``token`` of ``form`` to ``branches`` (a new draft when it is gone)."""
        body = drafts.body_of(form.keyed, branches)
        async with self._store.transaction():
            kept = await self._store.put_plan_draft(form.match.id, user_id, token, body, now=self._clock())
        return PlanDraft(token, form.version, branches) if kept else await self.new_draft(form, user_id, branches)

    async def draft(self, form: PlanForm, user_id: int, token: int) -> PlanDraft | None:
        """The draft ``token`` of ``user_id``'s form, or None when it is gone or was made at another version."""
        async with self._store.transaction(immediate=False):
            row = await self._store.load_plan_draft(form.match.id, user_id, token)
        if row is None or row[0] != form.version:
            return None
        return PlanDraft(token, row[0], drafts.branches_of_body(row[1]))

    async def _planner(self, match: Match, user_id: int) -> tuple[Match, Seat]:
        if match.status is MatchStatus.FINISHED or match.status is MatchStatus.ABORTED:
            raise MatchError("plan_over")
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        seat = require_seat(match, user_id, Action.MOVE)
        if seat in match.ai:
            raise MatchError("plan_ai")
        return match, seat


def _until(game_id: str) -> turns.Until | None:
    kind = TURN_GAMES.get(game_id)
    return kind.until if kind is not None else None


def _roll_choices_at(rolls: RollPlans, position: GameState, seat: Seat) -> tuple[Choice, ...]:
    """The rolls the member may get from ``position`` (the opponent's turn passed over) that leave them a move."""
    found = []
    for value in rolls.rolls(position):
        ahead = rolls.at_roll(position, seat, value)
        if ahead is None:
            continue
        moves = tuple(ahead.format_move(m) for m in ahead.legal_moves(seat) if ahead.mover(m) == seat)
        if moves:
            found.append(Choice(rolls.condition(position, value), str(value), moves, ahead))
    return tuple(found)


def _reply_choices(known: GameState, seat: Seat, game_id: str) -> tuple[Choice, ...]:
    if known.is_chance():
        return ()
    others = [s for s in known.actors() if s != seat]
    if len(others) != 1:
        return ()
    found = []
    for move in known.legal_moves(others[0]):
        if known.mover(move) != others[0]:
            continue
        after = known.apply(move)
        if after.is_chance() or after.outcome() is not None or after.actors() != (seat,):
            continue  # the member does not answer this reply directly: nothing to key on
        text = known.format_move(move)
        found.append(Choice(text, text, (), known))
    kind = ANY_REPLY.get(game_id)
    if found and kind is not None:
        # Whatever they reply, unless the game's auto-stop fires: answered where the first reply offered leaves
        # the board (the member's own moves hardly depend on which; the plan is read again against the real one),
        # or on the board with the reply passed over where the game says so. Offered last: the menus' numbers of
        # the replies stay as they were.
        first = found[0]
        at = kind.passed(known, seat) if kind.passed is not None else None
        found.append(Choice(turns.ANY, turns.ANY, (), at or first.at.apply(first.at.parse_move(first.when))))
    return tuple(found)


def _walk(
    known: GameState, seat: Seat, game_id: str, steps: Sequence[tuple[Choice, str]]
) -> tuple[GameState, GameState] | None:
    """The boards after a reply plan's line (each step a choice and the member's move): the one the game would
    reach, a reply for any reply assumed (:func:`_answering`), and the one its menus are listed on, where a game
    that lists answers to any reply with the reply passed over (Variante 3) passes each over, so no square an
    assumed reply took is missing from the menus further on. None: the line cannot be played."""
    kind = ANY_REPLY.get(game_id)
    real = listing = known
    named = {move for _, move in steps}
    for choice, move in steps:
        answered = _answering(real, choice, move, seat, game_id, named)
        if answered is None:
            return None
        real = answered.apply(answered.parse_move(move, seat))
        if kind is None or kind.passed is None:
            listing = real
            continue
        base = (
            kind.passed(listing, seat) if choice.when == turns.ANY else listing.apply(listing.parse_move(choice.when))
        )
        if base is None:
            return None
        listing = base.apply(base.parse_move(move, seat))
    return real, listing


def _listed_choices(real: GameState, listing: GameState, seat: Seat, game_id: str) -> tuple[Choice, ...]:
    """The opponent's replies after a line (:func:`_walk`), the answers to any reply listed on ``listing``."""
    kind = ANY_REPLY.get(game_id)
    found = _reply_choices(real, seat, game_id)
    passed = kind.passed(listing, seat) if kind is not None and kind.passed is not None else None
    if passed is None:
        return found
    return tuple(Choice(c.when, c.label, c.moves, passed) if c.when == turns.ANY else c for c in found)


def _answering(
    before: GameState, choice: Choice, move: str, seat: Seat, game_id: str, named: Collection[str] = ()
) -> GameState | None:
    """The board the member plays ``move`` on in answer to ``choice``, a reply made in ``before``: after it;
    for any reply listed on a board with the reply passed over, after the last reply (in the rules' order)
    that leaves ``move`` legal, other than those ``named`` (None: none does)."""
    kind = ANY_REPLY.get(game_id)
    if choice.when != turns.ANY or kind is None or kind.passed is None:
        return answered_at(choice)
    others = [s for s in before.actors() if s != seat]
    if len(others) != 1:
        return None
    # The last such reply: the menus after it lack the square it took (in Variante 3 the board's last, C8, one of
    # the five single squares of which a goal wants one).
    for reply in reversed(before.legal_moves(others[0])):
        if before.format_move(reply) in named:
            continue  # a move the line names later (in Variante 3 its square)
        after = before.apply(reply)
        try:
            if seat in after.actors() and after.mover(after.parse_move(move, seat)) == seat:
                return after
        except GameError:
            continue
    return None


def _answers(known: GameState, seat: Seat, reply: str, game_id: str) -> tuple[str, ...]:
    for choice in _reply_choices(known, seat, game_id):
        if choice.when == reply:
            return _moves_after(choice, seat)
    raise MatchError("plan_reply", reply=reply)


def _moves_after(choice: Choice, seat: Seat) -> tuple[str, ...]:
    after = answered_at(choice)
    return tuple(after.format_move(m) for m in after.legal_moves(seat) if after.mover(m) == seat)
