"""Check-in and late entry in words (no I/O): the card's check-in field and what a missed round counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.app.events import Event, format_of
from bot.app.i18n import t
from bot.shell.events.text import points_text

NOT_HERE_LISTED: Final = 30
"""Members named as not here yet on the card; more are counted."""


def checkin_field(event: Event, lang: str, names: Mapping[int, str]) -> tuple[str, str]:
    """The card's check-in field while check-in is open: how many are here, and who is not yet."""
    here = sum(1 for p in event.players if p.checked_in)
    missing = [names.get(p.user_id) or f"<@{p.user_id}>" for p in event.players if not p.checked_in]
    title = t(lang, "event.card.checked_in", here=here, count=len(event.players))
    if not missing:
        return title, t(lang, "event.card.all_here")
    shown = ", ".join(missing[:NOT_HERE_LISTED])
    extra = len(missing) - NOT_HERE_LISTED
    if extra > 0:
        shown += t(lang, "event.card.more", count=extra)
    return title, t(lang, "event.card.not_here", names=shown)[:1024]


def missed_round_text(event: Event, half: bool, lang: str) -> str:
    """What each round a late entrant missed counts, in the event's points: "0 points", "0.5 points", or at
    tables "30 points" (half a table win)."""
    whole = format_of(event.format).win_points
    return points_text(whole / 2 if half else 0, lang)
