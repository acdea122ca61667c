"""Several decisions of one turn typed at once, separated by ``;`` (e.g. a whole Ultima-Tek turn).

The match service plays them (:meth:`bot.app.matches.MatchService.move`); this module holds the pure part
shared with autocompletion and with whoever writes a turn out (the AI's hint, benchmarks): splitting the
text, the position after the decisions typed so far, and the decisions of a turn as they would be typed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games.base import GameError, GameInfo, GameState, Seat

SEPARATOR = ";"
"""Separates the decisions of one typed move (no game's notation uses it)."""


def split(text: str) -> list[str]:
    """The decisions of a typed move, in order: one, or several separated by :data:`SEPARATOR`."""
    parts = [part.strip() for part in text.split(SEPARATOR)]
    return [part for part in parts if part] or [text]


def forced(info: GameInfo, state: GameState, seat: Seat) -> Any:
    """The decision ``seat`` has no choice about now (its only legal move, listed), else None."""
    if state.outcome() is not None or state.actors() != (seat,):
        return None
    moves = state.legal_moves(seat)
    if len(moves) != 1 or (info.unlisted is not None and info.unlisted(state, seat)):
        return None
    return moves[0]


def turn_goes_on(state: GameState, seat: Seat) -> bool:
    """Whether ``seat`` still has decisions to type in its turn: it acts, and no roll or draw comes first."""
    return seat in state.actors() and not state.is_chance() and state.outcome() is None


def typed_turn(
    info: GameInfo, state: GameState, seat: Seat, choose: Callable[[GameState], Any], *, autoplay: bool
) -> Iterator[tuple[str, GameState]]:
    """``seat``'s decisions to the end of its turn as they would be typed at once: each one ``choose`` picks,
    in notation, with the position after it (and after the forced decisions that follow, which autoplay
    plays and nobody types). The caller may stop early."""

    def settle(position: GameState) -> GameState:
        while autoplay and (move := forced(info, position, seat)) is not None:
            position = position.apply(move)
        return position

    state = settle(state)
    while turn_goes_on(state, seat):
        move = choose(state)
        text = state.format_move(move)
        state = settle(state.apply(move))
        yield text, state


def after(info: GameInfo, state: GameState, seat: Seat, typed: Sequence[str], *, autoplay: bool) -> GameState | None:
    """The position once ``seat`` has played the ``typed`` decisions (with the forced ones in between when
    ``autoplay`` is on), or None when one of them does not parse, is not legal, is not the seat's, or needs a
    roll or a draw first (what comes after chance is not known yet)."""
    for index, text in enumerate(typed):
        if index and autoplay:
            while (move := forced(info, state, seat)) is not None:
                state = state.apply(move)
        if not turn_goes_on(state, seat):
            return None
        try:
            move = state.parse_move(text, seat)
        except GameError:
            return None
        if state.mover(move) != seat:
            return None
        state = state.apply(move)
        if state.is_chance():
            return None
    return state
