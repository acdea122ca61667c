"""The acting player's board marks the squares they may move to (``BoardContext.targets``), in every
game with squares to move to; a board without targets (anyone else's) has no such mark."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games import find_game
from games.playout import random_step
from render import BoardContext, move_targets, render_board
from render.common import HIGHLIGHT

TABLES = [("ur", {"rules": r}) for r in ("rb", "v1", "v2", "v3")] + [("subulata", {}), ("ultimatek", {})]


def _yellow(png: bytes) -> int:
    raw = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    pixels = (raw[i : i + 3] for i in range(0, len(raw), 3))
    return sum(1 for p in pixels if all(abs(a - b) < 16 for a, b in zip(p, HIGHLIGHT, strict=True)))


def _acting_position(game_id: str, options: dict[str, str], seed: int = 3) -> tuple[object, int, list[str]]:
    """A position of a seeded random game where the seat to act has moves that go somewhere."""
    info = find_game(game_id)
    rng = random.Random(seed)
    state = info.new(2, {**info.option_defaults(), **options})
    for ply in range(400):
        if state.outcome() is not None:
            break
        if ply > 12 and not state.is_chance() and state.actors():
            seat = state.actors()[0]
            legal = [state.format_move(m) for m in state.legal_moves(seat)]
            if any("-" in n for n in legal):
                return state, seat, legal
        state = state.apply(random_step(state, rng))
    raise AssertionError("no position with moves")


@pytest.mark.parametrize(("game_id", "options"), TABLES)
def test_the_acting_players_board_marks_where_they_can_move(game_id: str, options: dict[str, str]) -> None:
    state, seat, legal = _acting_position(game_id, options)
    view = state.view_for(seat)  # type: ignore[attr-defined]
    targets = move_targets(game_id, view, legal)
    assert targets, legal
    ctx = BoardContext(("Alice", "Bob"))
    plain = render_board(game_id, view, ctx)
    marked = render_board(game_id, view, BoardContext(("Alice", "Bob"), targets=targets))
    assert plain != marked
    # Each dot is some 26 px across of yellow: every target adds its own.
    assert _yellow(marked) - _yellow(plain) >= 250 * len(targets)


def test_targets_come_only_from_moves_that_go_somewhere() -> None:
    ur = find_game("ur")
    view = ur.new(2, {"rules": "v2"}).view_for(None)
    assert move_targets("ur", view, ["roll:2"]) == ()
