"""Refitting a judge: seeded self-play, positions at one moment of every turn, a fitter, the JSON writer.

``python -m games.ai fit KEY [--matches N] [--seed S]`` plays ``N`` seeded matches of the judge's game and
rule set between AI levels drawn per seat from :data:`MIX`, keeps every position at the judge's moment
(Ur: before each throw) labelled with the match's final result, fits the weights of a
:class:`~games.ai.judge.linear.LinearJudge` by maximum likelihood (Newton's method on the softmax over the
seats, a light ridge :data:`RIDGE`), and writes ``data/judge/<key>.json`` with the method, seeds, sample
sizes, date and the fit's own figures. It never runs at start-up or in a request; numpy (the ``bench`` and
``test`` extras) is needed here only, never by the judges themselves.

The self-play is :func:`games.ai.judge.calibration.self_play`'s: the searching levels play on a fixed
depth rather than a clock, so a refit with the same seed gives the same positions on any machine, and a
match that reaches the step cap is left out (the judge is fitted to results, and it has none).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final

import numpy as np

from games.ai.judge import params
from games.ai.judge.base import players_of
from games.ai.judge.calibration import ITERATIONS, MIX, PLY_CAP, Played, self_play
from games.ai.judge.linear import LinearJudge

RIDGE: Final = 1e-3
"""The ridge on the weights (per position), which only keeps Newton's steps well defined."""
SEED_SPACE: Final = "judge-fit"
"""The prefix of every fitting seed; ``bench/bench_judge.py`` draws its matches from another space."""


def design(judge: LinearJudge, matches: Sequence[Played]) -> tuple[Any, Any]:
    """The features ``X[n, seat, feature]`` and shares ``Y[n, seat]`` of every position (one table size)."""
    rows = []
    labels = []
    for played in matches:
        for state in played.positions:
            rows.append([judge.features(state, s) for s in range(players_of(state))])
            labels.append(played.result)
    return np.asarray(rows, dtype=float), np.asarray(labels, dtype=float)


def fit_softmax(x: Any, y: Any, ridge: float = RIDGE, steps: int = 50) -> Any:
    """The weights ``w`` maximising ``Σ_n Σ_s y[n,s] · log softmax_s(x[n,s] · w)`` less a ridge, by Newton."""
    n, _, d = x.shape
    w = np.zeros(d)
    for _ in range(steps):
        scores = x @ w
        scores -= scores.max(axis=1, keepdims=True)
        p = np.exp(scores)
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ns,nsd->nd", p, x)
        grad = np.einsum("ns,nsd->d", y - p, x) - ridge * n * w
        second = np.einsum("ns,nsd,nse->de", p, x, x) - np.einsum("nd,ne->de", mean, mean)
        hessian = second + ridge * n * np.eye(d)
        step = np.linalg.solve(hessian, grad)
        w = w + step
        if np.abs(step).max() < 1e-9:
            break
    return w


def figures(x: Any, y: Any, w: Any) -> dict[str, float]:
    """The fit's own figures on its sample: log-loss, Brier score (seat 0), and the constant's Brier."""
    scores = x @ w
    scores -= scores.max(axis=1, keepdims=True)
    p = np.exp(scores)
    p /= p.sum(axis=1, keepdims=True)
    loss = float(-(y * np.log(np.clip(p, 1e-12, 1))).sum(axis=1).mean())
    brier = float(((p - y) ** 2).sum(axis=1).mean())
    constant = float(((y.mean(axis=0) - y) ** 2).sum(axis=1).mean())
    return {"log_loss": round(loss, 5), "brier": round(brier, 5), "brier_constant": round(constant, 5)}


def fit(judge: LinearJudge, matches: int, seed: int) -> dict[str, Any]:
    """Self-play, fit and the parameters to write for ``judge`` (see the module docstring)."""
    return fit_played(judge, self_play(judge.key, matches, seed, judge.moment, SEED_SPACE), matches, seed)


def fit_played(judge: LinearJudge, played: Sequence[Played], matches: int, seed: int) -> dict[str, Any]:
    """The fit of ``judge`` to the self-play ``played`` (``matches`` played from ``seed``: see :func:`fit`)."""
    x, y = design(judge, played)
    w = fit_softmax(x, y)
    positions = int(x.shape[0])
    mix = ", ".join(f"{name} {weight}" for name, weight in MIX)
    return {
        "key": judge.key,
        "describe": (
            f"logistic regression on {len(judge.names)} features, fitted to {positions:,} positions"
            f" of {len(played):,} self-play matches"
        ),
        "method": (
            "maximum likelihood of the softmax over the seats of w·features (Newton, ridge"
            f" {RIDGE:g} per position); positions at the judge's moment of every turn, labelled with the"
            " match's final shares"
        ),
        "features": list(judge.names),
        "weights": [round(float(v), 6) for v in w],
        "seeds": f"{SEED_SPACE}:{judge.key}:{seed}:0..{matches - 1}",
        "matches_played": matches,
        "matches_used": len(played),
        "positions": positions,
        "mix": f"levels per seat drawn with weights {mix}; searching levels at depth {ITERATIONS}",
        "ply_cap": PLY_CAP,
        "date": datetime.now(UTC).date().isoformat(),
        "figures": figures(x, y, w),
    }


def write(data: dict[str, Any]) -> str:
    """Write ``data/judge/<key>.json`` and forget the cached parameters; the path written."""
    path = params.path_of(str(data["key"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    params.forget()
    return str(path)
