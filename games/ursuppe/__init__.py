"""Ursuppe (Primordial Soup, Doris & Frank) for 3 to 6 players.

Modules: :mod:`~games.ursuppe.state` (the immutable state, its text and view),
:mod:`~games.ursuppe.engine` (the rules as a step machine), :mod:`~games.ursuppe.notation` (moves in
text, both ways), :mod:`~games.ursuppe.view` (the view dataclasses renderers read),
:mod:`~games.ursuppe.genes` (the gene table with names and effect texts), :mod:`~games.ursuppe.board`
(the soup's squares) and :mod:`~games.ursuppe.tables` (``data/ursuppe.json``, validated).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.base import GameInfo, GameState, no_hidden_info
from games.ursuppe import steps
from games.ursuppe.moves import Move
from games.ursuppe.state import State, from_text, new_state
from games.ursuppe.view import View

__all__ = ["INFO", "Move", "State", "View", "from_text", "new"]


def new(players: int, options: Mapping[str, str]) -> GameState:
    """The opening state for ``players`` (3..6); Ursuppe has no options."""
    return new_state(players)


INFO = GameInfo(
    id="ursuppe",
    name="Ursuppe",
    names={"en": "Primordial Soup (Ursuppe)", "fr": "Ursuppe (La soupe primordiale)"},
    aliases=("ursuppe", "primordial-soup", "soupe-primordiale", "soup"),
    min_players=3,
    max_players=6,
    has_chance=True,
    has_hidden_info=False,
    options=(),
    new=new,
    from_text=from_text,
    resample_hidden=no_hidden_info,
    max_plies=30_000,
    move_parts=steps.move_parts,
    rank_moves=steps.rank_moves,
    macros=steps.macros,
    macro_step=steps.macro_step,
)
