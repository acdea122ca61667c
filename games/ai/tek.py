"""Ultima-Tek's evaluation for the searches: how many action credits each side still needs to score.

A point needs a chain: a piece in the disc's hex throws it (1 credit, plus the shortfalls against a
stronger rival), the disc lands 1 or 2 hexes away, another piece must stand there to throw it on, and the
last throw must land in the opponent's grey zone on a receiver. :func:`credits_to_score` prices that
chain on a relaxed game (the opponent stands still, a piece walks to any hex at 1 credit a hex, the
once-per-turn limits are ignored) with a shortest-path search over the disc's hexes. Random play almost
never scores in Ultima-Tek, so this distance, not a playout, is what lets a one-turn search set up a goal
over several turns and see the other side's threats.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from functools import lru_cache
from typing import Final

from games.base import Seat
from games.ultimatek import state as tek
from games.ultimatek.bonuses import flights
from games.ultimatek.field import HEXES, NEIGHBOURS
from games.ultimatek.model import ACT, CREDITS, GOAL, REVEAL, Piece

FAR: Final = 40
"""The distance given when no chain is found (no active piece, no disc)."""


def _distances() -> tuple[tuple[int, ...], ...]:
    """Steps between every two hexes (a piece walks one hex per credit)."""
    table = []
    for origin in range(len(HEXES)):
        seen = {origin: 0}
        queue = deque([origin])
        while queue:
            h = queue.popleft()
            for n in NEIGHBOURS[h]:
                if n >= 0 and n not in seen:
                    seen[n] = seen[h] + 1
                    queue.append(n)
        table.append(tuple(seen[h] for h in range(len(HEXES))))
    return tuple(table)


DIST: Final = _distances()
PLAIN_FLIGHTS: Final = tuple(tuple((p.first, p.last) for p in flights(h)) for h in range(len(HEXES)))
"""Per hex: (first hex, landing hex) of every flight a throw without a bonus may take."""
GOAL_HEXES: Final = tuple(frozenset(i for i, h in enumerate(HEXES) if h.column == GOAL[s]) for s in (0, 1))


def credits_to_score(state: tek.State, side: Seat) -> int:
    """The fewest credits ``side`` needs to score from here in the relaxed game (:data:`FAR` if none)."""
    return _credits(state.pieces, state.disc, side)


@lru_cache(maxsize=65536)
def _credits(pieces: tuple[Piece, ...], disc: int, side: Seat) -> int:
    # Cached: a turn's search meets the same field again and again (moves in another order).
    if disc < 0:
        return FAR
    own = [p for p in pieces if p.side == side and not p.blocked]
    if not own:
        return FAR
    rival_power = [0] * len(HEXES)
    rivals = []
    for p in pieces:
        if p.side != side and p.power:
            rival_power[p.hex] = p.power
            rivals.append(p)
    # near[s][h]: steps from the nearest piece of strength s to h; fetch[h]: credits to bring a piece to h
    # and hold the disc there against the rival standing in h.
    near: dict[int, list[int]] = {}
    for strength in {p.strength for p in own}:
        rows = [DIST[p.hex] for p in own if p.strength == strength]
        near[strength] = list(map(min, *rows)) if len(rows) > 1 else list(rows[0])
    fetch = list(map(min, *near.values())) if len(near) > 1 else list(next(iter(near.values())))
    for r in rivals:
        fetch[r.hex] = min(row[r.hex] + max(0, r.power - s) for s, row in near.items())

    def thrower_strength(h: int) -> int:
        """The strength of the piece that would throw from h (the strongest of the cheapest)."""
        return max(s for s, row in near.items() if row[h] + max(0, rival_power[h] - s) == fetch[h])

    goal = GOAL_HEXES[side]
    best = FAR
    reached = [FAR] * len(HEXES)
    reached[disc] = 0
    heap = [(0, disc)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost >= best:
            break
        if cost > reached[h]:
            continue
        throw = cost + fetch[h] + 1
        if throw >= best:
            continue
        thrower = -1
        for first, last in PLAIN_FLIGHTS[h]:
            step = throw
            if rival_power[first]:
                if thrower < 0:
                    thrower = thrower_strength(h)
                step += max(0, rival_power[first] - thrower)
            if last in goal:
                # The receiver must be waiting there when the disc lands: the same price as a thrower.
                best = min(best, step + fetch[last])
            if step < reached[last]:
                reached[last] = step
                heapq.heappush(heap, (step, last))
    return best


def race(state: tek.State, seat: Seat) -> float:
    """In [-1, 1]: who is closer to the next point, counting the credits of the side to act as spent."""
    ahead = []
    acting = state.to_act
    if acting >= 0 and state.phase not in (REVEAL, ACT):
        # The acting side is past its actions: the other side's fresh credits come next.
        acting, credits = 1 - acting, CREDITS
    else:
        credits = state.credits
    for side in (seat, 1 - seat):
        need = credits_to_score(state, side) - (credits if side == acting else 0)
        ahead.append(math.exp(-max(0, need) / 3))
    return ahead[0] - ahead[1]
