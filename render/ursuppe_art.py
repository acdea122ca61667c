"""The sprites of the Ursuppe board: player silhouettes, amoebas, food chips, score markers, the compass island.

Every player has a colour from the Okabe–Ito set (told apart by the common forms of colour blindness)
and a silhouette of their own (circle, triangle, square, diamond, hexagon, star), so a reader who cannot
tell two colours apart still tells the shapes apart. Sprites are drawn large and reduced (see
:func:`render.common.supersampled`), then cached: a render only pastes them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageFilter

from render.common import CREAM, INK, MUTED, RED, Color, Weight, font, mix, supersampled
from render.lettering import note_text

WHITE: Final[Color] = (255, 255, 255)

PLAYER_COLOURS: Final[tuple[Color, ...]] = (
    (144, 0, 0),
    (255, 255, 60),
    (108, 204, 144),
    (0, 0, 132),
    (156, 84, 255),
    (192, 108, 0),
)
"""Red, yellow, green, blue, purple and orange (the colours of ``data/ursuppe.json``, by colour index),
chosen so that every pair stays at least CIEDE2000 20 apart for normal vision and under simulated protanopia,
deuteranopia and tritanopia (Machado 2009, full severity; ``tests/test_colour_safety.py``), each colour kept
where a member names it by the name the game gives it (``tests/test_colour_names.py``: the earlier palette drew
a cyan "green", a lavender "blue" and a greyish "purple"): a max-min search over the sRGB cube with each colour
held in its named hue range. Every colour also has its own shape (:data:`SHAPE_OF`), so no seat is told by
colour alone."""

FOOD_COLOURS: Final[tuple[Color, ...]] = PLAYER_COLOURS
"""The food cubes: each player's excretions are cubes of their colour, drawn with their shape too."""


@dataclass(frozen=True, slots=True)
class Theme:
    """The grounds and inks of one palette (the seat colours are the same in both)."""

    backdrop: Color
    soup: Color
    square: Color
    square_edge: Color
    text: Color
    muted: Color
    rim: Color
    """The ring around every silhouette, between it and the ground."""


THEMES: Final[dict[str, Theme]] = {
    "standard": Theme((30, 27, 25), (24, 44, 50), (42, 70, 76), (70, 104, 108), CREAM, MUTED, CREAM),
    "contrast": Theme((0, 0, 0), (0, 0, 0), (26, 26, 26), (255, 255, 255), (255, 255, 255), (235, 235, 235), WHITE),
}
"""``standard`` (everyone's boards) and ``contrast`` (a member's own views, ``/plateau settings``): black
grounds, white edges and white text."""


def theme(name: str) -> Theme:
    """The theme called ``name`` (an unknown name reads as ``standard``)."""
    return THEMES.get(name, THEMES["standard"])


SHAPE_OF: Final = ("circle", "triangle", "square", "diamond", "hexagon", "star")
"""The silhouette of each colour index."""

DAMAGE: Final[Color] = (128, 8, 32)
"""The fill of a damage pip: a crimson drop with a cream ring reads on every player colour."""
ISLAND: Final[Color] = (198, 178, 132)
ISLAND_DARK: Final[Color] = (150, 128, 86)
OZONE_GREY: Final[Color] = (92, 96, 104)
GOLD: Final[Color] = (224, 184, 80)


