"""Several bot processes: the shard settings, which process looks after which server, the sharded bot."""

from __future__ import annotations

import pytest
from discord.ext import commands

from bot.app.config import Config, ConfigError
from bot.shell.client import PlateauBot, ShardedPlateauBot, create_bot

PG = "postgresql://bot@db/plateau"


def config(**env: str) -> Config:
    return Config.from_env({"DISCORD_TOKEN": "t", **env})


def test_no_shard_settings_make_one_plain_bot() -> None:
    plain = config()
    assert (plain.shard_count, plain.shard_ids, plain.sharded) == (None, None, False)
    bot = create_bot(plain)
    assert type(bot) is PlateauBot
    assert bot.owns(123) and bot.owns(None)


def test_two_processes_split_the_shards_and_the_servers() -> None:
    first = config(PLATEAU_SHARDS="4", PLATEAU_SHARD_IDS="0,1", PLATEAU_DATABASE=PG)
    second = config(PLATEAU_SHARDS="4", PLATEAU_SHARD_IDS="2-3", PLATEAU_DATABASE=PG)
    assert (first.shard_count, first.shard_ids, second.shard_ids) == (4, (0, 1), (2, 3))
    guilds = [(n << 22) | 12345 for n in range(40)]  # a snowflake's shard is (id >> 22) % count
    for guild in guilds:
        assert first.owns(guild) != second.owns(guild), "each server has exactly one process"
    assert first.owns((5 << 22) | 1) and second.owns((6 << 22) | 1)
    assert first.owns(None) and not second.owns(None), "direct messages belong to shard 0"

    bot = create_bot(first)
    assert isinstance(bot, ShardedPlateauBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [0, 1])


def test_every_shard_in_one_process_may_keep_sqlite() -> None:
    whole = config(PLATEAU_SHARDS="2")
    assert whole.sharded and whole.owns(1) and whole.owns((1 << 22) | 1)
    assert isinstance(create_bot(whole), ShardedPlateauBot)


@pytest.mark.parametrize(
    ("env", "complaint"),
    [
        ({"PLATEAU_SHARD_IDS": "0"}, "needs PLATEAU_SHARDS"),
        ({"PLATEAU_SHARDS": "zero"}, "number of shards"),
        ({"PLATEAU_SHARDS": "0"}, "number of shards"),
        ({"PLATEAU_SHARDS": "2", "PLATEAU_SHARD_IDS": "2", "PLATEAU_DATABASE": PG}, "below PLATEAU_SHARDS"),
        ({"PLATEAU_SHARDS": "2", "PLATEAU_SHARD_IDS": "a", "PLATEAU_DATABASE": PG}, "such as 0,1"),
        ({"PLATEAU_SHARDS": "2", "PLATEAU_SHARD_IDS": "0"}, "postgresql://"),
    ],
)
def test_bad_shard_settings_are_refused(env: dict[str, str], complaint: str) -> None:
    with pytest.raises(ConfigError, match=complaint):
        config(**env)
