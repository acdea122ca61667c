"""Ultima-Tek (Lucas Borboleta, CC BY-NC-SA 4.0): a two-player game of the sport Ultimate on a field of hexes,
with hidden bonuses.

The field and set-up live in :mod:`games.ultimatek.field` (read from ``data/ultimatek.json``), the bonus
tokens in :mod:`games.ultimatek.bonuses`, the engine in :mod:`games.ultimatek.state` and what a viewer may
see in :mod:`games.ultimatek.view`. Option ``cap``: the number of turns (both sides' turns together,
60 by default, or 30) after which, if nobody has 2 points yet, the higher score wins and equal
scores draw. :func:`public_notation` hides the secret part of a move for public logs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import GameInfo, GameState, Option, Seat
from games.ultimatek import hidden, steps
from games.ultimatek import state as engine
from games.ultimatek.state import Action, State, from_text, public_notation
from games.ultimatek.view import BonusView, PieceView, StopView, View

__all__ = [
    "INFO",
    "Action",
    "BonusView",
    "PieceView",
    "State",
    "StopView",
    "View",
    "from_text",
    "new",
    "public_notation",
    "resample_hidden",
]

CAPS = ("60", "30", "none")
"""Turn caps on offer (both sides' turns together), or ``none``: the rules as written, first to 2 points.
The default is a cap, because a play-by-post match that nobody can win must still end (people reach 2
points well within it; random play needs tens of thousands of moves, which is why ``none`` is marked
endless for the conformance suite). The platform's draw by agreement remains."""


def new(players: int, options: Mapping[str, str]) -> GameState:
    """The opening state: the kick-off draw, then three bonuses for each side."""
    cap = options.get("cap", CAPS[0])
    return engine.new_state(cap=0 if cap == "none" else int(cap))


def resample_hidden(state: GameState, seat: Seat | None, rng: Any) -> GameState:
    """Deal again every token ``seat`` cannot identify (see :func:`games.ultimatek.hidden.resample_hidden`)."""
    assert isinstance(state, State)
    return hidden.resample_hidden(state, seat, rng if isinstance(rng, random.Random) else random.Random(rng))


INFO = GameInfo(
    id="ultimatek",
    name="Ultima-Tek",
    names={"en": "Ultima-Tek", "fr": "Ultima-Tek"},
    aliases=("ultima-tek", "ultima_tek"),
    min_players=2,
    max_players=2,
    has_chance=True,
    has_hidden_info=True,
    options=(
        Option(
            name="cap",
            choices=CAPS,
            default="60",
            labels={
                "60": "First to 2 points, at most 60 turns (30 each), then the higher score wins",
                "30": "First to 2 points, at most 30 turns (15 each), then the higher score wins",
                "none": "First to 2 points, no turn limit (the rules as written)",
            },
            endless=("none",),
        ),
    ),
    new=new,
    from_text=from_text,
    resample_hidden=resample_hidden,
    max_plies=1_200,
    public_notation=public_notation,
    move_parts=steps.move_parts,
    rank_moves=steps.rank_moves,
    # No move_cost: the words of a throw say its price (bot/app/telling/game_words/ultimatek.py), a move costs 1.
)
