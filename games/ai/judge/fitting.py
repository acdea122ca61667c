"""Refitting a judge: seeded self-play, positions at one moment of every turn, a fitter, the JSON writer.

``python -m games.ai fit KEY [--matches N] [--seed S]`` plays ``N`` seeded matches of the judge's game and
rule set between AI levels drawn per seat from :data:`MIX`, keeps every position at the judge's moment
(Ur: before each throw) labelled with the match's final result, fits the weights of a
:class:`~games.ai.judge.linear.LinearJudge` by maximum likelihood (Newton's method on the softmax over the
seats, a light ridge :data:`RIDGE`), and writes ``data/judge/<key>.json`` with the method, seeds, sample
sizes, date and the fit's own figures. It never runs at start-up or in a request; numpy (the ``bench`` and
``test`` extras) is needed here only, never by the judges themselves.

``python -m games.ai fit KEY --calibrate [--matches N] [--seed S]`` keeps the weights and fits the judge's
last map (:class:`~games.ai.judge.logit_map.LogitMap`) on matches the weights never saw (the same space,
another seed; the levels of the judge's ``calibration_mix`` when it declares one): for two seats an odd
piecewise-linear map of the log-odds with slopes ≥ 0, for more seats a temperature per table size, both by
maximum likelihood. A refit of the weights drops the map (it was fitted to the old weights' scores);
calibrate again after it.

The self-play is :func:`games.ai.judge.calibration.self_play`'s: the searching levels play on a fixed
depth rather than a clock, so a refit with the same seed gives the same positions on any machine, and a
match that reaches the step cap is left out (the judge is fitted to results, and it has none).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final

import numpy as np

from games.ai.judge import params
from games.ai.judge.base import linear_scores, players_of
from games.ai.judge.calibration import PLY_CAP, Played, both_colours_of, opening_of, seeds_label, self_play
from games.ai.judge.levels import ITERATIONS, MIX, Mix
from games.ai.judge.linear import LinearJudge
from games.ai.judge.logit_map import KNOTS, LogitMap, segments

RIDGE: Final = 1e-3
"""The ridge on the weights (per position), which only keeps Newton's steps well defined."""
SEED_SPACE: Final = "judge-fit"
"""The prefix of every fitting seed; ``bench/bench_judge.py`` draws its matches from another space."""
CALIBRATION_SEED: Final = 2
"""The seed of the held-out matches the last map is fitted on by default (the weights' is 1)."""
MAP_PRIOR: Final = 1.0
"""Per held-out match: how strongly the two-seat map's common slope (the best single factor on the
log-odds) is held toward 1, and each segment's slope toward the common one. The positions of a match share
its result, so the matches, not the positions, say how far the data can be trusted: a few matches leave the
map near the identity, and a segment the matches hardly reach keeps the common slope."""
SLOPE_FLOOR: Final = 0.02
"""The least slope of a segment: the map stays strictly increasing."""


def design(judge: LinearJudge, matches: Sequence[Played]) -> list[tuple[Any, Any]]:
    """Per table size: the features ``X[n, seat, feature]`` and shares ``Y[n, seat]`` of every position."""
    rows: dict[int, list[list[Sequence[float]]]] = {}
    labels: dict[int, list[Sequence[float]]] = {}
    for played in matches:
        for state in played.positions:
            players = players_of(state)
            rows.setdefault(players, []).append([judge.features(state, s) for s in range(players)])
            labels.setdefault(players, []).append(played.result)
    return [(np.asarray(rows[n], dtype=float), np.asarray(labels[n], dtype=float)) for n in sorted(rows)]


def fit_softmax(x: Any, y: Any, ridge: float = RIDGE, steps: int = 50) -> Any:
    """The weights ``w`` maximising ``Σ_n Σ_s y[n,s] · log softmax_s(x[n,s] · w)`` less a ridge, by Newton."""
    return fit_tables([(x, y)], ridge, steps)


def fit_tables(blocks: Sequence[tuple[Any, Any]], ridge: float = RIDGE, steps: int = 50) -> Any:
    """:func:`fit_softmax` over positions of several table sizes at once, one ``(X, Y)`` block per size
    (a softmax over each position's own seats, one weight vector for all)."""
    n = sum(x.shape[0] for x, _ in blocks)
    d = blocks[0][0].shape[2]
    w = np.zeros(d)
    for _ in range(steps):
        grad = -ridge * n * w
        hessian = ridge * n * np.eye(d)
        for x, y in blocks:
            scores = x @ w
            scores -= scores.max(axis=1, keepdims=True)
            p = np.exp(scores)
            p /= p.sum(axis=1, keepdims=True)
            mean = np.einsum("ns,nsd->nd", p, x)
            grad = grad + np.einsum("ns,nsd->d", y - p, x)
            hessian = hessian + np.einsum("ns,nsd,nse->de", p, x, x) - np.einsum("nd,ne->de", mean, mean)
        step = np.linalg.solve(hessian, grad)
        w = w + step
        if np.abs(step).max() < 1e-9:
            break
    return w


