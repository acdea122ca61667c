"""Seeded matches between two agents, for tuning and benchmarks (``python -m games.ai duel``).

Agent A plays one seat and agent B every other seat; A's seat rotates from match to match. Chance is
drawn exactly by its probabilities from a generator seeded per match, each agent has its own generator,
and a match that reaches the game's ply bound counts as a draw.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from games import find_game
from games.ai import ALL_LEVELS, Agent, make_agent
from games.base import GameInfo
from games.playout import exact_chance

RULE_ALIASES: Mapping[str, str] = {
    "ravensburger": "rb",
    "towers": "rb",
    "race": "v2",
    "loop": "v1",
    "motifs": "v3",
}


def parse_game(value: str) -> tuple[GameInfo, dict[str, str]]:
    """A game and its options from an id as ``/game new`` offers them: ``ur:v2``, ``ur:ravensburger``,
    ``subulata``, ``subulata:layout=fixed``, ``ultimatek``, ``ursuppe``."""
    game_id, _, rest = value.strip().lower().partition(":")
    info = find_game(game_id)
    options: dict[str, str] = {}
    if rest:
        name, sep, choice = rest.partition("=")
        options = {name: choice} if sep else {"rules": RULE_ALIASES.get(rest, rest)}
    return info, info.validate_options(options)


@dataclass(slots=True)
class DuelResult:
    """Wins of A (a draw counts half), matches played and the decision times of each agent."""

    matches: int = 0
    score_a: float = 0.0
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})

    def interval(self) -> tuple[float, float, float]:
        """A's win rate and its 95 % Wilson interval."""
        n = max(1, self.matches)
        p = self.score_a / n
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, max(0.0, centre - half), min(1.0, centre + half)


def play_match(
    info: GameInfo,
    options: Mapping[str, str],
    agents: Sequence[Agent],
    seed: int,
    times: Sequence[list[float]],
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, ...]:
    """One match; each seat's share of the result (1 to the winner, split on a draw). Each decision's time
    goes to ``times`` by ``clock`` (wall time; ``time.process_time`` for the CPU it took)."""
    players = len(agents)
    state = info.new(players, options)
    chance_rng = random.Random(f"duel:{seed}:chance")
    rngs = [random.Random(f"duel:{seed}:seat:{s}") for s in range(players)]
    for _ in range(info.max_plies):
        if state.outcome() is not None:
            break
        if state.is_chance():
            state = state.apply(exact_chance(state, chance_rng))
            continue
        seat = state.actors()[0]
        started = clock()
        move = agents[seat].choose(state.view_for(seat), state.legal_moves(seat), rngs[seat])
        times[seat].append(clock() - started)
        state = state.apply(move)
    outcome = state.outcome()
    if outcome is None or not outcome.winners:
        return tuple(1 / players for _ in range(players))
    return tuple(1.0 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(players))


def duel(
    game: str,
    level_a: str,
    level_b: str,
    *,
    games: int,
    seed: int,
    players: int = 2,
    seconds: float | None = None,
    progress: bool = False,
    iterations: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> DuelResult:
    """Play ``games`` seeded matches of A against B (B in every seat but A's) and collect the results;
    ``iterations`` gives the searching levels a clock-free budget (the same play on a loaded machine) and
    ``clock`` times the decisions (``time.process_time``: their CPU, which a loaded machine leaves alone)."""
    info, options = parse_game(game)
    players = max(info.min_players, min(info.max_players, players))
    agent_a = make_agent(info.id, level_a, seconds=seconds, iterations=iterations, players=players)
    agent_b = make_agent(info.id, level_b, seconds=seconds, iterations=iterations, players=players)
    result = DuelResult()
    for k in range(games):
        seat_a = k % players
        agents = [agent_a if s == seat_a else agent_b for s in range(players)]
        times: list[list[float]] = [[] for _ in range(players)]
        shares = play_match(info, options, agents, seed * 100_003 + k, times, clock)
        result.matches += 1
        result.score_a += shares[seat_a]
        for s in range(players):
            result.times["a" if s == seat_a else "b"].extend(times[s])
        if progress:
            p, lo, hi = result.interval()
            print(f"  {k + 1}/{games}: A {p:.1%} [{lo:.1%}, {hi:.1%}]", flush=True)
    return result


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank; 0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(game: str, level_a: str, level_b: str, players: int, result: DuelResult) -> str:
    """The printed summary of a duel."""
    p, lo, hi = result.interval()
    lines = [
        f"{game} ({players} players): A={level_a} vs B={level_b}, {result.matches} matches",
        f"A wins {p:.1%} (95% CI {lo:.1%}–{hi:.1%})",
    ]
    for who, level in (("a", level_a), ("b", level_b)):
        t = result.times[who]
        median = statistics.median(t) * 1000 if t else 0.0
        lines.append(
            f"{who.upper()} ({level}): {len(t)} decisions, p50 {median:.1f} ms, p95 {quantile(t, 0.95) * 1000:.1f} ms"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``duel --game ur:v2 --a strong --b easy --games 200 --seed 1``."""
    parser = argparse.ArgumentParser(prog="python -m games.ai", description="Duels between AI levels.")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("duel", help="seeded matches of agent A against agent B")
    d.add_argument("--game", required=True, help="ur:v2, ur:v1, ur:ravensburger, ur:v3, subulata, ultimatek, ursuppe")
    d.add_argument("--a", default="strong", choices=ALL_LEVELS)
    d.add_argument("--b", default="random", choices=ALL_LEVELS)
    d.add_argument("--games", type=int, default=200)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--players", type=int, default=2, help="table size (Ursuppe: 3 to 6)")
    d.add_argument("--budget", type=float, default=None, help="seconds per decision for searching levels")
    d.add_argument("--progress", action="store_true", help="print the running win rate")
    args = parser.parse_args(argv)
    result = duel(
        args.game,
        args.a,
        args.b,
        games=args.games,
        seed=args.seed,
        players=args.players,
        seconds=args.budget,
        progress=args.progress,
    )
    info, _ = parse_game(args.game)
    players = max(info.min_players, min(info.max_players, args.players))
    print(report(args.game, args.a, args.b, players, result))
    return 0
