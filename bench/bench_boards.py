"""Benchmark of every registered game's board renderer: public and private images of busy positions.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/bench_boards.py [game ...]``. For
each game (every Ur rule set apart), seeded random games are played to the end; the busiest positions
(longest state text) and evenly spread ones are rendered for the spectator and, for games with hidden
information, for each seat. It prints the median and p95 render time, the median and largest PNG per
viewer, and the smallest text on the images as it reads in a phone's column: every text a renderer draws
is noted in final image pixels (:mod:`render.lettering`) and scaled to the 265 CSS px a phone gives the
image, with the strings it had to shorten. Targets: p95 at most 25 ms, PNG at most 250 KB, median PNG at
most 60 KB, no text under 12 CSS px, nothing shortened.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from games import GAMES, find_game
from games.base import GameInfo, GameState, Seat
from games.playout import random_step
from render import RENDERERS, BoardContext, highlights_for, render_board, render_board_detail
from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS, Notes, noted

P95_TARGET_MS = 25.0
SIZE_LIMIT = 250_000
MEDIAN_SIZE_TARGET = 60_000


def smallest_text(renders: list[tuple[bytes, Notes]]) -> tuple[float, str, int]:
    """The smallest text of these renders in CSS px once each image is shown :data:`PHONE_COLUMN_CSS` wide,
    what it said, and how many strings the renderer had to shorten."""
    sizes = [
        (px * PHONE_COLUMN_CSS / Image.open(io.BytesIO(png)).width, text)
        for png, notes in renders
        for text, px in notes.texts
        if text.strip()
    ]
    smallest, text = min(sizes) if sizes else (float("inf"), "")
    return smallest, text, sum(len(notes.truncated) for _, notes in renders)


def lettered(render: Callable[..., bytes | None], *args: Any) -> tuple[bytes, Notes]:
    """One render ``render(*args)`` with the text it drew noted (see :mod:`render.lettering`)."""
    with noted() as notes:
        png = render(*args) or b""
    return png, notes


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
        # First pass: what the texts measure (noting them costs a little, so it is not timed).
        renders = [
            lettered(render_board, info.id, state.view_for(viewer), ctx)
            for state, ctx in positions
            for viewer in viewers
        ]
        smallest, text, shortened = smallest_text(renders)
        print(
            f"{label:12} {players}p smallest text {smallest:5.1f} CSS px at {PHONE_COLUMN_CSS} px wide ({text!r}),"
            f" {shortened} shortened"
        )
        ok &= smallest >= PHONE_MIN_CSS and shortened == 0
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
    renders = [lettered(render_board_detail, info.id, state.view_for(None), ctx) for state, ctx in positions]
    for state, ctx in positions:
        start = time.perf_counter()
        png = render_board_detail(info.id, state.view_for(None), ctx) or b""
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    smallest, text, shortened = smallest_text(renders)
    p95 = percentile(times, 0.95)
    met = (
        smallest >= PHONE_MIN_CSS
        and shortened == 0
        and p95 <= P95_TARGET_MS
        and statistics.median(sizes) <= MEDIAN_SIZE_TARGET
    )
    print(
        f"{label + ' detail':12} {players}p smallest text {smallest:5.1f} CSS px ({text!r}), {shortened} shortened"
        f"  p95 {p95:5.1f} ms"
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
        f" {MEDIAN_SIZE_TARGET // 1000} KB, text >= {PHONE_MIN_CSS} CSS px at {PHONE_COLUMN_CSS} px, none shortened):"
        f" {'met' if ok else 'MISSED'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
