"""How Ur's moves are offered step by step (:mod:`games.builder`), when a turn has more moves than buttons.

Steps: which piece (``piece on B3``, ``enter a piece``; in Variante 3 ``place a piece on A1``), then where it
goes (``to B5``, ``bear off``), then, in the Ravensburger rules when prisoners lie under it, how many it takes
along (``alone`` or ``with 2 prisoners``). Each part is a square or a count framed by the bot's catalogs.
"""

from __future__ import annotations

from typing import Any

from games.base import GameState, Part
from games.builder import default_parts
from games.ur import loop, motifs, race, towers


def move_parts(state: GameState, move: Any) -> tuple[Part, ...]:
    """The builder's parts of one legal move of the seat to play."""
    if isinstance(move, motifs.Place):
        return (Part("@" + move.square, move.square, "ur.place"),)
    if isinstance(move, motifs.Move):
        return (Part(move.frm, move.frm, "ur.piece"), Part(move.to, move.to, "to"))
    if isinstance(state, towers.State) and isinstance(move, towers.Move) and state.turn is not None:
        frm, to = state.squares_of(move, state.turn)
        under = state.prisoners_under(frm) if frm is not None else 0
        carry = (Part(f"+{move.carry}", str(move.carry), "ur.carry" if move.carry else "ur.alone"),) if under else ()
        return (*_path_parts(frm, to, "ur.rb"), *carry)
    if isinstance(state, race.State) and isinstance(move, race.Move):
        return _path_parts(*state.squares_of(move))
    if isinstance(state, loop.State) and isinstance(move, loop.Move):
        return _path_parts(*state.squares_of(move))
    text = state.format_move(move)
    return default_parts(text, text)


def _path_parts(frm: str | None, to: str | None, frame: str = "ur") -> tuple[Part, ...]:
    """A piece along its path: the piece (or one from the reserve), then its square of arrival (or off);
    ``frame`` chooses the catalog's words for the pieces (the Ravensburger rules call them tokens)."""
    piece = Part(frm, frm, f"{frame}.piece") if frm else Part("in", "", f"{frame}.enter")
    return (piece, Part(to, to, "to") if to else Part("off", "", "ur.off"))