def ink_on(colour: Color) -> Color:
    """Dark ink on light colours, cream on dark ones (the red, the blue and the purple of the players)."""
    luminance = 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]
    return INK if luminance > 90 else (250, 248, 240)


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of ``shape`` of radius about ``r`` around (cx, cy); empty for the circle."""
    if shape == "triangle":
        rr = r * 1.16
        oy = cy + r * 0.14
        return [(cx + rr * math.cos(a), oy + rr * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "square":
        h = r * 0.84
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
    if shape == "diamond":
        h = r * 1.1
        return [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)]
    if shape == "hexagon":
        h = r * 1.0
        return [(cx + h * math.cos(i * math.pi / 3), cy + h * math.sin(i * math.pi / 3)) for i in range(6)]
    if shape == "star":
        outer, inner = r * 1.12, r * 0.66
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rad = outer if i % 2 == 0 else inner
            pts.append((cx + rad * math.cos(a), cy + r * 0.06 + rad * math.sin(a)))
        return pts
    return []


def _grow(points: list[tuple[float, float]], cx: float, cy: float, by: float) -> list[tuple[float, float]]:
    """The polygon pushed outwards by about ``by`` pixels (a rim around it)."""
    out = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        d = math.hypot(dx, dy) or 1.0
        out.append((x + dx / d * by * 1.25, y + dy / d * by * 1.25))
    return out


def paint_shape(
    draw: ImageDraw.ImageDraw,
    k: float,
    shape: str,
    cx: float,
    cy: float,
    r: float,
    fill: tuple[int, ...],
    grow: float = 0.0,
) -> None:
    """``shape`` filled with ``fill``, drawn ``k`` times larger, optionally grown by ``grow`` px."""
    pts = shape_points(shape, cx, cy, r)
    if not pts:
        rr = r * 0.96 + grow
        draw.ellipse(((cx - rr) * k, (cy - rr) * k, (cx + rr) * k, (cy + rr) * k), fill=fill)
        return
    if shape == "square":
        h = r * 0.84 + grow
        draw.rounded_rectangle(((cx - h) * k, (cy - h) * k, (cx + h) * k, (cy + h) * k), radius=r * 0.2 * k, fill=fill)
        return
    if grow:
        pts = _grow(pts, cx, cy if shape != "triangle" else cy + r * 0.14, grow)
    draw.polygon([(x * k, y * k) for x, y in pts], fill=fill, outline=None)


def number_centre(shape: str, cx: float, cy: float, r: float) -> tuple[float, float]:
    """Where a number sits inside ``shape`` (lower in the triangle, where it is widest)."""
    if shape == "triangle":
        return cx, cy + r * 0.3
    if shape == "star":
        return cx, cy + r * 0.1
    return cx, cy + 1


@lru_cache(maxsize=128)
def _token(colour: Color, shape: str, diameter: float, size: int, shadow: bool, rim: Color = CREAM) -> Image.Image:
    """A cream-rimmed, ink-edged ``shape`` in ``colour`` centred on a ``size`` square sprite (shared: copy
    it before drawing on it)."""
    c = size / 2
    r = diameter / 2

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        paint_shape(draw, k, shape, c, c, r, (*rim, 255), grow=2.2)
        paint_shape(draw, k, shape, c, c, r, (*INK, 255), grow=0.6)
        paint_shape(draw, k, shape, c, c, r - 1.2, (*colour, 255))

    body = supersampled((size, size), 4, paint)
    if not shadow:
        return body

    def paint_shadow(draw: ImageDraw.ImageDraw, k: float) -> None:
        paint_shape(draw, k, shape, c + 1.5, c + 2.5, r, (0, 0, 0, 140), grow=2.0)

    under = supersampled((size, size), 2, paint_shadow).filter(ImageFilter.GaussianBlur(1.6))
    return Image.alpha_composite(under, body)


TEXT_MASKS_KEPT: Final = 1024
"""Texts' ink kept (:func:`text_mask`): a board pastes some sixty texts and a miss costs a quarter of a millisecond.
A 32-character name weighs some 13 KB there (one byte a pixel); kept as coloured sprites (four bytes a pixel, one per
colour), four thousand filled by a bot that draws every member's name could hold 200 MB (tests/test_kept_memory.py
holds the bound)."""


@lru_cache(maxsize=TEXT_MASKS_KEPT)
def text_mask(text: str, size: int, weight: Weight) -> Image.Image:
    """How much the ink of ``text`` in the bundled font covers each pixel (mode L), cropped to its ink box plus its
    advance; its baseline and advance in ``info`` (see :func:`text_sprite`)."""
    face = font(size, weight)
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    width = max(1, math.ceil(max(right, face.getlength(text))) - min(0, round(left)) + 1)
    height = max(1, round(bottom - top) + 1)
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).text((-min(0, left), -top), text, font=face, fill=255, anchor="ls")
    mask.info["baseline"] = -top
    mask.info["advance"] = face.getlength(text)
    return mask


def text_sprite(text: str, size: int, weight: Weight, colour: Color) -> Image.Image:
    """``text`` in the bundled font on a transparent sprite, cropped to its ink box plus its advance: ``colour``
    everywhere, :func:`text_mask`'s coverage as its alpha (what drawing the text on a clear sprite gives).

    The sprite's box is the text's ``ls`` anchor box: paste it with :func:`paste_text`.
    """
    mask = text_mask(text, size, weight)
    sprite = Image.new("RGBA", mask.size, (*colour, 255))
    sprite.putalpha(mask)
    sprite.info.update(mask.info)
    return sprite


def paste_text(
    canvas: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    weight: Weight,
    colour: Color,
    anchor: str = "lm",
) -> float:
    """Paste ``text`` (cached) at ``xy``: ``anchor`` is l/m/r then s (baseline) or m (middle of digits).

    Returns the advance width. ``m`` vertically centres on the height of the digits, which centres numbers
    and lower-case words alike.
    """
    if not text:
        return 0.0
    note_text(text, size)
    sprite = text_sprite(text, size, weight, colour)
    advance = float(sprite.info["advance"])
    x, y = xy
    if anchor[0] == "m":
        x -= advance / 2
    elif anchor[0] == "r":
        x -= advance
    if anchor[1] == "m":
        y += round(size * 0.33)
    canvas.paste(sprite, (round(x), round(y) - int(sprite.info["baseline"])), sprite)
    return advance


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, weight: Weight) -> float:
    """The advance width of ``text`` (cached: the same words come back render after render)."""
    return float(font(size, weight).getlength(text))


def paste(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste ``sprite`` centred on ``centre``."""
    canvas.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


