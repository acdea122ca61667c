"""A plan being filled in, named in the custom ids of its menus and buttons (so it survives a restart).

Roll plans (three turns deep, more picks than a custom id holds) keep their draft in the store
(:mod:`bot.app.plans.drafts`): the id carries ``s<token>_<rolls>``, the draft's token and the rolls of the page
shown (:class:`RollDraft`). Forms made before kept the picks in the id and still read, as ``page_picks_after0…``:
the page shown (0 the next turn, k the turn after the k-th planned first move), one number per roll with a choice
(``0`` "ask me", ``k`` the k-th move: ``2.0.1``), then per first move (rolls with a choice, then the rolls that
play themselves) the picks of the turn after; a draft of one turn alone as its picks (``2.0.1``). Reply plans:
the reply being answered and, after a dash, the reply after it being answered (``3`` or ``3-1``, or nothing),
then ``_``, then each line as ``reply-answer`` or ``reply-answer-reply-answer`` (``3_1-2.4-1-0-2``). Turn plans
(Ultima-Tek) read the same, a line with a second turn as ``turn-answer-order-second`` (``order`` 1 when the member
keeps the standing order that ends it, ``second`` the second turn offered), and ``_1`` after the lines when the
form shows its second page (the turn after the planned one). Numbers
index the lists of the form (:class:`bot.app.plans.desk.PlanForm`), which a match version fixes.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.app.plans.desk import Choice, PlanForm
from bot.app.plans.model import Branch
from bot.app.plans.pages import Path
from bot.app.plans.turns import ANY
from bot.shell.numbers import ascii_number

MAX_LINES = 5
"""Reply lines the menus keep (a plan typed as a whole may hold more)."""
MAX_CODE = 66
"""Characters of a reply draft in a custom id (Discord's 100 less the menu's part, the match and its version)."""
LINE_SIZES = (2, 4, 5, 6)
"""A reply line's numbers: reply and answer, then the next reply and its answer, then (a game whose reply plans
reach further: Variante 3's placements) the answers of the third and fourth turns, each for any reply."""

Line = tuple[int, ...]
"""A reply line: the reply and the answer, and when the turn after is planned, its reply and answer."""


@dataclass(frozen=True, slots=True)
class Draft:
    """Picks so far: for a roll plan, a move number per roll and per roll of the turn after each first move, and
    the page shown; for a reply plan, the lines and the reply (and the reply after it) pending."""

    picks: tuple[int, ...] = ()
    lines: tuple[Line, ...] = ()
    pending: int | None = None
    after: tuple[tuple[int, ...], ...] = ()
    """Roll plans: per first move (:func:`firsts`' order), the picks of the turn after."""
    page: int = 0
    """Roll plans: 0 the next turn's menus, k the turn after the k-th first move."""
    then: int | None = None
    """Reply plans: the reply after the pending line's answer, whose answer is being picked."""

    def code(self, keyed: str) -> str:
        """The draft as its custom-id text."""
        if keyed == "roll":
            picks = ".".join(map(str, self.picks))
            if not self.page and not any(any(a) for a in self.after):
                return picks
            return "_".join([str(self.page), picks, *(".".join(map(str, a)) for a in self.after)])
        pending = "" if self.pending is None else str(self.pending)
        if self.pending is not None and self.then is not None:
            pending += f"-{self.then}"
        lines = list(self.lines)
        while len(lines) > 1 and len(self._text(pending, lines)) > MAX_CODE:
            # Lines four turns deep fill a custom id: the oldest other than the one shown go first.
            lines.remove(next(line for line in lines if line[0] != self.pending))
        return self._text(pending, lines)

    def _text(self, pending: str, lines: list[Line]) -> str:
        text = pending + "_" + ".".join("-".join(map(str, line)) for line in lines)
        return text + f"_{self.page}" if self.page else text

    @staticmethod
    def read(keyed: str, code: str) -> Draft:
        """The draft of a custom id's text (a damaged one reads as empty)."""
        try:
            if keyed == "roll":
                if "_" not in code:
                    return Draft(picks=_numbers(code))
                page, picks, *after = code.split("_")
                return Draft(picks=_numbers(picks), after=tuple(_numbers(a) for a in after), page=int(page))
            head, _, rest = code.partition("_")
            rest, _, page = rest.partition("_")
            lines = tuple(_numbers(line, "-") for line in rest.split(".") if line)
            if any(len(line) not in (LINE_SIZES if keyed == "reply" else (2, 4)) for line in lines):
                return Draft()
            pending, _, then = head.partition("-")
            return Draft(
                lines=lines[:MAX_LINES],
                pending=int(pending) if pending else None,
                then=int(then) if then and pending else None,
                page=1 if page == "1" else 0,
            )
        except ValueError:
            return Draft()

    def with_pick(self, slot: int, number: int, size: int) -> Draft:
        """A roll plan's draft with the ``slot``-th roll's move changed (its turn after starts again)."""
        picks = list(self.picks) + [0] * max(0, size - len(self.picks))
        after = list(self.after)
        if slot < len(picks):
            if picks[slot] != number and slot < len(after):
                after[slot] = ()
            picks[slot] = number
        return Draft(picks=tuple(picks), after=tuple(after), page=self.page)

    def with_after(self, slot: int, number: int, size: int) -> Draft:
        """A roll plan's draft with the ``slot``-th roll of the turn after shown changed."""
        if self.page < 1:
            return self
        after = list(self.after) + [()] * max(0, self.page - len(self.after))
        row = list(after[self.page - 1]) + [0] * max(0, size - len(after[self.page - 1]))
        if slot < len(row):
            row[slot] = number
        after[self.page - 1] = tuple(row)
        return Draft(picks=self.picks, after=tuple(after), page=self.page)


