"""Resources and robustness (issue 24, items 11, 12 and 15) played on SimCord: hints and verifications that
cannot pile up, a rematch that seats everyone or leaves nothing, and a lobby cap checked before any thread."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.matches import MAX_OPEN_LOBBIES, MatchStatus
from tests.botkit import boards_in
from tests.test_bot_e2e import expect_ephemeral


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and three members."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    return {
        "env": env,
        "guild": guild,
        "channel": guild.create_text_channel("games"),
        "alice": guild.add_member(env.create_user("alice")),
        "bob": guild.add_member(env.create_user("bob")),
        "carol": guild.add_member(env.create_user("carol")),
    }


async def fill_lobbies(club: dict[str, Any], member: Any, channel_base: int) -> list[int]:
    """``member`` opens as many lobbies elsewhere as a member may sit in; their ids."""
    service = club["env"].bot.service
    ids = []
    for k in range(MAX_OPEN_LOBBIES):
        lobby = await service.create(
            "ur", {}, guild_id=club["guild"].id, channel_id=channel_base + k, creator_id=member.id
        )
        ids.append(lobby.id)
    return ids


async def finished_ur(club: dict[str, Any]) -> Any:
    """Alice and Bob play Royal Game of Ur in the channel until Alice resigns; the end post."""
    channel, alice, bob = club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    ask = await alice.slash(channel, "game resign")
    await alice.click(ask.response.message, label="Yes, resign")
    return boards_in(channel)[-1]


# 12. A rematch seats everyone or leaves nothing behind.


async def test_a_rematch_that_cannot_seat_a_player_leaves_nothing_and_names_that_player(
    club: dict[str, Any],
) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    service = env.bot.service
    await finished_ur(club)
    end = [m for m in channel.history() if any(getattr(c, "label", None) == "Rematch" for c in _controls(m))][-1]
    finished = await service.last_in_channel(channel.id)
    assert finished is not None and finished.status is MatchStatus.FINISHED
    # Alice sits in as many lobbies as a member may: Bob's rematch creates its lobby, then cannot seat her.
    hers = await fill_lobbies(club, alice, 700_000)

    asked = await bob.click(end, label="Rematch")
    refused = await alice.click(asked.response.message, label="Accept")
    text = await expect_ephemeral(refused, "alice")
    assert "you already" not in text.lower(), "the refusal names the player who could not be seated"
    assert await service.current(channel.id) is None, "no half-made lobby blocks the channel"
    assert await service.last_in_channel(channel.id) == finished
    assert not await service.matches_of_user(bob.id, statuses=[MatchStatus.LOBBY]), "bob sits in no hidden lobby"

    # Once Alice has room, the same Accept seats both and starts at once (Bob's proposal still stands).
    await service.leave(hers[0], alice.id)
    again = await alice.click(asked.response.message, label="Accept")
    assert again.response is not None and again.response.content.startswith("🔁")
    rematch = await service.current(channel.id)
    assert rematch is not None and rematch.status is MatchStatus.ACTIVE and rematch.seats == (bob.id, alice.id)


async def test_a_rematch_refused_in_french_names_the_creator_at_the_cap(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import simcord.interactions as payloads

    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    await finished_ur(club)
    end = [m for m in channel.history() if any(getattr(c, "label", None) == "Rematch" for c in _controls(m))][-1]
    # Bob would open the rematch (seats rotate: he creates it) but sits at the cap; he proposes it anyway, and
    # Alice accepts, in French.
    await fill_lobbies(club, bob, 710_000)
    original = payloads.base_payload

    def in_french(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    asked = await bob.click(end, label="Rematch")
    monkeypatch.setattr(payloads, "base_payload", in_french)
    refused = await alice.click(asked.response.message, label="Accept")
    text = await expect_ephemeral(refused, "bob")
    assert "vous" not in text.lower().split("bob")[0], text
    assert await env.bot.service.current(channel.id) is None


def _controls(message: Any) -> list[Any]:
    from tests.botkit import controls_of

    return controls_of(message)


# 15. The open-lobby cap is checked before a thread is created, and refused privately.


async def test_lobby_cap_refusals_in_thread_mode_create_no_thread_and_stay_private(club: dict[str, Any]) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    await fill_lobbies(club, alice, 720_000)
    before = len(channel.history())
    for _ in range(20):
        refused = await alice.slash(channel, "game new", game="ur:v2")
        await expect_ephemeral(refused, f"{MAX_OPEN_LOBBIES} lobbies", env=env)
        assert not refused.followups or all(m.ephemeral for m in refused.followups)
        env.errors.clear()
    assert channel.threads == [], "20 refusals leave no thread behind"
    assert len(channel.history()) == before, "nothing was posted publicly"
    # Below the cap, the same command opens its thread as before.
    await club["env"].bot.service.leave((await club["env"].bot.service.matches_of_user(alice.id))[0].id, alice.id)
    opened = await alice.slash(channel, "game new", game="ur:v2")
    assert len(channel.threads) == 1 and opened.response is not None


async def test_a_lobby_refused_after_its_thread_was_made_takes_the_thread_away(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap reached between the check and the lobby (a lobby opened elsewhere meanwhile): no thread stays."""
    env, channel, alice = club["env"], club["channel"], club["alice"]
    await fill_lobbies(club, alice, 730_000)

    async def passed(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(env.bot.service, "check_open", passed)
    refused = await alice.slash(channel, "game new", game="ur:v2")
    texts = [m.content for m in [refused.response, *refused.followups] if m is not None]
    assert any(f"{MAX_OPEN_LOBBIES} lobbies" in text for text in texts), texts
    env.errors.clear()
    assert channel.threads == [], "the thread made for the refused lobby is deleted"


# 11. Hints and verifications: one at a time per member and match; a verification worked out once.


async def ai_match(club: dict[str, Any]) -> Any:
    """Alice against the strong AI in an unrated Royal Game of Ur, Alice to act; the match."""
    from tests.test_bot_ai import settle
    from tests.test_bot_e2e import current

    env, channel, alice = club["env"], club["channel"], club["alice"]
    opened = await alice.slash(channel, "game new", game="ur:v2", thread=False, rated=False, ai="strong")
    await alice.click(opened.response.message, label="Start")
    await settle(env)
    match = await current(env, channel)
    assert match is not None and match.to_act() == (alice.id,)
    return match


def gate_first_run(env: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[int]]:
    """Hold the first heavy work at its start until the returned future is set; count every run."""
    import asyncio

    gate = asyncio.get_running_loop().create_future()
    runs: list[int] = []
    real = env.bot.heavy.run

    async def gated(work: Any) -> Any:
        runs.append(1)
        if len(runs) == 1:
            await env.external_wait(gate, reason="the first request is still thinking")
        return await real(work)

    monkeypatch.setattr(env.bot.heavy, "run", gated)
    return gate, runs


async def test_a_second_hint_while_the_first_thinks_is_refused_politely(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    match = await ai_match(club)
    gate, runs = gate_first_run(env, monkeypatch)

    first = await alice.slash(channel, "game hint")
    assert first.response is not None and first.response.ephemeral, "the first hint is deferred privately"
    for _ in range(7):
        again = await alice.slash(channel, "game hint")
        await expect_ephemeral(again, "still being worked out", f"#{match.id}", env=env)
        env.errors.clear()
    assert len(runs) == 1, "the refused hints started no search"

    gate.set_result(None)
    await env.settle()
    replies = [m for m in (first.response, *first.followups) if m is not None]
    assert any("would play" in m.content for m in replies), [m.content for m in replies]
    # Once answered, the member may ask again.
    later = await alice.slash(channel, "game hint")
    assert any("would play" in m.content for m in (later.response, *later.followups) if m is not None)
    assert len(runs) == 2


async def test_verifying_an_ended_match_again_does_no_work_and_one_check_at_a_time(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.shell.fairness.fair_chance as fairness_ui

    env, channel, alice, bob, carol = club["env"], club["channel"], club["alice"], club["bob"], club["carol"]
    await finished_ur(club)
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED
    checks: list[int] = []
    real_check = fairness_ui.verify_record

    def counted(record: Any) -> Any:
        checks.append(1)
        return real_check(record)

    monkeypatch.setattr(fairness_ui, "verify_record", counted)
    gate, runs = gate_first_run(env, monkeypatch)

    first = await alice.slash(channel, "game verify", match=final.id)
    busy = await alice.slash(channel, "game verify", match=final.id)
    await expect_ephemeral(busy, "still running", f"#{final.id}", env=env)
    env.errors.clear()
    gate.set_result(None)
    await env.settle()
    verdicts = [str(m.embeds[0].to_dict()) for m in (first.response, *first.followups) if m is not None and m.embeds]
    assert verdicts and "outcomes match the seed and the salts" in verdicts[-1]

    for member in (alice, bob, carol, alice):
        again = await member.slash(channel, "game verify", match=final.id)
        shown = [m for m in (again.response, *again.followups) if m is not None and m.embeds]
        assert shown and shown[-1].ephemeral
        assert "outcomes match the seed and the salts" in str(shown[-1].embeds[0].to_dict())
    assert len(checks) == 1 and len(runs) == 1, "the ended match's draws were re-drawn once"
