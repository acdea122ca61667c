"""A phone tour of every game: the start, mid-game, a player's own view and the end, in English and French.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/phone_tour.py [TABLE...] [--out DIR]
[--lang en fr]`` (tables after ``--lang`` need a ``--`` before them). For every table of
:data:`bench.phone_shots.TABLES`, members open a match through SimCord and Chromium saves the channel as a
390×844 phone opens it (scrolled to its end) at four stages:

- ``DIR/<table>-<lang>-1-start.png``: the first turn post;
- ``DIR/<table>-<lang>-2-mid.png``: after the table's mid-game number of decisions;
- ``DIR/<table>-<lang>-3-view.png``: the first member's direct messages, where a hidden-information game
  (Subulata, Ultima-Tek, Ursuppe) sends a player's own view (no file for open games);
- ``DIR/<table>-<lang>-4-end.png``: the final post, after playing on to the end (at most ``--cap``
  decisions), the members resigning in turn if the match is still running by then.

Moves are drawn with a fixed seed and every match deals from fixed seeds (:func:`bench.phone_shots.fixed_seeds`),
so a run shows the same positions every time and in both languages. Each shot prints whether the latest board and
its controls are on that first screen, with the figures in CSS px. Same needs as
:mod:`bench.phone_shots` (whose helpers this reuses).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import (
    CHROMIUM,
    CLIENT_LOCALES,
    PHONE,
    TABLES,
    browser,
    decide,
    first_screen,
    fixed_seeds,
    fresh_bot,
    open_channel,
    play,
    speaking,
)

LANGS = ("en", "fr")
FIRST_SCREEN_WAIT_MS = 10_000
"""How long a shot waits, once the preview has settled, for the latest board and its controls to be on screen."""


async def snap(env: Any, chromium: Any, channel: Any, viewers: list[Any], path: Path, lang: str) -> Path:
    """Save ``channel`` as a ``lang`` phone opens it (at its end), seen by ``viewers``."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    for attempt in range(3):
        async with env.preview(channel, viewers=viewers, layout="channel", locale=CLIENT_LOCALES[lang]) as preview:
            try:
                page = await open_channel(chromium, preview.url, PHONE)
            except PlaywrightTimeout:
                # A busy machine can miss the page's 30 s; a fresh preview usually loads.
                print(f"{path.name}: the preview did not load (attempt {attempt + 1})", file=sys.stderr, flush=True)
                continue
            # Scrolled to the end and waited for until the latest board and its last control are on screen, or
            # read as they stand after a while: a slow preview is told from a post too tall for the screen.
            seen = await first_screen(page, timeout_ms=FIRST_SCREEN_WAIT_MS)
            await page.screenshot(path=str(path))
            await page.close()
            print(
                f"{path.name}: board on the first screen {'yes' if seen['board'] else 'NO'}, its"
                f" {seen['buttons']} controls {'all on it' if seen['last'] else 'NOT all on it'} (messages shown"
                f" from y={seen['view'][0]} to {seen['view'][1]} CSS px; board {seen['image']} top, bottom, width;"
                f" last control ends at {seen['end']})",
                flush=True,
            )
            return path
    raise RuntimeError(f"{path.name}: the preview never loaded")


async def finish(env: Any, channel: Any, members: list[Any], lang: str) -> None:
    """Members resign one after the other until ``channel``'s match is over."""
    from bot.app.i18n import t

    for member in members:
        match = await env.bot.service.current(channel.id)
        if match is None:
            return
        if member.id not in match.seats:
            continue
        ask = await member.slash(channel, "game resign")
        await member.click(ask.response.message, label=t(lang, "button.resign"))


async def tour(
    label: str, choice: str, players: int, mid: int, out: Path, chromium: Any, lang: str, cap: int
) -> list[Path]:
    """Play one table on a fresh bot and database, saving its four stages."""
    saved: list[Path] = []
    stem = f"{label}-{lang}"
    rng = random.Random(7)
    async with fresh_bot() as env:
        fixed_seeds(env)
        with speaking(lang):
            channel, members = await play(env, choice, players, 0, lang=lang)
        saved.append(await snap(env, chromium, channel, members, out / f"{stem}-1-start.png", lang))
        with speaking(lang):
            await decide(env, channel, members, mid, rng)
        saved.append(await snap(env, chromium, channel, members, out / f"{stem}-2-mid.png", lang))
        own = members[0].user
        dms = own.dm_channel
        if dms is not None and dms.history():
            saved.append(await snap(env, chromium, dms, [own], out / f"{stem}-3-view.png", lang))
        with speaking(lang):
            played = await decide(env, channel, members, cap, rng)
            ended = await env.bot.service.current(channel.id) is None
            if not ended:
                await finish(env, channel, members, lang)
        how = "played to the end" if ended else "resigned"
        print(f"{stem}: {mid + played} decisions, {how}", flush=True)
        saved.append(await snap(env, chromium, channel, members, out / f"{stem}-4-end.png", lang))
    return saved


async def main_async(out: Path, only: list[str], langs: list[str], cap: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with browser() as chromium:
        for label, choice, players, mid in TABLES:
            if only and label not in only:
                continue
            for lang in langs:
                for path in await tour(label, choice, players, mid, out, chromium, lang, cap):
                    print(path, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("shots/tour"), help="folder (default shots/tour/)")
    parser.add_argument("--lang", nargs="+", choices=LANGS, default=list(LANGS), help="languages (default both)")
    parser.add_argument("--cap", type=int, default=200, help="decisions after mid-game before resigning")
    parser.add_argument("tables", nargs="*", help=f"only these ({', '.join(t[0] for t in TABLES)})")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    asyncio.run(main_async(args.out, args.tables, args.lang, args.cap))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
