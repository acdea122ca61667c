"""What "ask only when it matters" costs: ``python bench/bench_autopilot.py [--game G] [--matches N]``.

Issue 36 item 1. Per game and rule set, seeded matches of an AI player *with* the autopilot against the same AI
*without* it: at each of its decisions with two legal moves or more, the autopilot's check
(:func:`games.ai.choice.choice_matters`, as :mod:`bot.app.standins.autopilot` runs it, at the members' default of
1 point) decides first, and plays when every legal move is within 1 point of the best: the first legal move in the
engine's order (the rule of rated matches and events, ``--rule rated``, the default) or the judge's best
(``--rule unrated``); otherwise the AI chooses. The seats alternate from match to match.

Each match is also played again with the same dice and the autopilot off (both seats the AI): the paired
difference of the results is the cost itself, with far less noise than the win rate alone (the two games differ
only from the first move the autopilot chose differently from the AI).

Printed per game: matches, the win rate of the AI with the autopilot (95 % Wilson interval), the paired
difference in points of win rate, with minus without (mean, 95 % interval; the cost is its opposite), decisions
the autopilot played (and how many of those differ from the AI's own choice), and the time of one check: median,
p95 and max in ms (no time cap applies here, so these are the checks' own cost). Asserts nothing.

The AI is the ``strong`` search capped at ``--iterations`` (default 1: one ply judged by its evaluation, the same
on every machine; the strong search at its 0.8 s a decision would take hours for 400 paired matches a game on
this machine, and Subulata's, Ultima-Tek's and Ursuppe's searches take seconds a match even capped, so run them
with fewer ``--matches``); the autopilot's decisions do not depend on it.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games import find_game
from games.ai import Agent, make_agent
from games.ai.choice import choice_matters
from games.base import GameInfo, GameState
from games.playout import exact_chance

TABLES: tuple[tuple[str, str, dict[str, str], int], ...] = (
    ("ur:v1", "ur", {"rules": "v1"}, 2),
    ("ur:v2", "ur", {"rules": "v2"}, 2),
    ("ur:v3", "ur", {"rules": "v3"}, 2),
    ("ur:rb", "ur", {"rules": "rb"}, 2),
    ("subulata", "subulata", {}, 2),
    ("ultimatek", "ultimatek", {}, 2),
    ("ursuppe:4", "ursuppe", {}, 4),
)
POINTS = 1.0
"""The members' default threshold, and the rated rule's."""


@dataclass
class Figures:
    """One game's results."""

    matches: int = 0
    score: float = 0.0
    """The autopilot's seat's results summed (a win 1, a draw shared)."""
    diffs: list[float] = field(default_factory=list)
    """Per match: the autopilot's seat's result minus the same seat's with the autopilot off, same dice."""
    played: int = 0
    differed: int = 0
    checks: list[float] = field(default_factory=list)
    """Seconds per check."""


def play(
    info: GameInfo,
    options: dict[str, str],
    agents: list[Agent],
    seed: int,
    pilot_seat: int,
    rule: str,
    figures: Figures,
) -> float:
    """One match; the share of ``pilot_seat``, whom the autopilot helps."""
    players = len(agents)
    state: GameState = info.new(players, options)
    chance = random.Random(f"pilot:{seed}:chance")
    rngs = [random.Random(f"pilot:{seed}:seat:{s}") for s in range(players)]
    for _ in range(info.max_plies):
        if state.outcome() is not None:
            break
        if state.is_chance():
            state = state.apply(exact_chance(state, chance))
            continue
        seat = state.actors()[0]
        moves = state.legal_moves(seat)
        own = agents[seat].choose(state.view_for(seat), moves, rngs[seat])
        move = own
        if seat == pilot_seat and len(moves) > 1:
            began = time.perf_counter()
            spread = choice_matters(info, state, seat, seed=f"{seed}", seconds=None)
            figures.checks.append(time.perf_counter() - began)
            if spread is not None and spread.within(POINTS):
                move = spread.moves[0] if rule == "rated" else spread.best
                figures.played += 1
                figures.differed += move != own
        state = state.apply(move)
    return share(state, pilot_seat)


