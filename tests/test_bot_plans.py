"""Plans ahead on SimCord (issue 36, item 2), in both languages: a member leaves a plan with the menus under the
turn post, it plays for them, ``/plateau plans`` shows and cancels it, a plan the game left is told by DM to its
member alone, and twin matches that differ only in a plan read the same to the opponent."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.app.i18n import t
from bot.app.matches import LogKind, Match
from bot.app.plans.model import Branch
from bot.shell.plans.words import turn_words
from tests.botkit import boards_in, controls_of, text_of
from tests.test_bot_e2e import expect_ephemeral


@pytest.fixture(params=["en", "fr"])
def club(simcord_env: Any, client_locales: dict[int, str], request: pytest.FixtureRequest) -> dict[str, Any]:
    """A server in ``lang`` with two match channels; alice and bob read Discord in that language."""
    env, lang = simcord_env, request.param
    guild = env.create_guild(name="Association", preferred_locale=lang)
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    for member in (alice, bob, carol):
        client_locales[member.id] = lang
    # Twin matches draw the same dice: the older sampling from the match seed alone (provably fair draws
    # depend on the match number).
    env.bot.service.config.seed_factory = lambda: "twin-plans"
    env.bot.service.config.fair = False
    return {
        "env": env,
        "lang": lang,
        "north": guild.create_text_channel("north"),
        "south": guild.create_text_channel("south"),
        "alice": alice,
        "bob": bob,
        "carol": carol,
    }


async def ur_match(club: dict[str, Any], where: str, *, rated: bool = False) -> Match:
    """An Ur match in channel ``where`` (seats: alice 0, bob 1), played (each the first legal move) until bob is
    to move and alice would have a choice whatever she rolls: the same moves and dice in every channel."""
    env, lang, channel, alice, bob = club["env"], club["lang"], club[where], club["alice"], club["bob"]
    lobby = (
        await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False, rated=rated)
    ).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    players = {alice.id: alice, bob.id: bob}
    for _ in range(60):
        match = await env.bot.service.current(channel.id)
        assert match is not None and match.seats == (alice.id, bob.id)
        (seat,) = match.state.actors()
        if seat == 1:
            form = await env.bot.plans.form(match.id, alice.id)
            if len(form.choices) == 3:
                return match
        move = match.state.format_move(match.state.legal_moves(seat)[0])
        await players[match.seats[seat]].slash(channel, "game move", move=move)
    raise AssertionError("no position with a choice for every roll")


async def subulata_match(club: dict[str, Any], where: str, *, rated: bool = True) -> Match:
    """A Subulata match in channel ``where`` set up alike in every channel: alice (white) to move, bob to plan."""
    env, lang, channel, alice, bob = club["env"], club["lang"], club[where], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="subulata", thread=False, rated=rated)).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    await alice.slash(channel, "game move", move="setup 371946825")
    await bob.slash(channel, "game move", move="setup 918273645")
    match = await env.bot.service.current(channel.id)
    assert match is not None and match.state.actors() == (0,), "white (alice) moves first"
    return match


async def bob_until_alice(club: dict[str, Any], where: str) -> Match:
    """Bob plays his first legal move until alice is to act (her rolls of 0 pass the turn back)."""
    env, channel, bob = club["env"], club[where], club["bob"]
    while (match := await env.bot.service.current(channel.id)) is not None and match.state.actors() == (1,):
        await bob.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves(1)[0]))
    assert match is not None
    return match


async def ur_twins(club: dict[str, Any]) -> tuple[Match, Match, Match, str]:
    """Two Ur matches set up alike, in the south and the north (they draw the same dice); bob plays the south on
    until alice is to move. Returns the south and north matches as opened, the south at alice's turn, and the
    roll she got there: the one she will get in the north."""
    south = await ur_match(club, "south")
    north = await ur_match(club, "north")
    after = await bob_until_alice(club, "south")
    log = await club["env"].bot.service.history(south.id)
    return south, north, after, [e for e in log if e.kind is LogKind.CHANCE][-1].notation


def menus(message: discord.Message) -> list[Any]:
    return [c for c in controls_of(message) if (c.custom_id or "").startswith("plateau:plans:")]


async def test_a_plan_left_with_the_menus_plays_for_its_member(club: dict[str, Any]) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await ur_match(club, "north")
    board = boards_in(channel)[-1]
    opened = await alice.click(board, label=t(lang, "plan.open"))
    form = opened.response.message
    assert opened.response.ephemeral
    said = text_of(form)
    assert t(lang, "plan.form_four_suggested", id=match.id, lines="").split("\n")[0] in said, said
    rolls = menus(form)
    assert rolls and all(m.custom_id.startswith("plateau:plans:r") for m in rolls)
    # "Ask me" for the first roll, then its second move: each pick redraws the form, only for alice.
    picked = await alice.select(form, ["0"], custom_id=rolls[0].custom_id)
    form = picked.response.message or form
    picked = await alice.select(form, ["2"], custom_id=menus(form)[0].custom_id)
    form = picked.response.message or form
    saved = await alice.click(form, label=t(lang, "plan.save"))
    done = saved.response.message or form
    assert t(lang, "plan.saved", id=match.id, lines="").split("\n")[0] in text_of(done)
    (standing,) = await env.bot.plans.plans_of(alice.id)
    planned = {b.when: b.play for b in standing.plan.branches}

    listed = await alice.slash(channel, "plateau plans")
    shown = await expect_ephemeral(listed, t(lang, "plan.list_head"))
    assert all(move in shown for move in planned.values())

    # Bob plays; whatever alice rolls with a choice, her plan plays it (a 0 passes her turn back to bob).
    match = await bob_until_alice(club, "north")
    log = await env.bot.service.history(match.id)
    async with env.bot.store.transaction(immediate=False):
        by = await env.bot.store.load_played_for(match.id)
    hers = next(e for e in log if e.seat == 0 and e.kind is LogKind.MOVE and e.ply > standing.plan.base)
    roll = [e for e in log if e.kind is LogKind.CHANCE and e.ply < hers.ply][-1].notation
    assert by.get(hers.ply) == "plan" and hers.notation == planned[roll]
    assert await env.bot.plans.plans_of(alice.id) == []


async def test_a_plan_is_refused_on_ones_own_turn_and_to_a_bystander(club: dict[str, Any]) -> None:
    env, lang, channel, carol, bob = club["env"], club["lang"], club["north"], club["carol"], club["bob"]
    await ur_match(club, "north")
    board = boards_in(channel)[-1]
    refused = await bob.click(board, label=t(lang, "plan.open"))
    await expect_ephemeral(refused, t(lang, "match_error.plan_your_turn"))
    refused = await carol.click(board, label=t(lang, "plan.open"))
    assert refused.response.ephemeral and t(lang, "plan.form", id=0, lines="")[:12] not in refused.response.content
    assert await env.bot.plans.plans_of(bob.id) == [] and await env.bot.plans.plans_of(carol.id) == []
    listed = await carol.slash(channel, "plateau plans")
    await expect_ephemeral(listed, t(lang, "plan.list_none").split("**")[0])


async def test_cancelling_from_the_list_leaves_the_turn_to_the_member(club: dict[str, Any]) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await ur_match(club, "north", rated=True)
    opened = await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))
    form = opened.response.message
    assert t(lang, "plan.form_four_rated", id=match.id, lines="").split("\n")[0] in text_of(form), "blank when rated"
    refused = await alice.click(form, label=t(lang, "plan.save"))
    await expect_ephemeral(refused, t(lang, "match_error.plan_empty"))
    picked = await alice.select(form, ["1"], custom_id=menus(form)[0].custom_id)
    await alice.click(picked.response.message or form, label=t(lang, "plan.save"))
    listed = (await alice.slash(channel, "plateau plans")).response.message
    cancelled = await alice.click(listed, label=t(lang, "plan.cancel_in", id=match.id))
    assert t(lang, "plan.cancelled", id=match.id) in (cancelled.response.message or listed).content
    assert await env.bot.plans.plans_of(alice.id) == []


def public(text: str, match_id: int) -> str:
    return re.sub(rf"(#|n° ?){match_id}\b", "#N", text)


async def bob_reads(club: dict[str, Any], where: str, match_id: int) -> list[Any]:
    """Everything bob can read of one match: the channel's messages (texts, embeds, components, images) and his
    DMs, the match number written alike."""
    read: list[Any] = []
    for message in club[where].history(viewer=club["bob"]):
        read.append(public(text_of(message), match_id))
        read.append([public(str(e.to_dict()), match_id) for e in message.embeds])
        read.append([(c.type, getattr(c, "label", None)) for c in controls_of(message)])
        read.append([await a.read() for a in message.attachments])
    dms = club["bob"].user.dm_channel
    read.append([public(m.content, match_id) for m in (dms.history() if dms is not None else [])])
    return read


async def test_twin_matches_differing_only_in_a_plan_read_the_same_to_the_opponent(club: dict[str, Any]) -> None:
    env, alice = club["env"], club["alice"]
    south, north, after, roll = await ur_twins(club)
    # Alice leaves a plan in the north only, for a roll she will not get: it is dropped, with a word to her.
    form = await env.bot.plans.form(north.id, alice.id)
    other = next(c for c in form.choices if c.when != roll)
    await env.bot.plans.leave(north.id, alice.id, (Branch(other.when, other.moves[0]),), expected_version=north.version)
    dms = len(alice.user.dm_channel.history()) if alice.user.dm_channel is not None else 0
    assert (await bob_until_alice(club, "north")).state == after.state, "the plan played nothing"
    told = alice.user.dm_channel.history()
    word = t(club["lang"], "plan.dropped.unforeseen.roll", id=north.id, roll=roll.split(":")[1], link="")
    assert len(told) == dms + 1 and told[-1].content.startswith(word.split("[")[0]), told[-1].content
    assert await bob_reads(club, "north", north.id) == await bob_reads(club, "south", south.id)


async def test_a_reply_plan_left_with_the_menus_answers_the_reply(club: dict[str, Any]) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await subulata_match(club, "north")
    opened = await bob.click(boards_in(channel)[-1], label=t(lang, "plan.open"))
    form = opened.response.message
    assert t(lang, "plan.form_two_rated", id=match.id, lines="").split("\n")[0] in text_of(form), "rated: blank"
    (replies,) = menus(form)
    picked = await bob.select(form, ["0"], custom_id=replies.custom_id)
    form = picked.response.message or form
    answers = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:a")]
    assert answers, "the answer menu follows the reply picked"
    picked = await bob.select(form, ["0"], custom_id=answers[0].custom_id)
    form = picked.response.message or form
    await bob.click(form, label=t(lang, "plan.save"))
    (standing,) = await env.bot.plans.plans_of(bob.id)
    (branch,) = standing.plan.branches
    await alice.slash(channel, "game move", move=branch.when)
    log = await env.bot.service.history(match.id)
    async with env.bot.store.transaction(immediate=False):
        by = await env.bot.store.load_played_for(match.id)
    assert [(e.seat, e.notation) for e in log[-2:]] == [(0, branch.when), (1, branch.play)]
    assert by == {log[-1].ply: "plan"}


def test_a_plan_menu_and_its_draft_come_back_from_the_custom_id() -> None:
    from bot.shell.plans.draft import Draft
    from bot.shell.plans.flow import PlanSelect

    for keyed, draft in (("roll", Draft(picks=(2, 0, 1))), ("reply", Draft(lines=((3, 1), (4, 0)), pending=2))):
        code = draft.code(keyed)
        menu = PlanSelect("w", 0, 7, 12, code, None, "…")
        found = PlanSelect.__discord_ui_compiled_template__.fullmatch(menu.item.custom_id)
        assert found is not None
        again = PlanSelect.rebuild(found)
        assert (again.part, again.slot, again.match_id, again.version, again.draft) == ("w", 0, 7, 12, code)
        assert Draft.read(keyed, again.draft) == draft
    assert Draft.read("reply", "x_1-") == Draft(), "a damaged draft reads as empty"


async def leave_every_roll(club: dict[str, Any], match: Match) -> None:
    """Alice leaves a plan for every roll that gives her a choice (its first move), as the form would keep it."""
    env, alice = club["env"], club["alice"]
    form = await env.bot.plans.form(match.id, alice.id)
    branches = tuple(Branch(c.when, c.moves[0]) for c in form.choices)
    await env.bot.plans.leave(match.id, alice.id, branches, expected_version=match.version)


async def bob_until_planned(club: dict[str, Any], where: str) -> Match:
    """Bob plays his first legal move until alice's plan has played (her plans are all gone) or she must act."""
    env, channel, bob = club["env"], club[where], club["bob"]
    while (match := await env.bot.service.current(channel.id)) is not None and match.state.actors() == (1,):
        if not await env.bot.plans.plans_of(club["alice"].id):
            return match
        await bob.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves(1)[0]))
    assert match is not None
    return match


