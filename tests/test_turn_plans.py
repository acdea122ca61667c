"""Turn plans (issue 36, item 2) for Ultima-Tek, whose turn is several decisions: a plan keyed on the opponent's
whole public turn plays the member's whole next turn, never reads the opponent's secrets, and is spent (with its
word, which offers the next plan) once its last choice is played."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.app.matches import LogKind, Match, MatchError, MatchService
from bot.app.plans import turns, ultimatek
from bot.app.plans.desk import PlanDesk
from bot.app.plans.follow import PLAYED, Dropped
from bot.app.plans.model import GO_ON, Branch, Plan
from bot.app.storage import Store
from games import ultimatek as tek_rules
from games.ultimatek import from_text
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, Clock
from tests.test_plans import at, service_of


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


async def tek_match(service: MatchService, autoplay: str = "on") -> tuple[Match, int, int]:
    """An Ultima-Tek match under way: (the match, the user to act, the other one)."""
    match = await open_match(service, "ultimatek", {"autoplay": autoplay}, (ALICE, BOB))
    (seat,) = match.state.actors()
    return match, match.seats[seat], match.seats[1 - seat]


async def play(service: MatchService, match: Match, user: int, moves: list[str]) -> Match:
    for text in moves:
        if user not in [match.seats[s] for s in match.state.actors()]:
            break  # autoplay made the rest (forced decisions)
        # A bonus placed face down reads "place c3" in public: the opponent places one of theirs there.
        (seat,) = match.state.actors()
        real = next(
            m for m in match.state.legal_moves(seat) if match.game.public_notation(match.state.format_move(m)) == text
        )
        text = match.state.format_move(real)
        match = (await service.move(match.id, user, text, expected_version=match.version)).match
    return match


@pytest.mark.parametrize("autoplay", ["on", "off"])
async def test_a_turn_plan_plays_the_whole_planned_turn_after_the_opponents_turn(store: Store, autoplay: str) -> None:
    service, desk = service_of(store)
    match, mover, planner = await tek_match(service, autoplay)
    form = await desk.form(match.id, planner)
    assert form.keyed == "turn" and form.choices and not form.prefill, "rated: blank"
    assert form.choices[0].when == turns.ANY, "whatever they play, first"
    choice = form.choices[1]
    mine = form.answers(choice.when)[0]
    plan = await desk.leave(match.id, planner, (Branch(choice.when, mine),), expected_version=match.version)
    assert turns.flat(plan.branches[0]) == mine and plan.branches[0].then[0].when == GO_ON
    # The opponent plays the turn the plan names (the form found it from what the member may see).
    theirs = [m.strip() for m in choice.when.split(";")]
    before = match.version
    match = await play(service, match, mover, theirs)
    log = [e for e in await service.history(match.id) if e.ply > before and e.kind is LogKind.MOVE]
    played = [e for e in log if e.seat == form.seat]
    assert [e.notation for e in played] == turns.split(mine)
    assert {e.stand_in for e in played} <= {"plan", None} and any(e.stand_in == "plan" for e in played)
    assert match.state.actors() != (form.seat,), "the member's turn is over"
    ((who, word),) = await desk.take_words(match.id)
    assert who == planner and word.reason == PLAYED
    assert await desk.plans_of(planner) == []


async def test_another_opponent_turn_drops_the_plan_with_a_word(store: Store) -> None:
    service, desk = service_of(store)
    match, mover, planner = await tek_match(service)
    form = await desk.form(match.id, planner)
    planned = form.choices[1]
    await desk.leave(
        match.id, planner, (Branch(planned.when, form.answers(planned.when)[0]),), expected_version=match.version
    )
    other = next(c for c in form.choices[1:] if c.when != planned.when)
    match = await play(service, match, mover, [m.strip() for m in other.when.split(";")])
    assert all(e.stand_in is None for e in await service.history(match.id))
    ((who, word),) = await desk.take_words(match.id)
    assert (who, word) == (planner, Dropped("unforeseen", {"reply": other.when}))


async def test_a_turn_plan_is_checked_before_it_is_kept(store: Store) -> None:
    service, desk = service_of(store)
    match, mover, planner = await tek_match(service)
    form = await desk.form(match.id, planner)
    choice = form.choices[1]
    mine = turns.split(form.answers(choice.when)[0])
    bad = [
        (Branch("z9-z8", "; ".join(mine)), "plan_reply"),  # a turn the opponent cannot play
        (Branch(choice.when, "z9-z8"), "plan_move"),  # not a legal decision of the member's
        (Branch(choice.when, "; ".join([*mine, *mine])), "plan_move"),  # past the end of the member's turn
    ]
    for branch, key in bad:
        with pytest.raises(MatchError) as refused:
            await desk.leave(match.id, planner, (branch,), expected_version=match.version)
        assert refused.value.key == key
    with pytest.raises(MatchError):
        await desk.form(match.id, mover)  # the opponent is to act: their own turn first
    assert await desk.plans_of(planner) == []


async def test_the_offers_read_nothing_the_member_cannot_see(store: Store) -> None:
    # Twin positions differing only in the opponent's hidden bonuses give the member the same form.
    service, desk = service_of(store)
    match, _, planner = await tek_match(service)
    seat = match.seats.index(planner)
    form = await desk.form(match.id, planner)
    for deal in range(3):
        again = match.game.resample_hidden(match.state, seat, random.Random(deal))
        assert again.view_for(seat) == match.state.view_for(seat)
        twin = await at(store, service, match, again.to_text())
        other = await PlanDesk(store, service, Clock()).form(twin.id, planner)  # a new desk: nothing kept
        assert [(c.when, c.label) for c in other.choices] == [(c.when, c.label) for c in form.choices]
        assert other.turns == form.turns


# Red to act; a red piece on e5, a hex the planned blue turn moves to (the rest of the set-up as it stands).
RED_ON_E5 = "ultimatek act=red red=e5:2,f1:2,f2:2,f3:3,f5:2,g2:1,g3:1,g4:1,g5:1,h3:3"
RED_STOP_ON_D4 = "ultimatek act=red phase=1 red=d4:2+stop,f1:2,f2:2,f3:3,f5:2,g2:1,g3:1,g4:1,g5:1,h3:3"
"""Red to reveal or discard a face-down Stop on its piece on d4, where a blue piece the planned turn moves stands."""
MINE = ["c5-c6", "d4-e5", "end"]
"""Blue's planned turn for whatever red plays: it names c5, c6, d4 and e5."""


