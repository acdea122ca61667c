"""AI players: they see only their seat's view, play legal moves at every level, and the duel runs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import find_game
from games.ai import ALL_LEVELS, LEVELS, make_agent
from games.ai.determinise import determinise
from games.ai.duel import duel, parse_game, report
from games.ai.strategy import Plans
from games.base import GameInfo, GameState
from games.playout import random_step

HIDDEN = ("subulata", "ultimatek")
EVERY_GAME = (
    ("ur", "v2"),
    ("ur", "v1"),
    ("ur", "rb"),
    ("ur", "v3"),
    ("subulata", ""),
    ("ultimatek", ""),
    ("ursuppe", ""),
)


def positions(info: GameInfo, options: dict[str, str], players: int, seed: int, count: int) -> list[GameState]:
    """Decision positions met along a seeded random game (several games if one ends early)."""
    rng = random.Random(seed)
    found: list[GameState] = []
    state = info.new(players, options)
    while len(found) < count:
        if state.outcome() is not None:
            state = info.new(players, options)
        if not state.is_chance() and len(state.legal_moves()) > 1 and rng.random() < 0.3:
            found.append(state)
        state = state.apply(random_step(state, rng))
    return found


def options_of(game_id: str, rules: str) -> tuple[GameInfo, dict[str, str], int]:
    info = find_game(game_id)
    options = info.validate_options({"rules": rules} if rules else {})
    return info, options, 4 if game_id == "ursuppe" else 2


@pytest.mark.parametrize(("game_id", "rules"), EVERY_GAME)
def test_a_determinised_state_shows_the_viewer_exactly_what_it_saw(game_id: str, rules: str) -> None:
    info, options, players = options_of(game_id, rules)
    for state in positions(info, options, players, seed=7, count=12):
        seat = state.actors()[0]
        view = state.view_for(seat)
        for k in range(3):
            rebuilt: Any = determinise(info.id, view, random.Random(k))
            assert rebuilt.view_for(seat) == view
            assert rebuilt.legal_moves(seat) == state.legal_moves(seat)


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("level", LEVELS)
def test_re_dealing_what_the_seat_cannot_see_never_changes_the_ai_s_decision(game_id: str, level: str) -> None:
    info, options, players = options_of(game_id, "")
    agent = make_agent(info.id, level, iterations=40)
    for state in positions(info, options, players, seed=3, count=4):
        seat = state.actors()[0]
        chosen = agent.choose(state.view_for(seat), state.legal_moves(seat), random.Random(5))
        for k in range(2):
            twin: Any = info.resample_hidden(state, seat, random.Random(100 + k))
            assert twin.view_for(seat) == state.view_for(seat)
            again = agent.choose(twin.view_for(seat), twin.legal_moves(seat), random.Random(5))
            assert again == chosen


@pytest.mark.parametrize(("game_id", "rules"), EVERY_GAME)
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_chooses_a_legal_move(game_id: str, rules: str, level: str) -> None:
    info, options, players = options_of(game_id, rules)
    agent = make_agent(info.id, level, iterations=3, players=players)
    for state in positions(info, options, players, seed=11, count=3):
        seat = state.actors()[0]
        move = agent.choose(state.view_for(seat), state.legal_moves(seat), random.Random(1))
        assert move in state.legal_moves(seat)


def test_an_ultima_tek_plan_stays_with_the_table_that_made_it() -> None:
    """A strong search plans Ultima-Tek's whole turn and keeps the rest for its next decisions. Whoever
    shares its plans follows them; an agent of another table, meeting the very same view, searches for
    itself and leaves the first table's plan where it is."""
    info, options, players = options_of("ultimatek", "")
    for state in positions(info, options, players, seed=5, count=40):
        seat = state.actors()[0]
        table = Plans()
        planner = make_agent(info.id, "normal", iterations=3, plans=table)
        after = state.apply(planner.choose(state.view_for(seat), state.legal_moves(seat), random.Random(1)))
        if not table or after.is_chance() or after.actors() != (seat,) or len(after.legal_moves(seat)) < 2:
            continue
        view = after.view_for(seat)
        kept = len(table)
        stranger = make_agent(info.id, "normal", iterations=3)
        stranger.choose(view, after.legal_moves(seat), random.Random(2))
        assert len(table) == kept, "another table's decision took a step of this table's plan"
        follower = make_agent(info.id, "normal", iterations=3, plans=table)
        follower.choose(view, after.legal_moves(seat), random.Random(3))
        assert len(table) == kept - 1
        return
    pytest.fail("no planned turn met in 40 positions")


def test_game_ids_read_like_the_new_game_choices() -> None:
    assert parse_game("ur:v2")[1] == {"rules": "v2"}
    assert parse_game("ur:ravensburger")[1] == {"rules": "rb"}
    assert parse_game("subulata:layout=fixed")[1] == {"layout": "fixed"}
    assert parse_game("ursuppe")[0].id == "ursuppe"


def test_a_short_duel_reports_a_win_rate_and_decision_times() -> None:
    result = duel("ur:v3", "strong", "random", games=2, seed=1, seconds=0.005)
    assert result.matches == 2
    text = report("ur:v3", "strong", "random", 2, result)
    assert "A wins" in text and "p95" in text


def test_ultimatek_credits_to_score_mirror_the_field_and_favour_the_kicker() -> None:
    from games.ai.tek import FAR, credits_to_score
    from games.ultimatek.model import Action
    from games.ultimatek.state import new_state

    need = []
    for kicker in (0, 1):
        state = new_state().apply(Action("kickoff", seat=kicker))
        need.append([credits_to_score(state, side) for side in (0, 1)])
        assert max(need[-1]) < FAR
        assert need[-1][kicker] <= need[-1][1 - kicker]
    assert need[0] == need[1][::-1]


def test_ur_v1_is_judged_by_turns_saved_from_either_seat() -> None:
    from games.ai.evaluate import EVALUATE, LOOP_TURNS
    from games.ur import loop

    assert list(LOOP_TURNS) == sorted(LOOP_TURNS) and len(LOOP_TURNS) == loop.OFF + 1
    state = loop.State(((1, 5, 9, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 21)), 0, None)
    assert EVALUATE["ur"](state, 0) == -EVALUATE["ur"](state, 1) != 0