async def test_a_plan_that_played_offers_the_next_one_in_the_same_dm(club: dict[str, Any]) -> None:
    env, lang, alice = club["env"], club["lang"], club["alice"]
    match = await ur_match(club, "north")
    await leave_every_roll(club, match)
    match = await bob_until_planned(club, "north")
    async with env.bot.store.transaction(immediate=False):
        assert "plan" in (await env.bot.store.load_played_for(match.id)).values()
    (dm,) = alice.user.dm_channel.history()
    said = text_of(dm)
    assert said.startswith(t(lang, "plan.played", id=match.id, move="§", link="").split("§")[0]), said
    # The same form as under the turn post, pre-filled with the judge's suggestions (an unrated match).
    assert t(lang, "plan.form_four_suggested", id=match.id, lines="").split("\n")[0] in said, said
    assert menus(dm) and await env.bot.plans.plans_of(alice.id) == []
    saved = await alice.user.click(dm, label=t(lang, "plan.save"))  # in the DM: as the user, not the member
    assert t(lang, "plan.saved", id=match.id, lines="").split("\n")[0] in text_of(saved.response.message or dm)
    (standing,) = await env.bot.plans.plans_of(alice.id)
    assert standing.plan.base == match.version
    # Her next turn is played by the plan she left from the DM: nobody asks her, and the DM offers the next one.
    match = await bob_until_planned(club, "north")
    async with env.bot.store.transaction(immediate=False):
        by = await env.bot.store.load_played_for(match.id)
    mine = [e for e in await env.bot.service.history(match.id) if e.seat == 0 and e.kind is LogKind.MOVE]
    assert by.get(mine[-1].ply) == "plan" and mine[-1].ply > standing.plan.base
    assert len(alice.user.dm_channel.history()) == 2
    # Nothing of it reaches bob.
    bobs = club["bob"].user.dm_channel.history()
    assert all(t(lang, "plan.played", id=match.id, move="§", link="").split("§")[0] not in m.content for m in bobs)


