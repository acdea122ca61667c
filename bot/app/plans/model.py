"""A member's plan for a match: a bounded tree of condition → move, kept as a compact JSON text."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final, Literal

from bot.app.matches import MAX_MOVE_TEXT, MatchError

Keyed = Literal["roll", "reply", "turn"]
"""What a plan's branches are keyed on: the member's own next roll (Ur), the others' decisions, or the opponent's
whole turn in public notation, answered with a whole turn (Ultima-Tek: :mod:`bot.app.plans.turns`)."""

GO_ON: Final = ""
"""The condition of a move that follows the member's previous one in the same turn (nothing happened between)."""
MAX_ENTRIES: Final = 300
"""Branches a member may keep in one match (every level counted): a plan is read in time linear in its size."""
MAX_DEPTH: Final = 60
"""Levels of a plan (the turns it reaches ahead; a turn plan's every decision is a level of its chain, and an
Ultima-Tek plan holds two turns of up to some twenty decisions each)."""


@dataclass(frozen=True, slots=True)
class Branch:
    """If ``when`` happened since the member's last decision, play ``play``; then the branches of ``then``."""

    when: str
    """The condition: the chance outcome just before the member's turn (``roll:2``) for a roll plan; the others'
    decisions since the member's last one, in notation separated by ``; ``, for a reply plan; :data:`GO_ON`."""
    play: str
    """The member's decision, in the game's notation."""
    then: tuple[Branch, ...] = ()
    """The branches of the member's next decision."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What ``seat``'s member left for the turns after the match's ``base`` (the version it was left at, or that
    its last planned move reached)."""

    seat: int
    base: int
    keyed: Keyed
    branches: tuple[Branch, ...]

    def entries(self) -> int:
        """How many branches the plan holds, every level counted."""
        return sum(1 for _ in walk(self.branches))

    def to_json(self) -> str:
        """The stored text of the plan's branches (seat and base are columns of their own)."""
        return json.dumps({"keyed": self.keyed, "b": _dump(self.branches)}, ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def from_json(seat: int, base: int, text: str) -> Plan:
        """The plan stored by :meth:`to_json`."""
        data = json.loads(text)
        keyed: Keyed = "roll" if data["keyed"] == "roll" else "turn" if data["keyed"] == "turn" else "reply"
        return Plan(seat, base, keyed, _load(data["b"]))


def walk(branches: tuple[Branch, ...]) -> Iterator[Branch]:
    """Every branch of a tree, each once."""
    stack = list(branches)
    while stack:
        branch = stack.pop()
        yield branch
        stack.extend(branch.then)


def check_bounds(plan: Plan) -> None:
    """Refuse a plan too big to keep, before anything else is read of it.

    Raises:
        MatchError: ``plan_too_big`` (more than :data:`MAX_ENTRIES` branches or :data:`MAX_DEPTH` levels),
            ``plan_empty``, ``move_too_long`` (a move or condition over :data:`MAX_MOVE_TEXT` characters),
            ``plan_twice`` (two branches of one level with the same condition).
    """
    if not plan.branches:
        raise MatchError("plan_empty")
    count = 0
    level: list[tuple[Branch, ...]] = [plan.branches]
    depth = 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise MatchError("plan_too_big", max=MAX_ENTRIES)
        following: list[tuple[Branch, ...]] = []
        for branches in level:
            seen: set[str] = set()
            for branch in branches:
                count += 1
                if count > MAX_ENTRIES:
                    raise MatchError("plan_too_big", max=MAX_ENTRIES)
                if len(branch.play) > MAX_MOVE_TEXT or len(branch.when) > MAX_MOVE_TEXT:
                    raise MatchError("move_too_long", max=MAX_MOVE_TEXT)
                if branch.when in seen:
                    raise MatchError("plan_twice", when=branch.when)
                seen.add(branch.when)
                if branch.then:
                    following.append(branch.then)
        level = following


def _dump(branches: tuple[Branch, ...]) -> list[Any]:
    return [[b.when, b.play, _dump(b.then)] if b.then else [b.when, b.play] for b in branches]


def _load(data: list[Any]) -> tuple[Branch, ...]:
    return tuple(Branch(str(item[0]), str(item[1]), _load(item[2]) if len(item) > 2 else ()) for item in data)
