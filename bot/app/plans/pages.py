"""A roll plan's form as pages, as many turns deep as the rule set allows (:attr:`PlanForm.roll_depth`: four in
Variante 1 and 2, three elsewhere): the first page holds a menu per roll of the member's next turn, under each move
picked comes a page of the turn after it, and under each of those a page of the turn after that, and so on.

A page is named by its path: the rolls from the next turn down to it (``("roll:2", "roll:3")`` is the third turn
after rolling 2 and then 3). The draft is the plan itself (a tree of roll → move), so what the form saves is
what it shows, and a draft of any depth is changed, paged and pruned in time linear in the pages read. A roll
with one move plays itself: it has no menu, only the pages of the turns after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.app.plans.desk import Choice, PlanForm
from bot.app.plans.model import Branch

Path = tuple[str, ...]
"""The roll conditions from the member's next turn down to a page."""


@dataclass(frozen=True, slots=True)
class Page:
    """One turn of the form: how it is reached (each roll with the move planned for it), its rolls and the
    draft's picks for them."""

    path: Path
    heads: tuple[tuple[Choice, str], ...]
    """Each roll of the path with the move planned for it."""
    choices: tuple[Choice, ...]
    """Every roll of the page's turn that leaves a move (those with one move too)."""
    branches: tuple[Branch, ...]
    """The draft's picks at this turn."""

    def menus(self) -> tuple[Choice, ...]:
        """The rolls with a choice: one menu each."""
        return tuple(c for c in self.choices if len(c.moves) > 1)

    def pick(self, choice: Choice) -> int:
        """The move the draft picked for ``choice`` (1 for the first of its moves), 0 for "ask me"."""
        branch = _find(self.branches, choice.when)
        return choice.moves.index(branch.play) + 1 if branch is not None and branch.play in choice.moves else 0

    def move(self, choice: Choice) -> str | None:
        """The move played on ``choice``: the one picked, or its only move; None when it asks."""
        if len(choice.moves) == 1:
            return choice.moves[0]
        pick = self.pick(choice)
        return choice.moves[pick - 1] if pick else None


def page_at(form: PlanForm, tree: tuple[Branch, ...], path: Path) -> Page | None:
    """The page ``path`` names in the draft ``tree``; None when the draft no longer reaches it (a roll on the way
    asks, or is not a roll of its turn)."""
    page = Page((), (), (*form.choices, *form.forced), tree)
    for when in path:
        choice = next((c for c in page.choices if c.when == when), None)
        move = None if choice is None else page.move(choice)
        if choice is None or move is None:
            return None
        branch = _find(page.branches, when)
        page = Page(
            (*page.path, when),
            (*page.heads, (choice, move)),
            form.rolls_after(choice, move),
            branch.then if branch is not None and branch.play == move else (),
        )
    return page


def pages(form: PlanForm, tree: tuple[Branch, ...], depth: int | None = None) -> list[Path]:
    """The paths of every page past the first the draft reaches, in reading order (each page, then the pages of
    the turns after it), those with at least one menu; ``depth`` turns in all (the form's own when None)."""
    found: list[Path] = []
    depth = form.roll_depth if depth is None else depth

    def visit(page: Page) -> None:
        if len(page.path) + 1 >= depth:
            return
        for choice in page.choices:
            if page.move(choice) is None:
                continue
            child = page_at(form, tree, (*page.path, choice.when))
            if child is not None and child.menus():
                found.append(child.path)
                visit(child)

    root = page_at(form, tree, ())
    if root is not None:
        visit(root)
    return found


def with_pick(form: PlanForm, tree: tuple[Branch, ...], path: Path, when: str, move: str | None) -> tuple[Branch, ...]:
    """The draft with the move for roll ``when`` of page ``path`` set (None: "ask me"); a changed move drops the
    turns planned after it. A draft that no longer reaches the page is returned as it is."""

    def change(branches: tuple[Branch, ...], choices: Sequence[Choice], rest: Path) -> tuple[Branch, ...] | None:
        if not rest:
            kept = _find(branches, when)
            if move is None:
                return tuple(b for b in branches if b.when != when)
            if kept is not None and kept.play == move:
                return branches
            return _placed(branches, choices, Branch(when, move))
        head = rest[0]
        choice = next((c for c in choices if c.when == head), None)
        kept = _find(branches, head)
        played = kept.play if kept is not None else choice.moves[0] if choice and len(choice.moves) == 1 else None
        if choice is None or played is None or played not in choice.moves:
            return None
        deeper = change(kept.then if kept is not None else (), form.rolls_after(choice, played), rest[1:])
        return None if deeper is None else _placed(branches, choices, Branch(head, played, deeper))

    changed = change(tree, (*form.choices, *form.forced), path)
    return tree if changed is None else changed


def saved(form: PlanForm, tree: tuple[Branch, ...], depth: int | None = None) -> tuple[Branch, ...]:
    """The plan the draft says: its picks that are moves of their roll, at most ``depth`` turns (the form's own
    when None), a roll with one move kept only for the turns planned after it."""
    turns = form.roll_depth if depth is None else depth

    def prune(branches: tuple[Branch, ...], choices: Sequence[Choice], level: int) -> tuple[Branch, ...]:
        found = []
        by_when = {c.when: c for c in choices}
        for branch in branches:
            choice = by_when.get(branch.when)
            if choice is None or branch.play not in choice.moves:
                continue
            then: tuple[Branch, ...] = ()
            if branch.then and level + 1 < turns:
                then = prune(branch.then, form.rolls_after(choice, branch.play), level + 1)
            if len(choice.moves) > 1 or then:
                found.append(Branch(branch.when, branch.play, then))
        return tuple(found)

    return prune(tree, (*form.choices, *form.forced), 0)


def _find(branches: tuple[Branch, ...], when: str) -> Branch | None:
    return next((b for b in branches if b.when == when), None)


def _placed(branches: tuple[Branch, ...], choices: Sequence[Choice], branch: Branch) -> tuple[Branch, ...]:
    """``branches`` with ``branch`` in place of the one of its roll, in the order of the rolls."""
    order = {c.when: i for i, c in enumerate(choices)}
    kept = [b for b in branches if b.when != branch.when] + [branch]
    return tuple(sorted(kept, key=lambda b: order.get(b.when, len(order))))


def label_of(when: str) -> str:
    """A roll condition as a page's path carries it in a custom id (``roll:2`` → ``2``)."""
    return when.split(":", 1)[-1]


def path_of(form: PlanForm, tree: tuple[Branch, ...], labels: Sequence[str]) -> Path | None:
    """The page path whose rolls read ``labels`` (:func:`label_of`), or None when the draft does not reach it."""
    path: Path = ()
    for label in labels:
        page = page_at(form, tree, path)
        choice = None if page is None else next((c for c in page.choices if label_of(c.when) == label), None)
        if choice is None:
            return None
        path = (*path, choice.when)
    return path if page_at(form, tree, path) is not None else None
