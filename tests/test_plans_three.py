"""Plans several turns deep in Ur (issue 36), as deep as each rule set allows within the plan's bound (four turns in
Variante 1 and 2, three in Variante 3 and Ravensburger), keyed on the member's own rolls, with the same stops at
every turn; the form's pages over a draft of any depth, and the draft kept in the store (bounded, expiring, kept
over a restart)."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.app.matches import LogEntry, LogKind, Match, MatchService
from bot.app.plans import drafts, pages, ur
from bot.app.plans.desk import Choice, PlanForm
from bot.app.plans.follow import Dropped, Planned, follow
from bot.app.plans.model import MAX_ENTRIES, Branch, Plan, walk
from bot.app.plans.suggest import suggested
from bot.app.storage import Store
from games import find_game
from tests.test_autoplay import CHANNEL, GUILD
from tests.test_matches import ALICE, BOB
from tests.test_plans import BOB_TO_PLAY, at, played_for, service_of, spent, store
from tests.test_plans_deep import assert_played_by_the_plan, play_bob, ur_state

__all__ = ["store"]

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def ur_match(store: Store, service: MatchService, text: str) -> Match:
    """An unrated Variante 2 match between alice and bob at the position ``text``."""
    match = await service.create(
        "ur", {"rules": "v2"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, seed="auto-1", rated=False
    )
    await service.join(match.id, BOB)
    match = (await service.start(match.id, ALICE)).match
    return await at(store, service, match, text)


def depth(branches: tuple[Branch, ...]) -> int:
    """The turns a plan reaches."""
    return 1 + max((depth(b.then) for b in branches), default=0) if branches else 0


def fullest(form: PlanForm) -> tuple[Branch, ...]:
    """Every roll of the form with its first move, and so on down every turn the form offers (rolls with one move
    kept only for the turns after them)."""

    def level(tree: tuple[Branch, ...], path: pages.Path) -> tuple[Branch, ...]:
        page = pages.page_at(form, tree, path)
        assert page is not None
        for choice in page.choices:
            tree = pages.with_pick(form, tree, path, choice.when, choice.moves[0])
            if len(path) + 1 < form.roll_depth:
                tree = level(tree, (*path, choice.when))
        return tree

    return pages.saved(form, level((), ()))


def test_the_judge_suggests_four_turns_in_variante_2_within_the_bounds() -> None:
    game = find_game("ur")
    board = ur_state(BOB_TO_PLAY)
    known = board.apply(board.parse_move("C4-C2", 1))
    branches = suggested(game, known, 0, random.Random(1))
    assert depth(branches) == ur.depth(known) == 4
    assert sum(1 for _ in walk(branches)) <= MAX_ENTRIES
    assert depth(suggested(game, known, 0, random.Random(1), depth=2)) == 2


async def test_a_plan_four_turns_deep_in_variante_2_plays_four_turns_then_is_spent(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    assert form.roll_depth == 4 and depth(form.prefill) == 4, "an unrated form comes filled in four turns deep"
    full = fullest(form)
    assert depth(full) == 4 and sum(1 for _ in walk(full)) <= MAX_ENTRIES, "the fullest plan keeps the bound"
    plan = await desk.leave(match.id, ALICE, full, expected_version=match.version)
    assert depth(plan.branches) == 4
    entries = await play_bob(service, match.id)  # alice's turns are played inside bob's changes
    mine = [e for e in entries if e.seat == 0 and e.kind is LogKind.MOVE]
    assert len(mine) == 4 and (await service.get(match.id)).state.actors() == (0,), "asked at the fifth turn"
    assert_played_by_the_plan(plan.branches, mine, entries)
    assert (await played_for(store, match)).get(mine[-1].ply) == "plan"
    await spent(desk, match, ALICE, mine[-1].notation)


def entries(*items: tuple[int | None, str]) -> list[LogEntry]:
    """Log entries from ply 11 on: (seat, notation), a roll when the seat is None."""
    return [
        LogEntry(11 + i, LogKind.CHANCE if seat is None else LogKind.MOVE, seat, text, AT)
        for i, (seat, text) in enumerate(items)
    ]


# Alice (seat 0) planned: on a 2 in-A3, then on a 1 B5-B6, then on a 3 B6-A8 (her third turn).
THREE = Plan(0, 10, "roll", (Branch("roll:2", "in-A3", (Branch("roll:1", "B5-B6", (Branch("roll:3", "B6-A8"),)),)),))
TWO_PLAYED = (
    (None, "roll:2"),
    (0, "in-A3"),  # her first planned turn
    (None, "roll:2"),
    (1, "C4-C2"),  # bob, elsewhere
    (None, "roll:1"),
    (0, "B5-B6"),  # her second
    (None, "roll:1"),
)


def test_the_third_turn_plays_after_two_played_whatever_the_opponent_plays() -> None:
    since = entries(*TWO_PLAYED, (1, "C2-C1"), (None, "roll:3"))
    board = ur_state("v2 0:A3,A4,B6 1:C1 0 3")
    found = follow(THREE, since, board, 0, 19)
    assert isinstance(found, Planned) and board.format_move(found.move) == "B6-A8" and found.rest is None


def test_each_stop_holds_at_the_third_turn() -> None:
    # A roll it did not name: she is asked, and told why.
    unnamed = entries(*TWO_PLAYED, (1, "C2-C1"), (None, "roll:2"))
    assert follow(THREE, unnamed, ur_state("v2 0:A3,A4,B6 1:C1 0 2"), 0, 19) == Dropped("unforeseen", {"roll": "2"})
    # Bob took the piece the third turn names: the move no longer means what she chose.
    taken = entries(*TWO_PLAYED, (1, "C2xB6"), (None, "roll:3"))
    assert follow(THREE, taken, ur_state("v2 0:A3,A4 1:B6 0 3"), 0, 19) == Dropped("stopped", {"move": "B6-A8"})
    # Her second turn played otherwise (by hand, or autoplay with another move): the third no longer follows.
    other = entries(*TWO_PLAYED[:5], (0, "A4-A3"), TWO_PLAYED[6], (1, "C2-C1"), (None, "roll:3"))
    assert follow(THREE, other, ur_state("v2 0:A3,B5 1:C1 0 3"), 0, 19) == Dropped("moved")


# Alice (seat 0) planned four turns: on a 2 in-A3, on a 3 A3-B1, on a 2 A4-A2, then on a 2 B1-B3 (her fourth).
FOUR = Plan(
    0,
    10,
    "roll",
    (
        Branch(
            "roll:2",
            "in-A3",
            (Branch("roll:3", "A3-B1", (Branch("roll:2", "A4-A2", (Branch("roll:2", "B1-B3"),)),)),),
        ),
    ),
)
THREE_PLAYED = (
    (None, "roll:2"),
    (0, "in-A3"),  # her first planned turn
    (None, "roll:2"),
    (1, "C4-C2"),
    (None, "roll:3"),
    (0, "A3-B1"),  # her second
    (None, "roll:1"),
    (1, "C2-C1"),
    (None, "roll:2"),
    (0, "A4-A2"),  # her third
    (None, "roll:2"),
)


def test_the_fourth_turn_plays_after_three_played_whatever_the_opponent_plays() -> None:
    since = entries(*THREE_PLAYED, (1, "C1-B2"), (None, "roll:2"))
    board = ur_state("v2 0:A2,B1,B5 1:B2 0 2")
    found = follow(FOUR, since, board, 0, 10 + len(since))
    assert isinstance(found, Planned) and board.format_move(found.move) == "B1-B3" and found.rest is None


def test_each_stop_holds_at_the_fourth_turn() -> None:
    # A roll it did not name: she is asked, and told why.
    unnamed = entries(*THREE_PLAYED, (1, "C1-B2"), (None, "roll:1"))
    board = ur_state("v2 0:A2,B1,B5 1:B2 0 1")
    assert follow(FOUR, unnamed, board, 0, 10 + len(unnamed)) == Dropped("unforeseen", {"roll": "1"})
    # Bob took the piece the fourth turn names.
    taken = entries(*THREE_PLAYED[:10], (None, "roll:1"), (1, "C1xB1"), (None, "roll:2"))
    board = ur_state("v2 0:A2,B5 1:B1 0 2")
    assert follow(FOUR, taken, board, 0, 10 + len(taken)) == Dropped("stopped", {"move": "B1-B3"})
    # Her third turn played otherwise: the fourth no longer follows.
    other = entries(*THREE_PLAYED[:9], (0, "B5-B7"), THREE_PLAYED[10], (1, "C1-B2"), (None, "roll:2"))
    board = ur_state("v2 0:A4,B1,B7 1:B2 0 2")
    assert follow(FOUR, other, board, 0, 10 + len(other)) == Dropped("moved")


async def test_the_form_pages_reach_the_fourth_turn_and_a_pick_there_keeps_the_rest(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    tree = form.prefill
    every = pages.pages(form, tree)
    assert every and max(len(p) for p in every) == 3, "pages of the second, the third and the fourth turn"
    assert every == sorted(every, key=every.index) and all(p[:-1] in ((), *every) for p in every), "reading order"
    fourth = next(p for p in every if len(p) == 3)
    page = pages.page_at(form, tree, fourth)
    assert page is not None and page.menus()
    choice = page.menus()[0]
    asked = pages.with_pick(form, tree, fourth, choice.when, None)
    assert pages.page_at(form, asked, fourth).pick(choice) == 0  # type: ignore[union-attr]
    # Nothing else changed: the other rolls of that page, and every other page, read as before.
    for path in every:
        before, after = pages.page_at(form, tree, path), pages.page_at(form, asked, path)
        assert before is not None and after is not None
        for other in before.menus():
            if (path, other.when) != (fourth, choice.when):
                assert after.pick(other) == before.pick(other)
    # Changing a first move drops the turns planned under it, and only those.
    first = next(c for c in form.choices if len(c.moves) > 1)
    planned = pages.page_at(form, tree, ()).move(first)  # type: ignore[union-attr]
    moved = pages.with_pick(form, tree, (), first.when, next(m for m in first.moves if m != planned))
    assert pages.page_at(form, moved, (first.when,)).branches == ()  # type: ignore[union-attr]
    # What the form saves is checked and kept as it reads.
    plan = await desk.leave(match.id, ALICE, pages.saved(form, asked), expected_version=match.version)
    assert plan.branches == pages.saved(form, asked)


async def test_a_draft_is_kept_bounded_and_expires(tmp_path: Path) -> None:
    await drafts_kept(str(tmp_path / "plateau.db"))


@pytest.mark.postgres
async def test_a_draft_is_kept_bounded_and_expires_on_postgresql(pg_url: str) -> None:
    await drafts_kept(pg_url)


async def drafts_kept(path: str) -> None:
    """A draft outlives a restart of the store at ``path``, is its member's alone, bounded, expires, and goes with
    the match's plans."""
    first = await Store.open(path)
    service, desk = service_of(first)
    match = await ur_match(first, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    kept = await desk.new_draft(form, ALICE, form.prefill)
    await first.close()
    again = await Store.open(path)
    try:
        service, desk = service_of(again)
        form = await desk.form(match.id, ALICE)
        assert await desk.draft(form, ALICE, kept.token) == kept, "a restart keeps the draft"
        assert await desk.draft(form, BOB, kept.token) is None, "only its member's"
        tokens = [(await desk.new_draft(form, ALICE, ())).token for _ in range(drafts.KEEP)]
        assert await desk.draft(form, ALICE, kept.token) is None, "pushed out by newer drafts"
        for token in tokens:
            assert await desk.draft(form, ALICE, token) is not None
        async with again.transaction():
            await again.expire_plan_drafts(datetime.now(UTC) + timedelta(days=365))
        for token in tokens:
            assert await desk.draft(form, ALICE, token) is None, "expired"
        changed = await desk.change_draft(form, ALICE, tokens[0], form.prefill)
        assert changed.token != tokens[0] and await desk.draft(form, ALICE, changed.token) == changed, "a new one"
        await desk.forget_match(match.id)
        assert await desk.draft(form, ALICE, changed.token) is None, "forgotten with the match's plans"
    finally:
        await again.close()


async def test_a_roll_with_one_move_has_no_menu_only_the_pages_after_it(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    first = form.choices[0]
    lone = Choice(first.when, first.label, first.moves[:1], first.at)
    form = dataclasses.replace(form, choices=form.choices[1:], forced=(lone,))
    root = pages.page_at(form, (), ())
    assert root is not None and lone not in root.menus() and root.move(lone) == lone.moves[0]
    assert (lone.when,) in pages.pages(form, ()), "its turn after has a page"
    # Alone it plays itself: saved only with a turn planned after it.
    assert pages.saved(form, (Branch(lone.when, lone.moves[0]),)) == ()
    after = pages.page_at(form, (), (lone.when,))
    assert after is not None and after.menus()
    second = after.menus()[0]
    tree = pages.with_pick(form, (), (lone.when,), second.when, second.moves[0])
    assert pages.saved(form, tree) == (Branch(lone.when, lone.moves[0], (Branch(second.when, second.moves[0]),)),)


@pytest.mark.parametrize(("rules", "turns"), [("v1", 4), ("v2", 4), ("v3", 3), ("rb", 3)])
def test_each_rule_set_plans_as_deep_as_the_bound_allows(rules: str, turns: int) -> None:
    # The rolls that leave a move, as a seeded game meets them: the fullest plan names one move for each at
    # every turn, so it holds their number to the power of each turn, summed over its turns.
    game = find_game("ur")
    state = game.new(2, {"rules": rules})
    assert ur.depth(state) == turns
    rng, moving = random.Random(7), set()
    for _ in range(600):
        if state.outcome() is not None:
            state = game.new(2, {"rules": rules})
        seat = state.actors()[0] if state.actors() else 0
        for value in ur.rolls(state):
            ahead = ur.at_roll(state, seat, value)
            if ahead is not None and any(ahead.mover(m) == seat for m in ahead.legal_moves(seat)):
                moving.add(value)
        if state.is_chance():
            state = state.apply(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
        else:
            state = state.apply(rng.choice(state.legal_moves(state.actors()[0])))

    def fullest(depth: int) -> int:
        return sum(len(moving) ** turn for turn in range(1, depth + 1))

    assert fullest(turns) <= MAX_ENTRIES, "the form's whole offer keeps the bound"
    assert turns == ur.DEEPEST or fullest(turns + 1) > MAX_ENTRIES, "one turn more would not"
