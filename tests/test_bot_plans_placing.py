"""Plans for Variante 3's placements on SimCord (issue 36, item 2), in both languages: while the pawns are placed a
member leaves "wherever bob places, unless he takes my square or its motif, or nears a goal: my placement" with
the menus under the turn post; it places for them and the turn post says so; its auto-stop tells them by DM; and
twin matches that differ only in such a plan read the same to the opponent until it plays."""

from __future__ import annotations

from typing import Any

from bot.app.i18n import t
from bot.app.matches import Match
from bot.app.plans import ur
from bot.app.plans.model import Branch
from bot.app.plans.turns import ANY
from games import ur as ur_rules
from tests.botkit import boards_in, controls_of, text_of
from tests.test_bot_plans import bob_reads, club, menus

__all__ = ["club"]  # the fixture, in both languages


async def v3_match(club: dict[str, Any], where: str) -> Match:
    """A Variante 3 match in channel ``where`` (seats: alice 0, bob 1), each placing on the first empty square
    until bob is to place and alice has a pawn or two on the board: the same placements in every channel."""
    env, lang, channel, alice, bob = club["env"], club["lang"], club[where], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v3", thread=False, rated=False)).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    players = {alice.id: alice, bob.id: bob}
    for _ in range(6):
        match = await env.bot.service.current(channel.id)
        assert match is not None and match.seats == (alice.id, bob.id)
        (seat,) = match.state.actors()
        if seat == 1 and match.state.pawns[0]:
            return match
        move = match.state.format_move(match.state.legal_moves(seat)[0])
        await players[match.seats[seat]].slash(channel, "game move", move=move)
    raise AssertionError("bob never came to place after alice")


def quiet(match: Match, mine: str, *, contested: bool = False) -> str:
    """A placement of bob's that leaves alice's planned ``mine`` to play (or, ``contested``, one that stops it)."""
    state = match.state
    for move in state.legal_moves(1):
        text = state.format_move(move)
        if ur.changes(ur_rules.INFO, [text], state.apply(move), 0, [mine]) is contested:
            return text
    raise AssertionError("no such placement")


async def test_a_plan_for_any_placement_left_with_the_menus_places_and_says_so(club: dict[str, Any]) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await v3_match(club, "north")
    form = (await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))).response.message
    said = text_of(form)
    assert t(lang, "plan.form_two_suggested", id=match.id, lines="").split("\n")[0] in said, said
    replies = next(m for m in menus(form) if m.custom_id.startswith("plateau:plans:w"))
    words = t(lang, "plan.any_place")
    assert all(len(o.label) <= 100 for o in replies.options) and len(replies.options) <= 25
    last = replies.options[-1]
    assert words in last.label, "wherever bob places: the last reply offered"
    form = (await alice.select(form, [last.value], custom_id=replies.custom_id)).response.message or form
    answers = next(m for m in menus(form) if m.custom_id.startswith("plateau:plans:a"))
    assert words in answers.placeholder
    # The answers name their square and its motif in the member's language.
    assert t(lang, "label.ur.motif.rosette") in " ".join(o.label for o in answers.options)
    form = (await alice.select(form, ["0"], custom_id=answers.custom_id)).response.message or form
    assert all(len(c.custom_id) <= 100 for c in menus(form))
    saved = await alice.click(form, label=t(lang, "plan.save"))
    assert words in text_of(saved.response.message or form)
    (standing,) = await env.bot.plans.plans_of(alice.id)
    mine = next(b.play for b in standing.plan.branches if b.when == ANY)
    reply = quiet(match, mine)
    await bob.slash(channel, "game move", move=reply)
    log = await env.bot.service.history(match.id)
    assert [(e.seat, e.notation) for e in log[-2:]] == [(1, reply), (0, mine)]
    async with env.bot.store.transaction(immediate=False):
        assert await env.bot.store.load_played_for(match.id) == {log[-1].ply: "plan"}
    post = text_of(boards_in(channel)[-1])
    assert t(lang, "standin.plan", name=alice.name) in post, post