async def test_with_dms_closed_the_next_plan_waits_under_the_turn_post(club: dict[str, Any]) -> None:
    env, lang, channel, alice = club["env"], club["lang"], club["north"], club["alice"]
    match = await ur_match(club, "north")
    await leave_every_roll(club, match)
    closed = alice.user.dm_channel
    env.inject_error("POST", f"/channels/{closed.id}/messages", status=403, code=50007, times=None)
    match = await bob_until_planned(club, "north")
    async with env.bot.store.transaction(immediate=False):
        assert "plan" in (await env.bot.store.load_played_for(match.id)).values()
    assert closed.history() == [], "no DM got through"
    assert await env.bot.plans.plans_of(alice.id) == [], "the word was owed once, and is spent"
    # The ephemeral fallback: Plan ahead under the turn post opens the same pre-filled form, for her alone.
    opened = await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))
    assert opened.response.ephemeral
    head = t(lang, "plan.form_four_suggested", id=match.id, lines="").split("\n")[0]
    assert head in text_of(opened.response.message)


async def tek_match(club: dict[str, Any], where: str) -> Match:
    """An Ultima-Tek match in channel ``where`` (alice seat 0, bob seat 1), alice playing her first legal
    decisions until bob is to act: the same draws and moves in every channel."""
    env, lang, channel, alice, bob = club["env"], club["lang"], club[where], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    while (match := await env.bot.service.current(channel.id)) is not None and match.state.actors() == (0,):
        await alice.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves(0)[0]))
    assert match is not None and match.state.actors() == (1,)
    return match


