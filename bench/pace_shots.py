"""Screenshots of the pace switch as a phone shows it (390×844): the question in the match's channel, then the
channel once the other player agreed (the question settled, the turn post edited with the new pace).

Run on demand, from the repository root: ``PYTHONPATH=. python bench/pace_shots.py [--out DIR] [--lang en|fr]``.
Alice and Bob play a few moves of Ur (Variante 2) at 2 minutes a turn (``--start``); Alice asks ``/plateau pace``
for 48 hours a turn (``--to``); the files are ``DIR/pace-<lang>-<start>-<to>-asked.png`` and ``…-agreed.png``.
Same needs as :mod:`bench.phone_shots`.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import PHONE, SCROLL_TO_BOTTOM, browser, open_channel, speaking


async def shoot(out: Path, lang: str, start: str = "2m", to: str = "48h") -> list[Path]:
    """Play, ask, shoot; agree, shoot."""
    from simcord import Env

    from bot.app.i18n import t
    from tests.botkit import close_bots, make_bot

    saved: list[Path] = []
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        env = Env(make_bot(str(Path(tmp) / "plateau.db")))
        await env.start()
        try:
            with speaking(lang):
                guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
                channel = guild.create_text_channel("ur-live")
                alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
                opened = await alice.slash(channel, "game new", game="ur:v2", thread=False, deadline=start)
                lobby = opened.response.message
                await bob.click(lobby, label=t(lang, "button.join"))
                await alice.click(lobby, label=t(lang, "button.start"))
                by_id = {alice.id: alice, bob.id: bob}
                for _ in range(4):
                    match = await env.bot.service.current(channel.id)
                    assert match is not None
                    seat = match.state.actors()[0]
                    legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
                    await by_id[match.seats[seat]].slash(channel, "game move", move=rng.choice(legal))
                asked = await alice.slash(channel, "plateau pace", pace=to)
            async with browser() as chromium:
                for step in ("asked", "agreed"):
                    if step == "agreed":
                        with speaking(lang):
                            await bob.click(asked.response, label=t(lang, "button.pace_accept"))
                    async with env.preview(channel, viewers=[alice, bob], layout="channel") as preview:
                        page = await open_channel(chromium, preview.url, PHONE)
                        await page.evaluate(SCROLL_TO_BOTTOM)
                        path = out / f"pace-{lang}-{start}-{to}-{step}.png"
                        await page.screenshot(path=str(path))
                        saved.append(path)
                        await page.close()
        finally:
            await env.shutdown()
            await close_bots()
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("shots"), help="folder of the screenshots (default shots/)")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="the server's and clients' language")
    parser.add_argument("--start", default="2m", help="the pace the match starts at (a /game new deadline)")
    parser.add_argument("--to", default="48h", help="the pace asked")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in asyncio.run(shoot(args.out, args.lang, args.start, args.to)):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
