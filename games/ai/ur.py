"""The Royal Game of Ur's AI (every rule set): expectiminimax over the dice with iterative deepening.

Variante 1 searches a compact copy of its rules (:mod:`games.ai.ur_loop`), judged by the turns each piece
has saved (fitted to the exact solo race: ``bench/bench_ur_v1.py``) and the pieces exposed to a hit on
B5-B7.

The other rule sets follow :func:`games.ai.search.expectiminimax`'s clock rule: the clock is read at every
leaf and node, a depth it cuts is thrown away, and the first depth may run 20 % past the budget, up to
:data:`HARD_SECONDS` (``bench/bench_ur_v3_clock.py`` logs each decision's depths and where its time went).
"""

from __future__ import annotations

from typing import Any, Final

from games.ai import ur_loop, ur_motifs, ur_placement
from games.ai.odds import baseline_judged
from games.ai.search import expectiminimax
from games.ai.strategy import Ask, Strategy
from games.ur import loop, motifs

HARD_SECONDS: Final = 0.95
"""A clocked decision's first depth (one throw and the reply) may run past its budget, but not past this:
its answer is the floor of the strong level's play, and under 1 s the decision stays within its target."""
FIRST_DEPTH_STRETCH: Final = 1.2
"""How far past its budget the first depth may run, as a multiple of it (at most :data:`HARD_SECONDS`), so
a small budget (a bench's 0.02 s, the bot tests' 0.01 s) stays small."""
LOOP_DEPTH: Final = {"normal": 1, "strong": 8}
"""Ur Variante 1: the most throws searched after the move (:mod:`games.ai.ur_loop`); ``strong`` deepens
until its clock runs out: about five throws at the full budget, three at 0.02 s. Deeper search barely
helps (``bench/bench_ur_v1_ceiling.py``): the dice decide most of what the evaluation does not."""


def search(ask: Ask) -> Any:
    """Variante 1 by its own search to :data:`LOOP_DEPTH`; the other rule sets by expectiminimax."""
    state = ask.sample()
    if isinstance(state, loop.State):
        depth = LOOP_DEPTH[ask.level]
        if ask.budget.iterations is not None:
            depth = min(depth, ask.budget.iterations)
        return ur_loop.choose_move(state, ask.seat, ask.moves, max_depth=depth, seconds=ask.budget.seconds)
    max_depth = 3 if ask.level == "normal" else 12
    evaluate = ask.evaluate
    if ask.level == "strong" and isinstance(state, motifs.State) and state.placing:
        # Variante 3's placement is searched with the baseline: the fitted judge counts a motif closed only
        # once the other side holds two of its squares, so a search two placements deep never saw a block
        # coming and every match between two strong AIs ended at the ninth placement (none with this).
        # Once its five pawns stand, the seat's first round is judged too (:func:`ur_motifs.placing`), and
        # a goal at the placement that no block can reach in time is won (:mod:`games.ai.ur_placement`).
        evaluate = ur_placement.racing(ur_motifs.placing(baseline_judged("ur")))
    elif ask.level == "strong" and isinstance(state, motifs.State):
        evaluate = ur_motifs.wary(evaluate)
    seconds = ask.budget.seconds
    limit = None if seconds is None else min(HARD_SECONDS, FIRST_DEPTH_STRETCH * seconds)
    return expectiminimax(state, ask.seat, ask.moves, evaluate, ask.budget, max_depth=max_depth, limit=limit)


STRATEGY: Final = Strategy(game_id="ur", search=search, easy_noise=0.08)
