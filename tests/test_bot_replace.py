"""End to end on SimCord: a member takes over the seat the AI took from a player who resigned.

Four members play Ursuppe; Bob resigns and the AI takes his seat; Erin, who is not seated, asks to play it and
is declined, which bars her from that seat (asking again is refused privately and pings nobody); Fay asks; the
three others accept on the one question message that pinged only them; Fay is pinged for the seat's next turn
and plays it; the history and the result name Bob, the AI and Fay for that seat.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.app.matches import LogKind, Match, MatchStatus
from bot.app.telling.history import turn_lines
from tests.botkit import boards_in, labels_of, pings_since, text_of
from tests.test_bot_e2e import current


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and six members."""
    env = simcord_env
    # AI turns are real CPU work in a thread: on a loaded machine a chain of them outlasts the default 5 s.
    env.settle_timeout = 60.0
    guild = env.create_guild(name="Association")
    names = ("alice", "bob", "chloe", "dmitri", "erin", "fay")
    members = {name: guild.add_member(env.create_user(name)) for name in names}
    return {"env": env, "channel": guild.create_text_channel("games")} | members


async def settle(env: Any) -> None:
    """Let the bot's background work (AI moves) run until nothing is left to do."""
    for _ in range(3):
        await asyncio.sleep(0)
        await env.bot.ai.idle()


async def now(env: Any, channel: Any) -> Match:
    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE
    return match


async def play(env: Any, channel: Any, by_id: dict[int, Any], match: Match) -> None:
    """The member whose seat must act plays a legal move with /game move."""
    (seat,) = match.state.actors()
    legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
    await by_id[match.seats[seat]].slash(channel, "game move", move=legal[-1])
    await settle(env)


async def resign(env: Any, channel: Any, member: Any) -> None:
    ask = await member.slash(channel, "game resign")
    await member.click(ask.response.message, label="Yes, resign")
    await settle(env)


async def test_a_fifth_member_takes_over_the_seat_the_ai_took_and_the_record_names_both(club: dict[str, Any]) -> None:
    env, channel = club["env"], club["channel"]
    alice, bob, chloe, dmitri, erin, fay = (club[n] for n in ("alice", "bob", "chloe", "dmitri", "erin", "fay"))
    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False)).response.message
    for member in (bob, chloe, dmitri):
        await member.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await settle(env)
    by_id = {m.id: m for m in (alice, bob, chloe, dmitri, erin, fay)}
    for _ in range(3):
        await play(env, channel, by_id, await now(env, channel))

    await resign(env, channel, bob)
    match = await now(env, channel)
    seat = match.seats.index(bob.id)
    assert seat in match.takeovers and match.ai[seat] == "normal", "the AI took Bob's seat; the match goes on"
    post = boards_in(channel)[-1]
    assert f"Take seat {seat + 1} (bob's)" in labels_of(post), "the turn post offers the seat"

    refused = await chloe.slash(channel, "plateau replace")
    assert refused.response.ephemeral and "already have a seat" in refused.response.content
    # Erin asks with the button first; one decline cancels, and bars her from that seat: asking again is refused
    # in words, and nobody is pinged again.
    offered = await erin.click(post, label=f"Take seat {seat + 1} (bob's)")
    declined = await chloe.click(offered.response.message, label="Decline")
    assert "declined" in text_of(declined.response.message) and "Accept" not in labels_of(declined.response.message)
    before = len(env.http_requests)
    for repeat in (erin.slash(channel, "plateau replace"), erin.click(post, label=f"Take seat {seat + 1} (bob's)")):
        barred = await repeat
        assert barred.response.ephemeral and "cannot ask for that seat again" in barred.response.content
    assert pings_since(env, before) == [], "a repeat pings nobody"

    # Fay, who was not declined, asks.

    before = len(env.http_requests)
    asked = await fay.slash(channel, "plateau replace")
    question = asked.response.message
    assert "fay" in text_of(question) and f"seat {seat + 1}" in text_of(question)
    assert sorted(pings_since(env, before)) == sorted([alice.id, chloe.id, dmitri.id]), "only the players are asked"
    again = await fay.slash(channel, "plateau replace")
    assert again.response.ephemeral and "already waiting" in again.response.content
    assert env.errors, "the refusals went through the one error handler"

    for member in (alice, chloe):
        answered = await member.click(question, label="Accept")
        assert "waiting for" in text_of(answered.response.message)
    assert (await now(env, channel)).seats[seat] == bob.id, "nothing changes before everyone accepted"
    handover = len(env.http_requests)
    done = await dmitri.click(question, label="Accept")
    assert "fay** now plays seat" in text_of(done.response.message)
    await settle(env)
    match = await now(env, channel)
    assert match.seats[seat] == fay.id and seat not in match.ai
    log = await env.bot.service.history(match.id)
    handed_at = next(e.ply for e in log if e.kind is LogKind.REPLACE and e.seat == seat)
    assert any("takes over seat" in text_of(m) and "fay" in text_of(m) for m in boards_in(channel)[-2:])

    # Fay is pinged for the seat's next turn, and plays it.
    for _ in range(200):
        match = await now(env, channel)
        if seat in match.state.actors():
            break
        before = len(env.http_requests)
        await play(env, channel, by_id, match)
        if seat in (await now(env, channel)).state.actors():
            assert fay.id in pings_since(env, before), "the new member gets the seat's turn ping"
    assert seat in match.state.actors()
    assert fay.id in pings_since(env, handover), "Fay was pinged for the seat's turn"
    await play(env, channel, by_id, match)
    log = await env.bot.service.history(match.id)
    assert any(e.kind is LogKind.MOVE and e.seat == seat and e.ply > handed_at for e in log), "Fay played"

    # Everyone else leaves in turn; Fay last, and the match ends.
    for member in (alice, chloe, dmitri, fay):
        await resign(env, channel, member)
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED
    names = await env.bot.ui.names(final)
    assert names[seat].startswith("bob → Plateau (normal) → fay")
    lines = turn_lines(final, await env.bot.service.history(final.id), names, "en")
    told = "\n".join(lines)
    assert "**bob** resigned" in told and "**fay** takes over seat" in told
    end = text_of(boards_in(channel)[-1])
    assert f"Seat {seat + 1}: **bob** up to turn" in end and "**fay** from turn" in end, end
    assert not await env.bot.service.counts_for_rating(final)
