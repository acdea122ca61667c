"""Royal Game of Ur, Variante 3: place five pawns, then walk them onto a winning set of motifs.

Rules: ``shared/rules/ur.fr.txt`` ("VARIANTE 3") with the board and rulings of ``ur.md`` part (d).
Points marked *ruling* are our reading where the text is silent or its diagrams are lost.

- Each player has 5 pawns; every pawn has a red face and a blue face. The board starts empty.
- *Ruling:* who starts is drawn by lot (a chance event), as in the other rule sets; the text only says
  that the players take turns, so turns then alternate for the whole game.
- Placement: starting with the player drawn, the players take turns putting one pawn, red face up,
  on any empty square of the 20, until all 10 pawns are on the board. No dice are thrown meanwhile.
- Then, on each turn, the game throws four six-sided dice with three marked faces each. The roll is the
  number of marked faces showing, and a throw with no marked face counts 5: 1, 2, 3, 4, 5 come with
  probabilities 4/16, 6/16, 4/16, 1/16, 1/16.
- The player moves one pawn exactly that many steps, each step to an orthogonally adjacent square (no
  diagonal, and the four holes A5 A6 C5 C6 do not exist). The walk may cross squares holding the
  player's own pawns (each such square still costs its step), never a square holding an opponent's pawn,
  never enters the same square twice (its own starting square included), and must end on an empty
  square.
- The pawn that moved is turned over. A pawn that has been turned may not move again until all of its
  owner's pawns show the same face once more. Precisely: each player has a *movable face*, the face
  shown by the pawns not yet turned in the current round; only pawns showing it may move. When a move
  makes all five pawns show the same face, that face becomes the movable face and all five may move.
  (All pawns start red, so the first round moves red pawns, the second blue ones, and so on.)
- Passing is not allowed: a player who, after the roll, has no legal move loses the game — even when
  pawns already turned could have moved (the text's closing example).
- *Ruling (goal):* a player wins as soon as four of their pawns stand on four squares of one motif —
  rosettes (A1 C1 B4 A7 C7), eyes (A2 A4 C2 C4 B7) or five dots (A3 C3 B2 B5 B8) — and the fifth
  stands on one of the five single squares B1, B3, B6, A8, C8 (the motifs that appear fewer than five
  times). The faces of the pawns do not matter. The goal is checked after every placement and every
  move. Only the pawns of the player who just acted change, so only that player can complete a goal by
  acting: the pawns that form it are the winner's (the text says the player who has placed their five
  pawns wins). The engine nevertheless checks both players.

Routes do not change anything once the move is made (crossing one's own pawns leaves them as they
were), so a move is named by its pawn and its destination only: two walks between the same squares are
the same move. A route may still be written on input, and it is then checked. The route the image shows
(:meth:`State.route`) is the legal walk crossing the fewest own pawns, then the first in square order.

Autocomplete (:meth:`State.completions`): at most 25 values, each a complete legal move in canonical
notation, matching what was typed (pawn square first, then destination); with more than 25 moves the
pawns take turns in the list, so typing a pawn's square lists all of its moves (a pawn has at most a
handful of destinations, far fewer than 25).

Game length: nothing in the rules bounds it, but the face rule often leaves a single pawn allowed to
move, which soon gets stuck; random games end in about 30 plies (chance included), and in 15,000
random or scripted games none took more than 330.

Notation (case-insensitive, spaces ignored):

- ``@B4`` places a pawn on B4 (also ``place B4``, ``pose B4``, or ``B4`` alone while placing);
- ``A2-B4`` moves the pawn on A2 to B4 with the current roll (also ``A2 B4``, ``A2B4``, ``A2>B4``);
  a route may follow, as its intermediate squares ``A2-B4/A3,B3`` or as a chain ``A2-A3-B3-B4``;
  a single square is read as the only move of that pawn, or the only move ending there;
- chance outcomes: ``first:A`` / ``first:C`` (who starts: the seat of the A side or of the C side) and
  ``roll:1`` .. ``roll:5``.

One-line state text: ``v3 0r:A1r,A3b,B2r,B8r,C4b 1b:A2b,B4r,B6b,C1b,C8b 0 3`` = rule set; then for
each seat ``<seat><movable face>:`` and its pawns, each written square then face (``r`` red, ``b``
blue), sorted by square, ``-`` for none; the seat to act (``-`` before the draw); the roll waiting to
be played (``-`` when none). The placement phase is the time when fewer than 10 pawns are on the
board; a game that ended because the player to act could not move keeps that player and the roll.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final, Literal, TypeAlias

from games.base import AmbiguousMoveError, IllegalMoveError, NotationError, Outcome, Seat, Termination
from games.ur.board import BOARD
from games.ur.turns import DrawThenRoll, format_chance, read_turn_roll, split_state_text, turn_roll_text
from games.ur.turns import FirstPlayer as FirstPlayer
from games.ur.turns import Roll as Roll

RULES: Final = "v3"
LABEL: Final = "Variante 3 (motifs, 5 pawns)"
PAWNS: Final = 5

Face: TypeAlias = Literal["r", "b"]
RED: Final[Face] = "r"
BLUE: Final[Face] = "b"
Pawn: TypeAlias = tuple[str, Face]
"""A pawn: its square and the face it shows."""

SQUARES: Final = tuple(sorted(BOARD.squares))
"""The 20 squares in notation order (A1 .. A8, B1 .. B8, C1 .. C8)."""
GOAL_MOTIFS: Final = ("rosette", "eyes", "dots5")
"""*Ruling:* the three motifs a goal may use for its four pawns."""
GROUPS: Final = {motif: tuple(sq for sq in SQUARES if BOARD.motifs[sq] == motif) for motif in GOAL_MOTIFS}
SINGLES: Final = tuple(sq for sq in SQUARES if BOARD.motifs[sq] not in GOAL_MOTIFS)
"""*Ruling:* the five single squares (B1, B3, B6, A8, C8); the goal's fifth pawn stands on one of them."""
assert SINGLES == ("A8", "B1", "B3", "B6", "C8"), SINGLES
assert all(len(group) == 4 + 1 for group in GROUPS.values())


