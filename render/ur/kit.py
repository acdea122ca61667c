"""The drawing kit the four Ur boards share: geometry, motifs, sprites, panels, status line, arrows.

Variante 2 (:mod:`render.ur.race`) draws the British Museum board with it as it is; Variante 1
(:mod:`render.ur.loop`), the Ravensburger towers (:mod:`render.ur.towers`) and Variante 3
(:mod:`render.ur.motifs`) keep its frame, panels and status line and change only what their rules add.

Drawn for a phone's message column (issue 27): the image is nearly square, 1100 px wide, so that at the
265 CSS px a phone gives it every text is at least 12 CSS px (:data:`SMALL_PX`, 50 px); the status line
and long names wrap rather than shorten, the panels say their counts in big figures, and the last move,
legends and captions are left to the turn post's words. The marks of the move buttons
(:attr:`~render.common.BoardContext.marks`) are white discs on the pieces they move. Each render runs
inside :func:`facing`: in seat 0's own view the board is turned so its lane (row A) and panel are at the
bottom (seat 1's already are), the reader's panel says "you", and a member's high-contrast palette draws
the pieces white against black (:func:`seat_colour`), which the dispatcher (:mod:`render.ur`) turns into
black and white pieces on a light ground; static layers and sprites are cached per facing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Final, Generic, Protocol, TypeAlias, TypeVar

from PIL import Image, ImageDraw, ImageFilter

from games.base import GameError, Outcome
from games.ur import race
from games.ur.board import BOARD
from render.common import (
    BACKDROP,
    CREAM,
    HIGHLIGHT,
    INK,
    LAPIS,
    LAPIS_DARK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RED,
    SEAT_COLORS,
    SHELL,
    BoardContext,
    Color,
    Pen,
    build_palette,
    clean_text,
    draw_text,
    expect_view,
    font,
    mix,
    outcome_of,
    paste_targets,
    player_names,
    supersampled,
    wrap_text,
)
from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS
from render.ur.stand import Stand

_M = TypeVar("_M")
_S = TypeVar("_S")
_V = TypeVar("_V")

# Geometry, in pixels of the final image. The image is nearly square (1100 × 1000) so that a phone's
# column (some 265 CSS px) shows the board as wide as it can; every text is then at least SMALL_PX.
WIDTH: Final = 1100
TILE: Final = 108
GUTTER: Final = 12
STEP: Final = TILE + GUTTER
FRAME_PAD: Final = 14
FRAME_X: Final = (WIDTH - (8 * TILE + 7 * GUTTER + 2 * FRAME_PAD)) // 2
GRID_X: Final = FRAME_X + FRAME_PAD
PANEL_X0: Final = FRAME_X
PANEL_X1: Final = WIDTH - FRAME_X
HEADER_H: Final = 168
"""The status line: up to three lines of big text beside the dice (three lines at 12 CSS px, 50 px)."""
PANEL_H: Final = 160
"""A seat's panel: the name (one or two lines), then its counts."""
COORD_H: Final = 52
"""The band of column numbers above and below the board."""
BOARD_H: Final = 3 * TILE + 2 * GUTTER + 2 * FRAME_PAD
PANEL_Y: Final = (HEADER_H, HEADER_H + PANEL_H + 2 * COORD_H + BOARD_H)
"""Top of the upper and lower panel."""
FRAME_Y: Final = PANEL_Y[0] + PANEL_H + COORD_H
GRID_Y: Final = FRAME_Y + FRAME_PAD
FRAME_BOTTOM: Final = FRAME_Y + BOARD_H
HEIGHT: Final = PANEL_Y[1] + PANEL_H + 12
ROWS: Final = {"A": 0, "B": 1, "C": 2}

# The high-contrast palette (a member's choice for their own views) is drawn on the dark board with the
# colours below, then the finished image's lightness is turned over (render.ur): what is drawn black here
# comes out white on a light ground, and the reverse.
CONTRAST_SEATS: Final[tuple[Color, Color]] = ((0, 0, 0), (255, 255, 255))
"""The seats' pieces in the high-contrast palette, before it is turned over: seat 0 white, seat 1 black."""
CONTRAST_INLAY: Final[tuple[Color, Color]] = ((255, 255, 255), INK)
"""The inlay of each seat's piece in the high-contrast palette: the opposite of the piece."""
CONTRAST_RIM: Final[Color] = (236, 236, 236)
"""The rim of every piece in the high-contrast palette: near black once turned over, a strong outline."""
INLAYS: Final = ("ring", "diamond")
"""The mark inlaid in each seat's pieces, which :func:`paint_inlay` draws by: it tells the seats apart
without colour (:attr:`render.common.GameRenderer.seat_marks`)."""


Facing: TypeAlias = tuple[bool, str]
"""How the board being drawn faces its reader: flipped (row A and seat 0 at the bottom, in seat 0's own
view), and its palette (``standard`` or ``contrast``). Set for the length of one render by :func:`facing`."""

_FACING: ContextVar[Facing] = ContextVar("ur_facing", default=(False, "standard"))


@contextmanager
def facing(ctx: BoardContext) -> Iterator[Facing]:
    """Draw the board inside the block for ``ctx``'s reader: their side at the bottom, their palette."""
    token = _FACING.set((ctx.viewer == 0, ctx.palette))
    try:
        yield _FACING.get()
    finally:
        _FACING.reset(token)


def flipped() -> bool:
    """Whether the board being drawn is turned so that row A (seat 0's lane) is at the bottom."""
    return _FACING.get()[0]


def palette() -> str:
    """The palette of the board being drawn: ``standard`` or ``contrast``."""
    return _FACING.get()[1]


def seat_colour(seat: int) -> Color:
    """The colour of ``seat``'s pieces in the palette being drawn."""
    return (CONTRAST_SEATS if palette() == "contrast" else SEAT_COLORS)[seat]


def seat_tint(seat: int) -> Color:
    """The colour of ``seat``'s marks on the board's dark ground (path chevrons, entry arrows): its
    colour, or in the high-contrast palette white and mid grey (black and dark grey once turned over)."""
    return ((255, 255, 255), (150, 150, 150))[seat] if palette() == "contrast" else SEAT_COLORS[seat]


def inlay_colour(seat: int) -> Color:
    """The colour of the mark inlaid in ``seat``'s pieces (ring or diamond) in the palette being drawn."""
    return CONTRAST_INLAY[seat] if palette() == "contrast" else CREAM


def panel_y(seat: int) -> int:
    """Top of ``seat``'s panel: next to its lane, so at the bottom for the reader whose view it is."""
    return PANEL_Y[1 - seat if flipped() else seat]


