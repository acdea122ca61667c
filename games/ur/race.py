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

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final

from games.base import GameError, IllegalMoveError, NotationError, Seat
from games.ur.board import BOARD
from games.ur.turns import LANE_SEAT as LANE_SEAT
from games.ur.turns import FirstPlayer as FirstPlayer
from games.ur.turns import PathStep, PiecesOnPath, StateTextForm
from games.ur.turns import Roll as Roll

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


class Move(PathStep):
    """A piece moving from path position ``frm`` (0 = reserve) to ``to`` (15 = off)."""

    __slots__ = ()


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
class State(PiecesOnPath[Move]):
    """A position of Variante 2.

    ``pieces[s]`` holds the path positions of seat ``s``'s seven pieces, sorted (0 = reserve,
    15 = off). ``turn`` is the seat to play (None before the first-player draw); ``roll`` is the roll
    waiting to be played (None when the dice are still to be thrown).
    """

    ROLL_ODDS = ROLL_ODDS
    MOVE_TYPES = (Move,)
    RULES = RULES
    PATHS = PATHS
    OFF = OFF
    PIECES = PIECES
    STATE_TEXT = StateTextForm(
        "Variante 2", "[A-C][1-8]", "0123", "roll", "both players cannot have brought all their pieces off"
    )
    NOTATION = (
        "0-3",
        r"(in|new|\+|[abc][1-8])(?:[-x](off|out|[abc][1-8]))?",
        "ur.notation",
        "write the square of the piece and where it goes, such as A4-A2, in-A3 or A8-off",
    )

    @classmethod
    def _read_squares(cls, seat: Seat, names: list[str]) -> list[int]:
        try:
            return [position_of(seat, sq) for sq in names]
        except GameError as exc:
            raise NotationError(f"seat {seat}: {exc.message}") from None

    @classmethod
    def _check_own(cls, seat: Seat, on_board: list[int]) -> None:
        """Two pieces of one seat share only a rosette."""
        for p in set(on_board):
            if on_board.count(p) > 1 and p not in SAFE:
                raise NotationError(f"two pieces of seat {seat} share {square_of(seat, p)}, which is not a rosette")

    @classmethod
    def _check_shared(cls, pieces: list[tuple[int, ...]]) -> None:
        """Pieces of both seats meet only on a rosette of the shared row."""
        for p0 in pieces[0]:
            if p0 in SHARED and p0 not in SAFE and p0 in pieces[1]:
                raise NotationError(f"two pieces share {square_of(0, p0)}, which is not a rosette")

    # Derived, cached values; excluded from equality by living outside the fields.
    @cached_property
    def _moves(self) -> tuple[Move, ...]:
        if self.turn is None or not self.roll or self._winner is not None:
            return ()
        own = self.pieces[self.turn]
        starts = sorted({p for p in own if p < OFF})
        return tuple(Move(p, p + self.roll) for p in starts if p + self.roll <= OFF)

    # The game contract.

    def _after_opening(self, move: FirstPlayer) -> State:
        if self.turn is not None:
            raise IllegalMoveError("the first player has already been drawn")
        return State(self.pieces, move.seat, None)

    def _after_roll(self, move: Roll) -> State:
        if not self.is_chance() or self.turn is None or move.value not in range(4):
            raise IllegalMoveError("no roll is due")
        rolled = State(self.pieces, self.turn, move.value)
        if not rolled._moves:
            # A 0, or a roll no piece can use, passes the turn.
            return State(self.pieces, 1 - self.turn, None)
        return rolled

    def _after_move(self, move: Move) -> State:
        if move not in self._moves:
            raise self._not_legal(self.format_move(move))
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

    # Questions the bot and the renderer ask.

    def occupant(self, square: str) -> list[Seat]:
        """The seats of the pieces on ``square``, one entry per piece."""
        found: list[Seat] = []
        for seat in (0, 1):
            for p in self.pieces[seat]:
                if 0 < p < OFF and square_of(seat, p) == square:
                    found.append(seat)
        return found

    def stuck_reasons(self, roll: int) -> tuple[str, ...]:
        """Why the seat to roll cannot use ``roll`` in this position (the roll still to come), as rule keys for
        the bot's words: ``zero`` (a 0 moves nothing) or ``exact_off`` (every piece left is too near the end: a
        piece leaves only with the exact roll). Empty when the roll can be played."""
        if self.turn is None or State(self.pieces, self.turn, roll)._moves:
            return ()
        return ("zero",) if roll == 0 else ("exact_off",)

    def is_capture(self, move: Move) -> bool:
        """True when ``move`` ends on a piece it sends back to its reserve."""
        if self.turn is None or move.to in SAFE or move.to == OFF:
            return False
        return bool(self.occupant(square_of(self.turn, move.to)))

    def _read_piece_move(self, me: Seat, roll: int, frm_text: str, to_text: str | None) -> Move:
        frm = 0 if frm_text in ("in", "new", "+") else self._on_my_path(position_of, frm_text.upper())
        if frm not in self.pieces[me] or frm == OFF:
            where = "in your reserve" if frm == 0 else f"on {frm_text.upper()}"
            raise self._illegal(
                f"you have no piece {where}",
                "ur.no_piece_reserve" if frm == 0 else "ur.no_piece",
                {"square": frm_text.upper()},
            )
        move = Move(frm, frm + roll)
        if to_text is not None:
            to = OFF if to_text in ("off", "out") else self._on_my_path(position_of, to_text.upper())
            if to != move.to:
                dest = "off" if move.to == OFF else square_of(me, move.to) if move.to < OFF else "-"
                raise self._illegal(
                    f"with a roll of {roll} that piece goes to {dest}"
                    if move.to <= OFF
                    else f"a roll of {roll} takes that piece past the exit, which needs an exact roll",
                    "ur.wrong_destination" if move.to <= OFF else "ur.past_exit",
                    {"roll": roll, "square": dest},
                )
        if move not in self._moves:
            raise self._illegal(
                f"a roll of {roll} takes that piece past the exit, which needs an exact roll",
                "ur.past_exit",
                {"roll": roll},
            )
        return move


def new_state() -> State:
    """The opening position: every piece in reserve, first player still to be drawn."""
    return State(((0,) * PIECES, (0,) * PIECES))


def from_text(text: str) -> State:
    """Build a state from :meth:`State.to_text`'s one-line form (see :meth:`PiecesOnPath.from_text`).

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    return State.from_text(text)