def _neighbours(square: str) -> tuple[str, ...]:
    row, col = square[0], int(square[1])
    rows = BOARD.rows
    i = rows.index(row)
    around = [f"{row}{col - 1}", f"{row}{col + 1}"]
    if i > 0:
        around.append(f"{rows[i - 1]}{col}")
    if i < len(rows) - 1:
        around.append(f"{rows[i + 1]}{col}")
    return tuple(sorted(sq for sq in around if sq in BOARD.motifs))


NEIGHBOURS: Final = {sq: _neighbours(sq) for sq in SQUARES}
"""The orthogonally adjacent squares of each square (the holes A5 A6 C5 C6 are not squares)."""
_INDEX: Final = {sq: i for i, sq in enumerate(SQUARES)}
_NEXT: Final = tuple(tuple(_INDEX[n] for n in NEIGHBOURS[sq]) for sq in SQUARES)
"""The neighbours by index, for the walks over bit masks."""

DICE: Final = 4
MARKED_FACES: Final = 3
ROLL_ODDS: Final = (
    (1, Fraction(4, 16)),
    (2, Fraction(6, 16)),
    (3, Fraction(4, 16)),
    (4, Fraction(1, 16)),
    (5, Fraction(1, 16)),
)
"""Marked faces up on four dice each marked on half its faces; none marked counts 5."""
ROLLS: Final = tuple(v for v, _ in ROLL_ODDS)
_LONGEST: Final = max(ROLLS)
SEAT_LETTERS: Final = BOARD.lanes
"""``first:A`` names seat 0 (the side of row A), ``first:C`` seat 1."""

_SQ = r"[a-c][1-8]"


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """A pawn put on ``square`` during the placement phase."""

    square: str


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """The pawn on ``frm`` walks to ``to`` with the current roll (the route does not matter)."""

    frm: str
    to: str


Action: TypeAlias = Place | Move | Roll | FirstPlayer


def flip(face: Face) -> Face:
    """The other face of a pawn."""
    return BLUE if face == RED else RED


def goal_motif(squares: Collection[str]) -> str | None:
    """The motif of the goal that ``squares`` (one player's pawns) form, or None.

    *Ruling:* four of the five pawns on squares of one motif among rosette, eyes and dots5, and the
    fifth on a single square.
    """
    if len(squares) != PAWNS or sum(sq in SINGLES for sq in squares) != 1:
        return None
    for motif, group in GROUPS.items():
        if sum(sq in group for sq in squares) == PAWNS - 1:
            return motif
    return None


