"""The match service: every change to a match goes through here. No Discord import.

Each operation loads the match, checks the seat and the version, applies the engine, appends to the
move log and saves the snapshot in one transaction. Chance steps (dice, draws) are drawn right after
the decision that leads to them (from the match's committed seed and its players' salts, see
:mod:`bot.app.fairness`; older matches from their seed) and logged like moves, so the log alone replays the
match. The bot layer turns the returned reports into messages.

One small collaborator per concern, after lichess's round module:

- :mod:`.model`: the records and errors (Match, LogEntry, TurnReport, the pending requests, MatchError...);
- :mod:`.log`: pure functions of a log (replay, chance sampling, digests, the result's JSON, turn counting);
- :mod:`.core`: load, check, decide and save in one transaction, the machinery the others share;
- :mod:`.lobby` (create, join, leave, AI seats, salts, start, rematch), :mod:`.play` (move, AI move,
  resign, abort), :mod:`.consent` (one consent machine for draw, undo, seat replacement and rematch;
  :mod:`.rematches` proposes and answers a rematch, :mod:`.paces` a pace switch; every pending proposal is a
  row of one ``proposals`` table, and a new kind of consent question is the six files :mod:`.consent` lists),
  :mod:`.clock` (deadlines, votes, vacations, quiet hours), :mod:`.ratings`, :mod:`.messages` (the bot's
  memory of its own messages, pings and preferences, apart from match logic), :mod:`.orders` (a member's
  standing orders) and :mod:`.queries`.

:class:`MatchService` is composed from those collaborators as mixins, each under 400 lines, rather than a
facade delegating ~90 methods (which would itself pass 400 lines) or collaborator attributes (which would
change every call site in the shell and the tests at once, while others edit them): ``service.move(...)``
keeps working, and each concern reads in its own module. The mixins share only :class:`.core.Core`.
"""

from __future__ import annotations

from bot.app.matches import model
from bot.app.matches.clock import TurnClocks
from bot.app.matches.consent import Consent
from bot.app.matches.core import require_seat
from bot.app.matches.lobby import Lobby
from bot.app.matches.log import (
    effective,
    holds_secret,
    outcome_from_json,
    outcome_to_json,
    replay,
    sample_chance,
    snapshot_digest,
)
from bot.app.matches.member_stats import MemberStats
from bot.app.matches.messages import Messages

# The records and errors are the package's own names: every caller imports them from here.
from bot.app.matches.model import *  # noqa: F403
from bot.app.matches.orders import OrdersChange, StandingOrders
from bot.app.matches.paces import Paces, pace_limit, pace_notation
from bot.app.matches.play import Play
from bot.app.matches.queries import Queries
from bot.app.matches.ratings import Ratings, rating_key
from bot.app.matches.rematches import Rematches
from bot.app.matches.time_off import TimeOff, TimeOffSpent
from bot.app.matches.weekends import WeekendOffer, Weekends

__all__ = [
    "MatchService",
    "OrdersChange",
    "TimeOffSpent",
    "WeekendOffer",
    "effective",
    "holds_secret",
    "outcome_from_json",
    "outcome_to_json",
    "pace_limit",
    "pace_notation",
    "rating_key",
    "replay",
    "require_seat",
    "sample_chance",
    "snapshot_digest",
]
__all__ += model.__all__


class MatchService(
    Rematches,
    Lobby,
    Play,
    Paces,
    Weekends,
    Consent,
    TurnClocks,
    TimeOff,
    MemberStats,
    Ratings,
    StandingOrders,
    Messages,
    Queries,
):
    """Create, join, leave, start, move, resign and abort matches; query them.

    Constructed as ``MatchService(store, clock, config)`` (see :class:`.core.Core`); each concern's methods
    live in its collaborator module.
    """
