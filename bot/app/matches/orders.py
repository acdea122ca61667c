"""Standing orders in a match (issue 36, item 3): a member sets, reads and cancels their own orders; the order
stand-in (:mod:`bot.app.standins.orders`) plays them.

Orders are the member's alone: only they read them, and nothing of them reaches another member but the move
an order plays. Setting an order while the member's seat is to act plays it at once when it applies (as any
stand-in would have, had the order been there when the seat became the one to act).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.app.matches.core import Core, require_seat
from bot.app.matches.model import Match, MatchError, MatchStatus, TurnReport
from bot.app.orders import Order, OrderBook, OrderError, book_for, decode, encode
from bot.app.orders.base import merged, without
from bot.app.seats.acting import Action


@dataclass(frozen=True, slots=True)
class OrdersChange:
    """A member's orders after a change, and the report of the moves they played at once (None: none)."""

    orders: tuple[Order, ...]
    report: TurnReport | None = None


class StandingOrders(Core):
    """Set, read and cancel a member's standing orders in a match."""

    async def standing_orders(self, match_id: int, user_id: int) -> tuple[Order, ...]:
        """``user_id``'s orders in the match (empty when none, or when the game has no standing orders).

        Raises:
            MatchError: ``no_match``, ``not_seated`` (only a member seated in the match reads their orders).
        """
        async with self._store.transaction(immediate=False):
            match = await self._load(match_id)
            require_seat(match, user_id, Action.MOVE)
            return await self._orders(match, user_id)

    async def set_standing_order(self, match_id: int, user_id: int, order: Order) -> OrdersChange:
        """Keep ``order`` for ``user_id`` (replacing their order of the same kind), then play it at once when the
        member's seat is the one to act and the order applies.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``, ``seat_left``, ``orders_none`` (the game
                has no standing orders), ``orders_kind``, ``orders_value``, ``orders_stop``, ``orders_count``,
                ``orders_long`` (the game's book refuses the order; nothing is stored).
        """
        now = self._clock()
        async with self._store.transaction():
            match, book = await self._for_orders(match_id, user_id)
            try:
                orders = merged(book, await self._orders(match, user_id), order)
                text = encode(orders)
            except OrderError as exc:
                raise MatchError(exc.key, **exc.params) from exc
            await self._store.put_orders(match.id, user_id, text, now=now)
            return OrdersChange(orders, await self._play_now(match))

    async def cancel_standing_orders(self, match_id: int, user_id: int, kind: str | None = None) -> OrdersChange:
        """Drop ``user_id``'s order of ``kind`` (None: all of them) in the match.

        Raises:
            MatchError: ``no_match``, ``not_seated``, ``seat_left``.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            require_seat(match, user_id, Action.MOVE)
            orders = without(await self._orders(match, user_id), kind)
            await self._store.put_orders(match.id, user_id, encode(orders), now=now)
            return OrdersChange(orders)

    async def _for_orders(self, match_id: int, user_id: int) -> tuple[Match, OrderBook]:
        match = await self._load(match_id)
        require_seat(match, user_id, Action.MOVE)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        book = book_for(match.game.id)
        if book is None:
            raise MatchError("orders_none")
        return match, book

    async def _orders(self, match: Match, user_id: int) -> tuple[Order, ...]:
        return decode(await self._store.load_orders(match.id, user_id))

    async def _play_now(self, match: Match) -> TurnReport | None:
        """Ask the stand-ins now, as a change would have (the member's new order may apply to the decision they
        are asked); None when nothing was played."""
        now = self._clock()
        state, entries = await self._autoplay(match, match.state, match.version, now)
        if not entries:
            return None
        return await self._conclude(match, match.state, state, entries, now)
