"""Ursuppe (Primordial Soup) as an image drawn for a phone's message column: one image per turn, short
enough that a phone shows it with its post's words and buttons on one screen (about 300 CSS px high).

A phone shows a turn post's image about 265 CSS px wide (:data:`render.lettering.PHONE_COLUMN_CSS`), so
the image is :data:`WIDTH` px wide and no text on it is under :data:`TEXT_PX` (12 CSS px there); nothing
is shortened, long names wrap. Top to bottom:

- the header: round and phase, then what the game waits for and from whom (or who won), wrapped;
- the soup: column letters and row digits, the 19 squares (wider than tall: :data:`PITCH_Y`, a row taller
  only when one of its squares needs it, :func:`pitch_of`) and the compass island (the environment card's
  drift as a red arrow, its ozone value in grey). Each square shows its food as one count beside a cube
  (a count per colour beside a silhouette was some 7 CSS px on a phone; the turn post says in words, above the
  board, each colour's cubes on the square the acting member's decision is about and on those within its
  reach) and its amoebas as numbered silhouettes, ringed in dashes per damage. The empty squares hold the
  turn order of the phase (a1, captioned "Turn order"), the card, the cards left and where the finish zone
  starts (c1–e1), and what the dashed ring means (e5);
- the players' cards, three, two or one a row: silhouette, name in full, score. Their BP, MP against the
  ozone, amoebas and genes, and the supply, are in the detail view (:func:`draw_rows`,
  :mod:`render.ursuppe_detail`); the post's words give the acting player their own BP.

Colour is never the only cue: every seat has a silhouette of its own, the move
buttons' marks (:attr:`BoardContext.marks`) are badges on the squares, and in a player's own view their
amoebas are ringed and their row says "you". The gene market and the latest events are a second view a
member opens on demand (:mod:`render.ursuppe_detail`). ``BoardContext.palette == "contrast"`` draws on
black with white edges and text (:data:`render.ursuppe_art.THEMES`).

The soup's ground (squares, letters) is cached per board and palette; finished squares and player rows
are cached tiles (:class:`_Tiles`) that also replay the text they noted, so that the lettering notes
(:mod:`render.lettering`) are the same whether a tile was drawn or reused.
"""

from __future__ import annotations

import dataclasses
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import Final, TypeAlias

from PIL import Image, ImageDraw

from games.base import Outcome, Termination
from games.ursuppe.board import NAMES
from games.ursuppe.genes import GENES
from games.ursuppe.view import (
    AmoebaView,
    CardView,
    Decision,
    Event,
    GeneOffer,
    PlayerView,
    SquareView,
    View,
)
from render import ursuppe_art as art
from render.common import (
    HIGHLIGHT,
    INK,
    LANGS,
    BoardContext,
    Color,
    GameRenderer,
    Weight,
    build_palette,
    clean_text,
    encode_png,
    expect_view,
    font,
    mix,
    plural,
    rounded_box,
    supersampled,
)
from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS, note_figure, note_text, note_truncated, noted
from render.palettes import Sampler, shipped
from render.ursuppe_art import (
    DAMAGE,
    GOLD,
    PLAYER_COLOURS,
    SHAPE_OF,
    THEMES,
    Theme,
    amoeba_sprite,
    chip_sprite,
    damage_ring_sprite,
    food_key_sprite,
    food_total_sprite,
    frame_sprite,
    island_sprite,
    marker_sprite,
    paste,
    paste_text,
    ring_sprite,
    text_width,
    theme,
)
from render.ursuppe_words import (
    AmoebaRef,
    Part,
    PlayerRef,
    card_text,
    colour_index,
    colour_name,
    decision_parts,
    gene_name,
    outcome_parts,
    phase_title,
    shape_name,
    word,
)

GAME_ID: Final = "ursuppe"

WIDTH: Final = 600
"""Narrow enough that a phone's column shows the image at some 44 % of its size, wide enough for five
squares of three amoebas each."""
TEXT_PX: Final = math.ceil(PHONE_MIN_CSS * WIDTH / PHONE_COLUMN_CSS)
"""The smallest text (28 px: 12.2 CSS px in a 265 CSS px column): food counts, amoeba numbers, labels."""
LINE_PX: Final = TEXT_PX + 1
"""The words of the header and the player rows."""
SCORE_PX: Final = 30
MARGIN: Final = 8
LINE_H: Final = TEXT_PX + 8
"""The height of a line of words (icons included)."""
HEADER_H: Final = TEXT_PX + 3
"""The height of a line of the header (tighter than :data:`LINE_H`: the header has no row of icons under it)."""
LABEL_H: Final = 24
"""The band above the squares that holds the column letters."""
LABEL_W: Final = 22
"""The band left of the squares that holds the row digits."""
PITCH_X: Final = (WIDTH - 2 * MARGIN - LABEL_W) / 5
PITCH_Y: Final = 80
"""The squares' height as a rule: wider than tall, the food count and a row of amoebas fill one, and the whole
image stays short enough that a phone shows it with its post's words and buttons on one screen. A position
whose fullest square needs more (a second row of amoebas; the first row's words) gets taller squares, up to
:data:`PITCH_MAX` (see :func:`pitch_of`)."""
PITCH_MAX: Final = 140
GAP: Final = 4
BOARD_H: Final = LABEL_H + 5 * PITCH_Y + GAP
"""The height of the soup band (letters and five rows of squares) at the usual pitch (:func:`board_h`)."""


Pitch = int | tuple[int, ...]
"""The rows' heights: one for all five, or one each (see :func:`pitch_of`)."""


def _row_top(row: int, pitch: Pitch) -> int:
    return row * pitch if isinstance(pitch, int) else sum(pitch[:row])


def _row_h(row: int, pitch: Pitch) -> int:
    return pitch if isinstance(pitch, int) else pitch[row]


def board_h(pitch: Pitch = PITCH_Y) -> int:
    """The height of the soup band when its rows are ``pitch`` px high."""
    return LABEL_H + _row_top(5, pitch) + GAP


ROW_GAP: Final = 6
SCORE_W: Final = 64
"""Room kept right of a player's name for the score."""
LEGEND_COLUMNS: Final = (3, 2, 1)
"""The players' cards under the soup, side by side (their numbers beyond the score are in the detail view):
three, two or one a row, whichever makes the cards the least tall (long names wrap in narrow cards)."""
CARD_GAP: Final = 6

CHIP_GAP: Final = 1
AMOEBA_D: Final = 34
MARKER_D: Final = math.ceil(PHONE_MIN_CSS * WIDTH / PHONE_COLUMN_CSS)
"""A player's silhouette beside words (the header, the turn order, the players' cards, cubes in the header's
sentence): as tall as the smallest text, 12 CSS px on a phone (issue 39: at 24 px they were some 10 CSS px)."""
FOOD_H: Final = MARKER_D + 4
"""Height of a square's food count (a cube as large as a silhouette, and the count beside it)."""
AMOEBA_PITCH: Final = 35
BADGE_H: Final = 30

OVER: Final[Color] = (255, 120, 100)
"""MP above the ozone value (a defect is coming); the text also says so with ``>``."""
UNDER: Final[Color] = (150, 224, 150)
SCALE: Final = 3

ALT_MAX: Final = 1000
ALT_NAME_MAX: Final = 32
_SQUARE_NAME: Final = re.compile(r"(?<![a-z0-9])([a-e][1-5])(?![a-z0-9])", re.IGNORECASE)
_DIRECTION: Final = re.compile(r"(?<![a-z])(n|e|s|w|north|east|south|west)(?![a-z])", re.IGNORECASE)


# Geometry.


