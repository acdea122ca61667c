"""The move components of a turn post, built without Discord: buttons when the moves fit, else the
builder's first step, never naming a secret; every custom id within Discord's limits."""

from __future__ import annotations

import dataclasses
import random
import re
from datetime import UTC, datetime
from types import MappingProxyType

import discord
import pytest

from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from bot.app.telling.words import MAX_MOVE_BUTTONS
from bot.shell.play.move_controls import BuilderButton, BuilderSelect, MoveButton, describe, move_controls
from games import GAMES, find_game
from games.base import GameInfo, GameState, Part
from games.builder import build
from games.playout import random_step

SECRET_RE = re.compile(r"place\s+(run|fly|stop)|fly\+?/?\s*$|bonus (run|fly|stop)")
"""A bonus kind named next to a placement: the secret of Ultima-Tek's phase 3."""


def match_at(info: GameInfo, state: GameState, players: int) -> Match:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return Match(
        id=123456,
        game=info,
        options=MappingProxyType({}),
        seed="s",
        guild_id=1,
        channel_id=2,
        creator_id=10,
        status=MatchStatus.ACTIVE,
        version=4321,
        state=state,
        seats=tuple(range(10, 10 + players)),
        result=None,
        created_at=now,
        updated_at=now,
    )


def positions(info: GameInfo, players: int, count: int = 150) -> list[GameState]:
    rng = random.Random(f"controls:{info.id}")
    state = info.new(players, {})
    found = []
    for _ in range(count):
        if state.outcome() is not None:
            break
        if not state.is_chance():
            found.append(state)
        state = state.apply(random_step(state, rng))
    return found


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_buttons_when_they_fit_else_the_builder_and_nothing_secret_in_public(info: GameInfo) -> None:
    players = info.min_players if info.id != "ursuppe" else 4
    kinds = set()
    for state in positions(info, players):
        rows = move_controls(match_at(info, state, players), "en")
        actors = state.actors()
        if len(actors) != 1:
            assert rows == []
            continue
        assert 1 <= len(rows) <= 5
        moves = [state.format_move(m) for m in state.legal_moves(actors[0])]
        for row in rows:
            assert len(row) == 1 or (len(row) <= 5 and all(not isinstance(i, BuilderSelect) for i in row))
            for item in row:
                assert len(item.item.custom_id or "") <= 100
                if isinstance(item, BuilderSelect):
                    kinds.add("select")
                    assert len(item.item.options) <= 25
                    for option in item.item.options:
                        shown = f"{option.label} {option.description or ''}"
                        assert not SECRET_RE.search(shown), shown
                elif isinstance(item, MoveButton):
                    kinds.add("buttons")
                    assert info.public_notation(item.move) == item.move
                elif isinstance(item, BuilderButton) and item.act == "go":
                    kinds.add("private first step")
                    root = build(info, state, actors[0])
                    assert root is not None and any(c.secret for c in root.choices)
        if isinstance(rows[0][0], MoveButton):
            assert len(moves) <= MAX_MOVE_BUTTONS
    if info.id == "ultimatek":
        assert "select" in kinds
    if info.id == "ur":
        assert "buttons" in kinds


def test_a_first_step_that_would_name_a_secret_opens_privately() -> None:
    real = find_game("ultimatek")
    # A game whose every first choice is secret (as a lone placement of a bonus in hand would be).
    info = dataclasses.replace(real, move_parts=lambda state, move: (Part("m", state.format_move(move), secret=True),))
    state = next(s for s in positions(real, 2) if len(s.legal_moves()) > MAX_MOVE_BUTTONS)
    rows = move_controls(match_at(info, state, 2), "en")
    assert len(rows) == 1 and len(rows[0]) == 1
    (button,) = rows[0]
    assert isinstance(button, BuilderButton) and button.act == "go"
    assert button.item.label == t("en", "builder.open")


def test_a_move_is_described_in_words_with_its_cost() -> None:
    info = find_game("ultimatek")
    for state in positions(info, 2):
        if state.actors():
            throws = [m for m in state.legal_moves() if m.verb == "throw"]
            if throws:
                move = throws[0]
                words = describe(info, state, move, "en")
                assert words.startswith("Throw the disc ")
                # The price is said once, by the throw's words.
                assert words.count(f"{state.cost(move)} credit") == 1
                assert describe(info, state, move, "fr").startswith("Lancer le disque ")
                return
    raise AssertionError("no throw found")


def test_a_select_needs_discord_only_for_its_types() -> None:
    select = BuilderSelect(1, 2, "0a", [discord.SelectOption(label="x", value="0")])
    assert select.item.custom_id == "plateau:mb:1:2:0a"
