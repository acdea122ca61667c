"""How Ultima-Tek's moves are offered step by step (:mod:`games.builder`) and ranked for the autocomplete.

Steps: the piece (or ``place`` for a bonus from the hand, or ``end``) → the action (move, throw, reveal,
discard) → the target hex → the bonus activated (or the route of a bent flight). The kind of a bonus
placed face down comes last and is marked secret: only its owner sees that step.
"""

from __future__ import annotations

from typing import Any, Final

from games.base import GameState, Part, Seat
from games.ultimatek.field import hex_name
from games.ultimatek.model import BONUS, END, Action
from games.ultimatek.notation import straight
from games.ultimatek.state import State

KIND_KEYS: Final = {
    "run": "run",
    "run/": "run_bent",
    "fly": "fly",
    "fly/": "fly_bent",
    "fly+/": "fly_far_bent",
    "stop": "stop",
}
"""The catalog slug of each bonus kind (``builder.ultimatek.kind.<slug>``: its name and what it does)."""


def _strength(state: State, hex: int) -> int:
    piece = state.piece(state.to_act, hex)
    return piece.strength if piece is not None else 0


def end_key(state: State) -> str:
    """``end_act`` when ending leaves the side a bonus phase, ``end_turn`` when it ends the turn."""
    after = state.apply(END)
    return "end_act" if after.to_act == state.to_act and after.phase == BONUS else "end_turn"


def move_parts(state: GameState, move: Any) -> tuple[Part, ...]:
    """The builder's parts of one legal action; their catalog frames (``builder.<key>``) say them in words:
    "Piece 3 on c5 › go to b5", "Piece 3 on d3 › throw the disc › score on i3!"."""
    assert isinstance(state, State) and isinstance(move, Action)
    verb = move.verb
    if verb == "end":
        return (Part("end", "", f"ultimatek.{end_key(state)}"),)
    if verb == "place":
        return (
            Part("place", "", "ultimatek.place"),
            Part(hex_name(move.hex), hex_name(move.hex), f"ultimatek.onpiece.{_strength(state, move.hex)}"),
            Part(move.kind, "", f"ultimatek.kind.{KIND_KEYS[move.kind]}", secret=True),
        )
    # The piece standing with the disc is the one that can throw it: said on its step, so the choice reads.
    holds = "holder" if move.hex == state.disc and move.verb in ("move", "throw") else "piece"
    piece = Part(hex_name(move.hex), hex_name(move.hex), f"ultimatek.{holds}.{_strength(state, move.hex)}")
    if verb in ("reveal", "discard"):
        return (piece, Part(verb, "", f"ultimatek.{verb}"))
    if verb == "move":
        target = Part(hex_name(move.to), hex_name(move.to), "ultimatek.go")
        # A piece that may also throw asks "move or throw?" first; any other goes straight to its targets.
        throws = any(m.verb == "throw" and m.hex == move.hex for m in state.decisions)
        parts = [piece, Part(verb, "", "ultimatek.step"), target] if throws else [piece, target]
    else:
        landing = "ultimatek.score" if state._scores(move) else "ultimatek.land"
        parts = [piece, Part(verb, "", "ultimatek.throw"), Part(hex_name(move.to), hex_name(move.to), landing)]
    # A bonus is named by its catalog text (its plain name in the member's language), never by the rules'
    # symbol names ("Fly /"), which a newcomer does not read.
    if move.via >= 0 and not straight(move.hex, move.via, move.to):
        key = f"ultimatek.bent_using.{KIND_KEYS[move.kind]}" if move.kind else "ultimatek.bent"
        parts.append(Part(f"via {hex_name(move.via)} {move.kind}", hex_name(move.via), key))
    elif move.kind:
        parts.append(Part(move.kind, "", f"ultimatek.using.{KIND_KEYS[move.kind]}"))
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
