"""High contrast for a board drawn on a dark ground: its lightness turned over, and the WCAG contrast ratio
that measures it.

A board whose art is dark (Ur's bitumen and lapis) keeps its drawing in a member's high-contrast palette:
:func:`inverted_lightness` mirrors each colour's CIELAB lightness about the middle and steepens it, keeping
its hue, so the dark ground turns near white, the cream lines and letters near black, and every shade
between keeps its order (anti-aliased edges stay smooth). The boards leave :func:`render.common.encode_png`
as indexed PNGs, so :func:`recolour_png` applies it to the palette's few dozen entries only: the pixels,
already compressed, are not touched, and the high-contrast image costs no more than the standard one.

:func:`contrast_ratio` is the WCAG 2 contrast ratio (1 to 21): 7 is the AAA level for text.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from render.common import Color

STEEPNESS: Final = 1.5
"""How much :func:`inverted_lightness` steepens lightness about the middle: 1.5 takes the standard palette's
muted grey (L* 68, the coordinates) to L* 23, 11.7:1 against the ground, and clips the darkest grounds to
white and the lightest letters to black."""

_WHITE: Final = (0.95047, 1.0, 1.08883)
"""The D65 white point, in XYZ."""
_TO_XYZ: Final = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
_FROM_XYZ: Final = ((3.2406, -1.5372, -0.4986), (-0.9689, 1.8758, 0.0415), (0.0557, -0.2040, 1.0570))
_EPSILON: Final = (6 / 29) ** 3


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(linear: float) -> int:
    c = min(1.0, max(0.0, linear))
    c = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(c * 255)


def relative_luminance(colour: Color) -> float:
    """The WCAG relative luminance of an sRGB colour: 0 (black) to 1 (white)."""
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Color, b: Color) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 (the same lightness) to 21 (black on white)."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _lab(colour: Color) -> tuple[float, float, float]:
    rgb = [_linear(c) for c in colour]
    x, y, z = (sum(m * c for m, c in zip(row, rgb, strict=True)) / w for row, w in zip(_TO_XYZ, _WHITE, strict=True))
    fx, fy, fz = (t ** (1 / 3) if t > _EPSILON else t / (3 * (6 / 29) ** 2) + 4 / 29 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _f_inverse(t: float) -> float:
    return t**3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)


def _rgb(lab: tuple[float, float, float]) -> Color:
    fy = (lab[0] + 16) / 116
    fx, fz = fy + lab[1] / 500, fy - lab[2] / 200
    xyz = [_f_inverse(t) * w for t, w in zip((fx, fy, fz), _WHITE, strict=True)]
    r, g, b = (_encoded(sum(m * c for m, c in zip(row, xyz, strict=True))) for row in _FROM_XYZ)
    return r, g, b


@lru_cache(maxsize=1024)
def inverted_lightness(colour: Color) -> Color:
    """``colour`` with its CIELAB lightness mirrored about 50 and steepened by :data:`STEEPNESS` (clipped
    to 0–100), its hue and chroma kept: dark grounds turn light, light letters dark."""
    lightness, a, b = _lab(colour)
    turned = min(100.0, max(0.0, 50 + (50 - lightness) * STEEPNESS))
    return _rgb((turned, a, b))


@lru_cache(maxsize=64)
def _recoloured(entries: bytes, recolour: Callable[[Color], Color]) -> bytes:
    out = bytearray()
    for i in range(0, len(entries) - 2, 3):
        out += bytes(recolour((entries[i], entries[i + 1], entries[i + 2])))
    return bytes(out)


def recolour_png(png: bytes, recolour: Callable[[Color], Color]) -> bytes:
    """The indexed PNG ``png`` with every palette entry passed through ``recolour``. Only its palette
    chunk is rewritten (pixels untouched), so equal inputs still give equal bytes.

    Raises:
        ValueError: ``png`` is not an indexed PNG.
    """
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError("not a PNG")
    out = bytearray(png[:8])
    pos, found = 8, False
    while pos + 8 <= len(png):
        length = int.from_bytes(png[pos : pos + 4], "big")
        kind = png[pos + 4 : pos + 8]
        end = pos + 12 + length
        if kind == b"PLTE":
            found = True
            chunk = kind + _recoloured(png[pos + 8 : pos + 8 + length], recolour)
            out += length.to_bytes(4, "big") + chunk + zlib.crc32(chunk).to_bytes(4, "big")
        else:
            out += png[pos:end]
        pos = end
    if not found:
        raise ValueError("not an indexed PNG: no palette to recolour")
    return bytes(out)


__all__ = ["STEEPNESS", "contrast_ratio", "inverted_lightness", "recolour_png", "relative_luminance"]
