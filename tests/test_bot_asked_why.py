"""End to end on SimCord: when a member's stand-in stops, they are told why, and only they (issue 36). Alice's
"ask me only when it matters" is on in one of two twin matches; when her choice matters there, the ping in her
DMs says so in one line, in English and in French, and bob reads both twins alike: nothing of it is public."""

from __future__ import annotations

import difflib
from dataclasses import replace
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from bot.app.matches.model import Stopped
from bot.app.storage import Store
from bot.app.telling.stand_in_words import asked_line
from bot.shell.desk.keeper import DESK_LANG
from games.base import GameState, Seat
from tests.botkit import make_bot, text_of
from tests.test_bot_autopilot import deterministic, new_match, normalised


class StopsForAlice:
    """A stand-in whose stop always fires for alice in one match (her standing order, say): the member's side of
    the stop, whatever stand-in it is, made certain."""

    name = "order"

    def __init__(self, match_id: int, user_id: int) -> None:
        self.match_id, self.user_id = match_id, user_id

    async def choose(self, store: Store, match: Match, state: GameState, seat: Seat, user_id: int) -> Any | None:
        if match.id == self.match_id and user_id == self.user_id:
            return Stopped("order.danger")
        return None


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
    for member in (alice, bob):
        await env.bot.service.set_user_pref(member.id, "ping_route", "dm")
        await env.bot.service.set_user_pref(member.id, DESK_LANG, lang)
    quiet, _ = await new_match(guild, "quiet", alice, bob)
    stopped, _ = await new_match(guild, "stopped", alice, bob)
    first = await env.bot.service.current(quiet.id)
    second = await env.bot.service.current(stopped.id)
    assert first is not None and second is not None
    # Alice's stand-in stops at each of her decisions in the second twin only.
    stand_in = StopsForAlice(second.id, alice.id)
    env.bot.service.config = replace(env.bot.service.config, stand_ins=(stand_in,))
    line = asked_line(lang, "order.danger", {})
    assert line == t(lang, "asked.order", stop=t(lang, "orders.stop.danger"))
    told = 0
    for _ in range(16):
        if first.status is not MatchStatus.ACTIVE:
            break
        (uid,) = first.to_act()
        move = first.state.format_move(first.state.legal_moves()[0])
        await members[uid].slash(quiet, "game move", move=move)
        await members[uid].slash(stopped, "game move", move=move)
        first = await env.bot.service.current(quiet.id) or await env.bot.service.last_in_channel(quiet.id)
        second = await env.bot.service.current(stopped.id) or await env.bot.service.last_in_channel(stopped.id)
        assert first is not None and second is not None and first.state == second.state
        # Bob reads the twins alike, in the channel and in his DMs: nothing of alice's stop is public.
        one = [normalised(text_of(m), first.id) for m in quiet.history(viewer=bob)]
        other = [normalised(text_of(m), second.id) for m in stopped.history(viewer=bob)]
        assert one == other, "\n".join(difflib.unified_diff("\n".join(one).split("\n"), "\n".join(other).split("\n")))
        assert all(line not in text_of(m) for m in stopped.history())
        bobs = bob.user.dm_channel
        assert bobs is None or all(line not in text_of(m) for m in bobs.history())
        if second.to_act() == [alice.id] or tuple(second.to_act()) == (alice.id,):
            assert await env.bot.service.asked_why(second.id, alice.id) == Stopped("order.danger")
            assert await env.bot.service.asked_why(first.id, alice.id) is None
            if uid == bob.id:
                # Bob's move pinged her, in her DMs; the ping says why: the second twin's ping only.
                dm = alice.user.dm_channel
                assert dm is not None and dm.last_message is not None
                assert text_of(dm.last_message).endswith(line) and f" {second.id})]" in text_of(
                    dm.last_message
                ).replace("#", " ")
                told += 1
        else:
            assert await env.bot.service.asked_why(second.id, alice.id) is None, "only while she is asked"
    assert told >= 1
    # It outlives a restart while the decision is open, and her own view says it too.
    (uid,) = second.to_act()
    if uid == alice.id:
        await env.restart_bot(make_bot(db_path))
        assert await env.bot.service.asked_why(second.id, alice.id) == Stopped("order.danger")
        await alice.slash(stopped, "game view")
        assert alice.user.dm_channel is not None and line in text_of(alice.user.dm_channel.last_message)


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
