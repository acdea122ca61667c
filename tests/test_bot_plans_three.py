"""Plans four turns deep in Ur's Variante 2 on SimCord, in both languages: the form pages to the fourth turn, its
draft (kept in the store) and the plan outlive restarts; a plan that stops at its fourth turn says so to its
member alone; twin matches that differ only in a four-deep plan read the same to the opponent."""

from __future__ import annotations

from typing import Any

from bot.app.i18n import t
from bot.app.matches import LogKind
from bot.app.plans.model import Branch
from tests.botkit import boards_in, controls_of, make_bot, text_of
from tests.test_bot_plans import bob_reads, bob_until_alice, club, menus, ur_match, ur_twins
from tests.test_bot_plans_deep import controls

__all__ = ["club"]


def depth(branches: tuple[Branch, ...]) -> int:
    """The turns a plan reaches."""
    return 1 + max((depth(b.then) for b in branches), default=0) if branches else 0


async def test_a_restart_keeps_the_form_s_draft_and_then_the_plan(club: dict[str, Any], db_path: str) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await ur_match(club, "north")
    suggested = (await env.bot.plans.form(match.id, alice.id)).prefill
    form = (await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))).response.message
    page = (await alice.click(form, label=controls(form, lang, "plan.turn_after"))).response.message or form
    page = (await alice.click(page, label=controls(page, lang, "plan.turn_after"))).response.message or page
    page = (await alice.click(page, label=controls(page, lang, "plan.turn_after"))).response.message or page
    # The fourth turn's page: how it is reached (three rolls and their moves), its menus, back to the third.
    words = {"roll": "§", "move": "", "roll2": "", "move2": "", "roll3": "", "move3": ""}
    assert t(lang, "plan.fourth_head", **words).split("§")[0] in text_of(page)
    assert menus(page) and len(menus(page)) <= 4
    assert all(len(c.custom_id or "") <= 100 for c in controls_of(page))
    assert not any(getattr(c, "label", None) == t(lang, "plan.turn_after") for c in controls_of(page)), "the last"
    menu = menus(page)[0]
    await env.restart_bot(make_bot(db_path))
    # After the restart the fourth turn's page still reads its draft: a pick there is kept with the rest.
    picked = await alice.select(page, ["0"], custom_id=menu.custom_id)
    page = picked.response.message or page
    assert any(o.default and o.value == "0" for o in menus(page)[0].options)
    await env.restart_bot(make_bot(db_path))
    saved = await alice.click(page, label=t(lang, "plan.save"))
    assert t(lang, "plan.saved", id=match.id, lines="").split("\n")[0] in text_of(saved.response.message or page)
    (standing,) = await env.bot.plans.plans_of(alice.id)
    assert depth(standing.plan.branches) == 4
    assert standing.plan.branches != suggested and standing.plan.entries() == sum(1 for _ in _walk(suggested)) - 1
    await env.restart_bot(make_bot(db_path))
    (kept,) = await env.bot.plans.plans_of(alice.id)
    assert kept.plan == standing.plan
    await bob_until_alice(club, "north")
    async with env.bot.store.transaction(immediate=False):
        assert "plan" in (await env.bot.store.load_played_for(match.id)).values()


def _walk(branches: tuple[Branch, ...]) -> list[Branch]:
    return [b for branch in branches for b in (branch, *_walk(branch.then))]


async def test_a_plan_stopped_at_its_fourth_turn_says_so_to_its_member_alone(club: dict[str, Any]) -> None:
    env, lang, alice = club["env"], club["lang"], club["alice"]
    # In the south, the judge's four turns played whole tell which rolls alice gets (the twins draw alike).
    south = await ur_match(club, "south")
    plan = (await env.bot.plans.form(south.id, alice.id)).prefill
    await env.bot.plans.leave(south.id, alice.id, plan, expected_version=south.version)
    await bob_until_alice(club, "south")
    log = await env.bot.service.history(south.id)
    hers = [e for e in log if e.seat == 0 and e.kind is LogKind.MOVE and e.stand_in == "plan"]
    assert len(hers) == 4, "the judge's plan played her four turns"
    rolls = [[e for e in log if e.kind is LogKind.CHANCE and e.ply < m.ply][-1].notation for m in hers]
    # In the north, the same plan without the fourth turn's move for the roll she will get there.
    path: list[Branch] = []
    level = plan
    for roll in rolls[:3]:
        path.append(next(b for b in level if b.when == roll))
        level = path[-1].then
    assert any(b.when != rolls[3] for b in level), "the fourth turn names other rolls"
    cut = Branch(path[-1].when, path[-1].play, tuple(b for b in level if b.when != rolls[3]))
    for above in reversed(path[:-1]):
        cut = Branch(above.when, above.play, tuple(cut if b.when == cut.when else b for b in above.then))
    north_plan = tuple(cut if b.when == cut.when else b for b in plan)
    north = await ur_match(club, "north")
    await env.bot.plans.leave(north.id, alice.id, north_plan, expected_version=north.version)
    await bob_until_alice(club, "north")
    log = await env.bot.service.history(north.id)
    mine = [e for e in log if e.seat == 0 and e.kind is LogKind.MOVE and e.ply > north.version]
    assert [e.stand_in for e in mine] == ["plan", "plan", "plan"], "three turns played, the fourth asked"
    said = text_of(alice.user.dm_channel.history()[-1])
    roll = rolls[3].split(":")[-1]
    assert said.startswith(t(lang, "plan.dropped.unforeseen.roll", roll=roll, id=north.id, link="§").split("§")[0])
    bobs = club["bob"].user.dm_channel
    heads = ("plan.dropped.unforeseen.roll", "plan.played")
    for message in bobs.history() if bobs is not None else []:
        assert not any(t(lang, key, roll=roll, id=north.id, move="", link="")[:12] in message.content for key in heads)


async def test_twins_differing_only_in_a_plan_four_deep_read_the_same_to_the_opponent(club: dict[str, Any]) -> None:
    env, alice = club["env"], club["alice"]
    # What alice will roll (the twins draw the same dice): her plan in the north names every other roll, each
    # with three turns after, so the game leaves it at once and nothing of it may show.
    south, north, after, roll = await ur_twins(club)
    form = await env.bot.plans.form(north.id, alice.id)
    deep = tuple(b for b in form.prefill if b.when != roll)
    assert deep and depth(deep) == 4
    await env.bot.plans.leave(north.id, alice.id, deep, expected_version=north.version)
    assert (await bob_until_alice(club, "north")).state == after.state, "the plan played nothing"
    assert await bob_reads(club, "north", north.id) == await bob_reads(club, "south", south.id)


def test_a_stored_draft_s_menu_comes_back_from_its_custom_id_and_old_ids_still_read() -> None:
    from bot.shell.plans.draft import Draft, RollDraft, stored
    from bot.shell.plans.flow import PlanSelect

    code = RollDraft(123456, (), ("roll:2", "roll:3")).code()
    assert code == "s123456_2.3" and stored(code) == (123456, ("2", "3"))
    menu = PlanSelect("r", 3, 987654, 4321, code, None, "…")
    assert len(menu.item.custom_id) <= 100
    found = PlanSelect.__discord_ui_compiled_template__.fullmatch(menu.item.custom_id)
    assert found is not None and PlanSelect.rebuild(found).draft == code
    # A form made before drafts were stored carries its picks: it reads as before, and is kept from then on.
    assert stored("1_2.0.1_1.2") is None and Draft.read("roll", "1_2.0.1_1.2").page == 1
