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

from bot.app.config import Config
from bot.shell.client import EXTENSIONS, PlateauBot
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
