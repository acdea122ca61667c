"""Several decisions of one turn typed at once, separated by ``;`` (e.g. a whole Ultima-Tek turn).

The match service plays them (:meth:`bot.matches.MatchService.move`); this module holds the pure part
shared with autocompletion: splitting the text, and the position after the decisions typed so far.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def after(info: GameInfo, state: GameState, seat: Seat, typed: Sequence[str], *, autoplay: bool) -> GameState | None:
    """The position once ``seat`` has played the ``typed`` decisions (with the forced ones in between when
    ``autoplay`` is on), or None when one of them does not parse, is not legal, is not the seat's, or needs a
    roll or a draw first (what comes after chance is not known yet)."""
    for index, text in enumerate(typed):
        if index and autoplay:
            while (move := forced(info, state, seat)) is not None:
                state = state.apply(move)
        if state.outcome() is not None or seat not in state.actors():
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
