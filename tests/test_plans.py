"""Plans ahead (issue 36, item 2): a member's plan keyed on their own next roll (Ur) or on the opponent's reply,
checked when it is left, played by the plan stand-in, stopped when the game leaves it, kept over a restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.matches import (
    BoardChangedError,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchService,
    MatchStatus,
    ServiceConfig,
    snapshot_digest,
)
from bot.app.plans.desk import PlanDesk
from bot.app.plans.follow import PLAYED, Dropped
from bot.app.plans.model import MAX_ENTRIES, Branch
from bot.app.standins import STAND_INS
from bot.app.storage import Store
from games import find_game
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, CAROL, Clock


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


def service_of(store: Store) -> tuple[MatchService, PlanDesk]:
    clock = Clock()
    config = ServiceConfig(stand_ins=STAND_INS, salt_factory=lambda: "salt", server_seed_factory=lambda: "5eed" * 16)
    service = MatchService(store, clock, config)
    return service, PlanDesk(store, service, clock)


async def at(store: Store, service: MatchService, match: Match, text: str) -> Match:
    """The match with its position set from a one-line state text (the snapshot at the match's version)."""
    await store.update_match(
        match.id,
        now=match.updated_at,
        state=text,
        version=match.version,
        state_digest=snapshot_digest(match.game.id, match.options, match.version, text),
    )
    return await service.get(match.id)


async def ur_match(store: Store, service: MatchService, text: str, rules: str = "v2") -> Match:
    match = await open_match(service, "ur", {"rules": rules}, (ALICE, BOB))
    return await at(store, service, match, text)


async def move(service: MatchService, match: Match, user: int, text: str) -> Match:
    return (await service.move(match.id, user, text, expected_version=match.version)).match


async def bob_plays(service: MatchService, match: Match, first: str) -> list[LogEntry]:
    """Bob plays ``first``, then his first legal move as long as he is the one to act (alice's rolls of 0 pass);
    the entries of those changes."""
    entries: list[LogEntry] = []
    text = first
    while True:
        report = await service.move(match.id, BOB, text, expected_version=match.version)
        entries += report.entries
        match = report.match
        if match.status is not MatchStatus.ACTIVE or match.state.actors() != (1,):
            return entries
        text = match.state.format_move(match.state.legal_moves(1)[0])


async def spent(desk: PlanDesk, match: Match, planner: int, move: str) -> None:
    """The plan played its last move: it stands no more, and one word is owed to its member (the one that offers
    the next plan), handed out once."""
    (left,) = await desk.plans_of(planner)
    assert left.dropped == Dropped(PLAYED, {"move": move})
    assert await desk.take_words(match.id) == [(planner, Dropped(PLAYED, {"move": move}))]
    assert await desk.take_words(match.id) == [] and await desk.plans_of(planner) == []


async def played_for(store: Store, match: Match) -> dict[int, str]:
    async with store.transaction(immediate=False):
        return await store.load_played_for(match.id)


# Bob (seat 1, lane C) is to play a 2; alice (seat 0, lane A) has pieces on A4 and B5 and five in reserve.
BOB_TO_PLAY = "v2 0:A4,B5 1:C4 1 2"


async def test_a_roll_plan_plays_the_move_named_for_the_roll_whatever_the_opponent_plays(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    assert form.keyed == "roll"
    every_roll = tuple(Branch(c.when, c.moves[-1]) for c in form.choices)
    plan = await desk.leave(match.id, ALICE, every_roll, expected_version=match.version)
    assert plan.entries() == len(every_roll)
    planned = {b.when: b.play for b in plan.branches}
    entries = await bob_plays(service, match, "C4-C2")
    (mine,) = [e for e in entries if e.seat == 0 and e.kind is LogKind.MOVE]
    roll = [e for e in entries if e.kind is LogKind.CHANCE and e.ply < mine.ply][-1].notation
    assert roll in planned, "every roll with a choice is planned"
    assert (mine.notation, mine.stand_in) == (planned[roll], "plan")
    assert (await played_for(store, match))[mine.ply] == "plan"
    assert all(e.stand_in is None for e in entries if e.seat == 1)


async def test_a_roll_the_plan_does_not_name_asks_the_member_and_says_why(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    only = form.choices[0]
    await desk.leave(match.id, ALICE, (Branch(only.when, only.moves[0]),), expected_version=match.version)
    entries = await bob_plays(service, match, "C4-C2")
    roll = [e for e in entries if e.kind is LogKind.CHANCE][-1].notation
    if roll == only.when:
        assert any(e.stand_in == "plan" for e in entries)
        assert await desk.plans_of(ALICE, match.id) == []
        return
    assert (await service.get(match.id)).state.actors() == (0,), "alice is asked"
    assert await desk.take_words(match.id) == [(ALICE, Dropped("unforeseen", {"roll": roll.split(":")[1]}))]
    assert await desk.take_words(match.id) == [], "told once"
    assert await desk.plans_of(ALICE, match.id) == []


async def test_the_plan_stops_when_the_opponent_takes_the_piece_it_names(store: Store) -> None:
    service, desk = service_of(store)
    # Bob's 1 takes alice's piece on B5 with his piece on B4; alice's plan moves that piece on every roll.
    match = await ur_match(store, service, "v2 0:A4,B5 1:B4 1 1")
    form = await desk.form(match.id, ALICE)
    named = tuple(Branch(c.when, m) for c in form.choices for m in c.moves if m.startswith("B5"))
    assert named
    await desk.leave(match.id, ALICE, named, expected_version=match.version)
    entries = await bob_plays(service, match, "B4xB5")
    assert all(e.stand_in is None for e in entries)
    roll = [e for e in entries if e.kind is LogKind.CHANCE][-1].notation
    planned = {b.when: b.play for b in named}
    assert roll in planned, "the plan names a move of the taken piece for every roll with a choice"
    assert await desk.take_words(match.id) == [(ALICE, Dropped("stopped", {"move": planned[roll]}))]
    assert (await service.get(match.id)).state.actors() == (0,), "alice is asked"


async def test_a_plan_is_refused_with_nothing_stored(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    version = match.version
    refusals = {
        "plan_move": (Branch("roll:1", "C4-C5"),),  # bob's piece
        "plan_roll": (Branch("roll:7", "in"),),
        "plan_twice": (Branch("roll:1", "in"), Branch("roll:1", "A4-A3")),
        "plan_empty": (),
    }
    for key, branches in refusals.items():
        with pytest.raises(MatchError) as refused:
            await desk.leave(match.id, ALICE, branches, expected_version=version)
        assert refused.value.key == key
    with pytest.raises(MatchError) as refused:
        await desk.leave(match.id, BOB, (Branch("roll:1", "in"),), expected_version=version)
    assert refused.value.key == "plan_your_turn"
    with pytest.raises(MatchError) as refused:
        await desk.leave(match.id, CAROL, (Branch("roll:1", "in"),), expected_version=version)
    assert refused.value.key == "not_seated"
    too_many = tuple(Branch(f"roll:{n}", "in") for n in range(MAX_ENTRIES + 1))
    with pytest.raises(MatchError) as refused:
        await desk.leave(match.id, ALICE, too_many, expected_version=version)
    assert refused.value.key == "plan_too_big"
    assert await desk.plans_of(ALICE) == []
    await service.resign(match.id, BOB)
    with pytest.raises(MatchError) as refused:
        await desk.leave(match.id, ALICE, (Branch("roll:1", "in"),), expected_version=version + 1)
    assert refused.value.key == "plan_over"
    assert await desk.plans_of(ALICE) == []


async def test_a_plan_left_at_a_position_a_move_has_passed_is_refused(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    await move(service, match, BOB, "C4-C2")
    with pytest.raises(MatchError) as refused:
        await desk.leave(match.id, ALICE, (Branch("roll:1", "in"),), expected_version=match.version)
    assert refused.value.key == "board_changed"
    assert await desk.plans_of(ALICE) == []


async def test_a_restart_keeps_every_plan(tmp_path: Path) -> None:
    path = str(tmp_path / "plateau.db")
    first = await Store.open(path)
    service, desk = service_of(first)
    match = await ur_match(first, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    plan = await desk.leave(
        match.id, ALICE, tuple(Branch(c.when, c.moves[0]) for c in form.choices), expected_version=match.version
    )
    await first.close()
    again = await Store.open(path)
    try:
        _, desk = service_of(again)
        (kept,) = await desk.plans_of(ALICE)
        assert kept.plan == plan and kept.dropped is None and kept.match_id == match.id
    finally:
        await again.close()


async def test_cancelling_a_plan_leaves_the_member_to_be_asked(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    await desk.leave(
        match.id, ALICE, tuple(Branch(c.when, c.moves[0]) for c in form.choices), expected_version=match.version
    )
    assert await desk.cancel(match.id, ALICE)
    assert not await desk.cancel(match.id, ALICE)
    report = await service.move(match.id, BOB, "C4-C2", expected_version=match.version)
    assert all(e.stand_in is None for e in report.entries)


async def subulata_under_way(service: MatchService) -> Match:
    """A Subulata match past its set-ups (no dice from then on: reply plans)."""
    match = await open_match(service, "subulata", {"layout": "fixed"}, (ALICE, BOB))
    while match.state.turn is None:  # type: ignore[attr-defined]
        seat = match.state.actors()[0]
        match = await move(service, match, match.seats[seat], f"{'white' if seat == 0 else 'black'} setup random")
    return match


async def test_a_reply_plan_answers_the_reply_it_names(store: Store) -> None:
    service, desk = service_of(store)
    match = await subulata_under_way(service)
    (seat,) = match.state.actors()
    mover, planner = match.seats[seat], match.seats[1 - seat]
    form = await desk.form(match.id, planner)
    assert form.keyed == "reply" and not form.prefill, "a rated match's plan starts blank"
    first = form.choices[0]
    answer = form.answers(first.when)[-1]
    await desk.leave(match.id, planner, (Branch(first.when, answer),), expected_version=match.version)
    report = await service.move(match.id, mover, first.when, expected_version=match.version)
    assert [(e.notation, e.stand_in) for e in report.entries] == [(first.when, None), (answer, "plan")]
    assert report.match.state.actors() == (seat,)
    await spent(desk, match, planner, answer)


async def test_a_reply_the_plan_did_not_foresee_drops_it_with_a_word(store: Store) -> None:
    service, desk = service_of(store)
    match = await subulata_under_way(service)
    (seat,) = match.state.actors()
    mover, planner = match.seats[seat], match.seats[1 - seat]
    form = await desk.form(match.id, planner)
    first, second = form.choices[0], form.choices[1]
    await desk.leave(
        match.id, planner, (Branch(first.when, form.answers(first.when)[0]),), expected_version=match.version
    )
    report = await service.move(match.id, mover, second.when, expected_version=match.version)
    assert all(e.stand_in is None for e in report.entries)
    assert report.match.state.actors() == (1 - seat,), "the planner is asked"
    assert await desk.take_words(match.id) == [(planner, Dropped("unforeseen", {"reply": second.when}))]


async def test_undoing_the_move_a_plan_followed_drops_the_plan(store: Store) -> None:
    service, desk = service_of(store)
    match = await subulata_under_way(service)
    (seat,) = match.state.actors()
    planner, other = match.seats[seat], match.seats[1 - seat]
    opening = match.state.format_move(match.state.legal_moves(seat)[0])
    match = await move(service, match, planner, opening)
    form = await desk.form(match.id, planner)
    reply = form.choices[0].when
    await desk.leave(match.id, planner, (Branch(reply, form.answers(reply)[0]),), expected_version=match.version)
    await service.request_undo(match.id, planner)
    _, _, undone = await service.answer_undo(match.id, other, accept=True, version=match.version)
    assert undone is not None
    match = await move(service, undone.match, planner, opening)  # the same move again, by hand
    report = await service.move(match.id, other, reply, expected_version=match.version)
    assert all(e.stand_in is None for e in report.entries), "the plan was keyed on a move taken back"
    assert await desk.take_words(match.id) == [(planner, Dropped("undone"))]


def test_a_plan_survives_the_undo_of_a_move_after_the_one_it_followed() -> None:
    from datetime import UTC, datetime

    from bot.app.matches import LogEntry
    from bot.app.plans.follow import Planned, follow
    from bot.app.plans.model import Plan

    game = find_game("subulata")
    state = game.new(2, {"layout": "fixed"})
    # Played out to the first real decision, so the state has moves to parse.
    while state.is_chance() or state.turn is None:  # type: ignore[attr-defined]
        state = state.apply(state.chance_outcomes()[0][0] if state.is_chance() else state.legal_moves()[0])
    (seat,) = state.actors()
    mine = state.format_move(state.legal_moves(seat)[0])
    at = datetime(2026, 1, 1, tzinfo=UTC)
    plan = Plan(seat, 10, "reply", (Branch("x1-x2", mine),))
    since = [
        LogEntry(11, LogKind.MOVE, 1 - seat, "y1-y2", at),
        LogEntry(12, LogKind.UNDO, 1 - seat, "undo:11", at),
        LogEntry(13, LogKind.MOVE, 1 - seat, "x1-x2", at),
    ]
    found = follow(plan, since, state, seat, 13)
    assert isinstance(found, Planned) and state.format_move(found.move) == mine and found.rest is None
    taken_back = [LogEntry(11, LogKind.UNDO, seat, "undo:9", at), LogEntry(12, LogKind.MOVE, 1 - seat, "x1-x2", at)]
    assert follow(plan, taken_back, state, seat, 12) == Dropped("undone")


@pytest.mark.postgres
async def test_a_plan_and_a_typed_move_arriving_together_apply_once_on_postgresql(pg_url: str) -> None:
    stores = [await Store.open(pg_url, pool_size=4) for _ in range(2)]
    try:
        (service, desk), (other, _) = service_of(stores[0]), service_of(stores[1])
        orders = set()
        for _ in range(6):
            match = await open_match(service, "ur", {"rules": "v2"}, (ALICE, BOB))
            match = await at(stores[0], service, match, BOB_TO_PLAY)
            form = await desk.form(match.id, ALICE)
            branches = tuple(Branch(c.when, c.moves[0]) for c in form.choices)
            left, moved = await asyncio.gather(
                desk.leave(match.id, ALICE, branches, expected_version=match.version),
                other.move(match.id, BOB, "C4-C2", expected_version=match.version),
                return_exceptions=True,
            )
            assert not isinstance(moved, BaseException), moved
            log = await service.history(match.id)
            by_plan = [ply for ply, name in (await played_for(stores[0], match)).items() if name == "plan"]
            if isinstance(left, BaseException):
                # The move came first: the plan, left at a position passed, is refused and nothing is kept.
                assert isinstance(left, BoardChangedError), left
                assert by_plan == [] and await desk.plans_of(ALICE, match.id) == []
                orders.add("move first")
            else:
                # The plan came first: the move's change played it, once.
                assert len(by_plan) <= 1
                assert all(e.stand_in is None for e in moved.entries if e.seat == 1)
                orders.add("plan first")
            assert sum(1 for e in log if e.kind is LogKind.MOVE and e.seat == 0) == len(by_plan)
            await service.abort(match.id, ALICE)
        assert orders, "each round ran one way or the other"
    finally:
        for store in stores:
            await store.close()


async def test_a_reply_plan_two_turns_deep_plays_both_answers(store: Store) -> None:
    service, desk = service_of(store)
    match = await subulata_under_way(service)
    (seat,) = match.state.actors()
    mover, planner = match.seats[seat], match.seats[1 - seat]
    form = await desk.form(match.id, planner)
    first = form.choices[0].when
    answer = form.answers(first)[0]
    after = form.known.apply(form.known.parse_move(first))
    after = after.apply(after.parse_move(answer, 1 - seat))
    second = after.format_move(after.legal_moves(seat)[0])
    then = after.apply(after.parse_move(second))
    again = then.format_move(then.legal_moves(1 - seat)[0])
    plan = await desk.leave(
        match.id, planner, (Branch(first, answer, (Branch(second, again),)),), expected_version=match.version
    )
    assert plan.entries() == 2
    report = await service.move(match.id, mover, first, expected_version=match.version)
    assert [e.stand_in for e in report.entries] == [None, "plan"]
    (left,) = await desk.plans_of(planner)
    assert left.plan.branches == (Branch(second, again),), "the next level waits for the next reply"
    report = await service.move(match.id, mover, second, expected_version=report.match.version)
    assert [(e.notation, e.stand_in) for e in report.entries] == [(second, None), (again, "plan")]
    await spent(desk, match, planner, again)
