"""Plans two turns deep (issue 36): left at once with the first turn, so the turn after a plan played is covered
too. In Ur keyed on the member's own rolls for both turns, the turn after read on the real board when it comes;
elsewhere keyed on the opponent's reply, then their next reply."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.app.matches import LogEntry, LogKind, MatchError, MatchService, MatchStatus
from bot.app.plans.desk import PlanForm
from bot.app.plans.follow import Dropped, Planned, follow
from bot.app.plans.model import Branch, Plan
from bot.app.plans.suggest import suggested
from bot.app.plans.turns import ANY
from bot.app.storage import Store
from games import find_game
from games.base import GameState
from tests.test_matches import ALICE, BOB
from tests.test_plans import BOB_TO_PLAY, played_for, service_of, spent, store, subulata_under_way, ur_match

__all__ = ["store"]

AT = datetime(2026, 1, 1, tzinfo=UTC)


def two_deep(form: PlanForm) -> tuple[Branch, ...]:
    """Every roll of the form with its first move, and under it every roll of the turn after with its first."""
    return tuple(
        Branch(c.when, c.moves[0], tuple(Branch(d.when, d.moves[0]) for d in form.turn_after(c, c.moves[0])))
        for c in form.choices
    )


async def play_bob(service: MatchService, match_id: int) -> list[LogEntry]:
    """Bob plays his first legal move while he is the one to act; the entries of those changes."""
    entries: list[LogEntry] = []
    match = await service.get(match_id)
    while match.status is MatchStatus.ACTIVE and match.state.actors() == (1,):
        text = match.state.format_move(match.state.legal_moves(1)[0])
        report = await service.move(match.id, BOB, text, expected_version=match.version)
        entries += report.entries
        match = report.match
    return entries


async def test_a_roll_plan_two_turns_deep_plays_the_next_turn_and_the_one_after(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    plan = await desk.leave(match.id, ALICE, two_deep(form), expected_version=match.version)
    assert all(b.then for b in plan.branches), "every turn has its turn after"
    entries = await play_bob(service, match.id)  # alice's turns are played inside bob's changes
    mine = [e for e in entries if e.seat == 0 and e.kind is LogKind.MOVE]
    assert len(mine) == 2 and (await service.get(match.id)).state.actors() == (0,), "asked at the third turn"
    assert_played_by_the_plan(plan.branches, mine, entries)
    assert (await played_for(store, match)).get(mine[-1].ply) == "plan"
    assert all(e.stand_in is None for e in entries if e.seat == 1)
    await spent(desk, match, ALICE, mine[-1].notation)


def assert_played_by_the_plan(branches: tuple[Branch, ...], mine: list[LogEntry], entries: list[LogEntry]) -> None:
    """Each of ``mine`` is the move the plan names for the roll just before it, one turn deeper each time, and
    was played by the plan."""
    level = branches
    for turn in mine:
        roll = [e for e in entries if e.kind is LogKind.CHANCE and e.ply < turn.ply][-1].notation
        branch = next(b for b in level if b.when == roll)
        assert (turn.notation, turn.stand_in) == (branch.play, "plan")
        level = branch.then


def ur_state(text: str) -> GameState:
    """An Ur position from its one-line text."""
    state: GameState = find_game("ur").from_text(text)
    return state


def test_the_turn_after_holds_whatever_the_opponent_plays_unless_it_takes_the_piece_it_names() -> None:
    # Alice (seat 0) planned in-A3 on a 2, then B5-B6 on a 1. Her 2 left her that one move, which autoplay
    # played at once without asking the plan: the plan goes on with the turn after.
    plan = Plan(0, 10, "roll", (Branch("roll:2", "in-A3", (Branch("roll:1", "B5-B6"),)),))
    since = [
        LogEntry(11, LogKind.CHANCE, None, "roll:2", AT),
        LogEntry(12, LogKind.MOVE, 0, "in-A3", AT),  # her only move, played by autoplay
        LogEntry(13, LogKind.CHANCE, None, "roll:3", AT),
        LogEntry(14, LogKind.MOVE, 1, "C4-C1", AT),  # bob moves elsewhere
        LogEntry(15, LogKind.CHANCE, None, "roll:1", AT),
    ]
    board = ur_state("v2 0:A3,A4,B5 1:C1 0 1")
    found = follow(plan, since, board, 0, 15)
    assert isinstance(found, Planned) and board.format_move(found.move) == "B5-B6" and found.rest is None
    # Bob took the piece on B5 instead: the turn after names a piece that is gone, the plan stops with a word.
    taken = [*since[:3], LogEntry(14, LogKind.MOVE, 1, "B4xB5", AT), since[4]]
    assert follow(plan, taken, ur_state("v2 0:A3,A4 1:B5 0 1"), 0, 15) == Dropped("stopped", {"move": "B5-B6"})
    # A move the plan did not name for that roll was played for her: the turn after no longer follows from it.
    other = [*since[:1], LogEntry(12, LogKind.MOVE, 0, "A4-A2", AT), *since[2:]]
    assert follow(plan, other, board, 0, 15) == Dropped("moved")


def test_a_planned_move_that_now_takes_a_piece_is_still_the_move_named() -> None:
    plan = Plan(0, 10, "roll", (Branch("roll:1", "B5-B6"),))
    since = [LogEntry(11, LogKind.CHANCE, None, "roll:3", AT), LogEntry(12, LogKind.MOVE, 1, "C4-B6", AT)]
    since.append(LogEntry(13, LogKind.CHANCE, None, "roll:1", AT))
    board = ur_state("v2 0:A4,B5 1:B6 0 1")
    found = follow(plan, since, board, 0, 13)
    assert isinstance(found, Planned) and board.format_move(found.move) == "B5xB6"


async def test_the_suggestions_reach_the_turn_after(store: Store) -> None:
    service, desk = service_of(store)
    board = ur_state(BOB_TO_PLAY)
    known = board.apply(board.parse_move("C4-C2", 1))
    branches = suggested(find_game("ur"), known, ALICE_SEAT, random.Random(1))
    assert branches and all(b.then for b in branches), "Ur: every roll with its turn after"
    sub = await subulata_under_way(service)
    (seat,) = sub.state.actors()
    deep = suggested(sub.game, sub.state, 1 - seat, random.Random(1))
    # The guessed reply with the judge's answer to it, and any reply with the move that stays near the best after
    # the most replies (Subulata's plans for any reply, which the judge's stop reads in an unrated match), each
    # then for any next reply.
    guessed, wild = deep
    assert guessed.when != ANY and wild.when == ANY
    for line in (guessed, wild):
        ((then,),) = {line.then}
        assert then.when == ANY and not then.then
    planner = sub.seats[1 - seat]
    plan = await desk.leave(sub.id, planner, deep, expected_version=sub.version)
    assert plan.entries() == 4, "two lines of two turns"


ALICE_SEAT = 0


async def test_a_turn_after_that_cannot_be_played_is_refused_with_nothing_stored(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    first = form.choices[-1]
    refusals = {
        "plan_move": (Branch(first.when, first.moves[0], (Branch("roll:1", "C4-C5"),)),),  # bob's piece
        "plan_roll": (Branch(first.when, first.moves[0], (Branch("roll:9", "in"),)),),
        "plan_twice": (Branch(first.when, first.moves[0], (Branch("roll:1", "in"), Branch("roll:1", "in"))),),
    }
    for key, branches in refusals.items():
        with pytest.raises(MatchError) as refused:
            await desk.leave(match.id, ALICE, branches, expected_version=match.version)
        assert refused.value.key == key
    await service.abort(match.id, ALICE)
    sub = await subulata_under_way(service)
    (seat,) = sub.state.actors()
    sub_form = await desk.form(sub.id, sub.seats[1 - seat])
    reply = sub_form.choices[0].when
    answer = sub_form.answers(reply)[0]
    nowhere = (Branch(reply, answer, (Branch("z9-z8", answer),)),)
    with pytest.raises(MatchError) as refused:
        await desk.leave(sub.id, sub.seats[1 - seat], nowhere, expected_version=sub.version)
    assert refused.value.key == "plan_reply"
    assert await desk.plans_of(ALICE) == [] and await desk.plans_of(sub.seats[1 - seat]) == []


async def test_a_restart_keeps_a_plan_two_turns_deep(tmp_path: Path) -> None:
    path = str(tmp_path / "plateau.db")
    first = await Store.open(path)
    service, desk = service_of(first)
    match = await ur_match(first, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    plan = await desk.leave(match.id, ALICE, two_deep(form), expected_version=match.version)
    await first.close()
    again = await Store.open(path)
    try:
        _, desk = service_of(again)
        (kept,) = await desk.plans_of(ALICE)
        assert kept.plan == plan and all(b.then for b in kept.plan.branches)
    finally:
        await again.close()
