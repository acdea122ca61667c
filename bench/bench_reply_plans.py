"""What Subulata's plans for any reply cost: ``python bench/bench_reply_plans.py [--matches N] [--depth 1|2]``.

Issue 36, item 2. A member may leave a plan for any reply ("whatever bob plays, unless he takes or threatens one
of my pieces: my move", :mod:`bot.app.plans.subulata`), and the calendar's model C leaves one after each answer:
the suggestion as the unrated form offers it (:func:`bot.app.plans.suggest.suggested`: the judge's guess of the
reply and its best answer to it, kept for any reply). That move was chosen *before* the reply; the member would
have chosen after it. A reply that neither takes nor threatens may still change which move is best (it blocks a
jump, frees a cell, changes the race). This bench measures what that costs.

The member is the judge's player: at every decision it plays the legal move the judge
(:mod:`games.ai.odds`) ranks first from what the member may know (the opponent's values dealt again, the same
``--samples`` deals for every move, seeded by the match and the ply), as a member who follows the suggestions
would. After each of its moves, when no plan is left, it leaves the plan the form suggests (``--depth 1``: one
turn, model C; ``--depth 2``: the form's two, model D), and the plan is followed by the bot's own
:func:`bot.app.plans.follow.follow` (the game's auto-stop included, and the judge's stop of an unrated match,
:mod:`bot.app.plans.judged`; ``--rated``: without it, as a rated match follows them) when the reply comes. The
opponent is the project's AI (``--opponent``, ``easy`` by default, as the calendar's members); the member's seat
alternates.

Two figures, as ``bench_autopilot.py`` measures the autopilot:

- **the judge's**: at each decision a plan played, the member's chance after the judge's best move there minus
  after the planned move, on the same position and deals (0 when the plan played the best), summed per match;
- **the whole match's**: each match where a plan played a move other than the judge's best is played again from
  the start without plans (same seeds, same layout and set-ups, same opponent: the two differ only from that
  move on); the paired difference of the member's results (with − without).

Printed: matches, plans left, played, stopped (per member per match), the judge's cost per played plan and per
match (points of winning chance, bootstrap 95 % intervals over matches), the member's score with plans (Wilson
95 %) and the paired difference (bootstrap 95 %). Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_autopilot import share, wilson

from bot.app.matches import LogEntry, LogKind
from bot.app.plans.follow import Dropped, Planned, follow
from bot.app.plans.model import Branch, Plan
from bot.app.plans.suggest import suggested
from bot.app.plans.turns import ANY
from games import find_game
from games.ai import Agent, make_agent, odds
from games.base import GameInfo, GameState, Seat
from games.playout import exact_chance

GAME = "subulata"
AT = datetime(2026, 3, 2, tzinfo=UTC)
"""The log entries' time (follow reads none)."""


@dataclass
class Match:
    """One match's figures for the member's seat."""

    score: float = 0.0
    without: float | None = None
    """The member's result in the same match without plans (None: no plan played other than the best)."""
    left: int = 0
    played: int = 0
    stopped: Counter[str] = field(default_factory=Counter)
    costs: list[float] = field(default_factory=list)
    """Per plan that played: the judge's best move's chance minus the planned move's (1 = 100 points)."""


def spread(info: GameInfo, state: GameState, seat: Seat, seed: str, samples: int) -> tuple[list[Any], list[float]]:
    """Every legal move of ``seat`` and its chance after it, judged from what ``seat`` may know, each on the same
    deals of what it cannot see."""
    moves = list(state.legal_moves(seat))
    deal = random.Random(seed).getrandbits(32)
    return moves, [odds.win_chances_for(info, state.apply(m), seat, random.Random(deal), samples)[seat] for m in moves]


def left_plan(info: GameInfo, state: GameState, seat: Seat, seed: str, depth: int) -> tuple[Branch, ...]:
    """The plan the unrated form suggests after the member's move (the bot's own suggestion, from the position
    as the member knows it), kept as the calendar's models keep it: the line for any reply, ``depth`` turns."""
    known = info.resample_hidden(state, seat, random.Random(f"plan:{seed}"))
    offer = suggested(info, known, seat, random.Random(f"suggest:{seed}"), depth)
    chain = next((b for b in offer if b.when == ANY), None)
    return () if chain is None else (_cut(chain, depth),)


def _cut(branch: Branch, depth: int) -> Branch:
    then = tuple(_cut(b, depth - 1) for b in branch.then[:1]) if depth > 1 else ()
    return Branch(branch.when, branch.play, then)


def reason(dropped: Dropped, reply: str) -> str:
    """A word for why a plan stopped: the game's rule on a capture (``takes``) or on anything else it reads
    (``rule``: a threat, the move illegal or written otherwise), or the reason kept (``outplayed``: the judge's
    stop of an unrated match)."""
    if dropped.reason != "stopped":
        return dropped.reason
    return "takes" if "x" in reply else "rule"


