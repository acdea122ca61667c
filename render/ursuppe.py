"""Ursuppe (Primordial Soup) as an image: the soup, the score track and each player's key numbers.

The image is 1000 px wide and a little less tall, so that its smallest text (:data:`TEXT_PX`) is still
11 px tall on a phone that shows it 400 px wide. Layout: a header (round and phase, the last move, what
the game waits for and from whom); on the left the board, a ring of score spaces (every fifth numbered,
the dark finish zone included) around the soup's 19 squares and the compass island, which shows the
environment card's drift as a red arrow and its ozone value in grey; in the empty squares the supply,
the card in words, the order of the phase and the damage legend; on the right one narrow panel per
player (silhouette, name, score, BP, MP against the ozone, amoebas, number of genes). The gene market
and the latest events are the turn post's second image (:mod:`render.ursuppe_detail`).

Each square shows its food cubes as a count per colour on a tile of that colour, always in the same place
for a colour (seat order, three a row; nothing when there is none), and its amoebas as numbered
silhouettes with one crimson pip per damage, in one row or, when four or more share the square, two.
Colours are Okabe–Ito and every colour has its own silhouette (see :mod:`render.ursuppe_art`). The
amoeba a decision is about is ringed, the deciding player's panel framed, the last move's squares
outlined.

The static part of an image (ring, soup, squares, coordinates, panel frames) depends on the player
count, the colours and the track, and is cached. So are the finished squares and panels
(:class:`_Tiles`): from one move to the next most of them are unchanged, and a render mostly pastes them
on a copy of the static image, then maps it onto a palette computed once.
"""

from __future__ import annotations

import dataclasses
import io
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import Final

from PIL import Image, ImageDraw