async def test_a_plan_for_any_placement_bob_contests_is_dropped_with_a_word(club: dict[str, Any]) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await v3_match(club, "north")
    form = await env.bot.plans.form(match.id, alice.id)
    mine = form.answers(ANY)[-1]
    await env.bot.plans.leave(match.id, alice.id, (Branch(ANY, mine),), expected_version=match.version)
    reply = quiet(match, mine, contested=True)
    before = len(alice.user.dm_channel.history()) if alice.user.dm_channel is not None else 0
    await bob.slash(channel, "game move", move=reply)
    match = await env.bot.service.current(channel.id)
    assert match is not None and match.state.actors() == (0,), "alice is asked: nothing was placed for her"
    told = alice.user.dm_channel.history()
    word = t(lang, "plan.dropped.contested", id=match.id, move=mine, link="")
    assert len(told) == before + 1 and told[-1].content.startswith(word.split("[")[0]), told[-1].content


async def test_twin_matches_differing_only_in_a_placement_plan_read_the_same(club: dict[str, Any]) -> None:
    env, alice, bob = club["env"], club["alice"], club["bob"]
    south = await v3_match(club, "south")
    north = await v3_match(club, "north")
    form = await env.bot.plans.form(south.id, alice.id)
    mine = form.answers(ANY)[0]
    await env.bot.plans.leave(south.id, alice.id, (Branch(ANY, mine),), expected_version=south.version)
    assert await bob_reads(club, "south", south.id) == await bob_reads(club, "north", north.id)
    # Bob's placement leaves alice's plan to place in the south; she places the same by hand in the north.
    reply = quiet(south, mine)
    await bob.slash(club["south"], "game move", move=reply)
    await bob.slash(club["north"], "game move", move=reply)
    await alice.slash(club["north"], "game move", move=mine)
    north_log = await env.bot.service.history(north.id)
    south_log = await env.bot.service.history(south.id)
    assert [e.notation for e in north_log] == [e.notation for e in south_log]
    dms = bob.user.dm_channel
    assert dms is None or not any("📝" in m.content for m in dms.history())


async def test_the_second_page_plans_the_third_and_fourth_placements(club: dict[str, Any]) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await v3_match(club, "north")
    assert len(match.state.pawns[0]) == 1, "alice's next placement is her second"
    form = (await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))).response.message
    replies = next(m for m in menus(form) if m.custom_id.startswith("plateau:plans:w"))
    form = (await alice.select(form, [replies.options[-1].value], custom_id=replies.custom_id)).response.message
    # The judge's suggestion for any placement goes four placements deep: the second page shows the last two.
    page = await alice.click(form, label=t(lang, "plan.turn_after"))
    form = page.response.message or form
    assert t(lang, "plan.deeper_head", id=match.id, name="bob", reply="").split(":")[0] in text_of(form)
    third, fourth = (m for m in menus(form) if m.custom_id[len("plateau:plans:")] in "xy")
    assert all(len(o.label) <= 100 for m in (third, fourth) for o in m.options) and len(third.options) <= 25
    assert all(len(c.custom_id) <= 100 for c in controls_of(form) if c.custom_id)
    # Its way back says where it goes: the first page's two placements, not "next turn".
    labels = [getattr(c, "label", None) for c in controls_of(form)]
    assert t(lang, "plan.back_first") in labels and t(lang, "plan.back") not in labels, labels
    # Another third placement: the fourth asks until picked again.
    other = next(o for o in third.options[1:] if not o.default)
    form = (await alice.select(form, [other.value], custom_id=third.custom_id)).response.message or form
    third, fourth = (m for m in menus(form) if m.custom_id[len("plateau:plans:")] in "xy")
    assert [o.value for o in fourth.options if o.default] == ["0"]
    form = (await alice.select(form, ["1"], custom_id=fourth.custom_id)).response.message or form
    saved = await alice.click(form, label=t(lang, "plan.save"))
    assert t(lang, "plan.saved", id=match.id, lines="").split("\n")[0] in text_of(saved.response.message or form)
    (standing,) = await env.bot.plans.plans_of(alice.id)
    chain = next(b for b in standing.plan.branches if b.when == ANY)
    moves = [chain.play]
    while chain.then:
        chain = chain.then[0]
        moves.append(chain.play)
    assert len(moves) == 4 and moves[2].lstrip("@") in other.label, (moves, other.label)
