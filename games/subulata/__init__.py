"""Subulata (Corné van Moorsel, Cwali): a two-player race of hidden-value grasshoppers across a pond.

The engine lives in :mod:`games.subulata.state`, the tile set in :mod:`games.subulata.tiles`. Options:
``layout`` is ``random`` (the tiles are laid by a chance draw, the default) or ``fixed`` (T1..T9 in
order, unturned). :func:`public_notation` hides the values of a set-up for public logs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import GameInfo, GameState, Option, Part, Seat
from games.builder import default_parts
from games.subulata import state as engine
from games.subulata.state import State, View, from_text, public_notation

__all__ = ["INFO", "State", "View", "from_text", "new", "public_notation", "resample_hidden"]


def new(players: int, options: Mapping[str, str]) -> GameState:
    """The opening state: the layout draw (or the fixed layout), then the two secret set-ups."""
    return engine.new_state(fixed_layout=options.get("layout", "random") == "fixed")


def setting_up(state: GameState, seat: Seat) -> bool:
    """True during the set-up: any arrangement may be typed, only ``setup random`` is listed."""
    assert isinstance(state, engine.State)
    return state.turn is None


def resample_hidden(state: GameState, seat: Seat | None, rng: Any) -> GameState:
    """Deal again every value ``seat`` cannot see (see :func:`games.subulata.state.resample_hidden`)."""
    assert isinstance(state, State)
    return engine.resample_hidden(state, seat, rng if isinstance(rng, random.Random) else random.Random(rng))


def move_parts(state: GameState, move: Any) -> tuple[Part, ...]:
    """The move builder's steps: the piece (its cell and the terrain it jumps from), then where it lands
    (a capture said as such). Values never appear: the builder's first step is public."""
    assert isinstance(state, engine.State)
    text = state.format_move(move)
    if not isinstance(move, engine.Move):
        return default_parts(text, public_notation(text))
    frm, to = engine.cell_name(move.frm), engine.cell_name(move.to)
    lands = Part(to, to, "captures" if "x" in text else "to")
    return Part(frm, frm, f"subulata.from_{state.terrain[move.frm]}"), lands


INFO = GameInfo(
    id="subulata",
    name="Subulata",
    names={"en": "Subulata", "fr": "Subulata"},
    aliases=("subulata",),
    min_players=2,
    max_players=2,
    has_chance=True,
    has_hidden_info=True,
    options=(
        Option(
            name="layout",
            choices=("random", "fixed"),
            default="random",
            labels={"random": "Random tiles (drawn)", "fixed": "Fixed tiles (T1 to T9, unturned)"},
        ),
    ),
    new=new,
    from_text=from_text,
    resample_hidden=resample_hidden,
    max_plies=1_000,
    public_notation=public_notation,
    move_parts=move_parts,
    unlisted=setting_up,
)
