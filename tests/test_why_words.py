"""Every pass, lost roll and end says its reason from the rules (issue 39): seeded random playouts of each Ur rule
set walk every roll that cannot be played, and each line names the rule that stopped it, in both languages."""

from __future__ import annotations

import random

import pytest

from bot.app.i18n import t
from bot.app.telling.game_words import words_for
from games import find_game, subulata, ur
from games.base import GameState

NAMES = ("alice", "bob")

REASONS = {
    "v2": {"zero", "exact_off"},
    "v1": {"zero", "enter_45", "leave_45", "blocked"},
    "rb": {"six", "exact_goal"},
    "v3": {"no_walk"},
}
"""Reasons a few hundred random matches meet at least once (rarer ones are checked by hand below)."""


def playout(rules: str, seed: int) -> list[tuple[GameState, GameState, str]]:
    """Every chance step of a random match: (before, after, value), for rolls."""
    rng = random.Random(seed)
    state = ur.INFO.new(2, {"rules": rules})
    steps = []
    while state.outcome() is None:
        if state.is_chance():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            move = rng.choices(outcomes, weights=[float(w) for w in weights])[0]
            after = state.apply(move)
            kind, _, value = state.format_move(move).partition(":")
            if kind == "roll":
                steps.append((state, after, value))
            state = after
        else:
            (seat,) = state.actors()
            state = state.apply(rng.choice(state.legal_moves(seat)))
    return steps


@pytest.mark.parametrize("rules", sorted(REASONS))
def test_every_roll_that_cannot_be_played_says_why(rules: str) -> None:
    words = words_for(ur.INFO.id)
    met: set[str] = set()
    for seed in range(40 if rules != "v3" else 200):
        for before, after, value in playout(rules, seed):
            roller = before.turn
            if roller in after.actors():
                continue  # played: told with its move
            reasons = before.stuck_reasons(int(value))
            assert reasons, f"{rules}: a roll of {value} passed with no reason in {before.to_text()}"
            met.update(reasons)
            for lang in ("en", "fr"):
                line = words.chance(before, after, "roll", value, NAMES, lang)
                for reason in reasons:
                    if reason == "no_walk":
                        assert t(lang, f"why.ur.face.{before.movable[roller]}") in line
                    else:
                        assert t(lang, f"why.ur.{rules}.{reason}", roll=value) in line, line
    assert REASONS[rules] <= met


def test_a_roll_that_could_be_played_has_no_reason() -> None:
    state = ur.INFO.new(2, {"rules": "v2"})
    while state.is_chance() and getattr(state, "turn", None) is None:
        state = state.apply(state.chance_outcomes()[0][0])
    assert state.stuck_reasons(2) == ()


@pytest.mark.parametrize(
    ("text", "roll", "reasons"),
    [
        # Variante 1: no piece on the board, a 1 cannot bring one in.
        ("v1 0:- 1:- 0 -", 1, ("enter_45",)),
        # ... and a piece on B1, the arrival square, leaves only with a 4 or a 5 too.
        ("v1 0:B1r 1:- 0 -", 1, ("enter_45", "leave_45")),
        ("v1 0:B1r 1:- 0 -", 4, ()),
    ],
)
def test_reasons_in_set_positions(text: str, roll: int, reasons: tuple[str, ...]) -> None:
    assert ur.INFO.from_text(text).stuck_reasons(roll) == reasons


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_race_win_says_every_piece_is_off(lang: str) -> None:
    words = words_for(ur.INFO.id)
    for seed in range(3):
        state = ur.INFO.new(2, {"rules": "v2"})
        rng = random.Random(seed)
        while state.outcome() is None:
            moves = state.chance_outcomes() if state.is_chance() else None
            state = state.apply(rng.choice(moves)[0] if moves else rng.choice(state.legal_moves(state.actors()[0])))
        line = words.scores(state, NAMES, lang)
        assert line is not None and NAMES[state.outcome().winners[0]] in line and "7" in line


def finished(game_id: str, options: dict[str, str], seed: int) -> GameState:
    """A random match of ``game_id`` played to its end."""
    rng = random.Random(seed)
    state = find_game(game_id).new(2, options)
    while state.outcome() is None:
        if state.is_chance():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(outcomes, weights=[float(w) for w in weights])[0])
        else:
            seat = state.actors()[0]
            state = state.apply(rng.choice(state.legal_moves(seat)))
    return state


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("game_id", "options", "key"),
    [
        ("ur", {"rules": "v2"}, "scores.ur.all_off"),
        ("ur", {"rules": "v1"}, "scores.ur.all_off"),
        ("ur", {"rules": "rb"}, "scores.ur.rb.no_free"),
        ("subulata", {}, "scores.subulata.end"),
    ],
)
def test_every_end_says_why(game_id: str, options: dict[str, str], key: str, lang: str) -> None:
    for seed in range(4):
        state = finished(game_id, options, seed)
        line = words_for(game_id).scores(state, NAMES, lang)
        assert line is not None and line.startswith("🏁"), line
        outcome = state.outcome()
        assert outcome is not None
        if key == "scores.ur.rb.no_free":
            assert NAMES[1 - outcome.winners[0]] in line.splitlines()[0]
        if game_id == "subulata":
            assert isinstance(state, subulata.State)
            stuck = not any(state.arrived(s) for s in (0, 1))
            ending = t(lang, f"{key}.{'stuck' if stuck else 'arrived'}", name="").split("****")[-1].strip()
            assert ending[:12] in line.splitlines()[0], line
