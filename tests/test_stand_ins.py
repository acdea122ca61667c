"""Stand-ins play for a member who was not asked (issue 36): the service asks them in order whenever a member's
seat is to act, plays the first move offered as the seat's move, and keeps who chose it beside the log."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.app.matches import LogKind, Match, MatchService, MatchStatus, ServiceConfig, replay
from bot.app.storage import Store
from games.base import GameState, Seat
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, Clock


@dataclass
class FirstMoveFor:
    """Plays the first legal move for one member, a given number of times; records what it was asked."""

    name: str
    user_id: int
    times: int
    asked: list[tuple[int, Seat]] = field(default_factory=list)

    async def choose(self, store: Store, match: Match, state: GameState, seat: Seat, user_id: int) -> Any | None:
        self.asked.append((user_id, seat))
        if user_id != self.user_id or self.times == 0:
            return None
        self.times -= 1
        return state.legal_moves(seat)[0]


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


async def test_a_stand_in_plays_for_its_member_and_the_log_says_so(store: Store) -> None:
    plan = FirstMoveFor("plan", BOB, times=2)
    never = FirstMoveFor("autopilot", 0, times=0)
    # Fixed seeds: the same dice every run (with random ones the start itself may play both of bob's turns).
    config = ServiceConfig(stand_ins=(plan, never), server_seed_factory=lambda: "5" * 64, salt_factory=lambda: "salt")
    service = MatchService(store, Clock(), config)
    match = await open_match(service, "ur", {"rules": "v2"}, (ALICE, BOB))
    played_for = {}  # what the reports said (the start itself may already have played bob's first turn)
    while plan.times and match.status is MatchStatus.ACTIVE:
        (seat,) = match.state.actors()
        assert match.seats[seat] == ALICE, "bob's turns are played for him while his stand-in offers moves"
        move = match.state.format_move(match.state.legal_moves(seat)[0])
        report = await service.move(match.id, ALICE, move, expected_version=match.version)
        played_for |= {e.ply: e.stand_in for e in report.entries if e.stand_in is not None}
        assert all(e.seat == 1 for e in report.entries if e.stand_in is not None)
        match = report.match
    stored = await store.load_played_for(match.id)
    assert len(stored) == 2
    assert set(stored.values()) == {"plan"}
    assert played_for and played_for.items() <= stored.items()
    assert ALICE in {user for user, _ in never.asked} <= {ALICE, BOB}, "asked for what the first one left"
    log = await service.history(match.id)
    assert {e.kind for e in log if e.ply in played_for} == {LogKind.MOVE}
    assert replay(match.game, match.options, 2, log) == match.state


async def test_no_stand_in_no_change(store: Store) -> None:
    service = MatchService(store, Clock())
    match = await open_match(service, "ur", {"rules": "v2"}, (ALICE, BOB))
    (seat,) = match.state.actors()
    move = match.state.format_move(match.state.legal_moves(seat)[0])
    report = await service.move(match.id, match.seats[seat], move, expected_version=match.version)
    assert all(e.stand_in is None for e in report.entries)
    assert await store.load_played_for(match.id) == {}
