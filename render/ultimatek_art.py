"""The sprites of the Ultima-Tek image: piece stacks, bonus tokens and their symbols, the disc.

Every sprite is painted supersampled once and cached; a render only pastes them. Sizes are in pixels of
the final image; the lengths written here are design units of the 1280 px layout, scaled by :data:`UNIT`
through :func:`u` (see :mod:`render.ultimatek`).

- A piece is a stack of 1 to 3 layers, as on the table, with its strength written on the top layer.
  Blue pieces are round discs, red pieces are square tiles: the sides differ in shape as well as in
  colour (Okabe–Ito blue and vermillion, which stay apart for the common colour blindnesses). A blocked
  piece is drawn greyed out.
- A bonus token is a round token. Face up it is cream with its symbol in dark ink; face down it shows
  its back, a dark token with a cream ring. On a player's private image their own secret tokens (face
  down on the field, or in hand) show their back with the symbol in light ink: dark always means "the
  opponent cannot see this".
- The symbols draw the path a bonus opens: Run bonuses a solid arrow (straight for Run +, bent 60° for
  Run +/), Fly bonuses a flight of dots, one per hex (three in a line for Fly +, two around a bend for
  Fly /, three around a bend for Fly +/); Stop a stop sign.
"""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import Final, Literal, TypeAlias

from PIL import Image, ImageDraw

from games.ultimatek.field import BONUS_KINDS
from render.common import CREAM, INK, Color, Pen, mix, phone_text, supersampled
from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS

Point: TypeAlias = tuple[float, float]
TokenStyle: TypeAlias = Literal["up", "down", "secret"]
"""``up`` face up (public), ``down`` the blank back, ``secret`` the back with the symbol the viewer may know."""

SCALE: Final = 4
BOARD_WIDTH: Final = 1024
"""Width of the Ultima-Tek image. The layout was drawn for 1280 px; 1024 px holds the same picture, its
texts as tall once the image is shown 400 px wide, in a PNG some 20 % smaller: the bytes go to the
anti-aliased edges of hexes, pieces and letters, and those shrink with the canvas."""
UNIT: Final = BOARD_WIDTH / 1280
"""Pixels of the image per unit of the 1280 px design."""


def u(length: float) -> float:
    """A length of the 1280 px design, in pixels of the image."""
    return length * UNIT


def text_px(design: float) -> int:
    """A text size of the 1280 px design, in pixels of the image: never below 11 px at 400 px wide."""
    return max(phone_text(BOARD_WIDTH), round(design * UNIT))


KINDS: Final = BONUS_KINDS

SIDE_COLOURS: Final[tuple[Color, Color]] = ((0, 114, 178), (213, 94, 0))
"""Okabe–Ito blue for blue (seat 0), Okabe–Ito vermillion for red (seat 1)."""
SIDE_SHAPES: Final = ("round", "square")
"""The shape of each side's pieces, which :func:`piece_sprite` draws by: blue's round discs, red's square
tiles (:attr:`render.common.GameRenderer.seat_marks`)."""
SIDE_DARK: Final[tuple[Color, Color]] = ((0, 62, 104), (128, 52, 0))
SIDE_LIGHT: Final[tuple[Color, Color]] = ((120, 190, 236), (250, 172, 120))
"""Lighter tints, for words and marks on the dark ground."""
CONTRAST_COLOURS: Final[tuple[Color, Color]] = ((0, 78, 200), (255, 196, 0))
"""The high-contrast palette a member may pick for their own views: deep blue against amber, far apart in
lightness as well as hue (they stay apart under every colour-vision deficiency)."""
CONTRAST_DARK: Final[tuple[Color, Color]] = ((0, 36, 110), (150, 104, 0))
CONTRAST_LIGHT: Final[tuple[Color, Color]] = ((150, 196, 255), (255, 214, 96))
CONTRAST_INK: Final[tuple[Color, Color]] = ((255, 255, 255), (20, 18, 16))
"""The strength digit on each side's top face in high contrast: white on blue, black on amber."""
BLOCKED_TOP: Final[Color] = (150, 146, 140)
BLOCKED_SIDE: Final[Color] = (96, 92, 88)
PIECE_INK: Final[Color] = (250, 248, 240)

