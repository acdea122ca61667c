"""The shipped palettes are the ones the boards' sample renders give, and shipping them changes no byte."""

from __future__ import annotations

import json
import random

from PIL import Image, ImageDraw

from render.common import SHRINK_BAND_ROWS, supersampled
from render.palettes import PALETTES_FILE, palette_image, shipped
from render.sample_palettes import SAMPLERS, sample_all

REFRESH = "the artwork changed: run `python -m render.sample_palettes` and commit render/palettes.json"


def test_every_shipped_palette_is_the_one_its_samples_give_now() -> None:
    shipped_now = json.loads(PALETTES_FILE.read_text(encoding="utf-8"))
    assert shipped_now == sample_all(), REFRESH


def test_a_board_without_a_shipped_palette_samples_its_own() -> None:
    drawn: list[str] = []

    def sample() -> Image.Image:
        drawn.append("sampled")
        return palette_image("ff000000ff00")

    palette = shipped("a board not shipped yet", sample)
    assert drawn == ["sampled"]
    assert palette.getpalette() == [255, 0, 0, 0, 255, 0]


def test_a_shipped_palette_reads_back_entry_for_entry() -> None:
    key = next(iter(SAMPLERS))
    assert shipped(key, lambda: Image.new("P", (1, 1))).getpalette() == SAMPLERS[key]().getpalette()


def test_a_tall_layer_shrunk_in_bands_is_the_layer_shrunk_in_one_piece() -> None:
    rng = random.Random(3)
    shapes = [
        (rng.uniform(-50, 450), rng.uniform(-50, 650), rng.uniform(5, 200), tuple(rng.randrange(256) for _ in range(4)))
        for _ in range(60)
    ]
    size = (400, 2 * SHRINK_BAND_ROWS + 37)  # three bands, the last one short

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        for x, y, r, colour in shapes:
            draw.ellipse(((x - r) * k, (y - r) * k, (x + r) * k, (y + r) * k), fill=colour)
            draw.line(((x * k, y * k), ((x + r) * k, (y - r / 2) * k)), fill=colour[:3], width=int(k * 3))

    big = Image.new("RGBA", (size[0] * 3, size[1] * 3), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), 3.0)
    assert supersampled(size, 3, paint).tobytes() == big.resize(size, Image.Resampling.BOX).tobytes()
