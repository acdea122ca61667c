"""What the Ur engines share: the chance outcomes and the plumbing of a dice turn.

Every rule set plays the same kind of turn: who starts is decided by chance (a draw, or opening
rolls), then the player to move throws the dice (a chance event) and plays the roll. The engines
differ by values (the roll odds, the outcome class of the opening, the classes of their own moves),
which they give :class:`DiceTurns` as class variables or by overriding a hook; :meth:`DiceTurns.apply`
is the one skeleton of a step, each rule set writing what an opening, a roll and a move do. The two
race rule sets (:class:`PiecesOnPath`) also share their fields, their reading of a move's text up to
the piece it names, and their state text.

Chance outcomes are written ``roll:N`` and ``first:A`` / ``first:C`` (the seat of the A or C side).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import ClassVar, Final, Generic, NamedTuple, Protocol, Self, TypeVar, cast

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
from games.ur.board import BOARD

LANE_SEAT: Final = {lane: seat for seat, lane in enumerate(BOARD.lanes)}
"""The seat on the side of each lane letter: ``A`` is seat 0, ``C`` seat 1."""


@dataclass(frozen=True, slots=True, order=True)
class Roll:
    """Chance outcome: the dice (or the die) give ``value``; what it is worth depends on the rule set."""

    value: int


@dataclass(frozen=True, slots=True, order=True)
class FirstPlayer:
    """Chance outcome: the draw for the first player chose ``seat``."""

    seat: Seat


DRAW: Final = ((FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2)))
"""The draw for the first player, by lot."""


def format_chance(move: Roll | FirstPlayer) -> str:
    """``roll:N`` or ``first:A`` / ``first:C``."""
    if isinstance(move, Roll):
        return f"roll:{move.value}"
    return f"first:{BOARD.lanes[move.seat]}"


def read_roll(text: str, digits: str) -> Roll | None:
    """The roll ``text`` (lower case, no spaces) names as ``roll:N`` or ``rollN``, N matching ``[digits]``."""
    m = re.fullmatch(rf"roll:?([{digits}])", text)
    return None if m is None else Roll(int(m[1]))


def read_first(text: str) -> FirstPlayer | None:
    """The draw ``text`` (lower case, no spaces) names as ``first:a`` / ``first:c`` (the colon optional)."""
    m = re.fullmatch(r"first:?([ac])", text)
    return None if m is None else FirstPlayer(LANE_SEAT[m[1].upper()])


def split_state_text(text: str, rules: str, fields: int, name: str) -> list[str]:
    """The fields of a one-line state text of the rule set ``rules``, which has ``fields`` of them.

    Raises:
        NotationError: the text has another number of fields or names another rule set.
    """
    tokens = text.split()
    if len(tokens) != fields or tokens[0] != rules:
        raise NotationError(f"not a {name} state text: {text!r}")
    return tokens


def turn_roll_text(turn: Seat | None, roll: int | None) -> list[str]:
    """The last two fields of a state text: the seat to play and the roll waiting (``-`` for none)."""
    return ["-" if turn is None else str(turn), "-" if roll is None else str(roll)]


def read_turn_roll(
    text: str, turn_text: str, roll_text: str, rolls: str, *, noun: str = "roll", roll_needs_turn: bool = True
) -> tuple[Seat | None, int | None]:
    """Read the seat to play (``-``, ``0`` or ``1``) and the roll waiting (``-`` or one of ``rolls``).

    Raises:
        NotationError: either field is bad (or, with ``roll_needs_turn``, a roll waits before the draw).
    """
    turn = None if turn_text == "-" else int(turn_text) if turn_text in ("0", "1") else -1
    roll = None if roll_text == "-" else int(roll_text) if len(roll_text) == 1 and roll_text in rolls else -1
    if turn == -1 or roll == -1 or (roll_needs_turn and turn is None and roll is not None):
        raise NotationError(f"bad turn or {noun} in {text!r}")
    return turn, roll


def pieces_text(seat: Seat, on_board: list[str], off: int) -> str:
    """A seat's field of a state text: ``0:A4,B2+2`` (``-`` for no piece on the board)."""
    return f"{seat}:{','.join(on_board) or '-'}{f'+{off}' if off else ''}"


