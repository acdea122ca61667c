"""A member's own time-off settings in ``/plateau settings``: automatic vacation, their time zone (for a weekend
pause and the times they are shown) and whether others see their usual answer time."""

from __future__ import annotations

from typing import Final

from discord.app_commands import locale_str

from bot.app.i18n import t
from bot.app.matches import MatchError, MatchService
from bot.app.stats.answers import HIDE_ANSWER_TIME
from bot.app.timeoff.weekends import ZONE_PREF, check_zone
from bot.shell.timeoff.notices import span_words
from bot.shell.translator import opt

TIME_OFF_OPTIONS: Final[dict[str, tuple[locale_str, locale_str]]] = {
    "auto_vacation": opt("auto_vacation", "Spend your vacation allowance by itself when a deadline would pass"),
    "time_zone": opt("time_zone", "Your time zone, like Europe/Paris (for weekend pauses)"),
    "answer_time": opt("answer_time", "Show others how soon you usually answer (rounded)"),
}


async def time_off_settings(
    service: MatchService,
    user_id: int,
    lang: str,
    auto_vacation: bool | None,
    time_zone: str | None,
    answer_time: bool | None,
) -> list[str]:
    """Apply the caller's changes and return the lines that tell their time-off settings.

    Raises:
        MatchError: ``timeoff_zone`` (a time zone that does not exist).
    """
    if time_zone is not None:
        try:
            zone = check_zone(time_zone)
        except ValueError:
            raise MatchError("timeoff_zone", zone=time_zone[:40]) from None
        await service.set_user_pref(user_id, ZONE_PREF, zone)
    if auto_vacation is not None:
        await service.set_auto_vacation(user_id, auto_vacation)
    if answer_time is not None:
        await service.set_user_pref(user_id, HIDE_ANSWER_TIME, None if answer_time else "hidden")
    left = span_words(await service.allowance(user_id), lang)
    auto = "on" if await service.auto_vacation(user_id) else "off"
    kept = await service.user_pref(user_id, ZONE_PREF)
    hidden = await service.user_pref(user_id, HIDE_ANSWER_TIME) == "hidden"
    return [
        t(lang, f"settings.auto_vacation.{auto}", left=left),
        t(lang, "settings.zone.set", zone=kept) if kept else t(lang, "settings.zone.unset"),
        t(lang, "settings.answer_time.hidden" if hidden else "settings.answer_time.shown"),
    ]
