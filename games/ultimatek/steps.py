"""How Ultima-Tek's moves are offered step by step (:mod:`games.builder`) and ranked for the autocomplete.

Steps: the piece (or ``place`` for a bonus from the hand, or ``end``) → the action (move, throw, reveal,
discard) → the target hex → the bonus activated (or the route of a bent flight). The kind of a bonus
placed face down comes last and is marked secret: only its owner sees that step.
"""

from __future__ import annotations

from typing import Any

from games.base import GameState, Part, Seat
from games.ultimatek.field import hex_name
from games.ultimatek.model import Action
from games.ultimatek.state import State


def move_parts(state: GameState, move: Any) -> tuple[Part, ...]:
    """The builder's parts of one legal action."""
    assert isinstance(state, State) and isinstance(move, Action)
    verb = move.verb
    if verb == "end":
        return (Part("end", "", "ultimatek.end"),)
    if verb == "place":
        return (
            Part("place", "", "ultimatek.place"),
            Part(hex_name(move.hex), hex_name(move.hex), "on"),
            Part(move.kind, move.kind, "ultimatek.bonus", secret=True),
        )
    piece = Part(hex_name(move.hex), hex_name(move.hex), "piece")
    if verb in ("reveal", "discard"):
        return (piece, Part(verb, "", f"ultimatek.{verb}"))
    parts = [piece, Part(verb, "", f"ultimatek.{verb}"), Part(hex_name(move.to), hex_name(move.to), "to")]
    if move.via >= 0:
        route = f"{hex_name(move.via)} {move.kind}"
        parts.append(Part("via " + route, route, "ultimatek.via"))
    elif move.kind:
        parts.append(Part(move.kind, move.kind, "ultimatek.with"))
    elif (carrier := state.piece(state.to_act, move.hex)) is not None and carrier.bonus and carrier.bonus != "stop":
        # Beside the same action using the piece's bonus, this one keeps it: say so rather than "as is".
        parts.append(Part("plain", "", "ultimatek.plain"))
    return tuple(parts)


def rank_moves(state: GameState, seat: Seat, moves: tuple[Any, ...]) -> tuple[Any, ...]:
    """Scoring throws first, then the other throws, moves, reveals and discards, placements, ``end`` last."""
    assert isinstance(state, State)
    order = {"throw": 1, "move": 2, "reveal": 3, "discard": 4, "place": 5, "end": 6}

    def key(move: Action) -> tuple[int, int]:
        rank = order.get(move.verb, 5)
        if move.verb == "throw" and state._scores(move):
            rank = 0
        return rank, moves.index(move)

    return tuple(sorted(moves, key=key))


def move_cost(state: GameState, move: Any) -> int | None:
    """The action credits the action spends."""
    assert isinstance(state, State) and isinstance(move, Action)
    return state.cost(move)