async def bob_reads_of(club: dict[str, Any], where: str, match_id: int) -> list[Any]:
    """What bob can read of one match when he holds DMs of several: the channel's messages, and of his DMs those
    of this match (his private views), with links and match numbers written alike."""
    channel = club[where]
    read = (await bob_reads(club, where, match_id))[:-1]
    dms = club["bob"].user.dm_channel
    for message in dms.history() if dms is not None else []:
        if f"/{channel.id}/" in message.content:
            text = re.sub(r"https://discord\.com/channels/[0-9/]+", "LINK", public(message.content, match_id))
            read.append([text, [await a.read() for a in message.attachments]])
    return read


def first_moves_turn(match: Match) -> list[str]:
    """Bob's turn when he plays his first legal decision each time, in full notation."""
    state, moves = match.state, []
    while state.actors() == (1,) and not state.is_chance():
        move = state.legal_moves(1)[0]
        moves.append(state.format_move(move))
        state = state.apply(move)
    return moves


async def test_an_ultimatek_turn_plan_leaves_no_trace_for_the_opponent(club: dict[str, Any]) -> None:
    env, lang, alice, bob = club["env"], club["lang"], club["alice"], club["bob"]
    south = await tek_match(club, "south")
    north = await tek_match(club, "north")
    assert south.state.view_for(1) == north.state.view_for(1)
    theirs = first_moves_turn(north)
    public = "; ".join(north.game.public_notation(m) for m in theirs)
    # In the north only, alice plans her whole next turn for a turn of bob's he will not play, with the menus.
    opened = await alice.click(boards_in(club["north"])[-1], label=t(lang, "plan.open"))
    form = opened.response.message
    assert opened.response.ephemeral
    desk_form = await env.bot.plans.form(north.id, alice.id)
    assert desk_form.keyed == "turn" and desk_form.choices[0].label == "*"
    index, choice = next((i, c) for i, c in enumerate(desk_form.choices) if c.when not in ("*", public))
    (replies,) = menus(form)
    picked = await alice.select(form, [str(index)], custom_id=replies.custom_id)
    form = picked.response.message or form
    answers = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:a")]
    picked = await alice.select(form, ["0"], custom_id=answers[0].custom_id)
    form = picked.response.message or form
    saved = await alice.click(form, label=t(lang, "plan.save"))
    assert saved.response.ephemeral or saved.response.message is not None
    (standing,) = await env.bot.plans.plans_of(alice.id)
    assert standing.plan.keyed == "turn" and standing.plan.branches[0].when == choice.when
    # Bob plays the same turn in both channels: everything he can read stays the same.
    for where in ("south", "north"):
        for text in theirs:
            match = await env.bot.service.current(club[where].id)
            assert match is not None
            if match.state.actors() != (1,):
                break
            await bob.slash(club[where], "game move", move=text)
    assert await bob_reads_of(club, "north", north.id) == await bob_reads_of(club, "south", south.id)
    told = alice.user.dm_channel.history()
    # His turn as the member types it: French verbs in French ("fin", issue 39).
    said = turn_words(north.game, public, lang)
    word = t(lang, "plan.dropped.unforeseen.reply", id=north.id, reply=said, link="")
    assert told and told[-1].content.startswith(word.split("[")[0]), told[-1].content