def read_pieces(seat: Seat, token: str, square: str, most: int) -> tuple[list[str], int]:
    """Read a seat's field of a state text: the square tokens (matching ``square``) and how many are off.

    Raises:
        NotationError: the field is malformed.
    """
    m = re.fullmatch(rf"{seat}:(-|{square}(?:,{square})*)(?:\+([1-{most}]))?", token)
    if m is None:
        raise NotationError(f"bad pieces for seat {seat}: {token!r}")
    return ([] if m[1] == "-" else m[1].split(",")), int(m[2] or 0)


def all_pieces(seat: Seat, on_board: list[int], off: int, pieces: int, off_position: int) -> tuple[int, ...]:
    """A seat's sorted path positions: those on the board, the ones off, the rest in reserve (0).

    Raises:
        NotationError: that makes more than ``pieces`` pieces.
    """
    if len(on_board) + off > pieces:
        raise NotationError(f"seat {seat} has more than {pieces} pieces")
    return tuple(sorted([0] * (pieces - len(on_board) - off) + on_board + [off_position] * off))


class StateTextForm(NamedTuple):
    """How a race rule set's one-line state text reads, where the rule sets differ (see
    :meth:`PiecesOnPath.from_text`)."""

    name: str
    """The rule set's name in errors (``Variante 2``)."""
    square: str
    """The pattern of a piece's token in a seat's field (``[A-C][1-8]``)."""
    rolls: str
    """The digits a roll waiting to be played may be (``0123``)."""
    noun: str
    """What the rules call a roll (``roll``, ``throw``)."""
    all_off: str
    """The error for a text in which both players have every piece off."""


MoveT = TypeVar("MoveT")
OpeningT = TypeVar("OpeningT")


