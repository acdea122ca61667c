"""Plans for any reply or turn on SimCord (issue 36, item 2), in both languages: in Subulata a member leaves
"whatever bob plays, unless he takes or threatens one of my pieces: my move" with the menus under the turn post, in
Ultima-Tek "any turn that does not change what my turn does: my turn"; each plays for them and the turn post says
so, and twin matches that differ only in such a plan read the same to the opponent until it plays; in an unrated
match the judge's stop ends one the reply made clearly worse, with a word to its member alone."""

from __future__ import annotations

import random
from typing import Any

from bot.app.i18n import t
from bot.app.matches import Match
from bot.app.plans import subulata, turns, ultimatek
from bot.app.plans.model import Branch
from bot.app.plans.turns import ANY
from games import subulata as subulata_rules
from games.ai.choice import choice_matters
from tests.botkit import boards_in, text_of
from tests.test_bot_plans import bob_reads, club, first_moves_turn, menus, subulata_match, tek_match

__all__ = ["club"]  # the fixture, in both languages


def harmless(match: Match, answer: str) -> str:
    """A move of alice's that neither takes nor threatens a piece of bob's and leaves his answer as it is."""
    state = match.state
    for move in state.legal_moves(0):
        text = state.format_move(move)
        if not subulata.changes(subulata_rules.INFO, [text], state.apply(move), 1, [answer]):
            return text
    raise AssertionError("no harmless move")


async def test_a_plan_for_any_reply_left_with_the_menus_plays_and_says_so(club: dict[str, Any]) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await subulata_match(club, "north")
    form = (await bob.click(boards_in(channel)[-1], label=t(lang, "plan.open"))).response.message
    (replies,) = menus(form)
    words = t(lang, "plan.any_reply")
    last = replies.options[-1]
    assert words in last.label, "whatever alice plays: the last reply offered"
    form = (await bob.select(form, [last.value], custom_id=replies.custom_id)).response.message or form
    answers = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:a")]
    assert answers and words in answers[0].placeholder
    form = (await bob.select(form, ["0"], custom_id=answers[0].custom_id)).response.message or form
    saved = await bob.click(form, label=t(lang, "plan.save"))
    assert words in text_of(saved.response.message or form)
    ((standing),) = await env.bot.plans.plans_of(bob.id)
    (branch,) = standing.plan.branches
    assert branch.when == ANY
    reply = harmless(match, branch.play)
    await alice.slash(channel, "game move", move=reply)
    log = await env.bot.service.history(match.id)
    assert [(e.seat, e.notation) for e in log[-2:]] == [(0, reply), (1, branch.play)]
    async with env.bot.store.transaction(immediate=False):
        assert await env.bot.store.load_played_for(match.id) == {log[-1].ply: "plan"}
    post = text_of(boards_in(channel)[-1])
    assert t(lang, "standin.plan", name=bob.name) in post, post


async def test_twin_matches_differing_only_in_a_plan_for_any_reply_read_the_same(club: dict[str, Any]) -> None:
    env, alice, bob = club["env"], club["alice"], club["bob"]
    south = await subulata_match(club, "south")
    north = await subulata_match(club, "north")
    form = await env.bot.plans.form(south.id, bob.id)
    answer = form.answers(ANY)[0]
    dms = [m.content for m in alice.user.dm_channel.history()] if alice.user.dm_channel is not None else []
    await env.bot.plans.leave(south.id, bob.id, (Branch(ANY, answer),), expected_version=south.version)
    assert await bob_reads_alike(club, south, north)
    # Alice's reply takes or threatens nothing of bob's: his plan plays in the south; he answers by hand in the
    # north. Until then, alice read the same in both.
    reply = harmless(south, answer)
    await alice.slash(club["south"], "game move", move=reply)
    await alice.slash(club["north"], "game move", move=reply)
    await bob.slash(club["north"], "game move", move=answer)
    north_log = await env.bot.service.history(north.id)
    south_log = await env.bot.service.history(south.id)
    assert [e.notation for e in north_log] == [e.notation for e in south_log]
    now = [m.content for m in alice.user.dm_channel.history()] if alice.user.dm_channel is not None else []
    # Her DMs are her secret views, edited as the board moves: no more of them, and none speaks of a plan.
    assert len(now) == len(dms) and not any("📝" in text for text in now)


