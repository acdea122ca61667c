"""How far the judges' winning chances come true, per judge key, against today's judge (issue 35).

Run on demand, from the repository root: ``python bench/bench_judge.py [--game KEY] [--matches N] [--seed S]``
(every registered key by default; ``--players N`` for one Ursuppe table size, every size 3–6 by default).
It plays fresh seeded matches between AI levels drawn per seat from :data:`games.ai.judge.levels.MIX`
(seeds ``judge-bench:KEY:S:k``, a space the fits never draw from; each seat's first decisions drawn at
random where the judge's self-play opens so, as Ultima-Tek's does; every seed's pair of levels played in
both colours where it plays so, as Subulata's does), takes each position at the judge's
moment of every turn, and prints for the judge and for today's (the heuristic evaluation through the
K = 2.5 softmax): the Brier score and its skill against the constant forecast and against today's judge,
the best log-odds scale, the lag-1 correlation of the chart's changes, the cost of one judgement, the
reliability table (10 bins: count, predicted, observed and its bootstrap 90 % interval over matches),
whether every counted bin's interval is narrower than ±5 points (so that the run can prove the target)
and, from the intervals measured, about how many matches would make it so; with two seats, seat 0's
share of the matches, and of those where its level was above, below or the same as seat 1's (the stronger
level wins most unequal matches, so the draw of levels alone can tilt a sample); with more than two seats,
every seat's mean predicted and observed share and each seat's lag-1 (seat 0's alone swings with
its few matches). It ends with the CPU time of the whole run.

Targets per key: scale 0.9–1.1, every bin with at least 100 predictions within ±5 points, lag-1 > −0.2,
Brier skill at least today's. This prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games import find_game
from games.ai import ALL_LEVELS
from games.ai.judge import JUDGES
from games.ai.judge.base import Judge, SoftmaxJudge
from games.ai.judge.calibration import (
    Bin,
    Judged,
    Played,
    best_scale,
    both_colours_of,
    brier,
    brier_constant,
    judge_matches,
    lag1,
    moment_of,
    opening_of,
    reliability,
    seeds_label,
    self_play,
    skill,
)
from games.ai.judge.keys import GAME_OF
from games.ai.judge.levels import ITERATIONS, MIX

SPACE = "judge-bench"
MATCHES = {"ur-race": 800, "ur-loop": 500, "ur-towers": 600, "ur-motifs": 1500, "subulata": 700, "ursuppe": 300}
"""Matches per key by default: enough for every counted bin's 90 % interval to be narrower than ±5 points,
so that one run can prove the target. A bin's interval narrows as one over the square root of the
matches; the sizes scale the widest interval measured (ur-race ±5.2 points over 700 bench matches,
ur-loop ±6.8 over 250, ur-motifs ±22 over 75, Subulata ±4.7 over 700 played as 350 pairs of levels in
both colours) or, where no wide sample was affordable yet (ur-towers, Ursuppe), the README's earlier runs.
CPU of one idle core: about 6 min for ur-race, 3 for ur-loop, 13 for ur-towers, 35–45 for ur-motifs, 8–15
for Subulata and 10 per Ursuppe table size; the bench's last line prints the whole run's, and each key's
table how many matches its intervals would have needed."""
TABLE_MATCHES: dict[int, int] = {}
"""Matches per table size of a game of three seats or more, where it differs from the key's."""
DEFAULT_MATCHES = 100


def matches_of(key: str, players: int) -> int:
    """The matches benched by default for ``key`` at ``players`` seats."""
    if players > 2 and players in TABLE_MATCHES:
        return TABLE_MATCHES[players]
    return MATCHES.get(key, DEFAULT_MATCHES)


BIN_MIN = 100
BIN_TOLERANCE = 0.05
SCALE_RANGE = (0.9, 1.1)
LAG_FLOOR = -0.2


def timed(judge: Judge, matches: list[Played]) -> tuple[list[Judged], float]:
    """The judge's chances over every match, and its mean milliseconds per call (over all calls)."""
    started = time.process_time()
    judged = judge_matches(judge, matches)
    calls = sum(len(m.chances) for m in judged)
    return judged, (time.process_time() - started) * 1000 / max(1, calls)