def play(
    info: GameInfo,
    seed: int,
    member: Seat,
    opponent: Agent,
    depth: int,
    samples: int,
    plans: bool,
    out: Match,
    rated: bool = False,
) -> float:
    """One match from its seeds; the member's share. With ``plans``, the member leaves and follows them and
    ``out`` gathers what they did; ``rated``: the plans are followed as in a rated match (no judge's stop)."""
    state = info.new(2, info.validate_options({}))
    chance = random.Random(f"reply-plans:{seed}:chance")
    rng = random.Random(f"reply-plans:{seed}:opponent")
    plan: Plan | None = None
    since: list[LogEntry] = []
    for ply in range(info.max_plies):
        if state.outcome() is not None:
            break
        if state.is_chance():
            state = state.apply(exact_chance(state, chance))
            continue
        actor = state.actors()[0]
        if actor != member:
            move = opponent.choose(state.view_for(actor), state.legal_moves(actor), rng)
            since.append(LogEntry(ply + 1, LogKind.MOVE, actor, state.format_move(move), AT))
            state = state.apply(move)
            continue
        moves, chances = spread(info, state, member, f"{seed}:{ply}", samples)
        best = max(range(len(moves)), key=lambda i: (chances[i], -i))
        move = moves[best]
        if plan is not None and len(moves) > 1:
            judge = None if rated else f"{seed}:plan:{ply}:{member}"
            found = follow(plan, since, state, member, ply, info, judge)
            if isinstance(found, Planned):
                out.played += 1
                out.costs.append(chances[best] - chances[moves.index(found.move)])
                move, plan = found.move, found.rest
            elif isinstance(found, Dropped):
                out.stopped[reason(found, since[-1].notation if since else "")] += 1
                plan = None
        elif plan is not None:
            plan = None  # a forced move: the bot plays it and the plan is left behind
        state = state.apply(move)
        since = []
        if plans and plan is None and state.outcome() is None and member not in state.actors():
            branches = left_plan(info, state, member, f"{seed}:{ply}:{member}", depth)
            if branches:
                plan = Plan(member, ply + 1, "reply", branches)
                out.left += 1
    return share(state, member)


def run(
    matches: int, first: int, depth: int, samples: int, level: str, iterations: int | None, rated: bool = False
) -> list[Match]:
    """``matches`` paired matches numbered from ``first``."""
    info = find_game(GAME)
    found: list[Match] = []
    for k in range(first, first + matches):
        member = k % 2
        out = Match()

        def agent() -> Agent:
            return make_agent(GAME, level, iterations=iterations)

        out.score = play(info, k, member, agent(), depth, samples, True, out, rated)
        if any(cost > 0 for cost in out.costs):
            out.without = play(info, k, member, agent(), depth, samples, False, Match())
        found.append(out)
    return found


def bootstrap(
    results: Sequence[Match], figure: Callable[[Sequence[Match]], float], seed: str, rounds: int = 2000
) -> tuple[float, float, float]:
    """``figure`` over the matches and its 95 % bootstrap interval (matches resampled whole)."""
    rng = random.Random(seed)
    draws = sorted(figure([rng.choice(results) for _ in results]) for _ in range(rounds))
    return figure(results), draws[int(0.025 * rounds)], draws[int(0.975 * rounds) - 1]


def per_plan(results: Sequence[Match]) -> float:
    """The judge's mean cost per plan that played, in points."""
    played = sum(r.played for r in results)
    return 100 * sum(sum(r.costs) for r in results) / max(played, 1)


def per_match(results: Sequence[Match]) -> float:
    """The judge's mean cost per match, in points."""
    return 100 * statistics.fmean(sum(r.costs) for r in results)


def paired(results: Sequence[Match]) -> float:
    """The member's mean result with plans minus without, in points of win rate."""
    return 100 * statistics.fmean(r.score - (r.score if r.without is None else r.without) for r in results)


def report(results: list[Match], seconds: float) -> None:
    """The figures, one line each."""
    n = len(results)
    stops: Counter[str] = Counter()
    for r in results:
        stops.update(r.stopped)
    played = sum(r.played for r in results)
    worse = sum(1 for r in results for c in r.costs if c > 0)
    print(f"matches {n} ({seconds:.0f} s; {sum(r.without is not None for r in results)} replayed without plans)")
    print(
        f"per member per match: plans left {sum(r.left for r in results) / n:.2f}, played {played / n:.2f}, "
        f"stopped {sum(stops.values()) / n:.2f} ({', '.join(f'{w} {c / n:.2f}' for w, c in sorted(stops.items()))})"
    )
    print(f"plans that played other than the judge's best after the reply: {worse} of {played}")
    for label, figure in (("judge's cost per played plan", per_plan), ("judge's cost per match", per_match)):
        mean, lo, hi = bootstrap(results, figure, f"{label}:{n}")
        print(f"{label}: {mean:.3f} points [{lo:.3f}, {hi:.3f}]")
    p, lo, hi = wilson(sum(r.score for r in results), n)
    print(f"member's score with plans: {p:.1%} [{lo:.1%}, {hi:.1%}]")
    mean, lo, hi = bootstrap(results, paired, f"paired:{n}")
    print(f"paired, with - without plans: {mean:+.2f} points of win rate [{lo:+.2f}, {hi:+.2f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first match's number (its seeds)")
    parser.add_argument("--depth", type=int, choices=(1, 2), default=1, help="turns a plan reaches (C: 1, D: 2)")
    parser.add_argument("--samples", type=int, default=4, help="deals of the opponent's values per judgement")
    parser.add_argument("--opponent", choices=("easy", "normal", "strong"), default="easy")
    parser.add_argument("--iterations", type=int, help="the opponent's search cap (default: its level's time)")
    parser.add_argument("--rated", action="store_true", help="follow the plans as a rated match does (no judge)")
    args = parser.parse_args()
    print(
        f"Subulata: the judge's player with plans for any reply ({args.depth} turn(s), the form's suggestions, "
        f"{'rated' if args.rated else 'unrated'}) against the {args.opponent} AI; the same matches without plans"
    )
    began = time.perf_counter()
    results = run(args.matches, args.first, args.depth, args.samples, args.opponent, args.iterations, args.rated)
    report(results, time.perf_counter() - began)


if __name__ == "__main__":
    main()