@dataclass(frozen=True, slots=True)
class RollDraft:
    """A roll plan's form being filled in: its draft kept in the store under ``token``
    (:class:`bot.app.plans.drafts.PlanDraft`), the picks so far as a plan's ``tree``, and the page shown."""

    token: int
    tree: tuple[Branch, ...]
    path: Path = ()

    def code(self, labels: tuple[str, ...] | None = None) -> str:
        """The custom-id text of the draft at its page (or at the page ``labels`` reads): ``s<token>_<rolls>``,
        the rolls of the page's path (``s12_2.3``); a few characters whatever the plan holds."""
        if labels is None:
            labels = tuple(when.split(":", 1)[-1] for when in self.path)
        return f"s{self.token}_" + ".".join(labels)


def stored(code: str) -> tuple[int, tuple[str, ...]] | None:
    """The token and page rolls of a stored draft's custom-id text, or None when the text carries the picks
    themselves (a form made before plans went three turns deep)."""
    if not code.startswith("s"):
        return None
    token, _, labels = code[1:].partition("_")
    number = ascii_number(token)
    return (number, tuple(p for p in labels.split(".") if p)) if number is not None else (0, ())


def _numbers(text: str, sep: str = ".") -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(sep) if p)


def firsts(form: PlanForm, draft: Draft) -> list[tuple[int, Choice, str] | None]:
    """A roll plan's first moves, each with its turn after: per roll with a choice, (slot, roll, move picked) or
    None when it asks; then the rolls that play themselves, with their one move."""
    found: list[tuple[int, Choice, str] | None] = []
    for slot, choice in enumerate(form.choices):
        pick = draft.picks[slot] if slot < len(draft.picks) else 0
        found.append((slot, choice, choice.moves[pick - 1]) if 0 < pick <= len(choice.moves) else None)
    found += [(len(form.choices) + i, choice, choice.moves[0]) for i, choice in enumerate(form.forced)]
    return found


