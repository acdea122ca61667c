"""Ultima-Tek plans two turns deep on SimCord (issue 36), in both languages: after the planned turn, the plan
form's second page offers the turn after it (its actions, up to the bonus phase the member's own draw decides)
and the standing order "end my bonus phase"; the plan plays both turns and the turn post says so; nothing of it
reaches bob before it plays."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app.i18n import t
from bot.app.plans import turns
from bot.app.plans.ultimatek import END_BONUS_PHASE
from bot.shell.plans.words import told_words, turn_words
from games import find_game
from tests.botkit import boards_in, controls_of, text_of
from tests.test_bot_plans import bob_reads_of, club, first_moves_turn, menus, tek_match

__all__ = ["club"]  # the fixture, in both languages

ENGLISH_VERBS = re.compile(r"\b(reveal|discard|place|end)\b")
"""Ultima-Tek's notation verbs in English: a French form says a turn with the French verbs (issue 39)."""


def english_in(message: discord.Message) -> list[str]:
    """The English notation verbs a French member would read on a form: its text, menus and options."""
    said = [text_of(message)]
    for menu in menus(message):
        said += [menu.placeholder or "", *(o.label for o in getattr(menu, "options", ()))]
    return [found for text in said for found in ENGLISH_VERBS.findall(text)]


async def two_turn_form(club: dict[str, Any], where: str, keep: bool) -> Any:
    """Alice's plan form in ``where``, filled on both pages with the menus (any turn of bob's → her first turn
    offered, then her first second turn offered, the order kept or not) and saved: the save's answer."""
    lang, alice = club["lang"], club["alice"]
    form = (await alice.click(boards_in(club[where])[-1], label=t(lang, "plan.open"))).response.message
    (replies,) = menus(form)
    form = (await alice.select(form, ["0"], custom_id=replies.custom_id)).response.message or form
    answers = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:a")]
    form = (await alice.select(form, ["0"], custom_id=answers[0].custom_id)).response.message or form
    first_page = form
    paged = await alice.click(form, label=t(lang, "plan.turn_after"))
    form = paged.response.message or form
    said = text_of(form)
    assert t(lang, "plan.order_asks_note") in said, said
    seconds = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:b")]
    orders = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:v")]
    assert seconds and orders and seconds[0].options[0].label == t(lang, "plan.second_none")
    form = (await alice.select(form, ["1"], custom_id=seconds[0].custom_id)).response.message or form
    orders = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:v")]
    form = (await alice.select(form, ["1" if keep else "2"], custom_id=orders[0].custom_id)).response.message or form
    buttons = [getattr(c, "label", None) for c in controls_of(form)]
    # The second page's way back says where it goes: to the planned turn, not to a "next turn".
    assert t(lang, "plan.back_planned") in buttons and t(lang, "plan.save") in buttons, buttons
    assert t(lang, "plan.back") not in buttons, buttons
    if lang == "fr":
        assert english_in(first_page) == [] and english_in(form) == [], (english_in(first_page), english_in(form))
    return await alice.click(form, label=t(lang, "plan.save"))


async def test_a_two_turn_plan_left_on_the_forms_second_page_plays_both_turns(club: dict[str, Any]) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await tek_match(club, "north")
    saved = await two_turn_form(club, "north", keep=True)
    said = text_of(saved.response.message)
    assert t(lang, "plan.order_saved", name=bob.name) in said, said
    (standing,) = await env.bot.plans.plans_of(alice.id)
    (branch,) = standing.plan.branches
    (second,) = turns.tail(branch)
    typed = turn_words(match.game, turns.flat(second), lang)
    assert t(lang, "plan.then_turn", name=bob.name, move=typed) in said, said
    if lang == "fr":
        assert english_in(saved.response.message) == [], said
    assert await env.bot.service.standing_orders(match.id, alice.id) == (END_BONUS_PHASE,)
    mine, after = turns.split(turns.flat(branch)), turns.split(turns.flat(second))
    played: list[str] = []
    for _ in range(2):  # bob's turn at his first legal decisions, twice: alice's plan answers each
        match = await env.bot.service.current(channel.id)  # type: ignore[assignment]
        before = match.version
        for text in first_moves_turn(match):
            if (await env.bot.service.current(channel.id)).state.actors() != (1,):  # type: ignore[union-attr]
                break
            await bob.slash(channel, "game move", move=text)
        log = [e for e in await env.bot.service.history(match.id) if e.ply > before and e.seat == 0]
        played += [e.notation for e in log if e.stand_in == "plan"]
        post = text_of(boards_in(channel)[-1])
        assert t(lang, "standin.plan", name=alice.name) in post, post
    assert played == mine + after, (played, mine, after)
    assert await env.bot.plans.plans_of(alice.id) == [], "spent"


async def test_a_two_turn_plan_and_its_order_leave_no_trace_for_the_opponent(club: dict[str, Any]) -> None:
    south = await tek_match(club, "south")
    north = await tek_match(club, "north")
    await two_turn_form(club, "north", keep=True)
    assert await bob_reads_of(club, "north", north.id) == await bob_reads_of(club, "south", south.id)


def test_a_spent_or_dropped_turn_plan_tells_its_decisions_as_a_french_member_types_them() -> None:
    tek, ur = find_game("ultimatek"), find_game("ur")
    assert told_words(tek, {"move": "place run d1", "id": 3}, "fr") == {"move": "poser run d1", "id": 3}
    assert told_words(tek, {"move": "reveal c3; d3>d5; end"}, "fr") == {"move": "révéler c3; d3>d5; fin"}
    assert told_words(tek, {"move": "place run d1"}, "en") == {"move": "place run d1"}
    assert told_words(ur, {"move": "in"}, "fr") == {"move": "in"}, "a roll plan's move is said as before"
