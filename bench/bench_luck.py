"""The chance of a run of dice that unlucky, as ``/profile`` tells it, against the truth:
``python bench/bench_luck.py [--samples N] [--seed S]``.

``/profile`` tells a member, per game, their dice total against expectation and the chance of a total at least
that far on the same side (:func:`bot.app.stats.luck.left_tail`, a saddlepoint approximation). This bench checks
that figure three ways for runs of every size a member reaches (10 to 5,000 rolls) and totals from one to six
standard deviations below and above the expectation:

- against the **exact** tail, the distribution of the total convolved in full (numpy, in floats);
- against a **simulation**: ``--samples`` runs of that many rolls drawn with numpy's seeded generator, with the
  95 % interval of the simulated frequency (where the tail is too small for the samples to see, the column says
  so);
- beside the **normal approximation** with continuity correction, to show what the saddlepoint buys in the far tail.

Dice and draws, as each game's reader counts them (:mod:`bot.app.stats.dice`): Ur's four binary dice (0–4, weights
1 4 6 4 1), a six-sided die (1–6), and a mix of both (the tail of a sum of different distributions); Ursuppe's
two dice for the start order (their total, 2–12) with the die each side keeps in a Defense fight, where ties are
rolled again; Subulata's random set-up (the total of the three values a shuffle of 1–9 puts on the leaf cells,
a draw without replacement); Ultima-Tek's kick-off (even odds). Each game's **simulation plays the physical
draw**, not the distribution the reader writes: two dice thrown and added, a fight's two dice thrown until they
differ, nine values shuffled, a coin; so it checks the model of the draw as well as the tail. Prints per case
the exact tail, the told tail, their ratio, the simulated frequency with its interval, the normal tail, and the
time of one computation; then the worst ratio. Asserts nothing. Needs numpy (the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from bot.app.stats.dice import reader_of
from bot.app.stats.luck import Distribution, drawn_sum, left_tail, right_tail
from games.subulata.state import VALUES
from games.ursuppe import INFO as URSUPPE
from games.ursuppe import from_text as ursuppe_position

UR: Distribution = tuple((v, Fraction(math.comb(4, v), 16)) for v in range(5))
D6: Distribution = tuple((v, Fraction(1, 6)) for v in range(1, 7))
SUBULATA: Distribution = drawn_sum(VALUES, 3)
COIN: Distribution = ((0, Fraction(1, 2)), (1, Fraction(1, 2)))


def ursuppe_distributions() -> tuple[Distribution, Distribution]:
    """The start-order total and a fight's die as Ursuppe's reader writes them (from the engine's outcomes)."""
    reader = reader_of("ursuppe")
    assert reader is not None
    # A Defense fight about to be rolled (seat 0 attacks seat 2), then the first start-order roll of a game.
    fight = ursuppe_position(FIGHT)
    ((_, _, die), _) = reader.read(fight, fight.chance_outcomes()[0][0])
    start = URSUPPE.new(3, {})
    while start.step != "dice":  # the first environment card, then the start order
        start = start.apply(start.chance_outcomes()[0][0])
    ((_, _, total),) = reader.read(start, start.chance_outcomes()[0][0])
    return total, die


FIGHT = (
    "ursuppe 3 r9 p1 fight cards=3.8.1.2.9.0.4.7.6 scores=27.25.22 bp=2.2.2 genes=-/-/defense@8 amoebas=0.6.e2.1,"
    "2.5.e2.1 food=2.2.2/1.1.6/3.0.3/0.8.5/2.0.0/0.0.6/2.2.0/6.2.3/3.5.6/0.1.2/5.9.1/2.2.0/2.2.0/1.5.4/0.1.6/8.5.4/"
    "5.5.0/2.2.0/2.2.0 order=2.1.0 turn=2 amoeba=6 mover=- motion=- dice=- dir=-1 carry=- cling=- held=- "
    "attacker=0.6 victim=2.5 flags=D spared=- rolls=8/2/12 debt=0 events=-"
)


def by_distribution(dist: Distribution, count: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """``samples`` totals of ``count`` rolls drawn from ``dist`` itself."""
    totals = np.zeros(samples, dtype=np.int64)
    values = np.array([v for v, _ in dist])
    probs = np.array([float(p) for _, p in dist])
    left = count
    while left:
        chunk = min(left, 200)
        totals += rng.choice(values, size=(samples, chunk), p=probs).sum(axis=1)
        left -= chunk
    return totals


def two_dice(count: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """Two dice thrown and added, ``count`` times."""
    totals = np.zeros(samples, dtype=np.int64)
    for _ in range(count):
        totals += rng.integers(1, 7, size=(samples, 2)).sum(axis=1)
    return totals


def fight_die(count: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """The attacker's die of ``count`` fights, both dice thrown again while they tie."""
    totals = np.zeros(samples, dtype=np.int64)
    for _ in range(count):
        a, d = rng.integers(1, 7, size=samples), rng.integers(1, 7, size=samples)
        while (tied := a == d).any():
            a[tied], d[tied] = rng.integers(1, 7, size=int(tied.sum())), rng.integers(1, 7, size=int(tied.sum()))
        totals += a
    return totals


def shuffled(count: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` set-ups: nine values shuffled, the three that land first (the leaf cells' places) added."""
    totals = np.zeros(samples, dtype=np.int64)
    values = np.array(VALUES)
    for _ in range(count):
        order = np.argsort(rng.random((samples, len(VALUES))), axis=1)[:, :3]
        totals += values[order].sum(axis=1)
    return totals


def coins(count: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` kick-off draws won or lost at even odds."""
    return rng.integers(0, 2, size=(samples, count)).sum(axis=1)


def exact_pmf(parts: dict[Distribution, int]) -> tuple[int, np.ndarray]:
    """The lowest total and the probabilities of every total from it, by repeated squaring of each distribution."""
    low = 0
    pmf = np.array([1.0])
    for dist, count in parts.items():
        base_low = min(v for v, _ in dist)
        base = np.zeros(max(v for v, _ in dist) - base_low + 1)
        for v, p in dist:
            base[v - base_low] += float(p)
        power = np.array([1.0])
        n = count
        while n:
            if n & 1:
                power = np.convolve(power, base)
            base = np.convolve(base, base)
            n >>= 1
        pmf = np.convolve(pmf, power)
        low += base_low * count
    return low, pmf


def simulate(parts: dict[Distribution, int], samples: int, rng: np.random.Generator) -> np.ndarray:
    """``samples`` totals of the rolls of ``parts``, each distribution drawn the way its game draws it."""
    totals = np.zeros(samples, dtype=np.int64)
    for dist, count in parts.items():
        draw = PHYSICAL.get(dist)
        totals += draw(count, samples, rng) if draw else by_distribution(dist, count, samples, rng)
    return totals


def normal_tail(mean: float, sd: float, total: int, below: bool) -> float:
    if below:
        return 0.5 * math.erfc(-((total + 0.5 - mean) / sd) / math.sqrt(2))
    return 0.5 * math.erfc(((total - 0.5 - mean) / sd) / math.sqrt(2))


START_TOTAL, FIGHT_DIE = ursuppe_distributions()
PHYSICAL = {START_TOTAL: two_dice, FIGHT_DIE: fight_die, SUBULATA: shuffled, COIN: coins}
"""How each game's draw is made for real, by the distribution its reader writes (the others drawn from it). A
fight's die is a six-sided die (ties rolled again leave each face at 1/6): the d6 cases are thrown as fights."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    cases: list[tuple[str, dict[Distribution, int]]] = [
        ("ur", {UR: 10}),
        ("ur", {UR: 50}),
        ("ur", {UR: 200}),
        ("ur", {UR: 1000}),
        ("ur", {UR: 5000}),
        ("d6", {D6: 30}),
        ("d6", {D6: 500}),
        ("ur+d6", {UR: 300, D6: 100}),
        ("2d6", {START_TOTAL: 30}),
        ("2d6", {START_TOTAL: 300}),
        ("2d6+f", {START_TOTAL: 60, FIGHT_DIE: 40}),
        ("sub", {SUBULATA: 10}),
        ("sub", {SUBULATA: 100}),
        ("kick", {COIN: 20}),
        ("kick", {COIN: 300}),
    ]
    print(
        f"{'dice':6} {'rolls':>6} {'z':>5} {'total':>7} {'exact':>11} {'told':>11} {'told/exact':>10} "
        f"{'simulated [95 %]':>30} {'normal':>11} {'ms':>6}"
    )
    worst = 1.0
    for name, parts in cases:
        low, pmf = exact_pmf(parts)
        cdf = np.cumsum(pmf)
        sf = np.cumsum(pmf[::-1])[::-1]
        mean = sum(n * float(sum(v * p for v, p in d)) for d, n in parts.items())
        var = sum(n * float(sum(v * v * p for v, p in d) - sum(v * p for v, p in d) ** 2) for d, n in parts.items())
        sd = math.sqrt(var)
        sims = simulate(parts, args.samples, rng)
        rolls = sum(parts.values())
        for z in (-6, -4, -3, -2, -1, 1, 2, 3, 4, 6):
            total = round(mean + z * sd)
            if not low <= total < low + len(pmf):
                continue
            below = z < 0
            exact = float(cdf[total - low] if below else sf[total - low])
            started = time.perf_counter()
            told = left_tail(parts, total) if below else right_tail(parts, total)
            ms = (time.perf_counter() - started) * 1000
            hits = int(np.sum(sims <= total) if below else np.sum(sims >= total))
            freq = hits / args.samples
            half = 1.96 * math.sqrt(max(freq * (1 - freq), 1e-300) / args.samples)
            sim = (
                f"{freq:.3e} [{max(0, freq - half):.2e}–{freq + half:.2e}]" if hits >= 20 else f"{hits} hits (too few)"
            )
            ratio = told / exact if exact > 0 else float("nan")
            if exact > 1e-300:
                worst = max(worst, ratio, 1 / ratio)
            print(
                f"{name:6} {rolls:>6} {z:>5} {total:>7} {exact:>11.3e} {told:>11.3e} {ratio:>10.4f} {sim:>30} "
                f"{normal_tail(mean, sd, total, below):>11.3e} {ms:>6.2f}"
            )
    print(f"worst ratio told/exact (or its inverse): {worst:.4f}")


if __name__ == "__main__":
    main()
