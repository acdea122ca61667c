"""How the bot talks, on SimCord: threads named for their match and pointed to from the parent channel,
turns counted as players count them, and the history told turn by turn."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app.matches import LogKind
from bot.app.telling.threads import is_match_thread_name, thread_name
from tests.botkit import boards_in, text_of
from tests.test_bot_e2e import best_move, current, expect_ephemeral


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and four members."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    return {
        "env": env,
        "guild": guild,
        "channel": guild.create_text_channel("games"),
        **{name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")},
    }


async def open_in_thread(club: dict[str, Any], creator: Any, other: Any, game: str = "ur:v2") -> Any:
    """``creator`` opens ``game`` (in a thread, the default), ``other`` joins and starts; returns the thread."""
    channel = club["channel"]
    before = {t.id for t in channel.threads}
    await creator.slash(channel, "game new", game=game)
    (thread,) = [t for t in channel.threads if t.id not in before]
    lobby = thread.history()[-1]
    await other.click(lobby, label="Join")
    await other.click(lobby, label="Start")
    return thread


async def test_thread_names_carry_the_final_players_first_then_the_game_and_its_rules(club: dict[str, Any]) -> None:
    channel, alice, bob = club["channel"], club["alice"], club["bob"]
    await alice.slash(channel, "game new", game="ur:v2")
    (thread,) = channel.threads
    assert thread.name == "alice · Royal Game of Ur — Variante 2"
    lobby = thread.history()[-1]
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    renamed = club["env"].backend.get_channel(thread.id)
    assert renamed.name == "alice vs bob · Royal Game of Ur — Variante 2"
    assert len(renamed.name) <= 100


async def test_the_parent_channel_links_the_matches_of_its_threads_the_callers_first(club: dict[str, Any]) -> None:
    env, channel = club["env"], club["channel"]
    alice, bob, carol, dave = club["alice"], club["bob"], club["carol"], club["dave"]
    first = await open_in_thread(club, carol, dave)
    second = await open_in_thread(club, alice, bob, game="subulata")
    for command in ("game move", "game board", "game status"):
        options = {"move": "in-A2"} if command == "game move" else {}
        text = await expect_ephemeral(await alice.slash(channel, command, **options), "threads", env=env)
        links = re.findall(r"https://discord\.com/channels/\d+/(\d+)", text)
        assert links[:2] == [str(second.id), str(first.id)], "Alice's own match first"
        assert "Subulata" in text and "Royal Game of Ur" in text
    # In the thread itself the command works as usual.
    match = await current(env, first)
    assert match is not None
    reply = await carol.slash(first, "game status")
    assert reply.response.ephemeral and "Royal Game of Ur" in (reply.response.embeds[0].title or "")


async def test_status_counts_turns_and_history_tells_them_in_sentences(club: dict[str, Any]) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    players = {alice.id: alice, bob.id: bob}
    for _ in range(12):
        match = await current(env, channel)
        assert match is not None
        (uid,) = match.to_act()
        notations = [match.state.format_move(m) for m in match.state.legal_moves()]
        await players[uid].slash(channel, "game move", move=best_move(notations))
    match = await current(env, channel)
    assert match is not None
    log = await env.bot.service.history(match.id)
    decisions = [e for e in log if e.kind is LogKind.MOVE]
    assert len(decisions) == 12 and len(log) > 12

    status = await alice.slash(channel, "game status")
    fields = {f.name: f.value for f in status.response.embeds[0].fields}
    turn = int(fields["Turn"])
    # A roll of 0 passes a turn without a move, so turns may outnumber moves; never the log's entries.
    assert turn < len(log), "turns are counted, not log entries"
    board = boards_in(channel)[-1]
    assert f"· turn {turn}" in text_of(board)
    await alice.slash(channel, "game mine")
    (desk,) = alice.user.dm_channel.history()
    assert f"turn {turn}," in desk.content, "the desk counts turns as the posts do"

    page = await alice.slash(channel, "game history")
    text = page.response.embeds[0].description or ""
    lines = text.splitlines()
    assert lines[0].startswith("**1.** ") and lines[1].startswith("**2.** ")
    folded = r"\*\*(alice|bob)\*\* rolled \*\*\d\*\* and played [^`]+ \(`[^`]+`\)"
    assert re.search(folded, text), "rolls folded into moves, told in words then notation"
    assert not re.search(r"\b(roll|first):", text)
    assert "turn" in (page.response.embeds[0].footer.text or "")


def test_a_long_thread_name_keeps_the_players_and_cuts_the_game() -> None:
    names = ["a" * 60, "b" * 60]
    name = thread_name("Royal Game of Ur — Variante 2", names)
    assert len(name) <= 100 and name.startswith("aaa")
    assert is_match_thread_name(name, "Royal Game of Ur — Variante 2")
    assert is_match_thread_name("Royal Game of Ur — Variante 2 · alice", "Royal Game of Ur — Variante 2")
    assert not is_match_thread_name("Spring Open · R1 · alice vs bob", "Royal Game of Ur — Variante 2")
