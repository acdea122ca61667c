"""Publishing a move reads nothing back: the turn post's number is the one kept with the match.

Alice and Bob play the Royal Game of Ur through SimCord. Counting a turn from the log means replaying the
whole log (:func:`bot.app.telling.turns.replay_states`); each save already advances the count kept with the match,
so publishing a move must not replay anything, and its post still says the turn a replay counts.
"""

from __future__ import annotations

from typing import Any

import pytest

import bot.app.telling.turns as turns_module
from bot.app.matches import Match, MatchStatus
from bot.app.telling.turns import turn_of
from tests.botkit import boards_in, text_of


@pytest.fixture
def table(simcord_env: Any) -> dict[str, Any]:
    env = simcord_env
    guild = env.create_guild(name="Association")
    return {
        "env": env,
        "channel": guild.create_text_channel("ur"),
        "alice": guild.add_member(env.create_user("alice")),
        "bob": guild.add_member(env.create_user("bob")),
    }


async def started(table: dict[str, Any]) -> Match:
    channel, alice, bob = table["channel"], table["alice"], table["bob"]
    await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start")
    match = await table["env"].bot.service.current(channel.id)
    assert match is not None
    return match


async def play(table: dict[str, Any], match: Match, moves: int) -> Match:
    """``moves`` moves with ``/game move``, each player bearing off first, else moving the piece ahead."""
    players = {table["alice"].id: table["alice"], table["bob"].id: table["bob"]}
    for _ in range(moves):
        legal = [match.state.format_move(m) for m in match.state.legal_moves()]
        pick = next((n for n in legal if n.endswith("off")), legal[-1])
        await players[match.to_act()[0]].slash(table["channel"], "game move", move=pick)
        match = await table["env"].bot.service.get(match.id)
        assert match.status is MatchStatus.ACTIVE
    return match


async def replayed_turn(table: dict[str, Any], match: Match) -> int:
    return turn_of(match, list(await table["env"].bot.service.history(match.id)))


def count_reads(monkeypatch: pytest.MonkeyPatch, service: Any, **methods: bool) -> list[str]:
    """Each call of the service's ``methods`` noted, by the method's name (or, when True, its second argument)."""
    reads: list[str] = []
    for name, by_key in methods.items():
        real = getattr(service, name)

        async def counted(*args: Any, _real: Any = real, _name: str = name, _by_key: bool = by_key) -> Any:
            reads.append(args[1] if _by_key else _name)
            return await _real(*args)

        monkeypatch.setattr(service, name, counted)
    return reads


def header_turn(table: dict[str, Any]) -> str:
    return text_of(boards_in(table["channel"])[-1])


async def test_a_move_is_published_without_replaying_the_log(
    table: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    match = await play(table, await started(table), 4)
    replays: list[int] = []
    real = turns_module.replay_states

    def counted(match: Match, entries: Any) -> Any:
        replays.append(len(entries))
        return real(match, entries)

    monkeypatch.setattr(turns_module, "replay_states", counted)
    match = await play(table, match, 6)
    assert replays == [], "publishing replayed the log"
    monkeypatch.undo()
    number = await replayed_turn(table, match)
    assert number > 1
    assert f"turn {number}" in header_turn(table)


async def test_a_match_not_counted_since_the_turns_were_kept_is_numbered_from_its_log(
    table: dict[str, Any],
) -> None:
    """A match last saved before migration 0014 has no count kept: its reposted post counts from the log."""
    match = await play(table, await started(table), 5)
    number = await replayed_turn(table, match)
    await table["env"].bot.store._write("UPDATE matches SET turn = NULL, turn_seats = NULL WHERE id = ?", (match.id,))
    assert (await table["env"].bot.service.get(match.id)).turn is None
    await table["bob"].slash(table["channel"], "game board")
    assert f"turn {number}" in header_turn(table)


async def test_a_move_reads_what_publishing_needs_once(table: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The messages kept for the match and the players' notification settings are read once per move."""
    match = await play(table, await started(table), 3)
    service = table["env"].bot.service
    reads = count_reads(monkeypatch, service, posts=False, pings=False)
    for _ in range(4):
        reads.clear()
        match = await play(table, match, 1)
        assert sorted(reads) == ["pings", "posts"]


async def test_a_secret_set_up_reads_the_kept_messages_and_closed_dms_once(
    table: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Subulata hides each set-up: its private views are sent from what publishing gathered, read once."""
    channel, alice, bob = table["channel"], table["alice"], table["bob"]
    await alice.slash(channel, "game new", game="subulata", thread=False)
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start")
    service = table["env"].bot.service
    # A preference read counts under its key ("dm_closed": whether the player's DMs were found closed).
    reads = count_reads(monkeypatch, service, posts=False, user_pref=True)
    private = table["env"].bot.ui.private
    delivered: list[int] = []
    deliver = private.deliver_private_views

    async def counted_deliver(*args: Any, **kwargs: Any) -> None:
        delivered.append(1)
        await deliver(*args, **kwargs)

    monkeypatch.setattr(private, "deliver_private_views", counted_deliver)
    for player in (alice, bob):
        reads.clear()
        delivered.clear()
        await player.slash(channel, "game move", move="setup random")
        assert reads.count("posts") == 1
        if player is alice:
            # Bob still sets up: the same turn, its post edited; nobody else's private view changed.
            assert not delivered and reads.count("dm_closed") == 2
            continue
        assert delivered, "the play starts: White's view is sent"
        # Each player's DMs looked up once, when gathering: the DM sent is sent from what was gathered.
        assert reads.count("dm_closed") == 2
