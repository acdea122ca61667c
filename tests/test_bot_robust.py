"""Resources and robustness (issue 24, items 11, 12 and 15) played on SimCord: hints and verifications that
cannot pile up, a rematch that seats everyone or leaves nothing, and a lobby cap checked before any thread."""

from __future__ import annotations

from typing import Any

import pytest

from bot.matches import MAX_OPEN_LOBBIES, MatchStatus
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
    done = await alice.click(ask.response.message, label="Yes, resign")
    return done.response.message if done.response.message is not None else done.followups[-1]


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

    refused = await bob.click(end, label="Rematch")
    text = await expect_ephemeral(refused, "alice")
    assert "you already" not in text.lower(), "the refusal names the player who could not be seated"
    assert await service.current(channel.id) is None, "no half-made lobby blocks the channel"
    assert await service.last_in_channel(channel.id) == finished
    assert not await service.matches_of_user(bob.id, statuses=[MatchStatus.LOBBY]), "bob sits in no hidden lobby"

    # Once Alice has room, the same button seats both and starts at once.
    await service.leave(hers[0], alice.id)
    again = await bob.click(end, label="Rematch")
    assert again.response is not None and again.response.ephemeral
    rematch = await service.current(channel.id)
    assert rematch is not None and rematch.status is MatchStatus.ACTIVE and rematch.seats == (bob.id, alice.id)


async def test_a_rematch_refused_in_french_names_the_creator_at_the_cap(
    club: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import simcord.interactions as payloads

    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    await finished_ur(club)
    end = [m for m in channel.history() if any(getattr(c, "label", None) == "Rematch" for c in _controls(m))][-1]
    # Bob would open the rematch (seats rotate: he creates it) but sits at the cap; Alice clicks, in French.
    await fill_lobbies(club, bob, 710_000)
    original = payloads.base_payload

    def in_french(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(payloads, "base_payload", in_french)
    refused = await alice.click(end, label="Rematch")
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
