"""Standing orders with auto-stop (issue 36): routine choices a member leaves for one match, played for them by
the order stand-in (:mod:`bot.app.standins.orders`) unless one of their "but ask me if …" stops fires.

Each game with routine steps has a book of orders (:class:`~bot.app.orders.base.OrderBook`) in its own module
here; :data:`ORDER_BOOKS` finds it by game id, so shared code never names a game. A new game adds a module and a
line below. :mod:`bot.app.orders.standing` sets, reads and cancels a member's orders in a match.
"""

from __future__ import annotations

from typing import Final

from bot.app.orders import ultimatek, ursuppe
from bot.app.orders.base import MAX_TEXT, Order, OrderBook, OrderError, OrderKind, decode, encode
from games import ultimatek as ultimatek_rules
from games import ursuppe as ursuppe_rules

__all__ = [
    "MAX_TEXT",
    "ORDER_BOOKS",
    "Order",
    "OrderBook",
    "OrderError",
    "OrderKind",
    "book_for",
    "decode",
    "encode",
]

ORDER_BOOKS: Final[dict[str, OrderBook]] = {
    ursuppe_rules.INFO.id: ursuppe.BOOK,
    ultimatek_rules.INFO.id: ultimatek.BOOK,
}
"""The book of standing orders of each game that has one, by game id."""


def book_for(game_id: str) -> OrderBook | None:
    """The book of orders of ``game_id``, or None when the game has no standing orders."""
    return ORDER_BOOKS.get(game_id)