def cell_box(row: int, col: int, board_y: float = 0, pitch: Pitch = PITCH_Y) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) of the square at ``row``, ``col`` when the soup band starts
    at ``board_y`` and its rows are ``pitch`` px high."""
    left = MARGIN + LABEL_W + col * PITCH_X + GAP / 2
    top = board_y + LABEL_H + _row_top(row, pitch) + GAP / 2
    return round(left), round(top), round(left + PITCH_X - GAP), round(top + _row_h(row, pitch) - GAP)


def square_box(name: str, board_y: float = 0, pitch: Pitch = PITCH_Y) -> tuple[int, int, int, int]:
    """The pixel box of square ``name`` (``b1``...) when the soup band starts at ``board_y`` (rows ``pitch``
    px apart)."""
    return cell_box(int(name[1]) - 1, "abcde".index(name[0].lower()), board_y, pitch)


# Cached tiles that remember the text they noted.


_Noted: TypeAlias = tuple[tuple[str, float], ...]
"""What a tile noted: (text or figure, size in image px) each."""


class _Tiles:
    """A bounded cache of finished pieces of the image (a square, a player row).

    A tile is the piece of the image under it with its sprites and words laid on it, so a hit costs one
    plain paste. Its key names everything drawn on it and everything under it. The text and figures a tile
    noted while it was painted are kept with it and noted again on every hit.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.tiles: OrderedDict[Hashable, tuple[Image.Image, _Noted, tuple[str, ...], _Noted]] = OrderedDict()
        self.lock = threading.Lock()
        """The bot renders in worker threads: the dictionary is only touched under this lock."""

    def lay(
        self,
        canvas: Image.Image,
        box: tuple[int, int, int, int],
        key: Hashable,
        paint: Callable[[Image.Image], None],
    ) -> None:
        """Paste the tile of ``key`` at ``box``; on a miss, ``paint`` it on the crop of ``canvas`` first."""
        with self.lock:
            found = self.tiles.get(key)
            if found is not None:
                self.tiles.move_to_end(key)
        if found is None:
            tile = canvas.crop(box)
            with noted() as notes:
                paint(tile)
            found = (tile, tuple(notes.texts), tuple(notes.truncated), tuple(notes.figures))
            with self.lock:
                self.tiles[key] = found
                while len(self.tiles) > self.size:
                    self.tiles.popitem(last=False)
        tile, texts, truncated, figures = found
        for text, px in texts:
            note_text(text, px)
        for text in truncated:
            note_truncated(text)
        for what, px in figures:
            note_figure(what, px)
        canvas.paste(tile, box[:2])

    def clear(self) -> None:
        """Forget every tile."""
        with self.lock:
            self.tiles.clear()


SQUARES_KEPT: Final = 256
"""Finished squares kept (:data:`_SQUARES`), up to 46 KB each: a board has nineteen and a move changes a few, so
this covers a dozen tables drawn in turn; 512 took some 15 MB once a bot had drawn its first thousand boards
(tests/test_kept_memory.py holds the bound)."""
_SQUARES: Final = _Tiles(SQUARES_KEPT)
_ROWS: Final = _Tiles(128)


def clear_tiles() -> None:
    """Forget every cached square and player row."""
    for tiles in (_SQUARES, _ROWS):
        tiles.clear()


# Reading the view.


def _view(view: object) -> View:
    return expect_view(view, View, "Ursuppe", "games.ursuppe.view.View objects")


def _colours(v: View) -> tuple[int, ...]:
    return tuple(colour_index(c, s) for s, c in enumerate(v.colours))


def _names(v: View, ctx: BoardContext) -> tuple[str, ...]:
    player = word(ctx.language, "player")
    return tuple(ctx.name(s, player.format(n=s + 1)) for s in range(v.players))


def _clean_names(v: View, ctx: BoardContext, size: int = LINE_PX) -> tuple[str, ...]:
    return _cleaned(_names(v, ctx), size)


@lru_cache(maxsize=256)
def _cleaned(names: tuple[str, ...], size: int) -> tuple[str, ...]:
    face = font(size, "Semibold")
    return tuple(clean_text(n, face) or str(i + 1) for i, n in enumerate(names))


# Words that wrap: a line of text mixed with icons, broken between words, never shortened.


@dataclass(frozen=True, slots=True)
class _Piece:
    """One unbreakable piece of a line: a word (with the space after it) or an icon."""

    width: float
    space: float
    draw: Callable[[Image.Image, float, float], None]
    """Draws the piece with its left edge at x and the line's middle at y."""


def _word_pieces(text: str, size: int, weight: Weight, colour: Color) -> list[_Piece]:
    pieces = []
    for chunk in re.findall(r"\S+\s*", text):
        body = chunk.rstrip()
        width = text_width(body, size, weight)
        space = text_width(chunk, size, weight) - width if chunk != body else 0.0

        def draw(canvas: Image.Image, x: float, y: float, body: str = body) -> None:
            paste_text(canvas, (x, y), body, size, weight, colour, "lm")

        pieces.append(_Piece(width, space, draw))
    if text[:1].isspace() and pieces:
        lead = text_width(" ", size, weight)
        pieces.insert(0, _Piece(0.0, lead, lambda canvas, x, y: None))
    return pieces


def _icon_piece(sprite: Image.Image, width: float, notes: Sequence[tuple[str, float]] = ()) -> _Piece:
    def draw(canvas: Image.Image, x: float, y: float) -> None:
        for text, px in notes:
            note_text(text, px)
        paste(canvas, sprite, (x + width / 2, y))

    return _Piece(width, 6.0, draw)


def _part_pieces(
    parts: Sequence[Part],
    colours: tuple[int, ...],
    names: tuple[str, ...],
    size: int,
    colour: Color,
    palette: str,
    acting: int | None = None,
) -> list[_Piece]:
    """The pieces of a sentence: words, a player as their silhouette and name (ringed, as in the turn order,
    when they are the ``acting`` seat), an amoeba as its sprite, cubes as chips."""
    pieces: list[_Piece] = []
    for part in parts:
        if isinstance(part, str):
            pieces.extend(_word_pieces(part, size, "Semibold", colour))
        elif isinstance(part, PlayerRef):
            ci = colours[part.seat] if 0 <= part.seat < len(colours) else 0
            marker, width = marker_sprite(ci, MARKER_D, palette), MARKER_D + 4
            if part.seat == acting:
                # The ring of the turn order (a1) around the acting player's silhouette, beside their name and
                # what they do: the header is the ring's key in words on every board, the one at six players
                # too, which has no room for the key under the turn order (issue 39).
                marker, width = _ringed(ci, palette), ORDER_RING + 2
            pieces.append(_icon_piece(marker, width))
            name = names[part.seat] if 0 <= part.seat < len(names) else "?"
            pieces.extend(_word_pieces(name, size, "Bold", colour))
        elif isinstance(part, AmoebaRef):
            ci = colours[part.seat] if 0 <= part.seat < len(colours) else 0
            sprite = amoeba_sprite(ci, part.number, AMOEBA_D, TEXT_PX, palette)
            pieces.append(_icon_piece(sprite, AMOEBA_D + 2, ((str(part.number), TEXT_PX),)))
        else:
            for seat, count in enumerate(part.counts):
                if count > 0:
                    ci = colours[seat] if seat < len(colours) else 0
                    chip = chip_sprite(ci, count, 0, TEXT_PX, palette, MARKER_D)
                    pieces.append(_icon_piece(chip, chip.width, ((str(count), TEXT_PX),)))
    return pieces


@cache
def _ringed(colour_index: int, palette: str) -> Image.Image:
    """A player's silhouette inside the turn order's ring."""
    marker = marker_sprite(colour_index, MARKER_D, palette)
    ring = ring_sprite(ORDER_RING, HIGHLIGHT, 3.0)
    side = max(ring.width, marker.width)
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    paste(sprite, ring, (side / 2, side / 2))
    paste(sprite, marker, (side / 2, side / 2))
    return sprite


