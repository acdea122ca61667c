"""A plan being filled in, carried in the custom ids of its menus and buttons (so it survives a restart): what
each roll plays, or the reply lines made so far and the reply whose answer is being picked.

Roll plans: one number per roll on offer, ``0`` for "ask me", ``k`` for the k-th move of that roll
(``2.0.1``). Reply plans: the reply being answered (its number, or nothing), then ``_``, then each line as
``reply-answer`` (``3_1-2.4-1``). Numbers index the lists of the form (:class:`bot.app.plans.desk.PlanForm`),
which a match version fixes.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.app.plans.desk import Choice, PlanForm
from bot.app.plans.model import Branch

MAX_LINES = 5
"""Reply lines the menus keep (a plan typed as a whole may hold more)."""


@dataclass(frozen=True, slots=True)
class Draft:
    """Picks so far: for a roll plan, a move number per roll; for a reply plan, the lines and the reply pending."""

    picks: tuple[int, ...] = ()
    lines: tuple[tuple[int, int], ...] = ()
    pending: int | None = None

    def code(self, keyed: str) -> str:
        """The draft as its custom-id text."""
        if keyed == "roll":
            return ".".join(map(str, self.picks))
        pending = "" if self.pending is None else str(self.pending)
        return pending + "_" + ".".join(f"{r}-{a}" for r, a in self.lines)

    @staticmethod
    def read(keyed: str, code: str) -> Draft:
        """The draft of a custom id's text (a damaged one reads as empty)."""
        try:
            if keyed == "roll":
                return Draft(picks=tuple(int(p) for p in code.split(".") if p))
            head, _, rest = code.partition("_")
            lines = tuple((int(r), int(a)) for r, a in (line.split("-") for line in rest.split(".") if line))
            return Draft(lines=lines[:MAX_LINES], pending=int(head) if head else None)
        except ValueError:
            return Draft()


def draft_of(form: PlanForm) -> Draft:
    """The draft the form starts from: its pre-filled branches (the judge's, or the member's standing plan)."""
    prefill = {b.when: b.play for b in form.prefill}
    if form.keyed == "roll":
        return Draft(picks=tuple(_index(c.moves, prefill.get(c.when)) for c in form.choices))
    lines = []
    for r, choice in enumerate(form.choices):
        if choice.when in prefill:
            a = _index(form.answers(choice.when), prefill[choice.when])
            if a:
                lines.append((r, a - 1))
    return Draft(lines=tuple(lines[:MAX_LINES]))


def branches_of(form: PlanForm, draft: Draft) -> tuple[Branch, ...]:
    """The plan's branches the draft says (rolls left to "ask me" and unreadable picks are left out)."""
    if form.keyed == "roll":
        found = []
        for choice, pick in zip(form.choices, draft.picks, strict=False):
            if 0 < pick <= len(choice.moves):
                found.append(Branch(choice.when, choice.moves[pick - 1]))
        return tuple(found)
    lines = []
    for r, a in draft.lines:
        if r < len(form.choices):
            answers = form.answers(form.choices[r].when)
            if a < len(answers):
                lines.append(Branch(form.choices[r].when, answers[a]))
    return tuple(lines)


def _index(moves: tuple[str, ...], move: str | None) -> int:
    return moves.index(move) + 1 if move in moves else 0


def reply_of(form: PlanForm, index: int) -> Choice | None:
    """The reply numbered ``index`` in the form, if there is one."""
    return form.choices[index] if 0 <= index < len(form.choices) else None
