"""How far a judge's chances come true: Brier scores, the reliability table, the best log-odds scale and
the lag-1 correlation of the chart's changes, over seeded self-play matches (``bench/bench_judge.py``).

Every figure is computed from positions at one fixed moment of every turn (the judge's ``moment``, or
for a judge without one the first decision of each seat's turn), each labelled with its match's final
shares. Two seats: the predictions are seat 0's chances (seat 1's are their mirror); more seats: every
seat's share. Pure Python: the bench and the tests need nothing beyond the judges.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games import find_game
from games.ai import Agent, make_agent
from games.ai.judge.base import Chances, Judge, result_shares
from games.ai.judge.keys import GAME_OF, OPTIONS_OF
from games.ai.judge.levels import ITERATIONS, MIX, Mix
from games.base import GameState
from games.playout import exact_chance

PLY_CAP: Final = 3000
"""Steps after which a self-play match is abandoned and left out (it has no result to learn from)."""
BINS: Final = 10
BOOTSTRAP: Final = 400
"""Resamplings of the matches for the reliability table's intervals."""

Moment = Callable[[GameState], bool]


@dataclass(slots=True)
class Played:
    """One self-play match: the positions at the moment, the final shares, the seats' levels."""

    positions: list[GameState] = field(default_factory=list)
    result: Chances = ()
    levels: tuple[str, ...] = ()


def moment_of(judge: Judge) -> Moment | None:
    """The moment ``judge`` is fitted at, when it declares one."""
    moment: Moment | None = getattr(judge, "moment", None)
    return moment


def mixed_agents(game_id: str, players: int, rng: random.Random, mix: Mix = MIX) -> tuple[tuple[str, ...], list[Agent]]:
    """A level per seat drawn from ``mix`` (default :data:`MIX`), and the agents that play them."""
    names = [name for name, _ in mix]
    weights = [w for _, w in mix]
    levels = tuple(rng.choices(names, weights=weights)[0] for _ in range(players))
    agents = [make_agent(game_id, level, iterations=ITERATIONS.get(level), players=players) for level in levels]
    return levels, agents


def opening_of(judge: object) -> int:
    """How many of each seat's first decisions ``judge``'s self-play draws at random (its ``opening``; 0
    when it declares none)."""
    opening: int = getattr(judge, "opening", 0)
    return opening


def play(
    key: str,
    seed: str,
    moment: Moment | None,
    players: int = 2,
    ply_cap: int = PLY_CAP,
    mix: Mix = MIX,
    opening: int = 0,
    decisions: list[tuple[GameState, Any]] | None = None,
    swapped: bool = False,
) -> Played | None:
    """One seeded match of ``key``'s game between levels drawn from ``mix``, its positions at ``moment``
    (None: the first decision of each seat's turn) and its result; None when ``ply_cap`` steps bring no
    result. Each seat's first ``opening`` decisions are drawn at random among its legal moves (a game whose
    searching levels play deterministically and ignore the draws would otherwise repeat a few matches).
    ``decisions``, when given, receives every decision of the match: the state it was made in and the move.
    ``swapped``: the seed's levels sit in the reverse seat order, each with its own move stream (the chance
    and opening streams stay the seed's), so a seed and its swap play one draw of levels in both colours."""
    game_id = GAME_OF[key]
    info = find_game(game_id)
    state = info.new(players, info.validate_options(OPTIONS_OF[key]))
    levels, agents = mixed_agents(game_id, players, random.Random(f"{seed}:levels"), mix)
    chance_rng = random.Random(f"{seed}:chance")
    rngs = [random.Random(f"{seed}:seat:{s}") for s in range(players)]
    if swapped:
        levels, agents, rngs = levels[::-1], agents[::-1], rngs[::-1]
    opening_rng = random.Random(f"{seed}:opening")
    opened = [0] * players
    played = Played(levels=levels)
    last = None
    for _ in range(min(ply_cap, info.max_plies)):
        if state.outcome() is not None:
            break
        if state.is_chance():
            if moment is not None and moment(state):
                played.positions.append(state)
            state = state.apply(exact_chance(state, chance_rng))
            continue
        seat = state.actors()[0]
        if moment(state) if moment is not None else seat != last:
            played.positions.append(state)
        last = seat
        if opened[seat] < opening:
            opened[seat] += 1
            move = opening_rng.choice(state.legal_moves(seat))
        else:
            move = agents[seat].choose(state.view_for(seat), state.legal_moves(seat), rngs[seat])
        if decisions is not None:
            decisions.append((state, move))
        state = state.apply(move)
    result = result_shares(state)
    if result is None:
        return None
    played.result = result
    return played


