"""Ultima-Tek's judge, candidate features and fits read on one saved self-play corpus (issue 35, fourth look).

Run on demand, from the repository root, in two steps:

- ``python bench/bench_judge_tek.py play DIR [--budget SECONDS]`` plays seeded self-play matches with the
  judge's random openings (:data:`games.ai.judge.ultimatek.OPENING`) until ``SECONDS`` of CPU are spent,
  in turn from three seed sets: the fit's (``judge-fit:ultimatek:1:k``, the judge's cheaper
  :data:`~games.ai.judge.ultimatek.FIT_MIX`), the held-out map's (``judge-fit:ultimatek:2:k``) and the
  bench's (``judge-bench:ultimatek:5:k``, both the whole :data:`~games.ai.judge.levels.MIX`), and saves
  every decision of each match with the state it was made in (``DIR/SET-k.pkl``; ``--start SET=K`` goes on
  from match ``K`` of a set). About 18 s of CPU a match.
- ``python bench/bench_judge_tek.py table DIR [--penalty 0,1]`` judges every match of ``DIR`` by weights
  fitted to all the others (leave one match out), at the start of every turn as the bench reads the judge,
  and prints per candidate and fit: the Brier score and its skill against the constant forecast, the best
  log-odds scale, the lag-1 correlation of the chart's changes with its bootstrap 90 % interval over
  matches, how many counted bins (100 predictions or more) lie within ±5 points and the widest gap;
  today's judge (the K = 2.5 softmax) first.

What it compares (why: the README's judge row). The chart saws because the disc's features are a
turn's transient: their own changes from one turn's start to the next correlate −0.5 to −0.6 whoever holds
the disc, and a weight fitted across positions passes that to the chart. So the candidates are the
shipped features, the same without the disc's or with its position only, the disc's terms split by
whether the holder's side acts next with whether that side can throw the disc forward this turn and score
this turn (:func:`split`); and beside maximum likelihood, a fit that also penalises the anti-correlated
part of the log-odds changes (:func:`fit_sawless`, then a temperature on the fitted matches). Last, an upper
bound for a lookahead route: the shipped features read after the mover's first one or two action decisions
*as played* (a judge would have to guess them).

This prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

import numpy as np

from games.ai.judge import JUDGES
from games.ai.judge import ultimatek as tek_judge
from games.ai.judge.base import SoftmaxJudge
from games.ai.judge.calibration import (
    Judged,
    best_scale,
    brier,
    brier_constant,
    lag1,
    mixed_agents,
    reliability,
    skill,
)
from games.ai.judge.calibration import (
    play as calibration_play,
)
from games.ai.judge.fitting import RIDGE, fit_temperature
from games.ai.judge.levels import MIX
from games.ai.tek import DIST, PLAIN_FLIGHTS, credits_to_score
from games.base import GameState, Seat
from games.ultimatek import state as tek
from games.ultimatek.field import HEXES
from games.ultimatek.model import ACT, CREDITS, REVEAL

SETS: dict[str, tuple[str, Any]] = {
    "fit": ("judge-fit:ultimatek:1", tek_judge.FIT_MIX),
    "held": ("judge-fit:ultimatek:2", MIX),
    "bench": ("judge-bench:ultimatek:5", MIX),
}
"""The seed sets a corpus is played from, in turn (the fit's, the held-out map's and the bench's)."""
BIN_MIN = 100
BIN_TOLERANCE = 0.05
Features = Callable[[tek.State, Seat], tuple[float, ...]]


def play(seed: str, mix: Any) -> dict[str, Any]:
    """One seeded match as the judge's self-play plays it (each seat's first decision at random), with
    every decision and the state it was made in."""
    decisions: list[tuple[GameState, Any]] = []
    played = calibration_play("ultimatek", seed, None, mix=mix, opening=tek_judge.OPENING, decisions=decisions)
    if played is None:  # no result within the cap: kept with its levels, left out of the tables
        levels = mixed_agents("ultimatek", 2, random.Random(f"{seed}:levels"), mix)[0]
        return {"levels": levels, "result": None, "states": decisions}
    return {"levels": played.levels, "result": played.result, "states": decisions}


def play_corpus(folder: Path, budget: float, start: dict[str, int]) -> None:
    """Play matches from the three seed sets in turn until ``budget`` seconds of CPU are spent (one at least)."""
    folder.mkdir(parents=True, exist_ok=True)
    counts = {name: start.get(name, 0) for name in SETS}
    began = time.process_time()
    for name in itertools.cycle(SETS):
        prefix, mix = SETS[name]
        k = counts[name]
        counts[name] += 1
        started = time.process_time()
        match = play(f"{prefix}:{k}", mix)
        with (folder / f"{name}-{k}.pkl").open("wb") as f:
            pickle.dump(match, f)
        cpu = time.process_time() - started
        print(name, k, match["levels"], match["result"], len(match["states"]), f"{cpu:.1f} s", flush=True)
        if time.process_time() - began >= budget:
            break


def load(folder: Path) -> list[dict[str, Any]]:
    """The finished matches of a corpus, each with its turn starts (``moments``) and decisions."""
    found = []
    for path in sorted(folder.glob("*.pkl")):
        with path.open("rb") as f:
            match = pickle.load(f)  # a corpus this bench wrote itself
        if match["result"] is None:
            continue
        match["moments"] = [i for i, (s, _) in enumerate(match["states"]) if tek_judge.moment(s)]
        found.append(match)
    return found


def holder_next(state: tek.State) -> tuple[Seat, int]:
    """The side that acts next with credits to spend, and how many: the side to act in its reveal or
    action phase, else the other side with a fresh turn (-1 before the kick-off)."""
    acting = state.to_act
    if acting < 0:
        return -1, 0
    if state.phase in (REVEAL, ACT):
        return acting, state.credits
    return 1 - acting, CREDITS


def throws_forward(state: tek.State, side: Seat, credits: int) -> bool:
    """Whether ``side`` can bring a piece to the disc (one hex at most: a piece moves once a turn) and throw
    it toward its goal within ``credits``, paying the shortfall against a stronger rival on the disc."""
    if state.disc < 0:
        return False
    rival = state.piece(1 - side, state.disc)
    power = 0 if rival is None else rival.power
    fetch = min(
        (
            DIST[p.hex][state.disc] + max(0, power - p.strength)
            for p in state.pieces
            if p.side == side and not p.blocked and DIST[p.hex][state.disc] <= 1
        ),
        default=CREDITS + 1,
    )
    here = tek_judge.progress(HEXES[state.disc].column, side)
    forward = any(tek_judge.progress(HEXES[last].column, side) > here for _, last in PLAIN_FLIGHTS[state.disc])
    return forward and fetch + 1 <= credits


def split(state: tek.State, seat: Seat) -> tuple[float, ...]:
    """The shipped features with the disc's three terms split by whether ``seat`` acts next, whether it
    can throw the disc forward this turn, and whether it can score this turn."""
    f = tek_judge.features(state, seat)
    nxt, credits = holder_next(state)
    acts = 1.0 if nxt == seat else 0.0
    threat = 1.0 if acts and throws_forward(state, seat, credits) else 0.0
    now = 1.0 if acts and credits_to_score(state, seat) <= credits else 0.0
    disc = f[3:6]
    return (*f[:3], f[6], f[7], *(x * acts for x in disc), *(x * (1 - acts) for x in disc), threat, now)


def shipped(state: tek.State, seat: Seat) -> tuple[float, ...]:
    """The shipped features (:func:`games.ai.judge.ultimatek.features`)."""
    return tek_judge.features(state, seat)


def without_disc(state: tek.State, seat: Seat) -> tuple[float, ...]:
    """Points, late points, advance, receivers and tempo: the shipped features less the disc's."""
    f = tek_judge.features(state, seat)
    return (f[0], f[1], f[2], f[6], f[7])


def disc_position(state: tek.State, seat: Seat) -> tuple[float, ...]:
    """The shipped features less who holds the disc: its position only."""
    f = tek_judge.features(state, seat)
    return (f[0], f[1], f[2], f[3], f[6], f[7])


CANDIDATES: dict[str, Features] = {
    "shipped features": shipped,
    "no disc": without_disc,
    "disc position only": disc_position,
    "split by who acts next": split,
}


def after_acts(decisions: Sequence[tuple[GameState, Any]], index: int, acts: int) -> tek.State:
    """The state after the first ``acts`` action decisions of the turn starting at ``decisions[index]``,
    as they were played (fewer when the turn ends first)."""
    start = decisions[index][0]
    assert isinstance(start, tek.State)
    current = start
    done = 0
    for state, move in decisions[index:]:
        assert isinstance(state, tek.State)
        if done >= acts or state.turns != start.turns or state.to_act != start.to_act:
            break
        done += state.phase == ACT
        after = state.apply(move)
        assert isinstance(after, tek.State)
        current = after
        if after.turns != start.turns:
            break
    return current


def design(matches: Sequence[dict[str, Any]], features: Features, acts: int = 0) -> list[Any]:
    """Per match: seat 0's feature differences at every turn start (``X[n, feature]``)."""
    blocks = []
    for match in matches:
        rows = []
        for i in match["moments"]:
            state = after_acts(match["states"], i, acts) if acts else match["states"][i][0]
            rows.append(np.subtract(features(state, 0), features(state, 1)))
        blocks.append(np.asarray(rows, dtype=float))
    return blocks


def saw_penalty(blocks: Sequence[Any]) -> Any:
    """The anti-correlated part of the lag-1 covariance of the features' changes from one turn's start to
    the next: ``w·P·w`` is how far the log-odds ``w·x`` would saw (a positive semi-definite ``P``)."""
    total = np.zeros((blocks[0].shape[1],) * 2)
    pairs = 0
    for x in blocks:
        changes = np.diff(x, axis=0)
        if len(changes) < 2:
            continue
        total += changes[:-1].T @ changes[1:]
        pairs += len(changes) - 1
    symmetric = (total + total.T) / 2 / max(1, pairs)
    values, vectors = np.linalg.eigh(symmetric)
    return -(vectors * np.minimum(values, 0.0)) @ vectors.T


def fit_sawless(blocks: Sequence[Any], results: Sequence[float], penalty: float, steps: int = 60) -> Any:
    """Seat 0's logistic regression by Newton, less the ridge and ``penalty`` times :func:`saw_penalty`
    (per position), then scaled by the temperature that fits the same matches best."""
    x = np.concatenate(blocks)
    y = np.concatenate([np.full(len(b), r) for b, r in zip(blocks, results, strict=True)])
    n, d = x.shape
    prior = RIDGE * n * np.eye(d) + 2 * penalty * n * saw_penalty(blocks)
    w = np.zeros(d)
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        step = np.linalg.solve((x * (p * (1 - p))[:, None]).T @ x + prior, x.T @ (y - p) - prior @ w)
        w = w + step
        if np.abs(step).max() < 1e-9:
            break
    if penalty:
        z = x @ w
        w = w * fit_temperature(np.stack([z, np.zeros(n)], axis=1), np.stack([y, 1 - y], axis=1))
    return w


def left_out(blocks: Sequence[Any], results: Sequence[float], penalty: float) -> list[Judged]:
    """Every match judged by weights fitted to all the others."""
    judged = []
    for i, x in enumerate(blocks):
        others = [b for j, b in enumerate(blocks) if j != i]
        w = fit_sawless(others, [r for j, r in enumerate(results) if j != i], penalty)
        p = 1 / (1 + np.exp(-(x @ w)))
        judged.append(Judged(tuple((float(v), 1 - float(v)) for v in p), (results[i], 1 - results[i])))
    return judged


def lag_interval(judged: Sequence[Judged], rng: random.Random, boot: int = 200) -> tuple[float, float]:
    """The lag-1 correlation's bootstrap 90 % interval over matches (a match's turns are resampled whole)."""
    draws = sorted(lag1([judged[rng.randrange(len(judged))] for _ in judged]) for _ in range(boot))
    return draws[int(0.05 * boot)], draws[int(0.95 * boot) - 1]


def row(label: str, judged: Sequence[Judged]) -> None:
    """One line of the table."""
    score = brier(judged)
    table = reliability(judged, random.Random(1), boot=100)
    counted = [b for b in table if b.count >= BIN_MIN]
    within = sum(1 for b in counted if abs(b.observed - b.predicted) <= BIN_TOLERANCE)
    widest = max((abs(b.observed - b.predicted) for b in counted), default=0.0)
    low, high = lag_interval(judged, random.Random(2))
    print(
        f"| {label} | {score:.4f} | {skill(score, brier_constant(judged)):+.3f} | {best_scale(list(judged)):.2f}"
        f" | {lag1(judged):+.2f} [{low:+.2f}, {high:+.2f}] | {within} of {len(counted)} | {widest * 100:.1f} |",
        flush=True,
    )


def table(folder: Path, penalties: Sequence[float]) -> None:
    """Print the candidates' figures on the corpus in ``folder``."""
    started = time.process_time()
    matches = load(folder)
    results = [float(m["result"][0]) for m in matches]
    turns = sum(len(m["moments"]) for m in matches)
    print(f"{len(matches)} matches, {turns:,} turn starts (each judged by weights fitted to the other matches)")
    print("| candidate | Brier | skill | log-odds scale | lag-1 [90 %] | bins within ±5 | widest gap (points) |")
    print("|---|---|---|---|---|---|---|")
    today = SoftmaxJudge("ultimatek", "ultimatek")
    row(
        "today (K = 2.5)",
        [Judged(tuple(today.win_chances(m["states"][i][0]) for i in m["moments"]), m["result"]) for m in matches],
    )
    for name, features in CANDIDATES.items():
        blocks = design(matches, features)
        for penalty in penalties:
            row(
                f"{name}, {'maximum likelihood' if not penalty else f'saw penalty {penalty:g}'}",
                left_out(blocks, results, penalty),
            )
    for acts in (1, 2):
        blocks = design(matches, shipped, acts)
        row(f"shipped features after the mover's first {acts} action(s) as played", left_out(blocks, results, 0.0))
    print(f"{time.process_time() - started:.0f} s of CPU; judge key {JUDGES['ultimatek'].key}")


def main() -> None:
    """Parse the command line and run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=("play", "table"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--budget", type=float, default=1500.0, help="CPU seconds of self-play (play)")
    parser.add_argument("--start", action="append", default=[], help="SET=K: go on from match K of a set (play)")
    parser.add_argument("--penalty", default="0,1", help="saw penalties, comma-separated (table)")
    args = parser.parse_args()
    if args.step == "play":
        start = {name: int(k) for name, _, k in (s.partition("=") for s in args.start)}
        play_corpus(args.folder, args.budget, start)
    else:
        table(args.folder, [float(p) for p in args.penalty.split(",")])


if __name__ == "__main__":
    main()
