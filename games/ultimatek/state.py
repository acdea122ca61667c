"""Ultima-Tek (Lucas Borboleta, CC BY-NC-SA 4.0): the engine.

Rules: ``shared/rules/ultimatek.fr.txt`` with the field, set-up, bonus counts and rulings of
``ultimatek.md``. Seat 0 is blue (scores in column i), seat 1 red (scores in column a). Hexes are named by
column letter ``a``–``i`` (left to right) and row number from ``1`` at the top (see
:mod:`games.ultimatek.field`).

Flow of a match. Chance nodes first: ``kickoff:blue`` or ``kickoff:red`` (even odds), then each side draws
three bonuses, one token per chance node. Then turns alternate, each in three phases:

1. Reveal (only when the side to act has face-down bonuses): ``reveal c3`` or ``discard c3`` for each of
   them, until none is left. A revealed Stop moves at once onto the opponent piece in its hex (whose own
   bonus is discarded) and blocks it, or is discarded when no opponent piece is there.
2. Act, with 3 credits: ``c3-d3`` (a 1-hex move, 1 credit), ``c3-e4 run`` (a 2-hex move activating the
   piece's face-up Run bonus), ``d3>d5`` (a throw by the piece in the disc's hex: 1 credit plus the
   possession and clearing costs), ``d3>e3>f3 fly/`` (a bent flight through its first hex ``e3``), and
   ``end``. The phase ends by itself when nothing is left to do.
3. Bonuses (only when there is a choice): ``discard c3`` (a face-up bonus), ``place fly c3`` (face down
   from the hand), ``end``; then the side draws back up to 3 (chance nodes ``draw:0:fly``), the Stops on
   its own pieces are discarded and the turn passes.

A throw landing in the opponent's grey zone on one of the thrower's pieces able to take possession (its
cost paid at once) scores: the scorer skips phase 3, the field is reset, the side that conceded kicks
off. Two points win. Option ``cap``: the match stops after that many turns (both sides' turns together),
the higher score winning, equal scores drawn.

Rulings (beyond the rule texts): a bonus is activated only for a path the basic rule does not allow; a
blocked piece cannot receive the disc for a point (it is not active); the limit of 3 bonuses on the field
counts a side's tokens on its own pieces and its Stops lying on opponent pieces; a Stop is discarded at
the end of its blocked piece's side's next turn, after that side's draw, so the blocked piece cannot take
a new bonus in that phase 3; a face-down bonus forced off by a Stop or by the reset after a point is
discarded unseen; bonuses placed in a phase 3 cannot be discarded in the same phase; when the discard bag
refills the draw bag, bonuses discarded unseen mix into the bag.

The state text is described in :mod:`games.ultimatek.text`, the notation in :mod:`games.ultimatek.notation`
and hidden information in :mod:`games.ultimatek.hidden`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from games.base import (
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    Outcome,
    Seat,
    Termination,
    not_a_chance_outcome,
)
from games.ultimatek import notation, text
from games.ultimatek.bonuses import (
    COUNTS,
    EMPTY,
    FLIES,
    KINDS,
    RUNS,
    Counts,
    add,
    flights,
    kinds_in,
    move_targets,
    plus,
)
from games.ultimatek.field import FIELD, HEXES
from games.ultimatek.model import (
    ACT,
    BONUS,
    CREDITS,
    DRAW,
    END,
    FIELD_LIMIT,
    GOAL,
    HAND_SIZE,
    POINTS_TO_WIN,
    REVEAL,
    SETUP,
    Action,
    Piece,
)
from games.ultimatek.notation import public_notation
from games.ultimatek.view import BonusView, PieceView, StopView, View

__all__ = ["Action", "Piece", "State", "from_text", "new_state", "public_notation"]


@dataclass(frozen=True)
class State:
    """An Ultima-Tek position (immutable; see the module docstring for the flow and the text).

    ``pieces`` holds all twenty pieces sorted by side then hex. ``hands``, ``bag``, ``discard`` (public
    discards) and ``unseen`` (each side's bonuses discarded without being shown) are count vectors.
    ``to_act`` is -1 before play and once the match is over; ``kickoff`` is -1 before the first draw.
    """

    pieces: tuple[Piece, ...]
    disc: int = -1
    to_act: int = -1
    phase: int = SETUP
    credits: int = CREDITS
    hands: tuple[Counts, Counts] = (EMPTY, EMPTY)
    bag: Counts = COUNTS
    discard: Counts = EMPTY
    unseen: tuple[Counts, Counts] = (EMPTY, EMPTY)
    score: tuple[int, int] = (0, 0)
    kickoff: int = -1
    turns: int = 0
    cap: int = 0
    """The turn cap (0: none)."""
    over: bool = False
    played: tuple[str, ...] = ()
    """The public notations of the actions of the turn in progress."""

    # Lookups.

    @cached_property
    def _at(self) -> dict[tuple[int, int], Piece]:
        return {(p.side, p.hex): p for p in self.pieces}

    def piece(self, side: Seat, hex: int) -> Piece | None:
        """The piece of ``side`` in ``hex``, if any."""
        return self._at.get((side, hex))

    def on_field(self, side: Seat) -> int:
        """How many of ``side``'s bonuses lie on the field (on its pieces, and its Stops on opponent pieces)."""
        return sum(1 for p in self.pieces if p.bonus and (p.side == side) != p.blocked)

    # The contract.

    def actors(self) -> tuple[Seat, ...]:
        """The side to act, at a decision node."""
        if self.over or self.is_chance() or self.to_act < 0:
            return ()
        return (self.to_act,)

    def is_chance(self) -> bool:
        """True at the kick-off draw, and while a side draws bonuses."""
        return not self.over and (self.phase in (SETUP, DRAW))

    @cached_property
    def _chance(self) -> tuple[tuple[Action, Fraction], ...]:
        if not self.is_chance():
            return ()
        if self.phase == SETUP and self.kickoff < 0:
            return tuple((Action("kickoff", seat=s), Fraction(1, 2)) for s in (0, 1))
        drawer = self.to_act if self.phase == DRAW else next(s for s in (0, 1) if sum(self.hands[s]) < HAND_SIZE)
        size = sum(self.bag)
        return tuple(
            (Action("draw", seat=drawer, kind=kind), Fraction(n, size))
            for kind, n in zip(KINDS, self.bag, strict=True)
            if n
        )

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The kick-off side (even odds) or the kind of the next token drawn (its share of the bag)."""
        return self._chance

    @cached_property
    def decisions(self) -> tuple[Action, ...]:
        """The legal decisions of the side to act, sorted (empty at a chance node or once over)."""
        if self.over or self.is_chance() or self.to_act < 0:
            return ()
        me = self.to_act
        mine = [p for p in self.pieces if p.side == me]
        found: list[Action] = []
        if self.phase == REVEAL:
            for p in mine:
                if p.bonus and not p.face_up:
                    found += [Action("reveal", p.hex), Action("discard", p.hex)]
        elif self.phase == ACT:
            found = self._act_moves(mine)
            if found:
                found.append(END)
        elif self.phase == BONUS:
            found = [Action("discard", p.hex) for p in mine if p.bonus and p.face_up and not p.blocked]
            if self.on_field(me) < FIELD_LIMIT:
                hand = [k for k, n in zip(KINDS, self.hands[me], strict=True) if n]
                found += [Action("place", p.hex, kind=k) for p in mine if not p.bonus for k in hand]
            if found:
                found.append(END)
        return tuple(sorted(found))

    def _act_moves(self, mine: list[Piece]) -> list[Action]:
        found: list[Action] = []
        if self.credits < 1:
            return found
        me = self.to_act
        for p in mine:
            if p.blocked:
                continue
            if not p.moved:
                run = p.bonus if p.face_up and p.bonus in RUNS else ""
                for kind in ("", run) if run else ("",):
                    found += [
                        Action("move", p.hex, to, kind=kind)
                        for to in move_targets(p.hex, kind)
                        if self.piece(me, to) is None
                    ]
            if not p.threw and p.hex == self.disc:
                fly = p.bonus if p.face_up and p.bonus in FLIES else ""
                for kind in ("", fly) if fly else ("",):
                    for path in flights(p.hex, kind):
                        if self.throw_cost(p, path.first) <= self.credits:
                            found.append(Action("throw", p.hex, path.last, path.first, kind))
        return found

    def throw_cost(self, thrower: Piece, first: int) -> int:
        """One credit, plus the possession and clearing shortfalls (a blocked opponent counts as 0)."""
        cost = 1
        for hex in (thrower.hex, first):
            rival = self.piece(1 - thrower.side, hex)
            if rival is not None:
                cost += max(0, rival.power - thrower.strength)
        return cost

    def _catch_cost(self, side: Seat, hex: int) -> int | None:
        """The extra credits for a piece of ``side`` to take the disc in ``hex`` for a point, or None when it
        cannot score there (not the opponent's grey zone, no active piece of ``side``)."""
        receiver = self.piece(side, hex)
        if HEXES[hex].column != GOAL[side] or receiver is None or receiver.blocked:
            return None
        rival = self.piece(1 - side, hex)
        return 0 if rival is None else max(0, rival.power - receiver.strength)

    def _scores(self, move: Action) -> bool:
        thrower = self.piece(self.to_act, move.hex)
        assert thrower is not None
        catch = self._catch_cost(self.to_act, move.to)
        return catch is not None and self.throw_cost(thrower, move.via) + catch <= self.credits

    def cost(self, move: Action) -> int:
        """The credits ``move`` spends: 1 for a move, 1 plus shortfalls for a throw (and the receiver's
        possession shortfall when it scores), 0 for the rest."""
        if move.verb == "move":
            return 1
        if move.verb == "throw":
            thrower = self.piece(self.to_act, move.hex)
            if thrower is None:
                return 0
            cost = self.throw_cost(thrower, move.via)
            catch = self._catch_cost(self.to_act, move.to)
            if catch is not None and cost + catch <= self.credits:
                cost += catch
            return cost
        return 0

    def legal_moves(self, seat: Seat | None = None) -> tuple[Action, ...]:
        """Every legal decision of the side to act (sorted), or of ``seat`` when given."""
        if seat is not None and seat != self.to_act:
            return ()
        return self.decisions

    def mover(self, move: Action) -> Seat | None:
        """The side to act for a decision; None for a chance outcome."""
        if move.verb in ("kickoff", "draw"):
            return None
        return self.to_act if self.to_act >= 0 else None

    def outcome(self) -> Outcome | None:
        """Once over: the side with more points wins (equal scores at the turn cap draw)."""
        if not self.over:
            return None
        a, b = self.score
        winners: tuple[Seat, ...] = () if a == b else (0,) if a > b else (1,)
        return Outcome(Termination.NORMAL, winners=winners, scores=self.score)

    @cached_property
    def _views(self) -> dict[Seat | None, View]:
        return {}

    @cached_property
    def _public_pieces(self) -> tuple[tuple[PieceView, ...], tuple[StopView, ...]]:
        pieces = tuple(PieceView(p.side, p.strength, HEXES[p.hex], p.blocked, p.moved, p.threw) for p in self.pieces)
        stops = tuple(StopView(HEXES[p.hex], 1 - p.side) for p in sorted(self.pieces, key=lambda p: p.hex) if p.blocked)
        return pieces, stops

    def view_for(self, seat: Seat | None) -> View:
        """Everything public, plus ``seat``'s own hand and the kinds of its own face-down bonuses."""
        if (known := self._views.get(seat)) is not None:
            return known
        view = self._view(seat)
        self._views[seat] = view
        return view

    def _view(self, seat: Seat | None) -> View:
        pieces, stops = self._public_pieces
        bonuses = tuple(
            sorted(
                (
                    BonusView(HEXES[p.hex], p.side, p.bonus if p.face_up or p.side == seat else None, p.face_up)
                    for p in self.pieces
                    if p.bonus and not p.blocked
                ),
                key=lambda b: (b.hex, b.owner),
            )
        )
        return View(
            viewer=seat,
            field=FIELD,
            pieces=pieces,
            disc=HEXES[self.disc] if self.disc >= 0 else None,
            bonuses=bonuses,
            stops=stops,
            hand=kinds_in(self.hands[seat]) if seat is not None else (),
            hand_sizes=(sum(self.hands[0]), sum(self.hands[1])),
            bag=sum(self.bag),
            discard=sum(self.discard) + sum(self.unseen[0]) + sum(self.unseen[1]),
            score=self.score,
            to_act=None if self.over or self.to_act < 0 else self.to_act,
            phase=0 if self.over else min(self.phase, BONUS),
            credits=self.credits,
            played=self.played,
            kickoff=None if self.kickoff < 0 else self.kickoff,
            turns=self.turns,
            cap=self.cap or None,
            outcome=self.outcome(),
        )

    # Applying moves.

    def apply(self, move: Action) -> State:
        """The state after a decision or a chance outcome, with the forced steps that follow done.

        Raises:
            GameOverError: the match is over.
            IllegalMoveError: the move is not legal (or not a possible chance outcome) here.
        """
        if self.over:
            raise GameOverError("the game is over", key="game_over")
        if move.verb in ("kickoff", "draw"):
            if move not in {o for o, _ in self._chance}:
                raise not_a_chance_outcome(self.format_move(move))
            if move.verb == "kickoff":
                return _settle(replace(self, kickoff=move.seat, disc=FIELD.kickoff_hex[move.seat]))
            hands = list(self.hands)
            hands[move.seat] = add(hands[move.seat], move.kind)
            return _settle(replace(self, hands=(hands[0], hands[1]), bag=add(self.bag, move.kind, -1)))
        if self.to_act not in self.actors():
            raise NotYourTurnError("it is not your turn", key="not_your_turn", params={"seat": self.to_act})
        if move not in self.decisions:
            written = self.format_move(move)
            raise IllegalMoveError(
                f"{written} is not legal now", key="illegal_move", params={"move": written}, legal=self.notations()
            )
        played = (*self.played, public_notation(self.format_move(move)))
        if move.verb == "end":
            return _settle(replace(self, phase=self.phase + 1, played=played))
        if move.verb == "move":
            return _settle(self._moved(move, played))
        if move.verb == "throw":
            return _settle(self._thrown(move, played))
        me = self.to_act
        p = self.piece(me, move.hex)
        assert p is not None
        if move.verb == "place":
            hands = list(self.hands)
            hands[me] = add(hands[me], move.kind, -1)
            return _settle(
                replace(
                    self,
                    pieces=_swap(self.pieces, p, replace(p, bonus=move.kind, face_up=False)),
                    hands=(hands[0], hands[1]),
                    played=played,
                )
            )
        if move.verb == "discard":
            emptied = _swap(self.pieces, p, replace(p, bonus="", face_up=False))
            if p.face_up:
                return _settle(replace(self, pieces=emptied, discard=add(self.discard, p.bonus), played=played))
            unseen = list(self.unseen)
            unseen[me] = add(unseen[me], p.bonus)
            return _settle(replace(self, pieces=emptied, unseen=(unseen[0], unseen[1]), played=played))
        # A reveal.
        if p.bonus != "stop":
            return _settle(replace(self, pieces=_swap(self.pieces, p, replace(p, face_up=True)), played=played))
        pieces = _swap(self.pieces, p, replace(p, bonus="", face_up=False))
        rival = self.piece(1 - me, p.hex)
        if rival is None:
            return _settle(replace(self, pieces=pieces, discard=add(self.discard, "stop"), played=played))
        state = replace(self, pieces=pieces, played=played)._shed(rival)
        rival = state.piece(1 - me, p.hex)
        assert rival is not None
        return _settle(replace(state, pieces=_swap(state.pieces, rival, replace(rival, bonus="stop", face_up=True))))

    def _shed(self, p: Piece) -> State:
        """``p``'s token discarded: publicly when face up, unseen by the opponent when face down."""
        if not p.bonus:
            return self
        pieces = _swap(self.pieces, p, replace(p, bonus="", face_up=False))
        if p.face_up:
            return replace(self, pieces=pieces, discard=add(self.discard, p.bonus))
        unseen = list(self.unseen)
        unseen[p.side] = add(unseen[p.side], p.bonus)
        return replace(self, pieces=pieces, unseen=(unseen[0], unseen[1]))

    def _moved(self, move: Action, played: tuple[str, ...]) -> State:
        p = self.piece(self.to_act, move.hex)
        assert p is not None
        after = replace(p, hex=move.to, moved=True)
        discard = self.discard
        if move.kind:
            after = replace(after, bonus="", face_up=False)
            discard = add(discard, move.kind)
        return replace(
            self, pieces=_swap(self.pieces, p, after), credits=self.credits - 1, discard=discard, played=played
        )

    def _thrown(self, move: Action, played: tuple[str, ...]) -> State:
        me = self.to_act
        p = self.piece(me, move.hex)
        assert p is not None
        scores = self._scores(move)
        after = replace(p, threw=True)
        discard = self.discard
        if move.kind:
            after = replace(after, bonus="", face_up=False)
            discard = add(discard, move.kind)
        state = replace(
            self,
            pieces=_swap(self.pieces, p, after),
            credits=self.credits - self.cost(move),
            discard=discard,
            disc=move.to,
            played=played,
        )
        if not scores:
            return state
        score = (self.score[0] + 1, self.score[1]) if me == 0 else (self.score[0], self.score[1] + 1)
        state = replace(state, score=score)
        if max(score) >= POINTS_TO_WIN:
            return _finished(replace(state, turns=self.turns + 1))
        for q in state.pieces:
            state = state._shed(q)
        conceded = 1 - me
        return _next_turn(
            replace(state, pieces=_setup_pieces(), kickoff=conceded, disc=FIELD.kickoff_hex[conceded]), conceded
        )

    # Notation.

    # Notation and text.

    @cached_property
    def by_notation(self) -> dict[str, Action]:
        """Every legal action and chance outcome by its canonical notation (the common case of parsing)."""
        found = {self.format_move(m): m for m in self.decisions}
        found.update((self.format_move(m), m) for m, _ in self._chance)
        return found

    def format_move(self, move: Action) -> str:
        """The canonical notation of ``move`` (see :mod:`games.ultimatek.notation`)."""
        return notation.format_move(self, move)

    def parse_move(self, text: str, seat: Seat | None = None) -> Action:
        """Read a decision (or a chance outcome) typed leniently (see :mod:`games.ultimatek.notation`).

        Raises:
            NotationError: the text is not Ultima-Tek notation.
            GameOverError: the match is over.
            NotYourTurnError: ``seat`` may not act now.
            IllegalMoveError: the move is well formed but not legal now (``legal`` lists what is).
        """
        return notation.parse_move(self, text, seat)

    def notations(self) -> tuple[str, ...]:
        """The legal decisions in notation."""
        return tuple(self.format_move(m) for m in self.decisions)

    def to_text(self) -> str:
        """The one-line state text (see :mod:`games.ultimatek.text`)."""
        return self._text

    @cached_property
    def _text(self) -> str:
        return text.write(self)


def _swap(pieces: tuple[Piece, ...], old: Piece, new: Piece) -> tuple[Piece, ...]:
    return tuple(sorted(new if p == old else p for p in pieces))


def _setup_pieces() -> tuple[Piece, ...]:
    return tuple(sorted(Piece(s, h, v) for s in (0, 1) for h, v in FIELD.setup[s]))


def _next_turn(state: State, side: Seat) -> State:
    """The turn passes to ``side`` (one more turn played; the cap may end the match)."""
    turns = state.turns + 1
    pieces = tuple(replace(p, moved=False, threw=False) for p in state.pieces)
    if state.cap and turns >= state.cap:
        return _finished(replace(state, turns=turns))
    return replace(state, pieces=pieces, turns=turns, to_act=side, phase=REVEAL, credits=CREDITS, played=())


def _finished(state: State) -> State:
    """The match over: nobody acts, no piece keeps marks of a turn in progress."""
    pieces = tuple(replace(p, moved=False, threw=False) for p in state.pieces)
    return replace(state, pieces=pieces, over=True, to_act=-1, phase=SETUP, credits=0, played=())


def _settle(state: State) -> State:
    """Carry out the forced steps until a decision, a chance node or the end: skip phases with nothing to
    decide, refill the bag, and pass the turn once the side to act holds 3 bonuses again."""
    while not state.over:
        me = state.to_act
        if state.phase == SETUP:
            if state.kickoff < 0 or any(sum(h) < HAND_SIZE for h in state.hands):
                return state
            state = replace(state, to_act=state.kickoff, phase=REVEAL, credits=CREDITS)
        elif state.phase == DRAW:
            if sum(state.hands[me]) < HAND_SIZE:
                if not sum(state.bag):
                    state = _refill(state)
                if sum(state.bag):
                    return state
            # The Stops lying on this side's pieces have blocked them for the whole of its turn.
            for p in state.pieces:
                if p.side == me and p.blocked:
                    state = state._shed(p)
            state = _next_turn(state, 1 - me)
        elif state.decisions:
            return state
        else:
            state = replace(state, phase=state.phase + 1)
    return state


def _refill(state: State) -> State:
    """The discard bag (public and unseen discards alike) poured into the empty draw bag."""
    bag = plus(plus(state.bag, state.discard), plus(state.unseen[0], state.unseen[1]))
    return replace(state, bag=bag, discard=EMPTY, unseen=(EMPTY, EMPTY))


def new_state(cap: int = 0) -> State:
    """The opening: the set-up on the field, the kick-off to draw, then three bonuses for each side."""
    return State(_setup_pieces(), cap=cap)


# Reading state texts.


def from_text(state_text: str) -> State:
    """Build a state from :meth:`State.to_text`'s form (or a shortened one, see :mod:`games.ultimatek.text`),
    then carry out the forced steps.

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    return _settle(State(**text.read(state_text)))
