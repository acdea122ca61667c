"""How the nine Subulata tiles are laid: the fixed layout, the random draw step by step, and the old draw.

A layout gives each tile position 0..8 (see :mod:`games.subulata.state`) a tile ``1..9`` and a number of
clockwise quarter turns ``0..3``. ``shared/rules/subulata.md`` lays the tiles "in a random order, each
with a random quarter-turn rotation": the draw is a sequence of 18 chance steps, position by position,

1. :class:`TilePick` — which of the tiles not laid yet goes to the next position (each equally likely);
2. :class:`TileTurn` — how that tile is turned (each of the four rotations equally likely);

so every one of the 9! × 4⁹ layouts has the same probability, and the match log records each step.

Matches started before this draw existed logged one step, ``layout:<seed>`` with 256 seeds, which
:func:`layout_of_seed` still expands exactly as it did, so their logs keep replaying.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final, TypeAlias

POSITIONS: Final = 9
TILE_NUMBERS: Final = tuple(range(1, 10))
ROTATIONS: Final = 4
LAYOUT_SEEDS: Final = 256
"""The outcomes of the old one-step draw (``layout:0`` .. ``layout:255``)."""

Layout: TypeAlias = tuple[tuple[int, int], ...]
"""Nine ``(tile number 1..9, clockwise quarter turns 0..3)``, by tile position 0..8."""
Drawn: TypeAlias = tuple[int, ...]
"""The steps of a layout draw so far: tile, turns, tile, turns, ... (an odd length: a tile awaits its turns)."""

_ALL_TILES: Final = frozenset(TILE_NUMBERS)
FIXED_LAYOUT: Final[Layout] = tuple((k, 0) for k in TILE_NUMBERS)
"""The ``layout=fixed`` option: T1..T9 in positions 0..8, unturned."""


@dataclass(frozen=True, slots=True, order=True)
class TilePick:
    """Chance outcome: tile ``tile`` (1..9) goes to tile position ``position`` (0..8)."""

    position: int
    tile: int


@dataclass(frozen=True, slots=True, order=True)
class TileTurn:
    """Chance outcome: the tile at ``position`` is turned ``turns`` quarter turns clockwise."""

    position: int
    turns: int


LayoutStep: TypeAlias = TilePick | TileTurn


@cache
def _picks(position: int, left: frozenset[int]) -> tuple[tuple[LayoutStep, Fraction], ...]:
    p = Fraction(1, len(left))
    return tuple((TilePick(position, tile), p) for tile in sorted(left))


@cache
def _turns(position: int) -> tuple[tuple[LayoutStep, Fraction], ...]:
    return tuple((TileTurn(position, q), Fraction(1, ROTATIONS)) for q in range(ROTATIONS))


def step_outcomes(drawn: Drawn) -> tuple[tuple[LayoutStep, Fraction], ...]:
    """The next step of the draw after ``drawn``, with its probabilities (empty once the layout is complete)."""
    steps = len(drawn)
    if steps >= 2 * POSITIONS:
        return ()
    if steps % 2:
        return _turns(steps // 2)
    return _picks(steps // 2, _ALL_TILES.difference(drawn[0::2]))


def extend(drawn: Drawn, step: LayoutStep) -> Drawn:
    """``drawn`` followed by ``step`` (which must be one of :func:`step_outcomes`)."""
    return (*drawn, step.tile if isinstance(step, TilePick) else step.turns)


def completed(drawn: Drawn) -> Layout | None:
    """The layout ``drawn`` makes once all 18 steps are drawn, else None."""
    if len(drawn) < 2 * POSITIONS:
        return None
    return tuple((drawn[2 * k], drawn[2 * k + 1]) for k in range(POSITIONS))


def valid_drawn(drawn: Drawn) -> bool:
    """True when ``drawn`` is an unfinished draw: distinct tiles 1..9 and turns 0..3, fewer than 18 steps."""
    tiles, turns = drawn[0::2], drawn[1::2]
    return (
        len(drawn) < 2 * POSITIONS
        and all(t in TILE_NUMBERS for t in tiles)
        and len(set(tiles)) == len(tiles)
        and all(0 <= q < ROTATIONS for q in turns)
    )


def format_step(step: LayoutStep) -> str:
    """``tile:1:T3`` (position 1 of 9 gets T3), ``rotate:1:2`` (that tile turned twice)."""
    if isinstance(step, TilePick):
        return f"tile:{step.position + 1}:T{step.tile}"
    return f"rotate:{step.position + 1}:{step.turns}"


def layout_of_seed(seed: int) -> Layout:
    """The layout the old chance outcome ``layout:<seed>`` stands for (deterministic, pinned by a test).

    The SHA-256 digest of ``subulata/layout/<seed>`` is read as one big integer ``n``; ``n mod 9!``
    is unranked (Lehmer code) into the order of the tiles over positions 0..8, and the base-4 digits of
    ``n // 9!`` give each position's quarter turns.
    """
    n = int.from_bytes(hashlib.sha256(f"subulata/layout/{seed}".encode()).digest(), "big")
    rank, rest = n % math.factorial(9), n // math.factorial(9)
    pool = list(TILE_NUMBERS)
    order: list[int] = []
    for k in range(9, 0, -1):
        index, rank = divmod(rank, math.factorial(k - 1))
        order.append(pool.pop(index))
    turns: list[int] = []
    for _ in range(9):
        rest, turn = divmod(rest, 4)
        turns.append(turn)
    return tuple(zip(order, turns, strict=True))