def bench(key: str, matches: int, seed: int, players: int) -> None:
    """Play, judge and print one key's figures."""
    started = time.process_time()
    judge = JUDGES[key]
    played = self_play(
        key,
        matches,
        seed,
        moment_of(judge),
        SPACE,
        players,
        opening=opening_of(judge),
        both_colours=both_colours_of(judge),
    )
    report(key, played, matches, seed, players, time.process_time() - started)


def shares(judged: list[Judged], players: int) -> list[tuple[float, float]]:
    """Per seat: its mean predicted share over every prediction, and its mean observed share."""
    rows = [(c, m.result) for m in judged for c in m.chances]
    count = max(1, len(rows))
    return [(sum(c[s] for c, _ in rows) / count, sum(y[s] for _, y in rows) / count) for s in range(players)]


def seat_balance(played: list[Played]) -> str:
    """Seat 0's share of the matches won and its 90 % interval: where the rules give neither seat an edge
    (Ur draws who starts), a share off one half is the sample's, and it shifts every bin of the table
    alike (a seat feature fitted to other matches cannot follow it)."""
    n = max(1, len(played))
    won = sum(m.result[0] for m in played) / n
    half = 1.645 * math.sqrt(max(won * (1 - won), 1e-9) / n)
    return f"seat 0 won {won:.3f} of the matches (90 % interval {won - half:.3f}–{won + half:.3f})"


def level_balance(played: list[Played]) -> str:
    """How the seats' levels fell (two seats): in how many matches seat 0's level was above, below or the same
    as seat 1's, and seat 0's share of each. The stronger level wins most matches between unequal levels, so
    a sample where seat 0 drew the stronger level more often leans to seat 0 without any edge of the seat;
    the equal-level matches show the seat's own edge."""
    groups: dict[str, list[float]] = {"above": [], "below": [], "the same": []}
    for m in played:
        gap = ALL_LEVELS.index(m.levels[0]) - ALL_LEVELS.index(m.levels[1])
        groups["above" if gap > 0 else "below" if gap < 0 else "the same"].append(m.result[0])
    parts = []
    for name, results in groups.items():
        n = len(results)
        won = sum(results) / max(1, n)
        half = 1.645 * math.sqrt(max(won * (1 - won), 1e-9) / max(1, n))
        parts.append(f"{name} in {n} (seat 0 won {won:.3f}, {max(0.0, won - half):.3f}–{min(1.0, won + half):.3f})")
    return "seat 0's level against seat 1's: " + "; ".join(parts)


def matches_needed(table: list[Bin], matches: int) -> int:
    """About how many matches would narrow every counted bin's 90 % interval to ±5 points (an interval
    narrows as one over the square root of the matches)."""
    widest = max(((b.interval[1] - b.interval[0]) / 2 for b in table if b.count >= BIN_MIN), default=0.0)
    return math.ceil(matches * (widest / BIN_TOLERANCE) ** 2)


