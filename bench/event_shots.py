"""Screenshots of a club evening's event channel as a phone shows it: the event board and the bye ping.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/event_shots.py [--out DIR] [--lang fr]``.
Through SimCord, an organiser runs a live Swiss of Ur Variante 2 for five members (2 minutes a turn, two
rounds of 20 minutes, each round started by itself): a member has the bye every round. The event channel
is drawn by SimCord's preview and saved by Debian's Chromium at 390×844, opened at its end as a phone opens
it, three times: ``DIR/event-start-phone.png`` (round 1 paired: the board and the bye ping),
``event-mid-phone.png`` (round 1 half played: results so far on the board) and ``event-end-phone.png``
(the event over: final board and podium), each with its ``…-board.png``, the channel scrolled to its top, where
the event's board is, edited in place. French names the files ``event-fr-…``.

Needs what ``bench/phone_shots.py`` needs (``simcord[preview]``, ``playwright``, ``/usr/bin/chromium``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

import discord

from bench.phone_shots import CHROMIUM, PHONE, SCROLL_TO_BOTTOM, SCROLL_TO_TOP, browser, speaking
from bot.app.events import EventStatus
from bot.app.i18n import t
from bot.app.matches import MatchStatus

MEMBERS = ("alice", "bob", "chloe", "dmitri", "émilie")


async def play_some(
    env: Any, channel: Any, event_id: int, by_id: dict[int, Any], rng: random.Random, moves: int
) -> int:
    """Play up to ``moves`` moves, at random, in the event's running games; the moves played."""
    bot = env.bot
    played = 0
    while played < moves:
        event = await bot.events.get(event_id)
        if event.status is not EventStatus.RUNNING:
            break
        progressed = False
        for row in await bot.events.games(event.id, event.current_round):
            if row.done or row.is_bye or row.match_id is None:
                continue
            match = await bot.service.get(row.match_id)
            if match.status is not MatchStatus.ACTIVE or not match.to_act():
                continue
            uid = match.to_act()[0]
            seat = match.seats.index(uid)
            legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
            thread = next(th for th in channel.threads if th.id == match.channel_id)
            await by_id[uid].slash(thread, "game move", move=rng.choice(legal))
            played += 1
            progressed = True
        if not progressed:
            await env.advance_time(30)
    return played


async def snap(env: Any, chromium: Any, channel: Any, viewers: list[Any], path: Path) -> None:
    """The event channel at its end, as a phone opens it; and its first message, the event's board
    (``…-board.png``)."""
    async with env.preview(channel, viewers=viewers, layout="channel") as preview:
        # An event channel may hold no image yet (the board is text): wait for the page, not for an image.
        page = await chromium.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        await page.goto(preview.url, wait_until="networkidle")
        await page.wait_for_function("Array.from(document.images).every(i => i.complete)", timeout=15_000)
        await page.evaluate(SCROLL_TO_BOTTOM)
        await page.screenshot(path=str(path))
        await page.evaluate(SCROLL_TO_TOP)
        board = path.with_name(path.stem + "-board.png")
        await page.screenshot(path=str(board))
        await page.close()
    print(path, board, flush=True)


async def evening(out: Path, chromium: Any, lang: str) -> None:
    """Run the event and save its three screenshots."""
    from simcord import Env

    from bot.shell.client import PlateauBot
    from tests.botkit import close_bots, make_bot

    label = "event" if lang == "en" else f"event-{lang}"
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        bot: PlateauBot = make_bot(str(Path(tmp) / "plateau.db"))
        env = Env(bot)
        await env.start()
        try:
            with speaking(lang):
                guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
                admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
                channel = guild.create_text_channel("club")
                organiser = guild.add_member(env.create_user("olga"), roles=[admins])
                people = [guild.add_member(env.create_user(name)) for name in MEMBERS]
                by_id = {m.id: m for m in people}
                viewers = [organiser, *people]
                options = {
                    "name": "Ur night",
                    "game": "ur:v2",
                    "format": "swiss",
                    "rounds": 2,
                    "deadline": "2m",
                    "auto_advance": True,
                    "round_minutes": 20,
                }
                created = await organiser.slash(channel, "event create", **options)
                card = created.response.message  # type: ignore[union-attr]
                for member in people:
                    await member.click(card, label=t(lang, "event.button.join"))
                await organiser.click(card, label=t(lang, "event.button.start"))
                event = (await bot.events.events_of_guild(guild.id))[0]
                await snap(env, chromium, channel, viewers, out / f"{label}-start-phone.png")
                await play_some(env, channel, event.id, by_id, rng, 60)
                await snap(env, chromium, channel, viewers, out / f"{label}-mid-phone.png")
                while (await bot.events.get(event.id)).status is EventStatus.RUNNING:
                    await play_some(env, channel, event.id, by_id, rng, 200)
                await snap(env, chromium, channel, viewers, out / f"{label}-end-phone.png")
        finally:
            await env.shutdown()
            await close_bots()


async def main_async(out: Path, lang: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with browser() as chromium:
        await evening(out, chromium, lang)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("shots"), help="folder of the screenshots (default shots/)")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="the server's and clients' language")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    asyncio.run(main_async(args.out, args.lang))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
