"""The lines of a member's own messages only (their private view, the ping in their DMs), never the match's
public posts: their standing orders in the match, and why they are asked after all (issue 36: it tells what
they planned or chose)."""

from __future__ import annotations

from bot.app.i18n import t
from bot.app.matches import Match, MatchService
from bot.app.orders import book_for
from bot.app.orders.words import orders_words
from bot.app.telling.stand_in_words import asked_line


async def asked_text(service: MatchService, match_id: int, user_id: int, lang: str) -> str:
    """``"\\n"`` and the line saying why ``user_id`` is asked the open decision, or "" when nothing stopped."""
    stopped = await service.asked_why(match_id, user_id)
    return "" if stopped is None else "\n" + asked_line(lang, stopped.why, stopped.words)


async def orders_text(service: MatchService, match: Match, user_id: int, lang: str) -> str:
    """``"\\n"`` and the member's standing orders in ``match``, or "" when they left none."""
    if match.seat_of(user_id) is None or book_for(match.game.id) is None:
        return ""
    orders = await service.standing_orders(match.id, user_id)
    if not orders:
        return ""
    return "\n" + t(lang, "orders.private", orders=orders_words(match.game.id, orders, lang, "; "))


async def own_text(service: MatchService, match: Match, user_id: int, lang: str) -> str:
    """What a private view adds for ``user_id`` alone: their orders, then why they are asked ("" for none)."""
    return await orders_text(service, match, user_id, lang) + await asked_text(service, match.id, user_id, lang)
