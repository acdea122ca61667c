"""The store's queries, one class per concern (a group of tables), each a base of :class:`bot.app.storage.Store`.

Every class here derives from :class:`bot.app.storage.core.StoreCore` and runs its SQL through its helpers;
none opens a connection or a transaction of its own kind. Callers never name these classes: they call
``store.method(...)`` on the one :class:`~bot.app.storage.Store` that combines them.
"""

from __future__ import annotations

from bot.app.storage.tables.asked_why import AskedWhyQueries
from bot.app.storage.tables.clocks import ClockQueries
from bot.app.storage.tables.desks import DeskQueries
from bot.app.storage.tables.fairness import FairnessQueries
from bot.app.storage.tables.matches import MatchQueries
from bot.app.storage.tables.member_settings import MemberSettingQueries
from bot.app.storage.tables.moves import MoveQueries
from bot.app.storage.tables.orders import OrderQueries
from bot.app.storage.tables.paces import PaceQueries
from bot.app.storage.tables.plan_drafts import PlanDraftQueries
from bot.app.storage.tables.plans import PlanQueries, PlanRow
from bot.app.storage.tables.played_for import PlayedForQueries
from bot.app.storage.tables.posts import PostQueries
from bot.app.storage.tables.prefs import PreferenceQueries
from bot.app.storage.tables.ratings import RatingQueries
from bot.app.storage.tables.requests import RequestQueries
from bot.app.storage.tables.seats import SeatQueries
from bot.app.storage.tables.stats import StatsQueries

__all__ = [
    "AskedWhyQueries",
    "ClockQueries",
    "DeskQueries",
    "FairnessQueries",
    "MatchQueries",
    "MemberSettingQueries",
    "MoveQueries",
    "OrderQueries",
    "PaceQueries",
    "PlanDraftQueries",
    "PlanQueries",
    "PlanRow",
    "PlayedForQueries",
    "PostQueries",
    "PreferenceQueries",
    "RatingQueries",
    "RequestQueries",
    "SeatQueries",
    "StatsQueries",
]
