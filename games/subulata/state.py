"""Subulata (Corné van Moorsel, Cwali): the engine.

Rules: ``shared/rules/subulata.fr.txt`` with the board, tiles and rulings of ``subulata.md``.

Board: 81 cells, columns a–i (left to right), rows 1–9 (bottom to top); cell index ``9 * row + col``
(both from 0), so ``a1`` is 0 and ``i9`` is 80. Seat 0 is White (the a1 corner), seat 1 Black (i9).
The board is nine 3×3 tiles; tile position ``p`` (0..8) covers columns ``3 * (p % 3)`` .. +2 and rows
``3 * (p // 3)`` .. +2, so White's start tile (Black's arrival tile) is position 0 (a1–c3) and Black's
start tile (White's arrival tile) is position 8 (g7–i9).

Flow of a match:

1. The layout (chance). With the ``layout=random`` option the match opens with 18 chance steps (see
   :mod:`games.subulata.layout`): for tile positions 0..8 in turn, ``tile:<p>:T<n>`` (which tile not laid
   yet goes to position ``p`` = 1..9, each equally likely), then ``rotate:<p>:<q>`` (its quarter turns,
   each of 0..3 equally likely), so every order and rotation of the tiles is equally likely.
   ``layout=fixed`` lays T1..T9 in positions 0..8 unturned, without a chance node. Matches logged before
   the step-by-step draw open with the single step ``layout:<seed>`` (256 seeds), which is still read and
   applied at the opening (but no longer offered): :func:`layout_of_seed` expands it as it always did.
2. The secret set-up. Both seats act at once, in either order (``actors()`` lists those not done yet).
   A set-up is ``white setup 371946825`` (the values placed on the cells of the seat's start tile in
   :data:`SETUP_CELLS` order: the row nearest the player first, from the player's left) or
   ``white setup random``. A random set-up is drawn at once by two chance nodes: ``setup:0:371`` (the
   values of the first three cells: 9·8·7 = 504 equiprobable outcomes), then ``setup:0:371946825``
   (the order of the six values left: 720 outcomes). Together they make every one of the 9! arrangements
   equally likely, all from the match's seeded generator and all in the log. The public log uses
   :func:`public_notation`, which hides the values.
   :meth:`State.legal_moves` lists only ``setup random`` for a seat (listing 9! arrangements per seat is
   not sensible); explicit arrangements are accepted by :meth:`State.parse_move` and :meth:`State.apply`.
3. Play. White first, then in turn. A piece moves in a straight line forward (White: up or right;
   Black: down or left) exactly the distance of its starting cell's terrain (water 1, flower 2,
   leaf 3), jumping over anything, staying on the board, never ending on a friend. Ending on an
   opposing piece captures it (its value stays hidden). Backward moves (same distance) are allowed
   only when they capture. After every move: the game ends when all the pieces a player still has
   stand on that player's arrival tile (none left counts), or when the player to move has no legal
   move. Score: the values of one's pieces on one's arrival tile plus one per captured piece.

Notation: ``c2-c4`` (a move), ``c2xc4`` (a capture); input is case-insensitive and lenient about the
separator (``c2 c4``, ``C2C4``, ``c2xc4`` for a plain move all read). Chance outcomes: ``tile:1:T3``,
``rotate:1:2`` (``layout:17`` in old logs), ``setup:1:584``, ``setup:1:584213976``.

One-line state text (secrets included, never shown to players)::

    subulata <layout> <white> <black> <turn>

- ``<layout>``: ``-`` before the draw, ``~`` and the steps drawn so far while it goes on (``~3172`` = T3
  turned once at a1–c3, T7 turned twice at d1–f3; ``~31725``: T5 drawn for g1–i3, its turns not yet),
  else nine ``<tile><rotation>`` pairs by position, comma-separated (``31,72,...``);
- a seat: ``-`` (set-up not made), ``?`` (random set-up asked), ``?371`` (its first three values drawn),
  else ``<pieces>/<lost>``: ``~`` or comma-separated ``cell=value`` in cell order, then the values of the
  seat's captured pieces in increasing order (``a1=3,c4=9/25`` or ``~/123456789``);
- ``<turn>``: ``-`` during the set-up, else ``0`` or ``1``.
"""