@cache
def marker_sprite(colour_index: int, diameter: int, palette: str = "standard") -> Image.Image:
    """A player's silhouette without a number: panel icons and inline references."""
    size = diameter + 10
    return _token(
        PLAYER_COLOURS[colour_index], SHAPE_OF[colour_index], diameter, size, diameter >= 40, theme(palette).rim
    )


@lru_cache(maxsize=512)
def amoeba_sprite(colour_index: int, number: int, diameter: int, text: int, palette: str = "standard") -> Image.Image:
    """An amoeba: the player's silhouette and its number in ``text`` px bold (its damage is a ring around it,
    :func:`damage_ring_sprite`).

    The number is not noted here (the sprite is cached): whoever pastes it notes it."""
    size = diameter + 12
    colour = PLAYER_COLOURS[colour_index]
    shape = SHAPE_OF[colour_index]
    sprite = _token(colour, shape, diameter, size, True, theme(palette).rim).copy()
    c = size / 2
    nx, ny = number_centre(shape, c, c, diameter / 2)
    face = font(text, "Bold")
    ImageDraw.Draw(sprite).text((nx, ny), str(number), font=face, fill=(*ink_on(colour), 255), anchor="mm")
    return sprite


@cache
def damage_ring_sprite(diameter: int, damage: int) -> Image.Image:
    """The damage of an amoeba ``diameter`` px across: a ring around it in cream and crimson dashes, one ring per
    damage (two at most). As large as the amoeba, so it reads on a phone where a pip beside the number did not
    (issue 39), and dashed, so it is told from the solid ring of the amoeba a decision is about."""
    rings = max(1, min(damage, 2))
    size = diameter + 8

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = size / 2
        for ring in range(rings):
            # On the silhouette's edge, a second one just inside it: the ring of the player's own amoebas and
            # of the deciding one lies just outside, and must stay seen.
            r = diameter / 2 - 0.5 - 3.5 * ring
            box = ((c - r) * k, (c - r) * k, (c + r) * k, (c + r) * k)
            draw.ellipse(box, outline=(*INK, 255), width=round(5 * k))
            for dash in range(12):
                colour = CREAM if dash % 2 == 0 else DAMAGE
                start = dash * 30 + 15 * ring
                draw.arc(box, start, start + 30, fill=(*colour, 255), width=round(3.5 * k))

    return supersampled((size, size), 3, paint)


