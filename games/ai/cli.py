"""``python -m games.ai``: duels between AI levels (:mod:`games.ai.duel`) and refitting a judge.

``python -m games.ai fit KEY [--matches N] [--seed S]`` refits the judge ``KEY`` (``ur-race``, ...) and
writes ``data/judge/KEY.json`` (:mod:`games.ai.judge.fitting`; needs numpy, from the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from games.ai import duel
from games.ai.judge import JUDGES
from games.ai.judge.fitting import fit, write
from games.ai.judge.linear import LinearJudge

FIT_MATCHES = 2000
"""Self-play matches of a refit by default."""


def fit_main(argv: Sequence[str]) -> int:
    """``fit KEY [--matches N] [--seed S]``: refit one judge and write its parameters."""
    parser = argparse.ArgumentParser(prog="python -m games.ai fit", description="Refit one judge to self-play.")
    fittable = sorted(k for k, j in JUDGES.items() if isinstance(j, LinearJudge))
    parser.add_argument("key", choices=fittable)
    parser.add_argument("--matches", type=int, default=FIT_MATCHES)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    judge = JUDGES[args.key]
    assert isinstance(judge, LinearJudge)
    started = time.process_time()
    data = fit(judge, args.matches, args.seed)
    path = write(data)
    print(f"{args.key}: {data['describe']} (seeds {data['seeds']}) in {time.process_time() - started:.0f} s of CPU")
    print(f"weights {dict(zip(data['features'], data['weights'], strict=True))}")
    print(f"figures {data['figures']}; written to {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch ``fit`` to :func:`fit_main` and everything else to :func:`games.ai.duel.main`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "fit":
        return fit_main(args[1:])
    return duel.main(args)
