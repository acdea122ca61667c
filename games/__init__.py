"""Pure rule engines and the registry of playable games.

``GAMES`` is the explicit list every other layer iterates over (commands, tests, benchmarks).
"""

from __future__ import annotations

from games import subulata, ultimatek, ur, ursuppe
from games.base import GameInfo

GAMES: tuple[GameInfo, ...] = (ur.INFO, subulata.INFO, ultimatek.INFO, ursuppe.INFO)


class UnknownGameError(KeyError):
    """No game has that id or alias."""


def find_game(name: str) -> GameInfo:
    """The game whose id or alias is ``name`` (case-insensitive).

    Raises:
        UnknownGameError: listing the known ids.
    """
    key = name.strip().lower()
    for info in GAMES:
        if key == info.id or key in info.aliases:
            return info
    raise UnknownGameError(f"unknown game {name!r}; known: {', '.join(g.id for g in GAMES)}")
