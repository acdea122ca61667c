"""The allocator's settings for a long-running bot: Pillow's pool of freed image blocks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image

from bot.shell.allocator import IMAGE_BLOCK_BYTES, IMAGE_BLOCKS_KEPT, pool_image_blocks
from games import find_game
from render import BoardContext, render_board


@pytest.fixture
def pooled() -> Iterator[None]:
    before = Image.core.get_block_size(), Image.core.get_blocks_max()
    pool_image_blocks()
    try:
        yield
    finally:
        Image.core.set_blocks_max(before[1])
        Image.core.set_block_size(before[0])


def test_the_pool_is_bounded() -> None:
    assert IMAGE_BLOCK_BYTES * IMAGE_BLOCKS_KEPT <= 32 * 1024 * 1024


@pytest.mark.parametrize(("game", "options"), [("ur", {"rules": "v3"}), ("ultimatek", {"cap": "none"})])
def test_a_board_drawn_again_takes_its_blocks_from_the_pool(pooled: None, game: str, options: dict[str, str]) -> None:
    info = find_game(game)
    view = info.new(2, options).view_for(None)
    ctx = BoardContext(names=("Maximilien-Alexandre de La Tour", "Éléonore-Marguerite Van Den Berg"))
    first = render_board(game, view, ctx)
    Image.core.reset_stats()
    again = render_board(game, view, ctx)
    stats = Image.core.get_stats()
    assert again == first
    # Without the pool every block is new (29 of 29 for Variante 3's board); with it, the odd block past the
    # pool's bound at the render's peak.
    assert stats["reused_blocks"] > 0
    assert stats["allocated_blocks"] <= stats["new_count"] // 20