def self_play(
    key: str,
    matches: int,
    seed: int,
    moment: Moment | None,
    space: str,
    players: int | Sequence[int] = 2,
    mix: Mix = MIX,
    opening: int = 0,
    both_colours: bool = False,
) -> list[Played]:
    """``matches`` seeded matches (seeds ``{space}:{key}:{seed}:{k}``); those left out are not replaced.
    ``players`` is a table size, or several the matches cycle through (match ``k`` at size ``k mod len``);
    ``opening``: see :func:`play`. ``both_colours``: match ``k`` plays seed ``k // 2``, the odd ones with
    its levels' seats swapped (:func:`play`), so every drawn pair of levels sits both ways round."""
    sizes = (players,) if isinstance(players, int) else tuple(players)
    found = []
    for k in range(matches):
        index, swapped = divmod(k, 2) if both_colours else (k, 0)
        seed_text = f"{space}:{key}:{seed}:{index}"
        size = sizes[index % len(sizes)]
        played = play(key, seed_text, moment, size, mix=mix, opening=opening, swapped=bool(swapped))
        if played is not None:
            found.append(played)
    return found


def seeds_label(space: str, key: str, seed: int, matches: int, both_colours: bool = False) -> str:
    """The seeds of :func:`self_play`'s ``matches`` matches, as the fits and the bench record them."""
    if both_colours:
        return f"{space}:{key}:{seed}:0..{(matches + 1) // 2 - 1}, each in both colours"
    return f"{space}:{key}:{seed}:0..{matches - 1}"


def both_colours_of(judge: object) -> bool:
    """Whether ``judge``'s self-play plays every drawn pair of levels in both colours (its ``both_colours``;
    False when it declares none)."""
    both: bool = getattr(judge, "both_colours", False)
    return both


@dataclass(frozen=True, slots=True)
class Judged:
    """One match as a judge saw it: its chances at each moment, and the final shares."""

    chances: tuple[Chances, ...]
    result: Chances


def judge_matches(judge: Judge, matches: Sequence[Played]) -> list[Judged]:
    """``judge``'s chances at every position of every match."""
    return [Judged(tuple(judge.win_chances(s) for s in m.positions), m.result) for m in matches]


def _pairs(judged: Sequence[Judged]) -> list[tuple[float, float]]:
    """(predicted, observed) of every prediction counted (see the module docstring)."""
    pairs: list[tuple[float, float]] = []
    for m in judged:
        seats = range(1) if len(m.result) == 2 else range(len(m.result))
        for c in m.chances:
            pairs.extend((c[s], m.result[s]) for s in seats)
    return pairs


def brier(judged: Sequence[Judged]) -> float:
    """The mean over positions of ``Σ_s (chance_s − share_s)²``."""
    total = count = 0.0
    for m in judged:
        for c in m.chances:
            total += sum((p - y) ** 2 for p, y in zip(c, m.result, strict=True))
            count += 1
    return total / max(1.0, count)


