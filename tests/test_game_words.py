"""One home per game on the bot side: what the bot says and shows of a game is found through registries
keyed by game id, so a fifth game adds modules and registry lines, never branches in shared functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import render
from bot.app.telling.game_words import GAME_WORDS
from games import GAMES
from games.base import GameInfo

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "bot" / "app" / "telling" / "game_words"
GAME_IDS = {game.id for game in GAMES}
GAME_MODULES = tuple(f"{floor}.{game_id}" for floor in ("games", "render") for game_id in sorted(GAME_IDS))

# One game's own modules that shared bot code may still import, each with its reason.
KNOWN_IMPORTS = {
    # The /genes command lists Ursuppe's genes: a command of that game's own (its shell is being rebuilt).
    "games.ursuppe.genes",
}


def shared_modules() -> list[Path]:
    """Every bot module but a game's own: those in the words' home, and a feature's per-game module named for its
    game (``bot/app/orders/ursuppe.py``), which the feature finds through a registry keyed by game id."""
    return [p for p in sorted((ROOT / "bot").rglob("*.py")) if HOME not in p.parents and p.stem not in GAME_IDS]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_has_an_entry_in_each_bot_side_registry(game: GameInfo) -> None:
    assert game.id in GAME_WORDS, "its words, narration and set-up prompts"
    assert game.id in render.RENDERERS, "its board"
    assert game.id in render.SEAT_COLOURS, "the colours its turn posts take from its board"
    assert len(render.SEAT_COLOURS[game.id]) >= game.max_players, "a colour for every seat"


def test_no_shared_bot_module_names_a_game() -> None:
    named = []
    for path in shared_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in GAME_IDS:
                named.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert named == []


def test_no_shared_bot_module_imports_one_games_own_modules() -> None:
    found = []
    for path in shared_modules():
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for name in names:
                own = any(name == m or name.startswith(m + ".") or name.startswith(m + "_") for m in GAME_MODULES)
                if own and name not in KNOWN_IMPORTS:
                    found.append(f"{where}:{node.lineno} imports {name}")
    assert found == []
