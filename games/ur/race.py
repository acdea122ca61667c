"""Royal Game of Ur, Variante 2: a pure race of 7 pieces each with three tetrahedral dice.

Rules: ``shared/rules/ur.fr.txt`` (Variante 2) with the board and rulings of ``ur.md`` part (c):

- the first player is drawn by lot (a chance event);
- a roll counts the white tips of three tetrahedral dice (0..3, probabilities 1/8, 3/8, 3/8, 1/8);
  a 0 ends the turn;
- one piece moves exactly the roll along the 14-square path (entering costs 1 point, so a roll r
  enters on path square r), and leaves the board at position 15 with an exact roll;
- ending on a rosette (A1/C1, B4, A7/C7) gives another roll;
- rosettes and the exit are safe and hold several pieces; ending on any other occupied square sends
  the piece there, opponent's or one's own, back to its owner's reserve;
- a player must move if any move is legal; with none, the turn passes;
- the first to bring all 7 pieces off wins.

Positions on the path: 0 = reserve, 1..14 = the squares of the path, 15 = off the board.

Notation (one token, case-insensitive): ``in-A3`` enters a piece, ``A4-A2`` moves, ``B3xB5`` moves
and sends the piece on B5 back, ``A8-off`` bears off. Chance outcomes are ``first:A`` / ``first:C``
(who starts) and ``roll:2``. On input the destination may be left out (``B3``, ``in``, ``new``),
since the roll fixes it.

One-line state text: ``v2 0:A4,B2+2 1:- 0 2`` = rule set; seat 0's pieces on the board (``-`` for
none) and ``+N`` pieces off; seat 1 likewise; the seat to play (``-`` before the draw); the roll
waiting to be played (``-`` when the dice are still to be thrown).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final, TypeAlias

from games.base import (
    GameError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    Outcome,
    Seat,
    Termination,
)
from games.ur.board import BOARD

RULES: Final = "v2"
PIECES: Final = 7
PATH_LENGTH: Final = 14
OFF: Final = PATH_LENGTH + 1
PATHS: Final = (BOARD.path("race", 0), BOARD.path("race", 1))
SAFE: Final = frozenset(i + 1 for i, sq in enumerate(PATHS[0]) if BOARD.is_rosette(sq))
"""Path positions of the rosettes (the same for both seats, since the lanes mirror each other)."""
SHARED: Final = frozenset(i + 1 for i, sq in enumerate(PATHS[0]) if sq.startswith("B"))
"""Path positions in the shared middle row, where the two players' pieces meet."""
ROLL_ODDS: Final = ((0, Fraction(1, 8)), (1, Fraction(3, 8)), (2, Fraction(3, 8)), (3, Fraction(1, 8)))
LANE_SEAT: Final = {lane: seat for seat, lane in enumerate(BOARD.lanes)}


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A piece moving from path position ``frm`` (0 = reserve) to ``to`` (15 = off)."""

    frm: int
    to: int


@dataclass(frozen=True, slots=True, order=True)
class Roll:
    """Chance outcome: the dice show ``value`` white tips."""

    value: int


@dataclass(frozen=True, slots=True, order=True)
class FirstPlayer:
    """Chance outcome: the draw for the first player chose ``seat``."""

    seat: Seat


Action: TypeAlias = Move | Roll | FirstPlayer


def square_of(seat: Seat, pos: int) -> str:
    """The name of path position ``pos`` (1..14) for ``seat``."""
    return PATHS[seat][pos - 1]


def position_of(seat: Seat, square: str) -> int:
    """The path position of ``square`` for ``seat``.

    Raises:
        IllegalMoveError: the square is not on that seat's path.
    """
    try:
        return PATHS[seat].index(square) + 1
    except ValueError:
        raise IllegalMoveError(
            f"{square} is not on your path", key="ur.not_on_path", params={"square": square}
        ) from None


@dataclass(frozen=True)
class State:
    """A position of Variante 2.

    ``pieces[s]`` holds the path positions of seat ``s``'s seven pieces, sorted (0 = reserve,
    15 = off). ``turn`` is the seat to play (None before the first-player draw); ``roll`` is the roll
    waiting to be played (None when the dice are still to be thrown).
    """

    pieces: tuple[tuple[int, ...], tuple[int, ...]]
    turn: Seat | None = None
    roll: int | None = None

    # Derived, cached values; excluded from equality by living outside the fields.
    @cached_property
    def _moves(self) -> tuple[Move, ...]:
        if self.turn is None or not self.roll or self._winner is not None:
            return ()
        own = self.pieces[self.turn]
        starts = sorted({p for p in own if p < OFF})
        return tuple(Move(p, p + self.roll) for p in starts if p + self.roll <= OFF)

    @cached_property
    def _winner(self) -> Seat | None:
        for seat in (0, 1):
            if all(p == OFF for p in self.pieces[seat]):
                return seat
        return None

    # The game contract.

    def actors(self) -> tuple[Seat, ...]:
        """The seat to move, once its roll is known."""
        if self._winner is not None or self.turn is None or self.roll is None:
            return ()
        return (self.turn,)

    def is_chance(self) -> bool:
        """True while the first player is to be drawn or the dice are to be thrown."""
        return self._winner is None and (self.turn is None or self.roll is None)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The draw for the first player, or the roll of the three dice."""
        if not self.is_chance():
            return ()
        if self.turn is None:
            return ((FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2)))
        return tuple((Roll(v), p) for v, p in ROLL_ODDS)

    def legal_moves(self, seat: Seat | None = None) -> tuple[Move, ...]:
        """Every legal move of the player to move, sorted by starting position."""
        if seat is not None and seat != self.turn:
            return ()
        return self._moves

    def mover(self, move: Action) -> Seat | None:
        """The player to move for a piece move, None for a chance outcome."""
        return self.turn if isinstance(move, Move) else None

    def apply(self, move: Action) -> State:
        """The state after a piece move or a chance outcome.

        Raises:
            IllegalMoveError: the move is not legal here.
        """
        if self._winner is not None:
            raise GameOverError("the game is over", key="game_over")
        if isinstance(move, FirstPlayer):
            if self.turn is not None:
                raise IllegalMoveError("the first player has already been drawn")
            return State(self.pieces, move.seat, None)
        if isinstance(move, Roll):
            if not self.is_chance() or self.turn is None or move.value not in range(4):
                raise IllegalMoveError("no roll is due")
            rolled = State(self.pieces, self.turn, move.value)
            if not rolled._moves:
                # A 0, or a roll no piece can use, passes the turn.
                return State(self.pieces, 1 - self.turn, None)
            return rolled
        if move not in self._moves:
            text = self.format_move(move)
            raise IllegalMoveError(
                f"{text} is not legal", key="illegal_move", params={"move": text}, legal=self._notations()
            )
        assert self.turn is not None
        me, other = self.turn, 1 - self.turn
        own = list(self.pieces[me])
        theirs = list(self.pieces[other])
        own.remove(move.frm)
        if move.to not in SAFE and move.to != OFF:
            if move.to in own:
                own.remove(move.to)
                own.append(0)
            elif move.to in SHARED:
                target = square_of(me, move.to)
                for i, p in enumerate(theirs):
                    if 0 < p < OFF and square_of(other, p) == target:
                        theirs[i] = 0
                        break
        own.append(move.to)
        pieces = [tuple(sorted(own)), tuple(sorted(theirs))]
        if me == 1:
            pieces.reverse()
        again = move.to in SAFE
        return State((pieces[0], pieces[1]), me if again else other, None)

    def outcome(self) -> Outcome | None:
        """A win once a player has all seven pieces off the board."""
        if self._winner is None:
            return None
        return Outcome(Termination.NORMAL, winners=(self._winner,))

    def view_for(self, seat: Seat | None) -> State:
        """Ur has no hidden information: every seat and spectators see the whole state."""
        return self

    # Questions the bot and the renderer ask.

    def occupant(self, square: str) -> list[Seat]:
        """The seats of the pieces on ``square``, one entry per piece."""
        found: list[Seat] = []
        for seat in (0, 1):
            for p in self.pieces[seat]:
                if 0 < p < OFF and square_of(seat, p) == square:
                    found.append(seat)
        return found

    def reserve(self, seat: Seat) -> int:
        """How many of ``seat``'s pieces wait to enter."""
        return self.pieces[seat].count(0)

    def borne_off(self, seat: Seat) -> int:
        """How many of ``seat``'s pieces have left the board."""
        return self.pieces[seat].count(OFF)

    def is_capture(self, move: Move) -> bool:
        """True when ``move`` ends on a piece it sends back to its reserve."""
        if self.turn is None or move.to in SAFE or move.to == OFF:
            return False
        return bool(self.occupant(square_of(self.turn, move.to)))

    def squares_of(self, move: Move) -> tuple[str | None, str | None]:
        """The from and to squares of ``move`` (None for the reserve and the exit)."""
        seat = self.turn if self.turn is not None else 0
        frm = square_of(seat, move.frm) if 0 < move.frm < OFF else None
        to = square_of(seat, move.to) if 0 < move.to < OFF else None
        return frm, to

    # Notation.

    def format_move(self, move: Action) -> str:
        """``in-A3``, ``A4-A2``, ``B3xB5``, ``A8-off``; ``roll:2``; ``first:A``."""
        if isinstance(move, Roll):
            return f"roll:{move.value}"
        if isinstance(move, FirstPlayer):
            return f"first:{BOARD.lanes[move.seat]}"
        frm, to = self.squares_of(move)
        sep = "x" if self.is_capture(move) else "-"
        return f"{frm or 'in'}{sep}{to or 'off'}"

    def _notations(self) -> tuple[str, ...]:
        return tuple(self.format_move(m) for m in self._moves)

    def parse_move(self, text: str, seat: Seat | None = None) -> Action:
        """Read a move or chance outcome in this position.

        Raises:
            NotationError: the text is not Ur notation.
            GameOverError: the game is over.
            NotYourTurnError: ``seat`` is given and may not act now (no seat acts at a chance node).
            IllegalMoveError: the move is not legal now.
        """
        t = text.strip().lower().replace(" ", "")
        if m := re.fullmatch(r"roll:?([0-3])", t):
            self._check_seat(seat)
            return self._chance_move(Roll(int(m[1])))
        if m := re.fullmatch(r"first:?([ac])", t):
            self._check_seat(seat)
            return self._chance_move(FirstPlayer(LANE_SEAT[m[1].upper()]))
        m = re.fullmatch(r"(in|new|\+|[abc][1-8])(?:[-x](off|out|[abc][1-8]))?", t)
        if m is None:
            raise NotationError(
                f"{text.strip()!r} is not a move: write the square of the piece and where it goes, such as "
                "A4-A2, in-A3 or A8-off",
                key="ur.notation",
                params={"text": text.strip()},
                legal=self._notations(),
            )
        self._check_seat(seat)
        if self.turn is None or self.roll is None:
            raise IllegalMoveError("the dice have not been thrown yet", key="ur.no_roll")
        frm_text, to_text = m[1], m[2]
        frm = 0 if frm_text in ("in", "new", "+") else self._position(frm_text.upper())
        if frm not in self.pieces[self.turn] or frm == OFF:
            where = "in your reserve" if frm == 0 else f"on {frm_text.upper()}"
            raise IllegalMoveError(
                f"you have no piece {where}",
                key="ur.no_piece_reserve" if frm == 0 else "ur.no_piece",
                params={"square": frm_text.upper()},
                legal=self._notations(),
            )
        move = Move(frm, frm + self.roll)
        if to_text is not None:
            to = OFF if to_text in ("off", "out") else self._position(to_text.upper())
            if to != move.to:
                dest = "off" if move.to == OFF else square_of(self.turn, move.to) if move.to < OFF else "-"
                raise IllegalMoveError(
                    f"with a roll of {self.roll} that piece goes to {dest}"
                    if move.to <= OFF
                    else f"a roll of {self.roll} takes that piece past the exit, which needs an exact roll",
                    key="ur.wrong_destination" if move.to <= OFF else "ur.past_exit",
                    params={"roll": self.roll, "square": dest},
                    legal=self._notations(),
                )
        if move not in self._moves:
            raise IllegalMoveError(
                f"a roll of {self.roll} takes that piece past the exit, which needs an exact roll",
                key="ur.past_exit",
                params={"roll": self.roll},
                legal=self._notations(),
            )
        return move

    def _check_seat(self, seat: Seat | None) -> None:
        """Refuse input once the game is over, or from a seat that may not act now."""
        if self._winner is not None:
            raise GameOverError("the game is over", key="game_over")
        if seat is not None and seat not in self.actors():
            raise NotYourTurnError("it is not your turn", key="not_your_turn", params={"seat": seat})

    def _position(self, square: str) -> int:
        """:func:`position_of` for the player to move, listing the legal moves when it fails."""
        assert self.turn is not None
        try:
            return position_of(self.turn, square)
        except IllegalMoveError as exc:
            raise IllegalMoveError(exc.message, key=exc.key, params=exc.params, legal=self._notations()) from None

    def _chance_move(self, move: Roll | FirstPlayer) -> Action:
        if move not in {o for o, _ in self.chance_outcomes()}:
            text = self.format_move(move)
            raise IllegalMoveError(
                f"{text} is not a possible chance outcome now", key="illegal_move", params={"move": text}
            )
        return move

    # State text.

    def to_text(self) -> str:
        """The one-line state text, e.g. ``v2 0:A4,B2+2 1:- 0 2``."""
        parts = [RULES]
        for seat in (0, 1):
            on_board = [square_of(seat, p) for p in self.pieces[seat] if 0 < p < OFF]
            off = self.borne_off(seat)
            parts.append(f"{seat}:{','.join(on_board) or '-'}{f'+{off}' if off else ''}")
        parts.append("-" if self.turn is None else str(self.turn))
        parts.append("-" if self.roll is None else str(self.roll))
        return " ".join(parts)


