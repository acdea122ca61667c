"""Several bot processes on one PostgreSQL: races between services with pools of their own, two deadline
clocks, and a whole SimCord game on the PostgreSQL store.

Each "process" is a :class:`MatchService` over its own :class:`Store` (its own asyncpg pool), which is
what two shard processes are to the database: separate connections, no shared lock in Python.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.app.matches import BoardChangedError, LogKind, Match, MatchError, MatchService, MatchStatus, TurnReport, replay
from bot.app.storage import Store
from games.base import NotYourTurnError
from tests.test_bot_e2e import test_a_complete_game_with_restart_and_every_kind_of_bad_input as _simcord_game
from tests.test_bot_e2e import world  # noqa: F401 - the fixture of the SimCord game below

pytestmark = pytest.mark.postgres

ALICE, BOB = 1001, 2002
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A settable clock shared by the two processes (one wall clock)."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def processes(pg_url: str) -> AsyncIterator[tuple[list[MatchService], Clock]]:
    """Two services on one PostgreSQL database, each with its own pool."""
    clock = Clock()
    stores = [await Store.open(pg_url, pool_size=4) for _ in range(2)]
    yield [MatchService(store, clock) for store in stores], clock
    for store in stores:
        await store.close()


async def new_game(service: MatchService, channel: int, *, turn_limit: int | None = None) -> Match:
    match = await service.create(
        "ur", {}, guild_id=7, channel_id=channel, creator_id=ALICE, seed=f"s{channel}", turn_limit=turn_limit
    )
    await service.join(match.id, BOB)
    return (await service.start(match.id, ALICE)).match


async def test_two_processes_racing_on_the_same_matches_write_each_ply_once(
    processes: tuple[list[MatchService], Clock],
) -> None:
    services, _clock = processes
    matches = [await new_game(services[0], channel) for channel in range(100, 106)]
    won: dict[int, list[TurnReport]] = {m.id: [] for m in matches}
    refused = 0

    async def player(service: MatchService, match_id: int, seed: int) -> None:
        # Both processes read the match and send a move for the player to act at the version they saw.
        nonlocal refused
        rng = random.Random(seed)
        for _ in range(40):
            match = await service.get(match_id)
            if match.status is not MatchStatus.ACTIVE:
                return
            (seat,) = match.state.actors()
            text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
            try:
                report = await service.move(match_id, match.seats[seat], text, expected_version=match.version)
            except (BoardChangedError, NotYourTurnError):
                refused += 1
                continue
            won[match_id].append(report)

    await asyncio.gather(
        *(player(services[side], m.id, seed=m.id * 2 + side) for m in matches for side in (0, 1)),
    )

    assert refused > 0, "the two processes did collide"
    for match in matches:
        final = await services[1].get(match.id)
        log = await services[1].history(match.id)
        plies = [e.ply for e in log]
        assert plies == list(range(1, final.version + 1)), "every ply written exactly once, no gap"
        # Nothing lost: the entries of the accepted moves are exactly the log after the opening.
        accepted = sorted((e for r in won[match.id] for e in r.entries), key=lambda e: e.ply)
        assert [e.ply for e in accepted] == plies[match.version :]
        assert [e for e in log[match.version :]] == accepted
        assert sum(e.kind is LogKind.MOVE for e in log) == len(won[match.id])
        assert replay(final.game, final.options, 2, log) == final.state


async def test_the_same_interaction_sent_to_two_processes_applies_once(
    processes: tuple[list[MatchService], Clock],
) -> None:
    services, _clock = processes
    match = await new_game(services[0], 300)
    (seat,) = match.state.actors()
    text = match.state.format_move(match.state.legal_moves(seat)[0])
    reports = await asyncio.gather(
        *(services[n % 2].move(match.id, match.seats[seat], text, interaction_id=4242) for n in range(4))
    )
    assert sorted(r.replayed for r in reports) == [False, True, True, True]
    assert sum(e.kind is LogKind.MOVE for e in await services[0].history(match.id)) == 1


async def test_two_processes_opening_a_lobby_in_one_channel_open_one(
    processes: tuple[list[MatchService], Clock],
) -> None:
    services, _clock = processes
    results = await asyncio.gather(
        *(services[n % 2].create("ur", {}, guild_id=7, channel_id=700, creator_id=10 + n) for n in range(6)),
        return_exceptions=True,
    )
    opened = [r for r in results if isinstance(r, Match)]
    refused = [r for r in results if isinstance(r, MatchError)]
    assert len(opened) == 1 and len(refused) == 5
    assert {r.key for r in refused} == {"channel_busy"}


async def test_two_results_for_one_player_at_once_both_count(processes: tuple[list[MatchService], Clock]) -> None:
    services, _clock = processes
    first, second = await new_game(services[0], 600), await new_game(services[0], 601)
    # Bob resigns both matches at the same moment, through the two processes: Alice's rating must move twice,
    # the second change starting from the first one's result (the rating rows are locked while rated).
    await asyncio.gather(services[0].resign(first.id, BOB), services[1].resign(second.id, BOB))
    store = services[0]._store
    changes = [await store.rating_change(m.id, ALICE) for m in (first, second)]
    assert all(c is not None for c in changes)
    befores = {c[0] for c in changes if c is not None}
    afters = {c[2] for c in changes if c is not None}
    assert len(befores & afters) == 1, "one change starts where the other ended"
    ((_user, mu, _sigma, played, wins, _draws, _losses),) = [
        row for row in await store.rating_table(7, "ur:v2") if row[0] == ALICE
    ]
    assert (played, wins) == (2, 2) and mu == max(afters)


async def test_two_clocks_send_each_reminder_once(processes: tuple[list[MatchService], Clock]) -> None:
    services, clock = processes
    for channel in range(200, 208):
        await new_game(services[0], channel, turn_limit=3600)

    sent: list[tuple[int, int, str]] = []

    async def tick(service: MatchService) -> None:
        # What the clock cog does for every due reminder: claim it, and send it only when the claim is ours.
        for step in await service.due(clock.now):
            if step.threshold in ("half", "soon") and await service.claim(step):
                sent.append((step.match.id, step.clock.seat, step.threshold))

    clock.now = T0 + timedelta(minutes=40)  # past half time of every running turn
    await asyncio.gather(tick(services[0]), tick(services[1]))
    assert len(sent) == 8 and len(set(sent)) == 8, "each half-time reminder went out once, from one process"
    await asyncio.gather(tick(services[0]), tick(services[1]))
    assert len(sent) == 8, "a later tick sends nothing again"

    clock.now = T0 + timedelta(minutes=55)  # into the last quarter: the "soon" reminders
    await asyncio.gather(tick(services[1]), tick(services[0]), tick(services[1]))
    soon = [s for s in sent if s[2] == "soon"]
    assert len(soon) == 8 and len(set(soon)) == 8


async def test_a_claim_held_by_another_process_is_skipped(processes: tuple[list[MatchService], Clock]) -> None:
    services, clock = processes
    await new_game(services[0], 400, turn_limit=3600)
    clock.now = T0 + timedelta(minutes=40)
    (step,) = await services[0].due(clock.now)
    store = services[0]._store
    # Process A holds the clock row (mid-claim); process B's claim skips it instead of waiting.
    async with store.transaction():
        assert await store.mark_clock(step.match.id, step.clock.seat, step.clock.since, "half", claim=True)
        assert not await asyncio.wait_for(services[1].claim(step), timeout=30)
    assert not await services[1].claim(step), "and once A committed, the reminder is taken"


@pytest.fixture
def db_path(pg_url: str) -> str:
    """The SimCord bot of this module runs on PostgreSQL (tests/conftest.py's simcord_bot reads db_path)."""
    return pg_url


async def test_a_simcord_game_with_a_restart_on_postgresql(world: dict[str, Any], db_path: str) -> None:  # noqa: F811
    assert db_path.startswith("postgresql://")
    await _simcord_game(world, db_path)
    assert world["env"].bot.store.kind == "postgresql"


async def test_two_processes_opening_lobbies_for_one_member_at_once_never_pass_the_cap(
    processes: tuple[list[MatchService], Clock],
) -> None:
    from bot.app.matches import MAX_OPEN_LOBBIES

    services, _clock = processes
    attempts = 2 * MAX_OPEN_LOBBIES
    results = await asyncio.gather(
        *(services[n % 2].create("ur", {}, guild_id=7, channel_id=800 + n, creator_id=ALICE) for n in range(attempts)),
        return_exceptions=True,
    )
    opened = [r for r in results if isinstance(r, Match)]
    refused = [r for r in results if not isinstance(r, Match)]
    assert len(opened) == MAX_OPEN_LOBBIES, f"{len(opened)} lobbies opened for a cap of {MAX_OPEN_LOBBIES}"
    assert all(isinstance(r, MatchError) and r.key == "too_many_lobbies" for r in refused), refused
    lobbies = await services[0].matches_of_user(ALICE, statuses=[MatchStatus.LOBBY])
    assert len(lobbies) == MAX_OPEN_LOBBIES

    # Joining many lobbies at once through both processes holds the same line.
    others = [
        await services[0].create("ur", {}, guild_id=7, channel_id=900 + n, creator_id=5000 + n) for n in range(attempts)
    ]
    results = await asyncio.gather(
        *(services[n % 2].join(m.id, BOB) for n, m in enumerate(others)), return_exceptions=True
    )
    joined = [r for r in results if isinstance(r, Match)]
    assert len(joined) == MAX_OPEN_LOBBIES, f"{len(joined)} lobbies joined for a cap of {MAX_OPEN_LOBBIES}"
