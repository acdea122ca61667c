"""Plans two turns deep on SimCord, in both languages: the form's **Turn after** pages (Ur) and its next-reply
menus (Subulata) leave the member's next turn and the one after at once; the plan shows in ``/plateau plans``,
plays both turns ("played by alice's plan"), is cancelled, and leaves nothing for the opponent to read."""

from __future__ import annotations

from typing import Any

from bot.app.i18n import t
from bot.app.matches import LogKind
from tests.botkit import boards_in, controls_of, text_of
from tests.test_bot_e2e import expect_ephemeral
from tests.test_bot_plans import (
    bob_reads,
    bob_until_alice,
    bob_until_planned,
    club,
    menus,
    subulata_match,
    ur_match,
    ur_twins,
)
from tests.test_plans_deep import two_deep

__all__ = ["club"]


def controls(message: Any, lang: str, key: str, **words: Any) -> str:
    """The label of the form's button ``key``, checked to be on the message."""
    label = t(lang, key, **words)
    assert any(getattr(c, "label", None) == label for c in controls_of(message)), label
    return label


async def test_the_turns_are_left_from_their_pages_and_play_one_after_the_other(club: dict[str, Any]) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await ur_match(club, "north")
    opened = await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))
    form = opened.response.message
    assert opened.response.ephemeral
    assert t(lang, "plan.form_four_suggested", id=match.id, lines="").split("\n")[0] in text_of(form)
    assert t(lang, "plan.then_rolls", moves="§").split("§")[0].strip() in text_of(form), "the turn after is shown"
    # The page of the turn after the first planned roll: the rolls after it, and the word on pieces.
    paged = await alice.click(form, label=controls(form, lang, "plan.turn_after"))
    second = paged.response.message or form
    assert t(lang, "plan.piece_note", name="bob") in text_of(second)
    assert menus(second) and len(menus(second)) <= 4, "four menus at most, the buttons on the fifth row"
    # And from it the page of the turn after that: the third turn.
    paged = await alice.click(second, label=controls(second, lang, "plan.turn_after"))
    third = paged.response.message or second
    assert t(lang, "plan.third_head", roll="§", move="", roll2="", move2="").split("§")[0] in text_of(third)
    assert menus(third) and len(menus(third)) <= 4
    assert all(len(c.custom_id or "") <= 100 for c in controls_of(third))
    picked = await alice.select(third, ["0"], custom_id=menus(third)[0].custom_id)  # "ask me" for that roll
    third = picked.response.message or third
    assert any(o.default and o.value == "0" for o in menus(third)[0].options), "the pick is kept"
    first_roll = next(b for b in (await env.bot.plans.form(match.id, alice.id)).prefill if b.then).when
    back = await alice.click(third, label=controls(third, lang, "plan.back_to", roll=first_roll.split(":")[-1]))
    second = back.response.message or third
    back = await alice.click(second, label=controls(second, lang, "plan.back"))
    form = back.response.message or second
    saved = await alice.click(form, label=t(lang, "plan.save"))
    assert t(lang, "plan.saved", id=match.id, lines="").split("\n")[0] in text_of(saved.response.message or form)
    (standing,) = await env.bot.plans.plans_of(alice.id)
    assert any(c.then for b in standing.plan.branches for c in b.then), "three turns deep at least"
    listed = await alice.slash(channel, "plateau plans")
    shown = await expect_ephemeral(listed, t(lang, "plan.list_head"))
    assert t(lang, "plan.then_rolls", moves="§").split("§")[0].strip() in shown

    # Bob plays on; alice's next turns are the plan's, each said in the turn post.
    await bob_until_alice(club, "north")
    log = await env.bot.service.history(match.id)
    async with env.bot.store.transaction(immediate=False):
        by = await env.bot.store.load_played_for(match.id)
    level = standing.plan.branches
    hers = [e for e in log if e.seat == 0 and e.kind is LogKind.MOVE and e.ply > standing.plan.base]
    planned = 0
    for entry in hers:
        roll = [e for e in log if e.kind is LogKind.CHANCE and e.ply < entry.ply][-1].notation
        branch = next((b for b in level if b.when == roll), None)
        if branch is None:
            break
        assert (entry.notation, by.get(entry.ply)) == (branch.play, "plan")
        planned += 1
        level = branch.then
    assert planned == 4, "four turns played by the plan (this match's dice give rolls it names)"
    assert t(lang, "standin.plan", name="alice") in text_of(boards_in(channel)[-1])


