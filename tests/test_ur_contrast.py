"""Ur's high-contrast palette (a member's own views): a light ground, dark letters and lines, and pieces
whose outline stands at least 7:1 against the ground (the WCAG AAA level), in the four rule sets.

The ratios are measured on the pixels. Text: every board is drawn twice with its caches emptied, once as
it is and once with Pillow's text drawing switched off; inside each text's box, the pixels that differ
are the letters, the other image gives the ground under them, and the letters' core (the largest ratio in
the box) must reach 7:1. Pieces: a position with a piece on a square against one with that square empty;
the piece's outline (its outermost 3 px) must reach 7:1 against the square's ground (its commonest colour)
at the median.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from games.ur import loop, motifs, race, towers
from render import BoardContext, describe_board, render_board
from render.common import BACKDROP, CREAM, MUTED, PANEL
from render.contrast import contrast_ratio, inverted_lightness, recolour_png, relative_luminance
from render.ur import kit
from render.ur import loop as loop_art
from render.ur import motifs as motifs_art
from render.ur import race as race_art
from render.ur import towers as towers_art
from tests.test_render_ur_phone import NAMES, POSITIONS

AAA = 7.0
"""The WCAG AAA contrast ratio for text: what the high-contrast palette promises."""
MODULES: tuple[ModuleType, ...] = (kit, race_art, loop_art, motifs_art, towers_art)
PIECES: dict[str, tuple[Callable[[str], object], str]] = {
    "v1": (loop.from_text, "v1 0:{a} 1:{c} {turn} -"),
    "v2": (race.from_text, "v2 0:{a} 1:{c} {turn} -"),
    "v3": (motifs.from_text, "v3 0r:{a}r 1r:{c}r {turn} -"),
    "rb": (towers.from_text, "rb {a}=a,{c}=c 9,9 0,0 {turn} - 5/2"),
}
"""Each rule set's position with a seat 0 piece on ``a`` and a seat 1 piece on ``c``, ``turn`` to play."""


def _image(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)


