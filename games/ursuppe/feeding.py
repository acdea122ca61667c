"""What an amoeba may eat: the meal tables of ``data/ursuppe.json`` expanded into cube vectors.

A meal is a vector of cubes per colour (index = seat). The normal meal and the Substitution meals come
from the data file by player count; Frugality and Parasitism each take one cube off any colour of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations
from typing import Final

from games.ursuppe.tables import TABLES

FRUGAL: Final = 1
SUBSTITUTE: Final = 2
PARASITE: Final = 4


@cache
def meals(players: int, own: int, mask: int) -> tuple[tuple[int, ...], ...]:
    """Every cube vector an amoeba of colour ``own`` may eat using the genes in ``mask``.

    ``mask`` combines :data:`FRUGAL`, :data:`SUBSTITUTE` and :data:`PARASITE`; 0 is the normal meal.
    """
    table = TABLES.per_players[players]
    others = [c for c in range(players) if c != own]
    patterns = table.substitution_meals if mask & SUBSTITUTE else table.normal_meals
    found: set[tuple[int, ...]] = set()
    for pattern in patterns:
        for colours in permutations(others, len(pattern)):
            vector = [0] * players
            for colour, count in zip(colours, pattern, strict=True):
                vector[colour] = count
            found.add(tuple(vector))
    for _ in range(bool(mask & FRUGAL) + bool(mask & PARASITE)):
        found = {(*v[:c], v[c] - 1, *v[c + 1 :]) for v in found for c in range(players) if v[c] > 0}
    return tuple(sorted(found))


def finds_normal_meal(food: Sequence[int], players: int, own: int) -> bool:
    """Whether an amoeba of colour ``own`` finds its normal meal in ``food`` (cubes per colour, as on a square)."""
    return any(all(a <= b for a, b in zip(meal, food, strict=True)) for meal in meals(players, own, 0))


@cache
def carries(players: int, limit: int) -> tuple[tuple[int, ...], ...]:
    """Every cube vector of at most ``limit`` cubes (what a Tentacle may take), the empty one first."""
    found: set[tuple[int, ...]] = {(0,) * players}
    frontier = set(found)
    for _ in range(limit):
        frontier = {(*v[:c], v[c] + 1, *v[c + 1 :]) for v in frontier for c in range(players)}
        found |= frontier
    return tuple(sorted(found, key=lambda v: (sum(v), tuple(-x for x in v))))