@pytest.mark.parametrize(
    ("position", "theirs", "plays"),
    [
        (RED_ON_E5, ["g2-h2", "end"], True),  # far from the planned turn
        (RED_ON_E5, ["e5-f4", "end"], True),  # leaves e5, where the turn goes: it does the same (stopped before)
        (RED_ON_E5, ["e5-d4", "end"], True),  # comes to d4, which the turn leaves (stopped before)
        (RED_ON_E5, ["f3>e4", "end"], True),  # the disc flies past the turn's hexes
        (RED_STOP_ON_D4, ["discard d4", "end"], True),  # a bonus discarded under a piece the turn moves
        (RED_STOP_ON_D4, ["reveal d4", "end"], False),  # a Stop revealed there blocks it: d4-e5 no longer legal
    ],
)
async def test_a_plan_for_any_turn_stops_only_when_the_opponents_turn_changes_what_it_does(
    store: Store, position: str, theirs: list[str], plays: bool
) -> None:
    service, desk = service_of(store)
    match, _, _ = await tek_match(service)
    match = await at(store, service, match, position)
    planner, mover = match.seats
    plan = Plan(0, match.version, "turn", (Branch(turns.ANY, MINE[0], turns.chain(MINE).then),))
    await store.put_plan(match.id, planner, 0, plan.base, plan.to_json(), plan.entries(), now=match.updated_at)
    before = match.version
    match = await play(service, match, mover, theirs)
    log = [e for e in await service.history(match.id) if e.ply > before and e.kind is LogKind.MOVE and e.seat == 0]
    ((who, word),) = await desk.take_words(match.id)
    assert who == planner
    if plays:
        assert word.reason == PLAYED
        assert [e.notation for e in log] == MINE and all(e.stand_in == "plan" for e in log)
    else:
        assert word == Dropped("stopped", {"move": MINE[0]})
        assert log == []


BLUE_TO_ACT = "ultimatek act=blue"


@pytest.mark.parametrize(
    ("position", "changed"),
    [
        (BLUE_TO_ACT, False),
        (BLUE_TO_ACT + " red=e5:2,f1:2,f2:2,f3:3,f5:2,g2:1,g3:1,g4:1,g5:1,h3:3", False),  # a red piece on e5 too
        (BLUE_TO_ACT.replace("blue", "blue blue=b3:3,c2:1,c3:1,c4:1,c5:1,d1:2,d2:2,d3:3,d4:2!,d5:2"), True),  # blocked
        (BLUE_TO_ACT + " credits=1", True),  # the turn ends before the plan does
        (BLUE_TO_ACT.replace("blue", "blue blue=b3:3,c2:1,c3:1,c4:1,c6:1,d1:2,d2:2,d3:3,d4:2,d5:2"), True),  # no c5
    ],
)
def test_what_changes_a_planned_ultimatek_turn(position: str, changed: bool) -> None:
    state = from_text(position)
    assert ultimatek.changes(tek_rules.INFO, ["g2-h2", "end"], state, 0, MINE) is changed


def test_a_turns_text_ends_where_the_next_turn_begins() -> None:
    # A chain may be followed by the branches of the member's next turn (for any opponent turn): not part of it.
    second = Branch(turns.ANY, "c6-c7", (Branch(GO_ON, "end"),))
    assert turns.flat(Branch(turns.ANY, "c5-c6", (Branch(GO_ON, "end", (second,)),))) == "c5-c6; end"
    assert turns.flat(second) == "c6-c7; end"