async def test_a_reply_plan_two_deep_is_left_with_the_menus_and_answers_both_replies(club: dict[str, Any]) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await subulata_match(club, "north")
    form = (await bob.click(boards_in(channel)[-1], label=t(lang, "plan.open"))).response.message
    for part in "wavb":
        (menu,) = [m for m in menus(form) if m.custom_id.startswith(f"plateau:plans:{part}")]
        form = (await bob.select(form, ["0"], custom_id=menu.custom_id)).response.message or form
    assert len(menus(form)) == 4, "reply, answer, next reply, its answer"
    await bob.click(form, label=t(lang, "plan.save"))
    (standing,) = await env.bot.plans.plans_of(bob.id)
    (branch,) = standing.plan.branches
    (deeper,) = branch.then
    await alice.slash(channel, "game move", move=branch.when)
    await alice.slash(channel, "game move", move=deeper.when)
    log = await env.bot.service.history(match.id)
    async with env.bot.store.transaction(immediate=False):
        by = await env.bot.store.load_played_for(match.id)
    assert [(e.seat, e.notation) for e in log[-4:]] == [
        (0, branch.when),
        (1, branch.play),
        (0, deeper.when),
        (1, deeper.play),
    ]
    assert by == {log[-3].ply: "plan", log[-1].ply: "plan"}


async def test_cancelling_a_plan_two_deep_leaves_both_turns_to_the_member(club: dict[str, Any]) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await ur_match(club, "north")
    form = await env.bot.plans.form(match.id, alice.id)
    deep = two_deep(form)
    await env.bot.plans.leave(match.id, alice.id, deep, expected_version=match.version)
    listed = await alice.slash(channel, "plateau plans")
    message = listed.response.message
    await alice.click(message, label=t(lang, "plan.cancel_in", id=match.id))
    assert await env.bot.plans.plans_of(alice.id) == []
    await bob_until_alice(club, "north")
    async with env.bot.store.transaction(immediate=False):
        assert "plan" not in (await env.bot.store.load_played_for(match.id)).values()


async def test_twins_differing_only_in_a_plan_two_deep_read_the_same_to_the_opponent(club: dict[str, Any]) -> None:
    env, alice = club["env"], club["alice"]
    # What alice will roll (the twins draw the same dice): her plan in the north names every other roll, each
    # with a turn after, so the game leaves it at once and nothing of it may show.
    south, north, after, roll = await ur_twins(club)
    form = await env.bot.plans.form(north.id, alice.id)
    deep = tuple(b for b in two_deep(form) if b.when != roll)
    assert any(b.then for b in deep)
    await env.bot.plans.leave(north.id, alice.id, deep, expected_version=north.version)
    assert (await bob_until_alice(club, "north")).state == after.state, "the plan played nothing"
    assert await bob_reads(club, "north", north.id) == await bob_reads(club, "south", south.id)


def test_a_draft_two_turns_deep_comes_back_from_its_custom_id() -> None:
    from bot.shell.plans.draft import Draft
    from bot.shell.plans.flow import PlanSelect

    drafts = (
        ("roll", Draft(picks=(2, 0, 1), after=((1, 0, 2), (), (0, 3)), page=3)),
        ("roll", Draft(picks=(2, 0, 1))),
        ("reply", Draft(lines=((3, 1, 0, 2), (4, 0)), pending=3, then=0)),
    )
    for keyed, draft in drafts:
        code = draft.code(keyed)
        menu = PlanSelect("t", 1, 7, 12, code, None, "…")
        assert len(menu.item.custom_id) <= 100
        found = PlanSelect.__discord_ui_compiled_template__.fullmatch(menu.item.custom_id)
        assert found is not None
        assert Draft.read(keyed, PlanSelect.rebuild(found).draft) == draft
    assert Draft.read("roll", "2.0.1") == Draft(picks=(2, 0, 1)), "a one-turn draft of before still reads"
    assert Draft.read("reply", "1_2-3-4") == Draft(), "a line of three numbers is damaged: read as empty"


async def test_with_dms_closed_a_spent_plan_two_deep_leaves_the_next_form_under_the_turn_post(
    club: dict[str, Any],
) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await ur_match(club, "north")
    form = await env.bot.plans.form(match.id, alice.id)
    deep = two_deep(form)
    await env.bot.plans.leave(match.id, alice.id, deep, expected_version=match.version)
    closed = alice.user.dm_channel
    env.inject_error("POST", f"/channels/{closed.id}/messages", status=403, code=50007, times=None)
    match = await bob_until_planned(club, "north")
    async with env.bot.store.transaction(immediate=False):
        by = await env.bot.store.load_played_for(match.id)
    assert list(by.values()).count("plan") == 2, "both turns played by the plan"
    assert closed.history() == [] and await env.bot.plans.plans_of(alice.id) == []
    opened = await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))
    assert opened.response.ephemeral
    head = t(lang, "plan.form_four_suggested", id=match.id, lines="").split("\n")[0]
    assert head in text_of(opened.response.message)
