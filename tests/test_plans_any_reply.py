"""Plans for any reply (issue 36, item 2) in Subulata: "whatever bob plays, unless he takes or threatens one of my
pieces: my move". The auto-stop read on positions, then the plan left, played and stopped through the service; in
an unrated match the judge's stop too (a reply that made the planned move clearly worse without touching a piece)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.app.matches import LogEntry, LogKind, Match, MatchError, MatchService
from bot.app.plans import subulata, turns
from bot.app.plans.desk import PlanDesk
from bot.app.plans.follow import OUTPLAYED, PLAYED, Dropped, Planned, follow
from bot.app.plans.model import Branch, Plan
from bot.app.plans.suggest import suggested
from bot.app.storage import Store
from bot.shell.plans.draft import branches_of, draft_of
from games import subulata as subulata_rules
from games.subulata import from_text
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, CHANNEL, GUILD
from tests.test_plans import at, service_of

LAYOUT = "subulata 10,20,30,40,50,60,70,80,90"
WHITE = "a1=1,b1=2,c1=3,a2=4,b2=5,c2=6,a3=7,b3=8,c3=9"
BLACK_REST = "h7=8,i7=7,g8=6,h8=5,i8=4,g9=3,h9=2,i9=1"


def white_to_move(black_cell: str) -> str:
    """White to move, a black piece on ``black_cell`` (the one the reply moved), the others at home."""
    return f"{LAYOUT} {WHITE}/ {black_cell}=9,{BLACK_REST}/ 0"


@pytest.mark.parametrize(
    ("black", "reply", "mine", "changed"),
    [
        ("c6", "c9-c6", "c1-f1", False),  # from c6 (water) it reaches c5 and b6: nothing of White's
        ("c4", "c7-c4", "c1-f1", True),  # from c4 (leaf) it takes c1 next: a threat
        ("c6", "c9xc6", "c1-f1", True),  # a capture
        ("c6", "c9-c6", "c1-c7", True),  # the planned move is not legal
        ("d3", "d6-d3", "b3-d3", True),  # the planned move would now take the piece that landed there
        ("c6", "c9-c6", "b3-d3", False),
    ],
)
def test_what_changes_a_planned_subulata_move(black: str, reply: str, mine: str, changed: bool) -> None:
    state = from_text(white_to_move(black))
    assert subulata.changes(subulata_rules.INFO, [reply], state, 0, [mine]) is changed


async def sub_match(store: Store, text: str) -> tuple[MatchService, PlanDesk, Match]:
    service, desk = service_of(store)
    match = await open_match(service, "subulata", {}, (ALICE, BOB))
    return service, desk, await at(store, service, match, text)


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


# Black to move; White plans c1-f1 for any reply.
BLACK_TO_MOVE = f"{LAYOUT} {WHITE}/ g7=9,{BLACK_REST}/ 1"


@pytest.mark.parametrize("reply", ["g7-f7", "g8-g6", "h8-h5", "g9-d9"])
async def test_a_plan_for_any_reply_plays_the_move_whatever_the_reply(store: Store, reply: str) -> None:
    service, desk, match = await sub_match(store, BLACK_TO_MOVE)
    white, black = match.seats
    plan = await desk.leave(match.id, white, (Branch(turns.ANY, "c1-f1"),), expected_version=match.version)
    assert plan.branches == (Branch(turns.ANY, "c1-f1"),)
    before = match.version
    match = (await service.move(match.id, black, reply, expected_version=match.version)).match
    log = [e for e in await service.history(match.id) if e.ply > before and e.kind is LogKind.MOVE and e.seat == 0]
    ((who, word),) = await desk.take_words(match.id)
    assert who == white and word.reason == PLAYED
    assert [(e.notation, e.stand_in) for e in log] == [("c1-f1", "plan")]


async def test_a_plan_for_any_reply_stops_when_the_reply_threatens_a_piece(store: Store) -> None:
    # Black's g7 piece to c4 is no real move: the position is set with it one step away (c7, leaf: c7-c4).
    service, desk, match = await sub_match(store, f"{LAYOUT} {WHITE}/ c7=9,{BLACK_REST}/ 1")
    white, black = match.seats
    await desk.leave(match.id, white, (Branch(turns.ANY, "c1-f1"),), expected_version=match.version)
    before = match.version
    match = (await service.move(match.id, black, "c7-c4", expected_version=match.version)).match
    log = [e for e in await service.history(match.id) if e.ply > before and e.kind is LogKind.MOVE and e.seat == 0]
    ((_, word),) = await desk.take_words(match.id)
    assert word == Dropped("stopped", {"move": "c1-f1"}) and log == []


async def test_a_plan_for_any_reply_naming_a_move_never_legal_is_refused_with_nothing_stored(store: Store) -> None:
    _, desk, match = await sub_match(store, BLACK_TO_MOVE)
    white = match.seats[0]
    for move, key in (("c1-c7", "plan_move"), ("g7-g6", "plan_move")):  # no such move; black's piece
        with pytest.raises(MatchError) as refused:
            await desk.leave(match.id, white, (Branch(turns.ANY, move),), expected_version=match.version)
        assert refused.value.key == key
    assert await desk.plans_of(white) == []


async def test_a_plan_for_any_reply_goes_two_turns_deep(store: Store) -> None:
    # Whatever black plays, c1-f1; then whatever black plays next, a2-d2: both play, each after a harmless reply.
    service, desk, match = await sub_match(store, BLACK_TO_MOVE)
    white, black = match.seats
    plan = (Branch(turns.ANY, "c1-f1", (Branch(turns.ANY, "a2-d2"),)),)
    await desk.leave(match.id, white, plan, expected_version=match.version)
    before = match.version
    for reply in ("g8-g6", "h8-h5"):
        match = (await service.move(match.id, black, reply, expected_version=match.version)).match
    log = [e for e in await service.history(match.id) if e.ply > before and e.kind is LogKind.MOVE]
    assert [(e.notation, e.stand_in) for e in log] == [
        ("g8-g6", None),
        ("c1-f1", "plan"),
        ("h8-h5", None),
        ("a2-d2", "plan"),
    ]
    ((_, word),) = await desk.take_words(match.id)
    assert word.reason == PLAYED


async def test_the_menus_keep_the_suggestions_for_any_reply_whole(store: Store) -> None:
    # The suggestions are two lines of two turns, as the form's draft keeps them: saved as they were offered.
    _, desk, match = await sub_match(store, BLACK_TO_MOVE)
    white = match.seats[0]
    form = await desk.form(match.id, white)
    branches = suggested(match.game, form.known, 0, random.Random(1))
    assert [b.when == turns.ANY for b in branches] == [False, True]
    assert all([b.when for b in branch.then] == [turns.ANY] for branch in branches)
    offered = dataclasses.replace(form, prefill=branches)
    assert branches_of(offered, draft_of(offered)) == branches


# Black to move, a black piece on d5 (leaf: it moves three cells); white plans c3-e3, the judge's best whatever
# black plays quietly, for any reply. d5-a5 takes nothing and threatens nothing (from a5 it cannot reach a white
# piece), but it lands where white's a2 takes it: a reply that makes the planned move clearly worse.
OFFERED = f"{LAYOUT} {WHITE}/ d5=9,{BLACK_REST}/ 1"
MINE = "c3-e3"


@pytest.mark.parametrize(
    ("reply", "judge", "plays"),
    [
        ("d5-a5", "unrated", False),  # the judge ranks a2xa5 far above c3-e3: the plan stops
        ("d5-a5", None, True),  # a rated match: no judge reads the plan, the member's own move plays
        ("h8-h5", "unrated", True),  # a quiet reply: c3-e3 is still the judge's best
    ],
)
def test_the_judge_stops_a_plan_for_any_reply_that_the_reply_made_clearly_worse(
    reply: str, judge: str | None, plays: bool
) -> None:
    board = from_text(OFFERED)
    after = board.apply(board.parse_move(reply, 1))
    assert not subulata.changes(subulata_rules.INFO, [reply], after, 0, [MINE]), "the game's rule alone lets it play"
    plan = Plan(0, 10, "reply", (Branch(turns.ANY, MINE),))
    since = [LogEntry(11, LogKind.MOVE, 1, reply, datetime(2026, 1, 1, tzinfo=UTC))]
    found = follow(plan, since, after, 0, 11, subulata_rules.INFO, judge)
    if plays:
        assert found == Planned(after.parse_move(MINE, 0), None)
    else:
        assert found == Dropped(OUTPLAYED, {"move": MINE, "points": f"{subulata.JUDGED_POINTS:g}"})


async def unrated_match(store: Store, text: str) -> tuple[MatchService, PlanDesk, Match]:
    service, desk = service_of(store)
    match = await service.create(
        "subulata", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, seed="auto-1", rated=False
    )
    await service.join(match.id, BOB)
    match = (await service.start(match.id, ALICE)).match
    return service, desk, await at(store, service, match, text)


@pytest.mark.parametrize("rated", [False, True])
async def test_an_unrated_plan_for_any_reply_stops_when_the_reply_offers_a_capture(store: Store, rated: bool) -> None:
    service, desk, match = await (sub_match(store, OFFERED) if rated else unrated_match(store, OFFERED))
    assert match.rated is rated
    white, black = match.seats
    await desk.leave(match.id, white, (Branch(turns.ANY, MINE),), expected_version=match.version)
    before = match.version
    match = (await service.move(match.id, black, "d5-a5", expected_version=match.version)).match
    log = [e for e in await service.history(match.id) if e.ply > before and e.kind is LogKind.MOVE and e.seat == 0]
    ((who, word),) = await desk.take_words(match.id)
    if rated:
        assert word.reason == PLAYED and [(e.notation, e.stand_in) for e in log] == [(MINE, "plan")]
    else:
        assert who == white and word == Dropped(OUTPLAYED, {"move": MINE, "points": "0.5"})
        assert log == [] and match.state.actors() == (0,), "white is asked: nothing was played for her"


def test_the_suggestion_for_any_reply_is_the_move_that_stays_near_the_best_whatever_the_reply() -> None:
    board = from_text(OFFERED)
    guessed, wild = suggested(subulata_rules.INFO, board, 0, random.Random(1), 1)
    # The judge guesses d5-d2 (a threat: the rule stops a plan on it) and answers by taking the piece: after any
    # other reply that answer means nothing. For any reply it suggests c3-e3, which all but two replies leave near
    # the best.
    assert (guessed.when, guessed.play) == ("d5-d2", "c2xd2")
    assert wild == Branch(turns.ANY, MINE)
    plan = Plan(0, 10, "reply", (wild,))
    kept = []
    for move in board.legal_moves(1):
        reply, after = board.format_move(move), board.apply(move)
        since = [LogEntry(11, LogKind.MOVE, 1, reply, datetime(2026, 1, 1, tzinfo=UTC))]
        if isinstance(follow(plan, since, after, 0, 11, subulata_rules.INFO, "unrated"), Planned):
            kept.append(reply)
    assert set(kept) == {board.format_move(m) for m in board.legal_moves(1)} - {"d5-d2", "d5-a5"}


async def test_an_unrated_form_suggests_the_steady_moves_two_turns_deep(store: Store) -> None:
    _, desk, match = await unrated_match(store, OFFERED)
    white = match.seats[0]
    form = await desk.form(match.id, white)
    guessed, wild = form.prefill
    # Any reply: c3-e3, whatever the judge guessed; then, after its guess and c3-e3, a move for any next reply.
    assert guessed.when != turns.ANY and (wild.when, wild.play) == (turns.ANY, MINE)
    ((deeper,),) = {wild.then}
    assert deeper.when == turns.ANY and not deeper.then
    plan = await desk.leave(match.id, white, form.prefill, expected_version=match.version)
    assert plan.entries() == 4
