"""Plans three turns deep in Ur (issue 36): the member's next turn, the one after and the one after that, keyed on
their own rolls, with the same stops at every turn; the form's pages over a draft of any depth, and the draft kept
in the store (bounded, expiring, kept over a restart)."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.app.matches import LogEntry, LogKind, Match, MatchService
from bot.app.plans import drafts, pages
from bot.app.plans.desk import Choice, PlanForm
from bot.app.plans.follow import Dropped, Planned, follow
from bot.app.plans.model import MAX_ENTRIES, Branch, Plan, walk
from bot.app.plans.suggest import ROLL_DEPTH, suggested
from bot.app.storage import Store
from games import find_game
from tests.test_autoplay import CHANNEL, GUILD
from tests.test_matches import ALICE, BOB
from tests.test_plans import BOB_TO_PLAY, at, played_for, service_of, spent, store
from tests.test_plans_deep import play_bob, ur_state

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


def three_deep(form: PlanForm) -> tuple[Branch, ...]:
    """Every roll of the form with its first move, and so on down three turns (rolls with one move kept only for
    the turns after them)."""

    def level(tree: tuple[Branch, ...], path: pages.Path) -> tuple[Branch, ...]:
        page = pages.page_at(form, tree, path)
        assert page is not None
        for choice in page.choices:
            tree = pages.with_pick(form, tree, path, choice.when, choice.moves[0])
            if len(path) + 1 < ROLL_DEPTH:
                tree = level(tree, (*path, choice.when))
        return tree

    return pages.saved(form, level((), ()))


def test_the_judge_suggests_three_turns_in_ur_within_the_bounds() -> None:
    game = find_game("ur")
    board = ur_state(BOB_TO_PLAY)
    known = board.apply(board.parse_move("C4-C2", 1))
    branches = suggested(game, known, 0, random.Random(1))
    assert depth(branches) == ROLL_DEPTH
    assert sum(1 for _ in walk(branches)) <= MAX_ENTRIES
    assert depth(suggested(game, known, 0, random.Random(1), depth=2)) == 2


async def test_a_plan_three_turns_deep_plays_three_turns_then_is_spent(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    assert depth(form.prefill) == 3, "an unrated form comes filled in three turns deep"
    plan = await desk.leave(match.id, ALICE, three_deep(form), expected_version=match.version)
    assert depth(plan.branches) == 3
    entries = await play_bob(service, match.id)  # alice's turns are played inside bob's changes
    mine = [e for e in entries if e.seat == 0 and e.kind is LogKind.MOVE]
    assert len(mine) == 3 and (await service.get(match.id)).state.actors() == (0,), "asked at the fourth turn"
    level = plan.branches
    for turn in mine:
        roll = [e for e in entries if e.kind is LogKind.CHANCE and e.ply < turn.ply][-1].notation
        branch = next(b for b in level if b.when == roll)
        assert (turn.notation, turn.stand_in) == (branch.play, "plan")
        level = branch.then
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


async def test_the_form_pages_reach_the_third_turn_and_a_pick_there_keeps_the_rest(store: Store) -> None:
    service, desk = service_of(store)
    match = await ur_match(store, service, BOB_TO_PLAY)
    form = await desk.form(match.id, ALICE)
    tree = form.prefill
    every = pages.pages(form, tree)
    assert every and max(len(p) for p in every) == ROLL_DEPTH - 1, "pages of the second and the third turn"
    assert every == sorted(every, key=every.index) and all(p[:-1] in ((), *every) for p in every), "reading order"
    third = next(p for p in every if len(p) == 2)
    page = pages.page_at(form, tree, third)
    assert page is not None and page.menus()
    choice = page.menus()[0]
    asked = pages.with_pick(form, tree, third, choice.when, None)
    assert pages.page_at(form, asked, third).pick(choice) == 0  # type: ignore[union-attr]
    # Nothing else changed: the other rolls of that page, and every other page, read as before.
    for path in every:
        before, after = pages.page_at(form, tree, path), pages.page_at(form, asked, path)
        assert before is not None and after is not None
        for other in before.menus():
            if (path, other.when) != (third, choice.when):
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
