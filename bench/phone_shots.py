"""Screenshots of the bot's turn posts as a Discord client shows them, on a phone and on a desktop.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/phone_shots.py [--out DIR]``. For
every game and Ur rule set, members play a few turns through SimCord (the real discord.py machinery
against an in-memory Discord), then SimCord's preview draws the channel as a Discord client would and
Debian's Chromium, driven by Playwright, saves it at 390×844 (phone) and 1280×900 (desktop) as
``DIR/<game>-phone.png`` (and ``-phone-bottom.png``, the end of the channel where a phone opens it, with a line
saying whether the latest board and its controls are both on that first screen, that is inside the part of the
screen the message list shows between the app's bars, with the figures in CSS px; ``-phone-top.png``, the top of
the channel with the status card) and
``DIR/<game>-desktop.png``. DIR defaults to ``shots/`` (ignored by git). ``--lang fr`` plays on a French
server with French clients and names the files ``<game>-fr-…``. ``--review`` ends each match (the first
member resigns) and asks ``/review`` in its channel, so the end of the channel shows the review and its chart
(files ``<game>-review-…``). ``--clock 10m:5`` plays live with a game clock of 10 minutes each and +5 s a turn,
the members taking a few seconds for each move (files ``<game>-clock-…``). ``--players N`` and ``--decisions N``
seat N players and play N decisions at every table chosen (files ``<game>-<N>p-<N>d-…``), to see a game at its
start (0), middle or end.

Needs ``simcord[preview]`` and ``playwright`` (the ``test`` extra) and ``/usr/bin/chromium``; no browser
is downloaded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
PHONE = (390, 844)
DESKTOP = (1280, 900)
TABLES: tuple[tuple[str, str, int, int], ...] = (
    ("ur-rb", "ur:rb", 2, 9),
    ("ur-v1", "ur:v1", 2, 9),
    ("ur-v2", "ur:v2", 2, 9),
    ("ur-v3", "ur:v3", 2, 14),
    ("subulata", "subulata", 2, 6),
    ("ultimatek", "ultimatek", 2, 9),
    ("ursuppe", "ursuppe", 4, 14),
)
"""(label, ``/game new`` choice, players, decisions played) of every game and rule set."""
NAMES = ("alice", "bob", "chloe", "dmitri", "elise", "farid")
SETTLE_SECONDS = 120.0
"""How long SimCord waits, in real time, for the bot to settle after each action of a screenshot bench."""
CLIENT_LOCALES = {"en": "en-US", "fr": "fr"}
"""The Discord client locale per language: the preview writes relative times (``in 2 days``) in it."""


def localised(base_payload: Callable[..., Any], lang: str) -> Callable[..., Any]:
    """SimCord's interaction payload builder ``base_payload``, as a ``lang`` client on a ``lang`` server sends."""

    def build(*args: Any, **kwargs: Any) -> Any:
        record, payload = base_payload(*args, **kwargs)
        payload["locale"] = lang
        if "guild_locale" in payload:
            payload["guild_locale"] = lang
        return record, payload

    return build


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Every interaction inside comes from a ``lang`` Discord client on a ``lang`` server (English: as is)."""
    import simcord.interactions as payloads

    original = payloads.base_payload
    if lang != "en":
        payloads.base_payload = localised(original, lang)
    try:
        yield
    finally:
        payloads.base_payload = original


async def play(
    env: Any,
    choice: str,
    players: int,
    turns: int,
    seed: int = 7,
    lang: str = "en",
    review: bool = False,
    clock: str | None = None,
) -> tuple[Any, list[Any]]:
    """A channel where ``players`` members opened a match of ``choice`` and played ``turns`` decisions (with
    ``clock`` such as ``10m:5``, on a game clock, each decision taking 5 to 40 seconds of virtual time).

    Returns the channel and the members (the first opened the match). Moves are picked at random among
    the legal ones with a fixed seed, so a run shows the same positions every time.
    """
    rng = random.Random(seed)
    from bot.app.i18n import t

    guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
    channel = guild.create_text_channel(choice.replace(":", "-"))
    members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
    timed: dict[str, str] = {}
    if clock is not None:
        minutes, _, increment = clock.partition(":")
        timed = {"clock": minutes, "increment": increment or "0"}
    lobby = (await members[0].slash(channel, "game new", game=choice, thread=False, **timed)).response.message
    for member in members[1:]:
        await member.click(lobby, label=t(lang, "button.join"))
    await members[0].click(lobby, label=t(lang, "button.start"))
    await decide(env, channel, members, turns, rng, think=clock is not None)
    if review:
        ask = await members[0].slash(channel, "game resign")
        await members[0].click(ask.response.message, label=t(lang, "button.resign"))
        await members[-1].slash(channel, "review")
    return channel, members


async def decide(
    env: Any, channel: Any, members: list[Any], turns: int, rng: random.Random, *, think: bool = False
) -> int:
    """The members seated in ``channel``'s match play up to ``turns`` decisions picked by ``rng`` among the legal ones
    (``think``: each after 5 to 40 s of virtual time, for a game clock to run).

    Stops early when the match ends; returns how many decisions were played.
    """
    by_id = {m.id: m for m in members}
    for played in range(turns):
        match = await env.bot.service.current(channel.id)
        if match is None:
            return played
        seat = match.state.actors()[0]
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        if think:
            await env.advance_time(rng.randint(5, 40))
        await by_id[match.seats[seat]].slash(channel, "game move", move=rng.choice(legal))
    return turns


async def waiting_matches(bot: Any, event: Any) -> AsyncIterator[Any]:
    """The matches of ``event``'s current round that wait for a member's move, each read when the loop reaches
    it (after the moves played before it); byes, finished games and games without a match are passed over."""
    from bot.app.matches import MatchStatus

    for row in await bot.events.games(event.id, event.current_round):
        if row.done or row.is_bye or row.match_id is None:
            continue
        match = await bot.service.get(row.match_id)
        if match.status is MatchStatus.ACTIVE and match.to_act():
            yield match


def random_move(channel: Any, match: Any, uid: int, rng: random.Random) -> tuple[Any, str]:
    """Where and what the member ``uid`` plays in an event's ``match``: its thread among ``channel``'s, and a
    legal move drawn by ``rng``."""
    seat = match.seats.index(uid)
    legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
    thread = next(th for th in channel.threads if th.id == match.channel_id)
    return thread, rng.choice(legal)


@asynccontextmanager
async def browser() -> AsyncIterator[Any]:
    """Debian's Chromium under Playwright, headless, with no network beyond the loopback preview."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            yield chromium
        finally:
            await chromium.close()


