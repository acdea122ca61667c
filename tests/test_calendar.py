"""The calendar bench (bench/bench_calendar.py): awake-time delays and one short match through its loop."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bench.bench_calendar import (
    ZONES,
    Member,
    ModelA,
    ModelB,
    ModelC,
    ModelD,
    PlayFor,
    TurnStart,
    awake_after,
    play_match,
)
from bench.kept_orders import WIDER_BUY, kept_orders
from bot.app.ai_runner import ai_decision
from bot.app.orders import encode
from bot.app.storage import Store


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_a_delay_within_the_day_is_plain_time() -> None:
    # 10:00 in Paris (winter, UTC+1) plus 3 hours: 13:00 Paris.
    assert awake_after(utc("2026-01-15T09:00"), timedelta(hours=3), "Europe/Paris") == utc("2026-01-15T12:00")


def test_a_delay_crossing_bedtime_resumes_in_the_morning() -> None:
    # 22:00 in Paris, two awake hours: one before 23:00, the other after waking at 8:00.
    assert awake_after(utc("2026-01-15T21:00"), timedelta(hours=2), "Europe/Paris") == utc("2026-01-16T08:00")


def test_a_ping_at_night_waits_for_the_morning_in_the_members_zone() -> None:
    # 03:00 UTC is 12:00 in Tokyo (awake) but 22:00 the day before in New York (awake one more hour) and 04:00
    # in Paris (asleep until 8:00).
    ping = utc("2026-01-15T03:00")
    half = timedelta(minutes=30)
    assert awake_after(ping, half, "Asia/Tokyo") == utc("2026-01-15T03:30")
    assert awake_after(ping, half, "America/New_York") == utc("2026-01-15T03:30")
    # Two hours in New York: one before 23:00, the other from 8:00 (13:00 UTC).
    assert awake_after(ping, timedelta(hours=2), "America/New_York") == utc("2026-01-15T14:00")
    assert awake_after(ping, half, "Europe/Paris") == utc("2026-01-15T07:30")


def test_a_delay_longer_than_a_day_skips_every_night() -> None:
    # 15 awake hours a day: 40 hours from 8:00 are two whole days and 10 hours of the third.
    assert awake_after(utc("2026-01-15T07:00"), timedelta(hours=40), "Europe/Paris") == utc("2026-01-17T17:00")


def test_a_night_of_daylight_saving_is_counted_in_local_time() -> None:
    # Paris springs forward on 29 March 2026: waking at 8:00 local is 06:00 UTC that morning, 07:00 the day before.
    assert awake_after(utc("2026-03-28T21:30"), timedelta(hours=1), "Europe/Paris") == utc("2026-03-29T06:30")


def test_seeded_delays_are_awake_time_and_repeat() -> None:
    for zone in ZONES:
        member = Member(1, zone, random.Random(f"delays/{zone}"))
        again = Member(1, zone, random.Random(f"delays/{zone}"))
        ping = utc("2026-01-15T00:00")
        for _ in range(50):
            answer = member.answers_at(ping)
            assert answer == again.answers_at(ping)
            local = answer.astimezone(ZoneInfo(zone)).time()
            assert 8 <= local.hour < 23 or (local.hour == 23 and local.minute == 0 and local.second == 0)
            assert answer >= ping


async def test_model_c_leaves_plans_that_play_for_the_members(tmp_path: Path) -> None:
    start = TurnStart.__new__(TurnStart)
    assert ModelA().at_turn(start) == "ask" and ModelA().stand_ins == ()
    assert [s.name for s in ModelC().stand_ins] == ["plan", "autopilot"], "the member's own plan first"
    store = await Store.open(str(tmp_path / "calendar.db"))
    try:
        figures = await play_match(store, "ur", {"rules": "v2"}, 2, "calendar/test/c", 1, ModelC(), "random")
    finally:
        await store.close()
    assert figures.finished and figures.stood_in["plan"] > 0
    assert figures.played_for > 0 and figures.answers < figures.turns
    # Plan after plan: each plan that played its last move with a choice ahead offered the next form by DM; the
    # opponent, at the board when the plan played, plays on at once, so the form is stale when it is read.
    assert figures.offered > 0 and figures.looked <= figures.offered
    assert 0 < figures.at_board <= figures.offered, "offered while the opponent plays on"
    assert 0 < figures.one_sitting <= figures.plans["played"], "spent within one sitting of the opponent's"
    assert ModelA().after_plan(1, 10) is None and ModelB().after_plan(1, 10) is None


async def test_model_b_runs_the_autopilot_and_counts_its_turns(tmp_path: Path) -> None:
    # Variante 1 has many decisions whose moves are all alike (a single piece on the board, say).
    store = await Store.open(str(tmp_path / "calendar.db"))
    try:
        figures = await play_match(store, "ur", {"rules": "v1"}, 2, "calendar/test/b", 1, ModelB(), "random")
    finally:
        await store.close()
    assert [s.name for s in ModelB().stand_ins] == ["autopilot"]
    assert figures.finished
    assert set(figures.stood_in) == {"autopilot"} and figures.stood_in["autopilot"] > 0
    assert figures.turns == figures.waited + figures.silent + figures.autoplayed + figures.played_for
    assert figures.played_for > 0


async def test_model_d_members_keep_their_standing_orders_in_ursuppe(tmp_path: Path) -> None:
    assert ModelA().orders == {} and ModelB().orders == {}
    assert [o.kind for o in ModelD().orders["ursuppe"]] == ["drift", "feed", "pay", "buy", "grow", "aggression", "move"]
    store = await Store.open(str(tmp_path / "calendar.db"))
    try:
        figures = await play_match(store, "ursuppe", {}, 3, "calendar/test/orders", 1, ModelD(), "random")
        # Set through the orders panel's call once the match started, as the member keeps them there.
        kept = {await store.load_orders(1, 10 + seat) for seat in range(3)}
    finally:
        await store.close()
    assert kept == {encode(kept_orders("ursuppe"))}
    assert figures.finished and figures.stood_in["order"] > 0
    # What the stops left to the members is counted, and every answer by the step it was asked at.
    assert any(why.startswith("order.") for why in figures.stops)
    assert sum(figures.asked_at.values()) == figures.answers
    assert figures.asked_at["0.place"] > 0, "the set-up, which no order plays, is asked"


def test_from_five_players_the_members_buy_eight_genes() -> None:
    # The order "buy armor, struggle or speed and no other" lost the seat keeping it 17.5 points of win rate at 6
    # players (bench_order_cost.py --players 6 --only buy): its BP lay idle once its amoebas were all out. With
    # eight genes there it cost -2.0 [-10.4, +6.4]: kept at every number of players, wider from 5.
    at = {n: kept_orders("ursuppe", players=n) for n in (3, 4, 5, 6)}
    for n in (3, 4, 5, 6):
        assert [o.kind for o in at[n]] == ["drift", "feed", "pay", "buy", "grow", "aggression", "move"]
    assert at[3][3].values == at[4][3].values == ("armor", "speed", "struggle")
    assert at[5][3] == at[6][3] and set(at[6][3].values) == set(WIDER_BUY) and len(WIDER_BUY) == 8
    assert [o.kind for o in kept_orders("ursuppe", tried=True, players=6)][-2:] == ["divide", "genes"]


async def test_a_short_match_finishes_with_consistent_counts(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "calendar.db"))
    try:
        figures = await play_match(store, "ur", {"rules": "v3"}, 2, "calendar/test/1", 1, ModelA(), "random")
    finally:
        await store.close()
    assert figures.finished
    assert figures.decisions > 0 and figures.days > 0
    # Every turn either waited for a ping, came back at once to the member playing, or was played by autoplay.
    assert figures.turns == figures.waited + figures.silent + figures.autoplayed + figures.played_for
    # Two players, one acting at a time: one ping per turn that waited, answered once; no deadline near.
    assert sum(figures.pings.values()) == figures.waited + figures.questions
    assert figures.answers == figures.waited
    assert figures.reminders["expired"] == 0 and figures.reminders["unpinged"] == 0


@pytest.mark.parametrize(("game", "players"), [("subulata", 2), ("ursuppe", 3)])
async def test_simultaneous_set_ups_and_three_players_keep_the_counts_consistent(
    tmp_path: Path, game: str, players: int
) -> None:
    store = await Store.open(str(tmp_path / "calendar.db"))
    try:
        figures = await play_match(store, game, {}, players, "calendar/test/3", 1, ModelA(), "random")
    finally:
        await store.close()
    assert figures.finished
    assert figures.turns == figures.waited + figures.silent + figures.autoplayed + figures.played_for
    # A turn of seats acting together pings each of them; every ping is answered at most once.
    assert sum(figures.pings.values()) >= figures.waited
    assert figures.answers <= sum(figures.pings.values()) + figures.reminders["unpinged"]
    # Only the table's members are pinged (channel 1 seats user ids 10, 11, ...).
    assert set(figures.pings) <= {10 + seat for seat in range(players)}


async def test_a_member_who_answers_after_the_deadline_is_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every answer but the first comes at once; the first after 49 hours, past the 48-hour limit.
    calls: list[datetime] = []

    def answers_at(self: Member, pinged: datetime) -> datetime:
        calls.append(pinged)
        return pinged + (timedelta(hours=49) if len(calls) == 1 else timedelta(minutes=1))

    monkeypatch.setattr(Member, "answers_at", answers_at)
    store = await Store.open(str(tmp_path / "calendar.db"))
    try:
        figures = await play_match(store, "ur", {"rules": "v3"}, 2, "calendar/test/2", 1, ModelA(), "random")
    finally:
        await store.close()
    assert figures.finished
    # The clock ticks at half time, at the late reminder and at the deadline, once each.
    assert (figures.reminders["half"], figures.reminders["soon"], figures.reminders["expired"]) == (1, 1, 1)


class PlaysEverything(ModelA):
    """A member model that never asks: the AI's choice is played for the member at once."""

    name = "test"

    def at_turn(self, start: TurnStart) -> PlayFor:
        return PlayFor((ai_decision(start.match, start.seat, "random"),), "test")


async def test_a_model_that_plays_for_the_members_asks_nothing_and_takes_no_time(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "calendar.db"))
    try:
        figures = await play_match(store, "ur", {"rules": "v3"}, 2, "calendar/test/1", 1, PlaysEverything(), "random")
    finally:
        await store.close()
    assert figures.finished
    assert figures.answers == 0 and sum(figures.pings.values()) == 0 and figures.days == 0
    assert figures.played_for == figures.turns - figures.silent - figures.autoplayed > 0
