"""Royal Game of Ur, the Ravensburger rules: ten tokens each, one six-sided die, prisoners and towers.

Rules: ``shared/rules/ur.fr.txt`` ("REGLES DE RAVENSBURGER") with the board and rulings of ``ur.md``
part (a). The rules as implemented (points marked *ruling* are ours, where the texts are silent):

- **Tokens.** Each seat has 10 two-faced tokens, all in reserve at the start. A token enters with its
  blue face up and turns red for good when it reaches its final goal square.
- **Path.** Seat 0 (row A) runs A4 A3 A2 A1, B1 … B8, then its goal squares A8 (the refuge) and A7
  (the final goal); seat 1 mirrors it on row C. The text's squares 1–4 are A4..A1, its eight middle
  squares B1..B8, its goal squares 5 and 6 are A8 and A7. A token never enters the other seat's lane
  or goal squares except as a prisoner.
- **Opening.** Seat 0 rolls once, then seat 1 (chance outcomes ``open:A5``, ``open:C3``). The higher
  roll starts (a 6 counts as 6); a tie is rolled again, seat 0 first. The starter then rolls for the
  first turn. *Ruling:* the opening rolls are kept in the state, for the record.
- **Turns.** The players alternate; there are no extra turns. A roll of 1–5 must be played with one
  token; a 6 means no move. With no legal move the turn passes. *Ruling:* a player who can move must
  (the text only allows passing when no move exists).
- **Entering.** A roll r enters a token from reserve on path square r (A4 counts as 1, so a 5 enters
  on B1). Entering onto B1 topped by an opponent's token captures it like any move.
- **Towers.** Any number of tokens may stack on a square, except that a goal square never holds more
  than 5 of its owner's own tokens (prisoners there do not count). The top token's owner controls the
  tower. Only the top token moves; it may take along 0..k of the opponent's tokens lying directly
  beneath it (its prisoners), never reaching below the mover's own next token. Own tokens in a tower
  therefore always move one at a time, and a token that is not on top cannot move.
- **Capture.** Ending a move exactly on a square whose top token is the opponent's puts the moving
  token, with whatever it carries, on top; everything below stays in place. An own token buried in a
  tower moves again as soon as it is on top again (when the captor leaves without it).
- **Goal squares.** A blue token can only move forward and must reach A8 or A7 by an exact roll (it
  never overshoots A7). Prisoners carried into A7 leave the game at once. An own token arriving in A7
  turns red. *Ruling:* the refuge A8 is a plain waiting square: prisoners carried there stay under
  their captor. If the captor leaves them behind, they stay in the refuge: their owner cannot move
  them (the square is not on their path), they count as captured, and any token of the refuge's owner
  that ends on A8 sits on them again (a capture), so they can still be taken on into A7.
- **Red tokens** (*ruling*, from ur.md): a red token runs on the track A7, A8, B8 … B1 (seat 1: C7,
  C8, B8 … B1) and never goes beyond B1 into the lane. Each move goes one way only: *outward* (towards
  B1) or *homeward* (towards A7); it captures in both directions, and needs an exact roll for the goal
  squares (it never overshoots B1 or A7). A red token moving alone may go either way; a move that
  carries prisoners must go homeward. *Ruling:* the obligation is per move: a red token may leave its
  prisoners behind and move outward alone, since no token is ever obliged to take prisoners along.
- **Prisoners keep their face**, and a freed token moves on according to its face and its square.
- **End.** A player wins as soon as the opponent has no free token left. *Ruling* (making "all the
  opponent's tokens are captured" precise): a token is free when it is in reserve, or on top of a
  tower on a square of its own path; so every opponent token is removed, lies in a tower topped by
  one of the winner's tokens, or stands in the winner's goal squares. The game can stall: nothing
  forces progress, and tokens may shuttle back and forth for ever (random play ends well within a
  couple of thousand plies, but a stubborn policy may not). The platform offers a draw by agreement;
  the engine itself never declares a draw.

Positions: a seat's path position 1..14 is the square ``PATHS[seat][p - 1]`` (1 = A4, 4 = A1, 5 = B1,
12 = B8, 13 = A8, 14 = A7); 0 stands for the reserve. Blue tokens move from p to p + roll; red tokens
live on positions 5..14 and move to p + roll (homeward) or p - roll (outward).

Notation (case-insensitive on input): ``in-A2`` enters a token (``inxB1`` when it captures on B1),
``B3-B7`` moves the top token of B3 to B7, ``B3xB7`` when B7 is topped by an opponent (a capture),
``B3-B7+2`` carries the 2 prisoners directly beneath it (``+N`` absent = none), ``B5-B2`` is a red
token going outward, ``B8-A7+1`` delivers a prisoner. On input ``-`` and ``x`` are interchangeable,
``new`` means ``in``, and the destination may be left out when only one is possible (``B3``,
``B3+2``, ``in``). Chance outcomes: ``open:A5`` / ``open:C3`` (the opening rolls) and ``roll:4``
(1..6; ``roll:6`` passes at once). :meth:`State.completions` lists the legal notations matching what a
player typed, for autocomplete; a roll rarely offers more than a dozen choices.

One-line state text: ``rb A4=aa,A8=aC,B3=cA 6,7 0,1 0 3 5/2`` is, field by field: the rule set;
the towers as ``SQUARE=tokens`` bottom to top in board order (``-`` for an empty board), a token
being ``a``/``A`` for seat 0 blue/red and ``c``/``C`` for seat 1 blue/red; the reserves of seat 0
and seat 1; how many tokens of each seat have left the game; the seat to play (``-`` during the
opening); the roll waiting to be played (``-`` while the die is to be thrown); the opening rolls
``A/C`` (``-`` for a roll not made yet).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Final, NamedTuple, TypeAlias

from games.base import AmbiguousMoveError, IllegalMoveError, NotationError, Seat
from games.ur.board import BOARD
from games.ur.turns import LANE_SEAT as LANE_SEAT
from games.ur.turns import DiceTurns, format_chance, read_roll, read_turn_roll, split_state_text, turn_roll_text
from games.ur.turns import Roll as Roll

RULES: Final = "rb"
LABEL: Final = "Ravensburger (towers, 10 tokens)"
TOKENS: Final = 10
PATH_LENGTH: Final = 14
REFUGE: Final = 13
"""Path position of the refuge (A8 / C8)."""
GOAL: Final = 14
"""Path position of the final goal (A7 / C7)."""
RED_START: Final = 5
"""The first path position a red token may stand on (B1): red tokens never enter the lanes."""
GOAL_LIMIT: Final = 5
"""At most this many of a seat's own tokens in each of its goal squares."""
DIE: Final = 6
NO_MOVE: Final = 6
"""The die face that means "no move"."""
PATHS: Final = (BOARD.path("race", 0), BOARD.path("race", 1))
POSITIONS: Final = tuple({sq: i + 1 for i, sq in enumerate(path)} for path in PATHS)
SQUARES: Final = BOARD.squares
INDEX: Final = {sq: i for i, sq in enumerate(SQUARES)}
FACE_ODDS: Final = Fraction(1, DIE)
ROLL_ODDS: Final = tuple((v, FACE_ODDS) for v in range(1, DIE + 1))
"""The six faces of the die, 1/6 each."""