SHARED_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "player": "Player {n}",
        "wins": "{name} wins!",
        "alt_last": "Last move: {text}.",
        "alt_wins": "{name} wins.",
        "you": "you",
    },
    "fr": {
        "player": "Joueur {n}",
        "wins": "{name} a gagné !",
        "alt_last": "Dernier coup : {text}.",
        "alt_wins": "{name} a gagné.",
        "you": "vous",
    },
}
RACE_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "waiting": "waiting",
        "off": "off",
        "row": "row {row}",
        "to_move": "{name} to move — rolled {roll}",
        "to_roll": "{name} to roll",
        "draw": "Drawing lots for who starts",
        "passes": "{name} rolled {roll}, no move",
        "first": "{name} drawn to start",
        "ring": "ring",
        "diamond": "diamond",
        "alt_on": "pieces on {squares}",
        "alt_on_one": "piece on {squares}",
        "alt_none": "none on the board",
        "alt_to_move": "{name} to move, rolled {roll}.",
        "alt_to_roll": "{name} to roll the dice.",
        "alt_draw": "The first player is being drawn.",
    },
    "fr": {
        "waiting": "en réserve",
        "off": "sortis",
        "row": "rangée {row}",
        "to_move": "À {name} de jouer — dés : {roll}",
        "to_roll": "À {name} de lancer les dés",
        "draw": "Tirage au sort du premier joueur",
        "passes": "{name} a fait {roll}, sans coup possible",
        "first": "{name} commence (tirage au sort)",
        "ring": "anneau",
        "diamond": "losange",
        "alt_on": "pions en {squares}",
        "alt_on_one": "pion en {squares}",
        "alt_none": "aucun pion sur le plateau",
        "alt_to_move": "À {name} de jouer, dés : {roll}.",
        "alt_to_roll": "À {name} de lancer les dés.",
        "alt_draw": "Tirage au sort du premier joueur en cours.",
    },
}
"""The words the two race rule sets (Variante 1 and Variante 2) say alike: panels, status line and alt text."""
"""The words every Ur board says alike; each rule set's ``WORDS`` adds its own to them."""
RACE_MOVE: Final = re.compile(r"(in|[abc][1-8])[-x](off|[abc][1-8])", re.IGNORECASE)
"""A piece's move in a race (Variante 1 and Variante 2): from a square or ``in``, to a square or ``off``."""
DRAWN_FIRST: Final = re.compile(r"first:?([ac])", re.IGNORECASE)
"""A race's drawing of lots for who starts, by the lane of the seat drawn."""

