"""Subulata's drawing kit: the two palettes (standard and high contrast), the terrain symbols and the
piece sprites, shared by the board (:mod:`render.subulata`).

Terrain reads without colour vision: each kind has its symbol (waves, a five-petal flower, a leaf) as
well as its colour. The sides differ in lightness and in shape (White a light disc, Black a dark
hexagon), so they stay apart for every form of colour blindness (see ``tests/test_colour_safety.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from render.common import BACKDROP, CREAM, HIGHLIGHT, INK, MUTED, PANEL, PANEL_EDGE, Color, supersampled


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of one palette."""

    name: str
    backdrop: Color
    panel: Color
    panel_edge: Color
    frame: Color
    text: Color
    muted: Color
    terrain: dict[str, Color]
    symbol: dict[str, Color]
    piece_fill: tuple[Color, Color]
    piece_rim: tuple[Color, Color]
    piece_ink: tuple[Color, Color]
    gold: Color
    highlight: Color


GOLD: Final[Color] = (222, 180, 72)
EMPTY_CELL: Final[Color] = (70, 64, 58)
"""A cell before the tiles are laid."""
PIECE_FILL: Final[tuple[Color, Color]] = ((238, 234, 222), (30, 30, 34))
"""White's and Black's piece colours: far apart in lightness, so apart under every colour vision."""
SEAT_SHAPES: Final = ("disc", "hexagon")
"""The shape of each side's pieces (White, Black), which :func:`piece_sprite` draws by: the sides differ
in shape as well as in lightness (:attr:`render.common.GameRenderer.seat_marks`)."""

STANDARD: Final = Theme(
    name="standard",
    backdrop=BACKDROP,
    panel=PANEL,
    panel_edge=PANEL_EDGE,
    frame=(20, 36, 44),
    text=CREAM,
    muted=MUTED,
    # Dark water, mid green leaves, light rose flowers: apart in lightness as well as hue, so they stay
    # CIEDE2000 ≥ 20 apart under protanopia, deuteranopia and tritanopia (the old blue, rose and green
    # were 7.5 apart under tritanopia); each also has its symbol.
    terrain={"W": (55, 61, 140), "F": (181, 124, 161), "L": (106, 167, 34)},
    symbol={"W": (176, 208, 248), "F": (84, 24, 62), "L": (32, 74, 18)},
    piece_fill=PIECE_FILL,
    piece_rim=(INK, (214, 208, 196)),
    piece_ink=(INK, (246, 242, 232)),
    gold=GOLD,
    highlight=HIGHLIGHT,
)
CONTRAST: Final = Theme(
    name="contrast",
    backdrop=(0, 0, 0),
    panel=(18, 18, 18),
    panel_edge=(250, 250, 250),
    frame=(0, 0, 0),
    text=(255, 255, 255),
    muted=(236, 236, 236),
    # Three steps of lightness (dark blue, mid green, light pink), each with its own symbol.
    terrain={"W": (16, 52, 128), "F": (232, 132, 186), "L": (30, 124, 46)},
    symbol={"W": (255, 255, 255), "F": (70, 0, 44), "L": (255, 255, 255)},
    piece_fill=((255, 255, 255), (0, 0, 0)),
    piece_rim=((0, 0, 0), (255, 255, 255)),
    piece_ink=((0, 0, 0), (255, 255, 255)),
    gold=(255, 214, 0),
    highlight=(0, 230, 255),
)
THEMES: Final = {STANDARD.name: STANDARD, CONTRAST.name: CONTRAST}


SYMBOL_SIZE: Final = 2.3
"""A cell's terrain symbol, in :func:`symbol`'s sizes: some 48 px across on the 1000 px board, 12.5 CSS px
once it is shown in a phone's 265 px column (at 1.45 it was 8 CSS px, too small to tell waves from a leaf)."""


def symbol(draw: ImageDraw.ImageDraw, k: float, kind: str, cx: float, cy: float, colour: Color, size: float) -> None:
    """The terrain symbol of ``kind`` centred at (cx, cy) in image pixels, ``size`` times the base size,
    on a canvas ``k`` times larger."""
    s = 11.0 * size

    def pt(x: float, y: float) -> tuple[float, float]:
        return x * k, y * k

    if kind == "W":
        for dy in (-4.5 * size, 4.5 * size):
            pts = [(cx - s + i * 2 * s / 16, cy + dy + 3.2 * size * math.sin(i / 16 * 2 * math.pi)) for i in range(17)]
            draw.line([pt(x, y) for x, y in pts], fill=colour, width=round(2.6 * size * k), joint="curve")
    elif kind == "F":
        for i in range(5):
            a = -math.pi / 2 + i * 2 * math.pi / 5
            px, py = cx + 6.2 * size * math.cos(a), cy + 6.2 * size * math.sin(a)
            r = 4.6 * size
            draw.ellipse((*pt(px - r, py - r), *pt(px + r, py + r)), fill=colour)
        r = 3.4 * size
        draw.ellipse((*pt(cx - r, cy - r), *pt(cx + r, cy + r)), fill=(236, 196, 64))
    else:
        half = [(-s + 2 * s * i / 24, 6.0 * size * math.sin(math.pi * i / 24)) for i in range(25)]
        outline = half + [(a, -b) for a, b in reversed(half)]
        c, d = math.cos(-math.pi / 4), math.sin(-math.pi / 4)
        draw.polygon([pt(cx + a * c - b * d, cy + a * d + b * c) for a, b in outline], fill=colour)


