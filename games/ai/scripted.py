"""Simple scripted players, each following one fixed idea, for testing that the strong AI answers them.

Each is an :class:`games.ai.Agent` (it sees the seat's view and legal moves only) and falls back on a
uniformly drawn legal move when its idea has nothing to say. :data:`SCRIPTED` lists them by name, with the
games they fit.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.subulata import state as sub
from games.ur import motifs
from games.ursuppe import genes as soup_genes


def _pick(moves: Sequence[Any], rng: random.Random, key: Callable[[Any], float] | None) -> Any:
    """The move with the highest ``key`` (ties drawn with ``rng``), or any move without a key."""
    if key is None:
        return rng.choice(list(moves))
    scored = [(key(m), i) for i, m in enumerate(moves)]
    top = max(s for s, _ in scored)
    return moves[rng.choice([i for s, i in scored if s == top])]


@dataclass(frozen=True, slots=True)
class Rearmost:
    """Ur's race rule sets: always move the piece furthest back (a piece from the reserve first)."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The legal move whose piece starts furthest back."""
        return _pick(legal_moves, rng, lambda m: -getattr(m, "frm", 0))


@dataclass(frozen=True, slots=True)
class Front:
    """Ur's race rule sets: always move the piece furthest ahead."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The legal move whose piece starts furthest ahead."""
        return _pick(legal_moves, rng, lambda m: getattr(m, "frm", 0))


@dataclass(frozen=True, slots=True)
class MotifFirst:
    """Ur Variante 3: place on one motif first (then on a single square), and walk onto it after."""

    motif: str = "rosette"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A placement or a move that ends on the motif while it lacks pawns there, else on a single."""
        group = set(motifs.GROUPS[self.motif])
        turn = view.turn if isinstance(view, motifs.State) else None
        mine = set(view.squares(turn)) if turn is not None else set()
        on_motif = len(mine & group)

        def score(m: Any) -> float:
            to = m.square if isinstance(m, motifs.Place) else getattr(m, "to", "")
            frm = getattr(m, "frm", "")
            if to in group and on_motif < 4 and frm not in group:
                return 2.0
            if to in motifs.SINGLES and not mine & set(motifs.SINGLES) and frm not in group:
                return 1.0
            return 0.0

        return _pick(legal_moves, rng, score)


@dataclass(frozen=True, slots=True)
class AlwaysCapture:
    """Subulata: capture whenever possible."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A capture when there is one, else any legal move."""
        if not isinstance(view, sub.View) or view.viewer is None:
            return rng.choice(list(legal_moves))
        theirs = {cell for cell, _ in view.pieces[1 - view.viewer]}
        captures = [m for m in legal_moves if isinstance(m, sub.Move) and m.to in theirs]
        return rng.choice(captures or list(legal_moves))


@dataclass(frozen=True, slots=True)
class DriftCheapest:
    """Ursuppe: always drift, and buy the cheapest gene on offer."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """Drift when drifting is allowed; buy the cheapest gene; otherwise any legal move."""
        kinds = {getattr(m, "kind", "") for m in legal_moves}
        if "drift" in kinds:
            return next(m for m in legal_moves if m.kind == "drift")
        buys = [m for m in legal_moves if getattr(m, "kind", "") == "buy"]
        if buys:
            return min(buys, key=lambda m: (soup_genes.GENES[m.value[0]].price, m))
        return rng.choice(list(legal_moves))


SCRIPTED: Final[dict[str, tuple[Callable[[], Any], tuple[str, ...]]]] = {
    "rearmost": (Rearmost, ("ur:v2", "ur:v1", "ur:ravensburger")),
    "front": (Front, ("ur:v2", "ur:v1", "ur:ravensburger")),
    "motif-first": (MotifFirst, ("ur:v3",)),
    "always-capture": (AlwaysCapture, ("subulata",)),
    "drift-cheapest": (DriftCheapest, ("ursuppe",)),
}
"""Scripted players by name: a factory and the games (as :func:`games.ai.duel.parse_game` reads them) it fits."""
