"""Shared vocabulary of every game engine: seats, outcomes, errors and the state contract.

An engine is pure: no I/O, no Discord, no global randomness. A game is a module that exposes a
:class:`GameInfo` (``INFO``) whose ``new`` and ``from_text`` build immutable states satisfying
:class:`GameState`. Chance (dice, draws) is an explicit node: while ``state.is_chance()`` the match
service samples one of ``state.chance_outcomes()`` with the match's seeded generator and applies it
like any other move, so the move log alone replays a match exactly.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Protocol, TypeAlias, runtime_checkable

Seat: TypeAlias = int
"""A player's place at the table, 0..n-1. Engines never see Discord ids."""

RATED_POINTS: Final = 1.0
"""How close every legal move must be, in points of winning chance, for the autopilot to play in a rated match or
an event's game (issue 36: "only when all legal moves are within 1 point of each other"), unless the game asks
for a stricter bound (:attr:`GameInfo.rated_points`)."""


class Termination(enum.Enum):
    """Why a match ended."""

    NORMAL = "normal"
    """The rules' own end condition (race won, goal reached, scores compared)."""

    NO_MOVES = "no_moves"
    """A player could not move and the rules make that a loss."""

    RESIGNATION = "resignation"
    """A player resigned; recorded in the log by the match service."""

    DRAW_AGREED = "draw_agreed"
    """Both players agreed to a draw."""

    FORFEIT = "forfeit"
    """A player was declared forfeit (deadline policy)."""

    ABORTED = "aborted"
    """The match was stopped without a result."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished match.

    ``winners`` is empty for a draw or an aborted match; ``ranking`` lists seats best first when the
    game ranks every player (multiplayer games), otherwise it is empty. ``scores`` is per seat when the
    game keeps a score.
    """

    termination: Termination
    winners: tuple[Seat, ...] = ()
    ranking: tuple[Seat, ...] = ()
    scores: tuple[int, ...] = ()

    @property
    def is_draw(self) -> bool:
        """True when the match ended without a winner (and was not aborted)."""
        return not self.winners and self.termination is not Termination.ABORTED