@dataclass(frozen=True)
class State(DrawThenRoll[Place | Move]):
    """A position of Variante 3.

    ``pawns[s]`` holds seat ``s``'s pawns on the board as (square, face), sorted by square.
    ``movable[s]`` is the face seat ``s``'s pawns must show to move (the face of the pawns not yet
    turned in the current round). ``turn`` is the seat to act (None before the first-player draw);
    ``roll`` the roll waiting to be played (None when the dice are still to be thrown, and always
    during placement).
    """

    pawns: tuple[tuple[Pawn, ...], tuple[Pawn, ...]]
    movable: tuple[Face, Face] = (RED, RED)
    turn: Seat | None = None
    roll: int | None = None

    ROLL_ODDS = ROLL_ODDS
    MOVE_TYPES = (Place, Move)

    # Derived, cached values; excluded from equality by living outside the fields.

    @cached_property
    def _occupied(self) -> dict[str, tuple[Seat, Face]]:
        return {sq: (seat, face) for seat in (0, 1) for sq, face in self.pawns[seat]}

    @cached_property
    def placing(self) -> bool:
        """True during the placement phase (until all 10 pawns are on the board)."""
        return any(len(own) < PAWNS for own in self.pawns)

    @cached_property
    def _goal_winner(self) -> Seat | None:
        for seat in (0, 1):
            if goal_motif(self.squares(seat)) is not None:
                return seat
        return None

    @cached_property
    def _moves(self) -> tuple[Place, ...] | tuple[Move, ...]:
        if self.turn is None or self._goal_winner is not None:
            return ()
        if self.placing:
            return tuple(Place(sq) for sq in SQUARES if sq not in self._occupied)
        if self.roll is None:
            return ()
        found: set[Move] = set()
        for square in self.eligible(self.turn):
            for walk in self._walks(self.turn, square, self.roll):
                found.add(Move(square, walk[-1]))
        return tuple(sorted(found))

    def _walks(self, seat: Seat, start: str, length: int) -> Iterator[tuple[str, ...]]:
        """Every legal walk of exactly ``length`` steps for ``seat``'s pawn on ``start``, start included."""
        occupied = self._occupied
        path = [start]

        def extend() -> Iterator[tuple[str, ...]]:
            if len(path) == length + 1:
                yield tuple(path)
                return
            last_step = len(path) == length
            for nxt in NEIGHBOURS[path[-1]]:
                if nxt in path:
                    continue  # never the same square twice, the start included
                holder = occupied.get(nxt)
                if holder is not None and (holder[0] != seat or last_step):
                    continue  # over own pawns only, and the walk ends on an empty square
                path.append(nxt)
                yield from extend()
                path.pop()

        yield from extend()

    # The game contract.

    def _finished(self) -> bool:
        return self.outcome() is not None

    def _acting(self) -> bool:
        """The seat to act places a pawn, or moves one once its roll is known."""
        return self.placing or self.roll is not None

    def _chance_text(self, move: Roll | FirstPlayer) -> str:
        return "first:?" if isinstance(move, FirstPlayer) and move.seat not in (0, 1) else format_chance(move)

    def _after_opening(self, move: FirstPlayer) -> State:
        if self.turn is not None or move.seat not in (0, 1):
            raise IllegalMoveError(
                "the first player has already been drawn",
                key="illegal_move",
                params={"move": self._chance_text(move)},
            )
        return State(self.pawns, self.movable, move.seat, None)

    def _after_roll(self, move: Roll) -> State:
        if not self.is_chance() or self.turn is None or move.value not in ROLLS:
            raise IllegalMoveError("no roll is due", key="illegal_move", params={"move": self.format_move(move)})
        return State(self.pawns, self.movable, self.turn, move.value)

    def _after_move(self, move: Place | Move) -> State:
        if move not in self._moves:
            raise self._not_legal(self.format_move(move))
        assert self.turn is not None
        me = self.turn
        own = dict(self.pawns[me])
        movable = list(self.movable)
        if isinstance(move, Place):
            own[move.square] = RED
        else:
            face = own.pop(move.frm)
            own[move.to] = flip(face)
            faces = set(own.values())
            if len(faces) == 1:
                # The round is complete: every pawn shows the same face again and all may move.
                movable[me] = faces.pop()
        pawns = list(self.pawns)
        pawns[me] = tuple(sorted(own.items()))
        return State((pawns[0], pawns[1]), (movable[0], movable[1]), 1 - me, None)

    def outcome(self) -> Outcome | None:
        """A win by the goal, or a loss for the player who cannot move with the roll obtained."""
        if self._goal_winner is not None:
            return Outcome(Termination.NORMAL, winners=(self._goal_winner,))
        if not self.placing and self.turn is not None and self.roll is not None and not self._moves:
            return Outcome(Termination.NO_MOVES, winners=(1 - self.turn,))
        return None

    # Questions the bot and the renderer ask.

    def squares(self, seat: Seat) -> tuple[str, ...]:
        """The squares of ``seat``'s pawns, sorted."""
        return tuple(sq for sq, _ in self.pawns[seat])

    def occupant(self, square: str) -> tuple[Seat, Face] | None:
        """The seat and face of the pawn on ``square``, or None when it is empty."""
        return self._occupied.get(square)

    def to_place(self, seat: Seat) -> int:
        """How many of ``seat``'s pawns are still to be placed."""
        return PAWNS - len(self.pawns[seat])

    def eligible(self, seat: Seat) -> tuple[str, ...]:
        """The squares of ``seat``'s pawns that the face rule lets move (whatever the roll), sorted."""
        if self.placing:
            return ()
        return tuple(sq for sq, face in self.pawns[seat] if face == self.movable[seat])

    def can_move(self, seat: Seat) -> tuple[str, ...]:
        """The squares of the pawns that have a legal move now (for the seat to act with its roll)."""
        if seat != self.turn or self.placing:
            return ()
        return tuple(sorted({m.frm for m in self._moves if isinstance(m, Move)}))

    def goal_winner_motif(self) -> str | None:
        """The motif of the winning goal, when a player has reached it."""
        if self._goal_winner is None:
            return None
        return goal_motif(self.squares(self._goal_winner))

    def stuck_reasons(self, roll: int) -> tuple[str, ...]:
        """Why the seat to roll cannot use ``roll`` in this position (the roll still to come), as rule keys for
        the bot's words: ``no_walk`` (none of the pawns the face rule lets move has a walk of exactly ``roll``
        steps ending on an empty square; in these rules that loses). Empty when the roll can be played."""
        seat = self.turn
        if seat is None or self.placing:
            return ()
        if self.can_use(seat, roll):
            return ()
        return ("no_walk",)

    def can_use(self, seat: Seat, roll: int) -> bool:
        """True when one of ``seat``'s pawns the face rule lets move has a walk of exactly ``roll`` steps
        ending on an empty square, in the position as it stands, whoever is to act (always False while
        placing)."""
        return any(self.reaches(seat, sq, roll) for sq in self.eligible(seat))

    def walk_lengths(self, seat: Seat, square: str) -> frozenset[int]:
        """The numbers of steps (up to the highest roll) of the legal walks of a pawn of ``seat`` standing on
        ``square`` that end on an empty square, as :meth:`reaches` asks them."""
        found = self._lengths(seat, square)
        return frozenset(roll for roll in ROLLS if found >> roll & 1)

    def reaches(self, seat: Seat, square: str, roll: int) -> bool:
        """True when a pawn of ``seat`` standing on ``square`` has a walk of exactly ``roll`` steps ending on
        an empty square, in the position as it stands, whatever its face, whoever is to act and even while
        placing (the face rule is :meth:`can_use`'s)."""
        return bool(self._lengths(seat, square) >> roll & 1)

    def _lengths(self, seat: Seat, square: str) -> int:
        """:meth:`walk_lengths` as bits (bit ``n`` set: a walk of ``n`` steps), found in one search of the
        walks over bit masks and kept with the position: the searches ask every pawn of every leaf about
        every roll, and walking the board once per roll was most of a strong decision's time."""
        key = (seat, square)
        found = self._walk_bits.get(key)
        if found is None:
            own, theirs = self._masks[seat], self._masks[1 - seat]
            start = _INDEX[square]
            found = 0
            stack = [(start, 1 << start, 0)]
            while stack:
                at, seen, steps = stack.pop()
                steps += 1
                for nxt in _NEXT[at]:
                    bit = 1 << nxt
                    if seen & bit or theirs & bit:
                        continue  # never the same square twice, never over an opponent's pawn
                    if not own & bit:
                        found |= 1 << steps  # a walk may end on an empty square only
                    if steps < _LONGEST:
                        stack.append((nxt, seen | bit, steps))
            self._walk_bits[key] = found
        return found

    @cached_property
    def _walk_bits(self) -> dict[tuple[Seat, str], int]:
        return {}

    @cached_property
    def _masks(self) -> tuple[int, int]:
        own = [0, 0]
        for seat in (0, 1):
            for sq, _ in self.pawns[seat]:
                own[seat] |= 1 << _INDEX[sq]
        return own[0], own[1]

    def routes(self, move: Move) -> tuple[tuple[str, ...], ...]:
        """Every legal walk of ``move`` with the current roll (start and end included), sorted."""
        if self.turn is None or self.roll is None or move.frm not in self.eligible(self.turn):
            return ()
        return tuple(sorted(w for w in self._walks(self.turn, move.frm, self.roll) if w[-1] == move.to))

    def route(self, move: Move) -> tuple[str, ...]:
        """The walk shown for ``move``: the one crossing the fewest own pawns, then the first in order.

        Empty when ``move`` is not legal.
        """
        walks = self.routes(move)
        if not walks:
            return ()
        occupied = self._occupied
        return min(walks, key=lambda w: (sum(sq in occupied for sq in w[1:-1]), w))

    def route_of(self, text: str) -> tuple[str, ...]:
        """The squares the move ``text`` touches, in order: the route it names, else the shown route.

        A placement touches its square; a chance outcome nothing.

        Raises:
            GameError: ``text`` is not a legal move here (as :meth:`parse_move`).
        """
        move, route = self._parse(text, None)
        if isinstance(move, Place):
            return (move.square,)
        if isinstance(move, Move):
            return route or self.route(move)
        return ()

    # Notation.

    def format_move(self, move: Action) -> str:
        """``@B4``, ``A2-B4``; ``roll:3``; ``first:A``."""
        if isinstance(move, Place):
            return f"@{move.square}"
        if isinstance(move, Move):
            return f"{move.frm}-{move.to}"
        return format_chance(move)

    def parse_move(self, text: str, seat: Seat | None = None) -> Action:
        """Read a placement, a move or a chance outcome in this position.

        Raises:
            GameOverError: the game is over.
            NotationError: the text is not Variante 3 notation.
            NotYourTurnError: ``seat`` is given and may not act now (no seat acts at a chance node).
            IllegalMoveError: the move is not legal now (``AmbiguousMoveError`` when a lone square
                matches several moves).
        """
        return self._parse(text, seat)[0]

    def _parse(self, text: str, seat: Seat | None) -> tuple[Action, tuple[str, ...]]:
        """The move ``text`` names, with the route it spells out (empty when it names none)."""
        self._check_input(text, seat)
        t = " ".join(text.strip().lower().split())
        if m := re.fullmatch(r"roll ?:? ?([0-9])", t):
            self._check_seat(seat)
            return self._chance_move(Roll(int(m[1]))), ()
        if m := re.fullmatch(r"first ?:? ?([a-z])", t):
            self._check_seat(seat)
            letter = m[1].upper()
            chosen = FirstPlayer(SEAT_LETTERS.index(letter) if letter in SEAT_LETTERS else -1)
            return self._chance_move(chosen), ()
        t = t.replace("–", "-").replace("—", "-")
        place = re.fullmatch(rf"(?:@|\+|place|pose|put) ?({_SQ})", t)
        single = re.fullmatch(rf"({_SQ})", t)
        chain = re.fullmatch(rf"{_SQ}(?: ?[->] ?{_SQ}){{2,}}", t)
        pair = re.fullmatch(rf"({_SQ}) ?(?:[->x]|to)? ?({_SQ})(?: ?[/:(] ?({_SQ}(?:(?: ?[,;-] ?| ){_SQ})*) ?\)?)?", t)
        if not (place or single or chain or pair):
            raise self._not_a_move(
                text,
                "write @B4 to place a pawn, or the pawn's square and its destination such as A2-B4",
                "ur.v3.notation",
            )
        self._check_seat(seat)
        if self.turn is None:
            raise IllegalMoveError("the first player has not been drawn yet", key="ur.v3.not_started")
        lone = single[1] if single else None
        if place is not None or (lone is not None and self.placing):
            square = self._square(place[1] if place is not None else str(lone))
            if not self.placing:
                raise self._illegal("every pawn is on the board: move one, such as A2-B4", "ur.v3.not_placing")
            return self._placement(square), ()
        if self.placing:
            raise self._illegal(
                "the pawns are still being placed: put one on an empty square, such as @B4", "ur.v3.placing"
            )
        if self.roll is None:
            raise IllegalMoveError("the dice have not been thrown yet", key="ur.v3.no_roll")
        if lone is not None:
            return self._lone_square(self._square(lone)), ()
        route: tuple[str, ...] = ()
        if chain is not None:
            route = tuple(self._square(sq) for sq in re.findall(_SQ, t))
            frm, to = route[0], route[-1]
        else:
            assert pair is not None
            frm, to = self._square(pair[1]), self._square(pair[2])
            inner = tuple(self._square(sq) for sq in re.findall(_SQ, pair[3] or ""))
            route = (frm, *inner, to) if inner else ()
        move = self._checked_move(frm, to)
        if route and route not in self.routes(move):
            shown = "-".join(route)
            raise self._illegal(
                f"{shown} is not a route of exactly {self.roll} steps that this move may take",
                "ur.v3.bad_route",
                {"route": shown, "roll": self.roll},
            )
        return move, route

    def _square(self, token: str) -> str:
        square = token.upper()
        if square not in BOARD.motifs:
            raise self._illegal(f"{square} is not a square of the board", "ur.v3.no_square", {"square": square})
        return square

    def _placement(self, square: str) -> Place:
        if square in self._occupied:
            raise self._illegal(f"{square} is not empty", "ur.v3.occupied", {"square": square})
        return Place(square)

    def _own_pawn(self, square: str) -> None:
        """Check that the player to act has a pawn on ``square`` that the face rule lets move."""
        assert self.turn is not None
        holder = self._occupied.get(square)
        if holder is None or holder[0] != self.turn:
            raise self._illegal(f"you have no pawn on {square}", "ur.v3.no_pawn", {"square": square})
        if holder[1] != self.movable[self.turn]:
            raise self._illegal(
                f"the pawn on {square} has been turned: it moves again once all your pawns show the same face",
                "ur.v3.turned",
                {"square": square},
            )

    def _checked_move(self, frm: str, to: str) -> Move:
        self._own_pawn(frm)
        if to in self._occupied:
            raise self._illegal(f"{to} is not empty", "ur.v3.occupied", {"square": to})
        move = Move(frm, to)
        if move not in self._moves:
            raise self._illegal(
                f"the pawn on {frm} cannot reach {to} in exactly {self.roll} steps",
                "ur.v3.unreachable",
                {"frm": frm, "to": to, "roll": self.roll},
            )
        return move

    def _lone_square(self, square: str) -> Move:
        """A single square: the only move of the pawn there, or the only move ending there."""
        assert self.turn is not None
        holder = self._occupied.get(square)
        moves = [m for m in self._moves if isinstance(m, Move)]
        if holder is not None:
            self._own_pawn(square)
            found = [m for m in moves if m.frm == square]
            missing_key = "ur.v3.no_move_from"
        else:
            found = [m for m in moves if m.to == square]
            missing_key = "ur.v3.no_move_to"
        if len(found) == 1:
            return found[0]
        if not found:
            what = f"the pawn on {square} has" if holder is not None else f"{square} is reached by"
            raise self._illegal(
                f"{what} no move of exactly {self.roll} steps", missing_key, {"square": square, "roll": self.roll}
            )
        options = tuple(self.format_move(m) for m in found)
        raise AmbiguousMoveError(
            f"{square} could mean {', '.join(options)}: write the pawn and its destination",
            key="ur.v3.ambiguous",
            params={"square": square, "moves": ", ".join(options)},
            legal=options,
        )

    # Autocomplete.

    def completions(self, seat: Seat, typed: str) -> list[str]:
        """Up to 25 complete legal moves of ``seat`` that match ``typed``, best first.

        Every value is a full move in canonical notation. The typed text is read without case, spaces,
        ``-``, ``@`` or a route after ``/``; a move matches when its squares start with it (pawn then
        destination, e.g. ``A2``, ``A2-B``, ``a2b4``), else when its destination does (``B4`` also
        offers every move ending on B4), else when they contain it. When more than 25 moves match, the
        best kind of match is kept first and, within it, the pawns take turns (each pawn's first
        destination, then each pawn's second, ...), so every pawn appears and typing its square lists
        all of its moves.
        """
        if seat not in self.actors():
            return []
        head = typed.split("/")[0].split("(")[0].upper().strip()
        head = re.sub(r"^(?:PLACE|POSE|PUT)\b|\bTO\b", " ", head)
        key = re.sub(r"[\s@+>X\-–—]", "", head)
        ranked: list[tuple[int, int, str]] = []
        seen_from: dict[str, int] = {}
        for move in self._moves:
            text = self.format_move(move)
            compact = text.replace("-", "").replace("@", "")
            destination = move.square if isinstance(move, Place) else move.to
            if compact.startswith(key):
                tier = 0
            elif destination.startswith(key):
                tier = 1
            elif key in compact:
                tier = 2
            else:
                continue
            group = move.frm if isinstance(move, Move) else ""
            order = seen_from.get(group, 0)
            seen_from[group] = order + 1
            ranked.append((tier, order, text))
        ranked.sort()
        kept = ranked[:COMPLETIONS]
        return [text for _, _, text in sorted(kept, key=lambda r: (r[0], r[2]))]

    # State text.

    def to_text(self) -> str:
        """The one-line state text, e.g. ``v3 0r:A1r,B2b 1r:C3r 0 -``."""
        parts = [RULES]
        for seat in (0, 1):
            listed = ",".join(f"{sq}{face}" for sq, face in self.pawns[seat])
            parts.append(f"{seat}{self.movable[seat]}:{listed or '-'}")
        return " ".join(parts + turn_roll_text(self.turn, self.roll))