def figures(blocks: Sequence[tuple[Any, Any]], w: Any) -> dict[str, float]:
    """The fit's own figures on its sample: log-loss, Brier score (every seat), and the constant's Brier."""
    loss = brier = constant = 0.0
    n = 0
    for x, y in blocks:
        scores = x @ w
        scores -= scores.max(axis=1, keepdims=True)
        p = np.exp(scores)
        p /= p.sum(axis=1, keepdims=True)
        loss += float(-(y * np.log(np.clip(p, 1e-12, 1))).sum())
        brier += float(((p - y) ** 2).sum())
        constant += float(((y.mean(axis=0) - y) ** 2).sum())
        n += x.shape[0]
    return {"log_loss": round(loss / n, 5), "brier": round(brier / n, 5), "brier_constant": round(constant / n, 5)}


def mix_of(judge: LinearJudge) -> Mix:
    """The levels ``judge`` is fitted on: its own ``mix`` when it declares one (a game whose searching
    levels are too dear for the whole mix), else :data:`MIX`."""
    mix: Mix = getattr(judge, "mix", MIX)
    return mix


def calibration_mix_of(judge: LinearJudge) -> Mix:
    """The levels ``judge``'s last map is fitted on: its own ``calibration_mix`` when it declares one (a
    judge whose weights are fitted on a cheaper mix than the bench reads its chances against), else the
    weights' own (:func:`mix_of`)."""
    mix: Mix = getattr(judge, "calibration_mix", None) or mix_of(judge)
    return mix


def fit(judge: LinearJudge, matches: int, seed: int) -> dict[str, Any]:
    """Self-play, fit and the parameters to write for ``judge`` (see the module docstring)."""
    return fit_played(judge, judge_self_play(judge, matches, seed, mix_of(judge)), matches, seed)


def judge_self_play(judge: LinearJudge, matches: int, seed: int, mix: Mix) -> list[Played]:
    """``judge``'s self-play of ``matches`` matches from ``seed`` between the levels of ``mix``, as the fit and the
    calibration both play it: its moment, tables, opening and colours."""
    return self_play(
        judge.key,
        matches,
        seed,
        judge.moment,
        SEED_SPACE,
        judge.tables,
        mix,
        opening_of(judge),
        both_colours_of(judge),
    )


def fit_played(judge: LinearJudge, played: Sequence[Played], matches: int, seed: int) -> dict[str, Any]:
    """The fit of ``judge`` to the self-play ``played`` (``matches`` played from ``seed``: see :func:`fit`)."""
    blocks = design(judge, played)
    ridge = RIDGE if judge.ridge is None else judge.ridge
    w = fit_tables(blocks, ridge)
    positions = sum(int(x.shape[0]) for x, _ in blocks)
    mix = ", ".join(f"{name} {weight}" for name, weight in mix_of(judge))
    return with_version(
        {
            "key": judge.key,
            "describe": describe_of({"features": judge.names, "positions": positions, "matches_used": len(played)}),
            "method": (
                "maximum likelihood of the softmax over the seats of w·features (Newton, ridge"
                f" {ridge:g} per position); positions at the judge's moment of every turn, labelled with the"
                " match's final shares"
            ),
            "features": list(judge.names),
            "weights": [round(float(v), 6) for v in w],
            "seeds": seeds_label(SEED_SPACE, judge.key, seed, matches, both_colours_of(judge)),
            "matches_played": matches,
            "matches_used": len(played),
            "positions": positions,
            "mix": f"levels per seat drawn with weights {mix}; searching levels at depth {ITERATIONS}",
            "tables": list(judge.tables),
            "ply_cap": PLY_CAP,
            "date": datetime.now(UTC).date().isoformat(),
            "figures": figures(blocks, w),
        }
    )


