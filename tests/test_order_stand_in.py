"""The order stand-in in the match service (issue 36, item 3): a member's standing orders play their routine
moves, logged as theirs and kept as played by an order; they survive a restart; bad orders are refused with
nothing stored; only their member reads them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.app.matches import LogKind, Match, MatchError, MatchService, MatchStatus, ServiceConfig, replay
from bot.app.matches.model import Stopped
from bot.app.orders import Order
from bot.app.standins import STAND_INS
from bot.app.storage import Store
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, CAROL, Clock

DAN = 4004
SOUP_PLAYERS = (ALICE, BOB, CAROL, DAN)


def service_on(store: Store) -> MatchService:
    return MatchService(store, Clock(), ServiceConfig(stand_ins=STAND_INS))


async def play_until(service: MatchService, match: Match, step: str, rng: random.Random, limit: int = 600) -> Match:
    """Play random legal moves for whoever acts until ``step`` is the decision of alice's seat."""
    for _ in range(limit):
        if match.status is not MatchStatus.ACTIVE:
            break
        (seat,) = match.state.actors()
        if match.seats[seat] == ALICE and getattr(match.state, "step", None) == step:
            return match
        moves = match.state.legal_moves(seat)
        text = match.state.format_move(moves[rng.randrange(len(moves))])
        match = (await service.move(match.id, match.seats[seat], text, expected_version=match.version)).match
    raise AssertionError(f"alice never reached {step}")


async def test_drift_orders_play_alices_drifts_logged_as_hers_and_survive_a_restart(tmp_path: Path) -> None:
    path = str(tmp_path / "orders.db")
    store = await Store.open(path)
    service = service_on(store)
    match = await open_match(service, "ursuppe", {}, SOUP_PLAYERS)
    change = await service.set_standing_order(match.id, ALICE, Order("drift"))
    assert change.orders == (Order("drift"),)
    await store.close()

    store = await Store.open(path)  # a restart: the orders are read back from the database
    service = service_on(store)
    match = await service.get(match.id)
    assert await service.standing_orders(match.id, ALICE) == (Order("drift"),)
    rng = random.Random(5)
    played = 0
    for _ in range(300):
        (seat,) = match.state.actors()
        assert not (match.seats[seat] == ALICE and match.state.step == "act"), "alice is never asked to drift"  # type: ignore[attr-defined]
        moves = match.state.legal_moves(seat)
        report = await service.move(
            match.id, match.seats[seat], match.state.format_move(moves[rng.randrange(len(moves))])
        )
        for entry in report.entries:
            if entry.stand_in is not None:
                assert entry.stand_in == "order" and match.seats[entry.seat or 0] == ALICE
                assert entry.kind is LogKind.MOVE and entry.notation.endswith(" drift")
                played += 1
        match = report.match
        if match.state.round >= 3:  # type: ignore[attr-defined]
            break
    assert played >= 2
    stored = await store.load_played_for(match.id)
    assert len(stored) == played and set(stored.values()) == {"order"}
    assert replay(match.game, match.options, len(match.seats), await service.history(match.id)) == match.state
    await store.close()


async def test_setting_an_order_on_the_decision_asked_plays_it_at_once() -> None:
    store = await Store.open(":memory:")
    service = service_on(store)
    match = await open_match(service, "ursuppe", {}, SOUP_PLAYERS)
    match = await play_until(service, match, "buy", random.Random(2))
    before = match.version
    change = await service.set_standing_order(match.id, ALICE, Order("genes"))
    assert change.report is not None
    (entry,) = [e for e in change.report.entries if e.kind is LogKind.MOVE and e.stand_in]
    assert entry.notation == "done" and entry.ply == before + 1
    await store.close()


async def test_bad_orders_are_refused_and_nothing_is_stored() -> None:
    store = await Store.open(":memory:")
    service = service_on(store)
    soup = await open_match(service, "ursuppe", {}, SOUP_PLAYERS)
    ur = await service.create("ur", {"rules": "v2"}, guild_id=7, channel_id=8, creator_id=ALICE, seed="s")
    await service.join(ur.id, BOB)
    ur = (await service.start(ur.id, ALICE)).match
    refusals = (
        (soup.id, ALICE, Order("genes", ("wings",)), "orders_value"),
        (soup.id, ALICE, Order("drift", stops=("boredom",)), "orders_stop"),
        (soup.id, ALICE, Order("teleport"), "orders_kind"),
        (soup.id, 999, Order("drift"), "not_seated"),
        (ur.id, ALICE, Order("drift"), "orders_none"),
        (12345, ALICE, Order("drift"), "no_match"),
    )
    for match_id, user, order, key in refusals:
        with pytest.raises(MatchError) as refused:
            await service.set_standing_order(match_id, user, order)
        assert refused.value.key == key
    assert await store.load_orders(soup.id, ALICE) == ""
    with pytest.raises(MatchError):
        await service.standing_orders(soup.id, 999)  # nobody reads another's orders
    await service.set_standing_order(soup.id, BOB, Order("drift"))
    assert await service.standing_orders(soup.id, ALICE) == ()
    await service.abort(soup.id, ALICE)
    with pytest.raises(MatchError) as finished:
        await service.set_standing_order(soup.id, ALICE, Order("drift"))
    assert finished.value.key == "not_active"
    change = await service.cancel_standing_orders(soup.id, BOB, "drift")
    assert change.orders == () and await store.load_orders(soup.id, BOB) == ""
    await store.close()


