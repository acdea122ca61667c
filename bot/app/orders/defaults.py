"""A member's standing orders as a standing preference (issue 36): default orders per game, kept in
``/plateau settings`` and copied into each new match of that game the member plays, where ``/plateau orders``
changes or cancels them for that match alone.

The defaults are kept in ``user_prefs`` (key ``orders:<game id>``, the text :func:`bot.app.orders.base.encode`
writes). They are copied when the match starts (:func:`copy_defaults`, inside the start's transaction), so the
stand-ins play them from the first decision, a member's later change of their defaults leaves their running
matches as they are, and a match's own orders, once there, always win. Only the member reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from bot.app.orders import ORDER_BOOKS, book_for
from bot.app.orders.base import Order, OrderBook, OrderError, decode, encode
from bot.app.storage import Store

__all__ = ["copy_defaults", "default_orders", "picked_orders", "pref_key", "set_default_orders"]


def pref_key(game_id: str) -> str:
    """The ``user_prefs`` key of a member's default orders for ``game_id``."""
    return f"orders:{game_id}"


def _checked(book: OrderBook, orders: Iterable[Order]) -> tuple[Order, ...]:
    """The orders the book still accepts (a kind or value it dropped since is left out, never played)."""
    kept = []
    for order in orders:
        try:
            kept.append(book.check(order))
        except OrderError:
            continue
    return tuple(sorted(kept))


async def default_orders(store: Store, user_id: int) -> dict[str, tuple[Order, ...]]:
    """The member's default orders of every game that has standing orders (empty where they chose none)."""
    prefs = await store.load_prefs(user_id)
    return {game: _checked(book, decode(prefs.get(pref_key(game), ""))) for game, book in ORDER_BOOKS.items()}


def picked_orders(book: OrderBook, current: Iterable[Order], kinds: Sequence[str]) -> tuple[Order, ...]:
    """The default orders once the member picked ``kinds`` in the menu: an order they kept stays as it was (its
    values and stops), a new one comes with the book's usual values and stops.

    Raises:
        OrderError: a kind the book does not offer.
    """
    have = {o.kind: o for o in current}
    chosen = []
    for name in dict.fromkeys(kinds):
        kind = book.kind(name)
        chosen.append(have.get(kind.name) or book.check(Order(kind.name, kind.default_values, kind.default_stops)))
    return tuple(sorted(chosen))


async def set_default_orders(
    store: Store, user_id: int, picked: Mapping[str, Sequence[str]], *, now: datetime
) -> dict[str, tuple[Order, ...]]:
    """Keep the member's default orders: for every game with standing orders, the kinds ``picked`` for it (a game
    left out: none). Checked whole before anything is stored.

    Raises:
        OrderError: a game without standing orders, or a kind its book does not offer (nothing stored).
    """
    for game in picked:
        if book_for(game) is None:
            raise OrderError("orders_none")
    current = await default_orders(store, user_id)
    chosen = {game: picked_orders(book, current[game], picked.get(game, ())) for game, book in ORDER_BOOKS.items()}
    texts = {game: encode(orders) for game, orders in chosen.items()}
    for game, text in texts.items():
        await store.set_pref(user_id, pref_key(game), text or None, now=now)
    return chosen


async def copy_defaults(store: Store, match_id: int, game_id: str, members: Iterable[int], *, now: datetime) -> None:
    """Give each of ``members`` (the humans seated in a match that starts) their default orders for ``game_id``
    in that match, unless they have orders there already (inside the caller's transaction)."""
    book = book_for(game_id)
    if book is None:
        return
    for user_id in members:
        prefs = await store.load_prefs(user_id)
        orders = _checked(book, decode(prefs.get(pref_key(game_id), "")))
        if orders and not await store.load_orders(match_id, user_id):
            await store.put_orders(match_id, user_id, encode(orders), now=now)
