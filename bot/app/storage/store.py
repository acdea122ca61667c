"""The store of Plateau: every SQL statement of the project, on SQLite or PostgreSQL.

All SQL lives in this package (in :mod:`bot.app.storage.tables`, one module per concern, and in
:mod:`bot.app.storage.events_store`), written once with ``?`` placeholders in the SQL both databases
understand. Methods are typed and return plain rows (:class:`MatchRow`,
:class:`MoveRow`); the match service gives them meaning. The store knows nothing of games or Discord, and
nothing above it knows which database it runs on: :meth:`Store.open` picks the backend from the location
(a file path, ``sqlite:...`` or ``postgresql://...``), and :mod:`bot.app.storage.backends` holds everything
that differs (connections, transactions, row locks, migrations).

Concurrency: :meth:`Store.transaction` is one transaction per service operation. On SQLite the store
serialises every transaction on one connection; on PostgreSQL each transaction has a connection of its
own and a write transaction locks the match rows it loads (``SELECT ... FOR UPDATE``), so writers to
different matches run in parallel and writers to one match queue. Inside a transaction the owning task's
calls run in it; a task started *inside* a transaction runs outside it (on SQLite it would wait for the
transaction to end, so do not await such a task in one).
"""

from __future__ import annotations

from bot.app.storage.base import ChannelBusyError, ConflictError, SchemaVersionError, StoreError, from_iso, to_iso
from bot.app.storage.core import StoreCore
from bot.app.storage.rows import (
    OPEN_STATUSES,
    UNSET,
    MatchParts,
    MatchRow,
    MoveRow,
    PostRow,
    ProposalRow,
    SeatReplacement,
)
from bot.app.storage.tables import (
    AskedWhyQueries,
    ClockQueries,
    DeskQueries,
    FairnessQueries,
    MatchQueries,
    MemberSettingQueries,
    MoveQueries,
    OrderQueries,
    PaceQueries,
    PlanDraftQueries,
    PlanQueries,
    PlayedForQueries,
    PostQueries,
    PreferenceQueries,
    RatingQueries,
    RequestQueries,
    SeatQueries,
    StatsQueries,
)

__all__ = [
    "OPEN_STATUSES",
    "UNSET",
    "ChannelBusyError",
    "ConflictError",
    "MatchParts",
    "MatchRow",
    "MoveRow",
    "PostRow",
    "ProposalRow",
    "SchemaVersionError",
    "SeatReplacement",
    "Store",
    "StoreError",
    "from_iso",
    "to_iso",
]


class Store(
    MatchQueries,
    SeatQueries,
    MoveQueries,
    RequestQueries,
    PaceQueries,
    MemberSettingQueries,
    PlayedForQueries,
    PlanQueries,
    PlanDraftQueries,
    OrderQueries,
    AskedWhyQueries,
    ClockQueries,
    PostQueries,
    PreferenceQueries,
    RatingQueries,
    FairnessQueries,
    DeskQueries,
    StatsQueries,
    StoreCore,
):
    """The database of matches, seats, move logs and user preferences, on SQLite or PostgreSQL.

    Open with ``await Store.open(location)`` (``":memory:"`` for tests), close with ``await store.close()``
    or use ``async with await Store.open(location) as store``. Each base holds the queries of one concern
    (:mod:`bot.app.storage.tables`); :class:`~bot.app.storage.core.StoreCore` holds the connection and
    the transactions they all share.
    """
