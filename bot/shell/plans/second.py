"""Ultima-Tek's plan form two turns deep: the draft's second turns and the order that ends them (the second page
itself is drawn in :mod:`.flow`). A line of a turn plan's draft with a second turn reads ``turn-answer-order-second``
(:mod:`.draft`); the second turns are those :meth:`bot.app.plans.desk.PlanDesk.second_turns` offers after the
line's turn, which a match version fixes."""

from __future__ import annotations

from bot.app.plans.desk import PlanDesk, PlanForm
from bot.app.plans.model import Branch
from bot.app.plans.turns import ANY, tail
from bot.shell.plans.draft import Draft, branches_of


def pending_line(form: PlanForm, draft: Draft) -> tuple[int, ...] | None:
    """The line of the reply (or opponent turn) the form shows, once its answer is picked."""
    if draft.pending is None or draft.pending >= len(form.choices):
        return None
    return next((line for line in draft.lines if line[0] == draft.pending), None)


def second_pick(draft: Draft, part: str, number: int) -> Draft:
    """A turn plan's draft once the second page's menu picked ``number``: ``b`` the second turn (0 none, k the
    k-th offered), ``v`` the order that ends it (1 keep it, else ask)."""
    line = next((line for line in draft.lines if line[0] == draft.pending), None)
    if line is None:
        return draft
    keep, second = (line[2], line[3]) if len(line) == 4 else (0, -1)
    if part == "b":
        second = number - 1
    else:
        keep = 1 if number == 1 else 0
    changed = (line[0], line[1], keep, second) if second >= 0 else line[:2]
    lines = tuple(changed if other is line else other for other in draft.lines)
    return Draft(lines=lines, pending=draft.pending, page=draft.page)


async def with_seconds(desk: PlanDesk, form: PlanForm, draft: Draft) -> Draft:
    """A turn plan's first draft with the second turns its pre-filled lines name (unrated: the order that ends
    them offered kept)."""
    if not form.second:
        return draft
    prefill = {b.when: b for b in form.prefill}
    keep = 0 if form.rated or form.order_kept else 1
    lines = []
    for line in draft.lines:
        choice = form.choices[line[0]]
        branch = prefill.get(choice.when)
        seconds = tail(branch) if branch is not None else ()
        if branch is not None and seconds:
            offers = await desk.second_turns(form, choice.when, branch.play)
            if seconds[0].play in offers:
                line = (line[0], line[1], keep, offers.index(seconds[0].play))
        lines.append(line)
    pending = lines[0][0] if lines and draft.pending is None else draft.pending
    return Draft(lines=tuple(lines), pending=pending)


async def turn_branches(desk: PlanDesk, form: PlanForm, draft: Draft) -> tuple[tuple[Branch, ...], bool]:
    """A turn plan's branches the draft says, each line's second turn too, and whether the member keeps the
    order that ends a second turn."""
    found = []
    keep = False
    for branch, line in zip(branches_of(form, draft), _read_lines(form, draft), strict=True):
        if len(line) == 4 and line[3] >= 0:
            offers = await desk.second_turns(form, branch.when, branch.play)
            if line[3] < len(offers):
                branch = Branch(branch.when, branch.play, (Branch(ANY, offers[line[3]]),))
                keep = keep or line[2] == 1
        found.append(branch)
    return tuple(found), keep


def _read_lines(form: PlanForm, draft: Draft) -> list[tuple[int, ...]]:
    """The draft's lines :func:`branches_of` keeps, in its order."""
    return [
        line
        for line in draft.lines
        if line[0] < len(form.choices) and line[1] < len(form.answers(form.choices[line[0]].when))
    ]
