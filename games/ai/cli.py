"""``python -m games.ai``: duels between AI levels (:mod:`games.ai.duel`) and refitting a judge.

``python -m games.ai fit KEY [--matches N] [--seed S]`` refits the judge ``KEY`` (``ur-race``, ...) and
writes ``data/judge/KEY.json`` (:mod:`games.ai.judge.fitting`; needs numpy, from the ``bench`` extra);
with ``--calibrate`` it keeps the weights and fits the judge's last map on held-out matches (seed 2 by
default).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from games.ai import duel
from games.ai.judge import JUDGES
from games.ai.judge.fitting import CALIBRATION_SEED, calibrate, fit, write
from games.ai.judge.linear import LinearJudge

FIT_MATCHES = 2000
"""Self-play matches of a refit by default."""
CALIBRATION_MATCHES = 500
"""Held-out self-play matches of a calibration by default."""


def fit_main(argv: Sequence[str]) -> int:
    """``fit KEY [--matches N] [--seed S] [--calibrate]``: refit one judge (or only its last map) and write
    its parameters."""
    parser = argparse.ArgumentParser(prog="python -m games.ai fit", description="Refit one judge to self-play.")
    fittable = sorted(k for k, j in JUDGES.items() if isinstance(j, LinearJudge))
    parser.add_argument("key", choices=fittable)
    parser.add_argument(
        "--matches", type=int, default=None, help=f"default {FIT_MATCHES}, calibrating {CALIBRATION_MATCHES}"
    )
    parser.add_argument("--seed", type=int, default=None, help=f"default 1, calibrating {CALIBRATION_SEED}")
    parser.add_argument(
        "--calibrate", action="store_true", help="keep the weights, fit the last map on held-out matches"
    )
    args = parser.parse_args(argv)
    judge = JUDGES[args.key]
    assert isinstance(judge, LinearJudge)
    started = time.process_time()
    if args.calibrate:
        matches = args.matches or CALIBRATION_MATCHES
        data = calibrate(judge, matches, CALIBRATION_SEED if args.seed is None else args.seed)
    else:
        data = fit(judge, args.matches or FIT_MATCHES, 1 if args.seed is None else args.seed)
    path = write(data)
    print(f"{args.key}: {data['describe']} (version {data['version']}) in {time.process_time() - started:.0f} s of CPU")
    print(f"weights {dict(zip(data['features'], data['weights'], strict=True))} (seeds {data['seeds']})")
    if args.calibrate:
        held = data["calibration_fit"]
        print(f"map {data['calibration']} (seeds {held['seeds']}); {held['figures']}")
    print(f"figures {data['figures']}; written to {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch ``fit`` to :func:`fit_main` and everything else to :func:`games.ai.duel.main`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "fit":
        return fit_main(args[1:])
    return duel.main(args)