def draft_of(form: PlanForm) -> Draft:
    """The draft the form starts from: its pre-filled branches (the judge's, or the member's standing plan)."""
    prefill = {b.when: b for b in form.prefill}
    if form.keyed == "roll":
        picks = tuple(_index(c.moves, _play(prefill.get(c.when))) for c in form.choices)
        draft = Draft(picks=picks)
        after: list[tuple[int, ...]] = []
        for first in firsts(form, draft):
            branch = prefill.get(first[1].when) if first is not None else None
            if first is None or branch is None or branch.play != first[2]:
                after.append(())
                continue
            then = {b.when: b.play for b in branch.then}
            after.append(tuple(_index(c.moves, then.get(c.when)) for c in form.turn_after(first[1], first[2])))
        return Draft(picks=picks, after=tuple(after))
    lines: list[Line] = []
    for r, choice in enumerate(form.choices):
        branch = prefill.get(choice.when)
        if branch is None:
            continue
        answers = form.answers(choice.when)
        a = _index(answers, branch.play)
        if not a:
            continue
        line: Line = (r, a - 1)
        if branch.then and form.keyed == "reply":
            replies = form.turn_after(choice, answers[a - 1])
            deeper = branch.then[0]
            r2 = next((i for i, c in enumerate(replies) if c.when == deeper.when), None)
            a2 = _index(form.answers_at(replies[r2]), deeper.play) if r2 is not None else 0
            if r2 is not None and a2:
                line = (r, a - 1, r2, a2 - 1)
                line += deeper_indices(form, choice, answers[a - 1], replies[r2], deeper)
        lines.append(line)
    return Draft(lines=tuple(lines[:MAX_LINES]))


def branches_of(form: PlanForm, draft: Draft) -> tuple[Branch, ...]:
    """The plan's branches the draft says (rolls left to "ask me" and unreadable picks are left out; a roll that
    plays itself only with its turn after)."""
    if form.keyed == "roll":
        found = []
        for slot, first in enumerate(firsts(form, draft)):
            if first is None:
                continue
            _, choice, move = first
            picks = draft.after[slot] if slot < len(draft.after) else ()
            later = []
            for second, pick in zip(form.turn_after(choice, move), picks, strict=False):
                if 0 < pick <= len(second.moves):
                    later.append(Branch(second.when, second.moves[pick - 1]))
            if len(choice.moves) > 1 or later:
                found.append(Branch(choice.when, move, tuple(later)))
        return tuple(found)
    lines = []
    for line in draft.lines:
        r, a = line[0], line[1]
        if r >= len(form.choices):
            continue
        choice = form.choices[r]
        answers = form.answers(choice.when)
        if a >= len(answers):
            continue
        then: tuple[Branch, ...] = ()
        if len(line) >= 4 and form.keyed == "reply":
            replies = form.turn_after(choice, answers[a])
            if line[2] < len(replies):
                second = replies[line[2]]
                seconds = form.answers_at(second)
                if line[3] < len(seconds):
                    chained = deeper_moves(form, choice, answers[a], second, seconds[line[3]], line[4:])
                    then = (Branch(second.when, seconds[line[3]], any_chain(chained)),)
        lines.append(Branch(choice.when, answers[a], then))
    return tuple(lines)


def deeper_indices(form: PlanForm, choice: Choice, move: str, second: Choice, deeper: Branch) -> Line:
    """The numbers of a pre-filled line's turns after its second (``deeper``, the second turn's branch, then a
    chain for any reply) in the menus of :meth:`~bot.app.plans.desk.PlanForm.deeper`."""
    picks = []
    branch = deeper
    while branch.then:
        branch = branch.then[0]
        picks.append(branch.play)
    found: list[int] = []
    for moves, pick in zip(form.deeper(choice, move, second, deeper.play, picks), picks, strict=False):
        if pick not in moves:
            break
        found.append(moves.index(pick))
    return tuple(found)


def deeper_moves(
    form: PlanForm, choice: Choice, move: str, second: Choice, answer: str, numbers: tuple[int, ...]
) -> list[str]:
    """The moves a line's numbers after its second turn pick (each turn's menu follows the pick before it)."""
    picks: list[str] = []
    for number in numbers:
        levels = form.deeper(choice, move, second, answer, picks)
        if len(picks) >= len(levels) or number >= len(levels[len(picks)]):
            break
        picks.append(levels[len(picks)][number])
    return picks


def any_chain(moves: list[str]) -> tuple[Branch, ...]:
    """Moves for any reply, one turn after the other, as a plan's branches."""
    return (Branch(ANY, moves[0], any_chain(moves[1:])),) if moves else ()


def _play(branch: Branch | None) -> str | None:
    return None if branch is None else branch.play


def _index(moves: tuple[str, ...], move: str | None) -> int:
    return moves.index(move) + 1 if move in moves else 0


def reply_of(form: PlanForm, index: int) -> Choice | None:
    """The reply numbered ``index`` in the form, if there is one."""
    return form.choices[index] if 0 <= index < len(form.choices) else None
