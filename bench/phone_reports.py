"""Screenshots of results given by tap, as a phone shows them (390×844): a game on a physical board reported
from the event's board, the opponent's one-tap answer, the board waiting for the confirmation, and a table's
places set with one menu per player.

Run on demand from the repository root: ``PYTHONPATH=. python bench/phone_reports.py [--out DIR] [--lang fr]``.
Files (in DIR, default ``shots/``): ``reports[-fr]-form.png`` (the reporter's private form, at the end of the
channel), ``reports[-fr]-ask.png`` (the opponent's view: the report and its buttons), ``reports[-fr]-board.png``
(the event's board at the top of the channel, the report waiting), ``reports[-fr]-dispute.png`` (the
organiser's view of a dispute), ``reports[-fr]-places.png`` (an organiser's menus of places at a table of four).
Needs what ``bench/phone_shots.py`` needs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import (
    CHROMIUM,
    PHONE,
    SCROLL_TO_BOTTOM,
    SCROLL_TO_TOP,
    browser,
    speaking,
)

NAMES = ("alice", "bob", "chloe", "dmitri", "emma")


async def snap(env: Any, channel: Any, viewer: Any, chromium: Any, path: Path, *, top: bool = False) -> None:
    """The channel as ``viewer`` sees it on a phone (its end, or its top), saved at ``path``."""
    async with env.preview(channel, viewers=[viewer], layout="channel") as preview:
        page = await chromium.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        await page.goto(preview.url, wait_until="networkidle")
        await page.wait_for_timeout(300)
        await page.evaluate(SCROLL_TO_TOP if top else SCROLL_TO_BOTTOM)
        await page.screenshot(path=str(path))
        await page.close()
    print(path, flush=True)


async def shoot(out: Path, lang: str, chromium: Any) -> None:
    from simcord import Env

    from bot.app.i18n import t
    from tests.botkit import close_bots, make_bot

    suffix = "" if lang == "en" else f"-{lang}"
    with tempfile.TemporaryDirectory() as tmp:
        env = Env(make_bot(str(Path(tmp) / "plateau.db")))
        await env.start()
        try:
            with speaking(lang):
                import discord

                guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
                admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
                admin = guild.add_member(env.create_user("olga"), roles=[admins])
                members = [guild.add_member(env.create_user(name)) for name in NAMES]
                by_id = {m.id: m for m in members}

                # A Swiss evening on the club's boards: one game reported, waiting for the opponent.
                channel = guild.create_text_channel("club-night")
                card = (
                    await admin.slash(
                        channel, "event create", name="Club Night", game="ur:v2", format="swiss", physical=True
                    )
                ).response.message
                for member in members[:4]:
                    await member.click(card, label=t(lang, "event.button.join"))
                await admin.click(card, label=t(lang, "event.button.start"))
                events = env.bot.get_cog("EventCog").ui.events
                event = (await events.events_of_guild(guild.id))[0]
                first = (await events.games(event.id, 1))[0]
                reporter, opponent = (by_id[uid] for uid in first.players)
                form = (await reporter.click(card, label=t(lang, "event.report.button"))).response.message
                await snap(env, channel, reporter, chromium, out / f"reports{suffix}-form.png")
                await reporter.click(form, label=t(lang, "event.report.won", name=reporter.name))
                await snap(env, channel, opponent, chromium, out / f"reports{suffix}-ask.png")
                await snap(env, channel, opponent, chromium, out / f"reports{suffix}-board.png", top=True)
                # The other game is disputed: the organiser is pinged with Accept and Set.
                second = (await events.games(event.id, 1))[1]
                claimant, other = (by_id[uid] for uid in second.players)
                form = (await claimant.click(card, label=t(lang, "event.report.button"))).response.message
                await claimant.click(form, label=t(lang, "event.report.won", name=claimant.name))
                ask = next(m for m in reversed(channel.history()) if other.id in m.raw_mentions)
                await other.click(ask, label=t(lang, "event.report.dispute"))
                await snap(env, channel, admin, chromium, out / f"reports{suffix}-dispute.png")

                # A seated Ursuppe table: the organiser sets the places with one menu per player.
                soup = guild.create_text_channel("soup-night")
                card = (
                    await admin.slash(
                        soup,
                        "event create",
                        name="Soup Night",
                        game="ursuppe",
                        format="tables",
                        rounds=1,
                        physical=True,
                    )
                ).response.message
                for member in members[:4]:
                    await member.click(card, label=t(lang, "event.button.join"))
                await admin.click(card, label=t(lang, "event.button.start"))
                form = (await admin.slash(soup, "event result", round=1, player=members[0])).response.message
                menus = [c for c in form.components[0].children]
                await admin.select(form, ["2"], custom_id=menus[0].custom_id)
                await snap(env, soup, admin, chromium, out / f"reports{suffix}-places.png")
        finally:
            await env.shutdown()
            await close_bots()


async def main_async(out: Path, lang: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with browser() as chromium:
        await shoot(out, lang, chromium)


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