def new_state() -> State:
    """The opening position: every piece in reserve, first player still to be drawn."""
    return State(((0,) * PIECES, (0,) * PIECES))


def from_text(text: str) -> State:
    """Build a state from :meth:`State.to_text`'s one-line form.

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    tokens = text.split()
    if len(tokens) != 5 or tokens[0] != RULES:
        raise NotationError(f"not a Variante 2 state text: {text!r}")
    pieces: list[tuple[int, ...]] = []
    for seat, token in enumerate(tokens[1:3]):
        m = re.fullmatch(rf"{seat}:(-|[A-C][1-8](?:,[A-C][1-8])*)(?:\+([1-7]))?", token)
        if m is None:
            raise NotationError(f"bad pieces for seat {seat}: {token!r}")
        try:
            squares = [] if m[1] == "-" else [position_of(seat, sq) for sq in m[1].split(",")]
        except GameError as exc:
            raise NotationError(f"seat {seat}: {exc.message}") from None
        off = int(m[2] or 0)
        if len(squares) + off > PIECES:
            raise NotationError(f"seat {seat} has more than {PIECES} pieces")
        for p in set(squares):
            if squares.count(p) > 1 and p not in SAFE:
                raise NotationError(f"two pieces of seat {seat} share {square_of(seat, p)}, which is not a rosette")
        pieces.append(tuple(sorted([0] * (PIECES - len(squares) - off) + squares + [OFF] * off)))
    for p0 in pieces[0]:
        if p0 in SHARED and p0 not in SAFE and p0 in pieces[1]:
            raise NotationError(f"two pieces share {square_of(0, p0)}, which is not a rosette")
    if all(p == OFF for p in pieces[0] + pieces[1]):
        raise NotationError("both players cannot have brought all their pieces off")
    turn = None if tokens[3] == "-" else int(tokens[3]) if tokens[3] in ("0", "1") else -1
    roll = None if tokens[4] == "-" else int(tokens[4]) if tokens[4] in ("0", "1", "2", "3") else -1
    if turn == -1 or roll == -1 or (turn is None and roll is not None):
        raise NotationError(f"bad turn or roll in {text!r}")
    if turn is None and any(p != 0 for own in pieces for p in own):
        raise NotationError("before the draw for the first player every piece is in reserve")
    state = State((pieces[0], pieces[1]), turn, roll)
    if roll is not None and not state._moves:
        raise NotationError("a roll waits to be played but no move is legal with it")
    return state
