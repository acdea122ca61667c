"""Ask me only when it matters (issue 36 item 1): the stand-in that plays a decision whose choice cannot matter.

When every legal move of the member's decision is within their threshold of the best (1, 2 or 5 points of winning
chance, their setting :data:`bot.app.member_settings.AUTOPILOT`), judged by :func:`games.ai.choice.choice_matters`
(each move's chance right after it, the chance that follows averaged, from what the seat may know), the autopilot
plays for them:

- in an unrated match: the judge's best move;
- in a rated match or an event's game: only when all legal moves are within 1 point of each other (or the game's
  stricter bound, :func:`games.ai.choice.rated_points`: 0.3 point in Ur Variante 1), whatever the member's
  threshold, and then the move the game's **fixed rule** picks (:func:`games.ai.choice.fixed_choice`:
  Ur Variante 1's in :mod:`games.ur.fixed_rule`, elsewhere the first legal move in the buttons' order), never the
  judge's best, so that it never plays better than the member would;
- never in a match whose ``autopilot`` option is ``off`` (an event's organiser switched it off for the event), nor
  in one whose ``autoplay`` option is ``off`` (its creator chose that every decision, even a forced one, is played
  by hand);
- never in live play (a turn limit of minutes, or a game clock: the member is at the table, and a move made for
  them there would surprise more than it saves);
- never for a decision with a single legal move (that is the match's ``autoplay``, the creator's choice), nor
  when the check is too dear (:data:`games.ai.choice.MAX_CALLS`, :data:`games.ai.choice.SECONDS`): the member
  is asked.

The check runs for every member's decision whatever the member's setting, and the setting is read only after it,
so the time a move takes to answer says nothing of whether the other members left the autopilot on.

**One change stays short.** When both members left it on and the game is decided (every move within a point of
every other, whatever is played), the autopilot could play the rest of the match in the one transaction of the
move that got there. So within one change (a match and the version it was loaded at) it plays at most
:data:`CHAIN` decisions and spends at most :data:`CHANGE_SECONDS` on its checks; then the member to act is
asked (and the next answer lets it go on).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Final

from bot.app.clocks.game_clock import live_play
from bot.app.matches.model import Match, Stopped
from bot.app.member_settings import AUTOPILOT, match_settings
from bot.app.storage import Store
from games.ai.choice import SECONDS, choice_matters, fixed_choice, rated_points
from games.base import GameState, Seat

CHAIN: Final = 12
"""Decisions the autopilot plays at most within one change."""
CHANGE_SECONDS: Final = 0.15
"""Seconds the autopilot's checks may take within one change (with the time cap of each check)."""
MATCHES_KEPT: Final = 10_000
"""Matches whose change the autopilot keeps count of (forgotten all at once past it: a count restarts)."""


@dataclass(slots=True)
class Autopilot:
    """Plays for the member when their choice could not matter (see the module docstring)."""

    seconds: float | None = SECONDS
    """The time one check may take (None: no limit on a check nor on a change, for tests that must not depend on
    the machine's speed)."""
    name: str = "autopilot"
    spent: dict[int, tuple[int, int, float]] = field(default_factory=dict)
    """Per match: the version of the change being played, the decisions played in it and the seconds checked."""

    async def choose(self, store: Store, match: Match, state: GameState, seat: Seat, user_id: int) -> Any | None:
        """The move to play for the member, or None to ask them (:class:`Stopped` when their setting is on: why
        they are asked, the moves too far apart or a check not finished)."""
        options = match.options
        if options.get("autopilot") == "off" or options.get("autoplay") != "on" or live_play(match.turn_limit, options):
            return None
        if len(state.legal_moves(seat)) < 2:
            return None
        version, played, seconds = self.spent.get(match.id, (match.version, 0, 0.0))
        if version != match.version:
            played, seconds = 0, 0.0
        if played >= CHAIN or (self.seconds is not None and seconds >= CHANGE_SECONDS):
            return None
        seed = f"{match.seed}:autopilot:{match.version}:{seat}"
        began = time.perf_counter()
        spread = choice_matters(match.game, state, seat, seed=seed, seconds=self.seconds)
        seconds += time.perf_counter() - began
        if len(self.spent) > MATCHES_KEPT:
            self.spent.clear()
        self.spent[match.id] = (match.version, played, seconds)
        settings, _ = await match_settings(store, match.id, user_id)
        chosen = settings[AUTOPILOT.key]
        if chosen == "off":
            return None
        if spread is None:
            return Stopped("autopilot.unjudged")
        strict = await strict_rules(store, match)
        points = rated_points(match.game, state) if strict else float(chosen)
        if not spread.within(points):
            return Stopped("autopilot.apart", {"points": f"{100 * spread.width:.1f}", "limit": f"{points:g}"})
        self.spent[match.id] = (match.version, played + 1, seconds)
        return fixed_choice(match.game, state, seat, spread.moves) if strict else spread.best


async def strict_rules(store: Store, match: Match) -> bool:
    """Whether ``match`` is played by the strict rules: a rated match or an event's game, where nothing the bot
    plays for a member may rest on the judge's verdict (the autopilot's fixed rule, no judge's stop of a plan)."""
    return match.rated or await store.in_event(match.id)


AUTOPILOT_STAND_IN: Final = Autopilot()
"""The one autopilot the bot runs."""