@cache
def piece_sprite(seat: int, diameter: int, theme: str = "standard") -> Image.Image:
    """Seat ``seat``'s piece, ``diameter`` pixels wide, on a square transparent sprite: White a light disc
    with a dark rim, Black a dark hexagon with a light rim (lightness and outline both tell them apart)."""
    colours = THEMES[theme]
    pad = 4
    size = diameter + 2 * pad

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c, r = size / 2 * k, diameter / 2 * k
        shadow = (0, 0, 0, 110)
        if SEAT_SHAPES[seat] == "disc":
            draw.ellipse((c - r + 2 * k, c - r + 3 * k, c + r + 2 * k, c + r + 3 * k), fill=shadow)
            draw.ellipse((c - r, c - r, c + r, c + r), fill=colours.piece_rim[seat])
            rr = r - 4 * k
            draw.ellipse((c - rr, c - rr, c + rr, c + rr), fill=colours.piece_fill[seat])
            return

        def hexagon(radius: float, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
            return [
                (
                    c + dx + radius * math.cos(math.pi / 6 + i * math.pi / 3),
                    c + dy + radius * math.sin(math.pi / 6 + i * math.pi / 3),
                )
                for i in range(6)
            ]

        draw.polygon(hexagon(r, 2 * k, 3 * k), fill=shadow)
        draw.polygon(hexagon(r), fill=colours.piece_rim[seat])
        draw.polygon(hexagon(r - 4.5 * k), fill=colours.piece_fill[seat])

    return supersampled((size, size), 4, paint)


@cache
def cell_sprite(kind: str | None, size: int, symbol_at: float, theme: str = "standard") -> Image.Image:
    """One cell of the pond, ``size`` px square: its terrain's colour with the terrain's symbol centred
    ``symbol_at`` px from its upper left corner (``kind`` None: an empty cell, before the tiles are
    laid). Its 1 px margin is the board's frame colour, on which every cell sits: the sprite is opaque,
    drawn once per terrain and reused on every layout, so a new layout costs some 80 plain pastes."""
    colours = THEMES[theme]

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        colour = EMPTY_CELL if kind is None else colours.terrain[kind]
        draw.rectangle((k, k, (size - 1) * k, (size - 1) * k), fill=colour)
        if kind is not None:
            symbol(draw, k, kind, symbol_at, symbol_at, colours.symbol[kind], SYMBOL_SIZE)

    cell = Image.new("RGB", (size, size), colours.frame)
    drawn = supersampled((size, size), 3, paint)
    cell.paste(drawn, (0, 0), drawn)
    return cell


@cache
def swatch_sprite(kind: str, side: int, theme: str = "standard") -> Image.Image:
    """The legend's swatch of terrain ``kind``: its symbol on its colour, a rounded square ``side`` px wide
    (+ 1 px, as Pillow draws a box's far edge)."""
    colours = THEMES[theme]

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle((0, 0, side * k, side * k), radius=8 * k, fill=colours.terrain[kind])
        symbol(draw, k, kind, side / 2, side / 2, colours.symbol[kind], 1.35)

    return supersampled((side + 1, side + 1), 3, paint)


@cache
def badge_sprite(diameter: int, theme: str = "standard") -> Image.Image:
    """The round badge a move button's mark is written on: the highlight colour ringed in ink."""
    colours = THEMES[theme]

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.ellipse((k, k, (diameter - 1) * k, (diameter - 1) * k), fill=INK)
        draw.ellipse((4 * k, 4 * k, (diameter - 4) * k, (diameter - 4) * k), fill=colours.highlight)

    return supersampled((diameter, diameter), 4, paint)


def paste(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """``sprite`` pasted on ``canvas`` centred on ``centre``."""
    canvas.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


__all__ = [
    "CONTRAST",
    "EMPTY_CELL",
    "GOLD",
    "PIECE_FILL",
    "SEAT_SHAPES",
    "STANDARD",
    "THEMES",
    "Theme",
    "badge_sprite",
    "cell_sprite",
    "paste",
    "piece_sprite",
    "swatch_sprite",
]