class DiceTurns(Generic[MoveT, OpeningT]):
    """The game-contract plumbing of "decide who starts, then roll, then move" turns.

    A state class (a frozen dataclass with the fields ``turn`` and ``roll``) mixes this in and
    defines ``_moves`` (the legal moves of the player to move, sorted) and ``_winner``, what each kind
    of action does (``_after_opening``, ``_after_roll``, ``_after_move``, which :meth:`apply` calls),
    and sets :attr:`ROLL_ODDS`, :attr:`MOVE_TYPES` and :attr:`OPENING`. It may override
    :meth:`_finished` (the game is over), :meth:`_acting` (the seat to play acts, rather than the
    dice), :meth:`_opening_outcomes` and :meth:`_chance_text`. The mixin has no fields, so equality
    and hashing stay the dataclass's.
    """

    turn: Seat | None
    roll: int | None
    ROLL_ODDS: ClassVar[tuple[tuple[int, Fraction], ...]]
    """The values of a roll with their probabilities, in the order the chance outcomes list them."""
    MOVE_TYPES: ClassVar[tuple[type, ...]]
    """The classes of the moves a player makes (everything else is a chance outcome)."""
    OPENING: ClassVar[type]
    """The class of the chance outcome that decides who starts."""

    @property
    def _moves(self) -> tuple[MoveT, ...]:
        raise NotImplementedError

    @property
    def _winner(self) -> Seat | None:
        raise NotImplementedError

    def _finished(self) -> bool:
        return self._winner is not None

    def _acting(self) -> bool:
        return self.roll is not None

    def _opening_outcomes(self) -> tuple[tuple[OpeningT, Fraction], ...]:
        raise NotImplementedError

    def _chance_text(self, move: Roll | OpeningT) -> str:
        return self.format_move(move)

    def format_move(self, move: MoveT | Roll | OpeningT) -> str:
        raise NotImplementedError

    def _after_opening(self, move: OpeningT) -> Self:
        raise NotImplementedError

    def _after_roll(self, move: Roll) -> Self:
        raise NotImplementedError

    def _after_move(self, move: MoveT) -> Self:
        raise NotImplementedError

    # The game contract.

    def apply(self, move: MoveT | Roll | OpeningT) -> Self:
        """The state after a player's move or a chance outcome.

        Raises:
            GameOverError: the game is over.
            IllegalMoveError: the move is not legal here.
        """
        self._check_apply(move)
        if isinstance(move, self.OPENING):
            return self._after_opening(cast(OpeningT, move))
        if isinstance(move, Roll):
            return self._after_roll(move)
        return self._after_move(cast(MoveT, move))

    def actors(self) -> tuple[Seat, ...]:
        """The seat to move, once its roll is known."""
        if self._finished() or self.turn is None or not self._acting():
            return ()
        return (self.turn,)

    def is_chance(self) -> bool:
        """True while who starts is to be decided or the dice are to be thrown."""
        return not self._finished() and (self.turn is None or not self._acting())

    def chance_outcomes(self) -> tuple[tuple[Roll | OpeningT, Fraction], ...]:
        """Deciding who starts, or the roll of the dice."""
        if not self.is_chance():
            return ()
        if self.turn is None:
            return self._opening_outcomes()
        return tuple((Roll(v), p) for v, p in self.ROLL_ODDS)

    def legal_moves(self, seat: Seat | None = None) -> tuple[MoveT, ...]:
        """Every legal move of the player to move, sorted."""
        if seat is not None and seat != self.turn:
            return ()
        return self._moves

    def mover(self, move: object) -> Seat | None:
        """The player to move for a move of theirs, None for a chance outcome."""
        return self.turn if isinstance(move, self.MOVE_TYPES) else None

    def outcome(self) -> Outcome | None:
        """A win once a player has won."""
        if self._winner is None:
            return None
        return Outcome(Termination.NORMAL, winners=(self._winner,))

    def view_for(self, seat: Seat | None) -> Self:
        """Ur has no hidden information: every seat and spectators see the whole state."""
        return self

    # Input.

    def _notations(self) -> tuple[str, ...]:
        return tuple(self.format_move(m) for m in self._moves)

    def _illegal(self, message: str, key: str, params: dict[str, object] | None = None) -> IllegalMoveError:
        """An illegal-move error listing the legal moves."""
        return IllegalMoveError(message, key=key, params=params or {}, legal=self._notations())

    def _not_a_move(self, text: str, hint: str, key: str) -> NotationError:
        """The error for ``text``, which is not in the notation; ``hint`` says how to write a move."""
        return not_a_move(text, f"is not a move: {hint}", key, self._notations())

    def _not_legal(self, text: str) -> IllegalMoveError:
        """The error for applying the move written ``text``, which is not legal here."""
        return self._illegal(f"{text} is not legal", "illegal_move", {"move": text})

    def _check_input(self, text: str, seat: Seat | None) -> None:
        """The first checks of every ``parse_move``: the game is on, ``seat`` may act, ``text`` is not too long
        (see :func:`games.base.check_input`)."""
        check_input(text, seat, self.actors(), self._finished())

    def _check_mover(self, move: object) -> None:
        """Refuse a player's move when its seat may not act now (at a chance node nobody may)."""
        if isinstance(move, self.MOVE_TYPES) and self.turn not in self.actors():
            raise NotYourTurnError("it is not your turn", key="not_your_turn", params={"seat": self.turn})

    def _check_apply(self, move: object) -> None:
        """The first checks of every ``apply``: the game is on, and a player's move comes when its seat may act.

        Raises:
            GameOverError: the game is over.
            NotYourTurnError: ``move`` is a player's move and no seat may act now.
        """
        if self._finished():
            raise GameOverError("the game is over", key="game_over")
        self._check_mover(move)

    def _check_seat(self, seat: Seat | None) -> None:
        """Refuse input once the game is over, or from a seat that may not act now."""
        check_turn(seat, self.actors(), self._finished())

    def _chance_move(self, move: Roll | OpeningT) -> Roll | OpeningT:
        """``move`` when it is a possible chance outcome now.

        Raises:
            IllegalMoveError: it is not.
        """
        if move not in {o for o, _ in self.chance_outcomes()}:
            raise not_a_chance_outcome(self._chance_text(move))
        return move


class DrawThenRoll(DiceTurns[MoveT, FirstPlayer]):
    """:class:`DiceTurns` where the first player is drawn by lot (``first:A`` / ``first:C``)."""

    OPENING = FirstPlayer

    def _opening_outcomes(self) -> tuple[tuple[FirstPlayer, Fraction], ...]:
        return DRAW


@dataclass(frozen=True, slots=True, order=True)
class PathStep:
    """A piece moving from path position ``frm`` (0 = reserve) to ``to`` (the rule set's ``OFF`` = off).

    The race rule sets each subclass it, so that a move of one is never equal to a move of another.
    """

    frm: int
    to: int


