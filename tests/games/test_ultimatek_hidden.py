"""Ultima-Tek hidden information, views and replays (``games/ultimatek``).

A player sees their own hand and the kinds of their own face-down bonuses, nothing more of the tokens;
:func:`resample_hidden` re-deals everything a seat cannot see, and that seat's view must not change.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.playout import exact_chance
from games.ultimatek import INFO, resample_hidden
from games.ultimatek.bonuses import COUNTS, counts_of, plus
from games.ultimatek.field import HEXES
from games.ultimatek.state import State, new_state
from games.ultimatek.view import BonusView, View
from tests.games.kit import play
from tests.games.test_ultimatek import pos


def random_game(seed: int, cap: int = 30) -> Iterator[tuple[State, str]]:
    """The states of a seeded random match, each with the notation of the step taken from it."""
    rng = random.Random(seed)
    state = new_state(cap=cap)
    while state.outcome() is None:
        move = exact_chance(state, rng) if state.is_chance() else rng.choice(state.legal_moves())
        text = state.format_move(move)  # type: ignore[arg-type]
        yield state, text
        state = state.apply(move)  # type: ignore[arg-type]
    yield state, ""


def tokens_of(state: State) -> tuple[int, ...]:
    """Every token of the game wherever it lies, as counts by kind."""
    on_field = counts_of([p.bonus for p in state.pieces if p.bonus])
    hands = plus(state.hands[0], state.hands[1])
    return plus(plus(plus(state.bag, state.discard), plus(state.unseen[0], state.unseen[1])), plus(hands, on_field))


def test_a_player_sees_their_own_secrets_only() -> None:
    """Set-up and phase 3: hands and placed bonuses are face down: the owner knows them, the opponent
    sees blanks and a hand size, a spectator sees no secret."""
    state = pos("e3:1+fly,c3:1*run", "g3:1+stop", blue_hand="run,fly/", red_hand="stop,fly,fly", act="red")
    blue, red, spectator = state.view_for(0), state.view_for(1), state.view_for(None)
    assert blue.hand == ("run", "fly/") and red.hand == ("fly", "fly", "stop") and spectator.hand == ()
    assert blue.hand_sizes == red.hand_sizes == spectator.hand_sizes == (2, 3)

    def kinds(view: View) -> dict[str, str | None]:
        return {b.hex.name: b.kind for b in view.bonuses}

    assert kinds(blue) == {"c3": "run", "e3": "fly", "g3": None}
    assert kinds(red) == {"c3": "run", "e3": None, "g3": "stop"}
    assert kinds(spectator) == {"c3": "run", "e3": None, "g3": None}
    assert BonusView(blue.bonuses[0].hex, 0, "run", True) == blue.bonuses[0]


def test_counts_are_public_and_identities_are_not() -> None:
    """ultimatek.md: the bag and discard show only their sizes; what was discarded unseen stays hidden."""
    state = play(pos("e3:1+fly", phase=1, blue_hand="run"), "discard e3")
    for viewer in (None, 0, 1):
        view = state.view_for(viewer)
        assert view.discard == 1 and view.bag == 26 - 2
    assert "fly" not in repr(state.view_for(1)) and "fly" not in repr(state.view_for(None))


def test_resampling_changes_only_what_the_seat_cannot_see() -> None:
    """A hand-made position: re-dealing for red keeps red's view and shuffles blue's secrets and the bag."""
    state = pos(
        "e3:1+fly,c3:1*run",
        "g3:1+stop",
        blue_hand="run,fly/",
        red_hand="stop,fly,fly",
        act="red",
        blue_unseen="0.0.1.0.0.0",
    )
    rng = random.Random(7)
    seen_hands = set()
    for _ in range(50):
        other = resample_hidden(state, 1, rng)
        assert isinstance(other, State)
        assert other.view_for(1) == state.view_for(1) and other.view_for(None) == state.view_for(None)
        assert other.hands[1] == state.hands[1] and tokens_of(other) == COUNTS
        assert sum(other.unseen[0]) == 1
        seen_hands.add(other.hands[0])
    assert len(seen_hands) > 5, "the re-deal never changed blue's hand"


def states_of_random_games(games: int, every: int) -> Iterator[State]:
    """Every ``every``-th state of seeded random matches (a few hundred positions in all)."""
    for seed in range(games):
        for ply, (state, _) in enumerate(random_game(seed)):
            if ply % every == 0:
                yield state


def test_many_random_positions_redeal_without_changing_views() -> None:
    """For positions from random play, re-dealing what a player cannot see keeps their view (and the
    spectator's) and their legal actions, conserves the 26 tokens, and does re-deal something."""
    rng = random.Random(2024)
    changed = 0
    checked = 0
    for state in states_of_random_games(6, 7):
        assert tokens_of(state) == COUNTS
        for seat in (None, 0, 1):
            other = resample_hidden(state, seat, rng)
            assert isinstance(other, State)
            assert other.view_for(seat) == state.view_for(seat)
            assert other.view_for(None) == state.view_for(None)
            assert tokens_of(other) == COUNTS
            assert other.actors() == state.actors() and other.is_chance() == state.is_chance()
            if seat is not None:
                assert other.legal_moves(seat) == state.legal_moves(seat)
                assert other.hands[seat] == state.hands[seat] and other.unseen[seat] == state.unseen[seat]
                mine = [p for p in state.pieces if p.side == seat]
                assert mine == [p for p in other.pieces if p.side == seat]
            changed += other != state
            checked += 1
    assert checked > 300
    assert changed > checked // 2, "resampling hardly ever re-dealt anything"


def test_a_match_replays_from_its_log() -> None:
    """Chance is explicit: the notations of a match, read again from the opening, give the same states."""
    for seed in (1, 2):
        game = list(random_game(seed))
        state = new_state(cap=30)
        for before, text in game[:-1]:
            assert state == before
            state = state.apply(state.parse_move(text))
        assert state == game[-1][0] and state.outcome() is not None


def greedy_blue(state: State) -> object:
    """Blue's choice in a scripted match: the action leading to the most points, then the pieces and the
    disc furthest to the right (a crude attack); red always ends its phases at once."""
    moves = state.legal_moves()
    if state.to_act == 1:
        return moves[0]

    def value(move: object) -> tuple[int, int, int]:
        after = state.apply(move)  # type: ignore[arg-type]
        forward = sum(HEXES[p.hex].column for p in after.pieces if p.side == 0)
        return (after.score[0], forward + 2 * HEXES[after.disc].column, -len(after.played))

    return max(moves, key=value)


def test_scoring_game_replays_from_its_log() -> None:
    """A match with points, from the kick-off to the win, replays from its log with the same result."""
    rng = random.Random(3)
    state = new_state()
    log: list[str] = []
    while state.outcome() is None and len(log) < 3000:
        move = exact_chance(state, rng) if state.is_chance() else greedy_blue(state)
        log.append(state.format_move(move))  # type: ignore[arg-type]
        state = state.apply(move)  # type: ignore[arg-type]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2, 0)
    again = play(new_state(), *log)
    assert again == state


@pytest.mark.parametrize("cap", ["30", "60"])
def test_random_matches_end_within_the_cap(cap: str) -> None:
    """The cap option bounds a match: random play ends by the cap turn at the latest."""
    state = INFO.new(2, {"cap": cap})
    rng = random.Random(cap)
    plies = 0
    while state.outcome() is None:
        move = exact_chance(state, rng) if state.is_chance() else rng.choice(state.legal_moves())  # type: ignore[arg-type]
        state = state.apply(move)
        plies += 1
    assert isinstance(state, State) and state.turns <= int(cap) and plies < INFO.max_plies
