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
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final, TypeAlias

from games.base import (
    AmbiguousMoveError,
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
LANE_SEAT: Final = {lane: seat for seat, lane in enumerate(BOARD.lanes)}

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


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A piece moving from path position ``frm`` (0 = reserve) to ``to`` (21 = off)."""

    frm: int
    to: int


@dataclass(frozen=True, slots=True, order=True)
class Roll:
    """Chance outcome: the dice are worth ``value`` points (0, 1, 4 or 5)."""

    value: int


@dataclass(frozen=True, slots=True, order=True)
class FirstPlayer:
    """Chance outcome: the draw for the first player chose ``seat``."""

    seat: Seat


Action: TypeAlias = Move | Roll | FirstPlayer


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
class State:
    """A position of Variante 1.

    ``pieces[s]`` holds the path positions of seat ``s``'s seven pieces, sorted (0 = reserve,
    21 = off). ``turn`` is the seat to play (None before the first-player draw); ``roll`` is the throw
    waiting to be played (None when the dice are still to be thrown; never 0, which passes at once).
    """

    pieces: tuple[tuple[int, ...], tuple[int, ...]]
    turn: Seat | None = None
    roll: int | None = None

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
    def _winner(self) -> Seat | None:
        for seat in (0, 1):
            if all(p == OFF for p in self.pieces[seat]):
                return seat
        return None

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

    def actors(self) -> tuple[Seat, ...]:
        """The seat to move, once its throw is known."""
        if self._winner is not None or self.turn is None or self.roll is None:
            return ()
        return (self.turn,)

    def is_chance(self) -> bool:
        """True while the first player is to be drawn or the dice are to be thrown."""
        return self._winner is None and (self.turn is None or self.roll is None)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The draw for the first player, or the throw of the three dice."""
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
            GameOverError: the game is over.
            IllegalMoveError: the move is not legal here.
        """
        if self._winner is not None:
            raise GameOverError("the game is over", key="game_over")
        if isinstance(move, FirstPlayer):
            if self.turn is not None or move.seat not in (0, 1):
                raise IllegalMoveError("the first player has already been drawn")
            return State(self.pieces, move.seat, None)
        if isinstance(move, Roll):
            if not self.is_chance() or self.turn is None or move.value not in ROLLS:
                raise IllegalMoveError("no throw is due")
            rolled = State(self.pieces, self.turn, move.value)
            if move.value and rolled._moves:
                return rolled
            # A 0, or a throw no piece can use: a 4 or 5 still throws again, a 0 or 1 passes.
            return State(self.pieces, self.turn if move.value in AGAIN else 1 - self.turn, None)
        if move not in self._moves:
            text = self.format_move(move)
            raise IllegalMoveError(
                f"{text} is not legal", key="illegal_move", params={"move": text}, legal=self._notations()
            )
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

    def outcome(self) -> Outcome | None:
        """A win once a player has all seven pieces off the board."""
        if self._winner is None:
            return None
        return Outcome(Termination.NORMAL, winners=(self._winner,))

    def view_for(self, seat: Seat | None) -> State:
        """Ur has no hidden information: every seat and spectators see the whole state."""
        return self

    # Questions the bot and the renderer ask.

    def pieces_on(self, square: str) -> list[tuple[Seat, bool]]:
        """The pieces on ``square``: (seat, red face up) for each, seat 0's first."""
        return [(seat, is_red(p)) for seat, p in self._board.get(square, [])]

    def occupant(self, square: str) -> list[Seat]:
        """The seats of the pieces on ``square``, one entry per piece."""
        return [seat for seat, _ in self._board.get(square, [])]

    def reserve(self, seat: Seat) -> int:
        """How many of ``seat``'s pieces wait to enter."""
        return self.pieces[seat].count(0)

    def borne_off(self, seat: Seat) -> int:
        """How many of ``seat``'s pieces have left the board."""
        return self.pieces[seat].count(OFF)

    def is_capture(self, move: Move) -> bool:
        """True when ``move`` ends on an opposing blue piece on an O square, which it captures."""
        if self.turn is None or move.to not in CAPTURE_AT:
            return False
        return move.to in self.pieces[1 - self.turn]

    def squares_of(self, move: Move) -> tuple[str | None, str | None]:
        """The from and to squares of ``move`` (None for the reserve and off the board)."""
        seat = self.turn if self.turn is not None else 0
        frm = square_of(seat, move.frm) if 0 < move.frm < OFF else None
        to = square_of(seat, move.to) if 0 < move.to < OFF else None
        return frm, to

    # Notation.

    def format_move(self, move: Action) -> str:
        """``in-A1``, ``A1-B4``, ``A2xB6``, ``B1-off``; ``roll:5``; ``first:A``."""
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
            AmbiguousMoveError: the text fits two legal moves (a blue and a red piece on B4).
            IllegalMoveError: the move is not legal now.
        """
        t = text.strip().lower().replace(" ", "")
        if m := re.fullmatch(r"roll:?([0145])", t):
            self._check_seat(seat)
            return self._chance_move(Roll(int(m[1])))
        if m := re.fullmatch(r"first:?([ac])", t):
            self._check_seat(seat)
            return self._chance_move(FirstPlayer(LANE_SEAT[m[1].upper()]))
        m = re.fullmatch(r"(in|new|\+|[abc][1-8]r?)(?:[-x](off|out|[abc][1-8]r?))?", t)
        if m is None:
            raise NotationError(
                f"{text.strip()!r} is not a move: write the square of the piece and where it goes, such as "
                "A1-B4, in-A1 or B1-off",
                key="ur.v1.notation",
                params={"text": text.strip()},
                legal=self._notations(),
            )
        self._check_seat(seat)
        if self.turn is None or self.roll is None:
            raise IllegalMoveError("the dice have not been thrown yet", key="ur.no_roll")
        me, roll = self.turn, self.roll
        frm_text, to_text = m[1], m[2]
        # The pieces the text may name: a square can be on the path twice (B4..B7, out and back).
        if frm_text in ("in", "new", "+"):
            starts = [0] if 0 in self.pieces[me] else []
            if not starts:
                raise self._illegal("you have no piece left to bring in", "ur.no_piece_reserve", {})
        else:
            square = frm_text[:2].upper()
            starts = [p for p in self._positions(square) if p in self.pieces[me]]
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
                self._positions(target)  # a square off the path is named as such
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

    def _illegal(self, message: str, key: str, params: dict[str, object]) -> IllegalMoveError:
        return IllegalMoveError(message, key=key, params=params, legal=self._notations())

    def _check_seat(self, seat: Seat | None) -> None:
        """Refuse input once the game is over, or from a seat that may not act now."""
        if self._winner is not None:
            raise GameOverError("the game is over", key="game_over")
        if seat is not None and seat not in self.actors():
            raise NotYourTurnError("it is not your turn", key="not_your_turn", params={"seat": seat})

    def _positions(self, square: str) -> tuple[int, ...]:
        """:func:`positions_of` for the player to move, listing the legal moves when it fails."""
        assert self.turn is not None
        try:
            return positions_of(self.turn, square)
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
        """The one-line state text, e.g. ``v1 0:A1,B6,B3r+2 1:- 0 5``."""
        parts = [RULES]
        for seat in (0, 1):
            on_board = [_token(seat, p) for p in self.pieces[seat] if 0 < p < OFF]
            off = self.borne_off(seat)
            parts.append(f"{seat}:{','.join(on_board) or '-'}{f'+{off}' if off else ''}")
        parts.append("-" if self.turn is None else str(self.turn))
        parts.append("-" if self.roll is None else str(self.roll))
        return " ".join(parts)


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
    """Build a state from :meth:`State.to_text`'s one-line form.

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    tokens = text.split()
    if len(tokens) != 5 or tokens[0] != RULES:
        raise NotationError(f"not a Variante 1 state text: {text!r}")
    pieces: list[tuple[int, ...]] = []
    for seat, token in enumerate(tokens[1:3]):
        m = re.fullmatch(rf"{seat}:(-|[A-C][1-8]r?(?:,[A-C][1-8]r?)*)(?:\+([1-7]))?", token)
        if m is None:
            raise NotationError(f"bad pieces for seat {seat}: {token!r}")
        squares = [] if m[1] == "-" else [_read_piece(seat, sq) for sq in m[1].split(",")]
        off = int(m[2] or 0)
        if len(squares) + off > PIECES:
            raise NotationError(f"seat {seat} has more than {PIECES} pieces")
        pieces.append(tuple(sorted([0] * (PIECES - len(squares) - off) + squares + [OFF] * off)))
    crowd = Counter(square_of(seat, p) for seat in (0, 1) for p in pieces[seat] if 0 < p < OFF and p not in SAFE)
    for square, n in crowd.items():
        if n > 1:
            raise NotationError(f"{n} pieces share {square}, which holds only one")
    if all(p == OFF for p in pieces[0] + pieces[1]):
        raise NotationError("both players cannot have taken all their pieces off")
    turn = None if tokens[3] == "-" else int(tokens[3]) if tokens[3] in ("0", "1") else -1
    roll = None if tokens[4] == "-" else int(tokens[4]) if tokens[4] in ("1", "4", "5") else -1
    if turn == -1 or roll == -1 or (turn is None and roll is not None):
        raise NotationError(f"bad turn or throw in {text!r}")
    if turn is None and any(p != 0 for own in pieces for p in own):
        raise NotationError("before the draw for the first player every piece is in reserve")
    state = State((pieces[0], pieces[1]), turn, roll)
    if roll is not None and not state._moves:
        raise NotationError("a throw waits to be played but no move is legal with it")
    return state