def report(key: str, played: list[Played], matches: int, seed: int, players: int, cpu: float) -> None:
    """Judge the matches ``played`` (``matches`` seeded from ``seed``) and print the key's figures."""
    judge = JUDGES[key]
    today = SoftmaxJudge(key, GAME_OF[key])
    mix = ", ".join(f"{name} {weight}" for name, weight in MIX)
    print(f"\n## {key} ({players} players): {judge.describe} (version {judge.version})")
    predictions = sum(len(m.positions) for m in played) * (1 if players == 2 else players)
    seeds = seeds_label(SPACE, key, seed, matches, both_colours_of(judge))
    print(
        f"{len(played)} of {matches} matches finished ({matches - len(played)} left out at the step cap),"
        f" {predictions:,} predictions; seeds {seeds}; levels drawn per seat"
        f" with weights {mix}, searching at depth {ITERATIONS}; self-play {cpu:.0f} s of CPU"
    )
    rows = [("today (K=2.5)", today)] + ([("judge", judge)] if not isinstance(judge, SoftmaxJudge) else [])
    judged_by = {}
    costs = {}
    print("| judge | Brier | skill vs constant | skill vs today | log-odds scale | lag-1 | ms per call |")
    print("|---|---|---|---|---|---|---|")
    for label, j in rows:
        judged_by[label], costs[label] = timed(j, played)
    reference = brier(judged_by["today (K=2.5)"])
    constant = brier_constant(judged_by["today (K=2.5)"])
    verdicts = {}
    for label, _ in rows:
        judged = judged_by[label]
        score = brier(judged)
        scale = best_scale(judged)
        lag = lag1(judged)
        print(
            f"| {label} | {score:.4f} | {skill(score, constant):+.3f} | {skill(score, reference):+.3f} |"
            f" {scale:.2f} | {lag:+.2f} | {costs[label]:.3f} |"
        )
        verdicts[label] = (score, scale, lag)
    for label, _ in rows:
        table = reliability(judged_by[label], random.Random(f"{SPACE}:{key}:{seed}:bootstrap"))
        print(f"\nreliability, {label}:")
        print("| bin | count | predicted | observed | 90 % interval | within ±5 | predicted in the interval |")
        print("|---|---|---|---|---|---|---|")
        bins_ok = True
        for b in table:
            counted = b.count >= BIN_MIN
            within = abs(b.observed - b.predicted) <= BIN_TOLERANCE
            bins_ok &= within or not counted
            mark = ("yes" if within else "NO") if counted else "(few)"
            inside = "yes" if b.interval[0] <= b.predicted <= b.interval[1] else "no"
            print(
                f"| {b.low:.1f}–{b.high:.1f} | {b.count} | {b.predicted:.3f} | {b.observed:.3f} |"
                f" {b.interval[0]:.3f}–{b.interval[1]:.3f} | {mark} | {inside} |"
            )
        narrow = all((b.interval[1] - b.interval[0]) / 2 <= BIN_TOLERANCE for b in table if b.count >= BIN_MIN)
        print(
            f"every counted bin's 90 % interval within ±5 points: {'yes' if narrow else 'no'}"
            f" (about {matches_needed(table, len(played)):,} matches would make it so)"
        )
        seats = ", ".join(f"{p:.3f} / {o:.3f}" for p, o in shares(judged_by[label], players))
        print(f"per seat, predicted / observed share: {seats}")
        if players == 2:
            print(seat_balance(played))
            print(level_balance(played))
        if players > 2:
            lags = [lag1(judged_by[label], s) for s in range(players)]
            print(
                "lag-1 per seat (the table's is seat 0's): "
                + ", ".join(f"{v:+.2f}" for v in lags)
                + f"; mean over the seats {sum(lags) / players:+.2f}"
            )
        score, scale, lag = verdicts[label]
        met = {
            "scale 0.9–1.1": SCALE_RANGE[0] <= scale <= SCALE_RANGE[1],
            "bins ±5": bins_ok,
            "lag-1 > −0.2": lag > LAG_FLOOR,
            "skill ≥ today's": score <= reference + 1e-12,
        }
        print("targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in met.items()))


def main() -> None:
    """Every key (or ``--game``'s), its figures printed as Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(JUDGES), default=None, help="one judge key (default: all)")
    parser.add_argument("--matches", type=int, default=None, help="matches per key (default: per key)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="one table size (default: every size)")
    args = parser.parse_args()
    started = time.process_time()
    for key in [args.game] if args.game else sorted(JUDGES):
        info = find_game(GAME_OF[key])
        sizes = range(info.min_players, info.max_players + 1)
        if args.players is not None:
            only = max(info.min_players, min(info.max_players, args.players))
            sizes = range(only, only + 1)
        for players in sizes:
            matches = args.matches or matches_of(key, players)
            bench(key, matches, args.seed, players)
    print(f"\nthe whole run: {time.process_time() - started:.0f} s of CPU")


if __name__ == "__main__":
    main()
