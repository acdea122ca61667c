"""The strong AI against simple scripted players (games/ai/scripted.py): never beaten in 3 of 10 matches.

Clock-free: the strong level runs with an iteration cap, so every match depends on its seed alone. The full
runs at the real budget are in ``bench/bench_ai.py --scripted``.
"""

from __future__ import annotations

import pytest

from games.ai import make_agent
from games.ai.duel import parse_game, play_match
from games.ai.scripted import SCRIPTED

MATCHES = 10
BEATEN_AT_MOST = 2

# (scripted player, game, table size, the strong level's iteration cap, matches): Subulata, the dearest,
# plays the first seeds only (its ten are in the bench).
CASES = [
    # Variante 3 at depth 2: the fitted judge at every leaf (its features weighed as they stand).
    ("motif-first", "ur:v3", 2, 3, MATCHES),
    ("rearmost", "ur:v2", 2, 2, MATCHES),
    ("front", "ur:v2", 2, 2, MATCHES),
    ("rearmost", "ur:ravensburger", 2, 2, MATCHES),
    ("front", "ur:ravensburger", 2, 2, MATCHES),
    ("rearmost", "ur:v1", 2, 2, MATCHES),
    ("front", "ur:v1", 2, 2, MATCHES),
    ("always-capture", "subulata", 2, 4, 4),
    ("drift-cheapest", "ursuppe", 3, 6, MATCHES),
]


def beaten(name: str, game: str, players: int, iterations: int, matches: int = MATCHES) -> int:
    """How many of ``matches`` seeded matches the scripted player (one seat, rotating; the strong AI in
    every other) won outright."""
    info, options = parse_game(game)
    factory, _ = SCRIPTED[name]
    strong = make_agent(info.id, "strong", iterations=iterations, players=players)
    won = 0
    for k in range(matches):
        seat = k % players
        agents = [factory() if s == seat else strong for s in range(players)]
        times: list[list[float]] = [[] for _ in range(players)]
        shares = play_match(info, options, agents, 35_000 + k, times)
        won += shares[seat] == 1.0
    return won


@pytest.mark.parametrize(("name", "game", "players", "iterations", "matches"), CASES)
def test_the_strong_ai_is_not_beaten_by_a_scripted_player(
    name: str, game: str, players: int, iterations: int, matches: int
) -> None:
    assert beaten(name, game, players, iterations, matches) <= BEATEN_AT_MOST * matches // MATCHES