class Token(NamedTuple):
    """One token: its owner and whether it shows its red face."""

    owner: Seat
    red: bool

    @property
    def char(self) -> str:
        """``a``/``A`` for seat 0 blue/red, ``c``/``C`` for seat 1."""
        letter = BOARD.lanes[self.owner].lower()
        return letter.upper() if self.red else letter


TOKEN_CHARS: Final = {Token(s, r).char: Token(s, r) for s in (0, 1) for r in (False, True)}

Stack: TypeAlias = tuple[Token, ...]


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """The top token at path position ``frm`` (0 = a token from reserve) goes to ``to``, carrying the
    ``carry`` opponent tokens directly beneath it. Positions are the mover's."""

    frm: int
    to: int
    carry: int = 0


@dataclass(frozen=True, slots=True, order=True)
class OpeningRoll:
    """Chance outcome: ``seat`` rolls ``value`` to decide who starts."""

    seat: Seat
    value: int


Action: TypeAlias = Move | Roll | OpeningRoll


def square_of(seat: Seat, pos: int) -> str:
    """The square of path position ``pos`` (1..14) for ``seat``."""
    return PATHS[seat][pos - 1]


def _error(cls: type[IllegalMoveError], message: str, key: str, legal: tuple[str, ...], **params: object) -> Exception:
    return cls(message, key=key, params=params, legal=legal)


