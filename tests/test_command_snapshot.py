"""The whole command tree, as a sync sends it to Discord, against a snapshot kept beside the tests.

Moving a command between modules must not change what members see: every name, description, translation,
option, choice and permission of every extension the bot loads is compared, in order, with
``tests/snapshots/command_tree.json``. A change meant to alter the tree rewrites the snapshot on purpose:

    python -m tests.test_command_snapshot
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.app.config import Config
from bot.shell.client import EXTENSIONS, PlateauBot
from bot.shell.groups import in_order
from bot.shell.translator import CatalogTranslator

SNAPSHOT = Path(__file__).parent / "snapshots" / "command_tree.json"


async def tree_payload() -> list[dict[str, Any]]:
    """Every top-level command's translated payload, with every extension of the bot loaded (none of them runs:
    the bot never connects, and its ticking extensions are unloaded before it closes)."""
    bot = PlateauBot(Config(token="unused"))
    async with bot:
        translator = CatalogTranslator()
        await bot.tree.set_translator(translator)
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        try:
            return [await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()]
        finally:
            for extension in reversed(EXTENSIONS):
                await bot.unload_extension(extension)


def dump(payload: list[dict[str, Any]]) -> str:
    """The payload as the snapshot holds it: key order kept (Discord shows options in the order sent)."""
    return json.dumps(payload, indent=1, ensure_ascii=False, default=str) + "\n"


async def test_the_command_tree_is_the_snapshots() -> None:
    payload = await tree_payload()
    assert [command["name"] for command in payload] == ["game", "plateau", "leaderboard", "profile", "event", "review"]
    assert dump(payload) == SNAPSHOT.read_text(encoding="utf-8")


if __name__ == "__main__":
    SNAPSHOT.parent.mkdir(exist_ok=True)
    SNAPSHOT.write_text(dump(asyncio.run(tree_payload())), encoding="utf-8")
    print(f"wrote {SNAPSHOT}")


def test_a_group_lists_each_subcommand_its_parts_declare_once() -> None:
    class Part:
        @app_commands.command(name="one", description="The first")
        async def one(self, interaction: discord.Interaction) -> None: ...

        @app_commands.command(name="two", description="The second")
        async def two(self, interaction: discord.Interaction) -> None: ...

    class Group(Part, commands.GroupCog, group_name="group", group_description="A group"):
        pass

    in_order(Group, ("two", "one"))
    assert [sub.name for sub in Group.__cog_app_commands__] == ["two", "one"]
    with pytest.raises(TypeError):
        in_order(Group, ("two",))  # a subcommand left out would vanish from Discord