def brier_constant(judged: Sequence[Judged]) -> float:
    """The Brier score of the constant forecast: every seat's observed share over all positions."""
    rows = [(c, m.result) for m in judged for c in m.chances]
    if not rows:
        return 0.0
    seats = len(rows[0][1])
    base = [sum(y[s] for _, y in rows) / len(rows) for s in range(seats)]
    return sum(sum((base[s] - y[s]) ** 2 for s in range(seats)) for _, y in rows) / len(rows)


def skill(score: float, reference: float) -> float:
    """The Brier skill ``1 − score / reference`` (0: no better than the reference)."""
    return 1.0 - score / reference if reference > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Bin:
    """One row of the reliability table: predictions in [low, high)."""

    low: float
    high: float
    count: int
    predicted: float
    observed: float
    interval: tuple[float, float]
    """The observed frequency's bootstrap 90 % interval over matches."""


def reliability(judged: Sequence[Judged], rng: random.Random, boot: int = BOOTSTRAP) -> list[Bin]:
    """The reliability table in :data:`BINS` equal bins of the predicted chance."""
    per_match = []
    for m in judged:
        sums = [[0.0, 0.0, 0.0] for _ in range(BINS)]
        for p, y in _pairs([m]):
            row = sums[min(BINS - 1, int(p * BINS))]
            row[0] += 1
            row[1] += p
            row[2] += y
        per_match.append(sums)
    totals = [[sum(s[b][i] for s in per_match) for i in range(3)] for b in range(BINS)]
    draws: list[list[float]] = [[] for _ in range(BINS)]
    n = len(per_match)
    for _ in range(boot if n else 0):
        picked = [per_match[rng.randrange(n)] for _ in range(n)]
        for b in range(BINS):
            drawn = sum(s[b][0] for s in picked)
            if drawn:
                draws[b].append(sum(s[b][2] for s in picked) / drawn)
    table = []
    for b, (total, predicted, observed) in enumerate(totals):
        d = sorted(draws[b])
        interval = (d[int(0.05 * len(d))], d[min(len(d) - 1, int(0.95 * len(d)))]) if d else (0.0, 0.0)
        c = int(total)
        table.append(
            Bin(b / BINS, (b + 1) / BINS, c, predicted / c if c else 0.0, observed / c if c else 0.0, interval)
        )
    return table


def _log_likelihood(judged: Sequence[Judged], scale: float) -> float:
    total = 0.0
    for m in judged:
        for c in m.chances:
            logs = [scale * math.log(min(1 - 1e-9, max(1e-9, p))) for p in c]
            top = max(logs)
            norm = top + math.log(sum(math.exp(v - top) for v in logs))
            total += sum(y * (v - norm) for v, y in zip(logs, m.result, strict=True))
    return total


def best_scale(judged: Sequence[Judged], low: float = 0.05, high: float = 6.0) -> float:
    """The factor ``a`` on the log-odds (``softmax_s(a · log p_s)``) that makes the chances most likely:
    above 1 the judge is too timid, below 1 overconfident (golden-section search)."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    for _ in range(40):
        x1, x2 = b - ratio * (b - a), a + ratio * (b - a)
        if _log_likelihood(judged, x1) < _log_likelihood(judged, x2):
            a = x1
        else:
            b = x2
    return (a + b) / 2


def lag1(judged: Sequence[Judged], seat: int = 0) -> float:
    """The correlation of successive changes of ``seat``'s chance from moment to moment (the final result
    counted as the last point): 0 for a consistent forecaster, negative when the chart saws."""
    xs: list[float] = []
    ys: list[float] = []
    for m in judged:
        series = [c[seat] for c in m.chances] + [m.result[seat]]
        changes = [b - a for a, b in itertools.pairwise(series)]
        xs.extend(changes[:-1])
        ys.extend(changes[1:])
    if len(xs) < 2:
        return 0.0
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    vx = sum((x - mx) ** 2 for x in xs)
    vy = sum((y - my) ** 2 for y in ys)
    return cov / math.sqrt(vx * vy) if vx > 0 and vy > 0 else 0.0
