"""Ursuppe (Primordial Soup) as an image: the soup, the score track, the players, the genes and the news.

Layout: a header (round and phase, the last move, what the game waits for and from whom); on the left
the board, a ring of score spaces (the dark finish zone included) around the soup's 19 squares and the
compass island, which shows the environment card face up (drift as a red arrow, ozone in grey); on the
right one panel per player (silhouette, name, score, BP, MP against the ozone, amoebas, genes); at the
bottom the genes of the deck with price, MP and cards left, and the last events.

Each square shows its food cubes as a count per colour (a small silhouette in the colour, then the
number, always in the same place for a colour; nothing when there is none) and its amoebas as numbered
silhouettes with one crimson pip per damage. Colours are Okabe–Ito and every colour has its own
silhouette (see :mod:`render.ursuppe_art`), so nothing depends on telling colours apart. The amoeba a
decision is about is ringed, the deciding player's panel framed, the last move's squares outlined.

The static part of an image (ring, soup, squares, coordinates, panel frames, the gene table's fixed
words) depends on the player count, the colours, the deck and the language, and is cached. So are the
finished squares, panels and event lines (:class:`_Tiles`): from one move to the next most of them are
unchanged, and a render mostly pastes them on a copy of the static image, then maps it onto a palette
computed once.
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
    fit_text,
    font,
    mix,
    supersampled,
)
from render.ursuppe_art import (
    DAMAGE,
    GOLD,
    PLAYER_COLOURS,
    amoeba_sprite,
    chip_sprite,
    frame_sprite,
    island_sprite,
    marker_sprite,
    paste,
    paste_text,
    pip_sprite,
    ring_sprite,
    superior_mark,
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

# Geometry, in pixels of the final image.
MARGIN: Final = 16
BOARD: Final = 920
"""The side of the board: the score ring and the soup inside it."""
BOARD_X: Final = MARGIN
HEADER_H: Final = 104
BOARD_Y: Final = HEADER_H
COORD: Final = 24
"""The band inside the ring that holds the column letters and row digits."""
PANEL_X0: Final = BOARD_X + BOARD + 16
PANEL_W: Final = 472
PANEL_X1: Final = PANEL_X0 + PANEL_W
WIDTH: Final = PANEL_X1 + MARGIN
PANEL_H: Final = 146
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
PNG_LEVEL: Final = 1

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
    pitch = (x1 - x0 - 2 * COORD) / 5
    gap = 5
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
    gap = (BOARD - 6 * PANEL_H) / 5
    return round(BOARD_Y + index * (PANEL_H + gap))


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
            rrect((x0 + 1.5, y0 + 1.5, x1 - 1.5, y1 - 1.5), 6, fill=colour)
        rrect((sx0 + 2, sy0 + 2, sx1 - 2, sy1 - 2), 14, fill=SOUP, outline=RING_EDGE, width=round(3 * k))
        # Bubbles in the soup between the squares.
        for i in range(70):
            bx = sx0 + 20 + (i * 137.5) % (sx1 - sx0 - 40)
            by = sy0 + 20 + (i * 91.3 + (i % 7) * 53) % (sy1 - sy0 - 40)
            br = 2 + (i * 7) % 5
            draw.ellipse(
                ((bx - br) * k, (by - br) * k, (bx + br) * k, (by + br) * k), outline=(40, 66, 72), width=round(1.5 * k)
            )
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
    # Numbers of the score spaces, in the corner away from the soup.
    for slot in range(min(track.slots, length + 1)):
        x0, y0, x1, y1 = track.slot_box(slot)
        dark = slot >= finish
        fifth = slot % 5 == 0
        ink = (CREAM if fifth else MUTED) if dark else (INK if fifth else (96, 82, 58))
        paste_text(base, (x0 + 5, y0 + 17), str(slot), 28, "Bold", ink, "lm")
    for slot in range(length + 1, track.slots):
        x0, y0, x1, y1 = track.slot_box(slot)
        _flag(base, (x0 + x1) / 2, (y0 + y1) / 2)
    # Coordinates.
    for c in range(5):
        x0, _, x1, _ = cell_box(0, c, length)
        paste_text(base, ((x0 + x1) / 2, sy0 + COORD / 2 + 1), "abcde"[c], 24, "Semibold", MUTED, "mm")
        paste_text(base, ((x0 + x1) / 2, sy1 - COORD / 2 - 1), "abcde"[c], 24, "Semibold", MUTED, "mm")
    for r in range(5):
        _, y0, _, y1 = cell_box(r, 0, length)
        paste_text(base, (sx0 + COORD / 2 + 1, (y0 + y1) / 2), str(r + 1), 24, "Semibold", MUTED, "mm")
        paste_text(base, (sx1 - COORD / 2 - 1, (y0 + y1) / 2), str(r + 1), 24, "Semibold", MUTED, "mm")
    for i, ci in enumerate(colours):
        paste(base, marker_sprite(ci, 42), (PANEL_X0 + 33, panel_y(i) + 30))
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
    if not isinstance(view, View):
        raise TypeError(f"the Ursuppe renderer draws games.ursuppe.view.View objects, not {type(view).__name__}")
    return view


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
    """(per row, diameter, text size, column pitch) for ``count`` amoebas on a square."""
    if count <= 3:
        return 3, 42, 24, 46
    if count <= 6:
        return 3, 34, 22, 44
    return 4, 31, 20, 35


AMOEBA_TOP: Final = 58
"""Where the amoebas of a square start, under its two rows of food counts."""


def amoeba_slots(count: int, size: tuple[int, int]) -> list[tuple[float, float]]:
    """The centres of ``count`` amoebas (a "+n" slot included when they do not all fit) on a square tile
    of ``size``: one or two rows under the food counts, each row centred, never two on one spot."""
    per_row = _amoeba_layout(count)[0]
    slots = min(count, 2 * per_row)
    w, h = size
    rows = 1 if slots <= per_row else 2
    row_h = (h - 4 - AMOEBA_TOP) / rows
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
    for cached in (_static_base, _board_layer, _pill, _flag_sprite):
        cached.cache_clear()
    art.clear_caches()


_Amoeba = tuple[int, int, int, Color | None]
"""An amoeba on a square: colour index, number, damage, ring colour (None: no ring)."""


def _paint_square(tile: Image.Image, food: tuple[tuple[int, int, int], ...], amoebas: tuple[_Amoeba, ...]) -> None:
    """One square's food counts and amoebas, on the tile of the square (its ground already there).

    ``food`` holds (position, colour index, count) for each colour with cubes.
    """
    w, h = tile.size
    for position, colour, count in food:
        col, row = position % 3, position // 3
        chip = chip_sprite(colour, count, 46, 26)
        tile.paste(chip, (1 + col * 47, 3 + row * 27), chip)
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
            paste_text(tile, (cx, cy), f"+{extra}", 20, "Bold", CREAM, "mm")
            continue
        colour, number, damage, ring = shown[i]
        if ring is not None:
            paste(tile, ring_sprite(d + 12, ring, 3.5), (cx, cy))
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
        return [(((x0 + x1) / 2 + 7, (y0 + y1) / 2 + 8), 38)]
    per_row = 2 if count <= 4 else 3
    rows = -(-count // per_row)
    pitch_x = (x1 - x0 - 8) / per_row
    top = y0 + 22
    pitch_y = (y1 - 4 - top) / rows
    d = int(min(pitch_x, pitch_y) - 6)
    out = []
    for i in range(count):
        r, c = divmod(i, per_row)
        out.append(((x0 + 4 + pitch_x * (c + 0.5), top + pitch_y * (r + 0.5)), d))
    return out


def _draw_island(canvas: Image.Image, v: View, lang: str) -> None:
    r, c = v.island
    x0, y0, x1, y1 = cell_box(r, c, v.track_length)
    size = min(x1 - x0, y1 - y0) + 10
    card: CardView | None = v.card
    sprite = island_sprite(
        size,
        card.drift if card else "",
        card.ozone if card else None,
        word(lang, "ozone"),
        word(lang, "no_drift"),
    )
    paste(canvas, sprite, ((x0 + x1) / 2, (y0 + y1) / 2))


def _draw_supply(canvas: Image.Image, v: View, colours: tuple[int, ...], lang: str) -> None:
    """The cubes left in the supply and the cards left, in the empty top-right corner of the soup."""
    x0, y0, _, _ = cell_box(0, 2, v.track_length)
    _, _, x1, _y1 = cell_box(0, 4, v.track_length)
    paste_text(canvas, (x0 + 8, y0 + 22), word(lang, "supply"), 22, "Semibold", CREAM, "lm")
    if v.card is None:
        left = word(lang, "no_card")
    elif v.cards_left == 1:
        left = word(lang, "card_one_left")
    else:
        left = word(lang, "cards_left").format(n=v.cards_left)
    paste_text(canvas, (x1 - 8, y0 + 22), left, 20, "Semibold", MUTED, "rm")
    for seat, count in enumerate(v.supply[: v.players]):
        col, row = seat % 3, seat // 3
        chip = chip_sprite(colours[seat], count, 60, 22)
        canvas.paste(chip, (round(x0 + 10 + col * 80), round(y0 + 48 + row * 32)), chip)
    # The order of the phase, in the empty top-left corner; the player on turn is ringed.
    ox0, oy0, _ox1, _ = cell_box(0, 0, v.track_length)
    if v.order and v.outcome is None:
        paste_text(canvas, (ox0 + 8, oy0 + 22), word(lang, "order"), 22, "Semibold", CREAM, "lm")
        for i, seat in enumerate(v.order):
            r, c = divmod(i, 3)
            centre = (ox0 + 26 + c * 45, oy0 + 64 + r * 46)
            if seat == v.on_turn:
                paste(canvas, ring_sprite(42, HIGHLIGHT, 3.0), centre)
            paste(canvas, marker_sprite(colours[seat], 28), centre)
    # Legend.
    lx0, ly0, lx1, _ = cell_box(4, 4, v.track_length)
    pip = pip_sprite()
    paste(canvas, pip, (lx0 + 16, ly0 + 24))
    paste_text(canvas, (lx0 + 28, ly0 + 24), word(lang, "damage"), 20, "Semibold", MUTED, "lm")
    paste(canvas, superior_mark(20), (lx0 + 16, ly0 + 58))
    for i, line in enumerate(_wrap(word(lang, "superior"), 20, lx1 - lx0 - 34)):
        paste_text(canvas, (lx0 + 30, ly0 + 58 + i * 24), line, 20, "Semibold", MUTED, "lm")


def _wrap(text: str, size: int, width: float) -> list[str]:
    face = font(size, "Semibold")
    lines: list[str] = []
    for w in text.split():
        if lines and face.getlength(lines[-1] + " " + w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


def _gene_pills(canvas: Image.Image, genes: tuple[str, ...], x0: float, y0: float, x1: float, lang: str) -> None:
    """The genes as pills on one row; what does not fit becomes ``+n`` (the detail image lists them all)."""
    placed: list[tuple[str, float, float, float]] = []
    x, y, row = x0, y0, 0
    for gene in genes:
        label = gene_name(lang, gene, short=True)
        w = 6.0 * math.ceil((text_width(label, PILL_PX, "Semibold") + 18) / 6)
        if x + w > x1:
            row += 1
            x, y = x0, y + PILL_PITCH
            if row >= 1:
                break
        placed.append((label, x, y, w))
        x += w + 6
    hidden = len(genes) - len(placed)
    if hidden:
        while placed:
            label, px, py, w = placed[-1]
            plus_w = text_width(f"+{hidden}", PILL_PX, "Bold") + 8
            if px + w + 6 + plus_w <= x1:
                break
            placed.pop()
            hidden += 1
    for (label, px, py, w), gene in zip(placed, genes, strict=False):
        paste(canvas, _pill(round(w), gene in _SUPERIOR), (px + w / 2, py))
        paste_text(canvas, (px + w / 2, py), label, PILL_PX, "Semibold", CREAM, "mm")
    if hidden:
        end = placed[-1][1] + placed[-1][3] + 10 if placed else x0
        paste_text(canvas, (end, y0), f"+{hidden}", PILL_PX, "Bold", CREAM, "lm")


PILL_PITCH: Final = 29
PILL_PX: Final = 24
_SUPERIOR: Final = frozenset(g.id for g in GENES if g.requires)


@lru_cache(maxsize=128)
def _pill(width: int, superior: bool) -> Image.Image:
    h = 32

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle(
            (1 * k, 1 * k, (width - 1) * k, (h - 1) * k),
            radius=12 * k,
            fill=mix(PANEL, (70, 104, 108), 0.55),
            outline=GOLD if superior else mix(PANEL, (120, 150, 150), 0.7),
            width=round((2.2 if superior else 1.5) * k),
        )

    return supersampled((width, h), 3, paint)


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
        values = (p.score, p.bp, p.mp, ozone, p.on_board, p.on_board + p.reserve, p.genes)
        key = (lang, colours[p.seat], names[p.seat], *values)
        _PANELS.lay(
            canvas,
            (PANEL_X0, y, PANEL_X1, y + PANEL_H),
            key,
            partial(_paint_panel, lang=lang, name=names[p.seat], values=values),
        )
        if frame is not None:
            paste(canvas, frame, centre)


def _paint_panel(
    tile: Image.Image,
    lang: str,
    name: str,
    values: tuple[int, int, int, int | None, int, int, tuple[str, ...]],
) -> None:
    """The words of one player panel: name, score, BP, MP against the ozone, amoebas, genes."""
    score, bp, mp, ozone, on_board, total, genes = values
    right = PANEL_W
    # Score at the right, name in what is left.
    score_w = paste_text(tile, (right - 16, 32), str(score), 40, "Bold", CREAM, "rm")
    label_w = paste_text(tile, (right - 24 - score_w, 34), word(lang, "score"), 26, "Semibold", MUTED, "rm")
    room = right - 24 - score_w - label_w - 16 - 64
    shown = fit_text(name, font(34, "Bold"), max(60.0, room))
    paste_text(tile, (64, 30), shown, 34, "Bold", CREAM, "lm")
    # Energy, mutation points against the ozone, amoebas.
    x, y = 16.0, 70
    x += paste_text(tile, (x, y), word(lang, "bp") + " ", 26, "Semibold", MUTED, "lm")
    x += paste_text(tile, (x, y), str(bp), 30, "Bold", CREAM, "lm") + 18
    x += paste_text(tile, (x, y), word(lang, "mp") + " ", 26, "Semibold", MUTED, "lm")
    if ozone is None:
        x += paste_text(tile, (x, y), str(mp), 30, "Bold", CREAM, "lm") + 18
    else:
        over = mp > ozone
        text = f"{mp} {'>' if over else '≤'} {ozone}"
        x += paste_text(tile, (x, y), text, 30, "Bold", OVER if over else UNDER, "lm") + 18
    x += paste_text(tile, (x, y), word(lang, "amoebas") + " ", 26, "Semibold", MUTED, "lm")
    paste_text(tile, (x, y), f"{on_board}/{total}", 30, "Bold", CREAM, "lm")
    # Genes.
    if genes:
        _gene_pills(tile, genes, 14, 104, right - 14, lang)
    else:
        paste_text(tile, (16, 110), word(lang, "no_genes"), 26, "Regular", MUTED, "lm")


SHELL_TEXT: Final[Color] = (214, 204, 182)


def _draw_header(
    canvas: Image.Image, v: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...]
) -> None:
    lang = ctx.language
    title = phase_title(v, lang)
    tw = paste_text(canvas, (MARGIN, 30), fit_text(title, font(40, "Bold"), 900), 40, "Bold", CREAM, "lm")
    if ctx.last_move:
        who = ""
        if ctx.last_mover is not None and 0 <= ctx.last_mover < len(names):
            who = names[ctx.last_mover] + ", "
        text = word(lang, "last").format(text=who + ctx.last_move)
        room = WIDTH - MARGIN - (MARGIN + tw + 40)
        if room > 120:
            paste_text(
                canvas,
                (WIDTH - MARGIN, 32),
                fit_text(text, font(28, "Semibold"), room),
                28,
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
            canvas, MARGIN, 78, parts, colours, names, 32, WIDTH - MARGIN, colour, amoeba_d=40, name_max=320, chip=26
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
    _draw_island(canvas, v, lang)
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
    return build_palette(samples, keep=(*PLAYER_COLOURS, SOUP, SQUARE, TRACK_FIFTH, *TRACK, DAMAGE, GOLD))


def _encode(image: Image.Image) -> bytes:
    """Like :func:`render.common.encode_png`, at zlib level 1 instead of 6.

    This image has some 1.9 million pixels, half as many again as the two-player boards: at level 6
    deflate alone takes about 14 ms of the 25 ms budget, at level 1 about 6 ms, for some 20 % more
    bytes (about 170 KB at most, still well below 250 KB). The bytes stay deterministic.
    """
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
