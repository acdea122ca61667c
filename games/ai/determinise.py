"""Full states built from one seat's view, for searching: the hidden part is sampled (determinisation).

An agent only ever receives a view. Perfect-information games give everything away in their view, so the
state is rebuilt exactly; Subulata and Ultima-Tek hide values and bonuses, which are dealt at random among
the possibilities the view leaves open (uniformly: the view carries no history to weight them by).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import GameState
from games.subulata import state as sub
from games.ultimatek import bonuses as tek_bonuses
from games.ultimatek import model as tek_model
from games.ultimatek import state as tek
from games.ultimatek.field import FIELD as TEK_FIELD
from games.ultimatek.view import View as TekView
from games.ur.turns import DiceTurns
from games.ursuppe import state as soup
from games.ursuppe.view import View as SoupView


def _ur(view: Any, rng: random.Random) -> GameState:
    """Ur hides nothing and its view is the state itself."""
    assert isinstance(view, DiceTurns)
    return view  # type: ignore[return-value]


def _ursuppe(view: Any, rng: random.Random) -> GameState:
    """Ursuppe hides nothing: its view carries the position's text."""
    assert isinstance(view, SoupView)
    return soup.from_text(view.position)


def _subulata(view: Any, rng: random.Random) -> GameState:
    """The viewer's values as shown; the other seat's values (on the board and captured) dealt at random."""
    assert isinstance(view, sub.View)
    pieces: list[sub.Pieces] = []
    lost: list[tuple[int, ...]] = []
    pending: list[tuple[int, ...] | None] = []
    for s in (0, 1):
        shown = view.pieces[s]
        if view.sees(s):
            pieces.append(tuple((c, v) for c, v in shown if v is not None))
            lost.append(tuple(sorted(view.lost_values[s])))
        elif shown or view.lost[s]:
            values = list(sub.VALUES)
            rng.shuffle(values)
            pieces.append(tuple(zip((c for c, _ in shown), values, strict=False)))
            lost.append(tuple(sorted(values[len(shown) : len(shown) + view.lost[s]])))
        else:
            pieces.append(())
            lost.append(())
        pending.append(() if view.setup[s] == "drawing" else None)
    return sub.State(
        view.layout,
        (pieces[0], pieces[1]),
        (lost[0], lost[1]),
        (pending[0], pending[1]),
        view.turn,
    )


def _ultimatek(view: Any, rng: random.Random) -> GameState:
    """Every token the viewer cannot identify (the other hand, the other side's face-down bonuses, the bag and
    the discards) dealt at random from the tokens not in sight, each place keeping its size."""
    assert isinstance(view, TekView)
    me = view.viewer
    index = {h: i for i, h in enumerate(TEK_FIELD.hexes)}
    unknown = list(tek_bonuses.COUNTS)

    def take(kind: str) -> None:
        k = tek_bonuses.KINDS.index(kind)
        unknown[k] = max(0, unknown[k] - 1)

    for kind in view.hand:
        take(kind)
    tokens: dict[tuple[int, int], tuple[str | None, bool]] = {}
    for b in view.bonuses:
        tokens[(b.owner, index[b.hex])] = (b.kind, b.face_up)
        if b.kind is not None:
            take(b.kind)
    blocked = {(1 - s.owner, index[s.hex]) for s in view.stops}
    for _ in blocked:
        take("stop")
    pool = [k for k, n in zip(tek_bonuses.KINDS, unknown, strict=True) for _ in range(n)]
    rng.shuffle(pool)

    def deal(n: int) -> list[str]:
        taken = pool[:n]
        del pool[:n]
        return taken

    pieces = []
    for p in view.pieces:
        at = (p.side, index[p.hex])
        bonus, face_up = "", False
        if at in blocked:
            bonus, face_up = "stop", True
        elif at in tokens:
            known, face_up = tokens[at]
            bonus = known if known is not None else (deal(1) or ["run"])[0]
        pieces.append(tek.Piece(p.side, at[1], p.strength, bonus, face_up, p.moved, p.threw))
    hands = [
        tek_bonuses.counts_of(list(view.hand)) if s == me else tek_bonuses.counts_of(deal(view.hand_sizes[s]))
        for s in (0, 1)
    ]
    bag = tek_bonuses.counts_of(deal(view.bag))
    discard = tek_bonuses.counts_of(pool)
    to_act = -1 if view.to_act is None else view.to_act
    return tek.State(
        pieces=tuple(sorted(pieces)),
        disc=-1 if view.disc is None else index[view.disc],
        to_act=to_act,
        phase=view.phase if view.outcome is None else tek_model.SETUP,
        credits=view.credits,
        hands=(hands[0], hands[1]),
        bag=bag,
        discard=discard,
        score=view.score,
        kickoff=-1 if view.kickoff is None else view.kickoff,
        turns=view.turns,
        cap=view.cap or 0,
        over=view.outcome is not None,
        played=view.played,
    )


DETERMINISE: dict[str, Callable[[Any, random.Random], GameState]] = {
    "ur": _ur,
    "ursuppe": _ursuppe,
    "subulata": _subulata,
    "ultimatek": _ultimatek,
}
"""Per game id: ``determinise(view, rng)`` → a full state agreeing with everything the view shows."""


def determinise(game_id: str, view: Any, rng: random.Random) -> GameState:
    """A full state consistent with ``view``, its hidden part sampled with ``rng``."""
    return DETERMINISE[game_id](view, rng)
