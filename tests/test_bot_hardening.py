"""Faults of the hostile review (issue 15) that need the bot: each pinned by a test played on SimCord."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_bot_e2e import expect_ephemeral


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel, two players and a bystander."""
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


# Quiet hours.


async def test_quiet_hours_with_a_bad_time_zone_are_refused_clearly(club: dict[str, Any]) -> None:
    env, channel, alice = club["env"], club["channel"], club["alice"]
    for zone in ("Europe", "Europe/" + "x" * 400, "../../etc/passwd", "/"):
        result = await alice.slash(channel, "game quiet", hours="22-7", timezone=zone)
        await expect_ephemeral(result, "time zone", env=env)
        env.errors.clear()


async def test_quiet_hours_with_the_zone_typed_in_hours(club: dict[str, Any]) -> None:
    channel, alice = club["channel"], club["alice"]
    done = await alice.slash(channel, "game quiet", hours="22-7 Europe/Paris")
    assert "22:00-07:00 Europe/Paris" in done.response.content
