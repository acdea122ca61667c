"""The order stand-in: plays a member's standing orders (:mod:`bot.app.orders`) for the routine steps of the
rich games, unless one of the order's "but ask me if …" stops fires."""

from __future__ import annotations

from typing import Any

from bot.app.matches.model import Match, Stopped
from bot.app.orders import book_for, decode
from bot.app.storage import Store
from games.base import GameState, Seat


class OrderStandIn:
    """Asked second, after the member's plan: the move the member's standing orders make here, if any."""

    name = "order"

    async def choose(self, store: Store, match: Match, state: GameState, seat: Seat, user_id: int) -> Any | None:
        """The move of the first of ``user_id``'s orders that applies at ``(state, seat)``; None when the game has
        no standing orders, the member left none or none applies; :class:`Stopped` (``order.<stop>``) when an order
        would have played but its stop fired (or its move is not legal here)."""
        book = book_for(match.game.id)
        if book is None:
            return None
        text = await store.load_orders(match.id, user_id)
        if not text:
            return None
        move, stop = book.decide(decode(text), state, seat)
        return Stopped(f"order.{stop}") if stop is not None else move


ORDERS = OrderStandIn()