from __future__ import annotations

import itertools
import operator
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Final, TypeAlias

from games.base import (
    GameOverError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    Outcome,
    Seat,
    Termination,
    check_input,
    check_turn,
    not_a_chance_outcome,
    not_a_move,
)
from games.subulata.layout import FIXED_LAYOUT as FIXED_LAYOUT
from games.subulata.layout import LAYOUT_SEEDS as LAYOUT_SEEDS
from games.subulata.layout import Drawn, completed, extend, format_step, step_outcomes, valid_drawn
from games.subulata.layout import Layout as Layout
from games.subulata.layout import TilePick as TilePick
from games.subulata.layout import TileTurn as TileTurn
from games.subulata.layout import layout_of_seed as layout_of_seed
from games.subulata.tiles import DISTANCE, TILES, rotate

NAME: Final = "subulata"
SIZE: Final = 9
CELLS: Final = SIZE * SIZE
VALUES: Final = tuple(range(1, 10))
COLOURS: Final = ("white", "black")
START_TILE: Final = (0, 8)
"""The tile position each seat starts on (and the other seat arrives on)."""
ARRIVAL_TILE: Final = (8, 0)
FORWARD: Final = (((0, 1), (1, 0)), ((0, -1), (-1, 0)))
"""The two forward directions (column step, row step) of each seat; backward is their opposite."""

Pieces: TypeAlias = tuple[tuple[int, int], ...]
"""A seat's pieces on the board: ``(cell, value)`` sorted by cell."""


def cell_name(cell: int) -> str:
    """``a1`` for 0, ``i9`` for 80."""
    return f"{'abcdefghi'[cell % SIZE]}{cell // SIZE + 1}"


def cell_index(name: str) -> int:
    """The index of a cell name such as ``c4`` (lower case)."""
    return (int(name[1]) - 1) * SIZE + "abcdefghi".index(name[0])