COMPLETIONS: Final = 25
"""Discord offers at most 25 autocomplete choices."""


def new_state() -> State:
    """The opening position: an empty board, the first player still to be drawn."""
    return State(((), ()))


def from_text(text: str) -> State:
    """Build a state from :meth:`State.to_text`'s one-line form.

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    tokens = split_state_text(text, RULES, 5, "Variante 3")
    pawns: list[tuple[Pawn, ...]] = []
    movable: list[Face] = []
    for seat, token in enumerate(tokens[1:3]):
        m = re.fullmatch(rf"{seat}([rb]):(-|[A-C][1-8][rb](?:,[A-C][1-8][rb])*)", token)
        if m is None:
            raise NotationError(f"bad pawns for seat {seat}: {token!r}")
        own: dict[str, Face] = {}
        for item in [] if m[2] == "-" else m[2].split(","):
            square, face = item[:2], item[2]
            if square not in BOARD.motifs:
                raise NotationError(f"{square} is not a square of the board")
            if square in own:
                raise NotationError(f"seat {seat} has two pawns on {square}")
            own[square] = RED if face == "r" else BLUE
        if len(own) > PAWNS:
            raise NotationError(f"seat {seat} has more than {PAWNS} pawns")
        pawns.append(tuple(sorted(own.items())))
        movable.append(RED if m[1] == "r" else BLUE)
    if set(dict(pawns[0])) & set(dict(pawns[1])):
        raise NotationError("two pawns share a square")
    turn, roll = read_turn_roll(text, tokens[3], tokens[4], "12345", roll_needs_turn=False)
    state = State((pawns[0], pawns[1]), (movable[0], movable[1]), turn, roll)
    counts = [len(own) for own in pawns]
    if turn is None and (any(counts) or roll is not None):
        raise NotationError("before the draw for the first player the board is empty and no roll waits")
    if state.placing:
        if roll is not None:
            raise NotationError("no dice are thrown while the pawns are being placed")
        if any(face != RED for own in pawns for _, face in own) or movable != [RED, RED]:
            raise NotationError("pawns are placed red face up and cannot have been turned yet")
        if turn is not None and not (counts[turn] == counts[1 - turn] or counts[turn] == counts[1 - turn] - 1):
            raise NotationError("the players place their pawns in turn: the seat to act cannot be ahead")
    else:
        for seat in (0, 1):
            faces = {face for _, face in pawns[seat]}
            if len(faces) == 1 and movable[seat] not in faces:
                raise NotationError(f"seat {seat}'s pawns all show one face, which must then be the movable face")
    winners = [seat for seat in (0, 1) if goal_motif(state.squares(seat)) is not None]
    if len(winners) == 2:
        raise NotationError("both players cannot have reached their goal")
    if winners and (turn != 1 - winners[0] or roll is not None):
        raise NotationError("a goal is reached by the player who just acted: the other seat is then to act, no roll")
    return state