@dataclass(frozen=True)
class State(DiceTurns[Move, OpeningRoll]):
    """A position of the Ravensburger rules.

    ``board`` holds one tower per square of :data:`SQUARES`, bottom to top. ``reserve[s]`` tokens of
    seat ``s`` wait to enter; ``removed[s]`` have left the game as delivered prisoners. ``turn`` is
    the seat to play (None during the opening), ``roll`` the roll waiting to be played (None while the
    die is to be thrown). ``opening`` holds the opening rolls of seat 0 and seat 1 (None: not made).
    """

    board: tuple[Stack, ...]
    reserve: tuple[int, int] = (TOKENS, TOKENS)
    removed: tuple[int, int] = (0, 0)
    turn: Seat | None = None
    roll: int | None = None
    opening: tuple[int | None, int | None] = (None, None)

    ROLL_ODDS = ROLL_ODDS
    MOVE_TYPES = (Move,)
    OPENING = OpeningRoll

    # Derived values, cached outside the dataclass fields (so they play no part in equality).

    @cached_property
    def _free(self) -> tuple[bool, bool]:
        free = [self.reserve[0] > 0, self.reserve[1] > 0]
        for sq, stack in zip(SQUARES, self.board, strict=True):
            if stack:
                owner = stack[-1].owner
                if sq in POSITIONS[owner]:
                    free[owner] = True
        return free[0], free[1]

    @cached_property
    def _winner(self) -> Seat | None:
        free = self._free
        if free[0] and free[1]:
            return None
        return 0 if free[0] else 1 if free[1] else None

    @cached_property
    def _moves(self) -> tuple[Move, ...]:
        if self.turn is None or self.roll is None or self._winner is not None:
            return ()
        return moves_for(self, self.turn, self.roll)

    # Questions the bot, the renderer and the tests ask.

    def stack(self, square: str) -> Stack:
        """The tower on ``square``, bottom to top (empty for an empty square)."""
        return self.board[INDEX[square]]

    def top(self, square: str) -> Token | None:
        """The token on top of ``square``, which controls the tower."""
        stack = self.board[INDEX[square]]
        return stack[-1] if stack else None

    def on_board(self, seat: Seat) -> int:
        """How many of ``seat``'s tokens are on the board (free or not)."""
        return sum(1 for stack in self.board for t in stack if t.owner == seat)

    def is_free(self, seat: Seat) -> bool:
        """True when ``seat`` still has a token it could move some day (see the module docstring)."""
        return self._free[seat]

    def prisoners_under(self, square: str) -> int:
        """How many opponent tokens lie directly under the top token of ``square`` (what it may carry)."""
        return _run(self.board[INDEX[square]])

    def is_capture(self, move: Move, seat: Seat | None = None) -> bool:
        """True when ``move`` ends on a tower topped by the opponent."""
        seat = self.turn if seat is None else seat
        if seat is None:
            return False
        top = self.top(square_of(seat, move.to))
        return top is not None and top.owner != seat

    def squares_of(self, move: Move, seat: Seat | None = None) -> tuple[str | None, str]:
        """The from and to squares of ``move`` (None for the reserve)."""
        seat = self.turn if seat is None else seat
        if seat is None:
            raise ValueError("no seat to read the move for")
        return (square_of(seat, move.frm) if move.frm else None), square_of(seat, move.to)

    def stuck_reasons(self, roll: int) -> tuple[str, ...]:
        """Why the seat to roll cannot use ``roll`` in this position (the roll still to come), as rule keys for
        the bot's words, in a fixed order: ``six`` (a 6 never moves), ``exact_goal`` (a token would pass the
        final goal: the goal squares need the exact roll), ``goal_full`` (the goal square it would reach
        already holds five of the seat's tokens). Empty when the roll can be played."""
        seat = self.turn
        if seat is None:
            return ()
        if roll == NO_MOVE:
            return ("six",)
        if moves_for(self, seat, roll):
            return ()
        found: set[str] = set()
        for pos, sq in enumerate(PATHS[seat], start=1):
            stack = self.board[INDEX[sq]]
            if stack and stack[-1].owner == seat:
                reach = _reach(self, seat, pos, roll)
                found.update("goal_full" for why in reach.values() if why == "full")
                if not reach:
                    found.add("exact_goal")
        return tuple(k for k in ("exact_goal", "goal_full") if k in found)

    # The game contract.

    def _opening_outcomes(self) -> tuple[tuple[OpeningRoll, Fraction], ...]:
        """The opening roll of seat 0, or then of seat 1: six faces, 1/6 each."""
        seat = 0 if self.opening[0] is None else 1
        return tuple((OpeningRoll(seat, v), FACE_ODDS) for v in range(1, DIE + 1))

    def _after_roll(self, move: Roll) -> State:
        if self.turn is None or self.roll is not None or not 1 <= move.value <= DIE:
            raise IllegalMoveError("no roll is due", key="illegal_move", params={"move": f"roll:{move.value}"})
        if move.value == NO_MOVE or not moves_for(self, self.turn, move.value):
            return State(self.board, self.reserve, self.removed, 1 - self.turn, None, self.opening)
        return State(self.board, self.reserve, self.removed, self.turn, move.value, self.opening)

    def _after_move(self, move: Move) -> State:
        if move not in self._moves:
            raise self._not_legal(
                self.format_move(move) if isinstance(move, Move) and self.turn is not None else str(move)
            )
        assert self.turn is not None
        me, other = self.turn, 1 - self.turn
        board = list(self.board)
        reserve = list(self.reserve)
        removed = list(self.removed)
        if move.frm == 0:
            moving: Stack = (Token(me, False),)
            reserve[me] -= 1
        else:
            src = INDEX[square_of(me, move.frm)]
            cut = len(board[src]) - 1 - move.carry
            moving = board[src][cut:]
            board[src] = board[src][:cut]
        dst = INDEX[square_of(me, move.to)]
        if move.to == GOAL:
            # Prisoners delivered to the final goal leave the game; the token shows its red face.
            removed[other] += move.carry
            moving = (Token(me, True),)
        board[dst] = board[dst] + moving
        return State(tuple(board), (reserve[0], reserve[1]), (removed[0], removed[1]), other, None, self.opening)

    def _after_opening(self, move: OpeningRoll) -> State:
        if move not in {o for o, _ in self.chance_outcomes()}:
            raise IllegalMoveError("no opening roll is due", key="illegal_move", params={"move": _format_opening(move)})
        if move.seat == 0:
            return State(self.board, self.reserve, self.removed, None, None, (move.value, None))
        first = self.opening[0]
        assert first is not None
        if first == move.value:
            # A tie: both roll again, seat 0 first.
            return State(self.board, self.reserve, self.removed, None, None, (None, None))
        starter = 0 if first > move.value else 1
        return State(self.board, self.reserve, self.removed, starter, None, (first, move.value))

    # Notation.

    def format_move(self, move: Action) -> str:
        """``in-A2``, ``inxB1``, ``B3-B7``, ``B3xB7+2``, ``B8-A7+1``; ``roll:4``; ``open:A5``."""
        if isinstance(move, Roll):
            return format_chance(move)
        if isinstance(move, OpeningRoll):
            return _format_opening(move)
        seat = self.turn if self.turn is not None else 0
        frm, to = self.squares_of(move, seat)
        sep = "x" if self.is_capture(move, seat) else "-"
        carry = f"+{move.carry}" if move.carry else ""
        return f"{frm or 'in'}{sep}{to}{carry}"

    def completions(self, seat: Seat, current: str) -> list[str]:
        """Autocomplete: the legal moves of ``seat`` matching what was typed, prefix matches first."""
        if seat not in self.actors():
            return []
        typed = current.strip().lower().replace(" ", "")
        notations = self._notations()
        hits = [n for n in notations if typed in n.lower()]
        return sorted(hits, key=lambda n: not n.lower().startswith(typed))

    def parse_move(self, text: str, seat: Seat | None = None) -> Action:
        """Read a move or chance outcome in this position.

        Raises:
            NotationError: the text is not in this notation.
            GameOverError: the game is over.
            NotYourTurnError: ``seat`` is given and may not act now (no seat acts at a chance node).
            IllegalMoveError: the move is not legal now (``AmbiguousMoveError`` when it needs more).
        """
        self._check_input(text, seat)
        t = text.strip().lower().replace(" ", "")
        if (roll := read_roll(t, "1-6")) is not None:
            self._check_seat(seat)
            return self._chance_move(roll)
        if m := re.fullmatch(r"open:?([ac]):?([1-6])", t):
            self._check_seat(seat)
            return self._chance_move(OpeningRoll(LANE_SEAT[m[1].upper()], int(m[2])))
        m = re.fullmatch(r"(in|new|[abc][1-8])(?:[-x]([abc][1-8]))?(?:\+(\d{1,2}))?", t)
        if m is None:
            raise self._not_a_move(
                text,
                "write the square of the token and where it goes, "
                "such as B3-B7, in-A2 or B3xB7+2 (carrying two prisoners)",
                "ur.rb.notation",
            )
        self._check_seat(seat)
        if self.turn is None or self.roll is None:
            raise IllegalMoveError("the die has not been thrown yet", key="ur.rb.no_roll")
        return self._read_move(m[1], m[2], None if m[3] is None else int(m[3]))

    def _read_move(self, frm_text: str, to_text: str | None, carry: int | None) -> Move:
        assert self.turn is not None and self.roll is not None
        me, roll = self.turn, self.roll
        legal = self._notations()
        if frm_text in ("in", "new"):
            frm, source = 0, "in"
            if self.reserve[me] == 0:
                raise _error(IllegalMoveError, "you have no token left in reserve", "ur.rb.no_reserve", legal)
        else:
            source = frm_text.upper()
            frm = self._position(source, legal)
            top = self.top(source)
            if top is None or top.owner != me:
                raise _error(
                    IllegalMoveError, f"no token of yours is on top of {source}", "ur.rb.no_token", legal, square=source
                )
        candidates = [mv for mv in self._moves if mv.frm == frm]
        reach = _reach(self, me, frm, roll)
        if to_text is not None:
            to = self._position(to_text.upper(), legal)
            if reach.get(to) != "ok":
                raise self._unreachable(source, to, reach, legal)
            candidates = [mv for mv in candidates if mv.to == to]
        else:
            if not candidates:
                raise self._unreachable(source, None, reach, legal)
            fitting = [mv for mv in candidates if mv.carry == (carry or 0)]
            if not fitting:
                raise self._carry_error(source, frm, candidates, legal)
            targets = sorted({mv.to for mv in fitting})
            if len(targets) > 1:
                where = ", ".join(square_of(me, p) for p in targets)
                raise _error(
                    AmbiguousMoveError,
                    f"the token on {source} can go to {where}: say which",
                    "ur.rb.ambiguous",
                    tuple(self.format_move(mv) for mv in fitting),
                    square=source,
                    squares=where,
                )
            candidates = [mv for mv in candidates if mv.to == targets[0]]
        chosen = [mv for mv in candidates if mv.carry == (carry or 0)]
        if not chosen:
            raise self._carry_error(source, frm, candidates, legal)
        return chosen[0]

    def _carry_error(self, source: str, frm: int, candidates: list[Move], legal: tuple[str, ...]) -> Exception:
        """The error for asking more prisoners than the token may carry on its way."""
        if frm and all(mv.to < frm for mv in candidates) and self.prisoners_under(source):
            return _error(
                IllegalMoveError,
                "a red token carrying prisoners must move towards its goal squares",
                "ur.rb.red_loaded",
                legal,
                square=source,
            )
        most = max(mv.carry for mv in candidates)
        if not frm:
            return _error(
                IllegalMoveError, "a token entering carries no prisoner", "ur.rb.entry_prisoners", legal, most=most
            )
        return _error(
            IllegalMoveError,
            f"the token on {source} can carry at most {most} prisoner(s) on this move",
            "ur.rb.prisoners",
            legal,
            square=source,
            most=most,
        )

    def _unreachable(self, source: str, target: int | None, reach: dict[int, str], legal: tuple[str, ...]) -> Exception:
        """The error for a token that cannot go to ``target`` (or anywhere, when None) with this roll."""
        assert self.turn is not None and self.roll is not None
        me, roll = self.turn, self.roll
        full = [square_of(me, p) for p, why in sorted(reach.items()) if why == "full"]
        open_squares = [square_of(me, p) for p, why in sorted(reach.items()) if why == "ok"]
        if (target is not None and reach.get(target) == "full") or (full and not open_squares):
            square = square_of(me, target) if target is not None and reach.get(target) == "full" else full[0]
            return _error(
                IllegalMoveError,
                f"{square} already holds {GOAL_LIMIT} of your tokens",
                "ur.rb.goal_full",
                legal,
                square=square,
            )
        if not open_squares:
            return _error(
                IllegalMoveError,
                f"a roll of {roll} takes the token on {source} past the end of its path "
                "(goal squares need an exact roll)",
                "ur.rb.too_far",
                legal,
                roll=roll,
                square=source,
            )
        where = ", ".join(open_squares)
        if source == "in":
            return _error(
                IllegalMoveError,
                f"with a roll of {roll} a new token enters on {where}",
                "ur.rb.wrong_entry",
                legal,
                roll=roll,
                squares=where,
            )
        return _error(
            IllegalMoveError,
            f"with a roll of {roll} the token on {source} can go to {where}",
            "ur.rb.wrong_destination",
            legal,
            roll=roll,
            square=source,
            squares=where,
        )

    def _position(self, square: str, legal: tuple[str, ...]) -> int:
        assert self.turn is not None
        pos = POSITIONS[self.turn].get(square)
        if pos is None:
            raise _error(IllegalMoveError, f"{square} is not on your path", "ur.rb.not_on_path", legal, square=square)
        return pos

    # State text.

    def to_text(self) -> str:
        """The one-line state text, e.g. ``rb A4=aa,B3=cA 7,8 0,1 0 3 5/2``."""
        towers = [
            f"{sq}={''.join(t.char for t in stack)}" for sq, stack in zip(SQUARES, self.board, strict=True) if stack
        ]
        opening = "/".join("-" if v is None else str(v) for v in self.opening)
        return " ".join(
            [
                RULES,
                ",".join(towers) or "-",
                f"{self.reserve[0]},{self.reserve[1]}",
                f"{self.removed[0]},{self.removed[1]}",
                *turn_roll_text(self.turn, self.roll),
                opening,
            ]
        )


