"""A member's statistics in words (:mod:`bot.app.stats`): their answer times, exact for themselves and rounded
for others (nothing when hidden or too few), and their dice per game against expectation with the chance of a
run that unlucky."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Final

from bot.app.i18n import t
from bot.app.matches import MatchService
from bot.app.stats.answers import rounded
from bot.app.stats.dice import reader_of
from bot.app.stats.luck import Luck
from bot.shell.history.ratings import game_label

EVEN: Final = 0.25
"""A run more likely than this is told as "about what to expect" rather than as odds."""


def duration_words(span: timedelta, lang: str) -> str:
    """A span in the unit that reads best: minutes under an hour, hours under two days, then days."""
    seconds = int(span.total_seconds())
    if seconds < 3600:
        return t(lang, "pace.minutes", count=max(1, round(seconds / 60)))
    if seconds < 2 * 86400:
        return t(lang, "timeoff.hours", hours=round(seconds / 3600))
    return t(lang, "timeoff.days", days=round(seconds / 86400))


def odds_words(chance: float) -> str:
    """``chance`` as the N of "1 in N", grouped by thousands."""
    odds = 1 / chance if chance > 0 else float("inf")
    return "∞" if odds > 1e15 else f"{round(odds):,}".replace(",", "\u202f")


def expected_words(expected: float, lang: str) -> str:
    """An expected total as a whole number when it is one (to a tenth), else to one decimal, with the
    language's decimal mark (half of 13 kick-offs is 6.5, not 6)."""
    if abs(expected - round(expected)) < 0.05:
        return str(round(expected))
    return f"{expected:.1f}".replace(".", t(lang, "profile.dice.decimal_mark"))


def luck_line(game: str, luck: Luck, lang: str) -> str:
    """One game's dice in words (the line its reader names: what a game counts is its own)."""
    reader = reader_of(game)
    line = t(
        lang,
        reader.line if reader is not None else "profile.dice.line",
        game=game_label(game, lang),
        rolls=luck.rolls,
        matches=luck.matches,
        total=luck.total,
        expected=expected_words(luck.expected, lang),
    )
    if luck.chance > EVEN:
        verdict = t(lang, "profile.dice.even")
    else:
        verdict = t(
            lang, "profile.dice.unlucky" if luck.unlucky else "profile.dice.lucky", odds=odds_words(luck.chance)
        )
    return f"{line} {verdict}"


async def stats_fields(service: MatchService, viewer_id: int, user_id: int, lang: str) -> list[tuple[str, str]]:
    """The fields (name, text) of a member's statistics as ``viewer_id`` may read them."""
    fields = []
    figures = await service.answer_figures(user_id)
    if figures is not None:
        step = rounded(figures)
        hidden = await service.answer_time_hidden(user_id)
        if viewer_id == user_id:
            key = "own_hidden" if hidden else "own" if step is not None else "own_slow"
            text = t(
                lang,
                f"profile.answers.{key}",
                count=figures.count,
                median=duration_words(figures.median, lang),
                p90=duration_words(figures.p90, lang),
                rounded=duration_words(step or timedelta(), lang),
            )
            fields.append((t(lang, "profile.answers"), text))
        elif not hidden:
            text = (
                t(lang, "profile.answers.others", rounded=duration_words(step, lang))
                if step is not None
                else t(lang, "profile.answers.others_slow")
            )
            fields.append((t(lang, "profile.answers"), text))
    dice = await service.dice_luck(user_id)
    if dice:
        fields.append(
            (t(lang, "profile.dice"), "\n".join(luck_line(g, luck, lang) for g, luck in sorted(dice.items())))
        )
    return fields


async def rounded_answers(service: MatchService, user_ids: Sequence[int], lang: str) -> dict[int, str]:
    """What others may read of each member's answer time, in words ("3 hours"), for those who have a figure and
    did not hide it (an event's sign-up card lists them)."""
    found = {}
    for user_id in user_ids:
        if await service.answer_time_hidden(user_id):
            continue
        figures = await service.answer_figures(user_id)
        if figures is None:
            continue
        step = rounded(figures)
        found[user_id] = (
            t(lang, "event.card.answers_within", span=duration_words(step, lang))
            if step is not None
            else t(lang, "event.card.answers_slow")
        )
    return found
