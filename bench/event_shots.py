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
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed


from bench.phone_shots import association, fresh_bot, random_move, shots_main, snap, speaking, waiting_matches
from bot.app.events import EventStatus
from bot.app.i18n import t

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
        async for match in waiting_matches(bot, event):
            uid = match.to_act()[0]
            thread, move = random_move(channel, match, uid, rng)
            await by_id[uid].slash(thread, "game move", move=move)
            played += 1
            progressed = True
        if not progressed:
            await env.advance_time(30)
    return played


async def shots(env: Any, chromium: Any, channel: Any, viewers: list[Any], stem: str, lang: str) -> None:
    """The event channel at its end, as a phone opens it (``<stem>.png``), and at its top, where the event's
    board is (``<stem>-board.png``)."""
    await snap(env, chromium, channel, viewers, Path(f"{stem}.png"), lang)
    await snap(env, chromium, channel, viewers, Path(f"{stem}-board.png"), lang, top=True)


async def evening(out: Path, chromium: Any, lang: str) -> None:
    """Run the event and save its screenshots."""
    label = "event" if lang == "en" else f"event-{lang}"
    rng = random.Random(5)
    async with fresh_bot() as env:
        bot = env.bot
        with speaking(lang):
            guild, organiser = association(env, lang, organiser=True)
            channel = guild.create_text_channel("club")
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
            card = created.response.message
            for member in people:
                await member.click(card, label=t(lang, "event.button.join"))
            await organiser.click(card, label=t(lang, "event.button.start"))
            event = (await bot.events.events_of_guild(guild.id))[0]
            await shots(env, chromium, channel, viewers, str(out / f"{label}-start-phone"), lang)
            await play_some(env, channel, event.id, by_id, rng, 60)
            await shots(env, chromium, channel, viewers, str(out / f"{label}-mid-phone"), lang)
            while (await bot.events.get(event.id)).status is EventStatus.RUNNING:
                await play_some(env, channel, event.id, by_id, rng, 200)
            await shots(env, chromium, channel, viewers, str(out / f"{label}-end-phone"), lang)


async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
    await evening(out, chromium, args.lang)


def main() -> int:
    return shots_main(__doc__ or "", run)


if __name__ == "__main__":
    raise SystemExit(main())