def _format_opening(move: OpeningRoll) -> str:
    return f"open:{BOARD.lanes[move.seat]}{move.value}"


def _run(stack: Stack) -> int:
    """The number of opponent tokens directly beneath the top token of ``stack``."""
    if not stack:
        return 0
    owner = stack[-1].owner
    n = 0
    for token in reversed(stack[:-1]):
        if token.owner == owner:
            break
        n += 1
    return n


def _own_count(stack: Stack, seat: Seat) -> int:
    return sum(1 for t in stack if t.owner == seat)


def _reach(state: State, seat: Seat, frm: int, roll: int) -> dict[int, str]:
    """Where the token at ``frm`` could go with ``roll``, ignoring prisoners: position → ``ok``/``full``."""
    if frm == 0:
        return {roll: "ok"}
    top = state.board[INDEX[square_of(seat, frm)]][-1]
    targets = [frm + roll] if frm + roll <= PATH_LENGTH else []
    if top.red and frm - roll >= RED_START:
        targets.append(frm - roll)
    found = {}
    for to in targets:
        full = to >= REFUGE and _own_count(state.board[INDEX[square_of(seat, to)]], seat) >= GOAL_LIMIT
        found[to] = "full" if full else "ok"
    return found


def moves_for(state: State, seat: Seat, roll: int) -> tuple[Move, ...]:
    """Every legal move of ``seat`` with ``roll`` (1..5) in ``state``, sorted."""
    if not 1 <= roll < NO_MOVE:
        return ()
    found: list[Move] = []
    if state.reserve[seat]:
        found.append(Move(0, roll, 0))
    for pos, sq in enumerate(PATHS[seat], start=1):
        stack = state.board[INDEX[sq]]
        if not stack or stack[-1].owner != seat:
            continue
        run = _run(stack)
        for to, why in sorted(_reach(state, seat, pos, roll).items()):
            if why != "ok":
                continue
            most = run if to > pos else 0  # prisoners only ever travel homeward
            found.extend(Move(pos, to, c) for c in range(most + 1))
    return tuple(found)