from games.base import Outcome, Termination
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
    BACKDROP,
    CREAM,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    BoardContext,
    Color,
    GameRenderer,
    Weight,
    build_palette,
    clean_text,
    expect_view,
    fit_text,
    font,
    mix,
    phone_text,
    plural,
    supersampled,
)
from render.ursuppe_art import (
    DAMAGE,
    GOLD,
    PLAYER_COLOURS,
    amoeba_sprite,
    chip_sprite,
    food_sprite,
    frame_sprite,
    island_sprite,
    marker_sprite,
    paste,
    paste_text,
    pip_sprite,
    ring_sprite,
    text_width,
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

# Geometry, in pixels of the final image. The image is 1000 px wide so that its smallest text, TEXT_PX, is
# 11 px tall once a phone shows the image 400 px wide; the board takes the left, one narrow panel per
# player the right, which keeps the image a little wider than tall.
WIDTH: Final = 1000
TEXT_PX: Final = phone_text(WIDTH)
"""The smallest text: food counts, amoeba numbers, coordinates, the words of the panels."""
MARGIN: Final = 12
BOARD: Final = 752
"""The side of the board: the score ring and the soup inside it."""
BOARD_X: Final = MARGIN
HEADER_H: Final = 100
BOARD_Y: Final = HEADER_H
COORD: Final = 30
"""The band inside the ring, above and left of the squares, that holds the column letters and row digits."""
COORD_END: Final = 6
"""The band inside the ring below and right of the squares (no coordinates there)."""
PANEL_X0: Final = BOARD_X + BOARD + 12
PANEL_X1: Final = WIDTH - MARGIN
PANEL_W: Final = PANEL_X1 - PANEL_X0
PANEL_GAP: Final = 6
PANEL_H: Final = (BOARD - 5 * PANEL_GAP) // 6
HEIGHT: Final = BOARD_Y + BOARD + 4 + MARGIN
"""The gene market and the events are on the detail image (:mod:`render.ursuppe_detail`)."""

SOUP: Final[Color] = (24, 44, 50)
SQUARE: Final[Color] = (42, 70, 76)
SQUARE_EDGE: Final[Color] = (70, 104, 108)
TRACK: Final[tuple[Color, Color]] = ((206, 190, 152), (190, 172, 132))
TRACK_FIFTH: Final[Color] = (226, 212, 176)
FINISH: Final[tuple[Color, Color]] = ((40, 42, 52), (52, 54, 66))
RING_EDGE: Final[Color] = (120, 100, 70)
OVER: Final[Color] = (236, 112, 92)
"""MP above the ozone value (a defect is coming); the text also says so with ``>``."""
UNDER: Final[Color] = (150, 214, 150)
SCALE: Final = 3
PNG_LEVEL: Final = 6

ALT_MAX: Final = 1000
ALT_NAME_MAX: Final = 32
_SQUARE_NAME: Final = re.compile(r"(?<![a-z0-9])([a-e][1-5])(?![a-z0-9])", re.IGNORECASE)
_DIRECTION: Final = re.compile(r"(?<![a-z])(n|e|s|w|north|east|south|west)(?![a-z])", re.IGNORECASE)


# Geometry helpers.


@dataclass(frozen=True, slots=True)
class Track:
    """Where the score spaces lie on the ring, for a track of ``length`` spaces (plus the start, 0)."""

    length: int
    side: int
    """Spaces along one side of the ring, corners included."""
    pitch: float
    """The size of a space."""

    def slot_box(self, slot: int) -> tuple[float, float, float, float]:
        """The box of ring slot ``slot`` (0 = top-left corner, then clockwise)."""
        run = self.side - 1
        side, j = divmod(slot, run)
        last = self.side - 1
        col, row = ((j, 0), (last, j), (last - j, last), (0, last - j))[side % 4]
        x0 = BOARD_X + col * self.pitch
        y0 = BOARD_Y + row * self.pitch
        return x0, y0, x0 + self.pitch, y0 + self.pitch

    @property
    def slots(self) -> int:
        """Every slot of the ring (spaces 0..length and any spare ones)."""
        return 4 * (self.side - 1)


@cache
def track_geometry(length: int) -> Track:
    """The ring for a track of ``length`` spaces."""
    per_side = max(2, math.ceil((length + 1) / 4))
    side = per_side + 1
    return Track(length, side, BOARD / side)


def soup_box(length: int) -> tuple[float, float, float, float]:
    """The box inside the ring."""
    p = track_geometry(length).pitch
    return BOARD_X + p, BOARD_Y + p, BOARD_X + BOARD - p, BOARD_Y + BOARD - p


def cell_box(row: int, col: int, length: int = 50) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) of the square at ``row``, ``col``."""
    x0, y0, x1, _ = soup_box(length)
    pitch = (x1 - x0 - COORD - COORD_END) / 5
    gap = 4
    left = x0 + COORD + col * pitch + gap / 2
    top = y0 + COORD + row * pitch + gap / 2
    return round(left), round(top), round(left + pitch - gap), round(top + pitch - gap)


def square_box(name: str, length: int = 50) -> tuple[int, int, int, int]:
    """The pixel box of square ``name`` (``b1``...)."""
    col = "abcde".index(name[0].lower())
    row = int(name[1]) - 1
    return cell_box(row, col, length)


def panel_y(index: int) -> int:
    """The top of the ``index``-th player panel."""
    return BOARD_Y + index * (PANEL_H + PANEL_GAP)


# Static drawing.


def _gene_key(genes: tuple[GeneOffer, ...]) -> tuple[tuple[str, int, int, bool], ...]:
    return tuple((g.gene, g.price, g.mp, bool(g.requires)) for g in genes)


@lru_cache(maxsize=16)
def _board_layer(
    players: int, colours: tuple[int, ...], length: int, finish: int, board: tuple[str, ...]
) -> Image.Image:
    """Ring, soup, squares and frames without words (supersampled)."""
    track = track_geometry(length)
    sx0, sy0, sx1, sy1 = soup_box(length)
    squares = {(int(n[1]) - 1, "abcde".index(n[0])) for n in board}

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        def rrect(box: tuple[float, float, float, float], radius: float, **kw: object) -> None:
            x0, y0, x1, y1 = box
            draw.rounded_rectangle((x0 * k, y0 * k, x1 * k, y1 * k), radius=radius * k, **kw)  # type: ignore[arg-type]

        rrect((BOARD_X - 4, BOARD_Y - 4, BOARD_X + BOARD + 4, BOARD_Y + BOARD + 4), 20, fill=RING_EDGE)
        for slot in range(track.slots):
            x0, y0, x1, y1 = track.slot_box(slot)
            if slot > length:
                colour = FINISH[1]
            elif slot >= finish:
                colour = FINISH[slot % 2]
            elif slot % 5 == 0:
                colour = TRACK_FIFTH
            else:
                colour = TRACK[slot % 2]
            # Square corners: 52 rounded ones would cost more bytes than they add looks.
            draw.rectangle(((x0 + 1.5) * k, (y0 + 1.5) * k, (x1 - 1.5) * k, (y1 - 1.5) * k), fill=colour)
        rrect((sx0 + 2, sy0 + 2, sx1 - 2, sy1 - 2), 14, fill=SOUP, outline=RING_EDGE, width=round(3 * k))
        for r in range(5):
            for c in range(5):
                if (r, c) not in squares:
                    continue
                x0, y0, x1, y1 = cell_box(r, c, length)
                rrect((x0, y0, x1, y1), 12, fill=SQUARE_EDGE)
                rrect((x0 + 2, y0 + 2, x1 - 2, y1 - 2), 10, fill=SQUARE)
        # Player panels.
        for i in range(players):
            y = panel_y(i)
            rrect((PANEL_X0, y, PANEL_X1, y + PANEL_H), 14, fill=PANEL, outline=PANEL_EDGE, width=round(2 * k))

    base = Image.new("RGB", (WIDTH, HEIGHT), BACKDROP)
    layer = supersampled((WIDTH, HEIGHT), SCALE, paint)
    base.paste(layer, (0, 0), layer)
    # Numbers of every fifth score space (lighter than the others) and of the first of the finish zone, in
    # the corner away from the soup: enough to count from, and fewer glyphs keep the PNG small.
    for slot in range(min(track.slots, length + 1)):
        if slot % 5 and slot != finish:
            continue
        x0, y0, x1, y1 = track.slot_box(slot)
        ink = CREAM if slot >= finish else INK
        paste_text(base, (x0 + 5, y0 + 17), str(slot), TEXT_PX, "Bold", ink, "lm")
    for slot in range(length + 1, track.slots):
        x0, y0, x1, y1 = track.slot_box(slot)
        _flag(base, (x0 + x1) / 2, (y0 + y1) / 2)
    # Coordinates, above and left of the squares.
    for c in range(5):
        x0, _, x1, _ = cell_box(0, c, length)
        paste_text(base, ((x0 + x1) / 2, sy0 + COORD / 2 + 1), "abcde"[c], TEXT_PX, "Semibold", MUTED, "mm")
    for r in range(5):
        _, y0, _, y1 = cell_box(r, 0, length)
        paste_text(base, (sx0 + COORD / 2 + 1, (y0 + y1) / 2), str(r + 1), TEXT_PX, "Semibold", MUTED, "mm")
    for i, ci in enumerate(colours):
        paste(base, marker_sprite(ci, 30), (PANEL_X0 + 25, panel_y(i) + PANEL_ROWS[0]))
    return base


@cache
def _flag_sprite() -> Image.Image:
    w, h = 40, 40

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rectangle((8 * k, 6 * k, 11 * k, 36 * k), fill=CREAM)
        cell = 5.0
        for i in range(5):
            for j in range(4):
                colour = CREAM if (i + j) % 2 == 0 else INK
                x, y = 11 + i * cell, 6 + j * cell
                draw.rectangle((x * k, y * k, (x + cell) * k, (y + cell) * k), fill=colour)

    return supersampled((w, h), 4, paint)


def _flag(base: Image.Image, cx: float, cy: float) -> None:
    paste(base, _flag_sprite(), (cx + 4, cy))


@lru_cache(maxsize=32)
def _static_base(
    players: int,
    colours: tuple[int, ...],
    length: int,
    finish: int,
    board: tuple[str, ...],
    genes: tuple[tuple[str, int, int, bool], ...],
    lang: str,
) -> Image.Image:
    """The static image with the words of ``lang``; each render starts from a copy of it."""
    base = _board_layer(players, colours, length, finish, board).copy()
    return base


# Reading the view.


def _view(view: object) -> View:
    return expect_view(view, View, "Ursuppe", "games.ursuppe.view.View objects")


def _colours(v: View) -> tuple[int, ...]:
    return tuple(colour_index(c, s) for s, c in enumerate(v.colours))


def _names(v: View, ctx: BoardContext) -> tuple[str, ...]:
    player = word(ctx.language, "player")
    return tuple(ctx.name(s, player.format(n=s + 1)) for s in range(v.players))


def _clean_names(v: View, ctx: BoardContext, size: int = 28) -> tuple[str, ...]:
    face = font(size, "Semibold")
    return tuple(clean_text(n, face) or str(i + 1) for i, n in enumerate(_names(v, ctx)))


# Rich lines: text mixed with icons.


def _draw_parts(
    canvas: Image.Image,
    x: float,
    y: float,
    parts: list[Part],
    colours: tuple[int, ...],
    names: tuple[str, ...],
    size: int,
    max_x: float,
    colour: Color = CREAM,
    amoeba_d: int = 30,
    name_max: float = 150,
    chip: int = 20,
) -> None:
    """Draw ``parts`` from ``x`` with its vertical middle at ``y``, never past ``max_x``; amoeba numbers and
    food counts are ``chip`` px."""
    weight: Weight = "Semibold"
    face = font(size, weight)
    icon_d = amoeba_d - 4
    for part in parts:
        if x >= max_x - 8:
            return
        if isinstance(part, str):
            text = part
            if text_width(text, size, weight) > max_x - x:
                text = fit_text(text, face, max_x - x)
            x += paste_text(canvas, (x, y), text, size, weight, colour, "lm")
        elif isinstance(part, PlayerRef):
            ci = colours[part.seat] if 0 <= part.seat < len(colours) else 0
            if x + icon_d > max_x:
                return
            paste(canvas, marker_sprite(ci, icon_d), (x + icon_d / 2 + 2, y))
            x += icon_d + 8
            name = names[part.seat] if 0 <= part.seat < len(names) else "?"
            name = fit_text(name, face, min(name_max, max_x - x))
            x += paste_text(canvas, (x, y), name, size, "Bold", colour, "lm")
        elif isinstance(part, AmoebaRef):
            ci = colours[part.seat] if 0 <= part.seat < len(colours) else 0
            if x + amoeba_d > max_x:
                return
            paste(canvas, amoeba_sprite(ci, part.number, 0, amoeba_d, chip), (x + amoeba_d / 2 + 2, y))
            x += amoeba_d + 6
        else:
            for seat, count in enumerate(part.counts):
                if count <= 0:
                    continue
                ci = colours[seat] if seat < len(colours) else 0
                sprite = chip_sprite(ci, count, 44, chip)
                if x + sprite.width > max_x:
                    return
                paste(canvas, sprite, (x + sprite.width / 2, y))
                x += text_width(str(count), chip, "Bold") + 29


# Rendering.


def _amoeba_layout(count: int) -> tuple[int, int, int, int]:
    """(per row, diameter, text size, column pitch) for ``count`` amoebas on a square: one row of
    three, or two smaller rows (a sixth place says "+n" when more than six share the square)."""
    if count <= 3:
        return 3, 34, TEXT_PX, 39
    return 3, 30, TEXT_PX, 39


FOOD_W: Final = 35
FOOD_H: Final = 23
FOOD_PITCH: Final = (FOOD_W + 2, FOOD_H + 2)
FOOD_TOP: Final = 4
"""The food tile of one colour, and the distance between tiles: three colours a row, seat order."""
AMOEBA_TOP: Final = FOOD_TOP + 2 * FOOD_PITCH[1]
"""Where the amoebas of a square start, under its two rows of food counts."""


def amoeba_slots(count: int, size: tuple[int, int]) -> list[tuple[float, float]]:
    """The centres of ``count`` amoebas (a "+n" slot included when they do not all fit) on a square tile
    of ``size``: one or two rows under the food counts, each row centred, never two on one spot."""
    per_row = _amoeba_layout(count)[0]
    slots = min(count, 2 * per_row)
    w, h = size
    rows = 1 if slots <= per_row else 2
    row_h = (h - 2 - AMOEBA_TOP) / rows
    pitch = _amoeba_layout(count)[3]
    centres = []
    for i in range(slots):
        r, c = divmod(i, per_row)
        in_row = min(per_row, slots - r * per_row)
        centres.append((w / 2 + (c - (in_row - 1) / 2) * pitch, AMOEBA_TOP + row_h * (r + 0.5)))
    return centres


class _Tiles:
    """A bounded cache of finished pieces of the image (a square, a panel, a line of events).

    A tile is the piece of the static image under it with its sprites and words laid on it, so a hit
    costs one plain paste. Its key names everything drawn on it and everything under it; from one move
    to the next most squares, panels and event lines are unchanged, so most of a render comes from here.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.tiles: OrderedDict[Hashable, Image.Image] = OrderedDict()
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
            tile = self.tiles.get(key)
            if tile is not None:
                self.tiles.move_to_end(key)
        if tile is None:
            tile = canvas.crop(box)
            paint(tile)
            with self.lock:
                self.tiles[key] = tile
                while len(self.tiles) > self.size:
                    self.tiles.popitem(last=False)
        canvas.paste(tile, box[:2])

    def clear(self) -> None:
        """Forget every tile."""
        with self.lock:
            self.tiles.clear()


