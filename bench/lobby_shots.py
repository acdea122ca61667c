"""Screenshots of a lobby card as a phone shows it (390×844), in English or French: what a newcomer reads first.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/lobby_shots.py [--out DIR] [--lang fr]``.
Alice opens a Royal Game of Ur lobby, Bob joins and adds his secret word with the lobby's button; SimCord's preview
draws the channel and Chromium saves ``DIR/lobby-<lang>-phone.png``. Needs what :mod:`bench.phone_shots` needs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import association, fresh_bot, shots_main, snap, speaking


async def shoot(lang: str, out: Path, chromium: Any) -> Path:
    """One lobby on a fresh bot, two players seated, one secret word added; its phone screenshot."""
    from bot.app.i18n import t

    async with fresh_bot() as env:
        with speaking(lang):
            guild, _ = association(env, lang)
            channel = guild.create_text_channel("games")
            alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
            lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False)).response.message
            await bob.click(lobby, label=t(lang, "button.join"))
            await bob.click(lobby, label=t(lang, "button.salt"))
        return await snap(env, chromium, channel, [alice, bob], out / f"lobby-{lang}-phone.png", lang, top=True)


async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
    await shoot(args.lang, out, chromium)


def main() -> int:
    return shots_main(__doc__ or "", run)


if __name__ == "__main__":
    raise SystemExit(main())