def new_state() -> State:
    """The opening position: an empty board, ten tokens each in reserve, the opening rolls to come."""
    return State(tuple(() for _ in SQUARES))


def from_text(text: str) -> State:
    """Build a state from :meth:`State.to_text`'s one-line form (towers may be listed in any order).

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    tokens = split_state_text(text, RULES, 7, "Ravensburger Ur")
    _, towers, reserves, removals, turn_text, roll_text, opening_text = tokens
    board: list[Stack] = [() for _ in SQUARES]
    if towers != "-":
        for item in towers.split(","):
            m = re.fullmatch(r"([A-C][1-8])=([aAcC]+)", item)
            if m is None or m[1] not in INDEX:
                raise NotationError(f"bad tower {item!r}")
            if board[INDEX[m[1]]]:
                raise NotationError(f"{m[1]} is listed twice")
            board[INDEX[m[1]]] = tuple(TOKEN_CHARS[c] for c in m[2])
    counts: list[tuple[int, int]] = []
    for field in (reserves, removals):
        m = re.fullmatch(r"(\d{1,2}),(\d{1,2})", field)
        if m is None:
            raise NotationError(f"bad counts {field!r}")
        counts.append((int(m[1]), int(m[2])))
    reserve, removed = counts
    turn, roll = read_turn_roll(text, turn_text, roll_text, "12345", roll_needs_turn=False)
    m = re.fullmatch(r"(-|[1-6])/(-|[1-6])", opening_text)
    if m is None:
        raise NotationError(f"bad opening rolls {opening_text!r}")
    opening = (None if m[1] == "-" else int(m[1]), None if m[2] == "-" else int(m[2]))
    _check_board(board, reserve, removed)
    if turn is None:
        if roll is not None or opening[1] is not None:
            raise NotationError("during the opening no roll waits and seat 1 has not rolled yet")
        if any(board) or reserve != (TOKENS, TOKENS):
            raise NotationError("during the opening every token is in reserve")
    elif opening[0] is None or opening[1] is None or opening[0] == opening[1]:
        raise NotationError("once the game has started, both opening rolls are known and differ")
    state = State(tuple(board), reserve, removed, turn, roll, opening)
    if state._free == (False, False):
        raise NotationError("both players cannot have lost every token")
    if roll is not None and (state._winner is not None or not state._moves):
        raise NotationError("a roll waits to be played but no move is legal with it")
    return state


def _check_board(board: list[Stack], reserve: tuple[int, int], removed: tuple[int, int]) -> None:
    """Refuse towers no game can reach: tokens outside their places, full goals, wrong totals."""
    for sq, stack in zip(SQUARES, board, strict=True):
        for seat in (0, 1):
            own = [t for t in stack if t.owner == seat]
            pos = POSITIONS[seat].get(sq)
            theirs_goal = POSITIONS[1 - seat].get(sq, 0) >= REFUGE
            if pos is None and own and not theirs_goal:
                raise NotationError(f"a token of seat {seat} cannot stand on {sq}")
            if pos is not None and pos < RED_START and any(t.red for t in own):
                raise NotationError(f"a red token cannot stand in the lane on {sq}")
            if pos is not None and pos >= REFUGE and len(own) > GOAL_LIMIT:
                raise NotationError(f"{sq} holds more than {GOAL_LIMIT} tokens of its owner")
            if pos == GOAL and any(not t.red for t in own):
                raise NotationError(f"a token on {sq} has turned red")
            if theirs_goal and own and POSITIONS[1 - seat][sq] == GOAL:
                raise NotationError(f"prisoners taken into {sq} have left the game")
    for seat in (0, 1):
        total = reserve[seat] + removed[seat] + sum(1 for stack in board for t in stack if t.owner == seat)
        if total != TOKENS:
            raise NotationError(f"seat {seat} has {total} tokens, not {TOKENS}")
