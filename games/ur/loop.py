"""Royal Game of Ur, Variante 1: seven pieces each run a loop, turn over at X and come home to B1.

Rules: ``shared/rules/ur.fr.txt`` ("VARIANTE 1", points 1-9 and the closing note) with the board and
rulings of ``ur.md`` part (b). As implemented here:

- each player has 7 pieces; the board starts empty and the first player is drawn by lot (a chance
  event, ``first:A`` / ``first:C``);
- a throw uses three four-sided dice, each with two red and two white tips. No white tip up is worth
  5 and three white tips 4, and both give another throw; two white tips are worth 0 and one white tip
  1, and both end the turn once played (probabilities 1/8, 1/8, 3/8, 3/8 for 5, 4, 0, 1). The
  French "4 red tips" cannot happen with three dice and is read as "no white tip" (ur.md);
- the path (*ruling*, the text's diagram is lost) is a loop of 20 squares, seat 0's being
  A1 A2 A3 A4, B4 B5 B6 B7, A7 A8, B8, C8 C7, B7 B6 B5 B4 B3 B2 B1 and seat 1's its mirror image
  (C for A). A1 (C1) is the entry square, B8 the turn-around square X, B5 B6 B7 the capture
  squares O and B1 the shared arrival square;
- a 4 or a 5 may bring a piece from the reserve onto the entry square, face up (blue), instead of
  moving a piece. Entering always lands on the entry square, whichever of 4 or 5 was thrown: the
  text puts the piece "on its start square" and does not count steps (*ruling*);
- otherwise one piece on the board moves forward by the points thrown; pieces never move back;
- a piece reaching or passing X is turned over (red face up): it is on its way home. Since every
  move runs along the path, a piece is red exactly when its path position is X's or later;
- one piece per square, except on the five rosettes (A1, C1, B4, A7, C7) and the arrival square,
  where any number of pieces of both colours may stand. A move may end on an occupied ordinary
  square only to capture, and a capture is only possible on an O square, by a blue piece, of an
  opposing blue piece; the captured piece goes back to its owner's reserve. Only the square where a
  move ends matters: pieces jump over occupied squares;
- reaching B1 does not need the exact count: a throw that would carry a piece past B1 stops it on
  B1 (*ruling* from "no exact count needed"). From B1 a piece leaves the board with a 4 or a 5;
- a player must move if a move is possible (there is no pass). A throw no piece can use is lost:
  after a 0 or a 1 the turn passes; after a 4 or a 5 the player still throws again, since the extra
  throw comes with the dice result and not with the move (*ruling*);
- each throw moves one piece; after a 4 or 5 the next throw may move any piece (*ruling*: the
  text's "one piece per turn" is read as one piece per throw, since a bonus throw has to move
  something);
- the first player to take all 7 pieces off the board wins.

Positions on a seat's path: 0 = reserve, 1..20 = the path squares (1 = entry, 11 = X, 20 = arrival
square B1), 21 = off the board. Pieces at 11..20 show their red face.

Notation (one token, case-insensitive): ``in-A1`` enters a piece, ``A1-B4`` moves one, ``A2xB6``
moves and captures the piece on B6, ``B1-off`` takes a piece off. Squares are written without the
face: no move needs it, since the roll fixes the destination. Chance outcomes are ``first:A`` /
``first:C`` and ``roll:0``, ``roll:1``, ``roll:4``, ``roll:5``. On input the destination may be left
out (``B6``, ``in``, ``new``), ``out`` means ``off``, ``-`` and ``x`` are interchangeable, and a
square may carry an ``r`` to name a red piece (``B4r``), which settles the one ambiguous case: a
blue and a red piece of the same player on the rosette B4.

One-line state text: ``v1 0:A1,B6,B3r+2 1:- 0 5`` = rule set; seat 0's pieces on the board in path
order, each square followed by ``r`` when the piece shows its red face (``-`` for none), and ``+N``
pieces off; seat 1 likewise; the seat to play (``-`` before the draw); the throw waiting to be
played (``-`` when the dice are still to be thrown).

Length: pieces only move forward and a capture only sends back a piece that has not passed B7 yet,
so a game ends with probability 1. In 10,000 seeded random games (moves chosen uniformly) the longest
took 695 steps, throws included (median 456); always moving the most advanced piece, 569 (median 417,
about 136 decisions). The registry's bound of 20,000 steps is far away.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final

from games.base import AmbiguousMoveError, GameError, IllegalMoveError, NotationError, Seat
from games.ur.board import BOARD
from games.ur.turns import LANE_SEAT as LANE_SEAT
from games.ur.turns import FirstPlayer as FirstPlayer
from games.ur.turns import PathStep, PiecesOnPath, StateTextForm
from games.ur.turns import Roll as Roll

RULES: Final = "v1"
LABEL: Final = "Variante 1 (loop, 7 pieces)"
PIECES: Final = 7

X_SQUARE: Final = "B8"
"""The turn-around square: a piece reaching or passing it shows its red face."""
O_SQUARES: Final = ("B5", "B6", "B7")
"""The capture squares."""
ARRIVAL_SQUARE: Final = "B1"


def loop_path(seat: Seat) -> tuple[str, ...]:
    """The 20 squares of ``seat``'s loop, in order (a ruling: the text's diagram is lost).

    The loop leaves the seat's lane at A4 (C4), runs B4..B7, climbs back through its own lane's A7 A8,
    turns at B8, crosses the opponent's C8 C7, and comes home along row B to B1. It cannot live in
    ``data/ur.json``: the board file forbids a path that visits a square twice, and B4..B7 are
    walked out and back.
    """
    own, other = BOARD.lanes[seat], BOARD.lanes[1 - seat]
    return (
        *(f"{own}{c}" for c in (1, 2, 3, 4)),
        *(f"B{c}" for c in (4, 5, 6, 7)),
        f"{own}7",
        f"{own}8",
        X_SQUARE,
        f"{other}8",
        f"{other}7",
        *(f"B{c}" for c in (7, 6, 5, 4, 3, 2, 1)),
    )


PATHS: Final = (loop_path(0), loop_path(1))
PATH_LENGTH: Final = 20
ARRIVAL: Final = PATH_LENGTH
OFF: Final = PATH_LENGTH + 1
ENTRY: Final = 1
TURN_AT: Final = PATHS[0].index(X_SQUARE) + 1
"""Path position of X (11): pieces from here on are red."""
SAFE: Final = frozenset(i + 1 for i, sq in enumerate(PATHS[0]) if BOARD.is_rosette(sq)) | {ARRIVAL}
"""Path positions where pieces may share a square (the same for both seats, which mirror each other)."""
CAPTURE_AT: Final = frozenset(i + 1 for i, sq in enumerate(PATHS[0][: TURN_AT - 1]) if sq in O_SQUARES)
"""Path positions of the O squares while a piece is still blue (6, 7, 8): the only capturing landings."""

for _path in PATHS:
    assert len(_path) == PATH_LENGTH and all(sq in BOARD.motifs for sq in _path), _path
assert PATHS[0][ARRIVAL - 1] == PATHS[1][ARRIVAL - 1] == ARRIVAL_SQUARE
assert {PATHS[1][p - 1] for p in SAFE} <= {*BOARD.motifs} and all(
    BOARD.is_rosette(PATHS[1][p - 1]) for p in SAFE - {ARRIVAL}
)

# The dice: three four-tipped dice with two red and two white tips; the points depend on the white
# tips showing, and 4 or 5 give another throw.
DIE_TIPS: Final = ("white", "white", "red", "red")
POINTS_FOR_WHITE: Final = {0: 5, 1: 1, 2: 0, 3: 4}
AGAIN: Final = frozenset({4, 5})
"""Throws that give another throw; they are also the throws that enter a piece or take one off."""


def _roll_odds() -> tuple[tuple[int, Fraction], ...]:
    """The points of a throw and their exact probabilities, by enumerating the 4**3 tip combinations."""
    counts = Counter(
        POINTS_FOR_WHITE[sum(tip == "white" for tip in throw)] for throw in itertools.product(DIE_TIPS, repeat=3)
    )
    total = len(DIE_TIPS) ** 3
    return tuple((points, Fraction(n, total)) for points, n in sorted(counts.items()))


ROLL_ODDS: Final = _roll_odds()
ROLLS: Final = tuple(v for v, _ in ROLL_ODDS)


class Move(PathStep):
    """A piece moving from path position ``frm`` (0 = reserve) to ``to`` (21 = off)."""

    __slots__ = ()


def square_of(seat: Seat, pos: int) -> str:
    """The name of path position ``pos`` (1..20) for ``seat``."""
    return PATHS[seat][pos - 1]


def is_red(pos: int) -> bool:
    """True when a piece at path position ``pos`` has been turned over (it reached or passed X)."""
    return TURN_AT <= pos <= ARRIVAL


def positions_of(seat: Seat, square: str) -> tuple[int, ...]:
    """Every path position of ``square`` for ``seat``: two for B4..B7 (out and back), else one.

    Raises:
        IllegalMoveError: the square is not on that seat's path.
    """
    found = tuple(i + 1 for i, sq in enumerate(PATHS[seat]) if sq == square)
    if not found:
        raise IllegalMoveError(f"{square} is not on your path", key="ur.not_on_path", params={"square": square})
    return found


def destination(pos: int, roll: int) -> int | None:
    """Where a piece at ``pos`` goes with ``roll`` points, before looking at other pieces.

    Entering (``pos`` 0) and leaving from B1 need a 4 or 5; a piece short of B1 stops on B1 at most.
    None when the throw cannot move that piece at all.
    """
    if roll <= 0 or pos >= OFF:
        return None
    if pos == 0:
        return ENTRY if roll in AGAIN else None
    if pos == ARRIVAL:
        return OFF if roll in AGAIN else None
    return min(pos + roll, ARRIVAL)


def _token(seat: Seat, pos: int) -> str:
    return square_of(seat, pos) + ("r" if is_red(pos) else "")


@dataclass(frozen=True)
class State(PiecesOnPath[Move]):
    """A position of Variante 1.

    ``pieces[s]`` holds the path positions of seat ``s``'s seven pieces, sorted (0 = reserve,
    21 = off). ``turn`` is the seat to play (None before the first-player draw); ``roll`` is the throw
    waiting to be played (None when the dice are still to be thrown; never 0, which passes at once).
    """

    ROLL_ODDS = ROLL_ODDS
    MOVE_TYPES = (Move,)
    RULES = RULES
    PATHS = PATHS
    OFF = OFF
    PIECES = PIECES
    # A throw of 0 passes at once: it never waits to be played.
    STATE_TEXT = StateTextForm(
        "Variante 1", "[A-C][1-8]r?", "145", "throw", "both players cannot have taken all their pieces off"
    )
    NOTATION = (
        "0145",
        r"(in|new|\+|[abc][1-8]r?)(?:[-x](off|out|[abc][1-8]r?))?",
        "ur.v1.notation",
        "write the square of the piece and where it goes, such as A1-B4, in-A1 or B1-off",
    )

    # Derived, cached values; excluded from equality by living outside the fields.

    @cached_property
    def _board(self) -> dict[str, list[tuple[Seat, int]]]:
        """Every square with pieces: (seat, path position) per piece, seat 0 first."""
        found: dict[str, list[tuple[Seat, int]]] = {}
        for seat in (0, 1):
            for p in self.pieces[seat]:
                if 0 < p < OFF:
                    found.setdefault(square_of(seat, p), []).append((seat, p))
        return found

    @cached_property
    def _moves(self) -> tuple[Move, ...]:
        if self.turn is None or not self.roll or self._winner is not None:
            return ()
        return tuple(
            Move(p, to)
            for p in sorted(set(self.pieces[self.turn]))
            if (to := destination(p, self.roll)) is not None and self._landing(p, to) is None
        )

    def _landing(self, frm: int, to: int) -> str | None:
        """Why the player to move cannot move from ``frm`` to ``to`` (an error key), or None if they can."""
        assert self.turn is not None
        if to in SAFE or to == OFF:
            return None
        there = self._board.get(square_of(self.turn, to), [])
        if not there:
            return None
        (seat, pos), *_ = there
        if seat != self.turn and to in CAPTURE_AT and pos == to:
            return None  # both blue, on an O square: a capture
        if seat != self.turn and square_of(self.turn, to) in O_SQUARES:
            return "ur.v1.no_capture"
        return "ur.v1.blocked"

    # The game contract.

    def _after_opening(self, move: FirstPlayer) -> State:
        if self.turn is not None or move.seat not in (0, 1):
            raise IllegalMoveError("the first player has already been drawn")
        return State(self.pieces, move.seat, None)

    def _after_roll(self, move: Roll) -> State:
        if not self.is_chance() or self.turn is None or move.value not in ROLLS:
            raise IllegalMoveError("no throw is due")
        rolled = State(self.pieces, self.turn, move.value)
        if move.value and rolled._moves:
            return rolled
        # A 0, or a throw no piece can use: a 4 or 5 still throws again, a 0 or 1 passes.
        return State(self.pieces, self.turn if move.value in AGAIN else 1 - self.turn, None)

    def _after_move(self, move: Move) -> State:
        if move not in self._moves:
            raise self._not_legal(self.format_move(move))
        assert self.turn is not None and self.roll is not None
        me, other = self.turn, 1 - self.turn
        own = list(self.pieces[me])
        theirs = list(self.pieces[other])
        if self.is_capture(move):
            theirs[theirs.index(move.to)] = 0
        own[own.index(move.frm)] = move.to
        pieces = [tuple(sorted(own)), tuple(sorted(theirs))]
        if me == 1:
            pieces.reverse()
        return State((pieces[0], pieces[1]), me if self.roll in AGAIN else other, None)

    # Questions the bot and the renderer ask.

    def stuck_reasons(self, roll: int) -> tuple[str, ...]:
        """Why the seat to throw cannot use ``roll`` in this position (the throw still to come), as rule keys for
        the bot's words, in a fixed order: ``zero`` (a 0 ends the turn), ``enter_45`` (a new piece comes in only
        with a 4 or 5), ``leave_45`` (a piece on B1 leaves only with a 4 or 5), ``blocked`` (a piece would land on
        a square it may not share), ``no_capture`` (it would land on an opposing piece it may not capture). Empty
        when the throw can be played."""
        if self.turn is None:
            return ()
        if roll == 0:
            return ("zero",)
        rolled = State(self.pieces, self.turn, roll)
        if rolled._moves:
            return ()
        found: set[str] = set()
        for p in set(self.pieces[self.turn]):
            to = destination(p, roll)
            if p == 0 and to is None:
                found.add("enter_45")
            elif p == ARRIVAL and to is None:
                found.add("leave_45")
            elif to is not None:
                found.add("no_capture" if rolled._landing(p, to) == "ur.v1.no_capture" else "blocked")
        return tuple(k for k in ("enter_45", "leave_45", "blocked", "no_capture") if k in found)

    def pieces_on(self, square: str) -> list[tuple[Seat, bool]]:
        """The pieces on ``square``: (seat, red face up) for each, seat 0's first."""
        return [(seat, is_red(p)) for seat, p in self._board.get(square, [])]

    def occupant(self, square: str) -> list[Seat]:
        """The seats of the pieces on ``square``, one entry per piece."""
        return [seat for seat, _ in self._board.get(square, [])]

    def is_capture(self, move: Move) -> bool:
        """True when ``move`` ends on an opposing blue piece on an O square, which it captures."""
        if self.turn is None or move.to not in CAPTURE_AT:
            return False
        return move.to in self.pieces[1 - self.turn]

    def _read_piece_move(self, me: Seat, roll: int, frm_text: str, to_text: str | None) -> Move:
        # The pieces the text may name: a square can be on the path twice (B4..B7, out and back).
        if frm_text in ("in", "new", "+"):
            starts = [0] if 0 in self.pieces[me] else []
            if not starts:
                raise self._illegal("you have no piece left to bring in", "ur.no_piece_reserve", {})
        else:
            square = frm_text[:2].upper()
            starts = [p for p in self._on_my_path(positions_of, square) if p in self.pieces[me]]
            if frm_text.endswith("r"):
                starts = [p for p in starts if is_red(p)]
            if not starts:
                raise self._illegal(f"you have no piece on {square}", "ur.no_piece", {"square": square})
        ends = {p: destination(p, roll) for p in starts}
        if all(to is None for to in ends.values()):
            p = starts[0]
            if p == 0:
                raise self._illegal(
                    f"a piece enters only with a 4 or a 5, not a {roll}", "ur.v1.enter_needs_4_or_5", {"roll": roll}
                )
            raise self._illegal(
                f"a piece leaves {ARRIVAL_SQUARE} only with a 4 or a 5, not a {roll}",
                "ur.v1.leave_needs_4_or_5",
                {"roll": roll},
            )
        candidates = [Move(p, to) for p, to in ends.items() if to is not None]
        if to_text is not None:
            if to_text in ("off", "out"):
                fitting = [mv for mv in candidates if mv.to == OFF]
            else:
                target = to_text[:2].upper()
                self._on_my_path(positions_of, target)  # a square off the path is named as such
                fitting = [
                    mv
                    for mv in candidates
                    if mv.to < OFF and square_of(me, mv.to) == target and (is_red(mv.to) or not to_text.endswith("r"))
                ]
            if not fitting:
                shown = "/".join("off" if mv.to == OFF else square_of(me, mv.to) for mv in candidates)
                raise self._illegal(
                    f"with a roll of {roll} that piece goes to {shown}",
                    "ur.wrong_destination",
                    {"roll": roll, "square": shown},
                )
            candidates = fitting
        if len(candidates) > 1:
            square = frm_text[:2].upper()
            raise AmbiguousMoveError(
                f"two of your pieces on {square} can move: add where it goes, or r for the red one",
                key="ur.v1.ambiguous",
                params={"square": square},
                legal=self._notations(),
            )
        move = candidates[0]
        if move not in self._moves:
            why = self._landing(move.frm, move.to)
            target = square_of(me, move.to)
            if why == "ur.v1.no_capture":
                raise self._illegal(f"{target} is taken, and a capture needs both pieces blue", why, {"square": target})
            raise self._illegal(
                f"{target} is taken: only rosettes and {ARRIVAL_SQUARE} hold several pieces",
                "ur.v1.blocked",
                {"square": target},
            )
        return move

    def _piece_text(self, seat: Seat, pos: int) -> str:
        """How the state text writes a piece: its square, then ``r`` when it shows its red face."""
        return _token(seat, pos)

    @classmethod
    def _read_squares(cls, seat: Seat, names: list[str]) -> list[int]:
        return [_read_piece(seat, sq) for sq in names]

    @classmethod
    def _check_shared(cls, pieces: list[tuple[int, ...]]) -> None:
        """One piece per square off the rosettes and the arrival square, whatever its seat."""
        crowd = Counter(square_of(seat, p) for seat in (0, 1) for p in pieces[seat] if 0 < p < OFF and p not in SAFE)
        for square, n in crowd.items():
            if n > 1:
                raise NotationError(f"{n} pieces share {square}, which holds only one")


def new_state() -> State:
    """The opening position: every piece in reserve, first player still to be drawn."""
    return State(((0,) * PIECES, (0,) * PIECES))


def _read_piece(seat: Seat, token: str) -> int:
    """The path position of a state-text token such as ``B6`` (blue) or ``B6r`` (red)."""
    square, red = token[:2], token.endswith("r")
    try:
        found = [p for p in positions_of(seat, square) if is_red(p) == red]
    except GameError as exc:
        raise NotationError(f"seat {seat}: {exc.message}") from None
    if not found:
        face = "red" if red else "blue"
        raise NotationError(f"seat {seat} cannot have a {face} piece on {square}")
    return found[0]


def from_text(text: str) -> State:
    """Build a state from :meth:`State.to_text`'s one-line form (see :meth:`PiecesOnPath.from_text`).

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    return State.from_text(text)
