"""How Ursuppe's moves are offered step by step (:mod:`games.builder`) and ranked for the autocomplete.

Steps: the amoeba (drift / move / stay, then the direction, what it eats or attacks); a placement or a
division: the amoeba, then the square; a purchase: the gene, then what it replaces; a payment: what pays.
"""

from __future__ import annotations

from typing import Any

from games.base import GameState, Part, Seat
from games.builder import default_parts
from games.ursuppe import genes as G
from games.ursuppe.moves import Move
from games.ursuppe.notation import format_move
from games.ursuppe.state import State

WORDS = frozenset({"drift", "move", "stay", "take", "eat", "starve", "attack", "again", "stop", "N", "E", "S", "W"})
"""Words of the notation that the bot's catalogs put in the player's language (``builder.ursuppe.<word>``)."""
AMOEBA_KINDS = frozenset({"drift", "stay", "again", "stop", "starve", "move", "dir", "take", "eat", "attack"})


def move_parts(state: GameState, move: Any) -> tuple[Part, ...]:
    """The builder's parts of one legal move."""
    assert isinstance(state, State) and isinstance(move, Move)
    text = format_move(state, move)
    words = text.split()
    amoeba = Part(str(move.amoeba), str(move.amoeba), "ursuppe.amoeba")
    if move.kind in ("place", "divide"):
        square = words[-1]
        number = Part(str(move.amoeba), str(move.amoeba), "ursuppe.number")
        return (Part(move.kind, "", f"ursuppe.{move.kind}"), number, Part(square, square, "on"))
    if move.kind in AMOEBA_KINDS and words[0] == str(move.amoeba):
        rest = words[1:]
        head = Part(rest[0], rest[0], f"ursuppe.{rest[0]}" if rest[0] in WORDS else "")
        return (amoeba, head, Part(" ".join(rest[1:]), " ".join(rest[1:]))) if len(rest) > 1 else (amoeba, head)
    if move.kind == "buy":
        # The gene, then what it replaces: each part keyed to the gene's name in the player's language.
        gene, discard = move.value
        first, bought = Part("buy", "", "ursuppe.buy"), _gene_part(gene)
        return (first, bought, _gene_part(discard)) if discard >= 0 else (first, bought)
    if move.kind == "pay" and len(words) > 1:
        paid = " ".join(words[1:])
        return (Part("pay", "", "ursuppe.pay"), Part(paid, paid))
    if move.kind == "cling":
        # The holder's amoeba that clings, then (Tentacle) the cubes it takes along.
        clinger = (Part("cling", "", "ursuppe.cling"), amoeba)
        return (*clinger, Part(words[-1], words[-1])) if move.value else clinger
    if move.kind == "nocling":
        return (Part("nocling", "", "ursuppe.nocling"),)
    return default_parts(text, text)


def _gene_part(gene: int) -> Part:
    """A gene as a builder part: its id, framed by the catalog's ``builder.ursuppe.gene.<id>`` (its name)."""
    gene_id = G.GENES[gene].id
    return Part(gene_id, gene_id, f"ursuppe.gene.{gene_id}")


def rank_moves(state: GameState, seat: Seat, moves: tuple[Any, ...]) -> tuple[Any, ...]:
    """The awaited amoeba's options first, then the others in the engine's order; ``done``/``pass`` last."""
    assert isinstance(state, State)
    awaited = state.ctx.amoeba

    def key(move: Move) -> tuple[int, int]:
        if move.kind in ("done", "pass"):
            return 2, 0
        return (0 if awaited and move.amoeba == awaited else 1), moves.index(move)

    return tuple(sorted(moves, key=key))


DRIFT_ALL = "drift all"
"""Phase 1 in one decision: every remaining amoeba of the player drifts (as long as only drifting is asked)."""


def macros(state: GameState, seat: Seat) -> tuple[str, ...]:
    """``drift all`` while the seat handles its amoebas in Phase 1 and may let the current one drift."""
    return (DRIFT_ALL,) if macro_step(state, seat, DRIFT_ALL) is not None else ()


def macro_step(state: GameState, seat: Seat, name: str) -> Any | None:
    """The next drift of ``drift all``; None once the seat's next decision is anything but drift or move
    (a feeding choice, another player's turn, the next phase)."""
    assert isinstance(state, State)
    if name != DRIFT_ALL or state.phase != 1 or state.actors() != (seat,):
        return None
    return next((m for m in state.legal_moves(seat) if m.kind == "drift"), None)