async def bob_reads_alike(club: dict[str, Any], south: Match, north: Match) -> bool:
    """Alice reads the same of both matches' channels (the reader reads as bob: alice is put in his place). Her
    DMs (one channel for both matches) are compared whole elsewhere."""
    swapped = {**club, "bob": club["alice"]}
    return (await bob_reads(swapped, "south", south.id))[:-1] == (await bob_reads(swapped, "north", north.id))[:-1]


async def test_an_ultimatek_plan_for_any_turn_left_with_the_menus_plays_and_says_so(
    club: dict[str, Any],
) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await tek_match(club, "north")
    form = (await alice.click(boards_in(channel)[-1], label=t(lang, "plan.open"))).response.message
    (replies,) = menus(form)
    words = t(lang, "plan.any_turn")
    assert words in replies.options[0].label, "whatever bob plays: the first turn offered"
    form = (await alice.select(form, ["0"], custom_id=replies.custom_id)).response.message or form
    answers = [m for m in menus(form) if m.custom_id.startswith("plateau:plans:a")]
    form = (await alice.select(form, ["0"], custom_id=answers[0].custom_id)).response.message or form
    saved = await alice.click(form, label=t(lang, "plan.save"))
    assert words in text_of(saved.response.message or form)
    (standing,) = await env.bot.plans.plans_of(alice.id)
    mine = turns.split(turns.flat(standing.plan.branches[0]))
    # Bob plays his first legal decisions (here he ends his turn at once): nothing alice's turn does changes.
    theirs = first_moves_turn(match)
    after = match.state
    for text in theirs:
        after = after.apply(after.parse_move(text, 1))
    after = turns.settle(after, random.Random(0))  # his draws: nothing alice's turn reads
    assert not ultimatek.changes(match.game, theirs, after, 0, mine)
    before = match.version
    for text in theirs:
        if (await env.bot.service.current(channel.id)).state.actors() != (1,):  # type: ignore[union-attr]
            break
        await bob.slash(channel, "game move", move=text)
    log = [e for e in await env.bot.service.history(match.id) if e.ply > before and e.seat == 0]
    post = text_of(boards_in(channel)[-1])
    assert [e.notation for e in log][: len(mine)] == mine
    assert t(lang, "standin.plan", name=alice.name) in post, post


def far_below(match: Match, answers: tuple[str, ...]) -> tuple[str, str]:
    """A move of alice's that takes and threatens nothing of bob's, and an answer of bob's that it leaves as it is
    but after which the judge ranks far (3 points) below his best: a plan the judge's stop ends, whatever its
    deals."""
    state = match.state
    for move in state.legal_moves(0):
        reply, after = state.format_move(move), state.apply(move)
        spread = choice_matters(match.game, after, 1, seconds=None)
        assert spread is not None
        for mine in answers:
            if not subulata.changes(subulata_rules.INFO, [reply], after, 1, [mine]):
                chance = spread.chances[spread.moves.index(after.parse_move(mine, 1))]
                if max(spread.chances) - chance > 0.03:
                    return reply, mine
    raise AssertionError("no such reply")


async def test_an_unrated_plan_for_any_reply_the_judge_ranks_far_below_after_the_reply_stops_with_a_word(
    club: dict[str, Any],
) -> None:
    env, lang, channel, alice, bob = club["env"], club["lang"], club["north"], club["alice"], club["bob"]
    match = await subulata_match(club, "north", rated=False)
    form = await env.bot.plans.form(match.id, bob.id)
    reply, mine = far_below(match, form.answers(ANY))
    await env.bot.plans.leave(match.id, bob.id, (Branch(ANY, mine),), expected_version=match.version)
    await alice.slash(channel, "game move", move=reply)
    now = await env.bot.service.current(channel.id)
    assert now is not None and now.state.actors() == (1,), "bob is asked: nothing was played for him"
    word = t(lang, "plan.dropped.outplayed", id=now.id, move=mine, points="0.5", link="").split("[")[0]
    told = [m.content for m in bob.user.dm_channel.history()] if bob.user.dm_channel is not None else []
    assert any(text.startswith(word) for text in told), told
    # Alice reads nothing of it: her DMs and the channel never speak of a plan.
    public = [text_of(m) for m in channel.history()]
    hers = [m.content for m in alice.user.dm_channel.history()] if alice.user.dm_channel is not None else []
    assert not any("📝" in text for text in public + hers)
