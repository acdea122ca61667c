"""Why a member is asked after all (issue 36): one line for their own messages only, the ping in their DMs and
their private view, never the match's public posts (it tells what they planned or chose)."""

from __future__ import annotations

from bot.app.matches import MatchService
from bot.app.telling.stand_in_words import asked_line


async def asked_text(service: MatchService, match_id: int, user_id: int, lang: str) -> str:
    """``"\\n"`` and the line saying why ``user_id`` is asked the open decision, or "" when nothing stopped."""
    stopped = await service.asked_why(match_id, user_id)
    return "" if stopped is None else "\n" + asked_line(lang, stopped.why, stopped.words)
