"""A match's pace in words: its turn limit with whether it is played live or by post ("2 minutes a turn, live",
"48 hours a turn, by post"), for the pace switch's question, its answers and its log line."""

from __future__ import annotations

from bot.app.clocks.deadlines import is_live
from bot.app.i18n import t

DAY = 86400
HOUR = 3600


def span_words(seconds: int, lang: str) -> str:
    """A limit in the unit the choices name it in (:data:`bot.app.clocks.deadlines.DEADLINE_CHOICES`): whole days beyond
    three days ("7 days"), else whole hours ("48 hours", "72 hours"), else minutes."""
    if seconds % DAY == 0 and seconds > 3 * DAY:
        return t(lang, "pace.days", count=seconds // DAY)
    if seconds % HOUR == 0:
        return t(lang, "pace.hours", count=seconds // HOUR)
    return t(lang, "pace.minutes", count=max(1, seconds // 60))


def pace_text(limit: int | None, lang: str) -> str:
    """The pace of a match whose turns get ``limit`` seconds (None: no time limit), in words."""
    if limit is None:
        return t(lang, "pace.none")
    return t(lang, "pace.live" if is_live(limit) else "pace.post", span=span_words(limit, lang))
