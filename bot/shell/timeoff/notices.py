"""What the channel reads when a deadline passes and the member's allowance steps in (:mod:`bot.app.matches.time_off`):
once per turn that the allowance is being spent hour by hour (how much is left, when the turn now ends), and once
when it ran out (the usual timeout follows at once). Only the late member is pinged: they are the one to come
back; the others read it in the channel.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Protocol

import discord

from bot.app.i18n import t
from bot.app.matches import DueStep, Match, TimeOffSpent
from bot.app.member_text import inert


class Channels(Protocol):
    """What telling a channel needs of the shell's display (:class:`bot.shell.display.Display` has it)."""

    def channel_language(self, match: Match) -> str: ...

    async def text_names(self, match: Match, lang: str = ...) -> list[str]: ...

    async def open_channel(self, channel_id: int) -> discord.PartialMessageable: ...


def span_words(span: timedelta, lang: str) -> str:
    """A span of allowance in days and hours, in words ("29 days 23 hours"; "5 hours")."""
    hours = int(span.total_seconds() // 3600)
    days, hours = divmod(hours, 24)
    if days and hours:
        return t(lang, "timeoff.days_hours", days=days, hours=hours)
    if days:
        return t(lang, "timeoff.days", days=days)
    return t(lang, "timeoff.hours", hours=hours)


async def tell(ui: Channels, step: DueStep, spent: TimeOffSpent) -> None:
    """Tell the match's channel, once per turn, what the allowance did (nothing when it was told already)."""
    if not spent.tell or spent.kind == "covered":
        return
    match, clock = step.match, step.clock
    lang = ui.channel_language(match)
    name = inert((await ui.text_names(match, lang))[clock.seat])
    if spent.kind == "spent" and spent.deadline is not None:
        text = t(
            lang,
            "timeoff.spending",
            mention=f"<@{clock.user_id}>",
            name=name,
            id=match.id,
            left=span_words(spent.left, lang),
            relative=discord.utils.format_dt(spent.deadline, "R"),
        )
    else:
        text = t(lang, "timeoff.exhausted", mention=f"<@{clock.user_id}>", name=name, id=match.id)
    channel = await ui.open_channel(match.channel_id)
    await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(clock.user_id)]))
