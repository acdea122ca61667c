"""Helpers shared by the rule tests: play moves by notation, list the legal moves in notation."""

from __future__ import annotations

from typing import TypeVar, cast

from games.base import GameState

S = TypeVar("S", bound=GameState)


def play(state: S, *notations: str) -> S:
    """Play the notations one after another (chance outcomes too, such as ``roll:2`` or ``first:A``)."""
    for text in notations:
        state = cast(S, state.apply(state.parse_move(text)))
    return state


def legal(state: GameState) -> list[str]:
    """The legal moves in notation."""
    return [state.format_move(m) for m in state.legal_moves()]
