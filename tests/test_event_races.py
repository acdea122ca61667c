"""Answers racing each other on one event (issue 37, faults 5 and 6), on SQLite and on PostgreSQL.

Each race is made deterministic by :class:`Interleave`: a racing call is held at its first write until every
other racer has either reached its own first write (so all of them read before any of them writes: the
worst interleaving, which a lost update needs) or is waiting for a lock (the store serialises them, which is
the fix). Nothing sleeps for a time: the hold polls those two facts.

- Two players confirming a table's report at once: both confirmations count, and so does the result.
- A Confirm racing a Dispute: neither answer is lost (the dispute stands, with the confirmation kept, or the
  confirmation came second and was refused).
- A double tap on Confirm: the result counts once, the log says "confirm" once.
- The same latecomer admitted by two organisers at once: admitted once (one log line), the other is told he
  is in already; two latecomers admitted at once get two seeds.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.app.events import EventError, EventFormat, EventService, waiting_for
from bot.app.matches import MatchService
from bot.app.storage import Store
from tests.test_bot_events import Clock, new_event


class Interleave:
    """Holds each racing task at its first write until the other racers wrote or wait for a lock."""

    def __init__(self, store: Store, url: str) -> None:
        self.store = store
        self.url = url
        self.racers: set[asyncio.Task[Any]] = set()
        self.arrived: set[asyncio.Task[Any]] = set()

    async def _waiting_for_a_lock(self) -> int:
        """How many transactions wait for a lock the store holds for another one."""
        if self.store.kind == "sqlite":
            waiters = getattr(self.store.backend._lock, "_waiters", None)  # type: ignore[attr-defined]
            return len(waiters or ())
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            found = await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
            )
        finally:
            await conn.close()
        return int(found)

    async def hold(self) -> None:
        task = asyncio.current_task()
        if task not in self.racers or task in self.arrived:
            return
        self.arrived.add(task)
        while True:
            pending = len(self.racers - self.arrived)
            if pending == 0 or await self._waiting_for_a_lock() >= pending:
                return
            await asyncio.sleep(0.005)  # poll the two facts above; the order never depends on this delay

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        backend = self.store.backend
        for name in ("write", "insert"):
            original = getattr(backend, name)

            def held(original: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
                async def call(*args: Any, **kwargs: Any) -> Any:
                    await self.hold()
                    return await original(*args, **kwargs)

                return call

            monkeypatch.setattr(backend, name, held(original))

    async def race(self, *calls: Awaitable[Any]) -> list[Any]:
        """Run ``calls`` at once, each in its own task; their results or the errors they raised, in order."""
        tasks = [asyncio.ensure_future(call) for call in calls]
        self.racers = set(tasks)
        self.arrived = set()
        try:
            return list(await asyncio.gather(*tasks, return_exceptions=True))
        finally:
            self.racers = set()


@pytest.fixture
async def race(store_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[EventService, Interleave]]:
    store = await Store.open(store_url)
    clock = Clock()
    events = EventService(store, MatchService(store, clock), clock)
    interleave = Interleave(store, store_url)
    interleave.install(monkeypatch)
    yield events, interleave
    await store.close()


async def physical_round(events: EventService, fmt: EventFormat, players: int) -> Any:
    event = await new_event(events, fmt, players, rounds=2, physical=True)
    await events.start(event.id, 99)
    return await events.plan_round(event.id, 99)


async def test_two_confirmations_at_once_both_count(race: tuple[EventService, Interleave]) -> None:
    events, interleave = race
    plan = await physical_round(events, EventFormat.TABLES, 4)
    (table,) = plan.games
    a, b, c, d = table.players
    await events.report(plan.event.id, 1, table.board, a, places=[1, 2, 3, 4])
    answers = await interleave.race(
        events.confirm(plan.event.id, 1, table.board, b), events.confirm(plan.event.id, 1, table.board, c)
    )
    assert not [x for x in answers if isinstance(x, BaseException)], answers
    (game,) = await events.games(plan.event.id, 1)
    assert waiting_for(game) == (d,), "neither confirmation was lost"
    last = await events.confirm(plan.event.id, 1, table.board, d)
    assert last.progress is not None and last.progress.closed_round == 1
    assert dict(last.game.result or {})["places"] == [1, 2, 3, 4]


async def test_a_confirm_racing_a_dispute_loses_neither(race: tuple[EventService, Interleave]) -> None:
    events, interleave = race
    plan = await physical_round(events, EventFormat.TABLES, 4)
    (table,) = plan.games
    a, b, c, _d = table.players
    await events.report(plan.event.id, 1, table.board, a, places=[1, 2, 3, 4])
    confirmed, disputed = await interleave.race(
        events.confirm(plan.event.id, 1, table.board, b), events.dispute(plan.event.id, 1, table.board, c)
    )
    assert not isinstance(disputed, BaseException), disputed
    (game,) = await events.games(plan.event.id, 1)
    assert game.report is not None and game.report["disputed_by"] == c, "the dispute stands"
    if isinstance(confirmed, EventError):
        assert confirmed.key == "event_report_disputed", "a confirmation after the dispute is refused"
        assert b in waiting_for(game)
    else:
        assert b not in waiting_for(game), "the confirmation made before the dispute is kept"
    actions = [line.action for line in await events.log(plan.event.id)]
    assert actions.count("dispute") == 1 and actions.count("confirm") == (0 if isinstance(confirmed, EventError) else 1)


async def test_a_double_tap_on_confirm_counts_once(race: tuple[EventService, Interleave]) -> None:
    events, interleave = race
    plan = await physical_round(events, EventFormat.SWISS, 2)
    (game,) = plan.games
    ann, ben = game.players
    await events.report(plan.event.id, 1, game.board, ann, score="1-0")
    taps = await interleave.race(
        events.confirm(plan.event.id, 1, game.board, ben), events.confirm(plan.event.id, 1, game.board, ben)
    )
    counted = [t for t in taps if not isinstance(t, BaseException) and t.progress is not None]
    refused = [t for t in taps if isinstance(t, EventError)]
    assert len(counted) == 1, taps
    assert [e.key for e in refused] == ["event_result_in"], "the second tap finds the result counted"
    actions = [line.action for line in await events.log(plan.event.id)]
    assert actions.count("confirm") == 1
    rows = {r.player: r.points for r in (await events.standings(plan.event.id)).rows}
    assert rows == {ann: 1, ben: 0}


async def test_a_second_confirm_of_a_waiting_report_changes_nothing(race: tuple[EventService, Interleave]) -> None:
    events, _interleave = race
    plan = await physical_round(events, EventFormat.TABLES, 4)
    (table,) = plan.games
    a, b, c, d = table.players
    await events.report(plan.event.id, 1, table.board, a, places=[4, 3, 2, 1])
    first = await events.confirm(plan.event.id, 1, table.board, b)
    again = await events.confirm(plan.event.id, 1, table.board, b)
    assert again.progress is None and waiting_for(again.game) == waiting_for(first.game) == (c, d)
    assert [line.action for line in await events.log(plan.event.id)].count("confirm") == 1


async def test_one_latecomer_admitted_twice_at_once_is_admitted_once(race: tuple[EventService, Interleave]) -> None:
    events, interleave = race
    event = await new_event(events, EventFormat.SWISS, 4, rounds=3)
    await events.start(event.id, 99)
    await events.plan_round(event.id, 99)
    first, second = await interleave.race(
        events.admit(event.id, 777, 99, half=False), events.admit(event.id, 777, 98, half=True)
    )
    outcomes = [first, second]
    refused = [x for x in outcomes if isinstance(x, EventError)]
    assert [e.key for e in refused] == ["event_already_player"], outcomes
    admitted = next(x for x in outcomes if not isinstance(x, BaseException))
    log = [line for line in await events.log(event.id) if line.action == "admit"]
    assert len(log) == 1
    player = next(p for p in (await events.get(event.id)).players if p.user_id == 777)
    assert player.missed_half is log[0].details["half"], "the admission that counted is the one stored"
    assert admitted.player_ids.count(777) == 1


async def test_two_latecomers_admitted_at_once_get_two_seeds(race: tuple[EventService, Interleave]) -> None:
    events, interleave = race
    event = await new_event(events, EventFormat.SWISS, 4, rounds=3)
    await events.start(event.id, 99)
    await events.plan_round(event.id, 99)
    answers = await interleave.race(
        events.admit(event.id, 777, 99, half=False), events.admit(event.id, 778, 99, half=False)
    )
    assert not [x for x in answers if isinstance(x, BaseException)], answers
    seeds = {p.user_id: p.seed for p in (await events.get(event.id)).players}
    assert len(set(seeds.values())) == len(seeds) == 6
    assert {seeds[777], seeds[778]} == {4, 5}