_SQUARES: Final = _Tiles(512)
_PANELS: Final = _Tiles(128)
_EVENTS: Final = _Tiles(256)


def clear_tiles() -> None:
    """Forget every cached square, panel and event line."""
    for tiles in (_SQUARES, _PANELS, _EVENTS):
        tiles.clear()


def clear_caches() -> None:
    """Forget every cached tile, sprite and static image (tests that watch drawing start from nothing)."""
    clear_tiles()
    for cached in (_static_base, _board_layer, _flag_sprite):
        cached.cache_clear()
    art.clear_caches()


_Amoeba = tuple[int, int, int, Color | None]
"""An amoeba on a square: colour index, number, damage, ring colour (None: no ring)."""


def _paint_square(tile: Image.Image, food: tuple[tuple[int, int, int], ...], amoebas: tuple[_Amoeba, ...]) -> None:
    """One square's food counts and amoebas, on the tile of the square (its ground already there).

    ``food`` holds (position, colour index, count) for each colour with cubes.
    """
    w, h = tile.size
    left = (w - 3 * FOOD_W - 2 * (FOOD_PITCH[0] - FOOD_W)) // 2
    for position, colour, count in food:
        col, row = position % 3, position // 3
        chip = food_sprite(colour, count, FOOD_W, FOOD_H, TEXT_PX)
        tile.paste(chip, (left + col * FOOD_PITCH[0], FOOD_TOP + row * FOOD_PITCH[1]), chip)
    if not amoebas:
        return
    per_row, d, text, _ = _amoeba_layout(len(amoebas))
    shown = list(amoebas)
    extra = 0
    if len(shown) > 2 * per_row:
        extra = len(shown) - (2 * per_row - 1)
        shown = shown[: 2 * per_row - 1]
    for i, (cx, cy) in enumerate(amoeba_slots(len(amoebas), (w, h))):
        if i >= len(shown):
            paste_text(tile, (cx, cy), f"+{extra}", TEXT_PX, "Bold", CREAM, "mm")
            continue
        colour, number, damage, ring = shown[i]
        if ring is not None:
            paste(tile, ring_sprite(d + 9, ring, 3.0), (cx, cy))
        paste(tile, amoeba_sprite(colour, number, damage, d, text), (cx, cy))