@lru_cache(maxsize=1024)
def chip_sprite(
    colour_index: int, count: int, width: int, text: int, palette: str = "standard", d: int = 16
) -> Image.Image:
    """A count of cubes of one colour: the colour's silhouette ``d`` px across (so the kind reads without its
    colour) and the count beside it, at least ``width`` wide. The count is not noted here: whoever pastes it
    notes it."""
    h = max(d + 8, text + 4)
    face = font(text, "Bold")
    # The count 3 px from its icon: three one-digit chips at 12 CSS px then fit a square's width.
    width = max(width, math.ceil(d + 3 + face.getlength(str(count))))
    sprite = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    icon = _chip_icon(colour_index, d, h, palette)
    sprite.paste(icon, (0, 0), icon)
    ink = theme(palette).text
    ImageDraw.Draw(sprite).text((d + 3, h / 2 + 1), str(count), font=face, fill=(*ink, 255), anchor="lm")
    return sprite


@lru_cache(maxsize=256)
def food_total_sprite(count: int, d: int, text: int, palette: str = "standard") -> Image.Image:
    """All the food cubes of a square: a cube ``d`` px across, in no player's colour, and their count beside it
    in ``text`` px bold. The count is not noted here: whoever pastes it notes it."""
    h = max(d + 4, text + 4)
    face = font(text, "Bold")
    width = math.ceil(d + 4 + face.getlength(str(count)))
    sprite = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    sprite.paste(_cube_icon(d, h, palette), (0, 0))
    ink = theme(palette).text
    ImageDraw.Draw(sprite).text((d + 4, h / 2 + 1), str(count), font=face, fill=(*ink, 255), anchor="lm")
    return sprite


def food_key_sprite(d: int, h: int, palette: str = "standard") -> Image.Image:
    """The food cube alone, ``d`` px across on a band ``h`` px high, as the squares draw it beside their count:
    for the board's key."""
    return _cube_icon(d, h, palette)


@cache
def _cube_icon(d: int, h: int, palette: str = "standard") -> Image.Image:
    """A cube seen from a corner: a light top and two shaded sides, outlined, in the theme's text colour."""
    ink = theme(palette).text
    r = d / 2
    cx, cy = r + 1, h / 2
    dx, dy = r * math.sqrt(3) / 2, r / 2
    top = [(cx, cy - r), (cx + dx, cy - dy), (cx, cy), (cx - dx, cy - dy)]
    left = [(cx - dx, cy - dy), (cx, cy), (cx, cy + r), (cx - dx, cy + dy)]
    right = [(cx, cy), (cx + dx, cy - dy), (cx + dx, cy + dy), (cx, cy + r)]

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        for face, shade in ((top, 1.0), (left, 0.7), (right, 0.5)):
            fill = (*mix(INK, ink, shade), 255)
            draw.polygon([(x * k, y * k) for x, y in face], fill=fill, outline=(*INK, 255), width=max(1, round(k)))

    sprite = supersampled((d + 2, h), 4, paint)
    canvas = Image.new("RGBA", (d + 2, h), (0, 0, 0, 0))
    canvas.paste(sprite, (0, 0), sprite)
    return canvas


