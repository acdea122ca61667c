"""Screenshots of an event's card during check-in, as a phone shows it (390×844), in English and French.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/phone_checkin.py [--out DIR]``. Six members
sign up, an organiser opens check-in with ``/event checkin``, four tap **I'm here**; SimCord's preview draws the
channel and Chromium saves ``DIR/checkin-<lang>-phone.png`` (the card, scrolled to it) and
``DIR/checkin-<lang>-phone-bottom.png`` (the end of the channel, where a phone opens it). Needs what
:mod:`bench.phone_shots` needs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import CHROMIUM, PHONE, SCROLL_TO_BOTTOM, SCROLL_TO_TOP, browser, speaking

MEMBERS = ("alice", "bob", "chloe", "dmitri", "emma", "farid")
HERE = 4


async def shoot(lang: str, out: Path, chromium: object) -> list[Path]:
    """One event on a fresh bot: sign-up, check-in opened, some members here; its phone screenshots."""
    import discord
    from simcord import Env

    from bot.app.i18n import t
    from tests.botkit import close_bots, make_bot

    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        env = Env(make_bot(str(Path(tmp) / "plateau.db")))
        await env.start()
        try:
            with speaking(lang):
                guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
                admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
                channel = guild.create_text_channel("events")
                admin = guild.add_member(env.create_user("olga"), roles=[admins])
                members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
                created = await admin.slash(
                    channel, "event create", name="Club Night", game="ur:v2", format="swiss", rounds=4
                )
                card = created.response.message
                for member in members:
                    await member.click(card, label=t(lang, "event.button.join"))
                await admin.slash(channel, "event checkin")
                for member in members[:HERE]:
                    await member.click(card, label=t(lang, "event.button.here"))
            async with env.preview(channel, viewers=[admin, *members], layout="channel") as preview:
                # No image in this channel (the card is an embed): wait for the page itself, not for a board.
                page = await chromium.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})  # type: ignore[attr-defined]
                await page.goto(preview.url, wait_until="networkidle")
                await page.evaluate(SCROLL_TO_TOP)
                top = out / f"checkin-{lang}-phone.png"
                await page.screenshot(path=str(top))
                await page.evaluate(SCROLL_TO_BOTTOM)
                bottom = out / f"checkin-{lang}-phone-bottom.png"
                await page.screenshot(path=str(bottom))
                saved += [top, bottom]
                await page.close()
        finally:
            await env.shutdown()
            await close_bots()
    return saved


async def main_async(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with browser() as chromium:
        for lang in ("en", "fr"):
            for path in await shoot(lang, out, chromium):
                print(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("shots"), help="folder of the screenshots (default shots/)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    asyncio.run(main_async(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