SCROLL_TO_TOP = "document.querySelectorAll('*').forEach(e => { if (e.scrollHeight > e.clientHeight) e.scrollTop = 0; })"
SCROLL_TO_BOTTOM = (
    "document.querySelectorAll('*')"
    ".forEach(e => { if (e.scrollHeight > e.clientHeight) e.scrollTop = e.scrollHeight; })"
)
"""Scrolls every scrolled box to its end: where a Discord client opens a channel."""
ON_FIRST_SCREEN = """() => {
  const boards = Array.from(document.images).filter(i => i.naturalWidth >= 400);
  const board = boards[boards.length - 1];
  const message = board && (board.closest('[data-message-id]') || board.closest('li') || board.parentElement);
  const buttons = message ? Array.from(message.querySelectorAll('button, select, [role=combobox]'))
    .filter(b => b.offsetParent !== null && b.innerText.trim() && !b.closest('[class*=hover], [class*=toolbar]')) : [];
  // The part of the screen the messages show: the scrolled list between the app's bars, not the whole window.
  let list = board;
  while (list && list.parentElement && !(list.scrollHeight > list.clientHeight + 1)) list = list.parentElement;
  const seen = list && list !== board ? list.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
  const top = Math.max(0, seen.top), bottom = Math.min(window.innerHeight, seen.bottom);
  const inside = r => r.top >= top - 1 && r.bottom <= bottom + 1;
  const last = buttons[buttons.length - 1];
  const rect = board ? board.getBoundingClientRect() : null;
  return {board: !!board && inside(rect), buttons: buttons.length, last: !last || inside(last.getBoundingClientRect()),
          view: [Math.round(top), Math.round(bottom)], image: rect ? [Math.round(rect.top), Math.round(rect.bottom),
          Math.round(rect.width)] : null, end: last ? Math.round(last.getBoundingClientRect().bottom) : null};
}"""
"""Whether the latest board and the last control after it are both inside the screen."""
"""Scrolls every scrolled box of the preview back to its start."""