async def test_ultimatek_bonus_phase_ends_by_order_unless_a_piece_is_threatened() -> None:
    from bot.app.orders.ultimatek import threat
    from games.ultimatek.model import BONUS

    store = await Store.open(":memory:")
    service = service_on(store)
    match = await open_match(service, "ultimatek", {}, (ALICE, BOB))
    await service.set_standing_order(match.id, ALICE, Order("bonuses", stops=("threat",)))
    match = await service.get(match.id)
    rng = random.Random(4)
    ended = asked_under_threat = 0
    for _ in range(400):
        if match.status is not MatchStatus.ACTIVE:
            break
        (seat,) = match.state.actors()
        if match.seats[seat] == ALICE and match.state.phase == BONUS:  # type: ignore[attr-defined]
            assert threat(match.state, seat, None), "alice is asked in her bonus phase only under threat"
            # She is told why, in her own messages only (the service keeps it for her).
            assert await service.asked_why(match.id, ALICE) == Stopped("order.threat")
            assert await service.asked_why(match.id, BOB) is None
            asked_under_threat += 1
        moves = match.state.legal_moves(seat)
        report = await service.move(
            match.id, match.seats[seat], match.state.format_move(moves[rng.randrange(len(moves))])
        )
        ended += sum(1 for e in report.entries if e.stand_in == "order" and e.notation == "end")
        match = report.match
    assert ended >= 3 and asked_under_threat >= 1
    await store.close()


async def test_a_whole_turn_typed_at_once_is_not_cut_short_by_the_members_own_order() -> None:
    from games.ultimatek.model import ACT, BONUS, END

    store = await Store.open(":memory:")
    service = service_on(store)
    match = await open_match(service, "ultimatek", {}, (ALICE, BOB))
    await service.set_standing_order(match.id, ALICE, Order("bonuses"))  # end my bonus phase, always
    match = await service.get(match.id)
    rng = random.Random(6)
    typed: list[str] = []
    for _ in range(400):
        (seat,) = match.state.actors()
        state: Any = match.state
        if match.seats[seat] == ALICE and state.phase == ACT:
            after = state.apply(END)
            if after.phase == BONUS and after.to_act == seat:
                place = next((m for m in after.decisions if m.verb == "place"), None)
                if place is not None:
                    typed = ["end", after.format_move(place)]
                    if after.apply(place).phase == BONUS:
                        typed.append("end")
                    break
        moves = match.state.legal_moves(seat)
        text = match.state.format_move(moves[rng.randrange(len(moves))])
        match = (await service.move(match.id, match.seats[seat], text)).match
    assert typed, "alice reached a turn where she may place a bonus"
    report = await service.move(match.id, ALICE, "; ".join(typed))
    mine = [e.notation for e in report.entries if e.seat == match.seat_of(ALICE) and e.kind is LogKind.MOVE]
    assert mine[: len(typed)] == typed, "her typed turn is played as typed; her order waits for its end"
    await store.close()


async def test_orders_are_kept_on_both_databases(store: Store) -> None:
    service = service_on(store)
    match = await open_match(service, "ursuppe", {}, SOUP_PLAYERS)
    await service.set_standing_order(match.id, ALICE, Order("genes", ("speed", "armor"), ("danger",)))
    await service.set_standing_order(match.id, ALICE, Order("drift"))
    await service.set_standing_order(match.id, BOB, Order("aggression"))
    assert await service.standing_orders(match.id, ALICE) == (
        Order("drift"),
        Order("genes", ("armor", "speed"), ("danger",)),
    )
    assert await store.load_orders(match.id, ALICE) == "drift::;genes:armor,speed:danger"
    await service.cancel_standing_orders(match.id, ALICE, "genes")
    assert await service.standing_orders(match.id, ALICE) == (Order("drift"),)
    await service.cancel_standing_orders(match.id, ALICE)
    assert await store.load_orders(match.id, ALICE) == "" and await store.load_orders(match.id, BOB) == "aggression::"


@pytest.mark.postgres
async def test_an_order_set_and_a_move_typed_together_play_once(pg_url: str) -> None:
    import asyncio

    first, second = await Store.open(pg_url), await Store.open(pg_url)
    try:
        typing, ordering = service_on(first), service_on(second)
        match = await open_match(typing, "ursuppe", {}, SOUP_PLAYERS)
        match = await play_until(typing, match, "buy", random.Random(2))
        version = match.version
        results = await asyncio.gather(
            typing.move(match.id, ALICE, "done", expected_version=version),
            ordering.set_standing_order(match.id, ALICE, Order("genes")),
            return_exceptions=True,
        )
        after = await typing.get(match.id)
        log = [e for e in await typing.history(match.id) if e.ply == version + 1]
        assert len(log) == 1 and log[0].notation == "done", "alice's 'done' is played once, by her or by her order"
        assert after.version >= version + 1
        assert all(not isinstance(r, BaseException) or isinstance(r, MatchError) for r in results), results
        assert await ordering.standing_orders(match.id, ALICE) == (Order("genes"),) or isinstance(
            results[1], MatchError
        )
    finally:
        await first.close()
        await second.close()
