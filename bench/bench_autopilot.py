"""What "ask only when it matters" costs: ``python bench/bench_autopilot.py [--game G] [--matches N]``.

Issue 36 item 1. Per game and rule set, seeded matches of an AI player *with* the autopilot against the same AI
*without* it: at each of its decisions with two legal moves or more, the autopilot's check
(:func:`games.ai.choice.choice_matters`, as :mod:`bot.app.standins.autopilot` runs it) decides first, and plays
as rated matches and events do (``--rule rated``, the default: when every legal move is within the game's rated
bound of every other, :func:`games.ai.choice.rated_points`, 1 point or stricter, or ``--points``; the game's fixed
rule, :func:`games.ai.choice.fixed_choice`) or as unrated ones do at the members' first threshold (``--rule
unrated``: within 1 point of the best; the judge's best); otherwise the AI chooses. The seats alternate from match
to match.

Each match is also played again with the same dice and the autopilot off (both seats the AI): the paired
difference of the results is the cost itself, with far less noise than the win rate alone (the two games differ
only from the first move the autopilot chose differently from the AI, so the replay starts there, from a copy of
the match, its dice and its players taken at that decision; a match where the autopilot never chose differently
is not replayed: its difference is 0).

**The judge's figure** is tighter still and costs nothing more: at each decision the autopilot played, the check
has judged every legal move (the seat's winning chance right after it, the next roll averaged over its outcomes:
the same dice for both moves), so the move it played and the move the AI would have played are compared there, on
the same position; their difference summed over a match is what the autopilot cost that match, by the judge. Only
the decisions where the autopilot acted count (elsewhere both matches play the same move). With a calibrated judge
(its chances come true, ``bench/bench_judge.py``) the expected sum is the expected loss of win rate.

Printed per game: matches, the win rate of the AI with the autopilot (95 % Wilson interval), the paired
difference in points of win rate, with minus without (mean, 95 % interval; the cost is its opposite), the judge's
cost per match in points (mean, 95 % interval), decisions the autopilot played (and how many of those differ from
the AI's own choice), and the time of one check: median, p95 and max in ms (no time cap applies here, so these are
the checks' own cost). Asserts nothing.

The AI is the ``strong`` search capped at ``--iterations`` (default 1: one ply judged by its evaluation, the same
on every machine; the strong search at its 0.8 s a decision would take hours for 400 paired matches a game on
this machine). Subulata's, Ultima-Tek's and Ursuppe's strong searches take seconds a decision even capped (Ultima-Tek
plans whole turns): run them with ``--level easy`` (one ply, greedy, with its slips: a member who plays fast and
sometimes errs), which the judge's figure does not need to be strong for; the autopilot's decisions do not depend
on the level.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

from games import find_game
from games.ai import Agent, make_agent
from games.ai.choice import choice_matters, fixed_choice, rated_points
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
"""The members' first threshold (the unrated rule's here)."""


@dataclass
class Figures:
    """One game's results."""

    matches: int = 0
    score: float = 0.0
    """The autopilot's seat's results summed (a win 1, a draw shared)."""
    diffs: list[float] = field(default_factory=list)
    """Per match: the autopilot's seat's result minus the same seat's with the autopilot off, same dice."""
    judged: list[float] = field(default_factory=list)
    """Per match: the judge's cost, the AI's own move's chance minus the played move's, summed over the decisions
    the autopilot played (points of winning chance / 100)."""
    replayed: int = 0
    """Matches replayed with the autopilot off (those where it played a move the AI would not have)."""
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
    points: float | None = None,
) -> tuple[float, float]:
    """One match; the share of ``pilot_seat``, whom the autopilot helps, and the same seat's share in the same
    match with the autopilot off (the same dice and players, replayed from the first decision where the autopilot
    played a move the AI would not have)."""
    players = len(agents)
    chance = random.Random(f"pilot:{seed}:chance")
    rngs = [random.Random(f"pilot:{seed}:seat:{s}") for s in range(players)]
    cost = 0.0

    def pilot(state: GameState, moves: list[Any], own: Any) -> Any:
        nonlocal cost
        if len(moves) < 2:
            return own
        began = time.perf_counter()
        spread = choice_matters(info, state, pilot_seat, seed=f"{seed}", seconds=None)
        figures.checks.append(time.perf_counter() - began)
        bound = POINTS if rule == "unrated" else rated_points(info, state) if points is None else points
        if spread is None or not spread.within(bound):
            return own
        move = fixed_choice(info, state, pilot_seat, spread.moves) if rule == "rated" else spread.best
        figures.played += 1
        if move != own:
            figures.differed += 1
            cost += spread.chances[spread.moves.index(own)] - spread.chances[spread.moves.index(move)]
        return move

    with_it, without = paired_match(info, info.new(players, options), chance, rngs, agents, pilot_seat, pilot)
    figures.judged.append(cost)
    if without is None:
        return with_it, with_it
    figures.replayed += 1
    return with_it, without


