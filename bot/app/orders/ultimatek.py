"""Ultima-Tek's standing orders: the routine ends of a turn, with "but ask me if …" stops.

Orders (values in brackets):

- ``reveal`` [bonus kinds]: a face-down bonus of mine of one of these kinds is revealed (phase 1); a face-down
  bonus of another kind, the member is asked about;
- ``bonuses`` [bonus kinds]: my bonus phase (phase 3) ends by itself, unless my hand holds one of these kinds
  that I may place, then I am asked; once I have placed them, it ends: "end my actions after the bonuses I
  chose".

Stops: ``threat`` (an opponent piece carrying a face-down bonus, a possible Stop, shares a hex with a piece of
mine), ``blocked`` (a piece of mine lies under the opponent's Stop).
"""

from __future__ import annotations

from typing import Any, Final

from bot.app.i18n import t
from bot.app.orders.base import Order, OrderBook, OrderKind
from games.base import GameState, Seat
from games.ultimatek.bonuses import KINDS
from games.ultimatek.model import BONUS, END, REVEAL, Action
from games.ultimatek.state import State

STOPS: Final = ("blocked", "threat")


def _tek(state: GameState) -> State | None:
    return state if isinstance(state, State) else None


def _reveal(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _tek(state)
    if s is None or s.phase != REVEAL or s.to_act != seat:
        return None
    hidden = [p for p in s.pieces if p.side == seat and p.bonus and not p.face_up]
    if not hidden or hidden[0].bonus not in order.values:
        return None
    return Action("reveal", hidden[0].hex)


def _bonuses(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _tek(state)
    if s is None or s.phase != BONUS or s.to_act != seat:
        return None
    if any(m.verb == "place" and m.kind in order.values for m in s.decisions):
        return None  # a bonus the member keeps for themselves can be placed: ask
    return END


def threat(state: GameState, seat: Seat, move: Any) -> bool:
    """An opponent piece with a face-down bonus (it may be a Stop) shares a hex with a piece of ``seat``."""
    s = _tek(state)
    if s is None:
        return False
    mine = {p.hex for p in s.pieces if p.side == seat}
    return any(p.side != seat and p.bonus and not p.face_up and p.hex in mine for p in s.pieces)


def blocked(state: GameState, seat: Seat, move: Any) -> bool:
    """A piece of ``seat`` is blocked by the opponent's Stop."""
    s = _tek(state)
    return s is not None and any(p.side == seat and p.blocked for p in s.pieces)


BOOK: Final = OrderBook(
    kinds=(
        OrderKind("reveal", _reveal, values=KINDS, pick=(1, len(KINDS)), stops=STOPS, default_values=KINDS),
        OrderKind("bonuses", _bonuses, values=KINDS, pick=(0, len(KINDS)), stops=STOPS),
    ),
    stops={"threat": threat, "blocked": blocked},
)
"""Ultima-Tek's book of standing orders."""


def value_words(lang: str, kind: str, value: str) -> str:
    """An order's value in words: a bonus kind's name, without its explanation."""
    return t(lang, f"kind.ultimatek.{value}").split(" (")[0]
