"""Standing orders as data (issue 36): what an order is, how a game's book of orders checks and plays them.

An order is a routine choice a member leaves for one match ("drift with the current", "buy no gene unless one
of these is on offer", "end my bonus phase"), with "but ask me if …" stops. Each game that has routine steps
fills an :class:`OrderBook`; :data:`bot.app.orders.ORDER_BOOKS` finds it by game id. A book is pure: it reads the
position and the member's orders and offers a legal move, or None to ask the member.

Orders are kept as one short text per member and match (:func:`encode`, :func:`decode`), checked against the
game's book on the way in and on the way out, and bounded: at most one order of each kind, a few values each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from games.base import GameState, Seat

MAX_VALUES: Final = 8
"""At most this many values (genes, bonus kinds …) in one order."""
MAX_TEXT: Final = 600
"""The stored text of a member's orders in one match is never longer than this."""


class OrderError(ValueError):
    """An order the game's book refuses (unknown kind, value or stop; too many values); ``key`` names the
    refusal in the catalog (``match_error.orders_*``)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True, order=True)
class Order:
    """One standing order of a member: its ``kind``, its ``values`` (sorted) and its ``stops`` (sorted)."""

    kind: str
    values: tuple[str, ...] = ()
    stops: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OrderKind:
    """What a game offers for one kind of order: the values it may take and the stops it may carry.

    ``values``: the allowed values (empty: the order takes none); ``pick``: how many values at least and at most;
    ``stops``: the "ask me if …" conditions this order may carry; ``play``: the move the order makes at
    ``(state, seat)``, or None when the order has nothing to say there (not its step, or a value tells to ask).
    """

    name: str
    play: Callable[[GameState, Seat, Order], Any | None]
    values: tuple[str, ...] = ()
    pick: tuple[int, int] = (0, 0)
    stops: tuple[str, ...] = ()
    default_values: tuple[str, ...] = ()
    default_stops: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OrderBook:
    """A game's standing orders and stops (see the module docstring).

    ``stops`` maps each stop's name to its test: true when, at ``(state, seat)``, the member wants to be asked
    (then no order plays); ``move`` is the move the order is about to play, for stops that look ahead.
    """

    kinds: tuple[OrderKind, ...]
    stops: dict[str, Callable[[GameState, Seat, Any], bool]] = field(default_factory=dict)
    defer: dict[str, str] = field(default_factory=dict)
    """Stops that hand the decision to another order of the member's instead of asking: stop name → the kind of
    order that decides when the stop fires (asked only when the member keeps none of that kind, or when that order
    has nothing to play or its own stop fires)."""

    def kind(self, name: str) -> OrderKind:
        """The kind ``name``; OrderError ``orders.refused.kind`` when the game has none of that name."""
        for kind in self.kinds:
            if kind.name == name:
                return kind
        raise OrderError("orders_kind", kind=name[:40])

    def check(self, order: Order) -> Order:
        """``order`` with its values and stops sorted and unique, once the book accepts it.

        Raises:
            OrderError: an unknown kind, value or stop, or too few or too many values.
        """
        kind = self.kind(order.kind)
        values = tuple(sorted(set(order.values)))
        stops = tuple(sorted(set(order.stops)))
        for value in values:
            if value not in kind.values:
                raise OrderError("orders_value", value=value[:40])
        for stop in stops:
            if stop not in kind.stops:
                raise OrderError("orders_stop", stop=stop[:40])
        low, high = kind.pick
        if not low <= len(values) <= min(high, MAX_VALUES):
            raise OrderError("orders_count", low=low, high=min(high, MAX_VALUES))
        return Order(kind.name, values, stops)

    def choose(self, orders: Iterable[Order], state: GameState, seat: Seat) -> Any | None:
        """The move the member's ``orders`` play at ``(state, seat)``: the first order with a move for this
        step, unless one of its stops fires or the move is not legal; None to ask the member."""
        return self.decide(orders, state, seat)[0]

    def decide(self, orders: Iterable[Order], state: GameState, seat: Seat) -> tuple[Any | None, str | None]:
        """As :meth:`choose`, with why the member is asked when an order would have played: the name of the stop
        that fired, or ``illegal`` when the order's move is not legal here (None: no order applies)."""
        move, stop, _ = self.decider(orders, state, seat)
        return move, stop

    def decider(
        self, orders: Iterable[Order], state: GameState, seat: Seat
    ) -> tuple[Any | None, str | None, str | None]:
        """As :meth:`decide`, with the kind of the order that decided (played, or asked by its stop; None when
        no order applies). A stop in :attr:`defer` hands the decision to the member's order of the kind it
        names, whose own stops and legality then decide."""
        legal = state.legal_moves(seat)
        if not legal:
            return None, None, None
        kept = tuple(orders)
        for order in kept:
            move, stop = self._one(order, state, seat, legal)
            if move is None and stop is None:
                continue
            handed = next((o for o in kept if o.kind == self.defer.get(stop or "")), None)
            if handed is not None and handed is not order:
                other, why = self._one(handed, state, seat, legal)
                if other is not None or why is not None:
                    return other, why, handed.kind
            return move, stop, order.kind
        return None, None, None

    def _one(self, order: Order, state: GameState, seat: Seat, legal: Any) -> tuple[Any | None, str | None]:
        """What ``order`` alone does: its move, or the stop that fired (``illegal``: its move is not legal)."""
        try:
            kind = self.kind(order.kind)
        except OrderError:
            return None, None  # a kind the game no longer offers (orders stored before a change): never played
        move = kind.play(state, seat, order)
        if move is None:
            return None, None
        if move not in legal:
            return None, "illegal"
        fired = next((stop for stop in order.stops if stop in self.stops and self.stops[stop](state, seat, move)), None)
        return (None, fired) if fired is not None else (move, None)


def encode(orders: Iterable[Order]) -> str:
    """The stored text of a member's orders: ``kind:value,value:stop,stop`` joined by ``;``, in kind order."""
    text = ";".join(f"{o.kind}:{','.join(o.values)}:{','.join(o.stops)}" for o in sorted(orders))
    if len(text) > MAX_TEXT:
        raise OrderError("orders_long")
    return text


def decode(text: str) -> tuple[Order, ...]:
    """The orders of a stored text (:func:`encode`); an empty text has none. Malformed parts are skipped (the
    book checks every order again before playing it)."""
    found = []
    for part in text[:MAX_TEXT].split(";"):
        pieces = part.split(":")
        if len(pieces) != 3 or not pieces[0]:
            continue
        kind, values, stops = pieces
        found.append(Order(kind, tuple(v for v in values.split(",") if v), tuple(s for s in stops.split(",") if s)))
    return tuple(found)


def merged(book: OrderBook, current: Iterable[Order], order: Order) -> tuple[Order, ...]:
    """The member's orders once ``order`` (checked by ``book``) replaces the order of its kind, if any."""
    checked = book.check(order)
    return tuple(sorted([o for o in current if o.kind != checked.kind] + [checked]))


def without(current: Iterable[Order], kind: str | None) -> tuple[Order, ...]:
    """The member's orders without the one of ``kind`` (None: without any)."""
    return () if kind is None else tuple(o for o in current if o.kind != kind)