class PathMove(Protocol):
    """A move of a piece from path position ``frm`` (0 = reserve) to ``to``."""

    @property
    def frm(self) -> int: ...

    @property
    def to(self) -> int: ...


PathMoveT = TypeVar("PathMoveT", bound=PathMove)
FoundT = TypeVar("FoundT")


@dataclass(frozen=True)
class PiecesOnPath(DrawThenRoll[PathMoveT]):
    """:class:`DrawThenRoll` for the race games, whose pieces run along each seat's path.

    The state class (a frozen dataclass adding no field) sets :attr:`RULES`, :attr:`PATHS`, :attr:`OFF`,
    :attr:`PIECES` and :attr:`STATE_TEXT` and defines ``is_capture`` and the hooks of :meth:`from_text`.
    The first seat with every piece off wins.
    """

    pieces: tuple[tuple[int, ...], tuple[int, ...]]
    """Per seat, the sorted path positions of its pieces (0 = reserve, :attr:`OFF` = off the board)."""
    turn: Seat | None = None
    """The seat to play (None before the draw for the first player)."""
    roll: int | None = None
    """The roll waiting to be played (None when the dice are still to be thrown)."""
    RULES: ClassVar[str]
    """The first word of the state text."""
    PATHS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]]
    """Each seat's path, as squares (path position ``p`` is ``PATHS[seat][p - 1]``)."""
    OFF: ClassVar[int]
    """The path position of a piece that has left the board."""
    PIECES: ClassVar[int]
    """How many pieces each seat has."""
    STATE_TEXT: ClassVar[StateTextForm]
    """How :meth:`from_text` reads this rule set's state text."""
    NOTATION: ClassVar[tuple[str, str, str, str]]
    """How :meth:`parse_move` reads a piece move: the digits of a roll (``[digits]``), the pattern of
    a move (the piece's square, then where it goes), and the error key and hint for text that is
    neither."""

    @cached_property
    def _winner(self) -> Seat | None:
        for seat in (0, 1):
            if all(p == self.OFF for p in self.pieces[seat]):
                return seat
        return None

    def is_capture(self, move: PathMoveT) -> bool:
        raise NotImplementedError

    def _on_my_path(self, find: Callable[[Seat, str], FoundT], square: str) -> FoundT:
        """``find(seat, square)`` for the player to move, an error listing the legal moves when it fails."""
        assert self.turn is not None
        try:
            return find(self.turn, square)
        except IllegalMoveError as exc:
            raise self._illegal(exc.message, exc.key, exc.params) from None

    def _checked(self, noun: str = "roll") -> Self:
        """This state, read from a state text, once it can happen: every piece waits in reserve before the
        draw, and a ``noun`` waiting to be played has a legal move.

        Raises:
            NotationError: it cannot happen.
        """
        if self.turn is None and any(p != 0 for own in self.pieces for p in own):
            raise NotationError("before the draw for the first player every piece is in reserve")
        if self.roll is not None and not self._moves:
            raise NotationError(f"a {noun} waits to be played but no move is legal with it")
        return self

    def reserve(self, seat: Seat) -> int:
        """How many of ``seat``'s pieces wait to enter."""
        return self.pieces[seat].count(0)

    def borne_off(self, seat: Seat) -> int:
        """How many of ``seat``'s pieces have left the board."""
        return self.pieces[seat].count(self.OFF)

    def squares_of(self, move: PathMoveT) -> tuple[str | None, str | None]:
        """The from and to squares of ``move`` (None for the reserve and off the board)."""
        path = self.PATHS[self.turn if self.turn is not None else 0]
        frm = path[move.frm - 1] if 0 < move.frm < self.OFF else None
        to = path[move.to - 1] if 0 < move.to < self.OFF else None
        return frm, to

    # Notation.

    def format_move(self, move: PathMoveT | Roll | FirstPlayer) -> str:
        """``in-A3``, ``A4-A2``, ``B3xB5`` (a capture), ``A8-off``; ``roll:2``; ``first:A``."""
        if isinstance(move, Roll | FirstPlayer):
            return format_chance(move)
        frm, to = self.squares_of(move)
        sep = "x" if self.is_capture(move) else "-"
        return f"{frm or 'in'}{sep}{to or 'off'}"

    def parse_move(self, text: str, seat: Seat | None = None) -> PathMoveT | Roll | FirstPlayer:
        """Read a move or chance outcome in this position: a chance outcome (``roll:N``, ``first:A``),
        else a piece move read by the pattern of :attr:`NOTATION` once ``seat`` may move and the roll
        is known.

        Raises:
            NotationError: the text is not Ur notation.
            GameOverError: the game is over.
            NotYourTurnError: ``seat`` is given and may not act now (no seat acts at a chance node).
            AmbiguousMoveError: the text fits two legal moves (Variante 1: a blue and a red piece on B4).
            IllegalMoveError: the move is not legal now.
        """
        digits, pattern, key, hint = self.NOTATION
        self._check_input(text, seat)
        t = text.strip().lower().replace(" ", "")
        if (chance := read_roll(t, digits) or read_first(t)) is not None:
            self._check_seat(seat)
            return self._chance_move(chance)
        m = re.fullmatch(pattern, t)
        if m is None:
            raise self._not_a_move(text, hint, key)
        self._check_seat(seat)
        if self.turn is None or self.roll is None:
            raise IllegalMoveError("the dice have not been thrown yet", key="ur.no_roll")
        return self._read_piece_move(self.turn, self.roll, m[1], m[2])

    def _read_piece_move(self, me: Seat, roll: int, frm_text: str, to_text: str | None) -> PathMoveT:
        """The move of the piece ``frm_text`` names (``in`` for the reserve) to ``to_text`` (None: where
        ``roll`` takes it), for ``me``, the seat to play."""
        raise NotImplementedError

    # State text.

    def _piece_text(self, seat: Seat, pos: int) -> str:
        """How the state text writes a piece of ``seat`` at path position ``pos``: its square."""
        return self.PATHS[seat][pos - 1]

    def to_text(self) -> str:
        """The one-line state text: rule set, each seat's pieces, the seat to play, the roll waiting."""
        parts = [self.RULES]
        for seat in (0, 1):
            on_board = [self._piece_text(seat, p) for p in self.pieces[seat] if 0 < p < self.OFF]
            parts.append(pieces_text(seat, on_board, self.borne_off(seat)))
        return " ".join(parts + turn_roll_text(self.turn, self.roll))

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Build a state from :meth:`to_text`'s one-line form.

        The checks run in this order, which decides the error a text with several faults gets: the
        fields, then each seat's field in turn (its squares, its number of pieces, then
        :meth:`_check_own`), :meth:`_check_shared`, every piece off, the turn and roll, and last
        whether the position can happen (:meth:`_checked`).

        Raises:
            NotationError: the text is malformed or describes an impossible position.
        """
        form = cls.STATE_TEXT
        tokens = split_state_text(text, cls.RULES, 5, form.name)
        pieces: list[tuple[int, ...]] = []
        for seat, token in enumerate(tokens[1:3]):
            names, off = read_pieces(seat, token, form.square, cls.PIECES)
            on_board = cls._read_squares(seat, names)
            pieces.append(all_pieces(seat, on_board, off, cls.PIECES, cls.OFF))
            cls._check_own(seat, on_board)
        cls._check_shared(pieces)
        if all(p == cls.OFF for p in pieces[0] + pieces[1]):
            raise NotationError(form.all_off)
        turn, roll = read_turn_roll(text, tokens[3], tokens[4], form.rolls, noun=form.noun)
        return cls((pieces[0], pieces[1]), turn, roll)._checked(form.noun)

    @classmethod
    def _read_squares(cls, seat: Seat, names: list[str]) -> list[int]:
        """The path positions of the piece tokens ``names`` of ``seat``'s field, in order.

        Raises:
            NotationError: a token names no square a piece of ``seat`` can stand on.
        """
        raise NotImplementedError

    @classmethod
    def _check_own(cls, seat: Seat, on_board: list[int]) -> None:
        """Refuse ``seat``'s pieces on the board (path positions) when they cannot stand so; by default
        any can.

        Raises:
            NotationError: they cannot.
        """

    @classmethod
    def _check_shared(cls, pieces: list[tuple[int, ...]]) -> None:
        """Refuse the two seats' pieces when they cannot stand together.

        Raises:
            NotationError: they cannot.
        """
        raise NotImplementedError