TOKEN_FACE: Final[Color] = (244, 236, 214)
TOKEN_BACK: Final[Color] = (58, 52, 66)
TOKEN_RIM: Final[Color] = (26, 22, 28)
RUN_INK: Final[tuple[Color, Color]] = ((0, 110, 80), (120, 226, 176))
"""Ink of the Run symbols: on a face-up token, on a secret one."""
FLY_INK: Final[tuple[Color, Color]] = ((150, 40, 120), (246, 160, 222))
STOP_RED: Final[Color] = (196, 30, 40)

DISC_WHITE: Final[Color] = (250, 250, 246)
DISC_RING: Final[Color] = (176, 184, 196)

PIECE_RX: Final = u(40)
"""Half-width of a piece; its top face is drawn squashed to suggest a view from above at an angle."""
PIECE_RY: Final = u(28)
LAYER_T: Final = u(10)
"""Thickness of one layer of a stack."""


def paste(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste ``sprite`` (RGBA) on ``canvas`` with its centre at ``centre``."""
    canvas.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


def hexagon(cx: float, cy: float, r: float, pointy: bool = False) -> list[Point]:
    """The corners of a hexagon of circumradius ``r``: flat-topped, or pointy-topped (the field turned a
    quarter turn, as the phone's column draws it)."""
    turn = math.pi / 6 if pointy else 0.0
    return [(cx + r * math.cos(turn + i * math.pi / 3), cy + r * math.sin(turn + i * math.pi / 3)) for i in range(6)]


# Pieces.

PIECE_W: Final = round(u(88))
"""Width of a piece sprite; its height depends on the strength (see :func:`piece_sprite`)."""


def piece_size(strength: int) -> tuple[int, int]:
    """The size of the sprite of a stack of ``strength`` layers."""
    return PIECE_W, round(2 * PIECE_RY + LAYER_T * strength + u(12))


def _layer_outline(side: int, cx: float, cy: float) -> list[Point]:
    """The top face of one layer: an ellipse for a round side (blue), a squashed rounded square for a square
    side (red)."""
    if SIDE_SHAPES[side] == "round":
        return [
            (cx + PIECE_RX * math.cos(a), cy + PIECE_RY * math.sin(a)) for a in (i * math.pi / 24 for i in range(48))
        ]
    hw, hh, r = PIECE_RX - u(2), PIECE_RY - u(1), u(5)
    pts: list[Point] = []
    for (ox, oy), start in (
        ((hw - r, hh - r), 0),
        ((-hw + r, hh - r), 90),
        ((-hw + r, -hh + r), 180),
        ((hw - r, -hh + r), 270),
    ):
        for i in range(7):
            a = math.radians(start + 15 * i)
            pts.append((cx + ox + r * math.cos(a), cy + oy + r * math.sin(a) * hh / hw))
    return pts


PIECE_DIGIT_PX: Final = math.ceil(PHONE_MIN_CSS * BOARD_WIDTH / PHONE_COLUMN_CSS)
"""The smallest text on Ultima-Tek's board (a piece's strength, hex names, every label): 12 CSS px once the
image is shown in a phone's column (:mod:`render.lettering`)."""


def side_colours(contrast: bool) -> tuple[tuple[Color, Color], tuple[Color, Color], tuple[Color, Color]]:
    """The sides' colours, dark shades and light tints, standard or high contrast."""
    if contrast:
        return CONTRAST_COLOURS, CONTRAST_DARK, CONTRAST_LIGHT
    return SIDE_COLOURS, SIDE_DARK, SIDE_LIGHT


@cache
def piece_sprite(side: int, strength: int, blocked: bool, contrast: bool = False) -> Image.Image:
    """A stack of ``strength`` layers of ``side``, its strength written on top; its base sits at
    :func:`piece_base` of the sprite."""
    w, h = piece_size(strength)
    colours, darks, _ = side_colours(contrast)
    top, dark = (BLOCKED_TOP, BLOCKED_SIDE) if blocked else (colours[side], darks[side])
    ink = CONTRAST_INK[side] if contrast and not blocked else (236, 234, 226) if blocked else PIECE_INK
    base_y = h - u(6) - LAYER_T - PIECE_RY

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        cx = w / 2
        pen.poly([(x + u(1.5), y + LAYER_T + u(3)) for x, y in _layer_outline(side, cx, base_y)], (0, 0, 0, 120))
        inset = u(2) if SIDE_SHAPES[side] == "square" else 0.0
        left, right = cx - PIECE_RX + inset, cx + PIECE_RX - inset
        for layer in range(strength):
            y = base_y - layer * LAYER_T
            face = _layer_outline(side, cx, y)
            # The side band: the face shape swept down by one layer thickness.
            pen.poly([(x, py + LAYER_T) for x, py in face], dark, INK)
            pen.poly([(left, y), (right, y), (right, y + LAYER_T), (left, y + LAYER_T)], dark)
            pen.line([(left, y), (left, y + LAYER_T)], INK, u(1.2))
            pen.line([(right, y), (right, y + LAYER_T)], INK, u(1.2))
            pen.poly(face, mix(top, dark, 0.15) if layer < strength - 1 else top, INK)
        ty = base_y - (strength - 1) * LAYER_T
        pen.text((cx, ty + u(1)), str(strength), PIECE_DIGIT_PX, ink)

    return supersampled((w, h), SCALE, paint)


def piece_base(strength: int) -> Point:
    """Where, in the sprite of a stack of ``strength``, the centre of the bottom layer's top face lies."""
    w, h = piece_size(strength)
    return w / 2, h - u(6) - LAYER_T - PIECE_RY


def piece_top(strength: int) -> Point:
    """The centre of the top face in the sprite of a stack of ``strength``."""
    x, y = piece_base(strength)
    return x, y - (strength - 1) * LAYER_T


# Bonus tokens.


STEPS: Final[dict[str, tuple[int, ...]]] = {
    "run": (0, 0),
    "run/": (0, 1),
    "fly": (0, 0, 0),
    "fly/": (0, 1),
    "fly+/": (0, 0, 1),
}
"""The path each Run or Fly bonus opens, one entry per hex step: 0 straight on, 1 after a 60° turn."""


def _path(kind: str, cx: float, cy: float, r: float) -> list[Point]:
    """The hex centres visited by the path of ``kind`` (start first), fitted in a circle of radius ``r``."""
    turn = math.radians(-60)
    pts: list[Point] = [(0.0, 0.0)]
    for bend in STEPS[kind]:
        dx, dy = (math.cos(turn), math.sin(turn)) if bend else (1.0, 0.0)
        pts.append((pts[-1][0] + dx, pts[-1][1] + dy))
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    s = 0.8 * r / max(math.hypot(x - mx, y - my) for x, y in pts)
    return [(cx + (x - mx) * s, cy + (y - my) * s) for x, y in pts]


def _arrow_head(pen: Pen, tip: Point, towards: Point, size: float, colour: Color) -> Point:
    """A filled arrow head ending at ``tip``; returns the middle of its base."""
    dx, dy = tip[0] - towards[0], tip[1] - towards[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    back = (tip[0] - ux * size, tip[1] - uy * size)
    pen.poly(
        [
            tip,
            (back[0] - uy * size * 0.6, back[1] + ux * size * 0.6),
            (back[0] + uy * size * 0.6, back[1] - ux * size * 0.6),
        ],
        colour,
    )
    return back


def paint_symbol(pen: Pen, kind: str, cx: float, cy: float, r: float, secret: bool) -> None:
    """The symbol of ``kind`` centred at (cx, cy), fitting a circle of radius ``r``."""
    if kind == "stop":
        pts = [
            (
                cx + r * 0.8 * math.cos(math.pi / 8 + i * math.pi / 4),
                cy + r * 0.8 * math.sin(math.pi / 8 + i * math.pi / 4),
            )
            for i in range(8)
        ]
        pen.poly(pts, STOP_RED)
        inner = [(cx + (x - cx) * 0.82, cy + (y - cy) * 0.82) for x, y in pts]
        pen.line([*inner, inner[0]], CREAM, max(1.0, r * 0.07))
        pen.rrect((cx - r * 0.46, cy - r * 0.12, cx + r * 0.46, cy + r * 0.12), r * 0.04, fill=CREAM)
        return
    ink = (RUN_INK if kind.startswith("run") else FLY_INK)[1 if secret else 0]
    pts = _path(kind, cx, cy + r * 0.04, r * (1.0 if kind.startswith("run") else 0.94))
    if kind.startswith("run"):
        head = r * 0.55
        # A solid arrow along the path.
        back = _arrow_head(pen, pts[-1], pts[-2], head, ink)
        pen.line([*pts[:-1], back], ink, r * 0.26)
        pen.ellipse(pts[0][0], pts[0][1], r * 0.13, r * 0.13, fill=ink)
    else:
        # The flight of the disc: a dotted trail through one dot per hex it crosses, a ring where it lands.
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            n = max(2, round(math.hypot(x1 - x0, y1 - y0) / (r * 0.2)))
            for i in range(1, n):
                t = i / n
                pen.ellipse(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, r * 0.05, r * 0.05, fill=ink)
        for x, y in pts[:-1]:
            pen.ellipse(x, y, r * 0.15, r * 0.15, fill=ink)
        pen.ellipse(pts[-1][0], pts[-1][1], r * 0.22, r * 0.22, outline=ink, width=r * 0.11)


@cache
def token_sprite(kind: str | None, style: TokenStyle, radius: int) -> Image.Image:
    """A round bonus token of ``radius`` px: face up, its blank back, or its back showing a known kind."""
    size = 2 * radius + round(u(8))

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c = size / 2
        pen.ellipse(c + u(1.2), c + u(2.2), radius, radius, fill=(0, 0, 0, 110))
        if style == "up":
            pen.ellipse(c, c, radius, radius, fill=TOKEN_FACE, outline=TOKEN_RIM, width=u(2.2))
        else:
            pen.ellipse(c, c, radius, radius, fill=TOKEN_BACK, outline=TOKEN_RIM, width=u(2.2))
            if style == "down":
                pen.ellipse(c, c, radius - u(4.5), radius - u(4.5), outline=CREAM, width=u(1.6))
                pen.ellipse(c, c, radius * 0.3, radius * 0.3, outline=mix(TOKEN_BACK, CREAM, 0.45), width=u(1.6))
            else:
                pen.ellipse(c, c, radius - u(2.5), radius - u(2.5), outline=(112, 104, 124), width=u(1.2))
        if kind is not None and style != "down":
            paint_symbol(pen, kind, c, c, radius - u(3), style == "secret")

    return supersampled((size, size), SCALE, paint)


@cache
def stop_marker(radius: int) -> Image.Image:
    """A revealed Stop lying on the piece it blocks: an octagonal stop sign."""
    size = 2 * radius + round(u(8))

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c = size / 2
        octagon = [
            (c + radius * math.cos(math.pi / 8 + i * math.pi / 4), c + radius * math.sin(math.pi / 8 + i * math.pi / 4))
            for i in range(8)
        ]
        pen.poly([(x + u(1.2), y + u(2.2)) for x, y in octagon], (0, 0, 0, 120))
        pen.poly(octagon, CREAM, TOKEN_RIM)
        paint_symbol(pen, "stop", c, c, radius * 1.12, False)

    return supersampled((size, size), SCALE, paint)


@cache
def disc_sprite(rx: int, ry: int) -> Image.Image:
    """The disc, a white flying disc seen at an angle, ``rx`` by ``ry`` px."""
    w, h = 2 * rx + round(u(8)), 2 * ry + round(u(10))

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        cx, cy = w / 2, h / 2 - u(1)
        pen.ellipse(cx + u(1.5), cy + u(4), rx, ry, fill=(0, 0, 0, 110))
        pen.ellipse(cx, cy + u(2.5), rx, ry, fill=DISC_RING, outline=INK, width=u(1.6))
        pen.ellipse(cx, cy, rx, ry, fill=DISC_WHITE, outline=INK, width=u(1.6))
        pen.ellipse(cx, cy, rx * 0.72, ry * 0.72, outline=DISC_RING, width=u(2))
        pen.ellipse(cx, cy, rx * 0.5, ry * 0.5, outline=(214, 218, 226), width=u(1.4))

    return supersampled((w, h), SCALE, paint)


@cache
def credit_sprite(filled: bool, radius: int) -> Image.Image:
    """One action credit: a gold coin when left, an empty ring when spent."""
    size = 2 * radius + round(u(6))

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c = size / 2
        if filled:
            pen.ellipse(c, c, radius, radius, fill=(232, 186, 60), outline=(120, 84, 10), width=u(2))
            pen.ellipse(c, c, radius * 0.6, radius * 0.6, outline=(255, 226, 140), width=u(1.6))
        else:
            pen.ellipse(c, c, radius - u(1), radius - u(1), outline=(120, 110, 96), width=u(2.4))

    return supersampled((size, size), SCALE, paint)
