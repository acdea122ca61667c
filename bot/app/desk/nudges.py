""" "You are the last one we are waiting for": told once per phase in which several players act, to the one player
the phase still waits for.

Two kinds of phase count. Seats acting together (the game names several actors at once, such as a simultaneous
set-up) finish one by one: when they go from two or more to one, the last is told. And a game whose phases are
played in turn by every player (Ursuppe: a phase's player order) says which seats the phase still waits for
through :data:`PHASE_WAITS`, one small function per such game: when that goes from two or more seats to one, in
the same phase, the last is told. Each transition happens once per phase, so the nudge goes out once, and from
the change that caused it alone (no state to keep, nothing to repeat after a restart).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final

from games import ursuppe as ursuppe_rules
from games.base import GameState, Seat

PhaseWait = Callable[[Any], tuple[Hashable, tuple[Seat, ...]] | None]
"""A game's phase and the seats it still waits for, in a state (None: no phase played by several players)."""


def _ursuppe_waits(state: Any) -> tuple[Hashable, tuple[Seat, ...]] | None:
    """Ursuppe's phase (round, phase) and the seats of its order yet to play (the one on turn included)."""
    phase = getattr(state, "phase", 0)
    order = tuple(getattr(state.ctx, "order", ()))
    turn = int(getattr(state.ctx, "turn", 0))
    if not 1 <= phase <= 6 or len(order) < 2 or turn >= len(order):
        return None
    return (state.round, phase), order[turn:]


PHASE_WAITS: Final[dict[str, PhaseWait]] = {ursuppe_rules.INFO.id: _ursuppe_waits}
"""Per game id: how its phases played in turn say whom they still wait for."""


def last_one(game_id: str, before: GameState | None, after: GameState) -> Seat | None:
    """The seat just left as the last one a phase waits for (see the module docstring), or None."""
    if before is None or after.outcome() is not None:
        return None
    was, now = set(before.actors()), set(after.actors())
    if len(was) >= 2 and len(now) == 1 and now < was:
        return next(iter(now))
    waits = PHASE_WAITS.get(game_id)
    if waits is None:
        return None
    old, new = waits(before), waits(after)
    if old is None or new is None or old[0] != new[0]:
        return None
    if len(old[1]) >= 2 and len(new[1]) == 1 and new[1][0] in after.actors():
        return new[1][0]
    return None