def paired_match(
    info: GameInfo,
    state: GameState,
    chance: random.Random,
    rngs: list[random.Random],
    agents: list[Agent],
    seat: int,
    override: Callable[[GameState, list[Any], Any], Any],
) -> tuple[float, float | None]:
    """A match played by ``agents`` from ``state`` in which ``override`` may replace ``seat``'s own choice (it
    gets the position, the legal moves and the AI's move, and returns the move to play): ``seat``'s share, and its
    share in the same match replayed without the override from the first decision it changed (the same dice and
    players), or None when it changed none."""
    fork: tuple[GameState, random.Random, list[random.Random], list[Agent]] | None = None
    for _ in range(info.max_plies):
        if state.outcome() is not None:
            break
        if state.is_chance():
            state = state.apply(exact_chance(state, chance))
            continue
        actor = state.actors()[0]
        moves = state.legal_moves(actor)
        own = agents[actor].choose(state.view_for(actor), moves, rngs[actor])
        move = override(state, moves, own) if actor == seat else own
        if move != own and fork is None:
            fork = copy.deepcopy((state.apply(own), chance, rngs, agents))
        state = state.apply(move)
    with_it = share(state, seat)
    return with_it, None if fork is None else play_on(info, *fork, seat)


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


def run_table(
    game_id: str,
    options: dict[str, str],
    players: int,
    matches: int,
    iterations: int,
    rule: str,
    level: str,
    budget: float | None = None,
    points: float | None = None,
    first: int = 0,
) -> Figures:
    """``matches`` paired matches of one game (fewer when ``budget`` seconds pass first), numbered from ``first``
    (a match's number seeds its dice and players)."""
    began = time.perf_counter()
    info = find_game(game_id)
    chosen = info.validate_options(options)
    figures = Figures()
    for k in range(first, first + matches):
        if budget is not None and time.perf_counter() - began > budget:
            break
        seat = k % players
        agents = [make_agent(game_id, level, iterations=iterations, players=players) for _ in range(players)]
        with_it, without = play(info, chosen, agents, k, seat, rule, figures, points)
        figures.matches += 1
        figures.score += with_it
        figures.diffs.append(with_it - without)
    return figures


def play_on(
    info: GameInfo,
    state: GameState,
    chance: random.Random,
    rngs: list[random.Random],
    agents: list[Agent],
    seat: int,
) -> float:
    """The rest of a match with the autopilot off, from a copy of it: ``seat``'s share."""
    return paired_match(info, state, chance, rngs, agents, seat, lambda _state, _moves, own: own)[0]


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half width of its 95 % interval (normal)."""
    mean = statistics.fmean(values) if values else 0.0
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(max(len(values), 1))


def report(label: str, players: int, f: Figures, seconds: float) -> None:
    p, lo, hi = wilson(f.score, f.matches)
    mean, half = interval(f.diffs)
    cost, spread = interval(f.judged)
    checks = sorted(f.checks) or [0.0]
    p95 = checks[min(len(checks) - 1, int(0.95 * len(checks)))]
    print(
        f"{label:<10} {f.matches:>5} {p:>7.1%} [{lo:.1%}, {hi:.1%}] {100 * mean:>+7.2f} [{100 * (mean - half):+.2f},"
        f" {100 * (mean + half):+.2f}] {100 * cost:>6.3f} [{100 * (cost - spread):.3f}, {100 * (cost + spread):.3f}]"
        f" {f.played:>7} {f.differed:>6} {f.replayed:>5} {len(f.checks):>7} "
        f"{1000 * statistics.median(checks):>6.1f} {1000 * p95:>6.1f} {1000 * checks[-1]:>7.1f}"
        f"   ({players} players, {seconds:.0f} s)",
        flush=True,
    )


def bound_text(rule: str, points: float | None) -> str:
    """The bound the run plays at, in words."""
    if rule == "unrated":
        return f"within {POINTS:g} point of the best"
    if points is None:
        return "all moves within the game's rated bound, as the bot plays it"
    return f"all moves within {points:g} point"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the tables whose label starts with this")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--level", choices=("easy", "normal", "strong"), default="strong", help="the AI's level")
    parser.add_argument("--iterations", type=int, default=1, help="the search's cap (1: one ply)")
    parser.add_argument("--rule", choices=("rated", "unrated"), default="rated")
    parser.add_argument("--budget", type=float, help="stop a table after this many seconds (whole matches)")
    parser.add_argument(
        "--points", type=float, help="the rated rule's bound in points (default: the game's, as the bot plays it)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first match's number (its seeds; default 0)")
    args = parser.parse_args()
    print(
        f"{args.level} AI (search capped at {args.iterations} iterations) with the autopilot ({args.rule} rule, "
        f"{bound_text(args.rule, args.points)}) against the same without; paired: the same match, same dice, "
        "autopilot off; judge: the AI's move's chance minus the played move's, summed over a match (points)"
    )
    print(
        f"{'game':<10} {'n':>5} {'win with it [95%]':>24} {'with - without [95%]':>26} {'judge [95%]':>22} "
        f"{'played':>7} {'differ':>6} {'rerun':>5} {'checks':>7} {'ms p50':>6} {'p95':>6} {'max':>7}"
    )
    for label, game_id, options, players in TABLES:
        if args.game is not None and not label.startswith(args.game):
            continue
        began = time.perf_counter()
        figures = run_table(
            game_id,
            options,
            players,
            args.matches,
            args.iterations,
            args.rule,
            args.level,
            args.budget,
            args.points,
            args.first,
        )
        report(label, players, figures, time.perf_counter() - began)


if __name__ == "__main__":
    main()
