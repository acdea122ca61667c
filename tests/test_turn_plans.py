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
from bot.app.plans.model import GO_ON, Branch
from bot.app.storage import Store
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


@pytest.mark.parametrize("touching", [False, True])
async def test_a_plan_for_any_turn_plays_unless_the_opponent_touches_its_hexes(store: Store, touching: bool) -> None:
    service, desk = service_of(store)
    match, mover, planner = await tek_match(service)
    form = await desk.form(match.id, planner)
    mine = form.answers(turns.ANY)[0]
    places = set().union(*(ultimatek.places(m) for m in turns.split(mine)))
    # An opponent turn of the form's that names a hex of the planned turn, or one that names none.
    theirs = next(
        (c for c in form.choices[1:] if bool(places & ultimatek.places(c.when)) == touching),
        None,
    )
    if theirs is None:
        pytest.skip("no such opponent turn offered here")
    await desk.leave(match.id, planner, (Branch(turns.ANY, mine),), expected_version=match.version)
    before = match.version
    match = await play(service, match, mover, turns.split(theirs.when))
    log = [e for e in await service.history(match.id) if e.ply > before and e.kind is LogKind.MOVE]
    ((who, word),) = await desk.take_words(match.id)
    if touching:
        assert word == Dropped("stopped", {"move": turns.split(mine)[0]})
        assert all(e.stand_in is None for e in log)
    else:
        assert word.reason == PLAYED and who == planner
        assert [e.notation for e in log if e.seat == form.seat][: len(turns.split(mine))] == turns.split(mine)