def _lines(pieces: Sequence[_Piece], width: float) -> list[list[tuple[float, _Piece]]]:
    """The pieces broken into lines at most ``width`` wide, each with its x offset."""
    lines: list[list[tuple[float, _Piece]]] = [[]]
    x = 0.0
    for piece in pieces:
        if lines[-1] and x + piece.width > width:
            lines.append([])
            x = 0.0
        lines[-1].append((x, piece))
        x += piece.width + piece.space
    return [line for line in lines if line] or [[]]


def _draw_lines(
    canvas: Image.Image, lines: list[list[tuple[float, _Piece]]], x: float, y: float, height: int = LINE_H
) -> None:
    """Draw ``lines`` from (x, y), the top of the first; each is ``height`` high."""
    for i, line in enumerate(lines):
        for dx, piece in line:
            piece.draw(canvas, x + dx, y + i * height + height / 2)


def wrap_words(text: str, size: int, weight: Weight, width: float) -> list[str]:
    """``text`` broken between words into lines at most ``width`` wide (a word wider than that is broken
    between letters: nothing is ever shortened)."""
    return list(_wrapped(text, size, weight, width))


@lru_cache(maxsize=2048)
def _wrapped(text: str, size: int, weight: Weight, width: float) -> tuple[str, ...]:
    # Cached: the same titles, names and legends come back render after render, and measuring is slow.
    face = font(size, weight)
    lines: list[str] = []
    for chunk in text.split():
        while face.getlength(chunk) > width and len(chunk) > 1:
            cut = max(1, max(i for i in range(1, len(chunk) + 1) if face.getlength(chunk[:i]) <= width or i == 1))
            if lines and not lines[-1]:
                lines.pop()
            lines.append(chunk[:cut])
            chunk = chunk[cut:]
        if lines and face.getlength(lines[-1] + " " + chunk) <= width:
            lines[-1] += " " + chunk
        else:
            lines.append(chunk)
    return tuple(lines) or ("",)


# The soup's ground.


@lru_cache(maxsize=64)
def _square_ground(size: tuple[int, int], palette: str) -> Image.Image:
    """An empty square ``size`` px (as Pillow spans a box: one more than its corners' distance): its edge,
    then its ground inset 2 px. Drawn once per row height: the soup is pasted from these, not supersampled
    whole (a new row height would otherwise cost a board-sized drawing)."""
    th = theme(palette)
    width, height = size
    sprite = rounded_box((width, height), 10, th.square_edge, th.square_edge, 0, SCALE)
    sprite.alpha_composite(rounded_box((width - 4, height - 4), 8, th.square, th.square, 0, SCALE), (2, 2))
    return sprite


SOUP_LAYERS_KEPT: Final = 16
"""Soup bands kept (:func:`_soup_layer`), about 1 MB each: one per palette and set of row heights, and the row
heights change as amoebas crowd a row, so sixty-four filled up over a bot's weeks (some 60 MB) where a few are in
use at any time; a miss costs some 8 ms (tests/test_kept_memory.py holds the bound)."""


@lru_cache(maxsize=SOUP_LAYERS_KEPT)
def _soup_layer(
    board: tuple[str, ...], palette: str, pitch: Pitch = PITCH_Y
) -> tuple[Image.Image, tuple[tuple[str, float], ...]]:
    """The soup band without pieces: ground, squares, column letters and row digits, and the text it
    noted (noted again by each render that pastes it)."""
    th = theme(palette)
    squares = {(int(n[1]) - 1, "abcde".index(n[0])) for n in board}
    base = Image.new("RGB", (WIDTH, board_h(pitch) + 4), th.backdrop)
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    x0, y0 = MARGIN + LABEL_W - 4, LABEL_H - 4
    ground = rounded_box((WIDTH - MARGIN + 2 - x0, board_h(pitch) + 2 - y0), 14, th.soup, th.soup, 0, SCALE)
    layer.alpha_composite(ground, (x0, y0))
    for r, c in sorted(squares):
        bx0, by0, bx1, by1 = cell_box(r, c, 0, pitch)
        layer.alpha_composite(_square_ground((bx1 - bx0, by1 - by0), palette), (bx0, by0))
    base.paste(layer, (0, 0), layer)
    with noted() as notes:
        for c in range(5):
            x0, _, x1, _ = cell_box(0, c, 0, pitch)
            paste_text(base, ((x0 + x1) / 2, LABEL_H / 2 - 2), "abcde"[c], TEXT_PX, "Bold", th.muted, "mm")
        for r in range(5):
            _, y0, _, y1 = cell_box(r, 0, 0, pitch)
            paste_text(base, (MARGIN + LABEL_W / 2 - 2, (y0 + y1) / 2), str(r + 1), TEXT_PX, "Bold", th.muted, "mm")
    return base, tuple(notes.texts)


# A square: its food count, then amoebas.


_Amoeba = tuple[int, int, int, Color | None]
"""An amoeba on a square: colour index, number, damage, ring colour (None: no ring)."""