TILE_BG: Final[Color] = (27, 23, 20)
FRAME: Final[Color] = LAPIS_DARK
SMALL_PX: Final = -(-WIDTH * PHONE_MIN_CSS // PHONE_COLUMN_CSS)
"""The smallest text on the board: 12 CSS px once shown in a phone's column (:mod:`render.lettering`)."""
HEADLINE_PX: Final = SMALL_PX + 4
"""The status line: whose turn, what was rolled, what is awaited."""
SCALE: Final = 3
"""Supersampling factor of the static drawing: 3 gives smooth curves for a one-off cost."""

PIECE_D: Final = 80
PAIR_D: Final = 60
TRAY_D: Final = 30
ICON_D: Final = 56
STATUS_ICON_D: Final = 52
NAME_X: Final = PANEL_X0 + 16 + ICON_D + 16
NAME_PX: Final = SMALL_PX + 2
"""A player's name on one line (a name too long for it wraps at :data:`SMALL_PX`)."""
NAME_DY: Final = 50
"""Middle of a panel's first line (the name), below its top."""
STATS_DY: Final = 120
"""Middle of a panel's second line (its counts), below its top."""
STAT_GAP: Final = 34
STAT_D: Final = 40
"""The piece drawn before a count of a panel."""


# Geometry helpers.


def square_box(square: str) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) of ``square`` on the image."""
    col = int(square[1]) - 1
    row = 2 - ROWS[square[0]] if flipped() else ROWS[square[0]]
    x, y = GRID_X + col * STEP, GRID_Y + row * STEP
    return x, y, x + TILE, y + TILE


def square_centre(square: str) -> tuple[float, float]:
    """The pixel centre of ``square`` (also defined for the four missing squares, where markers sit)."""
    x0, y0, x1, y1 = square_box(square)
    return (x0 + x1) / 2, (y0 + y1) / 2


def entry_point(seat: int) -> tuple[float, float]:
    x, y = square_centre(f"{BOARD.lanes[seat]}5")
    return x + 22, y


def exit_point(seat: int) -> tuple[float, float]:
    x, y = square_centre(f"{BOARD.lanes[seat]}6")
    return x - 30, y


def _lens(
    cx: float, cy: float, length: float, half_width: float, angle: float, start: float = 0.0
) -> list[tuple[float, float]]:
    """A pointed oval (a petal, an eye) along ``angle``, from ``start`` to ``start + length``."""
    ca, sa = math.cos(angle), math.sin(angle)
    top: list[tuple[float, float]] = []
    bottom: list[tuple[float, float]] = []
    steps = 24
    for i in range(steps + 1):
        t = i / steps
        along = start + t * length
        across = half_width * math.sin(math.pi * t) ** 0.85
        top.append((cx + along * ca - across * sa, cy + along * sa + across * ca))
        bottom.append((cx + along * ca + across * sa, cy + along * sa - across * ca))
    return top + bottom[::-1]


# The motifs, drawn in tile units (0..1) on a pen whose k is the tile size in canvas pixels.


def _tile_ground(pen: Pen) -> None:
    pen.rrect((0, 0, 1, 1), 0.07, fill=TILE_BG)
    pen.rrect((0.045, 0.045, 0.955, 0.955), 0.045, outline=mix(TILE_BG, SHELL, 0.45), width=0.012)


def _rosette(pen: Pen) -> None:
    pen.circle(0.5, 0.5, 0.43, fill=CREAM)
    pen.circle(0.5, 0.5, 0.4, fill=TILE_BG)
    for i in range(8):
        # Red darts between the petals, pointing at the heart of the flower.
        a = math.radians(22.5 + 45 * i)
        tip = (0.5 + 0.25 * math.cos(a), 0.5 + 0.25 * math.sin(a))
        side = 0.055
        base = 0.385
        b1 = (0.5 + base * math.cos(a) - side * math.sin(a), 0.5 + base * math.sin(a) + side * math.cos(a))
        b2 = (0.5 + base * math.cos(a) + side * math.sin(a), 0.5 + base * math.sin(a) - side * math.cos(a))
        pen.poly([tip, b1, b2], fill=RED)
    for i in range(8):
        a = math.radians(45 * i)
        pen.poly(_lens(0.5, 0.5, 0.37, 0.075, a, start=0.03), fill=CREAM)
        inner = (0.5 + 0.12 * math.cos(a), 0.5 + 0.12 * math.sin(a))
        outer = (0.5 + 0.33 * math.cos(a), 0.5 + 0.33 * math.sin(a))
        pen.line([inner, outer], fill=LAPIS, width=0.016)
    pen.circle(0.5, 0.5, 0.11, fill=CREAM)
    pen.circle(0.5, 0.5, 0.085, fill=LAPIS)
    pen.circle(0.5, 0.5, 0.035, fill=CREAM)
    for x, y in ((0.11, 0.11), (0.89, 0.11), (0.11, 0.89), (0.89, 0.89)):
        pen.circle(x, y, 0.028, fill=RED)


def _eye(pen: Pen, cx: float, cy: float, size: float) -> None:
    pen.poly(_lens(cx - size / 2, cy, size, size * 0.3, 0.0), fill=CREAM)
    pen.circle(cx, cy, size * 0.2, fill=LAPIS)
    pen.circle(cx, cy, size * 0.09, fill=INK)
    pen.circle(cx - size * 0.05, cy - size * 0.06, size * 0.035, fill=CREAM)


def _eyes(pen: Pen) -> None:
    pen.line([(0.5, 0.16), (0.5, 0.84)], fill=mix(TILE_BG, RED, 0.7), width=0.014)
    pen.line([(0.16, 0.5), (0.84, 0.5)], fill=mix(TILE_BG, RED, 0.7), width=0.014)
    for cx, cy in ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)):
        _eye(pen, cx, cy, 0.34)
    pen.circle(0.5, 0.5, 0.1, fill=TILE_BG)
    _eye(pen, 0.5, 0.5, 0.26)


def _dots5(pen: Pen) -> None:
    pen.rrect((0.1, 0.1, 0.9, 0.9), 0.04, outline=CREAM, width=0.022)
    for i, (cx, cy) in enumerate(((0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72))):
        pen.circle(cx, cy, 0.12, fill=CREAM)
        pen.circle(cx, cy, 0.088, fill=TILE_BG)
        pen.circle(cx, cy, 0.052, fill=LAPIS if i == 2 else RED)


def _battlements(pen: Pen, lo: float, hi: float, colour: Color) -> None:
    """A square wall from ``lo`` to ``hi`` with five merlons on each side, like a fort seen from above."""
    thick = 0.032
    pen.rrect((lo, lo, hi, hi), 0.01, outline=colour, width=thick)
    span = hi - lo
    merlon = span / 9
    rise = 0.045
    for i in range(5):
        a = lo + (2 * i) * merlon
        b = a + merlon
        pen.poly([(a, lo - rise), (b, lo - rise), (b, lo), (a, lo)], fill=colour)
        pen.poly([(a, hi), (b, hi), (b, hi + rise), (a, hi + rise)], fill=colour)
        pen.poly([(lo - rise, a), (lo, a), (lo, b), (lo - rise, b)], fill=colour)
        pen.poly([(hi, a), (hi + rise, a), (hi + rise, b), (hi, b)], fill=colour)


def _castle20(pen: Pen) -> None:
    _battlements(pen, 0.15, 0.85, CREAM)
    for j in range(4):
        for i in range(5):
            cx = 0.5 + (i - 2) * 0.122
            cy = 0.5 + (j - 1.5) * 0.135
            pen.circle(cx, cy, 0.04, fill=CREAM)
            pen.circle(cx, cy, 0.017, fill=RED if (i + j) % 2 == 0 else LAPIS)


def _castle5(pen: Pen) -> None:
    _battlements(pen, 0.15, 0.85, CREAM)
    pen.rrect((0.215, 0.215, 0.785, 0.785), 0.02, fill=mix(TILE_BG, LAPIS, 0.45))
    for i, (cx, cy) in enumerate(((0.345, 0.345), (0.655, 0.345), (0.5, 0.5), (0.345, 0.655), (0.655, 0.655))):
        h = 0.085
        pen.rrect((cx - h, cy - h, cx + h, cy + h), 0.015, fill=CREAM)
        g = 0.038
        pen.rrect((cx - g, cy - g, cx + g, cy + g), 0.008, fill=LAPIS if i == 2 else RED)


def _grid12(pen: Pen) -> None:
    lo, hi = 0.13, 0.87
    pen.rrect((lo, lo, hi, hi), 0.02, outline=CREAM, width=0.024)
    cols, rows = 3, 4
    for i in range(1, cols):
        x = lo + (hi - lo) * i / cols
        pen.line([(x, lo), (x, hi)], fill=CREAM, width=0.016)
    for j in range(1, rows):
        y = lo + (hi - lo) * j / rows
        pen.line([(lo, y), (hi, y)], fill=CREAM, width=0.016)
    for j in range(rows):
        for i in range(cols):
            cx = lo + (hi - lo) * (i + 0.5) / cols
            cy = lo + (hi - lo) * (j + 0.5) / rows
            pen.circle(cx, cy, 0.05, fill=CREAM)
            pen.circle(cx, cy, 0.027, fill=RED if (i + j) % 2 == 0 else LAPIS)


MOTIF_PAINTERS: Final = {
    "rosette": _rosette,
    "eyes": _eyes,
    "dots5": _dots5,
    "castle20": _castle20,
    "castle5": _castle5,
    "grid12": _grid12,
}


@cache
def motif_tile(motif: str) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, TILE * k)
        _tile_ground(pen)
        MOTIF_PAINTERS[motif](pen)

    return supersampled((TILE, TILE), 4, paint)


# Sprites: pieces, dice, outlines. Each is drawn once per size and pasted with its alpha.


def sprite_pad(diameter: int) -> int:
    """The room around a piece ``diameter`` px wide that its sprite keeps for the shadow."""
    return max(3, diameter // 8)


def shadowed_sprite(
    size: int,
    diameter: int,
    paint_shadow: Callable[[ImageDraw.ImageDraw, float], None],
    paint_piece: Callable[[ImageDraw.ImageDraw, float], None],
) -> Image.Image:
    """A square sprite ``size`` px wide: the piece ``paint_piece`` draws over the shadow ``paint_shadow``
    draws, blurred in proportion to the piece's ``diameter``."""
    shadow = supersampled((size, size), 2, paint_shadow).filter(ImageFilter.GaussianBlur(max(1.0, diameter / 30)))
    return Image.alpha_composite(shadow, supersampled((size, size), 4, paint_piece))


