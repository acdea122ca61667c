"""Cost of hostile move texts for every engine's parser: ``python bench/bench_parsers.py [--repeat N]``.

For each registered game (default options, smallest table), a few positions of a seeded random game are
read with texts meant to hurt a parser: 10,000 characters of digits, of separators, of a repeated move,
and texts of up to ``MAX_MOVE_TEXT`` characters built the same way (the longest a parser reads). Prints,
for each kind, the median time per call at the worst position and seat (a spectator or the seat to act):
the median, because a shared machine's scheduler adds milliseconds to single calls at random.

This prints figures; it asserts nothing. Target: every call under 1 ms (a 10,000-character text is
refused before parsing; a text at the limit is read in time linear in its length).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games import GAMES
from games.base import MAX_MOVE_TEXT, GameError, GameState
from games.playout import random_step

PIECES = ("9", "_", " ", "a1-", "c3>", "run", "1 ", "x", "roll:", ">n", "take r")
"""Repeated to build each hostile text."""


def positions(game_id: str, count: int = 5) -> list[GameState]:
    """``count`` positions spread over a seeded random game (decision nodes preferred)."""
    info = next(g for g in GAMES if g.id == game_id)
    rng = random.Random(f"bench-parsers/{game_id}")
    state = info.new(info.min_players, info.option_defaults())
    seen = [state]
    for _ in range(600):
        if state.outcome() is not None:
            break
        state = state.apply(random_step(state, rng))
        seen.append(state)
    decisions = [s for s in seen if s.actors()] or seen
    stride = max(1, len(decisions) // count)
    return decisions[::stride][:count]


def median_time(state: GameState, text: str, seat: int | None, repeat: int) -> float:
    """The median of ``repeat`` calls of ``parse_move(text, seat)``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        with contextlib.suppress(GameError):
            state.parse_move(text, seat)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Print the worst median parse time of each hostile text kind, per game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print(f"{'game':<10} {'text':<16} {'10,000 chars':>14} {f'{MAX_MOVE_TEXT} chars':>12}")
    overall = 0.0
    for info in GAMES:
        states = positions(info.id)
        for piece in PIECES:
            long_text = (piece * (10_000 // len(piece) + 1))[:10_000]
            at_limit = (piece * (MAX_MOVE_TEXT // len(piece) + 1))[:MAX_MOVE_TEXT]
            worst_long = worst_limit = 0.0
            for state in states:
                for seat in (None, *state.actors()):
                    worst_long = max(worst_long, median_time(state, long_text, seat, args.repeat))
                    worst_limit = max(worst_limit, median_time(state, at_limit, seat, args.repeat))
            overall = max(overall, worst_long, worst_limit)
            print(f"{info.id:<10} {piece!r:<16} {worst_long * 1e6:>11.0f} µs {worst_limit * 1e6:>9.0f} µs")
    print(f"worst median call: {overall * 1e3:.2f} ms (target < 1 ms)")


if __name__ == "__main__":
    main()
