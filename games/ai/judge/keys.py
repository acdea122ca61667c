"""Which judge a state belongs to: one key per game and rule set, found by the state's class.

Every engine's state class is listed here, so each has a key (and at least the baseline judge) from the
start; a game's judge module only declares its judges.
"""

from __future__ import annotations

from typing import Final

from games.base import GameState
from games.subulata import state as sub
from games.ultimatek import state as tek
from games.ur import loop, motifs, race, towers
from games.ursuppe import state as soup

KEYS: Final[dict[type, tuple[str, str]]] = {
    race.State: ("ur-race", "ur"),
    loop.State: ("ur-loop", "ur"),
    towers.State: ("ur-towers", "ur"),
    motifs.State: ("ur-motifs", "ur"),
    sub.State: ("subulata", "subulata"),
    tek.State: ("ultimatek", "ultimatek"),
    soup.State: ("ursuppe", "ursuppe"),
}
"""Per state class: (judge key, game id)."""

GAME_OF: Final[dict[str, str]] = {key: game_id for key, game_id in KEYS.values()}
"""Per judge key: the game id."""

OPTIONS_OF: Final[dict[str, dict[str, str]]] = {
    "ur-race": {"rules": race.RULES},
    "ur-loop": {"rules": loop.RULES},
    "ur-towers": {"rules": towers.RULES},
    "ur-motifs": {"rules": motifs.RULES},
    "subulata": {},
    "ultimatek": {},
    "ursuppe": {},
}
"""Per judge key: the game options that make a new match of it (for fitting and the bench)."""


def judge_key(state: GameState) -> str:
    """The judge key of ``state`` (``ur-race``, ``subulata``, ...).

    Raises:
        KeyError: a state of no known game.
    """
    return KEYS[type(state)][0]


def game_of_state(state: GameState) -> str:
    """The game id of ``state``."""
    return KEYS[type(state)][1]