class GameError(Exception):
    """Base class of every error an engine raises for a player's input.

    ``message`` is plain English. ``key`` and ``params`` let the bot show the same explanation in the
    player's language (its catalogs hold ``error.<key>`` with ``{param}`` fields); without a key the
    English message is shown. ``legal`` optionally lists the legal moves in notation, so the bot can say
    what would work.
    """

    def __init__(
        self,
        message: str,
        *,
        key: str = "",
        params: Mapping[str, object] | None = None,
        legal: Sequence[str] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.key = key
        self.params = dict(params or {})
        self.legal = tuple(legal)
        self.step: tuple[int, int, str] | None = None
        """Set when the text was one of several decisions typed at once: its number, how many, its text."""


class NotationError(GameError, ValueError):
    """The text is not a move in the game's notation (bad syntax)."""


class IllegalMoveError(GameError, ValueError):
    """The text is a well-formed move that the rules do not allow now."""


def not_a_move(text: str, says: str, key: str, legal: Sequence[str]) -> NotationError:
    """The error for ``text``, which is not in the game's notation: the quoted text, then ``says`` (what is
    wrong and how to write a move); ``key`` is its catalog entry (with ``{text}``), ``legal`` the legal moves."""
    return NotationError(f"{text.strip()!r} {says}", key=key, params={"text": text.strip()}, legal=legal)


def not_a_chance_outcome(text: str) -> IllegalMoveError:
    """The error for the chance outcome written ``text``, which cannot happen in this position."""
    return IllegalMoveError(f"{text} is not a possible chance outcome now", key="illegal_move", params={"move": text})


class AmbiguousMoveError(IllegalMoveError):
    """The text matches several legal moves; more detail is needed."""


class NotYourTurnError(GameError):
    """The seat that tried to act is not one of the seats that may act now."""


class GameOverError(GameError):
    """The match has already ended."""


MAX_MOVE_TEXT = 100
"""The longest move text an engine reads; longer input is refused before any parsing (no move in any
game's notation comes near it, and it bounds the work a hostile text can cause)."""


def check_turn(seat: Seat | None, actors: Sequence[Seat], over: bool) -> None:
    """Refuse any input once the match is over, and the input of ``seat`` (when given) while it may not act.

    Raises:
        GameOverError: ``over`` (the match has ended).
        NotYourTurnError: ``seat`` is given and is not among ``actors`` (never with a ``legal`` list).
    """
    if over:
        raise GameOverError("the game is over", key="game_over")
    if seat is not None and seat not in actors:
        raise NotYourTurnError("it is not your turn", key="not_your_turn", params={"seat": seat})


def check_input(text: str, seat: Seat | None, actors: Sequence[Seat], over: bool) -> None:
    """The checks every ``parse_move`` makes first, in this order, before reading ``text`` at all.

    Raises:
        GameOverError: ``over`` (the match has ended).
        NotYourTurnError: ``seat`` is given and is not among ``actors`` (never with a ``legal`` list).
        NotationError: ``text`` is longer than :data:`MAX_MOVE_TEXT` characters.
    """
    check_turn(seat, actors, over)
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(
            f"a move is at most {MAX_MOVE_TEXT} characters long",
            key="move_too_long",
            params={"limit": MAX_MOVE_TEXT},
        )


@runtime_checkable
class GameState(Protocol):
    """The contract of an immutable game state.

    States compare equal when they describe the same position; ``to_text()`` is a one-line text that
    ``INFO.from_text`` turns back into an equal state.
    """

    def actors(self) -> tuple[Seat, ...]:
        """Seats that must act now, sorted (empty at a chance node or when the game is over)."""
        ...

    def is_chance(self) -> bool:
        """True when the next step is a chance event (a roll, a draw) rather than a decision."""
        ...

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """At a chance node: every possible outcome move with its probability (summing to 1)."""
        ...

    def legal_moves(self, seat: Seat | None = None) -> tuple[Any, ...]:
        """The legal decisions, sorted and unique; for ``seat`` only when given.

        Empty when the game is over or at a chance node.
        """
        ...

    def mover(self, move: Any) -> Seat | None:
        """The seat that makes ``move`` (None for a chance outcome)."""
        ...

    def apply(self, move: Any) -> GameState:
        """Return the state after ``move``. The move must be legal (or a chance outcome).

        Raises:
            NotYourTurnError: ``move`` is a decision of a seat that may not act now (no ``legal`` list).
        """
        ...

    def outcome(self) -> Outcome | None:
        """The result when the rules have ended the game, otherwise None."""
        ...

    def view_for(self, seat: Seat | None) -> Any:
        """What ``seat`` may see (None = a spectator). Renderers and texts take views only."""
        ...

    def parse_move(self, text: str, seat: Seat | None = None) -> Any:
        """Read ``text`` as a legal move (or a chance outcome) in this position.

        The first checks come before the text is read (see :func:`check_input`): the game is on, ``seat``
        (when given) may act, the text is at most :data:`MAX_MOVE_TEXT` characters. Reading is linear in
        the text's length and raises only :class:`GameError` subclasses. With ``seat`` None (a spectator,
        or a replay of the log) an error's ``legal`` lists only what anyone may see.

        Raises:
            GameOverError: the game is over.
            NotYourTurnError: ``seat`` may not act now (never with a ``legal`` list).
            NotationError: the text is not in the game's notation (or is too long).
            IllegalMoveError: the move is well formed but not legal here.
        """
        ...

    def format_move(self, move: Any) -> str:
        """The notation of ``move`` in this position (inverse of :meth:`parse_move`)."""
        ...

    def to_text(self) -> str:
        """A one-line text of the whole state (secrets included: never show it to players)."""
        ...


@dataclass(frozen=True, slots=True)
class Option:
    """A choice offered at match creation, such as the rule set."""

    name: str
    choices: tuple[str, ...]
    default: str
    labels: Mapping[str, str] = field(default_factory=dict)
    """Human names of the choices, by choice id."""
    endless: tuple[str, ...] = ()
    """Choices with which random play may go on for ever (a match without a turn cap): people end such
    matches, but the conformance suite checks them over a bounded stretch of play instead of to the end."""


@dataclass(frozen=True, slots=True)
class Part:
    """One piece of a move as the move builder offers it: a piece, an action, a target, a bonus.

    ``id`` tells parts apart within one step (the same id at the same step is the same choice);
    ``text`` is what the part shows in any language (a hex, an amoeba number); ``key``, when given,
    names a catalog text of the bot (``builder.<key>``) that frames it in the player's language, with
    ``{x}`` standing for ``text``. ``secret`` marks a part that names something hidden from the other
    players (a bonus in hand): it is never shown on a public component.
    """

    id: str
    text: str
    key: str = ""
    secret: bool = False


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the registry knows of a game: identity, table size, options and its constructors.

    ``new(players, options)`` builds the opening state for ``players`` seats. ``from_text`` is the
    inverse of ``GameState.to_text``. ``resample_hidden(state, seat, rng)`` returns a state that
    differs from ``state`` only in what ``seat`` cannot see (None = a spectator); games without
    hidden information return ``state`` itself.
    """

    id: str
    name: str
    names: Mapping[str, str]
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    has_chance: bool
    has_hidden_info: bool
    options: tuple[Option, ...]
    new: Callable[[int, Mapping[str, str]], GameState]
    from_text: Callable[[str], GameState]
    resample_hidden: Callable[[GameState, Seat | None, Any], GameState]
    max_plies: int = 10_000
    """A bound no legal game exceeds; conformance tests use it to catch loops."""
    public_notation: Callable[[str], str] = field(default=lambda text: text)
    """The form of a logged move that anyone may read: secrets (a hidden set-up, a bonus placed face
    down, a draw into a hand) removed. Games without secrets show the notation as it is."""

    move_parts: Callable[[GameState, Any], tuple[Part, ...]] | None = None
    """The move builder's steps for one legal move, in order (e.g. piece, action, target, bonus). Without
    it the builder splits the notation text (see :mod:`games.builder`)."""
    rank_moves: Callable[[GameState, Seat, tuple[Any, ...]], tuple[Any, ...]] | None = None
    """The legal moves of a seat, most useful first (the autocomplete's and the builder's order); without
    it the engine's sorted order is kept."""
    move_cost: Callable[[GameState, Any], int | None] | None = None
    """What a move spends (action credits), shown next to it; None when the game counts no cost."""
    unlisted: Callable[[GameState, Seat], bool] | None = None
    """True when the seat may now also make decisions that ``legal_moves`` does not list (a secret set-up
    typed in full, where only ``setup random`` is listed): a single listed move is then no forced move."""
    macros: Callable[[GameState, Seat], tuple[str, ...]] | None = None
    """Bigger decisions on offer to a seat now, by name (Ursuppe's ``drift all``): each is a sequence of
    single legal moves that :attr:`macro_step` gives one at a time."""
    macro_step: Callable[[GameState, Seat, str], Any | None] | None = None
    """The next single move of the macro ``name`` for the seat in this state, or None when it is done."""
    fixed_move: Callable[[GameState, Seat, tuple[Any, ...]], Any] | None = None
    """The rated autopilot's pick among a seat's legal moves (given in the engine's order) when none matters: a
    fixed rule written out for the members, never the judge's ranking; without it, the first legal move."""
    rated_points: Callable[[GameState], float] | None = None
    """How close every legal move must be, in points of winning chance, for the rated autopilot to play in this
    position (a rule set whose fixed rule strays further from good play may ask for a stricter bound); without it,
    :data:`RATED_POINTS`."""

    def option_defaults(self) -> dict[str, str]:
        """Every option at its default value."""
        return {opt.name: opt.default for opt in self.options}

    def validate_options(self, options: Mapping[str, str]) -> dict[str, str]:
        """Fill in defaults and check every option; raise ValueError on an unknown name or value."""
        known = {opt.name: opt for opt in self.options}
        for name in options:
            if name not in known:
                raise ValueError(f"{self.id} has no option {name!r}")
        result = self.option_defaults()
        for name, value in options.items():
            if value not in known[name].choices:
                raise ValueError(f"{self.id}: {name} must be one of {', '.join(known[name].choices)}")
            result[name] = value
        return result


def no_hidden_info(state: GameState, seat: Seat | None, rng: Any) -> GameState:
    """``resample_hidden`` for perfect-information games: nothing can be re-dealt."""
    return state