@lru_cache(maxsize=1024)
def food_sprite(colour_index: int, count: int, width: int, height: int, text: int) -> Image.Image:
    """The food cubes of one colour on a square: a cube-like tile in the colour with the count on it.

    Each colour keeps one place on every square (seat order, as the panels), so the place tells the
    colours apart as well as the hue does.
    """
    colour = PLAYER_COLOURS[colour_index]
    # Drawn without supersampling: 114 tiles with soft corners would add more bytes than they add looks.
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle((0, 0, width - 1, height - 1), radius=4, fill=(*colour, 255))
    face = font(text, "Bold")
    digits = str(count)
    # Centred on the height of the digits, like paste_text's "m" anchor.
    ImageDraw.Draw(sprite).text(
        (width / 2, height / 2 + round(text * 0.33)), digits, font=face, fill=(*ink_on(colour), 255), anchor="ms"
    )
    return sprite


@cache
def _chip_icon(colour_index: int, d: int, h: int, palette: str = "standard") -> Image.Image:
    colour = PLAYER_COLOURS[colour_index]
    shape = SHAPE_OF[colour_index]
    rim = theme(palette).rim
    cy = h / 2
    cx = d / 2 + 1.5

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        paint_shape(draw, k, shape, cx, cy, d / 2, (*rim, 255), grow=1.6)
        paint_shape(draw, k, shape, cx, cy, d / 2, (*INK, 255), grow=0.4)
        paint_shape(draw, k, shape, cx, cy, d / 2 - 0.8, (*colour, 255))

    return supersampled((round(d + 4), h), 4, paint)


@cache
def island_sprite(size: int, drift: str, ozone: int | None) -> Image.Image:
    """The compass rose on its island, the card's drift as a red arrow and its ozone value in grey.

    The French rules describe the card so: the direction in red, the ozone level in grey. The words
    (``drift west, ozone 12``) are beside it on the board, where there is room for them at a legible size.
    """
    c = size / 2
    r = size / 2 - 4

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        def circle(x: float, y: float, rad: float, fill: tuple[int, ...]) -> None:
            draw.ellipse(((x - rad) * k, (y - rad) * k, (x + rad) * k, (y + rad) * k), fill=fill)

        circle(c + 2, c + 3, r, (0, 0, 0, 110))
        circle(c, c, r, (*ISLAND_DARK, 255))
        circle(c, c, r - 4, (*ISLAND, 255))
        # The rose: four long points and four short ones.
        for i in range(8):
            a = -math.pi / 2 + i * math.pi / 4
            length = r - 10 if i % 2 == 0 else r * 0.48
            width = 11 if i % 2 == 0 else 7
            tip = (c + length * math.cos(a), c + length * math.sin(a))
            left = (c + width * math.cos(a - math.pi / 2), c + width * math.sin(a - math.pi / 2))
            right = (c + width * math.cos(a + math.pi / 2), c + width * math.sin(a + math.pi / 2))
            shade = mix(ISLAND_DARK, INK, 0.25) if i % 2 == 0 else ISLAND_DARK
            draw.polygon([(p[0] * k, p[1] * k) for p in (left, tip, right)], fill=(*shade, 255))
        if drift in ("N", "E", "S", "W"):
            a = (-math.pi / 2, 0.0, math.pi / 2, math.pi)["NESW".index(drift)]
            ca, sa = math.cos(a), math.sin(a)
            tip = (c + (r - 4) * ca, c + (r - 4) * sa)
            base = r * 0.4
            head = r * 0.7
            half = 19
            shaft = 8.5

            def at(along: float, across: float) -> tuple[float, float]:
                return (c + along * ca - across * sa, c + along * sa + across * ca)

            arrow = [
                at(base, -shaft),
                at(head, -shaft),
                at(head, -half),
                tip,
                at(head, half),
                at(head, shaft),
                at(base, shaft),
            ]
            outline = [(x * k, y * k) for x, y in arrow]
            draw.polygon(outline, fill=(*INK, 255))
            inner = [
                at(base + 2, -shaft + 2.5),
                at(head + 1.5, -shaft + 2.5),
                at(head + 1.5, -half + 4),
                at(r - 9, 0),
                at(head + 1.5, half - 4),
                at(head + 1.5, shaft - 2.5),
                at(base + 2, shaft - 2.5),
            ]
            draw.polygon([(x * k, y * k) for x, y in inner], fill=(*RED, 255))
        circle(c, c, r * 0.52, (*INK, 255))
        circle(c, c, r * 0.52 - 3, (*OZONE_GREY, 255))

    sprite = supersampled((size, size), 3, paint)
    draw = ImageDraw.Draw(sprite)
    if ozone is not None:
        draw.text((c, c + round(40 * 0.33)), str(ozone), font=font(40, "Bold"), fill=(250, 250, 250, 255), anchor="ms")
    return sprite


