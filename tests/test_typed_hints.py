"""A hint's typed form speaks the member's language: in French, the verbs a French member types (``révéler``,
``poser``, ``fin``), which the parser reads as the very same decision, or no typed form at all where the
notation has only English words (Ur's ``in``/``off``, Ursuppe's verbs and colour letters): the hint then says
the move in words alone (issue 39: no notation in English inside French hints).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.telling.game_words import words_for
from bot.app.telling.words import typed_moves
from games import GAMES
from games.base import GameInfo, GameState
from games.ur import NEW as UR_RULES

ENGLISH_VERBS = re.compile(
    r"\b(reveal|discard|place|end|in|off|start|drift|move|stay|take|eat|attack|cling|let|defend|escape|yield|"
    r"done|pass|again|starve|pay|buy|none)\b"
)
"""English words of the four games' notations (Ultima-Tek's bonus names, Stop among them, are the rules' own in
every language)."""

TABLES = [(game, {}, game.min_players) for game in GAMES if game.id != "ur"]
TABLES += [(next(g for g in GAMES if g.id == "ur"), {"rules": rules}, 2) for rules in UR_RULES]


def positions(game: GameInfo, options: Mapping[str, str], players: int, seed: int) -> Iterator[GameState]:
    """The decision points of one random match (at most 120 plies)."""
    rng = random.Random(seed)
    state = game.new(players, game.validate_options(dict(options)))
    for _ in range(120):
        if state.outcome() is not None:
            return
        if state.is_chance():
            moves, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(moves, weights=[float(w) for w in weights])[0])
            continue
        yield state
        seat = state.actors()[0]
        state = state.apply(rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize(("game", "options", "players"), TABLES, ids=lambda v: getattr(v, "id", None) or str(v))
def test_every_decision_typed_in_french_is_french_and_reads_as_the_same_decision(
    game: GameInfo, options: Mapping[str, str], players: int
) -> None:
    typed_some = 0
    for state in positions(game, options, players, seed=3):
        seat = state.actors()[0]
        for move in state.legal_moves(seat):
            notation = state.format_move(move)
            assert words_for(game.id).typed(notation, "en") == notation, "English types the notation itself"
            french = words_for(game.id).typed(notation, "fr")
            if french is None:
                continue
            typed_some += 1
            assert not ENGLISH_VERBS.search(french.lower()), french
            assert state.parse_move(french, seat) == move, (notation, french)
    assert typed_some or game.id == "ursuppe", "some decisions have a French typed form"


def test_an_ultimatek_turn_is_typed_with_french_verbs() -> None:
    game = next(g for g in GAMES if g.id == "ultimatek")
    assert typed_moves(game, ["reveal c3", "c3-d3", "d3>d5 fly", "end"], "fr") == "révéler c3; c3-d3; d3>d5 fly; fin"
    assert typed_moves(game, ["place fly c3", "discard e2", "end"], "fr") == "poser fly c3; défausser e2; fin"
    assert typed_moves(game, ["reveal c3", "end"], "en") == "reveal c3; end"


def test_a_move_with_english_words_only_is_not_typed_in_french() -> None:
    ur = next(g for g in GAMES if g.id == "ur")
    soup = next(g for g in GAMES if g.id == "ursuppe")
    assert typed_moves(ur, ["in-A4"], "fr") is None
    assert typed_moves(ur, ["B2-off"], "fr") is None
    assert typed_moves(ur, ["A2-B4"], "fr") == "A2-B4"
    assert typed_moves(soup, ["2 eat gbpo"], "fr") is None
    assert typed_moves(soup, ["2 eat gbpo"], "en") == "2 eat gbpo"


@pytest.mark.parametrize("key", ["hint.in_words_only", "hint.turn_words_only", "hint.turn_start_words_only"])
def test_a_hint_in_words_alone_carries_no_backticked_notation(key: str) -> None:
    fields: dict[str, Any] = {"what": "Pion en case 4", "steps": "1. Pion en case 4", "move": None}
    for lang in ("en", "fr"):
        said = t(lang, key, **fields)
        assert "`" not in said and "None" not in said and "💡" in said