def _draw_square(
    canvas: Image.Image,
    sq: SquareView,
    v: View,
    colours: tuple[int, ...],
    focus: dict[tuple[int, int], Color],
) -> None:
    box = cell_box(sq.row, sq.col, v.track_length)
    food = tuple((seat, colours[seat], count) for seat, count in enumerate(sq.food[: v.players]) if count > 0)
    amoebas = tuple((colours[a.seat], a.number, a.damage, focus.get((a.seat, a.number))) for a in sq.amoebas)
    if not food and not amoebas:
        return
    key = (v.track_length, sq.row, sq.col, food, amoebas)
    _SQUARES.lay(canvas, box, key, lambda tile: _paint_square(tile, food, amoebas))


def _draw_track(canvas: Image.Image, v: View, colours: tuple[int, ...]) -> None:
    track = track_geometry(v.track_length)
    by_slot: dict[int, list[int]] = {}
    for p in v.player_info:
        by_slot.setdefault(min(max(p.score, 0), v.track_length), []).append(p.seat)
    for slot, seats in sorted(by_slot.items()):
        box = track.slot_box(slot)
        for seat, (centre, d) in zip(seats, marker_slots(len(seats), box), strict=True):
            paste(canvas, marker_sprite(colours[seat], d), centre)


def marker_slots(count: int, box: tuple[float, float, float, float]) -> list[tuple[tuple[float, float], int]]:
    """(centre, diameter) of ``count`` score markers on one space of the ring: one large, or side by
    side in rows of two or three, smaller, so that markers at the same score never cover each other."""
    x0, y0, x1, y1 = box
    if count == 1:
        # Low and right in the space, clear of its number (when it has one).
        return [(((x0 + x1) / 2 + 9, (y0 + y1) / 2 + 11), 28)]
    # Several markers share the space: they cover its number, which the spaces around still tell.
    per_row = 2 if count <= 4 else 3
    rows = -(-count // per_row)
    pitch_x = (x1 - x0 - 6) / per_row
    top = y0 + (20 if rows == 1 else 4)
    pitch_y = (y1 - 3 - top) / rows
    d = int(min(pitch_x, pitch_y) - 3)
    out = []
    for i in range(count):
        r, c = divmod(i, per_row)
        out.append(((x0 + 3 + pitch_x * (c + 0.5), top + pitch_y * (r + 0.5)), d))
    return out


def _draw_island(canvas: Image.Image, v: View) -> None:
    r, c = v.island
    x0, y0, x1, y1 = cell_box(r, c, v.track_length)
    size = min(x1 - x0, y1 - y0)
    card: CardView | None = v.card
    sprite = island_sprite(size, card.drift if card else "", card.ozone if card else None)
    paste(canvas, sprite, ((x0 + x1) / 2, (y0 + y1) / 2))


def _draw_supply(canvas: Image.Image, v: View, colours: tuple[int, ...], lang: str) -> None:
    """In the empty squares of the soup: the supply and the card (top right), the order of the phase (top
    left) and what a damage pip means (bottom right)."""
    x0, y0, _, _ = cell_box(0, 2, v.track_length)
    _, _, x1, _y1 = cell_box(0, 4, v.track_length)
    paste_text(canvas, (x0 + 6, y0 + 18), word(lang, "supply"), TEXT_PX, "Semibold", CREAM, "lm")
    if v.card is None:
        left = word(lang, "no_card")
    elif v.cards_left == 1:
        left = word(lang, "card_one_left")
    else:
        left = word(lang, "cards_left").format(n=v.cards_left)
    paste_text(canvas, (x1 - 6, y0 + 18), left, TEXT_PX, "Semibold", MUTED, "rm")
    pitch = (x1 - x0 - 12) / 6
    for seat, count in enumerate(v.supply[: v.players]):
        chip = chip_sprite(colours[seat], count, 30, TEXT_PX)
        canvas.paste(chip, (round(x0 + 6 + seat * pitch), round(y0 + 54 - chip.height / 2)), chip)
    if v.card is not None:
        text = card_text(lang, v.card.drift, v.card.ozone)
        text = fit_text(text, font(TEXT_PX, "Semibold"), x1 - x0 - 12)
        paste_text(canvas, (x0 + 6, y0 + 92), text, TEXT_PX, "Semibold", CREAM, "lm")
    # The order of the phase, in the empty top-left corner; the player on turn is ringed.
    ox0, oy0, _ox1, _ = cell_box(0, 0, v.track_length)
    if v.order and v.outcome is None:
        paste_text(canvas, (ox0 + 6, oy0 + 18), word(lang, "order"), TEXT_PX, "Semibold", CREAM, "lm")
        for i, seat in enumerate(v.order):
            r, c = divmod(i, 3)
            centre = (ox0 + 22 + c * 37, oy0 + 58 + r * 38)
            if seat == v.on_turn:
                paste(canvas, ring_sprite(36, HIGHLIGHT, 3.0), centre)
            paste(canvas, marker_sprite(colours[seat], 24), centre)
    # Legend: the pip, then what it means on as many lines as it takes.
    lx0, ly0, lx1, _ = cell_box(4, 4, v.track_length)
    paste(canvas, pip_sprite(), (lx0 + 16, ly0 + 22))
    lines = _wrap(word(lang, "damage"), TEXT_PX, lx1 - lx0 - 36)
    for i, line in enumerate(lines[:3]):
        paste_text(canvas, (lx0 + (30 if i == 0 else 8), ly0 + 22 + i * 32), line, TEXT_PX, "Semibold", MUTED, "lm")


def _wrap(text: str, size: int, width: float) -> list[str]:
    face = font(size, "Semibold")
    lines: list[str] = []
    for w in text.split():
        if lines and face.getlength(lines[-1] + " " + w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


def _draw_panels(
    canvas: Image.Image, v: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...]
) -> None:
    lang = ctx.language
    deciding = v.decision.seat if v.decision is not None else None
    winners = v.outcome.winners if v.outcome is not None else ()
    ozone = v.card.ozone if v.card is not None else None
    for i, p in enumerate(v.player_info):
        y = panel_y(i)
        centre = (PANEL_X0 + PANEL_W / 2, y + PANEL_H / 2)
        frame = None
        if p.seat in winners:
            frame = frame_sprite(PANEL_W, PANEL_H, GOLD, 4, 14)
        elif deciding == p.seat:
            frame = frame_sprite(PANEL_W, PANEL_H, HIGHLIGHT, 4, 14)
        elif v.on_turn == p.seat and v.outcome is None:
            frame = frame_sprite(PANEL_W, PANEL_H, MUTED, 2.5, 14)
        values = (p.score, p.bp, p.mp, ozone, p.on_board, p.on_board + p.reserve, len(p.genes))
        key = (lang, colours[p.seat], names[p.seat], *values)
        _PANELS.lay(
            canvas,
            (PANEL_X0, y, PANEL_X1, y + PANEL_H),
            key,
            partial(_paint_panel, lang=lang, name=names[p.seat], colour=colours[p.seat], values=values),
        )
        if frame is not None:
            paste(canvas, frame, centre)


PANEL_ROWS: Final = (24, 62, 98)
"""The middle of each line of a player panel: name and score; BP and MP; amoebas and genes."""


def _paint_panel(
    tile: Image.Image,
    lang: str,
    name: str,
    colour: int,
    values: tuple[int, int, int, int | None, int, int, int],
) -> None:
    """The words of one player panel: name and score; BP, MP against the ozone; amoebas and genes.

    The panel is narrow (the board takes most of the width so that its squares read on a phone), so the
    numbers carry short labels and the amoebas a silhouette; gene names are on the detail image.
    """
    score, bp, mp, ozone, on_board, total, genes = values
    right = PANEL_W - 8
    top, middle, bottom = PANEL_ROWS
    score_w = paste_text(tile, (right, top), str(score), 34, "Bold", CREAM, "rm")
    shown = fit_text(name, font(TEXT_PX, "Semibold"), max(40.0, right - score_w - 8 - 46))
    paste_text(tile, (46, top), shown, TEXT_PX, "Semibold", CREAM, "lm")
    x = 8.0
    x += paste_text(tile, (x, middle), word(lang, "bp") + " ", TEXT_PX, "Semibold", MUTED, "lm")
    paste_text(tile, (x, middle), str(bp), TEXT_PX, "Bold", CREAM, "lm")
    if ozone is None:
        text, ink = str(mp), CREAM
    else:
        over = mp > ozone
        text, ink = f"{mp}{'>' if over else '≤'}{ozone}", OVER if over else UNDER
    w = paste_text(tile, (right, middle), text, TEXT_PX, "Bold", ink, "rm")
    paste_text(tile, (right - w, middle), word(lang, "mp") + " ", TEXT_PX, "Semibold", MUTED, "rm")
    paste(tile, marker_sprite(colour, 20), (20, bottom))
    paste_text(tile, (36, bottom), f"{on_board}/{total}", TEXT_PX, "Bold", CREAM, "lm")
    genes_word = plural(lang, genes, word(lang, "gene_one"), word(lang, "genes_n")).format(n=genes)
    paste_text(tile, (right, bottom), genes_word, TEXT_PX, "Semibold", CREAM if genes else MUTED, "rm")


SHELL_TEXT: Final[Color] = (214, 204, 182)


def _draw_header(
    canvas: Image.Image, v: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...]
) -> None:
    lang = ctx.language
    title = phase_title(v, lang)
    tw = paste_text(canvas, (MARGIN, 28), fit_text(title, font(38, "Bold"), 640), 38, "Bold", CREAM, "lm")
    if ctx.last_move:
        who = ""
        if ctx.last_mover is not None and 0 <= ctx.last_mover < len(names):
            who = names[ctx.last_mover] + ", "
        text = word(lang, "last").format(text=who + ctx.last_move)
        room = WIDTH - MARGIN - (MARGIN + tw + 30)
        if room > 160:
            paste_text(
                canvas,
                (WIDTH - MARGIN, 30),
                fit_text(text, font(TEXT_PX, "Semibold"), room),
                TEXT_PX,
                "Semibold",
                SHELL_TEXT,
                "rm",
            )
    if v.outcome is not None or v.phase >= 7:
        parts = outcome_parts(v, lang, names)
        colour = GOLD
    else:
        parts = decision_parts(v, lang)
        colour = HIGHLIGHT if v.decision is not None else CREAM
    if parts:
        _draw_parts(
            canvas,
            MARGIN,
            74,
            parts,
            colours,
            names,
            32,
            WIDTH - MARGIN,
            colour,
            amoeba_d=40,
            name_max=320,
            chip=TEXT_PX,
        )


