"""The plan stand-in: plays the move a member's plan holds for the position reached (issue 36, item 2).

Asked first whenever a member's seat is to act, inside the change's transaction. Without a plan for the match it
answers at once (one indexed read), so a member with a plan and one without cost the same until the plan plays. A
plan the game left is marked dropped, with why, and its member gets a word privately (the shell hands the words
out, :meth:`bot.app.plans.desk.PlanDesk.take_words`); what is left of a plan that played is kept for the turns
after, and a spent plan is marked ``played`` the same way, so the word that tells its member offers the next plan
at once (plan after plan: a member who keeps answering is not pinged for a turn a plan could cover).
"""

from __future__ import annotations

from typing import Any

from bot.app.matches import LogEntry, LogKind, Match
from bot.app.matches.model import Stopped
from bot.app.plans.desk import drop_text
from bot.app.plans.follow import PLAYED, Dropped, Planned, follow
from bot.app.plans.kinds import judged_points
from bot.app.plans.model import Plan
from bot.app.standins.autopilot import strict_rules
from bot.app.storage import MoveRow, Store
from games.base import GameError, GameState, Seat


class PlanStandIn:
    """Plays a member's plan (see the module docstring)."""

    name = "plan"

    async def choose(self, store: Store, match: Match, state: GameState, seat: Seat, user_id: int) -> Any | None:
        """The planned move for ``user_id`` at ``seat``, or None (no plan, or the plan waits here), or
        :class:`Stopped` (``plan.<reason>``) when the game left the plan here."""
        row = await store.load_plan(match.id, user_id)
        if row is None or row.dropped is not None:
            return None
        plan = Plan.from_json(row.seat, row.base, row.body)
        now = match.unsaved[-1].at if match.unsaved else match.updated_at
        if plan.seat != seat:
            await store.drop_plan(match.id, user_id, drop_text(Dropped("moved")), now=now)
            return None
        stored = [_entry(r) for r in await store.load_moves(match.id, after=plan.base)]
        since = [*stored, *(e for e in match.unsaved if e.ply > plan.base)]
        version = match.version + len(match.unsaved)
        # The judge's stop reads the plan only in an unrated match: in a rated one its verdict would be a hint.
        judge = None
        if judged_points(match.game.id) is not None and not await strict_rules(store, match):
            judge = f"{match.seed}:plan:{version}:{seat}"
        try:
            found = follow(plan, since, state, seat, version, match.game, judge)
        except (GameError, ValueError, LookupError):
            # A plan the engine can no longer read never blocks the move that reached it: it stops, said to its member.
            found = Dropped("stopped", {"move": "?"})
        if found is None:
            return None
        if isinstance(found, Dropped):
            await store.drop_plan(match.id, user_id, drop_text(found), now=now)
            return Stopped(f"plan.{found.reason}", found.words)
        assert isinstance(found, Planned)
        if found.rest is None:
            played = Dropped(PLAYED, {"move": state.format_move(found.move)})
            await store.drop_plan(match.id, user_id, drop_text(played), now=now)
        else:
            rest = found.rest
            await store.put_plan(match.id, user_id, seat, rest.base, rest.to_json(), rest.entries(), now=now)
        return found.move


def _entry(row: MoveRow) -> LogEntry:
    return LogEntry(row.ply, LogKind(row.kind), row.seat, row.notation, row.created_at, row.interaction_id)


PLANS = PlanStandIn()
"""The plan stand-in, first of :data:`bot.app.standins.STAND_INS`."""
