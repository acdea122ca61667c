"""Plan forms being filled in, kept server-side: a plan several turns deep holds more picks than Discord's custom
ids (100 characters) can carry, so the form's menus and buttons name a short token and the picks stay in the
store (``plan_drafts``), which a restart keeps.

Bounded: a member keeps :data:`KEEP` drafts per match (opening the form again starts a new one, the oldest goes)
and a draft unchanged for :data:`LIFETIME` is forgotten; a draft is only ever the member's own, read at the
match version its form was made at.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from bot.app.plans.model import Branch, Keyed, Plan

KEEP: Final = 8
"""Drafts a member keeps per match."""
LIFETIME: Final = timedelta(days=3)
"""How long a draft nobody changed is kept."""


@dataclass(frozen=True, slots=True)
class PlanDraft:
    """A form's picks so far: the plan it would save (conditions and moves in notation), at ``version``."""

    token: int
    version: int
    branches: tuple[Branch, ...]


def body_of(keyed: Keyed, branches: tuple[Branch, ...]) -> str:
    """The stored text of a draft's picks."""
    return Plan(0, 0, keyed, branches).to_json()


def branches_of_body(body: str) -> tuple[Branch, ...]:
    """The picks of a stored draft."""
    return Plan.from_json(0, 0, body).branches