def _highlight_squares(canvas: Image.Image, v: View, marks: tuple[str, ...]) -> None:
    names = {sq.name for sq in v.squares}
    for mark in marks:
        name = mark.strip().lower()
        if name not in names:
            continue
        x0, y0, x1, y1 = square_box(name, v.track_length)
        frame = frame_sprite(x1 - x0 + 14, y1 - y0 + 14, HIGHLIGHT, 5, 15)
        paste(canvas, frame, ((x0 + x1) / 2, (y0 + y1) / 2))


def _draw_board(v: View, ctx: BoardContext) -> Image.Image:
    lang = ctx.language
    colours = _colours(v)
    board = tuple(sq.name for sq in v.squares)
    canvas = _static_base(v.players, colours, v.track_length, v.finish_zone, board, _gene_key(v.genes), lang).copy()
    names = _clean_names(v, ctx)
    focus: dict[tuple[int, int], Color] = {}
    if v.decision is not None:
        if v.decision.amoeba is not None:
            focus[v.decision.amoeba] = HIGHLIGHT
        if v.decision.other is not None:
            focus.setdefault(v.decision.other, CREAM)
    for sq in v.squares:
        _draw_square(canvas, sq, v, colours, focus)
    _draw_island(canvas, v)
    _highlight_squares(canvas, v, ctx.highlights or _notation_squares(v, ctx.last_move or ""))
    _draw_supply(canvas, v, colours, lang)
    _draw_track(canvas, v, colours)
    _draw_panels(canvas, v, ctx, colours, names)
    _draw_header(canvas, v, ctx, colours, names)
    return canvas