def share(state: GameState, seat: int) -> float:
    """``seat``'s result: 1 a win, shared by several winners, 1/players a draw or a match cut at the ply bound."""
    outcome = state.outcome()
    players = int(getattr(state, "players", 2))
    if outcome is None or not outcome.winners:
        return 1 / players
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def wilson(score: float, n: int) -> tuple[float, float, float]:
    """A rate and its 95 % Wilson interval."""
    n = max(n, 1)
    p = score / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def run_table(game_id: str, options: dict[str, str], players: int, matches: int, iterations: int, rule: str) -> Figures:
    info = find_game(game_id)
    chosen = info.validate_options(options)
    figures = Figures()
    for k in range(matches):
        seat = k % players
        agents = [make_agent(game_id, "strong", iterations=iterations, players=players) for _ in range(players)]
        with_it = play(info, chosen, agents, k, seat, rule, figures)
        agents = [make_agent(game_id, "strong", iterations=iterations, players=players) for _ in range(players)]
        without = play_plain(info, chosen, agents, k, seat)
        figures.matches += 1
        figures.score += with_it
        figures.diffs.append(with_it - without)
    return figures


def play_plain(info: GameInfo, options: dict[str, str], agents: list[Agent], seed: int, seat: int) -> float:
    """The same match with the autopilot off (same dice while the moves are the same): ``seat``'s share."""
    players = len(agents)
    state: GameState = info.new(players, options)
    chance = random.Random(f"pilot:{seed}:chance")
    rngs = [random.Random(f"pilot:{seed}:seat:{s}") for s in range(players)]
    for _ in range(info.max_plies):
        if state.outcome() is not None:
            break
        if state.is_chance():
            state = state.apply(exact_chance(state, chance))
            continue
        actor = state.actors()[0]
        state = state.apply(agents[actor].choose(state.view_for(actor), state.legal_moves(actor), rngs[actor]))
    return share(state, seat)


def report(label: str, players: int, f: Figures, seconds: float) -> None:
    p, lo, hi = wilson(f.score, f.matches)
    mean = statistics.fmean(f.diffs) if f.diffs else 0.0
    sd = statistics.stdev(f.diffs) if len(f.diffs) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(max(len(f.diffs), 1))
    checks = sorted(f.checks) or [0.0]
    p95 = checks[min(len(checks) - 1, int(0.95 * len(checks)))]
    print(
        f"{label:<10} {f.matches:>5} {p:>7.1%} [{lo:.1%}, {hi:.1%}] {100 * mean:>+7.2f} [{100 * (mean - half):+.2f},"
        f" {100 * (mean + half):+.2f}] {f.played:>7} {f.differed:>6} {len(f.checks):>7} "
        f"{1000 * statistics.median(checks):>6.1f} {1000 * p95:>6.1f} {1000 * checks[-1]:>7.1f}"
        f"   ({players} players, {seconds:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the tables whose label starts with this")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--iterations", type=int, default=1, help="the strong search's cap (1: one ply)")
    parser.add_argument("--rule", choices=("rated", "unrated"), default="rated")
    args = parser.parse_args()
    print(
        f"strong AI (search capped at {args.iterations} iterations) with the autopilot (1 point, {args.rule} rule) "
        "against the same without; paired: the same match, same dice, autopilot off"
    )
    print(
        f"{'game':<10} {'n':>5} {'win with it [95%]':>24} {'with - without [95%]':>26} {'played':>7} {'differ':>6} "
        f"{'checks':>7} {'ms p50':>6} {'p95':>6} {'max':>7}"
    )
    for label, game_id, options, players in TABLES:
        if args.game is not None and not label.startswith(args.game):
            continue
        began = time.perf_counter()
        figures = run_table(game_id, options, players, args.matches, args.iterations, args.rule)
        report(label, players, figures, time.perf_counter() - began)


if __name__ == "__main__":
    main()
