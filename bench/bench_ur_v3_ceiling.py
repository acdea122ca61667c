"""Which of Variante 3's losses to ``random`` could any play have kept: ``python bench/bench_ur_v3_ceiling.py``.

Plays the seeded duel of ``strong`` (a fixed depth, clock-free) against ``random`` exactly as
``python bench/bench_ai.py --only ur:v3 --against random --seed S --iterations I`` does, and replays each
lost match with an oracle in the strong seat that knows the future: the match's throws come from the
generator seeded for it, drawn in the same order whatever is played, and ``random``'s choices from its own
seeded generator, so for any line of the strong seat's choices the rest of the match is known. The oracle
looks for a line that wins by limited-discrepancy search: first the strong level's own choices (the lost
match itself, a check), then lines that leave them once, twice, ..., each deviation taken in the order of
the search's own leaf evaluation, until ``--nodes`` of the strong seat's decisions have been tried.

Any other choice changes the legal moves ``random`` draws from, so its later choices change too: the
oracle may win by drawing the opponent's luck again. With ``--held`` the opponent plays its moves of the
lost match again instead, and a line that makes one of them illegal is not counted as a win: what is
saved then is saved by knowing the throws alone. ``--deeper I`` then asks, at the winning line's first
deviation, whether the strong level searching to iterations ``I`` there (the rest as before) would have
kept the match without knowing the future: ``deeper there: kept`` or ``lost``.

Each lost match is printed as ``saved by the moves`` (a winning line keeps every placement), ``saved by
the placement`` (it changes a placement), ``dice-bound`` (every line was tried: no play wins these throws
against these choices) or ``not found`` (the cap came first). The share of seeds the oracle wins is an
upper bound of what any player could win on them (it knows what no player can); a low share would mean a
target out of reach. This prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games import find_game
from games.ai import make_agent, ur_motifs
from games.ai.duel import DuelResult, parse_game, play_match
from games.ai.odds import baseline_judged, judged
from games.base import GameState, Seat
from games.playout import exact_chance
from games.ur import motifs

GAME = "ur:v3"


@dataclass(slots=True)
class Future:
    """A match's position with the generators that decide everything but the strong seat's choices."""

    state: GameState
    chance: random.Random
    other: random.Random
    said: int = 0
    """How many decisions the other seat has made."""
    strayed: bool = False
    """Whether the other seat left its moves of the lost match (one of them no longer legal)."""

    def copy(self, state: GameState) -> Future:
        """The same future from ``state`` (the generators copied, so a branch leaves them as they were)."""
        chance, other = random.Random(), random.Random()
        chance.setstate(self.chance.getstate())
        other.setstate(self.other.getstate())
        return Future(state, chance, other, self.said, self.strayed)


class Oracle:
    """The strong seat's winning line through one match, searched with the future known."""

    def __init__(self, seat: Seat, iterations: int, nodes: int) -> None:
        self.seat = seat
        self.strong = make_agent("ur", "strong", iterations=iterations)
        self.placing = baseline_judged("ur")
        self.moving = ur_motifs.wary(judged("ur", 2))
        self.nodes = nodes
        self.tried = 0
        self.cut = False
        self.pruned = False
        self.orders: dict[GameState, list[Any]] = {}
        self.played: list[Any] = []
        """The other seat's moves in the lost match, in order (recorded on its first replay)."""
        self.held = False
        self.strayed = False
        """Whether the last line ended with the other seat off its moves of the lost match."""
        """Whether the other seat replays its moves of the lost match wherever they are still legal."""
        self.line: list[tuple[int, bool, int, Future]] = []
        """The winning line's deviations, last first: (the strong seat's decision number, placing, rank,
        the future at that decision)."""

    def order(self, state: GameState) -> list[Any]:
        """The strong level's choice first, then the other moves by its leaf evaluation, best first."""
        known = self.orders.get(state)
        if known is not None:
            return known
        moves = list(state.legal_moves(self.seat))
        chosen = self.strong.choose(state.view_for(self.seat), moves, random.Random(0))
        assert isinstance(state, motifs.State)
        evaluate: Callable[[GameState, Seat], float] = self.placing if state.placing else self.moving
        rest = sorted((m for m in moves if m != chosen), key=lambda m: -evaluate(state.apply(m), self.seat))
        self.orders[state] = found = [chosen, *rest]
        return found

    def advance(self, future: Future) -> GameState:
        """Play chance and the other seat until the strong seat must choose or the match is over."""
        state = future.state
        while state.outcome() is None:
            if state.is_chance():
                state = state.apply(exact_chance(state, future.chance))
                continue
            seat = state.actors()[0]
            if seat == self.seat:
                break
            legal = list(state.legal_moves(seat))
            if self.held and future.said < len(self.played) and self.played[future.said] in legal:
                move = self.played[future.said]
            else:
                move = future.other.choice(legal)
                future.strayed = future.strayed or self.held
            if not self.held:
                del self.played[future.said :]
                self.played.append(move)
            future.said += 1
            state = state.apply(move)
        future.state = state
        return state

    def wins(self, future: Future, deviations: int, *, placement_free: bool = True, number: int = 1) -> bool:
        """Whether some line leaving the ordered choice at most ``deviations`` times wins (the placement
        held to the strong level's own unless ``placement_free``; ``number``: the strong seat's decision
        reached, 1 for its first placement); notes a cut and a line left untried."""
        state = self.advance(future)
        outcome = state.outcome()
        if outcome is not None:
            self.strayed = future.strayed
            return self.seat in outcome.winners and not future.strayed
        if self.tried >= self.nodes:
            self.cut = True
            return False
        self.tried += 1
        assert isinstance(state, motifs.State)
        ordered = self.order(state)
        if state.placing and not placement_free:
            ordered = ordered[:1]
        for rank, move in enumerate(ordered):
            if rank > 0 and deviations == 0:
                self.pruned = True
                break
            after = future.copy(state.apply(move))
            if self.wins(after, deviations - (rank > 0), placement_free=placement_free, number=number + 1):
                if rank > 0:
                    self.line.append((number, state.placing, rank, future.copy(state)))
                return True
        return False


