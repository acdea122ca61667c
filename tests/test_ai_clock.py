"""The clock rule of the strong Ur search (games/ai/search.py, issue 35): the clock is read at every leaf and
node, a depth it cuts is thrown away, the first depth may finish up to its limit, and a long wait seen
brings the stop forward. Nothing here is timed: the clocks are fakes that step and jump on cue."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.ai import SearchAgent
from games.ai.odds import judged
from games.ai.search import Budget, Deepening, expectiminimax
from games.ai.ur import HARD_SECONDS
from games.ai.ur_motifs import wary
from games.base import GameState, Seat
from games.ur import motifs

# Seat 1 to play a 2. Judged as they stand, C4-A4 is best; one throw and the reply deep (depth 1) and
# at depth 2, C3-C1; at depth 3, C4-A4 again.
POSITION = "v3 0r:A3r,B2b,B5r,C7r,C8r 1r:B3b,B4r,C2r,C3r,C4r 1 2"
SEAT = 1


class FakeClock:
    """A clock that reads ``step`` seconds later at each reading, and jumps when told."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.jumped = False

    def __call__(self) -> float:
        self.now += self.step
        return self.now

    def jump(self, seconds: float) -> None:
        self.now += seconds
        self.jumped = True


class Leaves:
    """The strong level's evaluation of Variante 3's moves, counting its calls; it jumps a clock at a
    given call and counts the leaves judged after."""

    def __init__(self, clock: FakeClock | None = None, at: int = 0, seconds: float = 0.0) -> None:
        self.judge = wary(judged("ur", 2))
        self.calls = 0
        self.after_jump = 0
        self.clock, self.at, self.seconds = clock, at, seconds

    def __call__(self, state: GameState, seat: Seat) -> float:
        self.calls += 1
        if self.clock is not None:
            if self.clock.jumped:
                self.after_jump += 1
            elif self.calls == self.at:
                self.clock.jump(self.seconds)
        return self.judge(state, seat)


def search(budget: Budget, evaluate: Callable[[GameState, Seat], float], limit: float | None = None) -> str:
    state = motifs.from_text(POSITION)
    moves = list(state.legal_moves(SEAT))
    return state.format_move(expectiminimax(state, SEAT, moves, evaluate, budget, limit=limit))


def calls_to_depth(depth: int) -> int:
    """The evaluations a clock-free search makes to finish ``depth`` (the moves judged as they stand first)."""
    leaves = Leaves()
    search(Budget(seconds=None, iterations=depth + 1), leaves)
    return leaves.calls


def test_the_position_tells_the_depths_apart() -> None:
    assert [search(Budget(seconds=None, iterations=i), Leaves()) for i in (1, 2, 3, 4)] == [
        "C4-A4",
        "C3-C1",
        "C3-C1",
        "C4-A4",
    ]


def test_a_depth_the_clock_cuts_is_thrown_away_and_no_leaf_is_judged_after() -> None:
    """The clock jumps past the deadline while the third depth judges its leaves: the answer is the second
    depth's move (not the third's), and the search judges no leaf once the clock has passed."""
    clock = FakeClock(step=1e-6)
    leaves = Leaves(clock, at=calls_to_depth(2) + 5, seconds=10.0)
    log: list[Deepening] = []
    move = search(Budget(seconds=0.8, clock=clock, record=log.append), leaves, limit=0.95)
    assert move == "C3-C1"
    assert leaves.after_jump == 0
    (record,) = log
    assert (len(record.depths), record.stopped) == (2, 3)


def test_the_first_depth_finishes_past_the_budget_up_to_its_limit() -> None:
    """A budget of a millisecond, the first depth's limit 0.95 s: the first depth runs past the budget and
    gives its move (one throw and the reply deep), and no second depth begins."""
    clock = FakeClock(step=1e-5)
    log: list[Deepening] = []
    move = search(Budget(seconds=0.001, clock=clock, record=log.append), Leaves(), limit=0.95)
    (record,) = log
    assert record.depths[0] > 0.001
    assert (len(record.depths), record.stopped) == (1, 2)
    assert move == "C3-C1"


def test_past_its_limit_even_the_first_depth_stops_and_the_moves_are_judged_as_they_stand() -> None:
    clock = FakeClock(step=1e-6)
    leaves = Leaves(clock, at=calls_to_depth(0) + 5, seconds=10.0)
    log: list[Deepening] = []
    move = search(Budget(seconds=0.8, clock=clock, record=log.append), leaves, limit=0.95)
    assert move == "C4-A4"
    assert leaves.after_jump == 0
    (record,) = log
    assert (record.depths, record.stopped) == ((), 1)


def test_a_long_wait_brings_the_stop_forward() -> None:
    """A wait of 0.3 s early in the search (a loaded machine kept it off its cores): the search stops once
    another such wait would pass its 0.8 s deadline, so the decision ends ahead of it, not 0.3 s past."""
    clock = FakeClock(step=1e-4)
    leaves = Leaves(clock, at=calls_to_depth(0) + 3, seconds=0.3)
    log: list[Deepening] = []
    search(Budget(seconds=0.8, clock=clock, record=log.append), leaves, limit=0.95)
    (record,) = log
    assert record.stopped > 1
    assert record.widest >= 0.3
    assert record.late < 0
    assert 0.5 < record.elapsed < 0.8


def test_the_strong_agent_searches_variante_3_by_the_clock_rule() -> None:
    """Through the agent: the clock jumps ten seconds at its hundredth reading; the search stops, says its
    first depth's limit, and answers a legal move."""
    state = motifs.from_text(POSITION)
    ticks = FakeClock(step=1e-6)

    def clock() -> float:
        if not ticks.jumped and ticks.now > 100e-6:
            ticks.jump(10.0)
        return ticks()

    log: list[Deepening] = []
    agent = SearchAgent("ur", "strong", Budget(seconds=0.8, clock=clock, record=log.append))
    moves = list(state.legal_moves(SEAT))
    assert agent.choose(state.view_for(SEAT), moves, random.Random(1)) in moves
    (record,) = log
    assert record.limit == HARD_SECONDS
    assert record.stopped > 0


def test_without_a_clock_nothing_is_read_or_recorded() -> None:
    def clock() -> float:
        raise AssertionError("a clock-free search read the clock")

    log: list[Deepening] = []
    assert search(Budget(seconds=None, iterations=3, clock=clock, record=log.append), Leaves()) == "C3-C1"
    assert log == []
