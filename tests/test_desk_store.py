"""The desks as stored (migration 0027), on SQLite and PostgreSQL: the DM kept per member, the marks other shard
processes leave (coalesced, taken once), the members' ping settings and the digest claimed once a day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from bot.app.config import Config
from bot.app.desk.book import DeskBook
from bot.app.desk.pings import PingPrefs
from bot.app.desk.planner import KeptDesk
from bot.app.desk.queue import DeskQueue
from bot.app.storage import Store
from bot.shell.desk.keeper import DeskKeeper

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
BIG = 987_654_321_987_654_321
"""A Discord id needs 64 bits."""


async def test_a_desk_is_kept_and_found_again(store: Store) -> None:
    book = DeskBook(store, clock=lambda: T0)
    assert await book.kept(BIG) is None
    await book.keep(BIG, BIG + 1, BIG + 2, "abc")
    await book.keep(BIG, BIG + 1, BIG + 3, "def")
    assert await book.kept(BIG) == KeptDesk(BIG + 1, BIG + 3, "def")
    assert await book.owners() == [BIG]


async def test_marks_coalesce_and_are_taken_once_oldest_first(store: Store) -> None:
    now = [T0]
    book = DeskBook(store, clock=lambda: now[0])
    await book.mark([3, 1, BIG])
    now[0] = T0 + timedelta(seconds=5)
    await book.mark([1, 2])
    taken = await book.take_marks()
    assert [u for u, _ in taken] == [1, 3, BIG, 2] and dict(taken)[1] == T0, "the oldest mark of each member"
    assert await book.take_marks() == []


async def test_a_change_is_noted_for_members_with_a_desk_until_their_desk_is_drawn(store: Store) -> None:
    book = DeskBook(store, clock=lambda: T0)
    await book.keep(BIG, BIG + 1, BIG + 2, "abc")
    await book.note_stale([BIG, 5])
    await book.note_stale([BIG])
    assert await book.stale() == [BIG], "a member without a desk has nothing to draw"
    await book.drawn(BIG)
    assert await book.stale() == []


async def test_ping_settings_and_the_digest_claimed_once(store: Store) -> None:
    book = DeskBook(store, clock=lambda: T0)
    assert await book.prefs(BIG) == PingPrefs()
    await book.set_prefs(BIG, PingPrefs("every_8h", "both", True))
    assert await book.prefs(BIG) == PingPrefs("every_8h", "both", True)
    assert await book.digest_members() == [BIG]
    last = await book.digest_sent(BIG)
    assert last is None and await book.claim_digest(BIG, last)
    assert not await book.claim_digest(BIG, last), "a second pass with the same reading sends nothing"
    await book.set_prefs(BIG, PingPrefs())
    assert await book.prefs(BIG) == PingPrefs() and await book.digest_members() == []


async def test_a_process_without_the_dm_shard_leaves_marks_and_the_owner_takes_them(store: Store) -> None:
    """Two shard processes on one database: the one running shard 1 of 2 edits no desk but marks them; the one
    running shard 0 (direct messages) takes the marks into its queue."""
    book = DeskBook(store, clock=lambda: T0)

    def process(shards: tuple[int, ...]) -> DeskKeeper:
        bot = SimpleNamespace(config=Config(token="-", shard_count=2, shard_ids=shards))
        return DeskKeeper(bot, None, None, book, DeskQueue())  # type: ignore[arg-type]

    other, owner = process((1,)), process((0,))
    assert not other.edits_here() and owner.edits_here()
    await other.touch([BIG, 7])
    assert len(other.queue) == 0
    owner._start_pump = lambda: None  # type: ignore[method-assign]  # the queue is what is checked here
    await owner.take_marks()
    assert len(owner.queue) == 2 and await book.take_marks() == []
