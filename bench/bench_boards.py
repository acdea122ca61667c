"""Benchmark of every registered game's board renderer: public and private images of busy positions.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/bench_boards.py [game ...]``. For
each game (every Ur rule set apart), seeded random games are played to the end; the busiest positions
(longest state text) and evenly spread ones are rendered for the spectator and, for games with hidden
information, for each seat. It prints the median and p95 render time, the median and largest PNG per
viewer, and the smallest text on the images as it reads on a phone: every text drawn is recorded (its
font size in px scaled to the 400 px display width, i.e. size × 400 / canvas width, which also holds on
supersampled canvases). Targets: p95 at most 25 ms, PNG at most 250 KB, median PNG at most 60 KB, no
text under 11 px at 400 px.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageDraw

from games import GAMES, find_game
from games.base import GameInfo, GameState, Seat
from games.playout import random_step
from render import RENDERERS, BoardContext, highlights_for, render_board, render_board_detail
from render.common import Pen

P95_TARGET_MS = 25.0
SIZE_LIMIT = 250_000
MEDIAN_SIZE_TARGET = 60_000
PHONE_WIDTH = 400
MIN_PHONE_TEXT_PX = 11.0


class TextProbe:
    """Records every text Pillow draws during renders, to find the smallest once shown 400 px wide.

    A text drawn on a canvas as wide as the board, or an integer multiple of it (supersampled), is
    scaled by that multiple; a text drawn on a narrower canvas is on a sprite pasted at board scale; a
    text drawn through :meth:`render.common.Pen.text` is recorded in the pen's layout pixels.
    """

    def __init__(self) -> None:
        self._pending: list[tuple[float, int, str]] = []
        self.sizes: list[tuple[float, str]] = []
        self._text = ImageDraw.ImageDraw.text
        self._pen_text = Pen.text
        self._in_pen = False

    def __enter__(self) -> TextProbe:
        probe = self

        def text(draw: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
            size = getattr(kwargs.get("font"), "size", None)
            if size is not None and not probe._in_pen and str(text).strip():
                probe._pending.append((float(size), draw.im.size[0], str(text)))
            return probe._text(draw, xy, text, *args, **kwargs)

        def pen_text(pen: Pen, xy: Any, text: str, size: int, *args: Any, **kwargs: Any) -> None:
            probe._pending.append((float(size), 0, text))
            probe._in_pen = True
            try:
                probe._pen_text(pen, xy, text, size, *args, **kwargs)
            finally:
                probe._in_pen = False

        ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
        Pen.text = pen_text  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        ImageDraw.ImageDraw.text = self._text  # type: ignore[method-assign]
        Pen.text = self._pen_text  # type: ignore[method-assign]

    def settle(self, png: bytes) -> None:
        """Scale the texts recorded since the last call by the width of the image they ended up in."""
        width = Image.open(io.BytesIO(png)).width
        for size, canvas, text in self._pending:
            multiple = canvas // width if canvas and canvas % width == 0 else 1
            self.sizes.append((size / multiple * PHONE_WIDTH / width, text))
        self._pending.clear()

    def smallest(self) -> tuple[float, str]:
        """The smallest text seen (px at 400 px display width) and what it said."""
        return min(self.sizes) if self.sizes else (float("inf"), "")


Table = tuple[GameInfo, dict[str, str], str]
"""A game with its options, and the label the figures are printed under."""


def tables(ids: list[str]) -> list[Table]:
    """The game of each id (default every game with a renderer), Ur once per rule set."""
    out: list[Table] = []
    for info in [find_game(g) for g in ids] or [g for g in GAMES if g.id in RENDERERS]:
        rules = next((o for o in info.options if o.name == "rules"), None)
        for choice in rules.choices if rules is not None else ("",):
            options = {**info.option_defaults(), **({"rules": choice} if choice else {})}
            out.append((info, options, f"{info.id} {choice}".strip()))
    return out


def random_game(
    info: GameInfo,
    options: dict[str, str],
    players: int,
    seed: int,
    *,
    names: tuple[str, ...] | None = None,
    langs: tuple[str, ...] | None = ("en", "fr"),
    limit: int | None = None,
) -> list[tuple[GameState, BoardContext]]:
    """Every position of a seeded random game (at most ``limit``, by default the game's bound), with the
    context the bot would pass after each move: its public notation, mover and highlights, the ``names``
    (by default Player 1, 2...) and a language drawn from ``langs`` (None: English, and nothing drawn)."""
    rng = random.Random(seed)
    names = names or tuple(f"Player {i + 1}" for i in range(players))
    state = info.new(players, options)
    positions = [(state, BoardContext(names))]
    while state.outcome() is None and len(positions) < (limit or info.max_plies):
        move = random_step(state, rng)
        shown = info.public_notation(state.format_move(move))
        ctx = BoardContext(
            names,
            last_move=shown,
            last_mover=state.mover(move),
            highlights=highlights_for(info.id, state.view_for(None), shown),
            lang=rng.choice(langs) if langs else "en",
        )
        state = state.apply(move)
        positions.append((state, ctx))
    return positions


def sample(
    info: GameInfo, options: dict[str, str], players: int, games: int, per_game: int
) -> list[tuple[GameState, BoardContext]]:
    """Evenly spread positions of each game, plus its five busiest ones."""
    chosen: list[tuple[GameState, BoardContext]] = []
    for seed in range(games):
        positions = random_game(info, options, players, seed)
        step = max(1, len(positions) // per_game)
        chosen += positions[::step]
        chosen += sorted(positions, key=lambda p: len(p[0].to_text()))[-5:]
    return chosen


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def bench_table(table: Table, games: int, per_game: int) -> bool:
    """Print the figures of one game (or Ur rule set); True when its targets are met."""
    info, options, label = table
    ok = True
    for players in sorted({info.min_players, info.max_players}):
        positions = sample(info, options, players, games, per_game)
        viewers: list[Seat | None] = [None]
        if info.has_hidden_info:
            viewers += list(range(players))
        # First pass: what the texts measure (the probe slows drawing down, so it is not timed).
        with TextProbe() as probe:
            for state, ctx in positions:
                for viewer in viewers:
                    probe.settle(render_board(info.id, state.view_for(viewer), ctx))
        smallest, text = probe.smallest()
        print(f"{label:12} {players}p smallest text {smallest:5.1f} px at {PHONE_WIDTH} px wide ({text!r})")
        ok &= smallest >= MIN_PHONE_TEXT_PX
        ok &= bench_detail(info, label, players, positions)
        for viewer in viewers:
            times: list[float] = []
            sizes: list[int] = []
            for state, ctx in positions:
                view = state.view_for(viewer)
                start = time.perf_counter()
                png = render_board(info.id, view, ctx)
                times.append((time.perf_counter() - start) * 1000)
                sizes.append(len(png))
            p95 = percentile(times, 0.95)
            median_size = statistics.median(sizes)
            met = p95 <= P95_TARGET_MS and max(sizes) <= SIZE_LIMIT and median_size <= MEDIAN_SIZE_TARGET
            ok &= met
            who = "public" if viewer is None else f"seat {viewer}"
            print(
                f"{label:12} {players}p {who:7} {len(times):4} images  median {statistics.median(times):5.1f} ms"
                f"  p95 {p95:5.1f} ms  PNG median {median_size / 1000:5.1f} KB  max {max(sizes) / 1000:5.1f} KB"
                f"  {'ok' if met else 'MISSED'}"
            )
    return ok


def bench_detail(info: GameInfo, label: str, players: int, positions: list[tuple[GameState, BoardContext]]) -> bool:
    """The figures of the game's second image (Ursuppe's gene market and events), if it has one."""
    if render_board_detail(info.id, positions[0][0].view_for(None), positions[0][1]) is None:
        return True
    times: list[float] = []
    sizes: list[int] = []
    with TextProbe() as probe:
        for state, ctx in positions:
            probe.settle(render_board_detail(info.id, state.view_for(None), ctx) or b"")
    for state, ctx in positions:
        start = time.perf_counter()
        png = render_board_detail(info.id, state.view_for(None), ctx) or b""
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    smallest, text = probe.smallest()
    p95 = percentile(times, 0.95)
    met = smallest >= MIN_PHONE_TEXT_PX and p95 <= P95_TARGET_MS and statistics.median(sizes) <= MEDIAN_SIZE_TARGET
    print(
        f"{label + ' detail':12} {players}p smallest text {smallest:5.1f} px ({text!r})  p95 {p95:5.1f} ms"
        f"  PNG median {statistics.median(sizes) / 1000:5.1f} KB  max {max(sizes) / 1000:5.1f} KB"
        f"  {'ok' if met else 'MISSED'}"
    )
    return met


def main() -> int:
    """Run the benchmark; exit status 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game, Ur per rule set)")
    parser.add_argument("--games-per-table", type=int, default=4)
    parser.add_argument("--per-game", type=int, default=12)
    args = parser.parse_args()
    ok = all([bench_table(table, args.games_per_table, args.per_game) for table in tables(args.games)])
    print(
        f"targets (p95 <= {P95_TARGET_MS:.0f} ms, PNG <= {SIZE_LIMIT // 1000} KB, median PNG <="
        f" {MEDIAN_SIZE_TARGET // 1000} KB, text >= {MIN_PHONE_TEXT_PX:.0f} px at {PHONE_WIDTH} px):"
        f" {'met' if ok else 'MISSED'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
