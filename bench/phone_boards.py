"""How every board reads on a phone: the width a phone's Discord column really gives it, and the smallest
text at that width.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/phone_boards.py [table ...]``.

1. **Measured width.** For every game and rule set (the tables of ``bench/phone_shots.py``), members play a
   few turns through SimCord; its preview draws the channel as a Discord client does and Debian's Chromium
   opens it at 390×844. From the page: the width the latest turn post's board is drawn at, the width of
   the column it sits in and the image's largest allowed height (CSS), so the width any image of that
   game would get is known (an image is drawn at most as wide as the column and as tall as that height).
2. **Text at that width.** Every board of the game is drawn at the start, middle and end of a seeded
   random game, for the public and for each seat's own view, in English and French, with 32-character
   names, for the smallest and largest table. :mod:`render.lettering` notes each text's size in image
   pixels and each string the renderer shortened; the smallest text is scaled to the measured width.

It prints, per board: measured column and drawn width (CSS px), image size, the smallest text in CSS px,
the strings shortened, the median and largest PNG and the render p95. Targets: text ≥ 10 CSS px, nothing
shortened, median PNG ≤ 60 KB, p95 ≤ 25 ms. Needs the ``test`` extra and ``/usr/bin/chromium``.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bench.phone_shots import CHROMIUM, PHONE, TABLES, browser, fresh_bot, open_channel, play
from games import find_game
from render import BoardContext, render_board
from render.lettering import PHONE_MIN_CSS, noted
from tests.test_board_lettering import LONG_NAMES, stages

MEDIAN_KB = 60.0
P95_MS = 25.0

MEASURE = """() => {
  const boards = Array.from(document.images).filter(i => i.naturalWidth >= 400);
  const img = boards[boards.length - 1];
  if (!img) return null;
  const box = img.getBoundingClientRect();
  let column = img.parentElement;
  while (column && column.getBoundingClientRect().width <= box.width + 1 && column.parentElement) {
    column = column.parentElement;
  }
  const style = getComputedStyle(img);
  const pad = parseFloat(getComputedStyle(column).paddingLeft) + parseFloat(getComputedStyle(column).paddingRight);
  return {natural: [img.naturalWidth, img.naturalHeight], shown: [box.width, box.height],
          column: column.getBoundingClientRect().width - pad, maxHeight: parseFloat(style.maxHeight) || 1e9};
}"""
"""The latest board's natural and drawn size, the column it may fill and its largest height, in CSS px."""


@dataclass(frozen=True)
class Column:
    """What the phone's preview gives an image: the column's width and the largest height, in CSS px."""

    width: float
    max_height: float
    measured: float
    """The width the latest turn post's board was drawn at."""

    def shown(self, width: int, height: int) -> float:
        """The width an image ``width``×``height`` px is drawn at (never enlarged)."""
        return min(float(width), self.width, width * self.max_height / height)


async def measure(choice: str, players: int, turns: int, chromium: Any) -> Column:
    """Play one table on a fresh bot and read, in Chromium at 390×844, how its board is drawn."""
    async with fresh_bot() as env:
        channel, members = await play(env, choice, players, turns)
        async with env.preview(channel, viewers=members, layout="channel") as preview:
            page = await open_channel(chromium, preview.url, PHONE)
            found = await page.evaluate(MEASURE)
            await page.close()
    if found is None:
        raise RuntimeError(f"{choice}: no board image in the preview")
    shown_width, shown_height = found["shown"]
    # A board held back by the column is drawn exactly as wide as the column; only a board held back by the
    # height leaves the column to be read from the page's boxes.
    column = shown_width if shown_height < found["maxHeight"] - 1 else min(found["column"], PHONE[0])
    return Column(column, found["maxHeight"], shown_width)


def read(choice: str, column: Column) -> list[str]:
    """The lines of one game's boards at the measured column."""
    game_id, _, rules = choice.partition(":")
    info = find_game(game_id)
    options = {info.options[0].name: rules} if rules else {}
    lines = []
    for players in sorted({info.min_players, info.max_players}):
        worst = float("inf")
        worst_text = ""
        shortened: list[str] = []
        sizes: list[int] = []
        times: list[float] = []
        dims: set[tuple[int, int]] = set()
        shown_widths: set[float] = set()
        for lang in ("en", "fr"):
            for state in stages(info, options, players):
                for seat in (None, *range(players)):
                    ctx = BoardContext(names=tuple(LONG_NAMES[:players]), lang=lang)
                    with noted() as notes:
                        start = time.perf_counter()
                        png = render_board(info.id, state.view_for(seat), ctx)
                        times.append((time.perf_counter() - start) * 1000)
                    image = Image.open(io.BytesIO(png))
                    dims.add(image.size)
                    shown = column.shown(*image.size)
                    shown_widths.add(round(shown))
                    sizes.append(len(png))
                    shortened += notes.truncated
                    for text, px in notes.texts:
                        css = px * shown / image.width
                        if text.strip() and css < worst:
                            worst, worst_text = css, text
        p95 = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else times[0]
        median_kb = statistics.median(sizes) / 1000
        met = worst >= PHONE_MIN_CSS and not shortened and median_kb <= MEDIAN_KB and p95 <= P95_MS
        drawn = "/".join(str(w) for w in sorted(shown_widths))
        images = "/".join(f"{w}×{h}" for w, h in sorted(dims))
        lines.append(
            f"{choice:10} {players}p  column {column.width:5.1f}  drawn {drawn:>9}  image {images:>11}"
            f"  smallest {worst:4.1f} CSS px ({worst_text[:18]!r})  shortened {len(shortened):3}"
            f"  PNG median {median_kb:5.1f} KB max {max(sizes) / 1000:5.1f} KB  p95 {p95:5.1f} ms"
            f"  {'met' if met else 'NOT MET'}"
        )
    return lines


async def main_async(only: list[str]) -> int:
    missed = 0
    async with browser() as chromium:
        for label, choice, players, turns in TABLES:
            if only and label not in only:
                continue
            column = await measure(choice, players, turns, chromium)
            print(f"{label}: the phone draws the turn post's board {column.measured:.1f} CSS px wide", flush=True)
            for line in read(choice, column):
                missed += "NOT MET" in line
                print("  " + line, flush=True)
    print("all targets met" if not missed else f"{missed} boards miss a target")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="*", help=f"only these ({', '.join(t[0] for t in TABLES)})")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    return asyncio.run(main_async(args.tables))


if __name__ == "__main__":
    raise SystemExit(main())