async def first_screen(page: Any, timeout_ms: int = 30_000) -> dict[str, Any]:
    """What :data:`ON_FIRST_SCREEN` reads once the channel is scrolled to its end and the latest board and its
    last control are on screen, or as it stands after ``timeout_ms``. A loaded machine can still be laying the
    preview out (images decoding, the viewport's layout) after it first settled: the check waits for the page,
    not for a fixed time."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    both = f"() => {{ {SCROLL_TO_BOTTOM}; const s = ({ON_FIRST_SCREEN})(); return s.buttons && s.board && s.last; }}"
    with contextlib.suppress(PlaywrightTimeout):
        await page.wait_for_function(both, timeout=timeout_ms)
    # Scrolled and read in one step: the preview may lay the timeline out again between two evaluations.
    seen: dict[str, Any] = await page.evaluate(f"() => {{ {SCROLL_TO_BOTTOM}; return ({ON_FIRST_SCREEN})(); }}")
    return seen


def on_first_screen(label: str, seen: dict[str, Any]) -> str:
    """One line saying what :data:`ON_FIRST_SCREEN` read of the shot ``label``: whether the latest board and its
    controls are on the first screen, with the figures in CSS px."""
    return (
        f"{label}: board on the first screen {'yes' if seen['board'] else 'NO'}, its"
        f" {seen['buttons']} controls {'all on it' if seen['last'] else 'NOT all on it'}"
        f" (messages shown from y={seen['view'][0]} to {seen['view'][1]} CSS px; board"
        f" {seen['image']} top, bottom, width; last control ends at {seen['end']})"
    )


SETTLED = """() => !/(Updating|Loading)[^\\n]*…/.test(document.body.innerText)
  && Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"""
"""True once the preview has no pending update and every image is decoded."""


async def open_channel(chromium: Any, url: str, size: tuple[int, int]) -> Any:
    """A page showing the preview at ``url`` in a ``size`` viewport, scrolled to the latest post."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    page = await chromium.new_page(viewport={"width": size[0], "height": size[1]})
    # A loaded machine (eight developers on two cores) can take over Playwright's 30 s to reach a quiet
    # network; the page is the same, only later.
    await page.goto(url, wait_until="networkidle", timeout=120_000)
    await page.wait_for_selector("img", timeout=60_000)
    # Let every attachment finish decoding before the picture is taken.
    # A function, not an expression: Playwright evaluates a bare expression with eval() while it polls, which
    # the preview's Content-Security-Policy refuses (an error, not a wait, once the images are slow to load).
    await page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=60_000)
    # The preview sets its viewport after the first paint; a picture taken meanwhile shows the desktop layout
    # with boards not yet drawn. Wait until it has settled and every image decoded.
    try:
        await page.wait_for_function(SETTLED, timeout=60_000)
    except PlaywrightTimeout:
        print(f"{url}: the preview did not settle in 60 s; shooting it as it is", file=sys.stderr)
    return page


@asynccontextmanager
async def fresh_bot() -> AsyncIterator[Any]:
    """SimCord's world around a fresh bot on a throw-away database (closed afterwards)."""
    import pytest
    from simcord import Env

    from tests.botkit import attach_within_settle_timeout, close_bots, make_bot

    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        # SimCord's 5 s to settle after an action (and at start) is overrun on a machine shared with other runs,
        # where a board drawn in a worker thread waits for a core: the tests' patience, as their fixtures give it.
        attach_within_settle_timeout(patch)
        env = Env(make_bot(str(Path(tmp) / "plateau.db")), settle_timeout=SETTLE_SECONDS)
        await env.start()
        try:
            yield env
        finally:
            await env.shutdown()
            await close_bots()


def fixed_seeds(env: Any) -> None:
    """Every match opened on ``env``'s bot from now on deals the same dice and draws: its seeds, the members'
    salts and the seals' nonces are fixed. With moves drawn from a fixed seed too, a bench then shows the same
    positions in every run and in both languages (a fresh random seed per match made the English and the French
    tour two different matches, whose posts cannot be compared)."""
    env.bot.service.config = replace(
        env.bot.service.config,
        seed_factory=lambda: "twin",
        server_seed_factory=lambda: "5eed" * 16,
        salt_factory=lambda: "0" * 31 + "1",
        nonce_factory=lambda: "0" * 32,
    )


def association(env: Any, lang: str, *, organiser: bool = False) -> tuple[Any, Any]:
    """The association's server in ``lang``, and (``organiser``) its organiser olga, allowed to run events."""
    import discord

    guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
    if not organiser:
        return guild, None
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild, guild.add_member(env.create_user("olga"), roles=[admins])


async def open_match(
    env: Any, lang: str, game: str, names: tuple[str, ...], *, channel_name: str, rated: bool | None = None
) -> tuple[Any, list[Any]]:
    """A channel of the association's server in ``lang`` where the members ``names`` opened (the first), joined
    and started a match of ``game`` (``rated`` as given, else the default); returns the channel and the members."""
    from bot.app.i18n import t

    guild, _ = association(env, lang)
    channel = guild.create_text_channel(channel_name)
    members = [guild.add_member(env.create_user(name)) for name in names]
    options: dict[str, Any] = {} if rated is None else {"rated": rated}
    lobby = (await members[0].slash(channel, "game new", game=game, thread=False, **options)).response.message
    for member in members[1:]:
        await member.click(lobby, label=t(lang, "button.join"))
    await members[0].click(lobby, label=t(lang, "button.start"))
    return channel, members