def tile_position(cell: int) -> int:
    """The tile position 0..8 that holds ``cell``."""
    return (cell // SIZE) // 3 * 3 + (cell % SIZE) // 3


def tile_cells(position: int) -> tuple[int, ...]:
    """The nine cells of tile position ``position``, in cell order."""
    x0, y0 = 3 * (position % 3), 3 * (position // 3)
    return tuple((y0 + dy) * SIZE + x0 + dx for dy in range(3) for dx in range(3))


SETUP_CELLS: Final = (
    tuple(cell_index(c) for c in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")),
    tuple(cell_index(c) for c in ("i9", "h9", "g9", "i8", "h8", "g8", "i7", "h7", "g7")),
)
"""The order in which a set-up's nine digits fill each seat's start tile: the row nearest the player
first, each row from the player's left (White a1 b1 c1 a2 …; Black i9 h9 g9 i8 …)."""


@lru_cache(maxsize=512)
def terrain_map(layout: Layout) -> str:
    """The terrain letter of every cell (81 letters, by cell index) for ``layout`` (drawn once per layout: every
    state of a game, and every state an AI's search reaches, asks for it)."""
    letters = [""] * CELLS
    for position, (tile, turns) in enumerate(layout):
        grid = rotate(TILES.tiles[tile - 1], turns)
        x0, y0 = 3 * (position % 3), 3 * (position // 3)
        for r in range(3):  # r = 0 is the tile's north row, the highest board row
            for c in range(3):
                letters[(y0 + 2 - r) * SIZE + x0 + c] = grid[r][c]
    return "".join(letters)


# Moves and chance outcomes.


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A piece moving from cell ``frm`` to cell ``to``."""

    frm: int
    to: int


MOVE_ORDER: Final = operator.attrgetter("frm", "to")
"""The order of :class:`Move` as a sort key (compared in C rather than through the dataclass's ``__lt__``)."""


@dataclass(frozen=True, slots=True, order=True)
class Setup:
    """``seat`` arranges its pieces: ``values`` for :data:`SETUP_CELLS` order, or ``()`` for random."""

    seat: Seat
    values: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, order=True)
class LayoutDraw:
    """Chance outcome of matches logged before the step-by-step draw: the layout seed ``seed`` (see
    :func:`games.subulata.layout.layout_of_seed`). Read and applied at the opening, never offered."""

    seed: int


@dataclass(frozen=True, slots=True, order=True)
class Deal:
    """Chance outcome of a random set-up: ``seat``'s first three values, then all nine."""

    seat: Seat
    values: tuple[int, ...]


Chance: TypeAlias = LayoutDraw | TilePick | TileTurn | Deal
Action: TypeAlias = Move | Setup | Chance

_MOVE_RE: Final = re.compile(r"([a-i])([1-9])(?:-|x|:|to)?([a-i])([1-9])")
_SETUP_RE: Final = re.compile(
    r"(white|black|blanc|noir|w|b)?(?:setup|set-up|placement|place)(random|rnd|(?:au)?hasard|[1-9]{9})"
)
_LAYOUT_RE: Final = re.compile(r"layout:?(\d{1,3})")
_TILE_RE: Final = re.compile(r"tile:?([1-9]):?t?([1-9])")
_ROTATE_RE: Final = re.compile(r"rotate:?([1-9]):?([0-3])")
_DEAL_RE: Final = re.compile(r"setup:([01]):(\d{3}|\d{9})")
_COLOUR_SEAT: Final = {"white": 0, "w": 0, "blanc": 0, "black": 1, "b": 1, "noir": 1}


def public_notation(move_text: str) -> str:
    """``move_text`` with every hidden value removed, for any public log or message.

    ``white setup 371946825`` → ``white setup``; ``white setup random`` stays; ``setup:0:371`` and
    ``setup:0:371946825`` → ``setup:0``. Piece moves and layout draws reveal nothing and stay as they are.
    """
    squeezed = re.sub(r"[\s,._]+", "", move_text.strip().lower())
    if m := re.fullmatch(r"setup:([01]).*", squeezed):
        return f"setup:{m[1]}"
    if m := re.match(r"(white|black|blanc|noir|w|b)?(?:setup|set-up|place)", squeezed):
        colour = None if m[1] is None else COLOURS[_COLOUR_SEAT[m[1]]]
        random_asked = any(word in squeezed for word in ("random", "rnd", "hasard"))
        return " ".join(filter(None, (colour, "setup", "random" if random_asked else None)))
    return move_text


def _pieces_text(pieces: Pieces, lost: tuple[int, ...]) -> str:
    cells = ",".join(f"{cell_name(c)}={v}" for c, v in pieces) or "~"
    return f"{cells}/{''.join(map(str, lost))}"


@dataclass(frozen=True, slots=True)
class View:
    """What one viewer may see of a position (never the state itself).

    ``pieces[s]`` lists seat ``s``'s pieces as ``(cell, value)``, the value None unless the viewer may
    see it: a player sees their own values, a spectator none, and everyone sees all once the game is
    over. ``lost_values[s]`` are the values of seat ``s``'s captured pieces under the same rule
    (empty when hidden); ``lost[s]`` how many it has lost either way. ``setup[s]`` is ``waiting``,
    ``drawing`` (a random set-up is being drawn) or ``done``.
    """

    viewer: Seat | None
    terrain: str
    """81 terrain letters by cell index, empty before the layout is drawn."""
    layout: Layout | None
    pieces: tuple[tuple[tuple[int, int | None], ...], tuple[tuple[int, int | None], ...]]
    lost: tuple[int, int]
    lost_values: tuple[tuple[int, ...], tuple[int, ...]]
    setup: tuple[str, str]
    turn: Seat | None
    outcome: Outcome | None

    @property
    def captures(self) -> tuple[int, int]:
        """How many opposing pieces each seat has captured."""
        return (self.lost[1], self.lost[0])

    def sees(self, seat: Seat) -> bool:
        """True when this view shows ``seat``'s values."""
        return self.outcome is not None or self.viewer == seat


@dataclass(frozen=True)
class State:
    """A Subulata position (immutable; see the module docstring for the phases and the text).

    ``pending[s]`` is None, or the values drawn so far for seat ``s``'s random set-up (``()`` right after
    ``setup random``). ``lost[s]`` holds the values of seat ``s``'s captured pieces, sorted. While the
    layout is drawn (``layout`` None), ``drawn`` holds the steps so far (see :mod:`games.subulata.layout`).
    """

    layout: Layout | None
    pieces: tuple[Pieces, Pieces] = ((), ())
    lost: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    pending: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None)
    turn: Seat | None = None
    drawn: Drawn = ()

    # Derived values.

    @cached_property
    def terrain(self) -> str:
        """The terrain letter of every cell (empty before the layout draw)."""
        return "" if self.layout is None else terrain_map(self.layout)

    def is_set_up(self, seat: Seat) -> bool:
        """True once ``seat`` has placed its pieces."""
        return self.turn is not None or len(self.pieces[seat]) == 9

    @cached_property
    def _owner(self) -> dict[int, Seat]:
        return {cell: seat for seat in (0, 1) for cell, _ in self.pieces[seat]}

    def moves_of(self, seat: Seat) -> tuple[Move, ...]:
        """Every legal piece move of ``seat`` in this position (whoever is to move), sorted."""
        return self._all_moves[seat]

    @cached_property
    def _all_moves(self) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
        return (self._find_moves(0), self._find_moves(1))

    def _find_moves(self, seat: Seat) -> tuple[Move, ...]:
        owner = self._owner
        found: list[Move] = []
        for cell, _ in self.pieces[seat]:
            x, y = cell % SIZE, cell // SIZE
            d = DISTANCE[self.terrain[cell]]
            for forward in (True, False):
                for dx, dy in FORWARD[seat]:
                    sx, sy = (dx, dy) if forward else (-dx, -dy)
                    tx, ty = x + sx * d, y + sy * d
                    if not (0 <= tx < SIZE and 0 <= ty < SIZE):
                        continue
                    to = ty * SIZE + tx
                    there = owner.get(to)
                    if there == seat or (not forward and there is None):
                        continue
                    found.append(Move(cell, to))
        return tuple(sorted(found, key=MOVE_ORDER))

    def arrived(self, seat: Seat) -> bool:
        """True when every piece ``seat`` still has stands on its arrival tile (none left counts)."""
        return all(tile_position(c) == ARRIVAL_TILE[seat] for c, _ in self.pieces[seat])

    def score(self, seat: Seat) -> int:
        """Values of ``seat``'s pieces on its arrival tile, plus one per opposing piece it captured."""
        home = sum(v for c, v in self.pieces[seat] if tile_position(c) == ARRIVAL_TILE[seat])
        return home + len(self.lost[1 - seat])

    @cached_property
    def _outcome(self) -> Outcome | None:
        if self.turn is None:
            return None
        if not (self.arrived(0) or self.arrived(1) or not self.moves_of(self.turn)):
            return None
        scores = (self.score(0), self.score(1))
        winners = () if scores[0] == scores[1] else ((0,) if scores[0] > scores[1] else (1,))
        return Outcome(Termination.NORMAL, winners=winners, scores=scores)

    # The game contract.

    def actors(self) -> tuple[Seat, ...]:
        """During the set-up, the seats not set up yet; then the seat to move."""
        if self.is_chance() or self._outcome is not None:
            return ()
        if self.turn is None:
            return tuple(s for s in (0, 1) if not self.is_set_up(s))
        return (self.turn,)

    def is_chance(self) -> bool:
        """True while the layout or a random set-up is to be drawn."""
        return self.layout is None or any(p is not None for p in self.pending)

    def chance_outcomes(self) -> tuple[tuple[Chance, Fraction], ...]:
        """The next step of the layout draw, or the next step of a random set-up (lowest seat first)."""
        return self._chance

    @cached_property
    def _chance_set(self) -> frozenset[Chance]:
        chance: set[Chance] = {o for o, _ in self._chance}
        if self.layout is None and not self.drawn:
            # An old log's one-step draw is still read at the opening (see the module docstring).
            chance |= {LayoutDraw(n) for n in range(LAYOUT_SEEDS)}
        return frozenset(chance)

    @cached_property
    def _chance(self) -> tuple[tuple[Chance, Fraction], ...]:
        if self.layout is None:
            return step_outcomes(self.drawn)
        for seat in (0, 1):
            drawn = self.pending[seat]
            if drawn is None:
                continue
            if not drawn:
                return tuple((Deal(seat, t), Fraction(1, 504)) for t in itertools.permutations(VALUES, 3))
            rest = [v for v in VALUES if v not in drawn]
            return tuple((Deal(seat, drawn + t), Fraction(1, 720)) for t in itertools.permutations(rest))
        return ()

    def legal_moves(self, seat: Seat | None = None) -> tuple[Move | Setup, ...]:
        """The seat's piece moves, or ``setup random`` for each seat still to set up."""
        actors = self.actors()
        seats = actors if seat is None else tuple(s for s in actors if s == seat)
        if self.turn is None:
            return tuple(Setup(s) for s in seats)
        return self.moves_of(self.turn) if seats else ()

    def mover(self, move: object) -> Seat | None:
        """The seat of a set-up or a piece move; None for a chance outcome."""
        if isinstance(move, Setup):
            return move.seat
        if isinstance(move, Move):
            return self.turn
        return None

    def outcome(self) -> Outcome | None:
        """The scores once either end condition holds (checked after every move)."""
        return self._outcome

    def view_for(self, seat: Seat | None) -> View:
        """The layout, every piece, the set-up status and only the values ``seat`` may see."""
        over = self._outcome is not None

        def shown(s: Seat) -> bool:
            return over or seat == s

        pieces = tuple(tuple((c, v if shown(s) else None) for c, v in self.pieces[s]) for s in (0, 1))
        status = tuple(
            "done" if self.is_set_up(s) else "drawing" if self.pending[s] is not None else "waiting" for s in (0, 1)
        )
        return View(
            viewer=seat,
            terrain=self.terrain,
            layout=self.layout,
            pieces=(pieces[0], pieces[1]),
            lost=(len(self.lost[0]), len(self.lost[1])),
            lost_values=(self.lost[0] if shown(0) else (), self.lost[1] if shown(1) else ()),
            setup=(status[0], status[1]),
            turn=self.turn,
            outcome=self._outcome,
        )

    def apply(self, move: Action) -> State:
        """The state after a move, a set-up or a chance outcome.

        Raises:
            GameOverError: the game is over.
            IllegalMoveError: the move is not legal here.
        """
        if self._outcome is not None:
            raise GameOverError("the game is over", key="game_over")
        if isinstance(move, LayoutDraw | TilePick | TileTurn | Deal):
            if move not in self._chance_set:
                raise not_a_chance_outcome(self.format_move(move))
            if isinstance(move, LayoutDraw):
                return State(layout_of_seed(move.seed))
            if isinstance(move, TilePick | TileTurn):
                drawn = extend(self.drawn, move)
                layout = completed(drawn)
                return State(layout) if layout is not None else State(None, drawn=drawn)
            if len(move.values) == 3:
                return self._replace_pending(move.seat, move.values)
            return self._placed(move.seat, move.values)
        if isinstance(move, Setup):
            if move.seat not in self.actors():
                raise NotYourTurnError(
                    f"{COLOURS[move.seat]} cannot set up now", key="not_your_turn", params={"seat": move.seat}
                )
            if not move.values:
                return self._replace_pending(move.seat, ())
            if sorted(move.values) != list(VALUES):
                raise IllegalMoveError("a set-up uses each value 1 to 9 once", key="subulata.bad_arrangement")
            return self._placed(move.seat, move.values)
        if self.turn is None or move not in self.moves_of(self.turn):
            text = f"{cell_name(move.frm)}-{cell_name(move.to)}"
            raise IllegalMoveError(f"{text} is not legal", key="illegal_move", params={"move": text})
        me, other = self.turn, 1 - self.turn
        value = dict(self.pieces[me])[move.frm]
        own = tuple(sorted([p for p in self.pieces[me] if p[0] != move.frm] + [(move.to, value)]))
        theirs = self.pieces[other]
        lost = list(self.lost)
        taken = dict(theirs).get(move.to)
        if taken is not None:
            theirs = tuple(p for p in theirs if p[0] != move.to)
            lost[other] = tuple(sorted((*lost[other], taken)))
        pieces = (own, theirs) if me == 0 else (theirs, own)
        return State(self.layout, pieces, (lost[0], lost[1]), self.pending, other)

    def _replace_pending(self, seat: Seat, drawn: tuple[int, ...] | None) -> State:
        pending = (drawn, self.pending[1]) if seat == 0 else (self.pending[0], drawn)
        return State(self.layout, self.pieces, self.lost, pending, self.turn)

    def _placed(self, seat: Seat, values: tuple[int, ...]) -> State:
        placed = tuple(sorted(zip(SETUP_CELLS[seat], values, strict=True)))
        pieces = (placed, self.pieces[1]) if seat == 0 else (self.pieces[0], placed)
        pending = (None, self.pending[1]) if seat == 0 else (self.pending[0], None)
        turn = 0 if all(len(p) == 9 for p in pieces) else None
        return State(self.layout, pieces, self.lost, pending, turn)

    # Notation.

    def format_move(self, move: Action) -> str:
        """``c2-c4``, ``c2xc4``; ``white setup random``, ``black setup 371946825``; ``layout:17``,
        ``setup:0:371``."""
        if isinstance(move, LayoutDraw):
            return f"layout:{move.seed}"
        if isinstance(move, TilePick | TileTurn):
            return format_step(move)
        if isinstance(move, Deal):
            return f"setup:{move.seat}:{''.join(map(str, move.values))}"
        if isinstance(move, Setup):
            return f"{COLOURS[move.seat]} setup {''.join(map(str, move.values)) or 'random'}"
        sep = "x" if self._owner.get(move.to) not in (None, self.turn) else "-"
        return f"{cell_name(move.frm)}{sep}{cell_name(move.to)}"

    def _notations(self) -> tuple[str, ...]:
        return tuple(self.format_move(m) for m in self.legal_moves())

    def _illegal(self, message: str, key: str, **params: object) -> IllegalMoveError:
        return IllegalMoveError(message, key=key, params=params, legal=self._notations())

    def parse_move(self, text: str, seat: Seat | None = None) -> Action:
        """Read a move, a set-up or a chance outcome in this position.

        Raises:
            NotationError: the text is not Subulata notation.
            GameOverError: the game is over.
            NotYourTurnError: ``seat`` may not act now.
            IllegalMoveError: the move is well formed but not legal now.
        """
        check_input(text, seat, self.actors(), self._outcome is not None)
        t = re.sub(r"[\s,._]+", "", text.strip().lower())
        if (
            (m := _LAYOUT_RE.fullmatch(t))
            or (m := _TILE_RE.fullmatch(t))
            or (m := _ROTATE_RE.fullmatch(t))
            or (m := _DEAL_RE.fullmatch(t))
        ):
            chance: Chance
            if m.re is _LAYOUT_RE:
                chance = LayoutDraw(int(m[1]))
            elif m.re is _TILE_RE:
                chance = TilePick(int(m[1]) - 1, int(m[2]))
            elif m.re is _ROTATE_RE:
                chance = TileTurn(int(m[1]) - 1, int(m[2]))
            else:
                chance = Deal(int(m[1]), tuple(int(c) for c in m[2]))
            if chance not in self._chance_set:
                raise not_a_chance_outcome(t)
            return chance
        if m := _SETUP_RE.fullmatch(t):
            return self._parse_setup(m, seat)
        if m := _MOVE_RE.fullmatch(t):
            return self._parse_piece_move(cell_index(m[1] + m[2]), cell_index(m[3] + m[4]), seat)
        raise not_a_move(
            text,
            "is not a move: write the cell of your piece and where it goes, such as c2-c4,"
            " or 'setup random' / 'setup 371946825' during the set-up",
            "subulata.notation",
            self._notations(),
        )

    def _parse_setup(self, m: re.Match[str], seat: Seat | None) -> Setup:
        named = None if m[1] is None else _COLOUR_SEAT[m[1]]
        if self._outcome is not None:
            raise GameOverError("the game is over", key="game_over")
        if self.turn is not None:
            raise self._illegal("the set-up is over: move a piece", "subulata.setup_over")
        if seat is not None and named is not None and named != seat:
            raise NotYourTurnError("you can only set up your own pieces", key="not_your_turn", params={"seat": seat})
        who = named if named is not None else seat
        if who is None:
            waiting = self.actors()
            if len(waiting) != 1:
                raise self._illegal("say whose set-up this is: white setup … or black setup …", "subulata.which_seat")
            who = waiting[0]
        if self.is_set_up(who):
            raise IllegalMoveError("your pieces are already placed", key="subulata.setup_done")
        if who not in self.actors():
            raise NotYourTurnError("wait for the draw in progress", key="not_your_turn", params={"seat": who})
        if m[2] in ("random", "rnd", "hasard", "auhasard"):
            return Setup(who)
        values = tuple(int(c) for c in m[2])
        if sorted(values) != list(VALUES):
            raise IllegalMoveError(
                "a set-up gives each value 1 to 9 exactly once", key="subulata.bad_arrangement", params={"text": m[2]}
            )
        return Setup(who, values)

    def _parse_piece_move(self, frm: int, to: int, seat: Seat | None) -> Move:
        check_turn(seat, self.actors(), self._outcome is not None)
        if self.turn is None:
            raise IllegalMoveError(
                "the set-up is not finished: place your pieces first ('setup random' or 'setup 371946825')",
                key="subulata.setup_first",
            )
        me = self.turn
        f, d = cell_name(frm), cell_name(to)
        if self._owner.get(frm) != me:
            raise self._illegal(f"you have no piece on {f}", "subulata.no_piece", square=f)
        move = Move(frm, to)
        if move in self.moves_of(me):
            return move
        distance = DISTANCE[self.terrain[frm]]
        dx, dy = to % SIZE - frm % SIZE, to // SIZE - frm // SIZE
        if (dx != 0 and dy != 0) or frm == to:
            raise self._illegal(f"{f}-{d} is not a straight line along a row or a column", "subulata.not_straight")
        if abs(dx + dy) != distance:
            raise self._illegal(
                f"a piece on {f} moves exactly {distance} cell(s)", "subulata.distance", square=f, distance=distance
            )
        if self._owner.get(to) == me:
            raise self._illegal(f"your own piece stands on {d}", "subulata.own_piece", square=d)
        raise self._illegal(f"{f}-{d} goes backward, which is only allowed to capture", "subulata.backward")

    # State text.

    def to_text(self) -> str:
        """The one-line state text (see the module docstring)."""
        if self.layout is not None:
            layout = ",".join(f"{t}{r}" for t, r in self.layout)
        else:
            layout = "~" + "".join(map(str, self.drawn)) if self.drawn else "-"
        seats = []
        for s in (0, 1):
            drawn = self.pending[s]
            if drawn is not None:
                seats.append("?" + "".join(map(str, drawn)))
            elif self.is_set_up(s):
                seats.append(_pieces_text(self.pieces[s], self.lost[s]))
            else:
                seats.append("-")
        turn = "-" if self.turn is None else str(self.turn)
        return f"{NAME} {layout} {seats[0]} {seats[1]} {turn}"


def new_state(fixed_layout: bool = False) -> State:
    """The opening: the layout to draw (or the fixed layout), then both set-ups."""
    return State(FIXED_LAYOUT if fixed_layout else None)


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f"not a Subulata state text ({why}): {text!r}")


def from_text(text: str) -> State:
    """Build a state from :meth:`State.to_text`'s one-line form.

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    tokens = text.split()
    if len(tokens) != 5 or tokens[0] != NAME:
        raise _bad(text, "expected 5 fields starting with 'subulata'")
    layout: Layout | None = None
    steps: Drawn = ()
    if tokens[1].startswith("~"):
        steps = tuple(int(c) for c in tokens[1][1:] if c.isdigit())
        if len(steps) != len(tokens[1]) - 1 or not steps or not valid_drawn(steps):
            raise _bad(text, "bad layout draw in progress")
    elif tokens[1] != "-":
        if not re.fullmatch(r"[1-9][0-3](?:,[1-9][0-3]){8}", tokens[1]):
            raise _bad(text, "bad layout")
        layout = tuple((int(p[0]), int(p[1])) for p in tokens[1].split(","))
        if sorted(t for t, _ in layout) != list(VALUES):
            raise _bad(text, "the layout must use each tile once")
    turn = None if tokens[4] == "-" else int(tokens[4]) if tokens[4] in ("0", "1") else -1
    if turn == -1:
        raise _bad(text, "bad turn")
    pieces: list[Pieces] = [(), ()]
    lost: list[tuple[int, ...]] = [(), ()]
    pending: list[tuple[int, ...] | None] = [None, None]
    for s, token in enumerate(tokens[2:4]):
        if token == "-":
            if turn is not None:
                raise _bad(text, "play has started but a seat has not set up")
            continue
        if m := re.fullmatch(r"\?(\d{3})?", token):
            drawn = tuple(int(c) for c in m[1] or "")
            if turn is not None or len(set(drawn)) != len(drawn) or 0 in drawn:
                raise _bad(text, "bad random set-up in progress")
            pending[s] = drawn
            continue
        m = re.fullmatch(r"(~|[a-i][1-9]=[1-9](?:,[a-i][1-9]=[1-9])*)/([1-9]*)", token)
        if m is None:
            raise _bad(text, f"bad field for seat {s}")
        placed = [] if m[1] == "~" else [(cell_index(p[:2]), int(p[3])) for p in m[1].split(",")]
        gone = tuple(int(c) for c in m[2])
        if placed != sorted(placed) or len({c for c, _ in placed}) != len(placed):
            raise _bad(text, f"seat {s}'s pieces must be listed once each, in cell order")
        if sorted([v for _, v in placed] + list(gone)) != list(VALUES):
            raise _bad(text, f"seat {s}'s values on the board and captured must be 1..9 once each")
        if list(gone) != sorted(gone):
            raise _bad(text, "captured values must be sorted")
        if turn is None and (gone or {c for c, _ in placed} != set(SETUP_CELLS[s])):
            raise _bad(text, "during the set-up a seat's nine pieces stand on its start tile")
        pieces[s], lost[s] = tuple(placed), gone
    if layout is None and (any(pieces) or any(p is not None for p in pending) or turn is not None):
        raise _bad(text, "nobody sets up before the layout is drawn")
    if {c for c, _ in pieces[0]} & {c for c, _ in pieces[1]}:
        raise _bad(text, "two pieces share a cell")
    if turn is not None and any(s_pieces == () and not s_lost for s_pieces, s_lost in zip(pieces, lost, strict=True)):
        raise _bad(text, "a seat without pieces")
    return State(layout, (pieces[0], pieces[1]), (lost[0], lost[1]), (pending[0], pending[1]), turn, steps)


def resample_hidden(state: State, seat: Seat | None, rng: random.Random) -> State:
    """``state`` with every value ``seat`` cannot see dealt again at random (``rng`` a ``random.Random``).

    Hidden from a player: the opponent's values, on the board and among the captured pieces, and the
    values of an opponent's random set-up being drawn; a spectator sees no value. After the end every
    value is public and the state is returned as it is.
    """
    if state.outcome() is not None:
        return state
    pieces, lost, pending = list(state.pieces), list(state.lost), list(state.pending)
    for s in (0, 1):
        if s == seat:
            continue
        if (drawn := state.pending[s]) is not None:
            pending[s] = tuple(rng.sample(VALUES, len(drawn)))
        if state.pieces[s] or state.lost[s]:
            values = list(VALUES)
            rng.shuffle(values)
            cells = [c for c, _ in state.pieces[s]]
            pieces[s] = tuple(zip(cells, values[: len(cells)], strict=True))
            lost[s] = tuple(sorted(values[len(cells) :]))
    return State(
        state.layout, (pieces[0], pieces[1]), (lost[0], lost[1]), (pending[0], pending[1]), state.turn, state.drawn
    )
