"""A phone tour of every game: the start, mid-game, a player's own view and the end, in English and French.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/phone_tour.py [TABLE...] [--out DIR]
[--lang en fr] [--busy N]`` (tables after ``--lang`` need a ``--`` before them). For every table of
:data:`bench.phone_shots.TABLES`, members open a match through SimCord and Chromium saves the channel as a
390×844 phone opens it (scrolled to its end) at four stages, each shot of the channel followed by a line saying
whether its latest board and last control are both on that first screen:

- ``DIR/<table>-<lang>-1-start.png``: the first turn post;
- ``DIR/<table>-<lang>-2-mid.png``: after the table's mid-game number of decisions;
- ``DIR/<table>-<lang>-2b-busy.png`` (with ``--busy N``): the first post after that offering the member to act at
  least N moves (Variante 3's many move buttons);
- ``DIR/<table>-<lang>-3-view.png``: the first member's direct messages, where a hidden-information game
  (Subulata, Ultima-Tek, Ursuppe) sends a player's own view (no file for open games);
- ``DIR/<table>-<lang>-4-end.png``: the final post, after playing on to the end (at most ``--cap``
  decisions), the members resigning in turn if the match is still running by then.

Moves are drawn with a fixed seed and every match deals from fixed seeds (:func:`bench.phone_shots.fixed_seeds`),
so a run shows the same positions every time and in both languages. Same needs as
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
    SCROLL_TO_BOTTOM,
    TABLES,
    browser,
    decide,
    first_screen,
    fixed_seeds,
    fresh_bot,
    on_first_screen,
    open_channel,
    play,
    speaking,
)

LANGS = ("en", "fr")


async def snap(
    env: Any, chromium: Any, channel: Any, viewers: list[Any], path: Path, lang: str, *, measure: bool = True
) -> Path:
    """Save ``channel`` as a ``lang`` phone opens it (at its end), seen by ``viewers``; ``measure``: print whether
    the latest board and its last control are both on that first screen (:func:`on_first_screen`)."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    for attempt in range(3):
        async with env.preview(channel, viewers=viewers, layout="channel", locale=CLIENT_LOCALES[lang]) as preview:
            try:
                page = await open_channel(chromium, preview.url, PHONE)
            except PlaywrightTimeout:
                # A busy machine can miss the page's 30 s; a fresh preview usually loads.
                print(f"{path.name}: the preview did not load (attempt {attempt + 1})", file=sys.stderr, flush=True)
                continue
            seen = await first_screen(page) if measure else None
            await page.evaluate(SCROLL_TO_BOTTOM)
            await page.screenshot(path=str(path))
            await page.close()
            if seen is not None:
                print(on_first_screen(path.name, seen), flush=True)
            return path
    raise RuntimeError(f"{path.name}: the preview never loaded")


async def play_until_busy(
    env: Any, channel: Any, members: list[Any], moves: int, cap: int, rng: random.Random
) -> tuple[int, int] | None:
    """Members play on (moves drawn by ``rng``) until the member to act in ``channel``'s match has at least
    ``moves`` legal moves; returns how many they have and the decisions played, or None when the match ended or
    ``cap`` decisions passed first."""
    for played in range(cap):
        match = await env.bot.service.current(channel.id)
        if match is None:
            return None
        offered = len(match.state.legal_moves(match.state.actors()[0]))
        if offered >= moves:
            return offered, played
        await decide(env, channel, members, 1, rng)
    return None


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
    label: str, choice: str, players: int, mid: int, out: Path, chromium: Any, lang: str, cap: int, busy: int = 0
) -> list[Path]:
    """Play one table on a fresh bot and database, saving its four stages (and with ``busy``, the first post after
    mid-game offering at least that many moves)."""
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
        if busy:
            with speaking(lang):
                offered = await play_until_busy(env, channel, members, busy, cap, rng)
            if offered:
                mid += offered[1]
                print(f"{stem}: {offered[0]} moves offered after {offered[1]} more decisions", flush=True)
                saved.append(await snap(env, chromium, channel, members, out / f"{stem}-2b-busy.png", lang))
            else:
                print(f"{stem}: never {busy} moves offered within {cap} decisions", flush=True)
        own = members[0].user
        dms = own.dm_channel
        if dms is not None and dms.history():
            saved.append(await snap(env, chromium, dms, [own], out / f"{stem}-3-view.png", lang, measure=False))
        with speaking(lang):
            played = await decide(env, channel, members, cap, rng)
            ended = await env.bot.service.current(channel.id) is None
            if not ended:
                await finish(env, channel, members, lang)
        how = "played to the end" if ended else "resigned"
        print(f"{stem}: {mid + played} decisions, {how}", flush=True)
        saved.append(await snap(env, chromium, channel, members, out / f"{stem}-4-end.png", lang))
    return saved


async def main_async(out: Path, only: list[str], langs: list[str], cap: int, busy: int = 0) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with browser() as chromium:
        for label, choice, players, mid in TABLES:
            if only and label not in only:
                continue
            for lang in langs:
                for path in await tour(label, choice, players, mid, out, chromium, lang, cap, busy):
                    print(path, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("shots/tour"), help="folder (default shots/tour/)")
    parser.add_argument("--lang", nargs="+", choices=LANGS, default=list(LANGS), help="languages (default both)")
    parser.add_argument("--cap", type=int, default=200, help="decisions after mid-game before resigning")
    parser.add_argument(
        "--busy", type=int, default=0, help="also shoot the first post after mid-game offering this many moves"
    )
    parser.add_argument("tables", nargs="*", help=f"only these ({', '.join(t[0] for t in TABLES)})")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    asyncio.run(main_async(args.out, args.tables, args.lang, args.cap, args.busy))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