async def snap(
    env: Any, chromium: Any, channel: Any, viewers: list[Any], path: Path, lang: str = "en", *, top: bool = False
) -> Path:
    """``channel`` as ``viewers`` see it on a phone, opened at its end (or scrolled to its ``top``), saved at
    ``path``. The channel may hold no image (an event's channel: its board is an embed)."""
    async with env.preview(channel, viewers=viewers, layout="channel", locale=CLIENT_LOCALES[lang]) as preview:
        page = await chromium.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        await page.goto(preview.url, wait_until="networkidle")
        await page.wait_for_function("Array.from(document.images).every(i => i.complete)", timeout=15_000)
        await page.wait_for_timeout(300)
        await page.evaluate(SCROLL_TO_TOP if top else SCROLL_TO_BOTTOM)
        await page.screenshot(path=str(path))
        await page.close()
    print(path, flush=True)
    return path


def shots_main(doc: str, run: Callable[[argparse.Namespace, Path, Any], Any], *extra: tuple[str, str, str]) -> int:
    """The command line of a screenshot bench: ``--out DIR``, ``--lang`` and the ``extra`` options (name,
    default, help); ``run(args, out, chromium)`` is awaited with Chromium open."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("shots"), help="folder of the screenshots (default shots/)")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="the server's and clients' language")
    for name, default, text in extra:
        parser.add_argument(name, default=default, help=text)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)

    async def go() -> None:
        async with browser() as chromium:
            await run(args, args.out, chromium)

    asyncio.run(go())
    return 0


def lang_shots_main(doc: str, shoot: Callable[[Path, str, Any], Awaitable[Any]]) -> int:
    """:func:`shots_main` for a bench with no option of its own: ``shoot(out, lang, chromium)`` is awaited with the
    ``--out`` folder and the ``--lang`` chosen."""

    async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
        await shoot(out, args.lang, chromium)

    return shots_main(doc, run)


async def shoot(
    label: str,
    choice: str,
    players: int,
    turns: int,
    out: Path,
    chromium: Any,
    lang: str = "en",
    review: bool = False,
    clock: str | None = None,
) -> list[Path]:
    """Play one table on a fresh bot and database; save its phone and desktop screenshots."""
    saved: list[Path] = []
    async with fresh_bot() as env:
        with speaking(lang):
            channel, members = await play(env, choice, players, turns, lang=lang, review=review, clock=clock)
        if clock is not None:
            await env.advance_time(17)  # the player to act is thinking: their clock runs
            label = f"{label}-clock"
        if lang != "en":
            label = f"{label}-{lang}"
        if review:
            label = f"{label}-review"
        async with env.preview(channel, viewers=members, layout="channel", locale=CLIENT_LOCALES[lang]) as preview:
            for kind, size in (("phone", PHONE), ("desktop", DESKTOP)):
                page = await open_channel(chromium, preview.url, size)
                path = out / f"{label}-{kind}.png"
                await page.screenshot(path=str(path))
                saved.append(path)
                if kind == "phone":
                    # Where a phone opens the channel: at its end. The latest board and its controls must
                    # both be on that first screen.
                    await page.evaluate(SCROLL_TO_BOTTOM)
                    bottom = out / f"{label}-{kind}-bottom.png"
                    await page.screenshot(path=str(bottom))
                    saved.append(bottom)
                    seen = await page.evaluate(ON_FIRST_SCREEN)
                    print(on_first_screen(label, seen), flush=True)
                    # The top of the channel too: the match's status card, above the turn posts.
                    await page.evaluate(SCROLL_TO_TOP)
                    top = out / f"{label}-{kind}-top.png"
                    await page.screenshot(path=str(top))
                    saved.append(top)
                await page.close()
    return saved


async def main_async(
    out: Path,
    only: list[str],
    lang: str = "en",
    review: bool = False,
    clock: str | None = None,
    players_set: int | None = None,
    decisions: int | None = None,
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    async with browser() as chromium:
        for label, choice, players, turns in TABLES:
            if only and label not in only:
                continue
            if players_set is not None or decisions is not None:
                players, turns = players_set or players, turns if decisions is None else decisions
                label = f"{label}-{players}p-{turns}d"
            for path in await shoot(label, choice, players, turns, out, chromium, lang, review, clock):
                print(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("shots"), help="folder of the screenshots (default shots/)")
    parser.add_argument("--lang", choices=("en", "fr"), default="en", help="the server's and clients' language")
    parser.add_argument("--review", action="store_true", help="end each match and ask /review in its channel")
    parser.add_argument("--clock", help="play on a game clock: minutes and increment, e.g. 10m:5")
    parser.add_argument("--players", type=int, help="seat this many players at every table chosen")
    parser.add_argument("--decisions", type=int, help="play this many decisions before the shots")
    parser.add_argument("tables", nargs="*", help=f"only these ({', '.join(t[0] for t in TABLES)})")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    asyncio.run(main_async(args.out, args.tables, args.lang, args.review, args.clock, args.players, args.decisions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
