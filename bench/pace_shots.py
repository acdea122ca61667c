"""Screenshots of the pace switch as a phone shows it (390×844): the question in the match's channel, then the
channel once the other player agreed (the question settled, the turn post edited with the new pace).

Run on demand, from the repository root: ``PYTHONPATH=. python bench/pace_shots.py [--out DIR] [--lang en|fr]``.
Alice and Bob play a few moves of Ur (Variante 2) at 2 minutes a turn (``--start``); Alice asks ``/plateau pace``
for 48 hours a turn (``--to``); the files are ``DIR/pace-<lang>-<start>-<to>-asked.png`` and ``…-agreed.png``.
Same needs as :mod:`bench.phone_shots`.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import association, decide, fresh_bot, shots_main, snap, speaking


async def shoot(out: Path, lang: str, chromium: Any, start: str = "2m", to: str = "48h") -> list[Path]:
    """Play, ask, shoot; agree, shoot."""
    from bot.app.i18n import t

    saved: list[Path] = []
    async with fresh_bot() as env:
        with speaking(lang):
            guild, _ = association(env, lang)
            channel = guild.create_text_channel("ur-live")
            alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
            opened = await alice.slash(channel, "game new", game="ur:v2", thread=False, deadline=start)
            lobby = opened.response.message
            await bob.click(lobby, label=t(lang, "button.join"))
            await alice.click(lobby, label=t(lang, "button.start"))
            await decide(env, channel, [alice, bob], 4, random.Random(7))
            asked = await alice.slash(channel, "plateau pace", pace=to)
        saved.append(
            await snap(env, chromium, channel, [alice, bob], out / f"pace-{lang}-{start}-{to}-asked.png", lang)
        )
        with speaking(lang):
            await bob.click(asked.response, label=t(lang, "button.pace_accept"))
        saved.append(
            await snap(env, chromium, channel, [alice, bob], out / f"pace-{lang}-{start}-{to}-agreed.png", lang)
        )
    return saved


async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
    await shoot(out, args.lang, chromium, args.start, args.to)


def main() -> int:
    return shots_main(
        __doc__ or "",
        run,
        ("--start", "2m", "the pace the match starts at (a /game new deadline)"),
        ("--to", "48h", "the pace asked"),
    )


if __name__ == "__main__":
    raise SystemExit(main())
