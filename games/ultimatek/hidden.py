"""Hidden information in Ultima-Tek: re-dealing what a seat cannot see (the contract's ``resample_hidden``)."""

from __future__ import annotations

import random
from dataclasses import replace

from games.base import Seat
from games.ultimatek.bonuses import counts_of, kinds_in
from games.ultimatek.state import State


def resample_hidden(state: State, seat: Seat | None, rng: random.Random) -> State:
    """``state`` with every token ``seat`` cannot identify dealt again at random (``rng`` a ``random.Random``).

    Hidden from a player: the opponent's hand, the kinds of the opponent's face-down bonuses, the bonuses
    the opponent discarded unseen, and the contents of the draw bag; a spectator knows none of these for
    either side. The tokens of all those places are pooled and dealt back, each place keeping its size,
    so every count (and so every view) stays the same.
    """
    hidden_sides = [s for s in (0, 1) if s != seat]
    pool: list[str] = list(kinds_in(state.bag))
    for s in hidden_sides:
        pool += kinds_in(state.hands[s]) + kinds_in(state.unseen[s])
        pool += [p.bonus for p in state.pieces if p.side == s and p.bonus and not p.face_up]
    # Sorted first: the pool's order told where each token really was, and a shuffle of it with a given seed
    # would deal differently for twin positions that differ only in what ``seat`` cannot see.
    pool.sort()
    rng.shuffle(pool)

    def deal(n: int) -> list[str]:
        taken = pool[:n]
        del pool[:n]
        return taken

    hands, unseen = list(state.hands), list(state.unseen)
    pieces = list(state.pieces)
    for s in hidden_sides:
        hands[s] = counts_of(deal(sum(state.hands[s])))
        unseen[s] = counts_of(deal(sum(state.unseen[s])))
        pieces = [replace(p, bonus=deal(1)[0]) if p.side == s and p.bonus and not p.face_up else p for p in pieces]
    bag = counts_of(pool)
    return replace(
        state,
        pieces=tuple(pieces),
        hands=(hands[0], hands[1]),
        unseen=(unseen[0], unseen[1]),
        bag=bag,
    )
