"""A reply plan's second page, in a game whose reply plans reach further than the form's first page (Variante 3's
placements: all of the member's placements after the next): the third and fourth turns of the line shown, each
for any reply (:meth:`bot.app.plans.desk.PlanForm.deeper`), picked in menus ``x`` and ``y``; the draft keeps them
as the line's fifth and sixth numbers (:mod:`.draft`)."""

from __future__ import annotations

import discord

from bot.app.i18n import t
from bot.app.plans.desk import PlanForm
from bot.app.plans.turns import ANY
from bot.shell.plans.draft import Draft, Line, deeper_moves
from bot.shell.plans.words import reply_words, said

PARTS = ("x", "y")
"""The menus of the third and the fourth turn."""
MAX_OPTIONS = 25


def levels_of(form: PlanForm, line: Line) -> tuple[list[tuple[str, ...]], list[str]]:
    """The moves on offer at each turn after the line's second, and those the line picks there."""
    if len(line) < 4 or form.reply_depth <= 2 or line[0] >= len(form.choices):
        return [], []
    choice = form.choices[line[0]]
    answers = form.answers(choice.when)
    if line[1] >= len(answers):
        return [], []
    replies = form.turn_after(choice, answers[line[1]])
    if line[2] >= len(replies):
        return [], []
    second = replies[line[2]]
    seconds = form.answers_at(second)
    if line[3] >= len(seconds):
        return [], []
    picks = deeper_moves(form, choice, answers[line[1]], second, seconds[line[3]], line[4:])
    return form.deeper(choice, answers[line[1]], second, seconds[line[3]], picks), picks


def deeper_pick(draft: Draft, part: str, number: int) -> Draft:
    """The draft once menu ``part`` of the page picked ``number`` (0 "ask me": the turn and those after it ask)."""
    line = next((line for line in draft.lines if line[0] == draft.pending), None)
    if line is None or len(line) < 4 or part not in PARTS:
        return draft
    level = PARTS.index(part)
    if level > len(line) - 4:
        return draft
    changed = line[: 4 + level] + ((number - 1,) if number > 0 else ())
    lines = tuple(changed if other is line else other for other in draft.lines)
    return Draft(lines=lines, pending=draft.pending, page=draft.page)


Menu = tuple[str, list[discord.SelectOption], str]
"""A menu of the page: its part, its options and its placeholder."""


def page_content(form: PlanForm, line: Line, other: str, lang: str) -> tuple[str, list[Menu]]:
    """The second page's text and its menus, one per turn up to the first left to "ask me"."""
    levels, picks = levels_of(form, line)
    anyway = next((c for c in form.choices if c.when == ANY), None)
    at = anyway.at if anyway is not None else form.known
    words = reply_words(form, at, ANY, lang)
    parts = [t(lang, "plan.deeper_head", id=form.match.id, name=other, reply=words)]
    menus: list[Menu] = []
    for level, moves in enumerate(levels[: len(PARTS)]):
        picked = picks[level] if level < len(picks) else None
        turn = level + 3
        shown = said(form, at, picked, lang) if picked is not None else t(lang, "plan.ask_me")
        parts.append(t(lang, "plan.deeper_line", turn=turn, move=shown))
        # "Ask me" here leaves the turns after it to ask too.
        options = [discord.SelectOption(label=t(lang, "plan.second_none")[:100], value="0", default=picked is None)]
        options += [
            discord.SelectOption(label=said(form, at, move, lang)[:100], value=str(i), default=move == picked)
            for i, move in enumerate(moves[: MAX_OPTIONS - 1], 1)
        ]
        placeholder = t(lang, "plan.deeper_menu", turn=turn)
        menus.append((PARTS[level], options, placeholder))
        if picked is None:
            break
    return "\n".join(parts), menus
