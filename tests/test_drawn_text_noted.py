"""Every text a board draws is noted (:mod:`render.lettering`), so the phone bench measures all of it.

Pillow's ``ImageDraw.text`` is wrapped for the test to record each string actually drawn and the font size it
was drawn at; the render's caches are emptied first, so text inside cached sprites is drawn again. Every
drawn string must be among the noted ones, noted no larger than it was drawn (a supersampled canvas draws
larger than the final image; never smaller). One middle position per renderer (each Ur rule set draws its
own board), public and seat 0, in both languages, keeps it fast.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from games.base import GameInfo
from render import BoardContext, render_board, render_board_detail
from render.lettering import noted
from tests.test_board_lettering import CASES, LONG_NAMES, stages


def _empty_render_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float]]]:
    """The (text, font size) of every ``ImageDraw.text`` call while the test runs."""
    seen: list[tuple[str, float]] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        face = kwargs.get("font") if "font" in kwargs else (args[1] if len(args) > 1 else None)
        seen.append((str(text), float(getattr(face, "size", 0.0))))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    yield seen


def _one_table_per_renderer() -> list[tuple[str, GameInfo, dict[str, str], int]]:
    """The largest table of each Ur rule set and of the first rule set of every other game."""
    chosen: dict[str, tuple[str, GameInfo, dict[str, str], int]] = {}
    for case in CASES:
        key, info, _options, players = case
        renderer = key if info.id == "ur" else info.id
        if renderer not in chosen or (chosen[renderer][0] == key and players > chosen[renderer][3]):
            chosen[renderer] = case
    return list(chosen.values())


ONE_TABLE = _one_table_per_renderer()


@pytest.mark.parametrize(("key", "info", "options", "players"), ONE_TABLE, ids=[f"{c[0]}-{c[3]}p" for c in ONE_TABLE])
def test_every_drawn_text_is_noted(
    key: str, info: GameInfo, options: dict[str, str], players: int, drawn: list[tuple[str, float]]
) -> None:
    names = tuple(LONG_NAMES[:players])
    for lang in ("en", "fr"):
        for state in stages(info, options, players)[1:2]:
            for seat in (None, 0):
                ctx = BoardContext(names=names, lang=lang)
                view = state.view_for(seat)
                _empty_render_caches()
                drawn.clear()
                with noted() as notes:
                    render_board(info.id, view, ctx)
                    render_board_detail(info.id, view, ctx)
                smallest: dict[str, float] = {}
                for text, px in notes.texts:
                    smallest[text] = min(px, smallest.get(text, px))
                missing = sorted({t for t, _ in drawn if t.strip() and t not in smallest})
                assert not missing, f"{key} {lang} seat {seat}: drawn but not noted: {missing[:20]}"
                larger = sorted({(t, s, smallest[t]) for t, s in drawn if t.strip() and smallest[t] > s + 0.5})
                assert not larger, f"{key} {lang} seat {seat}: noted larger than drawn (text, drawn, noted): {larger}"
