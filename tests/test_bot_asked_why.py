"""End to end on SimCord: when a member's stand-in stops, they are told why, and only they (issue 36). Alice's
"ask me only when it matters" is on in one of two twin matches; when her choice matters there, the ping in her
DMs says so in one line, in English and in French, and bob reads both twins alike: nothing of it is public."""

from __future__ import annotations

import difflib
from dataclasses import replace
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.matches import MatchStatus
from bot.app.matches.model import Stopped
from bot.app.telling.stand_in_words import asked_line
from bot.shell.desk.keeper import DESK_LANG
from tests.botkit import make_bot, text_of
from tests.test_bot_autopilot import deterministic, new_match, normalised


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_member_asked_after_all_reads_why_in_her_dm_and_bob_reads_the_twins_alike(
    simcord_env: Any, lang: str, db_path: str
) -> None:
    env = simcord_env
    deterministic(env)
    env.bot.service.config = replace(env.bot.service.config, fair=False)  # twins: dice from the seed alone
    guild = env.create_guild(name="Association")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    members = {alice.id: alice, bob.id: bob}
    await env.bot.service.set_user_pref(alice.id, "ping_route", "dm")
    await env.bot.service.set_user_pref(alice.id, DESK_LANG, lang)
    quiet, _ = await new_match(guild, "quiet", alice, bob)
    piloted, _ = await new_match(guild, "piloted", alice, bob)
    first = await env.bot.service.current(quiet.id)
    second = await env.bot.service.current(piloted.id)
    assert first is not None and second is not None
    await env.bot.service.set_member_setting(alice.id, "autopilot", "1", second.id)
    why = None
    for _ in range(80):
        if await env.bot.store.load_played_for(second.id) or first.status is not MatchStatus.ACTIVE:
            break
        why = await env.bot.service.asked_why(second.id, alice.id)
        if why is not None:
            break
        (uid,) = first.to_act()
        move = first.state.format_move(first.state.legal_moves()[0])
        await members[uid].slash(quiet, "game move", move=move)
        await members[uid].slash(piloted, "game move", move=move)
        first = await env.bot.service.current(quiet.id) or await env.bot.service.last_in_channel(quiet.id)
        second = await env.bot.service.current(piloted.id) or await env.bot.service.last_in_channel(piloted.id)
        assert first is not None and second is not None
    assert why is not None and why.why == "autopilot.apart", "alice is soon asked a choice that matters"
    line = asked_line(lang, why.why, why.words)
    assert t(lang, "asked.autopilot.apart", **why.words) == line and float(why.words["points"]) > 1
    # Her ping says why; in the twin without the autopilot she is asked the same decision, without a why.
    assert await env.bot.service.asked_why(first.id, alice.id) is None
    dm = alice.user.dm_channel
    assert dm is not None and dm.last_message is not None and text_of(dm.last_message).endswith(line)
    # Bob reads the twins alike, and nothing public says it.
    one = [normalised(text_of(m), first.id) for m in quiet.history(viewer=bob)]
    other = [normalised(text_of(m), second.id) for m in piloted.history(viewer=bob)]
    assert one == other, "\n".join(difflib.unified_diff("\n".join(one).split("\n"), "\n".join(other).split("\n")))
    for message in piloted.history():
        assert line not in text_of(message) and t(lang, "asked.autopilot.unjudged") not in text_of(message)
    bobs = bob.user.dm_channel
    assert bobs is None or all(line not in text_of(m) for m in bobs.history())
    # Her private view says it too, and it outlives a restart while the decision is open.
    await env.restart_bot(make_bot(db_path))
    assert await env.bot.service.asked_why(second.id, alice.id) == why
    # Once she moves, it is gone.
    (uid,) = second.to_act()
    await members[uid].slash(piloted, "game move", move=second.state.format_move(second.state.legal_moves()[0]))
    assert await env.bot.service.asked_why(second.id, alice.id) is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_stop_reads_as_one_short_line(lang: str) -> None:
    cases = [
        Stopped("order.danger"),
        Stopped("order.illegal"),
        Stopped("autopilot.apart", {"points": "3", "limit": "1"}),
        Stopped("autopilot.unjudged"),
        Stopped("plan.unforeseen", {"roll": "3"}),
        Stopped("plan.unforeseen", {"reply": "A4-A2"}),
        Stopped("plan.stopped", {"move": "C4-C2"}),
        Stopped("plan.undone"),
        Stopped("plan.moved"),
        Stopped("something.new"),
    ]
    lines = [asked_line(lang, s.why, s.words) for s in cases]
    assert all(line and "\n" not in line and len(line) <= 120 and "{" not in line for line in lines)
    assert t(lang, "orders.stop.danger") in lines[0]
    assert "3" in lines[4] and "A4-A2" in lines[5]
    assert len(set(lines)) == len(lines)
    assert Stopped.from_text(cases[2].to_text()) == cases[2] and Stopped.from_text("{") is None
