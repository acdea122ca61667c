"""The words of standing orders, for their member only (the orders panel and their private view): each order
with its values and its "but ask me if …" stops, in the member's language; and, for an order that costs more
than a point of winning chance a match as measured (``bench/bench_order_cost.py``), what it costs.

The values of an order are named per game (:data:`VALUE_WORDS`, by game id: Ursuppe's genes, Ultima-Tek's bonus
kinds); the kinds and stops have catalog keys ``orders.kind.<game>.<kind>`` and ``orders.stop.<stop>``, an
order's measured cost ``orders.cost.<game>.<kind>`` (only where it passes a point).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from bot.app.i18n import has, t
from bot.app.orders import book_for, ultimatek, ursuppe
from bot.app.orders.base import Order
from games import ultimatek as ultimatek_rules
from games import ursuppe as ursuppe_rules

VALUE_WORDS: Final[dict[str, Callable[[str, str, str], str]]] = {
    ursuppe_rules.INFO.id: ursuppe.value_words,
    ultimatek_rules.INFO.id: ultimatek.value_words,
}
"""How each game names an order's values: ``(lang, kind, value)`` → words."""


def kind_label(game_id: str, kind: str, lang: str) -> str:
    """The name of an order kind (short, for a menu)."""
    return t(lang, f"orders.kind.{game_id}.{kind}")


def cost_note(game_id: str, kind: str, lang: str) -> str | None:
    """What the order costs in winning chance, in a short line (at most 100 characters: a menu option's
    description), for an order measured to cost more than a point a match; None for the others."""
    key = f"orders.cost.{game_id}.{kind}"
    return t(lang, key)[:100] if has(lang, key) else None


def value_label(game_id: str, kind: str, value: str, lang: str) -> str:
    """The name of one value of an order."""
    words = VALUE_WORDS.get(game_id)
    return value if words is None else words(lang, kind, value)


def stop_label(stop: str, lang: str) -> str:
    """The words of one "ask me if …" stop."""
    return t(lang, f"orders.stop.{stop}")


def order_line(game_id: str, order: Order, lang: str, kept: Iterable[str] = ()) -> str:
    """One order in words: its kind, its values, then "but ask me if" its stops; a stop that hands the decision
    to another order the member keeps (the kinds in ``kept``) says which decides instead of asking."""
    line = kind_label(game_id, order.kind, lang)
    book = book_for(game_id)
    if order.values:
        line += t(
            lang, "orders.values", values=", ".join(value_label(game_id, order.kind, v, lang) for v in order.values)
        )
    elif book is not None and any(k.name == order.kind and k.values for k in book.kinds):
        line += t(lang, "orders.values", values=t(lang, "orders.values.none"))
    defer = {} if book is None else book.defer
    kinds = set(kept) - {order.kind}
    handed = [s for s in order.stops if defer.get(s) in kinds]
    asking = [s for s in order.stops if s not in handed]
    if asking:
        line += t(lang, "orders.stops", stops=t(lang, "orders.or").join(stop_label(s, lang) for s in asking))
    for stop in handed:
        line += t(lang, "orders.handed", stop=stop_label(stop, lang), order=kind_label(game_id, defer[stop], lang))
    return line


def orders_words(game_id: str, orders: Iterable[Order], lang: str, sep: str) -> str:
    """Every order of a member in words, joined by ``sep`` ("" when they have none)."""
    kept = tuple(orders)
    return sep.join(order_line(game_id, order, lang, (o.kind for o in kept)) for order in kept)


def orders_lines(game_id: str, orders: Iterable[Order], lang: str) -> list[str]:
    """Every order of a member, one line each (empty when they have none)."""
    kept = tuple(orders)
    return ["• " + order_line(game_id, order, lang, (o.kind for o in kept)) for order in kept]
