"""Plans for Variante 3's placements (issue 36, item 2): no dice while the pawns are placed, so a plan keys on the
opponent's placement ("if bob places on B4 → I place on C4") or names a placement for any of his, stopped when his
takes the planned square, lands on its motif or leaves him a placement from a goal. The auto-stop read on
positions, then plans left, played and stopped through the service."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import AsyncIterator

import pytest

from bot.app.matches import LogKind, Match, MatchError, MatchService
from bot.app.plans import turns, ur
from bot.app.plans.desk import PlanDesk
from bot.app.plans.follow import PLAYED, Dropped
from bot.app.plans.model import Branch, walk
from bot.app.plans.suggest import suggested
from bot.app.storage import Store
from bot.shell.plans.draft import MAX_CODE, Draft, any_chain, branches_of, draft_of
from games import ur as ur_rules
from games.ur import from_text
from tests.test_plans import service_of, ur_match

# Alice (seat 0, row A) places, bob has placed twice; alice to place her third pawn after bob's third.
ALICE_PLACED = "v3 0r:A1r,C1r 1r:B2r,C4r 1 -"
"""Bob (seat 1) to place his third pawn: alice has A1 and C1 (rosettes), bob B2 (five dots) and C4 (an eye): no
goal is left to him (four on one motif and one single square)."""


def alice_to_place(bob_third: str) -> str:
    """Alice to place, after bob placed his third pawn on ``bob_third``."""
    squares = ",".join(sorted(["B2r", "B5r", f"{bob_third}r"]))
    return f"v3 0r:A1r,C1r 1r:{squares} 0 -"


@pytest.mark.parametrize(
    ("bob", "reply", "mine", "changed"),
    [
        ("B2,C4", "A3", "@B4", False),  # a five-dots square: nothing of the rosettes'
        ("B2,C4", "B4", "@B4", True),  # the planned square taken
        ("B2,C4", "A7", "@B4", False),  # his first rosette: four are left, alice's plan goes on
        ("B2,C7", "A7", "@B4", True),  # his second rosette: four can no longer be alice's
        ("B5,C7", "B2", "@A3", True),  # his second five-dots square: A3's motif spoiled
        ("B2,C4", "B1", "@C2", False),  # a single square; C2 is an eye
        ("B3,B6", "B1", "@C8", False),  # single squares are never spoiled (a goal wants one of five)
        ("B2,B5", "A3", "@B4", True),  # his third five-dots pawn: two placements from a goal (a fourth, a single)
        ("B2,B1", "B5", "@C2", True),  # his second five-dots pawn and a single: two from a goal too
    ],
)
def test_what_changes_a_planned_placement(bob: str, reply: str, mine: str, changed: bool) -> None:
    squares = ",".join(f"{square}r" for square in sorted([*bob.split(","), reply]))
    state = from_text(f"v3 0r:A1r,C1r 1r:{squares} 0 -")
    assert ur.changes(ur_rules.INFO, [f"@{reply}"], state, 0, [mine]) is changed


def test_a_placement_plan_asks_when_bob_is_a_placement_from_a_goal_it_does_not_block() -> None:
    # Bob has three five-dots pawns (B2 B5 C3) and a single square (B1); A3 is alice's: B8 alone would make his
    # goal. A planned B8 blocks it and plays; a planned C7 leaves it to him and asks.
    state = from_text("v3 0r:A1r,A3r,C1r 1r:B1r,B2r,B5r,C3r 0 -")
    assert ur.goal_in_one(state, 1)
    assert not ur.goal_in_one(state.apply(state.parse_move("@B8", 0)), 1)
    assert ur.changes(ur_rules.INFO, ["@B1"], state, 0, ["@B8"]) is False
    assert ur.changes(ur_rules.INFO, ["@B1"], state, 0, ["@C7"]) is True


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


async def v3_match(store: Store, text: str = ALICE_PLACED) -> tuple[MatchService, PlanDesk, Match]:
    service, desk = service_of(store)
    return service, desk, await ur_match(store, service, text, "v3")


async def placements(service: MatchService, match: Match, since: int) -> list[tuple[int, str, str | None]]:
    return [
        (e.seat, e.notation, e.stand_in)
        for e in await service.history(match.id)
        if e.ply > since and e.kind is LogKind.MOVE
    ]


async def test_the_form_in_the_placement_phase_is_keyed_on_bobs_placement(store: Store) -> None:
    _, desk, match = await v3_match(store)
    form = await desk.form(match.id, match.seats[0])
    assert form.keyed == "reply"
    assert [c.when for c in form.choices][:2] == ["@A2", "@A3"] and form.choices[-1].when == turns.ANY
    assert len(form.choices) == 16 + 1  # 16 empty squares, and any placement
    # Any placement: every empty square is on offer (the reply passed over), the first one included.
    assert form.answers(turns.ANY)[:2] == ("@A2", "@A3") and len(form.answers(turns.ANY)) == 16
    assert len(form.answers("@A2")) == 15
    # The turn after: bob's fourth placement, then alice's fifth, for any placement of his listed with both of
    # his passed over: every square but A2 is on offer.
    after = form.turn_after(form.choices[-1], "@A2")
    assert after[-1].when == turns.ANY and len(form.answers_at(after[-1])) == 15


async def test_a_plan_keyed_on_bobs_placement_plays_it(store: Store) -> None:
    service, desk, match = await v3_match(store)
    alice, bob = match.seats
    await desk.leave(match.id, alice, (Branch("@B4", "@C2"), Branch("@A3", "@B4")), expected_version=match.version)
    before = match.version
    match = (await service.move(match.id, bob, "@A3", expected_version=match.version)).match
    assert await placements(service, match, before) == [(1, "@A3", None), (0, "@B4", "plan")]
    ((who, word),) = await desk.take_words(match.id)
    assert who == alice and word.reason == PLAYED


@pytest.mark.parametrize("reply", ["@A3", "@C8", "@B6"])
async def test_a_plan_for_any_placement_plays_two_placements(store: Store, reply: str) -> None:
    service, desk, match = await v3_match(store)
    alice, bob = match.seats
    plan = (Branch(turns.ANY, "@C2", (Branch(turns.ANY, "@B7"),)),)
    assert (await desk.leave(match.id, alice, plan, expected_version=match.version)).branches == plan
    before = match.version
    match = (await service.move(match.id, bob, reply, expected_version=match.version)).match
    match = (await service.move(match.id, bob, "@C7", expected_version=match.version)).match
    played = await placements(service, match, before)
    assert [(seat, stand_in) for seat, _, stand_in in played] == [(1, None), (0, "plan"), (1, None), (0, "plan")]
    assert [notation for seat, notation, _ in played if seat == 0] == ["@C2", "@B7"]


async def test_a_plan_for_any_placement_stops_when_bob_spoils_its_motif(store: Store) -> None:
    # Bob holds C7: a second rosette of his leaves alice's B4 short of four rosettes.
    service, desk, match = await v3_match(store, "v3 0r:A1r,C1r 1r:B2r,C7r 1 -")
    alice, bob = match.seats
    await desk.leave(match.id, alice, (Branch(turns.ANY, "@B4"),), expected_version=match.version)
    before = match.version
    match = (await service.move(match.id, bob, "@A7", expected_version=match.version)).match
    assert await placements(service, match, before) == [(1, "@A7", None)]
    ((_, word),) = await desk.take_words(match.id)
    assert word == Dropped("contested", {"move": "@B4"})


async def test_a_plan_for_any_placement_stops_when_bob_takes_its_square(store: Store) -> None:
    service, desk, match = await v3_match(store)
    alice, bob = match.seats
    await desk.leave(match.id, alice, (Branch(turns.ANY, "@C3"),), expected_version=match.version)
    match = (await service.move(match.id, bob, "@C3", expected_version=match.version)).match
    ((_, word),) = await desk.take_words(match.id)
    assert word == Dropped("contested", {"move": "@C3"})


async def test_a_placement_plan_naming_a_taken_square_or_a_roll_is_refused_with_nothing_stored(store: Store) -> None:
    _, desk, match = await v3_match(store)
    alice = match.seats[0]
    for branch, key in (
        (Branch(turns.ANY, "@B2"), "plan_move"),  # bob's pawn stands there
        (Branch("@B2", "@C4"), "plan_reply"),  # bob cannot place on his own pawn
        (Branch("@A3", "@A3"), "plan_move"),  # the square bob just took
        (Branch("roll:2", "A1-A3"), "plan_reply"),  # no roll while placing
    ):
        with pytest.raises(MatchError) as refused:
            await desk.leave(match.id, alice, (branch,), expected_version=match.version)
        assert refused.value.key == key, branch
    assert await desk.plans_of(alice) == []


async def test_the_judges_suggestion_leaves_the_guessed_placement_and_any_placement(store: Store) -> None:
    _, desk, match = await v3_match(store)
    form = await desk.form(match.id, match.seats[0])
    branches = suggested(match.game, form.known, 0, random.Random(1))
    assert [b.when == turns.ANY for b in branches] == [False, True]
    assert all(b.play.startswith("@") for b in branches)
    assert form.rated and form.prefill == ()  # a rated match's form starts blank


async def test_the_last_placement_is_planned_and_the_rolls_come_after(store: Store) -> None:
    # Bob places his fourth pawn; alice (four placed) plans her fifth: one level, nothing past the dice.
    service, desk, match = await v3_match(store, "v3 0r:A1r,A7r,B4r,C2r 1r:A2r,B2r,C8r 1 -")
    alice, bob = match.seats
    form = await desk.form(match.id, alice)
    assert form.keyed == "reply" and form.turn_after(form.choices[-1], "@A3") == ()
    await desk.leave(match.id, alice, (Branch(turns.ANY, "@A3"),), expected_version=match.version)
    before = match.version
    match = (await service.move(match.id, bob, "@A8", expected_version=match.version)).match
    assert await placements(service, match, before) == [(1, "@A8", None), (0, "@A3", "plan")]
    # Bob's last placement: alice throws first, and bob's form is a roll plan for his first throw.
    match = (await service.move(match.id, bob, "@B6", expected_version=match.version)).match
    assert match.state.outcome() is None
    assert (await desk.form(match.id, bob)).keyed == "roll"


async def test_the_form_reaches_every_placement_after_the_next_each_for_any_placement(store: Store) -> None:
    # From alice's first placement her plan reaches her four others: the form's second page offers the third and
    # the fourth, for any placement of bob's; the menus keep the judge's suggestion whole, and it is stored.
    service, desk, match = await v3_match(store, "v3 0r:A1r 1r:- 1 -")
    alice, bob = match.seats
    form = await desk.form(match.id, alice)
    assert form.reply_depth == 4
    anyway = form.choices[-1]
    second = form.turn_after(anyway, "@B4")[-1]
    assert second.when == turns.ANY
    levels = form.deeper(anyway, "@B4", second, "@A7", [])
    assert len(levels) == 1 and "@C7" in levels[0]
    levels = form.deeper(anyway, "@B4", second, "@A7", ["@C7"])
    assert len(levels) == 2 and "@C7" not in levels[1] and "@B1" in levels[1]
    plan = suggested(match.game, form.known, 0, random.Random(1))
    chain = plan[-1]
    assert chain.when == turns.ANY and [b.when for b in walk((chain,))] == [turns.ANY] * 4
    offered = dataclasses.replace(form, prefill=plan)
    assert branches_of(offered, draft_of(offered)) == plan
    # Left whole, it places alice's four pawns while bob places where nothing of hers is contested.
    mine = (Branch(turns.ANY, "@B4", any_chain(["@A7", "@C7", "@B1"])),)
    await desk.leave(match.id, alice, mine, expected_version=match.version)
    before = match.version
    for square in ("@A2", "@A3", "@B2", "@C2"):
        match = (await service.move(match.id, bob, square, expected_version=match.version)).match
    played = await placements(service, match, before)
    assert [n for seat, n, stand_in in played if seat == 0 and stand_in == "plan"] == ["@B4", "@A7", "@C7", "@B1"]


def test_a_draft_four_placements_deep_fits_a_custom_id() -> None:
    # Five lines of six numbers are more than a custom id holds: the oldest lines other than the one shown go.
    lines = tuple((r, 14, 15, 13, 12, 11) for r in (10, 11, 12, 13, 16))
    draft = Draft(lines=lines, pending=10, page=1)
    code = draft.code("reply")
    assert len(code) <= MAX_CODE
    kept = Draft.read("reply", code)
    assert kept.pending == 10 and kept.page == 1 and lines[0] in kept.lines
    assert all(line in lines for line in kept.lines) and len(kept.lines) >= 3