def amoeba_slots(count: int, size: tuple[int, int], top: float) -> list[tuple[float, float]]:
    """The centres of ``count`` amoebas (a "+n" slot included when they do not all fit) on a square of
    ``size`` under its food (from ``top``): rows of three, each centred, never two on one spot. When three
    a row do not hold them all, four a row overlap a little (each number stays clear)."""
    w, h = size
    rows_fit = max(1, int((h - top + 4) // (AMOEBA_D + 2)))
    per_row, pitch = 3, float(AMOEBA_PITCH)
    if count > rows_fit * per_row:
        per_row, pitch = 4, (w - 4 - AMOEBA_D) / 3
    slots = min(count, rows_fit * per_row)
    rows = math.ceil(slots / per_row)
    row_h = min(AMOEBA_D + 6, (h - top) / max(rows, 1))
    centres = []
    for i in range(slots):
        r, c = divmod(i, per_row)
        in_row = min(per_row, slots - r * per_row)
        centres.append((w / 2 + (c - (in_row - 1) / 2) * pitch, top + row_h * (r + 0.5)))
    return centres


def _paint_square(
    tile: Image.Image, food: tuple[tuple[int, int], ...], amoebas: tuple[_Amoeba, ...], palette: str
) -> None:
    """One square's food count and amoebas, on the tile of the square (its ground already there)."""
    w, h = tile.size
    th = theme(palette)
    total = sum(count for _, count in food)
    if total:
        # All the square's cubes as one count beside a cube as large as a silhouette (issue 39: a count per
        # colour beside a 7 CSS px silhouette could not be read on a phone); the colours of the squares a
        # decision turns on are said in the turn post's words.
        chip = food_total_sprite(total, MARKER_D, TEXT_PX, palette)
        note_text(str(total), TEXT_PX)
        note_figure("food cube", MARKER_D)
        tile.paste(chip, (2, round(4 + (FOOD_H - chip.height) / 2)), chip)
    if not amoebas:
        return
    top = 4 + (FOOD_H if total else 0) + 2
    slots = amoeba_slots(len(amoebas), (w, h), top)
    shown = list(amoebas)
    extra = 0
    if len(shown) > len(slots):
        extra = len(shown) - (len(slots) - 1)
        shown = shown[: len(slots) - 1]
    for i, (cx, cy) in enumerate(slots):
        if i >= len(shown):
            paste_text(tile, (cx, cy), f"+{extra}", TEXT_PX, "Bold", th.text, "mm")
            continue
        colour, number, damage, ring = shown[i]
        if ring is not None:
            paste(tile, ring_sprite(AMOEBA_D + 10, ring, 3.0), (cx, cy))
        note_text(str(number), TEXT_PX)
        paste(tile, amoeba_sprite(colour, number, AMOEBA_D, TEXT_PX, palette), (cx, cy))
        if damage:
            # Over the silhouette's edge, not behind it: a square's or a star's corners would hide it.
            note_figure("damage ring", AMOEBA_D + 2)
            paste(tile, damage_ring_sprite(AMOEBA_D, damage), (cx, cy))


def pitch_of(v: View, palette: str = "standard") -> tuple[int, ...]:
    """The height of each row of squares ``v`` needs: :data:`PITCH_Y`, or more (up to :data:`PITCH_MAX`) for a
    row whose fullest square needs a second row of amoebas to show everything without overlap. Row by row, so
    that one crowded square does not make the whole soup taller."""
    need = [0.0] * 5
    for sq in v.squares:
        food = FOOD_H if any(sq.food[: v.players]) else 0
        amoebas = len(sq.amoebas)
        # Rows of three: four a row would overlap, and a ring (the deciding amoeba) would hide a number.
        height = 4 + food + 2 + math.ceil(amoebas / 3) * (AMOEBA_D + 2)
        need[sq.row] = max(need[sq.row], height)
    # The first row's empty squares hold the card, the cards left and the finish zone in words.
    need[0] = max(need[0], 8 + max(len(_corner_lines(v, lang, CORNER_W)) for lang in LANGS) * CORNER_STEP)
    need[0] = max(need[0], order_height(v))
    # e5 holds the key of the damage ring and of the food cube.
    need[4] = max(need[4], max(_key_height(lang) for lang in LANGS))
    return tuple(int(min(PITCH_MAX, max(PITCH_Y, math.ceil(h + GAP)))) for h in need)


def _draw_square(
    canvas: Image.Image,
    sq: SquareView,
    v: View,
    colours: tuple[int, ...],
    rings: dict[tuple[int, int], Color],
    board_y: int,
    palette: str,
    pitch: Pitch = PITCH_Y,
) -> None:
    box = cell_box(sq.row, sq.col, board_y, pitch)
    food = tuple((colours[seat], count) for seat, count in enumerate(sq.food[: v.players]) if count > 0)
    amoebas = tuple((colours[a.seat], a.number, a.damage, rings.get((a.seat, a.number))) for a in sq.amoebas)
    if not food and not amoebas:
        return
    # The box's size too: the rows' height follows the position (pitch_of).
    key = (palette, sq.row, sq.col, box[2] - box[0], box[3] - box[1], food, amoebas)
    _SQUARES.lay(canvas, box, key, lambda tile: _paint_square(tile, food, amoebas, palette))


def _draw_island(canvas: Image.Image, v: View, board_y: int, pitch: Pitch = PITCH_Y) -> None:
    r, c = v.island
    x0, y0, x1, y1 = cell_box(r, c, board_y, pitch)
    size = min(x1 - x0, y1 - y0)
    card: CardView | None = v.card
    if card is not None:
        note_text(str(card.ozone), 40)
    sprite = island_sprite(size, card.drift if card else "", card.ozone if card else None)
    paste(canvas, sprite, ((x0 + x1) / 2, (y0 + y1) / 2))


CORNER_STEP: Final = TEXT_PX + 2
"""The line pitch of the words in the first row's empty squares and of the damage legend."""
CORNER_W: Final = math.floor(3 * PITCH_X - GAP - 4)
"""How wide the words of the first row's empty squares (c1 to e1) may run."""


ORDER_X: Final = MARGIN + 2
"""Where the caption of the turn order (a1) starts: over the row digits' band, free at the top of row 1."""
ORDER_W: Final = cell_box(0, 0)[2] - ORDER_X
"""How wide the caption of the turn order may run: to a1's right edge."""
ORDER_PITCH: Final = 32
"""The distance between the rows of the turn order's silhouettes (three a row)."""
ORDER_RING: Final = MARKER_D + 10
"""The ring around the silhouette of the player to act, in the turn order and in the header."""


def _order_lines(lang: str) -> list[str]:
    """The caption of the turn order in a1, wrapped to the square."""
    return wrap_words(word(lang, "order"), TEXT_PX, "Semibold", ORDER_W)


RING_KEY_H: Final = 36
"""The height of the key under the turn order's silhouettes: a ring, then what it means."""
RING_KEY_MOST: Final = 5
"""The most players whose board has room for that key: with six, the board is already 348 CSS px tall on a
phone (the budget is 350, tests/test_render_ursuppe.py), and the key would make it 363; there the status line
and the player's ringed card still say whose turn it is."""


def _ring_key(v: View) -> bool:
    """Whether the turn order in a1 carries the key of its ring ("to play")."""
    return len(v.order) <= RING_KEY_MOST


def order_height(v: View) -> int:
    """What a1 needs for the turn order: its caption (the longer language's) and the rows of silhouettes,
    the ringed one included; 0 when it is not drawn."""
    if not v.order or v.outcome is not None:
        return 0
    lines = max(len(_order_lines(lang)) for lang in LANGS)
    rows = math.ceil(len(v.order) / 3)
    return 14 + lines * CORNER_STEP + (rows - 1) * ORDER_PITCH + 17 + (RING_KEY_H if _ring_key(v) else 0) + 4


def _corner_lines(v: View, lang: str, width: float) -> list[str]:
    """The card, the cards left and the finish zone, wrapped to ``width`` px."""
    lines = [card_text(lang, v.card.drift, v.card.ozone)] if v.card is not None else [word(lang, "no_card")]
    if v.card is not None:
        lines.append(
            word(lang, "card_one_left") if v.cards_left == 1 else word(lang, "cards_left").format(n=v.cards_left)
        )
    lines.append(word(lang, "finish_short").format(zone=v.finish_zone, length=v.track_length))
    return [part for line in lines for part in wrap_words(line, TEXT_PX, "Semibold", width)]


def _draw_corners(
    canvas: Image.Image,
    v: View,
    colours: tuple[int, ...],
    lang: str,
    board_y: int,
    th: Theme,
    palette: str,
    pitch: Pitch = PITCH_Y,
) -> None:
    """In the empty squares: the order of the phase (a1), the card, the cards left and where the finish
    zone starts (c1–e1), what a damage ring means (e5). The supply is in the detail view."""
    x0, y0, _, _ = cell_box(0, 2, board_y, pitch)
    y = y0 + 4 + CORNER_STEP / 2
    for i, part in enumerate(_corner_lines(v, lang, CORNER_W)):
        paste_text(canvas, (x0 + 2, y), part, TEXT_PX, "Semibold", th.text if i == 0 else th.muted, "lm")
        y += CORNER_STEP
    ox0, oy0, _ox1, _ = cell_box(0, 0, board_y, pitch)
    if v.order and v.outcome is None:
        # "Turn order" in words over the players' silhouettes (issue 39: "Order" alone left a newcomer guessing),
        # from the image's margin: the row digit's band is free at that height, and one line keeps the soup short.
        caption = _order_lines(lang)
        for i, line in enumerate(caption):
            paste_text(canvas, (ORDER_X, oy0 + 14 + i * CORNER_STEP), line, TEXT_PX, "Semibold", th.text, "lm")
        top = oy0 + 14 + len(caption) * CORNER_STEP
        for i, seat in enumerate(v.order):
            r, c = divmod(i, 3)
            centre = (ox0 + 18 + c * 36, top + r * ORDER_PITCH)
            if seat == v.on_turn:
                paste(canvas, ring_sprite(ORDER_RING, HIGHLIGHT, 3.0), centre)
            paste(canvas, marker_sprite(colours[seat], MARKER_D, palette), centre)
        if _ring_key(v):
            # The ring alone left a newcomer guessing what it meant (issue 39): the key under it says.
            below = top + (math.ceil(len(v.order) / 3) - 1) * ORDER_PITCH + 17 + RING_KEY_H / 2
            paste(canvas, ring_sprite(ORDER_RING - 4, HIGHLIGHT, 3.0), (ox0 + 18, below))
            paste_text(canvas, (ox0 + 40, below), word(lang, "order_ring"), TEXT_PX, "Semibold", th.muted, "lm")
    lx0, ly0, _, _ = cell_box(4, 4, board_y, pitch)
    # The ring beside the first line of its words ("= 1"): beside the ring, "damage" and "blessure" would not
    # fit the square's width, so they go under it; then the food cube and its word (issue 39: the squares' cube
    # had no key).
    note_figure("damage ring", MARKER_D)
    paste(canvas, damage_ring_sprite(MARKER_D, 1), (lx0 + KEY_X + MARKER_D / 2, ly0 + KEY_Y))
    lines = _damage_key_lines(lang)
    for i, line in enumerate(lines):
        x = lx0 + KEY_X + (MARKER_D + 6 if i == 0 else 0)
        paste_text(canvas, (x, ly0 + KEY_Y + i * CORNER_STEP), line, TEXT_PX, "Semibold", th.muted, "lm")
    cube_y = ly0 + KEY_Y + len(lines) * CORNER_STEP
    note_figure("food cube", MARKER_D)
    paste(canvas, food_key_sprite(MARKER_D, FOOD_H, palette), (lx0 + KEY_X + MARKER_D / 2 + 1, cube_y))
    x = lx0 + KEY_X + MARKER_D + 6
    paste_text(canvas, (x, cube_y), word(lang, "food_key"), TEXT_PX, "Semibold", th.muted, "lm")


KEY_X: Final = 3
KEY_Y: Final = 20
"""Where the key in e5 starts, from its square's left edge, and where the middle of its first line lies, under
the top of the square: the ring and "= 1", the rest of the damage words, then the food cube and its word."""


def _key_height(lang: str) -> float:
    """What e5's key needs under the top of its square."""
    return KEY_Y + len(_damage_key_lines(lang)) * CORNER_STEP + FOOD_H / 2 + 2


def _damage_key_lines(lang: str) -> list[str]:
    """The damage ring's words, wrapped to the width of a square."""
    x0, _, x1, _ = cell_box(4, 4)
    return wrap_words(word(lang, "damage"), TEXT_PX, "Semibold", x1 - x0 - 5)


def _draw_marks(
    canvas: Image.Image, v: View, marks: Sequence[tuple[str, str]], board_y: int, pitch: Pitch = PITCH_Y
) -> None:
    """The move buttons' marks as yellow badges astride the top edge of their squares, right to left (on
    the edge rather than inside, so that they hide no food count)."""
    names = {sq.name for sq in v.squares}
    by_square: dict[str, list[str]] = {}
    for square, mark in marks:
        name = square.strip().lower()
        if name in names and mark not in by_square.setdefault(name, []):
            by_square[name].append(mark)
    for name, found in by_square.items():
        x0, y0, x1, _ = square_box(name, board_y, pitch)
        right = x1 + 4.0
        for mark in found:
            width = max(BADGE_H, text_width(mark, TEXT_PX, "Bold") + 14)
            if right - width < x0 - 4:
                break
            paste(canvas, _badge(round(width)), (right - width / 2, y0 - 2))
            paste_text(canvas, (right - width / 2, y0 - 2), mark, TEXT_PX, "Bold", INK, "mm")
            right -= width + 3


@cache
def _badge(width: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle((0, 0, (width - 1) * k, (BADGE_H - 1) * k), radius=9 * k, fill=(*INK, 255))
        draw.rounded_rectangle((2 * k, 2 * k, (width - 3) * k, (BADGE_H - 3) * k), radius=7 * k, fill=(*HIGHLIGHT, 255))

    return supersampled((width, BADGE_H), 3, paint)


def _highlight_squares(
    canvas: Image.Image, v: View, marks: tuple[str, ...], board_y: int, pitch: Pitch = PITCH_Y
) -> None:
    names = {sq.name for sq in v.squares}
    for mark in marks:
        name = mark.strip().lower()
        if name not in names:
            continue
        x0, y0, x1, y1 = square_box(name, board_y, pitch)
        frame = frame_sprite(x1 - x0 + 8, y1 - y0 + 8, HIGHLIGHT, 4, 12)
        paste(canvas, frame, ((x0 + x1) / 2, (y0 + y1) / 2))


# The header and the player rows.


def _header(
    v: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...], th: Theme
) -> tuple[list[str], list[list[tuple[float, _Piece]]], Color]:
    """The title's lines, the decision's (or outcome's) lines and their colour."""
    lang = ctx.language
    title = wrap_words(phase_title(v, lang), LINE_PX, "Bold", WIDTH - 2 * MARGIN)
    if v.outcome is not None or v.phase >= 7:
        parts = outcome_parts(v, lang, names)
        colour = GOLD
    else:
        parts = decision_parts(v, lang)
        colour = HIGHLIGHT if v.decision is not None else th.text
    acting = v.on_turn if v.outcome is None and v.phase < 7 and v.order else None
    pieces = _part_pieces(parts, colours, names, LINE_PX, colour, ctx.palette, acting)
    return title, (_lines(pieces, WIDTH - 2 * MARGIN) if pieces else []), colour


def _row_values(v: View, p: PlayerView) -> tuple[int, int, int, int | None, int, int, int]:
    ozone = v.card.ozone if v.card is not None else None
    return (p.score, p.bp, p.mp, ozone, p.on_board, p.on_board + p.reserve, len(p.genes))


def _row_name_lines(name: str, you: bool, lang: str) -> list[str]:
    text = name + (" · " + word(lang, "you") if you else "")
    return wrap_words(text, LINE_PX, "Semibold", WIDTH - 2 * MARGIN - 40 - SCORE_W)


def row_height(name: str, you: bool, lang: str) -> int:
    """The height of a player's row: the name's lines, then the numbers."""
    return 8 + LINE_H * (len(_row_name_lines(name, you, lang)) + 1) + 4


def _paint_row(
    tile: Image.Image,
    lang: str,
    name: str,
    colour: int,
    you: bool,
    values: tuple[int, int, int, int | None, int, int, int],
    palette: str,
) -> None:
    """One player's row: silhouette, name (wrapped, never shortened) and score; BP, MP against the ozone,
    amoebas on the board out of all, genes."""
    th = theme(palette)
    score, bp, mp, ozone, on_board, total, genes = values
    w = tile.width
    y = 8 + LINE_H / 2
    if you:
        paste(tile, ring_sprite(38, th.text, 2.5), (24, y))
    paste(tile, marker_sprite(colour, MARKER_D, palette), (24, y))
    paste_text(tile, (w - 12, y), str(score), SCORE_PX, "Bold", th.text, "rm")
    for i, line in enumerate(_row_name_lines(name, you, lang)):
        paste_text(tile, (44, y + i * LINE_H), line, LINE_PX, "Semibold", th.text, "lm")
        last = y + i * LINE_H
    y = last + LINE_H
    x = 12.0
    x += paste_text(tile, (x, y), word(lang, "bp") + " ", TEXT_PX, "Semibold", th.muted, "lm")
    x += paste_text(tile, (x, y), str(bp), TEXT_PX, "Bold", th.text, "lm") + 22
    x += paste_text(tile, (x, y), word(lang, "mp") + " ", TEXT_PX, "Semibold", th.muted, "lm")
    if ozone is None:
        text, ink = str(mp), th.text
    else:
        over = mp > ozone
        text, ink = f"{mp}{'>' if over else '≤'}{ozone}", OVER if over else UNDER
    x += paste_text(tile, (x, y), text, TEXT_PX, "Bold", ink, "lm") + 22
    x += paste_text(tile, (x, y), word(lang, "amoebas") + " ", TEXT_PX, "Semibold", th.muted, "lm")
    x += paste_text(tile, (x, y), f"{on_board}/{total}", TEXT_PX, "Bold", th.text, "lm") + 22
    genes_word = plural(lang, genes, word(lang, "gene_one"), word(lang, "genes_n")).format(n=genes)
    paste_text(tile, (w - 12, y), genes_word, TEXT_PX, "Semibold", th.text if genes else th.muted, "rm")


def _draw_rows(
    canvas: Image.Image, v: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...], top: int
) -> int:
    """Every player's row from ``top``; returns the y under the last."""
    lang = ctx.language
    deciding = v.decision.seat if v.decision is not None else None
    winners = v.outcome.winners if v.outcome is not None else ()
    y = top
    for p in v.player_info:
        you = v.viewer == p.seat
        h = row_height(names[p.seat], you, lang)
        box = (MARGIN, y, WIDTH - MARGIN, y + h)
        values = _row_values(v, p)
        key = (ctx.palette, lang, colours[p.seat], names[p.seat], you, values)
        seat = p.seat
        paint = partial(
            _paint_row, lang=lang, name=names[seat], colour=colours[seat], you=you, values=values, palette=ctx.palette
        )
        _ROWS.lay(canvas, box, key, paint)
        frame = None
        if p.seat in winners:
            frame = frame_sprite(box[2] - box[0], h, GOLD, 4, 12)
        elif deciding == p.seat:
            frame = frame_sprite(box[2] - box[0], h, HIGHLIGHT, 4, 12)
        elif v.on_turn == p.seat and v.outcome is None:
            frame = frame_sprite(box[2] - box[0], h, theme(ctx.palette).muted, 2.5, 12)
        if frame is not None:
            paste(canvas, frame, ((box[0] + box[2]) / 2, y + h / 2))
        y += h + ROW_GAP
    return y


def rows_height(v: View, ctx: BoardContext, names: tuple[str, ...]) -> int:
    """The height of every player's full row (:func:`draw_rows`), gaps included."""
    return sum(row_height(names[p.seat], v.viewer == p.seat, ctx.language) + ROW_GAP for p in v.player_info)


def draw_rows(
    canvas: Image.Image, v: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...], top: int
) -> int:
    """Every player's full row (score, BP, MP against the ozone, amoebas, genes) on its ground from ``top``,
    as the detail view shows them; returns the y under the last."""
    y = top
    for p in v.player_info:
        h = row_height(names[p.seat], v.viewer == p.seat, ctx.language)
        ground = _row_ground(WIDTH - 2 * MARGIN, h, ctx.palette)
        canvas.paste(ground, (MARGIN, y), ground)
        y += h + ROW_GAP
    return _draw_rows(canvas, v, ctx, colours, names, top)


