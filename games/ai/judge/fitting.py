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
from games.ai.judge.calibration import ITERATIONS, MIX, PLY_CAP, Mix, Played, self_play
from games.ai.judge.linear import LinearJudge

RIDGE: Final = 1e-3
"""The ridge on the weights (per position), which only keeps Newton's steps well defined."""
SEED_SPACE: Final = "judge-fit"
"""The prefix of every fitting seed; ``bench/bench_judge.py`` draws its matches from another space."""


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


def fit(judge: LinearJudge, matches: int, seed: int) -> dict[str, Any]:
    """Self-play, fit and the parameters to write for ``judge`` (see the module docstring)."""
    played = self_play(judge.key, matches, seed, judge.moment, SEED_SPACE, judge.tables, mix_of(judge))
    return fit_played(judge, played, matches, seed)


def fit_played(judge: LinearJudge, played: Sequence[Played], matches: int, seed: int) -> dict[str, Any]:
    """The fit of ``judge`` to the self-play ``played`` (``matches`` played from ``seed``: see :func:`fit`)."""
    blocks = design(judge, played)
    ridge = RIDGE if judge.ridge is None else judge.ridge
    w = fit_tables(blocks, ridge)
    positions = sum(int(x.shape[0]) for x, _ in blocks)
    mix = ", ".join(f"{name} {weight}" for name, weight in mix_of(judge))
    return {
        "key": judge.key,
        "describe": (
            f"logistic regression on {len(judge.names)} features, fitted to {positions:,} positions"
            f" of {len(played):,} self-play matches"
        ),
        "method": (
            "maximum likelihood of the softmax over the seats of w·features (Newton, ridge"
            f" {ridge:g} per position); positions at the judge's moment of every turn, labelled with the"
            " match's final shares"
        ),
        "features": list(judge.names),
        "weights": [round(float(v), 6) for v in w],
        "seeds": f"{SEED_SPACE}:{judge.key}:{seed}:0..{matches - 1}",
        "matches_played": matches,
        "matches_used": len(played),
        "positions": positions,
        "mix": f"levels per seat drawn with weights {mix}; searching levels at depth {ITERATIONS}",
        "tables": list(judge.tables),
        "ply_cap": PLY_CAP,
        "date": datetime.now(UTC).date().isoformat(),
        "figures": figures(blocks, w),
    }


def write(data: dict[str, Any]) -> str:
    """Write ``data/judge/<key>.json`` and forget the cached parameters; the path written."""
    path = params.path_of(str(data["key"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    params.forget()
    return str(path)