def round_piece_sprite(
    diameter: int, paint: Callable[[Pen, float, float], None], *, square_shadow: bool = False
) -> Image.Image:
    """A piece ``diameter`` px wide that ``paint(pen, c, r)`` draws around the sprite's centre ``(c, c)``
    with radius ``r``, over a soft shadow cast down and to the right; ``square_shadow`` gives the shadow
    the rounded square of a red-faced Ravensburger token instead of a disc."""
    size = diameter + 2 * sprite_pad(diameter)
    c, r = size / 2, diameter / 2

    def paint_shadow(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        x, y = c + diameter * 0.03, c + diameter * 0.06
        if square_shadow:
            pen.rrect((x - r, y - r, x + r, y + r), r * 0.3, fill=(0, 0, 0, 150))
        else:
            pen.circle(x, y, r, fill=(0, 0, 0, 150))

    def paint_piece(draw: ImageDraw.ImageDraw, k: float) -> None:
        paint(Pen(draw, k), c, r)

    return shadowed_sprite(size, diameter, paint_shadow, paint_piece)


def diamond(c: float, r: float) -> list[tuple[float, float]]:
    """The corners of a square standing on its point, centred on ``(c, c)``, ``r`` from centre to corner."""
    return [(c, c - r), (c + r, c), (c, c + r), (c - r, c)]


def paint_inlay(pen: Pen, seat: int, c: float, outer: float, inner: float, fill: Color) -> None:
    """The seat's mark at the centre of a piece, which tells the seats apart without colour: a ring
    (seat 0) or a diamond (seat 1) out to ``outer``, ``fill`` inside it out to ``inner``; cream, or the
    opposite of the piece in the high-contrast palette."""
    mark = inlay_colour(seat)
    if INLAYS[seat] == "ring":
        pen.circle(c, c, outer, fill=mark)
        pen.circle(c, c, inner, fill=fill)
    else:
        pen.poly(diamond(c, outer), fill=mark)
        pen.poly(diamond(c, inner), fill=fill)


@cache
def pyramid_die(width: int, height: int, tip: Color | None, cap: float, fade: int) -> Image.Image:
    """A four-tipped die seen from the side, ``width`` by ``height`` px. ``tip`` colours its top tip out
    to ``cap`` of each edge (None: a bare tip); ``fade`` is its opacity in percent (100: not faded)."""
    light, dark = (70, 98, 160), (40, 60, 112)

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        apex = (width * 0.5, height * 0.05)
        left = (width * 0.04, height * 0.8)
        right = (width * 0.96, height * 0.78)
        front = (width * 0.58, height * 0.96)
        pen.poly([apex, left, front], fill=light)
        pen.poly([apex, front, right], fill=dark)
        if tip is not None:

            def towards(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
                return a[0] + (b[0] - a[0]) * cap, a[1] + (b[1] - a[1]) * cap

            pen.poly([apex, towards(apex, left), towards(apex, front), towards(apex, right)], fill=tip)
        pen.line([apex, left, front, right, apex], fill=INK, width=1.6)
        pen.line([apex, front], fill=INK, width=1.2)

    sprite = supersampled((width, height), 4, paint)
    if fade < 100:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * fade // 100))
    return sprite


def piece_sprite(seat: int, diameter: int) -> Image.Image:
    """Seat ``seat``'s piece, ``diameter`` pixels wide, with its shadow, in the palette being drawn.

    Seat 0 is orange with a ring inlay, seat 1 blue with a diamond inlay (white and black in the
    high-contrast palette): the inlay tells the seats apart without colour. Both leave the centre in the
    seat's colour.
    """
    return _piece_sprite(seat, diameter, palette())


@cache
def _piece_sprite(seat: int, diameter: int, palette_name: str) -> Image.Image:
    colour = seat_colour(seat)
    # The contrast palette is drawn here and then turned over (render.ur): a near-white rim comes out
    # near black, the strong outline a white piece needs on the light ground.
    rim = mix(colour, INK, 0.4) if palette_name == "standard" else CONTRAST_RIM

    def paint(pen: Pen, c: float, r: float) -> None:
        pen.circle(c, c, r, fill=CREAM)
        pen.circle(c, c, r * 0.9, fill=rim)
        pen.circle(c, c, r * 0.8, fill=colour)
        paint_inlay(pen, seat, c, r * (0.54 if seat == 0 else 0.6), r * 0.38, colour)

    return round_piece_sprite(diameter, paint)


@cache
def outline_sprite(strong: bool) -> Image.Image:
    margin = 8
    size = TILE + 2 * margin
    width = 6.0 if strong else 3.5

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        off = margin - (width / 2 if strong else 1)
        box = (off, off, size - off, size - off)
        pen.rrect(box, 12, outline=INK, width=width + 3)
        inset = 1.5
        pen.rrect((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset), 11, outline=HIGHLIGHT, width=width)

    return supersampled((size, size), 3, paint)


@cache
def _panel_border(colour: Color) -> Image.Image:
    w, h = PANEL_X1 - PANEL_X0, PANEL_H

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        Pen(draw, k).rrect((1.5, 1.5, w - 1.5, h - 1.5), 14, outline=colour, width=4)

    return supersampled((w, h), 3, paint)


@cache
def _crown_sprite() -> Image.Image:
    w, h = 40, 32

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        gold = HIGHLIGHT
        pts = [(3, 27), (3, 9), (12, 17), (20, 4), (28, 17), (37, 9), (37, 27)]
        pen.poly(pts, fill=gold)
        pen.line([*pts, pts[0]], fill=INK, width=1.5)
        for x, y in ((3, 8), (20, 3.5), (37, 8)):
            pen.circle(x, y, 3, fill=gold, outline=INK, width=1.2)
        pen.circle(20, 22, 2.6, fill=RED)

    return supersampled((w, h), 4, paint)


BADGE_D: Final = 54
"""The disc of a stack's count."""


@cache
def _badge_sprite(colour: Color, width: int = BADGE_D) -> Image.Image:
    """A count's disc, or a pill ``width`` px wide for a count of two digits."""
    d = BADGE_D

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        Pen(draw, k).rrect((1, 1, width - 1, d - 1), d / 2 - 1, fill=CREAM, outline=colour, width=3)

    return supersampled((width, d), 4, paint)


def paste(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    canvas.paste(sprite, (x, y), sprite)


# Shared by the Ur renderers (render.ur.loop, render.ur.motifs and render.ur.towers draw on the same
# frame, panels and status line, and only change what their rules add).


def paint_frame(pen: Pen, border: Color = SHELL, fill: Color = FRAME) -> None:
    """The board's outline: a ``border`` rim around the union of the frame boxes, then the boxes."""
    boxes = frame_boxes()
    for x0, y0, x1, y1 in boxes:
        pen.rrect((x0 - 4, y0 - 4, x1 + 4, y1 + 4), 18, fill=border)
    for x0, y0, x1, y1 in boxes:
        pen.rrect((x0 - 1.5, y0 - 1.5, x1 + 1.5, y1 + 1.5), 16, fill=INK)
    for box in boxes:
        pen.rrect(box, 15, fill=fill)


def paint_panels(pen: Pen) -> None:
    """Both panels' grounds (the same wherever a seat sits: what tells them apart is drawn per render)."""
    for y in PANEL_Y:
        pen.rrect((PANEL_X0, y, PANEL_X1, y + PANEL_H), 14, fill=PANEL, outline=PANEL_EDGE, width=2)


def board_ground(paint: Callable[[ImageDraw.ImageDraw, float], None], height: int = HEIGHT) -> Image.Image:
    """The backdrop, ``height`` tall, with the supersampled drawing of ``paint`` and the inlaid motif tiles."""
    base = Image.new("RGB", (WIDTH, height), BACKDROP)
    layer = supersampled((WIDTH, height), SCALE, paint)
    base.paste(layer, (0, 0), layer)
    for square, motif in BOARD.motifs.items():
        x0, y0, _, _ = square_box(square)
        tile = motif_tile(motif)
        base.paste(tile, (x0, y0), tile)
    return base


def draw_coordinates(draw: ImageDraw.ImageDraw, left: bool = True) -> None:
    """Column numbers above and below the board, row letters either side (``left``: on the left too)."""
    coord = font(SMALL_PX, "Semibold")
    for col in range(1, 9):
        x = square_centre(f"B{col}")[0]
        draw_text(draw, (x, FRAME_Y - COORD_H / 2), str(col), coord, MUTED, "mm")
        draw_text(draw, (x, FRAME_BOTTOM + COORD_H / 2), str(col), coord, MUTED, "mm")
    for row in BOARD.rows:
        y = square_centre(f"{row}1")[1]
        if left:
            draw_text(draw, (FRAME_X / 2, y), row, coord, MUTED, "mm")
        draw_text(draw, (WIDTH - FRAME_X / 2, y), row, coord, MUTED, "mm")


def plain_board_layer(
    paint: Callable[[ImageDraw.ImageDraw, float], None], icon: Callable[[int], Image.Image]
) -> Image.Image:
    """The static board without words, for a board that adds nothing to it: the ground ``paint`` draws
    (supersampled), the coordinates, and each seat's ``icon`` on its panel."""
    base = board_ground(paint)
    draw_coordinates(ImageDraw.Draw(base))
    paste_panel_icons(base, icon)
    return base


def paste_panel_icons(base: Image.Image, icon: Callable[[int], Image.Image]) -> None:
    """Each seat's piece, ``icon(seat)``, at the left of its panel's first line."""
    for seat in (0, 1):
        paste(base, icon(seat), (PANEL_X0 + 16 + ICON_D / 2, panel_y(seat) + NAME_DY))


def winner_of(outcome: Outcome | None) -> int | None:
    return outcome.winners[0] if outcome is not None and outcome.winners else None


@dataclass(frozen=True, slots=True)
class Stat:
    """One count of a panel's second line: a ``sprite`` (or none), the ``count`` in bold, a ``word``."""

    sprite: Image.Image | None
    count: str
    word: str = ""
    colour: Color = CREAM


def _name_lines(name: str, room: float) -> tuple[list[str], int]:
    """A player's name on one line at the name's size, or wrapped at the smallest size (never cut)."""
    face = font(NAME_PX, "Semibold")
    if face.getlength(name) <= room:
        return [name], NAME_PX
    return wrap_text(name, font(SMALL_PX, "Semibold"), room), SMALL_PX


def draw_panel(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    seat: int,
    status: tuple[int | None, int | None],
    names: tuple[str, str],
    stats: Sequence[Stat],
    you: str | None = None,
    tally: str | None = None,
) -> None:
    """A seat's panel: its border (gold for the winner, the seat's colour on its turn), the player's
    name in full (wrapped to two lines when long) with a winner's crown and, in the reader's own view,
    the ``you`` label; ``tally``, right on the name's line, says how far the player is from winning
    (Ravensburger's "captured 4 of 10"; left out beside a name that would need a third line); then its counts
    (``stats``) on the second line.

    ``status`` is (winner, turn); ``names`` holds the name and its fallback when nothing of it can be shown.
    """
    winner, turn = status
    y = panel_y(seat)
    if winner == seat:
        border = _panel_border(HIGHLIGHT)
        canvas.paste(border, (PANEL_X0, y), border)
    elif winner is None and turn == seat:
        border = _panel_border(seat_tint(seat))
        canvas.paste(border, (PANEL_X0, y), border)
    right = PANEL_X1 - 18.0
    if you is not None:
        pill = font(SMALL_PX, "Bold")
        w = pill.getlength(you) + 28
        pen = Pen(draw, 1)
        box = (right - w, y + NAME_DY - 27, right, y + NAME_DY + 27)
        pen.rrect(box, 27, fill=CREAM, outline=seat_tint(seat), width=4)
        draw_text(draw, (right - w / 2, y + NAME_DY + 1), you, pill, INK, "mm")
        right -= w + 16
    crown = 52 if winner == seat else 0
    name = clean_text(names[0], font(NAME_PX, "Semibold")) or names[1]
    if tally is not None:
        face = font(SMALL_PX, "Semibold")
        beside = right - face.getlength(tally) - 24
        # Only beside a name that still fits on two lines: a third would run into the header. The counts
        # under the name say the same in parts.
        if len(_name_lines(name, beside - NAME_X - crown)[0]) <= 2:
            draw_text(draw, (right, y + NAME_DY + 1), tally, face, CREAM, "rm")
            right = beside
    lines, size = _name_lines(name, right - NAME_X - crown)
    face = font(size, "Semibold")
    step = size * 1.08
    top = y + NAME_DY - step * (len(lines) - 1) / 2 + (0 if len(lines) == 1 else 2)
    width = 0.0
    for i, line in enumerate(lines):
        width = draw_text(draw, (NAME_X, top + i * step), line, face, CREAM, "lm")
    if crown:
        paste(canvas, _crown_sprite(), (NAME_X + width + 30, top + (len(lines) - 1) * step - 2))
    draw_stats(canvas, draw, y + STATS_DY, stats)


STATS_ROOM: Final = PANEL_X1 - PANEL_X0 - 18
"""How wide a panel's counts may run, from the panel's left edge (its 22 px inset included)."""


def stats_gap(stats: Sequence[Stat]) -> float:
    """The gap between two counts: :data:`STAT_GAP`, narrowed (down to 12 px) when three counts with long
    words would run past the panel's edge (Ravensburger's "0 in reserve · 3 delivered · 3 prisoners")."""
    over = stats_width(stats) - STATS_ROOM
    if over <= 0 or len(stats) < 2:
        return STAT_GAP
    return max(12.0, STAT_GAP - over / (len(stats) - 1))


def draw_stats(canvas: Image.Image, draw: ImageDraw.ImageDraw, y: float, stats: Sequence[Stat]) -> None:
    """A panel's counts along its second line (middle ``y``), from its left edge."""
    gap = stats_gap(stats)
    x = PANEL_X0 + 22.0
    count_face = font(SMALL_PX + 4, "Bold")
    word_face = font(SMALL_PX, "Semibold")
    for stat in stats:
        if stat.sprite is not None:
            paste(canvas, stat.sprite, (x + stat.sprite.width / 2 - 4, y))
            x += stat.sprite.width + 2
        x += draw_text(draw, (x, y + 1), stat.count, count_face, stat.colour, "lm")
        if stat.word:
            x += 10
            x += draw_text(draw, (x, y + 1), stat.word, word_face, MUTED, "lm")
        x += gap


def stats_width(stats: Sequence[Stat], gap: float = STAT_GAP) -> float:
    """How wide ``stats`` run with ``gap`` between them, their 22 px inset included (for the layout and
    the tests; :func:`draw_stats` draws them with :func:`stats_gap`)."""
    count_face = font(SMALL_PX + 4, "Bold")
    word_face = font(SMALL_PX, "Semibold")
    width = 22.0
    for stat in stats:
        width += (stat.sprite.width + 2 if stat.sprite is not None else 0) + count_face.getlength(stat.count)
        width += (10 + word_face.getlength(stat.word) if stat.word else 0) + gap
    return width - gap


def draw_status(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    status: tuple[str, str, int | None],
    icon: Callable[[int], Image.Image],
    right: float,
    gap: int = 16,
) -> bool:
    """The status line (template, name, seat), led by the seat's ``icon``; it ends before ``right``.

    It is the biggest text on the image and wraps (up to three lines at the smallest size) rather than
    shortening anything: on a phone the name is what the player looks for. Returns whether the room
    right of ``right`` is still free for the dice: a status that needs more than three lines there (the
    widest 32-character names, in French) takes the header's whole width, and the dice give way (the
    status says the roll).
    """
    template, name, seat = status
    x = float(PANEL_X0)
    text_x = x + STATUS_ICON_D + gap if seat is not None else x
    avail = right - text_x
    text = template.replace("{name}", clean_text(name, font(HEADLINE_PX, "Bold")) or "?")
    size = HEADLINE_PX
    lines = wrap_text(text, font(size, "Bold"), avail)
    while len(lines) > 2 and size > SMALL_PX:
        size = max(SMALL_PX, size - 2)
        lines = wrap_text(text, font(size, "Bold"), avail)
    room = len(lines) <= 3
    if not room:
        lines = wrap_text(text, font(size, "Bold"), PANEL_X1 - text_x)
    face = font(size, "Bold")
    step = size * (1.1 if len(lines) < 3 else 1.04)
    first = HEADER_H / 2 - step * (len(lines) - 1) / 2 - (4 if len(lines) >= 3 else 0)
    if seat is not None:
        paste(canvas, icon(seat), (x + STATUS_ICON_D / 2, first))
    for i, line in enumerate(lines):
        draw_text(draw, (text_x, first + i * step), line, face, CREAM, "lm")
    return room


def status_line(
    words: dict[str, str], names: tuple[str, str], stand: Stand, *, move_key: str = "to_move", opener: int | None = None
) -> tuple[str, str, int | None]:
    """The status template, the name it is about, and the seat whose piece leads the line, for the
    :meth:`~render.ur.stand.Stand.phase` of the game; with no one's turn yet, the draw for the first
    player (or the ``opener``'s opening roll); a move is said by ``move_key``."""
    key, seat = stand.phase()
    if seat is None:
        return (words["draw"], "", None) if opener is None else (words["opening"], names[opener], opener)
    template = words[move_key].replace("{roll}", str(stand.roll)) if key == "to_move" else words[key]
    return template, names[seat], seat


def _move_marks(move_re: re.Pattern[str], move: str | None) -> tuple[str, ...]:
    """The board squares a move notation names, as the bot highlights them (for the palette samples)."""
    m = move_re.fullmatch(move) if move is not None else None
    return tuple(sq.upper() for sq in (m[1], m[2]) if sq.upper() in BOARD.motifs) if m else ()


def draw_last_move(
    canvas: Image.Image,
    ctx: BoardContext,
    move_re: re.Pattern[str],
    path: Callable[[str, int | None], list[tuple[float, float]] | None],
    arrow: Callable[[Image.Image, list[tuple[float, float]]], None],
) -> None:
    """Outline the highlighted squares (the destination strongly) and draw the last move's arrow."""
    move = move_re.fullmatch(ctx.last_move.strip()) if ctx.last_move else None
    destination = move[2].upper() if move else None
    for square in sorted(set(ctx.highlights)):
        if square in BOARD.motifs:
            paste(canvas, outline_sprite(square == destination), square_centre(square))
    if ctx.last_move:
        points = path(ctx.last_move, ctx.last_mover if ctx.last_mover in (0, 1) else None)
        if points is not None:
            arrow(canvas, points)


def draw_capture(canvas: Image.Image, ctx: BoardContext, move_re: re.Pattern[str]) -> None:
    """After a capture (an ``x`` in the last move), the taken piece struck out in red in a corner of
    the square where it was taken, over the pieces: the piece sent back, or made prisoner, leaves a trace."""
    taken = captured_square(ctx, move_re)
    if taken is not None and ctx.last_mover in (0, 1):
        x0, y0, _, _ = square_box(taken)
        paste(canvas, capture_marker(1 - int(ctx.last_mover or 0)), (x0 + CAPTURE_D / 2 - 8, y0 + CAPTURE_D / 2 - 8))


def target_corner(name: str) -> tuple[float, float] | None:
    """Where a target dot goes on square ``name``: its lower right corner (None: not a square)."""
    square = name.strip().upper()
    if square not in BOARD.motifs:
        return None
    _, _, x1, y1 = square_box(square)
    return x1 - 16, y1 - 16


@dataclass(frozen=True)
class Lanes(Generic[_V, _S]):
    """A board whose pieces run along the lanes, as one rule set draws it: its static ``base`` for a facing,
    the last move (``move_re`` reads it, its ``arrow`` runs along ``path``), what stands on each square
    (``stands`` of a state: square and pieces, drawn by ``draw_stand`` where there are any), each seat's
    ``panel`` and the ``header``; the marks of the move buttons go where ``mark_at`` says (by default
    :func:`mark_corner`)."""

    base: Callable[[Facing], Image.Image]
    move_re: re.Pattern[str]
    path: Callable[[str, int | None], list[tuple[float, float]] | None]
    arrow: Callable[[Image.Image, list[tuple[float, float]]], None]
    stands: Callable[[_V], Iterable[tuple[str, _S]]]
    draw_stand: Callable[[Image.Image, ImageDraw.ImageDraw, str, _S], None]
    panel: Callable[[Image.Image, ImageDraw.ImageDraw, _V, BoardContext, int], None]
    header: Callable[[Image.Image, ImageDraw.ImageDraw, _V, BoardContext], None]
    mark_at: Callable[[_V, str], tuple[float, float]] | None = None

    def draw(self, state: _V, ctx: BoardContext, faced: Facing) -> Image.Image:
        """The board of ``state`` on a copy of its static base: the last move (its squares outlined, its
        arrow), the pieces, the piece taken, the reader's target dots, the marks, the panels and the header."""
        canvas = self.base(faced).copy()
        draw = ImageDraw.Draw(canvas)
        draw_last_move(canvas, ctx, self.move_re, self.path, self.arrow)
        for square, stand in self.stands(state):
            if stand:
                self.draw_stand(canvas, draw, square, stand)
        draw_capture(canvas, ctx, self.move_re)
        paste_targets(canvas, ctx.targets, target_corner)
        mark_at = self.mark_at
        draw_marks(canvas, draw, ctx.marks, mark_corner if mark_at is None else lambda sq: mark_at(state, sq))
        for seat in (0, 1):
            self.panel(canvas, draw, state, ctx, seat)
        self.header(canvas, draw, state, ctx)
        return canvas


CAPTURE_D: Final = 60
"""Size of the struck-out piece that marks a capture."""


def captured_square(ctx: BoardContext, move_re: re.Pattern[str]) -> str | None:
    """The square where the last move took a piece (its notation has an ``x``), if it did."""
    text = ctx.last_move.strip() if ctx.last_move else ""
    move = move_re.fullmatch(text)
    if move is None or text[len(move[1])] not in "xX":
        return None
    square = move[2].upper()
    return square if square in BOARD.motifs else None


def capture_marker(seat: int) -> Image.Image:
    """``seat``'s piece, small, struck out by a red ring and cross: a piece taken on this square."""
    return _capture_marker(seat, palette())


@cache
def _capture_marker(seat: int, palette_name: str) -> Image.Image:
    piece = piece_sprite(seat, CAPTURE_D - 14)
    d = CAPTURE_D

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        pen.circle(d / 2, d / 2, d / 2 - 3, outline=INK, width=9)
        pen.circle(d / 2, d / 2, d / 2 - 3, outline=RED, width=5)
        a, b = d * 0.2, d * 0.8
        pen.line([(a, a), (b, b)], fill=INK, width=9)
        pen.line([(a, b), (b, a)], fill=INK, width=9)
        pen.line([(a, a), (b, b)], fill=RED, width=5)
        pen.line([(a, b), (b, a)], fill=RED, width=5)

    marker = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    marker.paste(piece, ((d - piece.width) // 2, (d - piece.height) // 2), piece)
    cross = supersampled((d, d), 4, paint)
    return Image.alpha_composite(marker, cross)


def touched_squares(
    notation: str,
    chance: Sequence[re.Pattern[str]],
    parse: Callable[[str], object],
    squares_of: Callable[[_M], Iterable[str | None]],
    move_type: type[_M],
) -> tuple[str, ...]:
    """The squares a move notation touches, or none for chance outcomes and notations ``parse`` rejects."""
    text = notation.strip()
    if any(p.fullmatch(text) for p in chance):
        return ()
    try:
        move = parse(text)
    except GameError:
        return ()
    if not isinstance(move, move_type):
        return ()
    return tuple(sq for sq in squares_of(move) if sq is not None)


def view_of(view: object, kind: type[_M], renderer: str) -> _M:
    """``view`` if it is a ``kind``, the state this renderer (named in the error) draws."""
    return expect_view(view, kind, renderer, f"{kind.__module__.rsplit('.', 1)[-1]}.State views")


def sample_palette(
    draw_board: Callable[[object, BoardContext], Image.Image],
    parse: Callable[[str], object],
    move_re: re.Pattern[str],
    samples: Iterable[tuple[str, str | None, int | None, str]],
    keep: Sequence[Color] = (),
    merge: int = 0,
) -> Image.Image:
    """The palette of representative renders: (position text, last move, its mover, language) each;
    the colours of ``keep`` are in it exactly; ``merge`` as :func:`render.common.build_palette` takes it."""
    images = []
    for text, move, mover, lang in samples:
        ctx = BoardContext(("Alice", "Bob"), move, mover, _move_marks(move_re, move), lang)
        images.append(draw_board(parse(text), ctx))
    return build_palette(images, keep=keep, merge=merge)


# The static board.


def frame_boxes() -> list[tuple[float, float, float, float]]:
    """The board's outline as three boxes: the big block, the bridge and the small block."""
    left = float(FRAME_X)
    right = float(WIDTH - FRAME_X)
    top, bottom = float(FRAME_Y), float(FRAME_BOTTOM)
    big_right = GRID_X + 4 * STEP - GUTTER + FRAME_PAD
    small_left = GRID_X + 6 * STEP - FRAME_PAD
    bridge_top = GRID_Y + STEP - FRAME_PAD
    bridge_bottom = GRID_Y + STEP + TILE + FRAME_PAD
    return [
        (left, top, big_right, bottom),
        (big_right - 20, bridge_top, small_left + 20, bridge_bottom),
        (small_left, top, right, bottom),
    ]


PATH_CHEVRON: Final = (8.0, 17.0)
"""The depth and half-width of the path hints between the squares of a race along the lanes, drawn over the
tiles' dark rims: at 5 and 8 px, inside the gutter, they were 4 CSS px tall on a phone, and a newcomer could
not tell which way the path ran (issue 39)."""


def path_chevrons() -> list[tuple[tuple[float, float], tuple[float, float], Color]]:
    """Where to draw the path hints: (joint centre, direction, colour) between consecutive squares."""
    marks: dict[tuple[str, str], Color] = {}
    for seat in (0, 1):
        path = race.PATHS[seat]
        for a, b in pairwise(path):
            shared = a.startswith("B") and b.startswith("B")
            marks[(a, b)] = mix(FRAME, SHELL, 0.55) if shared else mix(FRAME, seat_tint(seat), 0.75)
    found = []
    for (a, b), colour in marks.items():
        (ax, ay), (bx, by) = square_centre(a), square_centre(b)
        length = math.hypot(bx - ax, by - ay)
        found.append((((ax + bx) / 2, (ay + by) / 2), ((bx - ax) / length, (by - ay) / length), colour))
    return found


def chevron(
    pen: Pen,
    at: tuple[float, float],
    direction: tuple[float, float],
    colour: Color,
    *,
    depth: float = 5.0,
    half: float = 8.0,
    notch: float = 1.0,
) -> None:
    """A path hint centred on ``at`` pointing along ``direction``: ``depth`` from its middle to the tip,
    ``half`` its half-width, its back cut in by ``notch``."""
    (x, y), (dx, dy) = at, direction
    tip = (x + dx * depth, y + dy * depth)
    b1 = (x - dx * depth - dy * half, y - dy * depth + dx * half)
    b2 = (x - dx * depth + dy * half, y - dy * depth - dx * half)
    back = (x - dx * notch, y - dy * notch)
    pen.poly([tip, b1, back, b2], fill=colour)


def stop_short(points: list[tuple[float, float]], clearance: float) -> list[tuple[float, float]]:
    """``points`` with the last one moved back along the last segment by ``clearance`` (at most 60 % of
    the segment), so an arrowhead stays visible beside the piece that now stands there."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    cut = min(clearance, length * 0.6)
    points[-1] = (x1 - (x1 - x0) / length * cut, y1 - (y1 - y0) / length * cut)
    return points


def arrow_head(pen: Pen, tip: tuple[float, float], direction: tuple[float, float], size: float, colour: Color) -> None:
    (x, y), (dx, dy) = tip, direction
    back = (x - dx * size, y - dy * size)
    pen.poly(
        [
            tip,
            (back[0] - dy * size * 0.6, back[1] + dx * size * 0.6),
            (back[0] + dy * size * 0.6, back[1] - dx * size * 0.6),
        ],
        fill=colour,
    )


def paint_entry(pen: Pen, seat: int, tint: Color) -> None:
    """The entry marker of ``seat``: an arrow from its empty corner into the first square of its lane."""
    ex, ey = entry_point(seat)
    target = square_box(f"{BOARD.lanes[seat]}4")[2] + 6
    pen.circle(ex, ey, 8, outline=tint, width=3)
    pen.line([(ex - 9, ey), (target + 12, ey)], fill=tint, width=4)
    arrow_head(pen, (target, ey), (-1.0, 0.0), 13, tint)


def paint_lanes(pen: Pen, far_end: Callable[[Pen, int, Color], None]) -> None:
    """The ground of a race along the lanes: the frame in its shell border, and in the empty corners where
    each lane meets the outside, its entry marker and what ``far_end(pen, seat, tint)`` paints at the other
    end (Variante 2's exit, the Ravensburger goal). The path's chevrons go over the tiles (:func:`lanes_layer`)."""
    paint_frame(pen)
    for seat in (0, 1):
        tint = mix(BACKDROP, seat_tint(seat), 0.8)
        paint_entry(pen, seat, tint)
        far_end(pen, seat, tint)


def lanes_layer(far_end: Callable[[Pen, int, Color], None], icon: Callable[[int], Image.Image]) -> Image.Image:
    """The static board of a race along the lanes (:func:`paint_lanes` with ``far_end``, and the panels),
    with its coordinates and each seat's ``icon``: everything a board that adds no words draws once."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        paint_lanes(pen, far_end)
        paint_panels(pen)

    def hints(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        for at, direction, colour in path_chevrons():
            chevron(pen, at, direction, colour, depth=PATH_CHEVRON[0], half=PATH_CHEVRON[1], notch=2.0)

    base = plain_board_layer(paint, icon)
    # Over the tiles, not under them: in the 12 px gutter alone a chevron could not be big enough to read.
    layer = supersampled((WIDTH, HEIGHT), SCALE, hints)
    base.paste(layer, (0, 0), layer)
    return base


def read_lane_move(move_re: re.Pattern[str], notation: str, seat: int | None) -> tuple[str, str, int] | None:
    """The from and to of a move along the lanes (upper case: squares, ``IN``, ``OFF``) with the seat whose
    path it follows, or None when ``move_re`` does not read it as a full move. Without a ``seat``, the lane
    named says it; a move naming only row B is drawn as seat 0's (both paths agree there), unless it
    enters or leaves the board, whose side only the seat could tell (then None)."""
    m = move_re.fullmatch(notation.strip())
    if m is None:
        return None
    frm, to = m[1].upper(), m[2].upper()
    if seat is None:
        lanes = {sq[0] for sq in (frm, to)} & set(BOARD.lanes)
        if len(lanes) == 1:
            seat = BOARD.lanes.index(lanes.pop())
        elif frm == "IN" or to == "OFF":
            return None
        else:
            seat = 0
    return frm, to, seat


def draw_arrow(canvas: Image.Image, points: list[tuple[float, float]]) -> None:
    margin = 24
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = math.floor(min(xs)) - margin, math.floor(min(ys)) - margin
    size = (math.ceil(max(xs)) + margin - left, math.ceil(max(ys)) + margin - top)
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    direction = ((x1 - x0) / length, (y1 - y0) / length)
    head = 20.0
    shaft = [*points[:-1], (x1 - direction[0] * head * 0.7, y1 - direction[1] * head * 0.7)]

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k, (left, top))
        pen.line(shaft, fill=INK, width=11)
        for x, y in shaft[:1]:
            pen.circle(x, y, 8, fill=INK)
        arrow_head(pen, (x1 + direction[0] * 3, y1 + direction[1] * 3), direction, head + 5, INK)
        pen.line(shaft, fill=HIGHLIGHT, width=6)
        for x, y in shaft[:1]:
            pen.circle(x, y, 5.5, fill=HIGHLIGHT)
        arrow_head(pen, (x1, y1), direction, head, HIGHLIGHT)

    layer = supersampled(size, 2, paint)
    canvas.paste(layer, (left, top), layer)


def draw_badge(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, centre: tuple[float, float], count: int, seat: int
) -> None:
    """A stack's ``count`` on a disc ringed in ``seat``'s colour (a pill when it has two digits)."""
    face = font(SMALL_PX + 2, "Bold")
    width = max(BADGE_D, math.ceil(face.getlength(str(count))) + 20)
    paste(canvas, _badge_sprite(mix(seat_tint(seat), INK, 0.2), width), centre)
    draw_text(draw, (centre[0], centre[1] + 1), str(count), face, INK, "mm")


class RacePanelState(Protocol):
    """What a seat's panel shows of a race along a path (Variante 1 and Variante 2)."""

    @property
    def turn(self) -> int | None: ...

    def outcome(self) -> Outcome | None: ...

    def reserve(self, seat: int) -> int: ...

    def borne_off(self, seat: int) -> int: ...


def you_word(ctx: BoardContext, seat: int, words: dict[str, str]) -> str | None:
    """The "you" label of ``seat``'s panel in its own view (``ctx.viewer``), else None."""
    return words["you"] if ctx.viewer == seat else None


def row_stat(seat: int, words: dict[str, str]) -> Stat:
    """The lane of ``seat``, which with the inlay tells the seats apart without colour: "row A"."""
    return Stat(None, "", words["row"].format(row=BOARD.lanes[seat]))


def race_stats(state: RacePanelState, seat: int, words: dict[str, str], off_sprite: Image.Image) -> tuple[Stat, ...]:
    """The counts of a seat's panel in a race: its lane, its pieces waiting, its pieces off."""
    return (
        row_stat(seat, words),
        Stat(piece_sprite(seat, STAT_D), str(state.reserve(seat)), words["waiting"]),
        Stat(off_sprite, str(state.borne_off(seat)), words["off"]),
    )


def draw_race_panel(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: RacePanelState,
    seat: int,
    ctx: BoardContext,
    words: dict[str, str],
    off_sprite: Image.Image,
) -> None:
    """A seat's panel in a race: name, then its lane, its pieces waiting and its pieces off (``off_sprite``)."""
    names = player_names(ctx, {ctx.language: words})
    stats = race_stats(state, seat, words, off_sprite)
    status = (winner_of(outcome_of(state.outcome(), ctx)), state.turn)
    fallback = words["player"].format(n=seat + 1)
    draw_panel(canvas, draw, seat, status, (names[seat], fallback), stats, you_word(ctx, seat, words))


def race_move_text(words: dict[str, str], notation: str, mover: int | None, names: tuple[str, str]) -> str:
    """The header's words for a race's last decision other than a throw: the seat drawn to start, or the
    notation after its mover's name."""
    if m := DRAWN_FIRST.fullmatch(notation):
        return words["first"].format(name=names[BOARD.lanes.index(m[1].upper())])
    who = f"{names[mover]} · " if mover in (0, 1) else ""
    return f"{who}{notation}"


def draw_stack(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, sprite: Image.Image, square: str, count: int, seat: int
) -> None:
    """``count`` pieces alike (``sprite``) stacked on ``square``: the pieces underneath peek out below, and
    ``seat``'s badge at the square's upper right says how many there are."""
    cx, cy = square_centre(square)
    for i in range(min(count, 3) - 1, 0, -1):
        paste(canvas, sprite, (cx, cy + 5 * i))
    paste(canvas, sprite, (cx, cy - 3 * (min(count, 3) - 1)))
    if count > 1:
        draw_badge(canvas, draw, (cx + TILE / 2 - 12, cy - TILE / 2 + 12), count, seat)


def mark_corner(square: str) -> tuple[float, float]:
    """Where the mark of a piece on ``square`` goes: the square's lower left corner, clear of a stack's
    count (upper right) and of a target dot (lower right)."""
    x0, _, _, y1 = square_box(square)
    return x0 + MARK_D / 2 - 4, y1 - MARK_D / 2 + 4


def draw_marks(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    marks: Sequence[tuple[str, str]],
    corner: Callable[[str], tuple[float, float]] = mark_corner,
) -> None:
    """Each (square, mark) of the reader's move buttons as a white disc with the mark, at ``corner`` of
    the piece it moves, so "1 · A4 → A2" on a button pairs with the "1" on the board."""
    face = font(MARK_PX, "Bold")
    for square, mark in marks:
        name = square.strip().upper()
        if name not in BOARD.motifs or not mark:
            continue
        centre = corner(name)
        paste(canvas, _mark_sprite(), centre)
        draw_text(draw, (centre[0], centre[1] + 1), mark, face, INK, "mm")


MARK_D: Final = 58
MARK_PX: Final = SMALL_PX


@cache
def _mark_sprite() -> Image.Image:
    d = MARK_D

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        Pen(draw, k).circle(d / 2, d / 2, d / 2 - 1, fill=(255, 255, 255), outline=INK, width=4)

    return supersampled((d, d), 4, paint)