# The players' cards under the soup: who is who (silhouette, colour, name) and the score.


def card_width(columns: int) -> int:
    """The width of a player's card when ``columns`` of them share a row."""
    return (WIDTH - 2 * MARGIN - CARD_GAP * (columns - 1)) // columns


def _card_name_lines(name: str, you: bool, lang: str, columns: int = 2) -> list[str]:
    score_w = SCORE_W - 8 if columns < 3 else SCORE_W - 20
    room = card_width(columns) - 44 - score_w
    lines = wrap_words(name, LINE_PX, "Semibold", room)
    if you:
        # "· you" stays whole, after the name or on a line of its own.
        tail = "· " + word(lang, "you")
        if text_width(f"{lines[-1]} {tail}", LINE_PX, "Semibold") <= room:
            lines[-1] = f"{lines[-1]} {tail}"
        else:
            lines.append(tail)
    return lines


def card_height(name: str, you: bool, lang: str, columns: int = 2) -> int:
    """The height of a player's card: the name's lines (the score beside the first)."""
    return 6 + LINE_H * len(_card_name_lines(name, you, lang, columns)) + 4


def legend_columns(v: View, names: tuple[str, ...], lang: str) -> int:
    """How many cards share a row: of :data:`LEGEND_COLUMNS`, the one whose cards take the least height (the
    first of equals)."""
    return min(LEGEND_COLUMNS, key=lambda columns: _legend_height(v, names, lang, columns))


