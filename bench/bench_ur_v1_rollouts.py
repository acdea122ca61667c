"""How far Variante 1 can go against ``random`` when each move is judged by whole games played out.

``python bench/bench_ur_v1_rollouts.py [--games 200] [--rollouts 1024] [--jobs 2]``

Compiles ``bench/ur_v1_rollouts.c`` (needs a C compiler: a decision here costs thousands of whole games,
far beyond Python) and plays seeded games in which seat 0 checks every move against the depth-0
``strong`` choice by playing the game out ``--rollouts`` times with the same dice, modelling the
opponent exactly as the uniform chooser it is, and seat 1 is ``random``. This is not an agent we can ship
(a decision takes seconds of C, and it knows its opponent plays at random); it shows what the dice
leave to skill: play this good exists, so the best possible result against ``random`` is at least
this. ``--policy greedy`` plays the depth-0 search alone (about 80 %), the base the rollouts improve
on. ``--model greedy`` plays the opponent in the rollouts as a sensible player rather than as what it
is, which shows how much of the gain is lookahead and how much is knowing the opponent.

About 5 minutes per 100 games and core with the defaults (4 times that with 4,096 rollouts). Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games.ai.duel import DuelResult

SOURCE = Path(__file__).resolve().parent / "ur_v1_rollouts.c"
RESULT = re.compile(r"(\d+) of (\d+) won, (\d+) captures")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rollouts", type=int, default=1024, help="games played out per move considered")
    parser.add_argument("--policy", choices=("rollouts", "greedy", "random"), default="rollouts")
    parser.add_argument("--jobs", type=int, default=2, help="processes (one per core)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--z", type=float, default=2.0, help="standard errors needed to overrule the search")
    parser.add_argument(
        "--model",
        choices=("random", "greedy"),
        default="random",
        help="how the rollouts play the opponent: as it is (random), or as a sensible player (greedy)",
    )
    args = parser.parse_args(argv)
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("needs a C compiler (cc or gcc)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        program = str(Path(tmp) / "ur_v1_rollouts")
        subprocess.run([compiler, "-O2", "-o", program, str(SOURCE), "-lm"], check=True)
        shares = [args.games // args.jobs + (j < args.games % args.jobs) for j in range(args.jobs)]
        started = time.perf_counter()
        runs = [
            subprocess.Popen(
                [
                    *(program, "play", str(n), args.policy, str(args.rollouts)),
                    *(str(args.seed * 1000 + j), str(args.z), args.model),
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
            for j, n in enumerate(shares)
            if n
        ]
        wins = games = captures = 0
        for run in runs:
            out, _ = run.communicate()
            found = RESULT.search(out)
            if run.returncode or not found:
                print(out, file=sys.stderr)
                return 1
            wins, games, captures = wins + int(found[1]), games + int(found[2]), captures + int(found[3])
        seconds = time.perf_counter() - started
    rate, low, high = DuelResult(matches=games, score_a=wins).interval()
    label = args.policy
    if args.policy == "rollouts":
        label += f" ({args.rollouts} per move, opponent played as {args.model}, z {args.z})"
    print(
        f"Variante 1, {label} against random: {wins} of {games} = {100 * rate:.1f} % "
        f"[{100 * low:.1f}-{100 * high:.1f}], "
        f"{captures / games:.2f} captures a game, {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