@cache
def superior_mark(size: int) -> Image.Image:
    """A small gold chevron pointing up: the mark of a superior gene."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        s = size
        pts = [(s * 0.5, s * 0.12), (s * 0.95, s * 0.62), (s * 0.7, s * 0.62), (s * 0.5, s * 0.4)]
        pts += [(s * 0.3, s * 0.62), (s * 0.05, s * 0.62)]
        draw.polygon([(x * k, y * k) for x, y in pts], fill=(*GOLD, 255))
        low = [(x, y + s * 0.3) for x, y in pts]
        draw.polygon([(x * k, y * k) for x, y in low], fill=(*mix(GOLD, INK, 0.25), 255))

    return supersampled((size, size), 4, paint)


@cache
def veil(width: int, height: int, alpha: int = 150) -> Image.Image:
    """A translucent dark sheet that dims what lies under it (a sold-out gene)."""
    return Image.new("RGBA", (width, height), (30, 27, 25, alpha))


@cache
def ring_sprite(diameter: int, colour: Color, width: float) -> Image.Image:
    """A ring around an amoeba (the one a decision is about)."""
    size = diameter + 8

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c = size / 2
        r = diameter / 2
        draw.ellipse(
            ((c - r) * k, (c - r) * k, (c + r) * k, (c + r) * k), outline=(*INK, 255), width=round((width + 3) * k)
        )
        r2 = r - 1.5
        draw.ellipse(
            ((c - r2) * k, (c - r2) * k, (c + r2) * k, (c + r2) * k), outline=(*colour, 255), width=round(width * k)
        )

    return supersampled((size, size), 3, paint)


@cache
def frame_sprite(width: int, height: int, colour: Color, stroke: float, radius: float) -> Image.Image:
    """A rounded outline (highlighted squares, the deciding player's panel)."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        half = stroke / 2 + 1.5
        draw.rounded_rectangle(
            (half * k, half * k, (width - half) * k, (height - half) * k),
            radius=radius * k,
            outline=(*INK, 255),
            width=round((stroke + 3) * k),
        )
        draw.rounded_rectangle(
            ((half + 1) * k, (half + 1) * k, (width - half - 1) * k, (height - half - 1) * k),
            radius=(radius - 1) * k,
            outline=(*colour, 255),
            width=round(stroke * k),
        )

    return supersampled((width, height), 3, paint)


def clear_caches() -> None:
    """Forget every cached sprite."""
    for cached in (
        _token,
        text_mask,
        text_width,
        marker_sprite,
        amoeba_sprite,
        damage_ring_sprite,
        chip_sprite,
        _chip_icon,
        food_total_sprite,
        _cube_icon,
        island_sprite,
        superior_mark,
        veil,
        ring_sprite,
        frame_sprite,
    ):
        cached.cache_clear()


__all__ = [
    "DAMAGE",
    "FOOD_COLOURS",
    "GOLD",
    "MUTED",
    "PLAYER_COLOURS",
    "SHAPE_OF",
    "THEMES",
    "Theme",
    "amoeba_sprite",
    "chip_sprite",
    "clear_caches",
    "damage_ring_sprite",
    "food_total_sprite",
    "frame_sprite",
    "ink_on",
    "island_sprite",
    "marker_sprite",
    "number_centre",
    "paint_shape",
    "paste",
    "paste_text",
    "ring_sprite",
    "shape_points",
    "superior_mark",
    "text_mask",
    "text_sprite",
    "text_width",
    "theme",
    "veil",
]