def _legend_height(v: View, names: tuple[str, ...], lang: str, columns: int) -> int:
    return sum(h + CARD_GAP for _, h in _legend_rows(v, names, lang, columns))


def _legend_rows(
    v: View, names: tuple[str, ...], lang: str, columns: int | None = None
) -> list[tuple[list[PlayerView], int]]:
    """The cards in rows of ``columns`` (:func:`legend_columns` when None), each with its tallest card's height."""
    players = list(v.player_info)
    columns = columns or legend_columns(v, names, lang)
    rows = []
    for i in range(0, len(players), columns):
        row = players[i : i + columns]
        rows.append((row, max(card_height(names[p.seat], v.viewer == p.seat, lang, columns) for p in row)))
    return rows


def legend_height(v: View, names: tuple[str, ...], lang: str) -> int:
    """The height of the players' cards, gaps included."""
    return sum(h + CARD_GAP for _, h in _legend_rows(v, names, lang))


def _paint_card(
    tile: Image.Image, lang: str, name: str, colour: int, you: bool, score: int, palette: str, columns: int
) -> None:
    """One player's card: silhouette (ringed in their own view), name (wrapped, never shortened), score."""
    th = theme(palette)
    y = 6 + LINE_H / 2
    if you:
        paste(tile, ring_sprite(38, th.text, 2.5), (24, y))
    paste(tile, marker_sprite(colour, MARKER_D, palette), (24, y))
    paste_text(tile, (tile.width - 10, y), str(score), SCORE_PX, "Bold", th.text, "rm")
    for i, line in enumerate(_card_name_lines(name, you, lang, columns)):
        paste_text(tile, (44, y + i * LINE_H), line, LINE_PX, "Semibold", th.text, "lm")


def _draw_legend(
    canvas: Image.Image, v: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...], top: int
) -> int:
    """The players' cards from ``top``, framed like the rows (deciding, on turn, winner); returns the y under
    them."""
    lang = ctx.language
    deciding = v.decision.seat if v.decision is not None else None
    winners = v.outcome.winners if v.outcome is not None else ()
    y = top
    columns = legend_columns(v, names, lang)
    width = card_width(columns)
    for row, h in _legend_rows(v, names, lang, columns):
        for i, p in enumerate(row):
            x = MARGIN + i * (width + CARD_GAP)
            box = (x, y, x + width, y + h)
            ground = _row_ground(width, h, ctx.palette)
            canvas.paste(ground, (x, y), ground)
            you = v.viewer == p.seat
            key = ("card", ctx.palette, lang, colours[p.seat], names[p.seat], you, p.score, h, columns)
            paint = partial(
                _paint_card, lang=lang, name=names[p.seat], colour=colours[p.seat], you=you, score=p.score,
                palette=ctx.palette, columns=columns,
            )  # fmt: skip
            _ROWS.lay(canvas, box, key, paint)
            frame = None
            if p.seat in winners:
                frame = frame_sprite(width, h, GOLD, 4, 12)
            elif deciding == p.seat:
                frame = frame_sprite(width, h, HIGHLIGHT, 4, 12)
            elif v.on_turn == p.seat and v.outcome is None:
                frame = frame_sprite(width, h, theme(ctx.palette).muted, 2.5, 12)
            if frame is not None:
                paste(canvas, frame, (x + width / 2, y + h / 2))
        y += h + CARD_GAP
    return y


@lru_cache(maxsize=8)
def _row_ground(width: int, height: int, palette: str) -> Image.Image:
    th = theme(palette)
    fill = mix(th.backdrop, th.square, 0.6)

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle((0, 0, (width - 1) * k, (height - 1) * k), radius=12 * k, fill=(*fill, 255))

    return supersampled((width, height), 2, paint)


