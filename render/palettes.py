"""The boards' palettes, sampled once from representative renders and shipped with the code.

Every board is encoded on a palette of 48–64 colours (:func:`render.common.encode_png`) worked out from a
sheet of sample boards, so that equal views give equal bytes and encoding costs a millisecond. Working one out
draws up to six whole boards and quantises them together: about a second of CPU and some 100 MB held for a
moment, in the bot's first minutes. The result depends only on the artwork, so it is worked out when the
artwork changes (``python -m render.sample_palettes``) and read from ``palettes.json`` beside this module;
``tests/test_palettes.py`` samples each palette afresh and fails, naming that command, when one differs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Final

from PIL import Image

PALETTES_FILE: Final = Path(__file__).with_name("palettes.json")
"""Each palette by its key (``ultimatek/contrast``, ``ur/loop``, …), as the hex of its RGB entries."""

Sampler = Callable[[], Image.Image]
"""Works a palette out from its sample renders (:func:`render.common.build_palette`)."""


@cache
def shipped_entries() -> dict[str, str]:
    """The shipped palettes by key, read once (none when the file is missing)."""
    try:
        return dict(json.loads(PALETTES_FILE.read_text(encoding="utf-8")))
    except FileNotFoundError:
        return {}


def palette_image(hex_entries: str) -> Image.Image:
    """The palette image of ``hex_entries`` (three bytes a colour), as :func:`render.common.encode_png` takes it."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(list(bytes.fromhex(hex_entries)))
    return palette


def entries_of(palette: Image.Image) -> str:
    """The hex of ``palette``'s RGB entries, as :data:`PALETTES_FILE` keeps them."""
    return bytes(palette.getpalette() or []).hex()


def shipped(key: str, sample: Sampler) -> Image.Image:
    """The palette ``key`` as shipped, or worked out by ``sample`` when the file has none for it (a new
    board before its palette is shipped: slower, same bytes)."""
    entries = shipped_entries().get(key)
    return sample() if entries is None else palette_image(entries)