# A sample position for the palette: every colour, damage, a full header.


def _sample_view(players: int) -> View:
    from games.ursuppe.board import NAMES

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


@cache
def _palette() -> Image.Image:
    samples = []
    for players, lang in ((6, "en"), (4, "fr"), (3, "en")):
        view = _sample_view(players)
        ctx = BoardContext(tuple(f"Player {i + 1}" for i in range(players)), "b2 W", 0, ("b2", "a2"), lang)
        samples.append(_draw_board(view, ctx))
    final = dataclasses.replace(_sample_view(5), outcome=Outcome(Termination.NORMAL, (0,), (), (40, 1, 2, 3, 4)))
    samples.append(_draw_board(final, BoardContext(("A", "B", "C", "D", "E"))))
    # The half-tones of cream on red and on the damage crimson: without them the edges of those digits
    # and pips snap to the purple player's colour, which would then seem to be on the square.
    blends = (mix(PLAYER_COLOURS[0], CREAM, 0.5), mix(DAMAGE, CREAM, 0.5))
    return build_palette(samples, keep=(*PLAYER_COLOURS, SOUP, SQUARE, TRACK_FIFTH, *TRACK, DAMAGE, GOLD, *blends))


def _encode(image: Image.Image) -> bytes:
    """Like :func:`render.common.encode_png`, at zlib level :data:`PNG_LEVEL`; deterministic."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    indexed = rgb.quantize(palette=_palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def render(view: object, ctx: BoardContext) -> bytes:
    """The board of ``view`` as PNG bytes (deterministic, no metadata)."""
    return _encode(_draw_board(_view(view), ctx))


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


RENDERER: Final = GameRenderer(render=render, describe=describe, highlights=highlights)

__all__ = [
    "BOARD",
    "GAME_ID",
    "HEIGHT",
    "RENDERER",
    "WIDTH",
    "cell_box",
    "clear_caches",
    "clear_tiles",
    "describe",
    "highlights",
    "render",
    "square_box",
    "track_geometry",
]