def layout(v: View, ctx: BoardContext) -> tuple[int, int, int]:
    """(top of the soup band, top of the player rows, image height) of ``v`` drawn with ``ctx``."""
    names = _clean_names(v, ctx)
    title, lines, _ = _header(v, ctx, _colours(v), names, theme(ctx.palette))
    return _layout(v, ctx, names, len(title) + len(lines), pitch_of(v, ctx.palette))


def _layout(
    v: View, ctx: BoardContext, names: tuple[str, ...], header_lines: int, pitch: tuple[int, ...]
) -> tuple[int, int, int]:
    board_y = MARGIN // 2 + header_lines * HEADER_H
    rows_y = board_y + board_h(pitch) + 4
    return board_y, rows_y, rows_y + legend_height(v, names, ctx.language) - CARD_GAP + MARGIN // 2


def _draw_board(v: View, ctx: BoardContext) -> Image.Image:
    lang = ctx.language
    th = theme(ctx.palette)
    colours = _colours(v)
    names = _clean_names(v, ctx)
    title, lines, _colour = _header(v, ctx, colours, names, th)
    # The soup's row heights: the layout and the soup layer both need them, and they lay out every square's food.
    pitch = pitch_of(v, ctx.palette)
    board_y, rows_y, height = _layout(v, ctx, names, len(title) + len(lines), pitch)
    canvas = Image.new("RGB", (WIDTH, height), th.backdrop)
    y = MARGIN // 2
    for line in title:
        paste_text(canvas, (MARGIN, y + HEADER_H / 2), line, LINE_PX, "Bold", th.text, "lm")
        y += HEADER_H
    _draw_lines(canvas, lines, MARGIN, y, HEADER_H)
    soup, texts = _soup_layer(tuple(sq.name for sq in v.squares), ctx.palette, pitch)
    for text, px in texts:
        note_text(text, px)
    canvas.paste(soup, (0, board_y - 2))
    rings: dict[tuple[int, int], Color] = {}
    if v.decision is not None:
        if v.decision.amoeba is not None:
            rings[v.decision.amoeba] = HIGHLIGHT
        if v.decision.other is not None:
            rings.setdefault(v.decision.other, th.text)
    if v.viewer is not None:
        for sq in v.squares:
            for a in sq.amoebas:
                if a.seat == v.viewer:
                    rings.setdefault((a.seat, a.number), th.text)
    for sq in v.squares:
        _draw_square(canvas, sq, v, colours, rings, board_y, ctx.palette, pitch)
    _draw_island(canvas, v, board_y, pitch)
    squares = ctx.highlights or _notation_squares(v, ctx.last_move or "")
    _highlight_squares(canvas, v, squares, board_y, pitch)
    _draw_marks(canvas, v, ctx.marks, board_y, pitch)
    _draw_corners(canvas, v, colours, lang, board_y, th, ctx.palette, pitch)
    _draw_legend(canvas, v, ctx, colours, names, rows_y)
    return canvas


def clear_caches() -> None:
    """Forget every cached tile, sprite and ground (tests that watch drawing start from nothing)."""
    clear_tiles()
    for cached in (_soup_layer, _square_ground, _badge, _row_ground, _wrapped, _cleaned):
        cached.cache_clear()
    art.clear_caches()


# A sample position for the palette: every colour, damage, a full header.


def _sample_view(players: int) -> View:
    squares = []
    for i, name in enumerate(NAMES):
        row, col = int(name[1]) - 1, "abcde".index(name[0])
        food = tuple((i * 7 + s * 3) % 9 for s in range(players))
        amoebas = tuple(AmoebaView(s, 1 + (i + s) % 6, (i + s) % 3) for s in range(players) if (i + 2 * s) % 4 == 0)
        squares.append(SquareView(name, row, col, food, amoebas))
    genes = tuple(
        GeneOffer(g.id, g.price, g.mp, g.copies_for(players), g.index % 3, g.requires)
        for g in GENES
        if g.copies_for(players)
    )
    colours = ("red", "yellow", "green", "blue", "purple", "orange")[:players]
    info = tuple(
        PlayerView(
            s, colours[s], 3 + 4 * s, tuple(g.gene for g in genes[s : s + 3 + s % 3]), 8 + s, 4, 12 + 6 * s, 4, 2
        )
        for s in range(players)
    )
    events = (
        Event("card", None, None, None, "W12", index=1),
        Event("drift", 0, 2, "b2", "W", index=2),
        Event("eat", 0, 2, "b2", "ygb"[: players - 1], index=3),
        Event("attack", 1, 3, "c4", "struggle", 2, 1, index=4),
        Event("buy", 2, None, None, "speed", index=5),
        Event("score", 3 % players, None, None, "+3>23", index=6),
    )
    return View(
        viewer=None,
        players=players,
        colours=colours,
        squares=tuple(squares),
        island=(2, 2),
        card=CardView("W", 12),
        cards_left=6,
        player_info=info,
        track_length=50,
        finish_zone=41,
        genes=genes,
        round=4,
        phase=1,
        phase_name="movement and feeding",
        order=tuple(range(players)),
        on_turn=0,
        decision=Decision(0, "feed", (0, 2), None, 0, (), ("eat",)),
        chance="",
        events=events,
        supply=tuple(20 + s for s in range(players)),
        outcome=None,
    )


def _sample_palette(palette: str) -> Image.Image:
    th = theme(palette)
    samples = []
    for players, lang in ((6, "en"), (4, "fr"), (3, "en")):
        view = _sample_view(players)
        names = tuple(f"Player {i + 1}" for i in range(players))
        ctx = BoardContext(names, "b2 W", 0, ("b2", "a2"), lang, marks=(("b2", "1"),), palette=palette)  # type: ignore[arg-type]
        samples.append(_draw_board(view, ctx))
    final = dataclasses.replace(_sample_view(5), outcome=Outcome(Termination.NORMAL, (0,), (), (40, 1, 2, 3, 4)))
    samples.append(_draw_board(final, BoardContext(("A", "B", "C", "D", "E"), palette=palette)))  # type: ignore[arg-type]
    # The half-tones of the text colour on the seat colours and on the damage crimson: without them the
    # edges of those digits and pips snap to a seat colour, which would then seem to be on the square.
    # So are the edges of a damage ring around an amoeba (blue and crimson meet near purple).
    blends = tuple(mix(c, th.text, 0.5) for c in (*PLAYER_COLOURS, DAMAGE))
    blends += tuple(mix(c, DAMAGE, 0.5) for c in PLAYER_COLOURS)
    # And the edges of a silhouette on its square (blue on the dark ground would snap to purple).
    blends += tuple(mix(c, th.square, 0.5) for c in PLAYER_COLOURS)
    grounds = (th.backdrop, th.soup, th.square, th.square_edge, th.text, th.muted, OVER, UNDER)
    keep = (*PLAYER_COLOURS, *grounds, DAMAGE, GOLD, *blends)
    # 64 colours rather than 48: the exact colours above take 46 entries, the rest is anti-aliasing.
    return build_palette(samples, colors=64, keep=keep)


PALETTE_SAMPLERS: Final[dict[str, Sampler]] = {f"{GAME_ID}/{name}": partial(_sample_palette, name) for name in THEMES}
"""This board's palettes by key (one per theme), for :mod:`render.palettes`."""


@cache
def _palette(palette: str = "standard") -> Image.Image:
    key = f"{GAME_ID}/{palette if palette in THEMES else 'standard'}"  # as theme() reads an unknown name
    return shipped(key, PALETTE_SAMPLERS[key])


def render(view: object, ctx: BoardContext) -> bytes:
    """The board of ``view`` as PNG bytes (deterministic, no metadata)."""
    return encode_png(_draw_board(_view(view), ctx), _palette(ctx.palette))


# Alt text.


