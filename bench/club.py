"""The club the bot benchmarks play in: Plateau under SimCord on a throw-away file database, with a guild
``bench``, one text channel and two members, alice and bob."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple

import simcord

from bot.app.config import Config
from bot.shell.client import PlateauBot


class Club(NamedTuple):
    """What a benchmark drives: the bot, SimCord's world, the guild, its channel and the two members (and
    the members by user id, to find who is to act)."""

    bot: PlateauBot
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    players: dict[int, Any]


@asynccontextmanager
async def bench_club(channel: str) -> AsyncIterator[Club]:
    """The club, with its channel named ``channel``; the database goes when the club closes."""
    with tempfile.TemporaryDirectory() as tmp:
        bot = PlateauBot(Config(token="bench", database=str(Path(tmp) / "bench.db")))
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="bench")
            room = guild.create_text_channel(channel)
            alice = guild.add_member(env.create_user("alice"))
            bob = guild.add_member(env.create_user("bob"))
            yield Club(bot, env, guild, room, alice, bob, {alice.id: alice, bob.id: bob})