def replay(seed: int, seat: Seat, iterations: int, nodes: int, max_deviations: int, held: bool) -> tuple[str, Oracle]:
    """How one lost match (the strong seat ``seat``) could have been kept, and the oracle that searched it;
    ``held``: the other seat replays its moves of the lost match wherever they are still legal."""
    info = find_game("ur")
    options = info.validate_options({"rules": motifs.RULES})
    oracle = Oracle(seat, iterations, nodes)
    start = Future(
        info.new(2, options),
        random.Random(f"duel:{seed}:chance"),
        random.Random(f"duel:{seed}:seat:{1 - seat}"),
    )
    # The strong level's own line first: it must lose, as in the duel.
    if oracle.wins(start.copy(start.state), 0):
        return "won on replay (mismatch)", oracle
    oracle.held = held
    for deviations in range(1, max_deviations + 1):
        for placement_free, verdict in ((False, "saved by the moves"), (True, "saved by the placement")):
            oracle.cut = oracle.pruned = False
            if oracle.wins(start.copy(start.state), deviations, placement_free=placement_free):
                return verdict, oracle
        if not oracle.cut and not oracle.pruned:
            return "dice-bound", oracle
        if oracle.cut:
            break
    return "not found", oracle


def deeper_keeps(oracle: Oracle, iterations: int) -> bool:
    """Whether the strong level searching to ``iterations`` at the winning line's first deviation, then as
    before, would have won (the same throws, the opponent held or drawn as the oracle had it)."""
    future = oracle.line[-1][3]
    state = future.state
    deep = make_agent("ur", "strong", iterations=iterations)
    move = deep.choose(state.view_for(oracle.seat), list(state.legal_moves(oracle.seat)), random.Random(0))
    return oracle.wins(future.copy(state.apply(move)), 0)


def main() -> None:
    """Play the duel, replay each loss with the oracle and print the tally."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--first", type=int, default=0, help="the first match's index (to split a run)")
    parser.add_argument("--iterations", type=int, default=2, help="the strong level's fixed budget (2: depth 1)")
    parser.add_argument("--nodes", type=int, default=3000, help="the oracle's decisions tried per lost match")
    parser.add_argument("--deviations", type=int, default=4, help="the most the oracle leaves the strong line")
    parser.add_argument("--deeper", type=int, default=0, help="at the first deviation, search to this budget")
    parser.add_argument("--held", action="store_true", help="random plays its moves of the lost match again")
    args = parser.parse_args()
    info, options = parse_game(GAME)
    strong, rand = (make_agent("ur", level, iterations=args.iterations) for level in ("strong", "random"))
    result = DuelResult()
    tally: dict[str, int] = {}
    for k in range(args.first, args.first + args.games):
        seat = k % 2
        seed = args.seed * 100_003 + k
        agents = [strong, rand] if seat == 0 else [rand, strong]
        shares = play_match(info, options, agents, seed, [[], []])
        result.matches += 1
        result.score_a += shares[seat]
        if shares[seat] == 1.0:
            continue
        started = time.process_time()
        verdict, oracle = replay(seed, seat, args.iterations, args.nodes, args.deviations, args.held)
        if args.deeper and verdict.startswith("saved"):
            verdict += "; deeper there: " + ("kept" if deeper_keeps(oracle, args.deeper) else "lost")
        tally[verdict] = tally.get(verdict, 0) + 1
        took = time.process_time() - started
        left = ", ".join(
            f"decision {n} ({'a placement' if placing else 'a move'}, its choice no. {rank + 1})"
            for n, placing, rank, _ in reversed(oracle.line)
        )
        print(
            f"match {k}: lost; {verdict} ({oracle.tried} decisions tried, {took:.0f} s CPU); left at: {left or '-'}",
            flush=True,
        )
    p, lo, hi = result.interval()
    print(f"strong won {p:.1%} [{lo:.1%}–{hi:.1%}] of {result.matches} (iterations {args.iterations})")
    kept = sum(n for v, n in tally.items() if v.startswith("saved"))
    bound = (result.score_a + kept) / max(1, result.matches)
    print(f"losses: {', '.join(f'{v} {n}' for v, n in sorted(tally.items()))}")
    print(f"the oracle wins {bound:.1%} of the seeds (an upper bound of any play, the not-found counted lost)")


if __name__ == "__main__":
    main()