def _alt_parts(
    parts: list[Part], lang: str, names: tuple[str, ...], focus: int | None, colours: tuple[str, ...]
) -> str:
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, PlayerRef):
            out.append(names[part.seat] if 0 <= part.seat < len(names) else "?")
        elif isinstance(part, AmoebaRef):
            if part.seat == focus:
                out.append(word(lang, "alt_amoeba_own").format(n=part.number))
            else:
                name = names[part.seat] if 0 <= part.seat < len(names) else "?"
                out.append(word(lang, "alt_amoeba_of").format(name=name, n=part.number))
        else:
            cubes = [
                f"{count} {colour_name(lang, colours[seat], seat)}"
                for seat, count in enumerate(part.counts)
                if count > 0 and seat < len(colours)
            ]
            out.append(", ".join(cubes) or word(lang, "alt_cubes_none"))
    return "".join(out)


ALT_LEVELS: Final = 4
"""Levels of detail of a player in the alt text, most first: squares with damage and gene names;
squares and gene names; squares and the number of genes; numbers only."""


def _alt_player(v: View, p: PlayerView, lang: str, names: tuple[str, ...], level: int) -> str:
    ozone = v.card.ozone if v.card else None
    mine: list[str] = []
    for sq in v.squares:
        for a in sq.amoebas:
            if a.seat != p.seat:
                continue
            if a.damage and level == 0:
                hurt = word(lang, "alt_damage_one") if a.damage == 1 else word(lang, "alt_damage").format(n=a.damage)
                mine.append(f"{sq.name} ({hurt})")
            else:
                mine.append(sq.name)
    if not mine:
        amoebas = word(lang, "alt_no_amoebas")
    elif level <= 2:
        amoebas = word(lang, "alt_amoebas").format(squares=", ".join(mine))
    else:
        amoebas = word(lang, "alt_amoebas_n").format(n=len(mine))
    if level <= 1 and p.genes:
        genes = word(lang, "alt_genes").format(names=", ".join(gene_name(lang, g) for g in p.genes))
    else:
        genes = word(lang, "alt_genes_n").format(n=len(p.genes))
    return word(lang, "alt_player").format(
        name=names[p.seat],
        colour=colour_name(lang, v.colours[p.seat], p.seat),
        shape=shape_name(lang, v.colours[p.seat], p.seat),
        score=p.score,
        bp=p.bp,
        mp=p.mp,
        warn=word(lang, "alt_mp_warn") if ozone is not None and p.mp > ozone else "",
        amoebas=amoebas,
        genes=genes,
    )


def describe(view: object, ctx: BoardContext) -> str:
    """Alt text of the board in ``ctx.lang``: phase, card, the pending decision, every player."""
    v = _view(view)
    lang = ctx.language
    names = tuple(n if len(n) <= ALT_NAME_MAX else n[: ALT_NAME_MAX - 1] + "…" for n in _names(v, ctx))
    head = [word(lang, "alt_title").format(players=v.players), phase_title(v, lang) + "."]
    if v.card is not None:
        left = word(lang, "card_one_left") if v.cards_left == 1 else word(lang, "cards_left").format(n=v.cards_left)
        head.append(word(lang, "alt_card").format(card=card_text(lang, v.card.drift, v.card.ozone), left=left))
    else:
        head.append(word(lang, "alt_no_card"))
    if v.outcome is not None or v.phase >= 7:
        head.append(_alt_parts(outcome_parts(v, lang, names), lang, names, None, v.colours) + ".")
    else:
        parts = decision_parts(v, lang)
        if parts:
            focus = v.decision.seat if v.decision is not None else None
            text = _alt_parts(parts, lang, names, focus, v.colours)
            head.append(word(lang, "alt_decision").format(text=text) if v.decision is not None else text + ".")
    tail = []
    if ctx.last_move:
        who = names[ctx.last_mover] + ", " if ctx.last_mover is not None and 0 <= ctx.last_mover < len(names) else ""
        tail.append(word(lang, "last").format(text=who + ctx.last_move) + ".")
    tail.append(word(lang, "alt_track").format(zone=v.finish_zone, length=v.track_length))
    text = ""
    for level in range(ALT_LEVELS):
        players = [_alt_player(v, p, lang, names, level) for p in v.player_info]
        text = " ".join([*head, *players, *tail])
        if len(text) <= ALT_MAX:
            return text
    text = " ".join([*head, *players])
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"


# Highlights.


def _notation_squares(v: View, notation: str) -> tuple[str, ...]:
    names = {sq.name for sq in v.squares}
    found = [m[1].lower() for m in _SQUARE_NAME.finditer(notation) if m[1].lower() in names]
    return tuple(dict.fromkeys(found))


def _square_of(v: View, amoeba: tuple[int, int]) -> SquareView | None:
    for sq in v.squares:
        for a in sq.amoebas:
            if (a.seat, a.number) == amoeba:
                return sq
    return None


def _step(v: View, sq: SquareView, direction: str) -> str:
    dr, dc = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}[direction]
    at = {(s.row, s.col): s.name for s in v.squares}
    return at.get((sq.row + dr, sq.col + dc), sq.name)


_AMOEBA_DECISIONS: Final = frozenset({"act", "direction", "tentacle", "cling", "again", "feed", "retry", "aggress"})
"""Decisions whose notation names one of the deciding player's amoebas by number (``3 drift``, ``cling 4``)."""


def highlights(previous_view: object, notation: str) -> tuple[str, ...]:
    """The squares the move ``notation`` touched, read in the view before it was played.

    A placement or a division names its square (``place 3 b2``); a move of an amoeba touches its
    square and, when the direction is known (a drift, ``3 move N``, ``3 W`` after a roll), the square
    it goes to; eating, attacking and responding touch the amoeba's square. Chance outcomes, purchases
    and payments touch no square.
    """
    v = _view(previous_view)
    text = (notation or "").strip()
    if ":" in text:
        return ()
    marks = list(_notation_squares(v, text))
    d: Decision | None = v.decision
    if d is None or d.kind in ("start", "place", "divide", "defect", "buy"):
        return tuple(marks)
    tokens = text.lower().replace(",", " ").split()
    amoeba = d.amoeba
    if d.kind in _AMOEBA_DECISIONS:
        number = None
        if tokens and tokens[0].isdigit():
            number = int(tokens[0])
        elif len(tokens) > 1 and tokens[0] == "cling" and tokens[1].isdigit():
            number = int(tokens[1])
        if number is not None:
            amoeba = (d.seat, number)
    if amoeba is None:
        return tuple(marks)
    sq = _square_of(v, amoeba)
    if sq is None:
        return tuple(marks)
    marks.insert(0, sq.name)
    direction = ""
    if d.kind == "act" and "drift" in tokens and v.card is not None:
        direction = v.card.drift
    elif d.kind in ("act", "direction", "again"):
        found = [t for t in tokens if _DIRECTION.fullmatch(t)]
        if found:
            direction = found[-1][0].upper()
    if direction:
        marks.append(_step(v, sq, direction))
    return tuple(dict.fromkeys(marks))


def seat_marks(view: object) -> tuple[str, ...]:
    """Each player's silhouette (circle, triangle...), the shape of their colour: their amoebas and markers
    are drawn in it."""
    return tuple(SHAPE_OF[i] for i in _colours(_view(view)))


RENDERER: Final = GameRenderer(render=render, describe=describe, highlights=highlights, seat_marks=seat_marks)

__all__ = [
    "BOARD_H",
    "GAME_ID",
    "PITCH_MAX",
    "RENDERER",
    "TEXT_PX",
    "WIDTH",
    "amoeba_slots",
    "board_h",
    "card_height",
    "card_width",
    "cell_box",
    "clear_caches",
    "clear_tiles",
    "describe",
    "draw_rows",
    "highlights",
    "layout",
    "legend_columns",
    "legend_height",
    "pitch_of",
    "render",
    "row_height",
    "rows_height",
    "seat_marks",
    "square_box",
    "wrap_words",
]