def with_version(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its ``version`` (:func:`games.ai.judge.params.version_of`) set."""
    return {**data, "version": params.version_of(data)}


def fit_map(
    z: Any, y: Any, matches: int, knots: Sequence[float] = KNOTS, prior: float = MAP_PRIOR, steps: int = 60
) -> Any:
    """The slopes of the odd piecewise-linear map ``g`` (:class:`~games.ai.judge.logit_map.LogitMap`) of seat
    0's log-odds ``z`` to its result ``y`` over the positions of ``matches`` matches: first the one common
    slope ``a`` that fits best less ``prior·matches·(a − 1)²``, then the slopes maximising
    ``Σ y·log σ(g(z)) + (1 − y)·log σ(−g(z))`` less
    ``prior·matches·Σ(slope − a)²``, each held at :data:`SLOPE_FLOOR` or above (a slope that would fall below
    is fixed there and the others refitted)."""
    h = np.asarray([segments(float(v), knots) for v in z], dtype=float)
    y = np.asarray(y, dtype=float)
    common = _slopes(h.sum(axis=1, keepdims=True), y, np.ones(1), prior * matches, steps)[0]
    return _slopes(h, y, np.full(h.shape[1], common), prior * matches, steps)


def _slopes(h: Any, y: Any, centre: Any, strength: float, steps: int) -> Any:
    """Newton for the logistic regression of ``y`` on ``h`` (no intercept) with ``strength·Σ(s − centre)²``,
    every coefficient kept at :data:`SLOPE_FLOOR` or above. A step that would lower the penalised
    likelihood is halved until it does not: from slopes of 1, scores far more confident than the results
    (log-odds of ±6 where a match is drawn) sent a full step below zero and Newton on from there diverged."""
    d = h.shape[1]
    slopes = np.maximum(centre.astype(float), SLOPE_FLOOR)
    free = np.ones(d, dtype=bool)

    def objective(s: Any) -> float:
        z = h @ s
        fit = -(y * np.logaddexp(0.0, -z) + (1 - y) * np.logaddexp(0.0, z)).sum()
        return float(fit - strength / 2 * ((s - centre) ** 2).sum())

    for _ in range(d + 1):
        for _ in range(steps):
            p = 1 / (1 + np.exp(-(h @ slopes)))
            grad = h.T @ (y - p) - strength * (slopes - centre)
            hessian = (h * (p * (1 - p))[:, None]).T @ h + strength * np.eye(d)
            step = np.zeros(d)
            step[free] = np.linalg.solve(hessian[np.ix_(free, free)], grad[free])
            here = objective(slopes)
            while objective(slopes + step) < here and np.abs(step).max() >= 1e-10:
                step = step / 2
            slopes = slopes + step
            if np.abs(step).max() < 1e-10:
                break
        low = free & (slopes < SLOPE_FLOOR)
        if not low.any():
            break
        slopes[low] = SLOPE_FLOOR
        free &= ~low
    return slopes


def fit_temperature(x: Any, y: Any, matches: int = 0, prior: float = MAP_PRIOR, steps: int = 50) -> float:
    """The factor ``t`` maximising ``Σ_n Σ_s y[n,s] · log softmax_s(t · x[n,s])`` less
    ``prior·matches·(t − 1)² / 2`` (Newton from 1): over the positions of ``matches`` matches, held toward 1
    as the two-seat map's common slope is (a table size seen in few matches keeps a factor near 1)."""
    strength = prior * matches
    t = 1.0
    for _ in range(steps):
        scores = t * x
        scores = scores - scores.max(axis=1, keepdims=True)
        p = np.exp(scores)
        p /= p.sum(axis=1, keepdims=True)
        mean = (p * x).sum(axis=1)
        grad = float(((y - p) * x).sum()) - strength * (t - 1.0)
        curvature = float(((p * x * x).sum(axis=1) - mean * mean).sum()) + strength
        if curvature <= 0:
            break
        step = grad / curvature
        t = max(0.05, t + step)
        if abs(step) < 1e-10:
            break
    return t


def raw_scores(judge: LinearJudge, weights: Sequence[float], matches: Sequence[Played]) -> dict[int, tuple[Any, Any]]:
    """Per table size: the scores ``w·features`` before the map (``S[n, seat]``) and the shares ``Y[n, seat]``
    of every position of ``matches``."""
    rows: dict[int, list[list[float]]] = {}
    labels: dict[int, list[Sequence[float]]] = {}
    for played in matches:
        for state in played.positions:
            scores = linear_scores(weights, judge.features, state)
            rows.setdefault(len(scores), []).append(scores)
            labels.setdefault(len(scores), []).append(played.result)
    return {n: (np.asarray(rows[n], dtype=float), np.asarray(labels[n], dtype=float)) for n in sorted(rows)}


def map_of(judge: LinearJudge, weights: Sequence[float], matches: Sequence[Played]) -> LogitMap:
    """The last map of ``judge`` with ``weights``, fitted to the held-out ``matches``."""
    blocks = raw_scores(judge, weights, matches)
    slopes: tuple[float, ...] = ()
    temperatures: dict[int, float] = {}
    for n, (s, y) in blocks.items():
        count = sum(1 for m in matches if len(m.result) == n)
        if n == 2:
            slopes = tuple(float(v) for v in fit_map(s[:, 0] - s[:, 1], y[:, 0], count))
        else:
            temperatures[n] = fit_temperature(s, y, count)
    return LogitMap(KNOTS if slopes else (), slopes, temperatures)


def map_figures(mapping: LogitMap, blocks: dict[int, tuple[Any, Any]]) -> dict[str, float]:
    """The log-loss per position on the held-out matches before and after the map."""
    before = after = 0.0
    count = 0
    for s, y in blocks.values():
        for scores, shares in zip(s, y, strict=True):
            raw = LogitMap().chances([float(v) for v in scores])
            mapped = mapping.chances([float(v) for v in scores])
            before -= sum(float(v) * math.log(max(1e-12, c)) for v, c in zip(shares, raw, strict=True))
            after -= sum(float(v) * math.log(max(1e-12, c)) for v, c in zip(shares, mapped, strict=True))
            count += 1
    return {"log_loss_before": round(before / count, 5), "log_loss_after": round(after / count, 5)}


def calibrate(judge: LinearJudge, matches: int, seed: int = CALIBRATION_SEED) -> dict[str, Any]:
    """The shipped parameters of ``judge`` with a last map fitted to ``matches`` held-out self-play matches
    (seeds ``judge-fit:KEY:seed:k``, which must not be the weights' own).

    Raises:
        ValueError: ``judge`` has no weights yet, or ``seed`` is the one its weights were fitted with.
    """
    data = judge.parameters()
    if data is None:
        raise ValueError(f"{judge.key} has no weights to calibrate: fit it first")
    if str(data["seeds"]).startswith(f"{SEED_SPACE}:{judge.key}:{seed}:"):
        raise ValueError(f"seed {seed} is the one {judge.key}'s weights were fitted with: hold out another")
    return calibrated(judge, data, judge_self_play(judge, matches, seed, calibration_mix_of(judge)), matches, seed)


def calibrated(
    judge: LinearJudge, data: dict[str, Any], played: Sequence[Played], matches: int, seed: int
) -> dict[str, Any]:
    """``data`` with the last map fitted to the held-out ``played`` (``matches`` from ``seed``)."""
    weights = [float(w) for w in data["weights"]]
    mapping = map_of(judge, weights, played)
    blocks = raw_scores(judge, weights, played)
    positions = sum(int(s.shape[0]) for s, _ in blocks.values())
    fitted = {
        **data,
        "calibration": mapping.to_json(),
        "calibration_fit": {
            "method": (
                "two seats: an odd map of seat 0's log-odds, linear between the knots with slopes"
                f" >= {SLOPE_FLOOR:g} (held toward their best common slope, and it toward 1, by {MAP_PRIOR:g}"
                " per match); more seats: a temperature per table size (held toward 1 by the same per match);"
                " both by maximum likelihood on held-out matches"
            ),
            "seeds": seeds_label(SEED_SPACE, judge.key, seed, matches, both_colours_of(judge)),
            "matches_played": matches,
            "matches_used": len(played),
            "positions": positions,
            "mix": "levels per seat drawn with weights "
            + ", ".join(f"{name} {weight}" for name, weight in calibration_mix_of(judge))
            + f"; searching levels at depth {ITERATIONS}",
            "date": datetime.now(UTC).date().isoformat(),
            "figures": map_figures(mapping, blocks),
        },
    }
    fitted["describe"] = describe_of(fitted)
    return with_version(fitted)


def describe_of(data: dict[str, Any]) -> str:
    """The judge's one-line description, from what its parameters record."""
    described = (
        f"logistic regression on {len(data['features'])} features, fitted to {data['positions']:,} positions"
        f" of {data['matches_used']:,} self-play matches"
    )
    held = data.get("calibration_fit")
    if held:
        described += f", its chances calibrated on {held['matches_used']:,} further matches"
    return described


def write(data: dict[str, Any]) -> str:
    """Write ``data/judge/<key>.json`` and forget the cached parameters; the path written."""
    path = params.path_of(str(data["key"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    params.forget()
    return str(path)
