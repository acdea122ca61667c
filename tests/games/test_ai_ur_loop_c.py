"""The C rules of ``bench/ur_v1_rollouts.c`` (the rollout experiment) are ``ur_loop``'s: same moves, same
evaluation, along random games. Skipped where no C compiler is installed."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from games.ai import ur_loop

SOURCE = Path(__file__).resolve().parents[2] / "bench" / "ur_v1_rollouts.c"
COMPILER = shutil.which("cc") or shutil.which("gcc")


def _positions(games: int, seed: int) -> list[tuple[ur_loop.Side, ur_loop.Side, int]]:
    """Positions met along random games on the compact rules: (side to move, other side, roll)."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        sides: list[ur_loop.Side] = [(0,) * ur_loop.PIECES, (0,) * ur_loop.PIECES]
        turn = 0
        while True:
            roll = rng.choice((0, 0, 0, 1, 1, 1, 4, 5))
            options = ur_loop.moves(sides[turn], sides[1 - turn], roll) if roll else []
            found.append((sides[turn], sides[1 - turn], roll))
            if options:
                frm, to = rng.choice(options)
                sides[turn], sides[1 - turn] = ur_loop.play(sides[turn], sides[1 - turn], frm, to)
                if sides[turn][0] == ur_loop.OFF:
                    break
            if roll < 4:
                turn = 1 - turn
    return found


@pytest.mark.skipif(COMPILER is None, reason="no C compiler")
def test_the_c_experiment_plays_by_the_same_rules_and_evaluation(tmp_path: Path) -> None:
    assert COMPILER is not None
    program = tmp_path / "ur_v1_rollouts"
    subprocess.run([COMPILER, "-O2", "-o", str(program), str(SOURCE), "-lm"], check=True)
    positions = _positions(8, seed=3)
    text = "".join(" ".join(map(str, (*mine, *theirs, roll))) + "\n" for mine, theirs, roll in positions)
    lines = subprocess.run([str(program), "moves"], input=text, capture_output=True, text=True, check=True)
    answers = lines.stdout.splitlines()
    assert len(answers) == len(positions) > 1000
    for (mine, theirs, roll), answer in zip(positions, answers, strict=True):
        value, *moves = answer.split()
        assert float(value) == pytest.approx(ur_loop.evaluate(mine, theirs), abs=1e-9)
        expected = ur_loop.moves(mine, theirs, roll) if roll else []
        assert [tuple(map(int, m.split("-"))) for m in moves] == expected