def _luminance(pixels: np.ndarray) -> np.ndarray:
    c = pixels / 255.0
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def _ratios(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    la, lb = _luminance(a), _luminance(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def _commonest(pixels: np.ndarray) -> tuple[int, int, int]:
    """The most frequent colour of ``pixels``: the ground."""
    packed = (pixels[..., 0].astype(np.int64) << 16) | (pixels[..., 1].astype(np.int64) << 8) | pixels[..., 2]
    value = int(np.bincount(packed.ravel()).argmax())
    return value >> 16, (value >> 8) & 255, value & 255


def _clear_caches() -> None:
    """Empty every cached layer and sprite of the Ur renderers (not their palettes, computed once)."""
    for module in MODULES:
        for name, value in vars(module).items():
            if hasattr(value, "cache_clear") and "palette" not in name:
                value.cache_clear()


@contextmanager
def _text(record: list[tuple[tuple[int, int], tuple[int, int, int, int]]] | None) -> Iterator[None]:
    """Record the box of every text Pillow draws (``record``), or draw none (None)."""
    real = ImageDraw.ImageDraw.text

    def text(draw: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        if record is None:
            return
        box = draw.textbbox(xy, text, font=kwargs.get("font"), anchor=kwargs.get("anchor"))
        record.append((draw.im.size, tuple(round(v) for v in box)))  # type: ignore[arg-type]
        real(draw, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield
    finally:
        ImageDraw.ImageDraw.text = real  # type: ignore[method-assign]
        _clear_caches()


def _draw(rules: str, ctx: BoardContext, text: list[Any] | None) -> np.ndarray:
    render_board("ur", POSITIONS[rules](), ctx)  # the palette, computed once with its text
    _clear_caches()
    with _text(text):
        return _image(render_board("ur", POSITIONS[rules](), ctx))


def test_inverted_lightness_turns_dark_to_light_and_keeps_the_order() -> None:
    assert relative_luminance(inverted_lightness(BACKDROP)) > 0.95
    assert relative_luminance(inverted_lightness(CREAM)) < 0.01
    greys = [inverted_lightness((v, v, v)) for v in range(0, 256, 5)]
    lights = [relative_luminance(g) for g in greys]
    assert lights == sorted(lights, reverse=True)
    assert contrast_ratio(inverted_lightness(MUTED), inverted_lightness(PANEL)) >= AAA


def test_contrast_ratio_is_the_wcag_one() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio((10, 20, 30), (10, 20, 30)) == 1.0


def test_recolouring_a_png_rewrites_its_palette_and_nothing_else() -> None:
    png = render_board("ur", POSITIONS["v2"](), BoardContext(NAMES))
    turned = recolour_png(png, inverted_lightness)
    before, after = Image.open(io.BytesIO(png)), Image.open(io.BytesIO(turned))
    assert before.mode == after.mode == "P"
    assert before.tobytes() == after.tobytes()
    entries = before.getpalette() or []
    expected = [c for i in range(0, len(entries), 3) for c in inverted_lightness(tuple(entries[i : i + 3]))]  # type: ignore[arg-type]
    assert after.getpalette() == expected
    assert recolour_png(png, inverted_lightness) == turned
    with pytest.raises(ValueError):
        recolour_png(
            b"\x89PNG\r\n\x1a\n" + b"\0\0\0\0IEND" + zlib.crc32(b"IEND").to_bytes(4, "big"), inverted_lightness
        )


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_the_contrast_board_is_light_and_the_standard_one_dark(rules: str) -> None:
    for palette, light in (("contrast", True), ("standard", False)):
        pixels = _image(render_board("ur", POSITIONS[rules](), BoardContext(NAMES, palette=palette)))  # type: ignore[arg-type]
        ground = _commonest(pixels)
        assert (relative_luminance(ground) > 0.8) is light, (palette, ground)


@pytest.mark.parametrize("rules", sorted(POSITIONS))
@pytest.mark.parametrize(("lang", "standard", "contrast"), [("en", "orange", "white"), ("fr", "orange", "blanc")])
def test_the_alt_text_names_the_colours_each_palette_draws(rules: str, lang: str, standard: str, contrast: str) -> None:
    # The high-contrast palette draws seat 0 white and seat 1 black: a screen reader must not hear orange and blue.
    said = {
        palette: describe_board("ur", POSITIONS[rules](), BoardContext(NAMES, lang=lang, palette=palette))  # type: ignore[arg-type]
        for palette in ("standard", "contrast")
    }
    assert standard in said["standard"] and contrast not in said["standard"]
    assert contrast in said["contrast"] and "orange" not in said["contrast"] and "blue" not in said["contrast"]


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_every_text_on_the_contrast_board_stands_7_to_1(rules: str) -> None:
    """On a member's own view (the only board drawn in their palette), with a move's mark and the last move."""
    ctx = BoardContext(NAMES, "A1-A2", 0, ("A2",), viewer=0, marks=(("A2", "1"),), palette="contrast")
    boxes: list[tuple[tuple[int, int], tuple[int, int, int, int]]] = []
    drawn = _draw(rules, ctx, boxes)
    bare = _draw(rules, ctx, None)
    height, width, _ = drawn.shape
    weakest: list[tuple[float, tuple[int, int, int, int]]] = []
    for size, (x0, y0, x1, y1) in boxes:
        if size != (width, height):
            continue  # a sprite's text, pasted later: its box is not the board's
        a, b = drawn[max(0, y0) : y1, max(0, x0) : x1], bare[max(0, y0) : y1, max(0, x0) : x1]
        letters = np.any(a != b, axis=2)
        if letters.any():
            weakest.append((float(_ratios(a[letters], b[letters]).max()), (x0, y0, x1, y1)))
    assert len(weakest) >= 10, "the board's texts were found"
    low = [w for w in weakest if w[0] < AAA]
    assert not low, f"{rules}: texts under {AAA}:1: {low[:5]}"


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_every_piece_is_outlined_7_to_1_against_its_ground(rules: str) -> None:
    """Each seat's piece is measured while the other seat is to play: the pieces that may move carry a
    mark around them in Variante 3 (a ring, not the piece)."""
    parse, text = PIECES[rules]
    ctx = BoardContext(NAMES, palette="contrast")
    for square, turn in (("A2", 1), ("C3", 0)):
        with_pieces = _image(render_board("ur", parse(text.format(a="A2", c="C3", turn=turn)), ctx))
        without = _image(render_board("ur", parse(text.format(a="A3", c="C4", turn=turn)), ctx))
        x0, y0, x1, y1 = (round(v) for v in kit.square_box(square))
        a, b = with_pieces[y0:y1, x0:x1], without[y0:y1, x0:x1]
        piece = Image.fromarray((np.any(np.abs(a - b) > 12, axis=2) * 255).astype(np.uint8))
        inner = np.asarray(piece.filter(ImageFilter.MinFilter(7))) > 0
        mask = np.asarray(piece) > 0
        outline = mask & ~inner
        assert outline.sum() > 100, (rules, square)
        ground = np.broadcast_to(_commonest(b), (int(outline.sum()), 3))
        ratio = float(np.median(_ratios(a[outline], ground)))
        assert ratio >= AAA, f"{rules} {square}: the piece's outline is {ratio:.1f}:1 against its ground"


def test_the_contrast_seats_stay_apart_for_colour_blind_players() -> None:
    """The two seats as the turned-over image shows them (white and black) pass the colour-safety floor."""
    from tests.test_colour_safety import FLOOR, closest_pair

    shown = [inverted_lightness(colour) for colour in kit.CONTRAST_SEATS]
    assert relative_luminance(shown[0]) > 0.9 > 0.01 > relative_luminance(shown[1])
    distance, vision, _, _ = closest_pair(shown)
    assert distance >= FLOOR, f"{distance:.1f} apart under {vision}"
