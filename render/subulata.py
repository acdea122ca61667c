"""Subulata as an image: the pond of nine tiles, the grasshoppers of both sides and, when allowed, their values.

Layout, top to bottom: the status line (whose turn or the set-up, the last move, whose private view it
is); Black's panel (Black sits at the i9 corner, at the top); the 9×9 board with its coordinates;
White's panel. Each cell shows its terrain twice over: a colour (blue water, rose flower, green leaf)
and a small symbol in its corner (waves, a five-petal flower, a leaf) with the distance it gives, so the
board reads without colour vision. The two corner tiles where the sides start and arrive are framed in
gold. White pieces are light discs; Black pieces are dark hexagons: they differ in lightness and shape.

A value is drawn on a piece only when the view holds it (a player's own pieces on their private image,
every piece once the game is over). The last move is shown from ``ctx.last_move`` after passing it
through :func:`games.subulata.public_notation`, so a set-up's values never reach a public image.

The static part of an image (backdrop, terrain, symbols, frames, coordinates, panel frames and words of
a language) depends only on the layout and the language and is cached; a render pastes cached piece
sprites, writes a few words and maps the image onto a palette computed once.
"""

from __future__ import annotations

import math
import re
from functools import cache, lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from games.subulata.state import (
    CELLS,
    SIZE,
    START_TILE,
    Layout,
    View,
    cell_index,
    cell_name,
    public_notation,
    terrain_map,
)
from games.subulata.tiles import DISTANCE
from render.common import (
    BACKDROP,
    CREAM,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SHELL,
    BoardContext,
    Color,
    GameRenderer,
    build_palette,
    display_name,
    draw_text,
    encode_png,
    expect_view,
    fit_text,
    font,
    paste_targets,
    phone_text,
    player_names,
    plural,
    supersampled,
)

GAME_ID: Final = "subulata"

# Geometry, in pixels of the final image.
# Landscape, so that a phone or a desktop preview capped in height shows it wide: the board on the
# left, the players' panels in a column on its right (Black's at the top, White's at the bottom, as
# they sit on the board), the headline across the top.
WIDTH: Final = 1330
CELL: Final = 86
GAP: Final = 8
"""The gap between two tiles, so the nine tiles read as tiles."""
BOARD_SPAN: Final = SIZE * CELL + 2 * GAP
BOARD_X: Final = 62
HEADER_H: Final = 84
BOARD_Y: Final = HEADER_H + 48
PANEL_X0: Final = BOARD_X + BOARD_SPAN + 58
PANEL_X1: Final = WIDTH - 20
PANEL_H: Final = 208
PANEL_Y: Final = (BOARD_Y + BOARD_SPAN - PANEL_H, BOARD_Y)
"""The top of each seat's panel: White's level with the bottom of the board, Black's with its top."""
HEIGHT: Final = BOARD_Y + BOARD_SPAN + 52
TEXT_PX: Final = phone_text(WIDTH)
"""The smallest text: 11 px once the image is shown 400 px wide."""
HEADLINE_PX: Final = 48
PIECE_D: Final = 54
PIECE_DX: Final = 12
PIECE_DY: Final = -4
"""Where a piece stands from its cell's centre: up and right, clear of the terrain's distance digit."""
ICON_D: Final = 48
SCALE: Final = 3

TERRAIN_COLOURS: Final[dict[str, Color]] = {"W": (46, 104, 150), "F": (150, 78, 116), "L": (62, 118, 58)}
SYMBOL_COLOURS: Final[dict[str, Color]] = {"W": (170, 214, 240), "F": (250, 206, 226), "L": (196, 232, 170)}
EMPTY_CELL: Final[Color] = (70, 64, 58)
GOLD: Final[Color] = (222, 180, 72)
PIECE_FILL: Final[tuple[Color, Color]] = ((238, 234, 222), (30, 30, 34))
PIECE_RIM: Final[tuple[Color, Color]] = (INK, (214, 208, 196))
PIECE_INK: Final[tuple[Color, Color]] = (INK, (246, 242, 232))

_MOVE: Final = re.compile(r"\s*([a-i][1-9])\s*[-x]\s*([a-i][1-9])\s*", re.IGNORECASE)

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Subulata",
        "colour": "White|Black",
        "shape": "round|hexagonal",
        "player": "Player {n}",
        "layout": "Drawing the tiles",
        "setup": "Set-up: {who}",
        "setup_waiting": "waiting",
        "setup_drawing": "drawing",
        "setup_done": "placed",
        "to_move": "{name} ({colour}) to move",
        "wins": "{name} wins {a}–{b}",
        "draw": "Draw {a}–{b}",
        "last": "Last move: {text}",
        "private": "Private view of {name}: only your values are shown",
        "public": "Values stay hidden until the end",
        "captures": "captures {n}",
        "left": "pieces {n}",
        "lost": "lost: {values}",
        "score": "score {n}",
        "goal": "start {start} · goal {goal}",
        # Alt text.
        "alt_board": "Subulata board, 9 by 9.",
        "alt_no_layout": "The tiles are not laid yet.",
        "alt_side": "{colour} ({name}, {shape} pieces, {status}): {pieces}; {captured}.",
        "alt_captured_one": "captured {n}",
        "alt_captured": "captured {n}",
        "alt_none": "no pieces",
        "alt_status_play": "{n} on the board",
        "alt_values": "Values shown: {who}.",
        "alt_values_none": "No value is shown.",
        "alt_values_own": "only {name}'s",
        "alt_values_all": "all, the game is over",
        "terrain": "water|flower|leaf",
    },
    "fr": {
        "title": "Subulata",
        "colour": "Blanc|Noir",
        "shape": "ronds|hexagonaux",
        "player": "Joueur {n}",
        "layout": "Tirage des tuiles",
        "setup": "Mise en place : {who}",
        "setup_waiting": "en attente",
        "setup_drawing": "tirage",
        "setup_done": "placé",
        "to_move": "À {name} ({colour}) de jouer",
        "wins": "{name} gagne {a}–{b}",
        "draw": "Égalité {a}–{b}",
        "last": "Dernier coup : {text}",
        "private": "Vue privée de {name} : seules vos valeurs sont affichées",
        "public": "Valeurs cachées jusqu'à la fin",
        "captures": "prises {n}",
        "left": "pions {n}",
        "lost": "perdus : {values}",
        "score": "score {n}",
        "goal": "départ {start} · arrivée {goal}",
        "alt_board": "Plateau de Subulata, 9 sur 9.",
        "alt_no_layout": "Les tuiles ne sont pas encore posées.",
        "alt_side": "{colour} ({name}, pions {shape}, {status}) : {pieces} ; {captured}.",
        "alt_captured_one": "{n} prise",
        "alt_captured": "{n} prises",
        "alt_none": "aucun pion",
        "alt_status_play": "{n} sur le plateau",
        "alt_values": "Valeurs affichées : {who}.",
        "alt_values_none": "Aucune valeur n'est affichée.",
        "alt_values_own": "seulement celles de {name}",
        "alt_values_all": "toutes, la partie est finie",
        "terrain": "eau|fleur|feuille",
    },
}
TERRAIN_INDEX: Final = {"W": 0, "F": 1, "L": 2}
ALT_MAX: Final = 1000
ALT_NAME_MAX: Final = 40


def _word(lang: str, key: str, index: int) -> str:
    return WORDS[lang][key].split("|")[index]


# Geometry helpers.


def cell_box(cell: int) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) of ``cell``."""
    x, y = cell % SIZE, cell // SIZE
    row_from_top = SIZE - 1 - y
    left = BOARD_X + x * CELL + (x // 3) * GAP
    top = BOARD_Y + row_from_top * CELL + (row_from_top // 3) * GAP
    return left, top, left + CELL, top + CELL


def cell_centre(cell: int) -> tuple[float, float]:
    """The pixel centre of ``cell``."""
    x0, y0, x1, y1 = cell_box(cell)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _tile_box(position: int) -> tuple[int, int, int, int]:
    x, y = 3 * (position % 3), 3 * (position // 3)
    low = cell_box(y * SIZE + x)
    high = cell_box((y + 2) * SIZE + x + 2)
    return low[0], high[1], high[2], low[3]


# Static drawing.


def _symbol(draw: ImageDraw.ImageDraw, k: float, kind: str, cx: float, cy: float, colour: Color) -> None:
    """The terrain symbol centred at (cx, cy) in image pixels, drawn ``k`` times larger."""
    s = 11.0
    if kind == "W":
        for dy in (-4.5, 4.5):
            pts = [(cx - s + i * 2 * s / 16, cy + dy + 3.2 * math.sin(i / 16 * 2 * math.pi)) for i in range(17)]
            draw.line([(x * k, y * k) for x, y in pts], fill=colour, width=round(2.6 * k), joint="curve")
    elif kind == "F":
        for i in range(5):
            a = -math.pi / 2 + i * 2 * math.pi / 5
            px, py = cx + 6.2 * math.cos(a), cy + 6.2 * math.sin(a)
            draw.ellipse(((px - 4.6) * k, (py - 4.6) * k, (px + 4.6) * k, (py + 4.6) * k), fill=colour)
        r = 3.4
        draw.ellipse(((cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k), fill=(236, 196, 64))
    else:
        pts = []
        for i in range(25):
            t = i / 24
            along = -s + 2 * s * t
            across = 6.0 * math.sin(math.pi * t)
            pts.append((along, across))
        outline = pts + [(a, -b) for a, b in reversed(pts)]
        c, d = math.cos(-math.pi / 4), math.sin(-math.pi / 4)
        draw.polygon([((cx + a * c - b * d) * k, (cy + a * d + b * c) * k) for a, b in outline], fill=colour)
        vein = [(-s * 0.8, 0.0), (s * 0.8, 0.0)]
        draw.line(
            [((cx + a * c - b * d) * k, (cy + a * d + b * c) * k) for a, b in vein],
            fill=TERRAIN_COLOURS["L"],
            width=round(1.6 * k),
        )


@lru_cache(maxsize=32)
def _board_layer(layout: Layout | None) -> Image.Image:
    """The board of ``layout`` without words: frames, terrain colours and symbols (supersampled)."""
    terrain = "" if layout is None else terrain_map(layout)

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        x0, y0 = BOARD_X, BOARD_Y
        draw.rounded_rectangle(
            ((x0 - 14) * k, (y0 - 14) * k, (x0 + BOARD_SPAN + 14) * k, (y0 + BOARD_SPAN + 14) * k),
            radius=16 * k,
            fill=(20, 36, 44),
            outline=SHELL,
            width=round(3 * k),
        )
        for cell in range(CELLS):
            bx0, by0, bx1, by1 = cell_box(cell)
            colour = TERRAIN_COLOURS[terrain[cell]] if terrain else EMPTY_CELL
            draw.rectangle(((bx0 + 1) * k, (by0 + 1) * k, (bx1 - 1) * k, (by1 - 1) * k), fill=colour)
            if terrain:
                _symbol(draw, k, terrain[cell], bx0 + 17, by0 + 17, SYMBOL_COLOURS[terrain[cell]])
        for position in (START_TILE[0], START_TILE[1]):
            tx0, ty0, tx1, ty1 = _tile_box(position)
            draw.rounded_rectangle(
                ((tx0 - 5) * k, (ty0 - 5) * k, (tx1 + 5) * k, (ty1 + 5) * k),
                radius=8 * k,
                outline=GOLD,
                width=round(5 * k),
            )
        for seat in (0, 1):
            y = PANEL_Y[seat]
            draw.rounded_rectangle(
                (PANEL_X0 * k, y * k, PANEL_X1 * k, (y + PANEL_H) * k),
                radius=14 * k,
                fill=PANEL,
                outline=PANEL_EDGE,
                width=round(2 * k),
            )

    base = Image.new("RGB", (WIDTH, HEIGHT), BACKDROP)
    layer = supersampled((WIDTH, HEIGHT), SCALE, paint)
    base.paste(layer, (0, 0), layer)
    draw = ImageDraw.Draw(base)
    coord = font(TEXT_PX, "Semibold")
    for x in range(SIZE):
        cx = cell_centre(x)[0]
        draw_text(draw, (cx, BOARD_Y - 32), "abcdefghi"[x], coord, MUTED, "mm")
        draw_text(draw, (cx, BOARD_Y + BOARD_SPAN + 32), "abcdefghi"[x], coord, MUTED, "mm")
    for y in range(SIZE):
        cy = cell_centre(y * SIZE)[1]
        draw_text(draw, (BOARD_X - 36, cy), str(y + 1), coord, MUTED, "mm")
        draw_text(draw, (BOARD_X + BOARD_SPAN + 36, cy), str(y + 1), coord, MUTED, "mm")
    if terrain:
        digit = font(TEXT_PX, "Bold")
        for cell in range(CELLS):
            bx0, _, _, by1 = cell_box(cell)
            draw_text(
                draw, (bx0 + 5, by1 - 5), str(DISTANCE[terrain[cell]]), digit, SYMBOL_COLOURS[terrain[cell]], "ls"
            )
    for seat in (0, 1):
        _paste(base, piece_sprite(seat, ICON_D), (PANEL_X0 + 16 + ICON_D / 2, PANEL_Y[seat] + 40))
    return base


@lru_cache(maxsize=64)
def _static_base(layout: Layout | None, lang: str) -> Image.Image:
    """The static image with the words of ``lang``; each render starts from a copy of it."""
    base = _board_layer(layout).copy()
    draw = ImageDraw.Draw(base)
    small = font(TEXT_PX, "Semibold")
    room = PANEL_X1 - PANEL_X0 - 36
    for seat in (0, 1):
        label = f"{_word(lang, 'colour', seat)} · {_word(lang, 'shape', seat)}"
        start = "a1–c3" if seat == 0 else "g7–i9"
        goal = "g7–i9" if seat == 0 else "a1–c3"
        y = PANEL_Y[seat]
        draw_text(draw, (PANEL_X0 + 18, y + 88), fit_text(label, small, room), small, MUTED, "lm")
        goal_text = fit_text(WORDS[lang]["goal"].format(start=start, goal=goal), small, room)
        draw_text(draw, (PANEL_X0 + 18, y + 178), goal_text, small, MUTED, "lm")
    return base


@cache
def piece_sprite(seat: int, diameter: int) -> Image.Image:
    """Seat ``seat``'s piece, ``diameter`` pixels wide, on a square transparent sprite.

    White is a light disc with a dark rim; Black a dark hexagon with a light rim: lightness and
    outline both tell them apart.
    """
    pad = 4
    size = diameter + 2 * pad

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        c, r = size / 2 * k, diameter / 2 * k
        shadow = (0, 0, 0, 110)
        if seat == 0:
            draw.ellipse((c - r + 2 * k, c - r + 3 * k, c + r + 2 * k, c + r + 3 * k), fill=shadow)
            draw.ellipse((c - r, c - r, c + r, c + r), fill=PIECE_RIM[0])
            rr = r - 3.5 * k
            draw.ellipse((c - rr, c - rr, c + rr, c + rr), fill=PIECE_FILL[0])
        else:

            def hexagon(radius: float, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
                return [
                    (
                        c + dx + radius * math.cos(math.pi / 6 + i * math.pi / 3),
                        c + dy + radius * math.sin(math.pi / 6 + i * math.pi / 3),
                    )
                    for i in range(6)
                ]

            draw.polygon(hexagon(r, 2 * k, 3 * k), fill=shadow)
            draw.polygon(hexagon(r), fill=PIECE_RIM[1])
            draw.polygon(hexagon(r - 4 * k), fill=PIECE_FILL[1])

    return supersampled((size, size), 4, paint)


def _paste(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    canvas.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


# Rendering.


def _view(view: object) -> View:
    return expect_view(view, View, "Subulata", "games.subulata.View objects")


def _names(ctx: BoardContext) -> tuple[str, str]:
    return player_names(ctx, WORDS)


def _status(view: View, ctx: BoardContext) -> tuple[str, int | None]:
    """The status line and the seat whose icon leads it."""
    lang = ctx.language
    words = WORDS[lang]
    names = _names(ctx)
    if view.outcome is not None:
        a, b = view.outcome.scores
        if view.outcome.winners:
            w = view.outcome.winners[0]
            hi, lo = max(a, b), min(a, b)
            return words["wins"].format(name=names[w], a=hi, b=lo), w
        return words["draw"].format(a=a, b=b), None
    if view.layout is None:
        return words["layout"], None
    if view.turn is None:
        who = ", ".join(f"{names[s]} {words['setup_' + view.setup[s]]}" for s in (0, 1))
        return words["setup"].format(who=who), None
    return words["to_move"].format(name=names[view.turn], colour=_word(lang, "colour", view.turn)), view.turn


def _wrap(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """``text`` in lines at most ``width`` wide, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and face.getlength(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(fit_text(word, face, width))
    return lines


def _draw_board(view: View, ctx: BoardContext) -> Image.Image:
    lang = ctx.language
    words = WORDS[lang]
    canvas = _static_base(view.layout, lang).copy()
    draw = ImageDraw.Draw(canvas)
    names = _names(ctx)
    # Header.
    status, lead = _status(view, ctx)
    big = font(HEADLINE_PX, "Bold")
    x = float(BOARD_X - 40)
    if lead is not None:
        _paste(canvas, piece_sprite(lead, 44), (x + 22, HEADER_H / 2))
        x += 60
    draw_text(draw, (x, HEADER_H / 2), fit_text(status, big, PANEL_X1 - x), big, CREAM, "lm")
    notes = []
    if ctx.last_move:
        notes.append(words["last"].format(text=public_notation(ctx.last_move)))
    if view.viewer is not None and view.outcome is None:
        notes.append(words["private"].format(name=names[view.viewer]))
    elif view.outcome is None and view.turn is not None:
        notes.append(words["public"])
    # The notes (last move, whose view this is), wrapped in the column between the panels.
    small = font(TEXT_PX, "Semibold")
    y = PANEL_Y[1] + PANEL_H + 44
    for note in notes:
        for line in _wrap(note, small, PANEL_X1 - PANEL_X0 - 12)[:3]:
            if y > PANEL_Y[0] - 24:
                break
            draw_text(draw, (PANEL_X0 + 6, y), line, small, CREAM if note is notes[0] else MUTED, "lm")
            y += TEXT_PX + 8
        y += 10
    # Panels.
    name_face = font(TEXT_PX + 4, "Bold")
    info_face = font(TEXT_PX, "Semibold")
    for seat in (0, 1):
        y = PANEL_Y[seat]
        if view.outcome is None and view.turn == seat:
            draw.rounded_rectangle((PANEL_X0, y, PANEL_X1, y + PANEL_H), radius=14, outline=HIGHLIGHT, width=3)
        elif view.outcome is not None and seat in view.outcome.winners:
            draw.rounded_rectangle((PANEL_X0, y, PANEL_X1, y + PANEL_H), radius=14, outline=GOLD, width=4)
        info = []
        if view.turn is None and view.outcome is None:
            info.append(words["setup_" + view.setup[seat]])
        else:
            info.append(words["left"].format(n=len(view.pieces[seat])))
            info.append(words["captures"].format(n=view.captures[seat]))
        if view.lost_values[seat]:
            info.append(words["lost"].format(values=" ".join(map(str, view.lost_values[seat]))))
        if view.outcome is not None:
            info.append(words["score"].format(n=view.outcome.scores[seat]))
        info_text = fit_text("  ·  ".join(info), info_face, PANEL_X1 - PANEL_X0 - 36)
        draw_text(draw, (PANEL_X0 + 18, y + 133), info_text, info_face, CREAM, "lm")
        room = PANEL_X1 - 18 - (PANEL_X0 + 80)
        shown = display_name(names[seat], name_face, room, f"{seat + 1}")
        draw_text(draw, (PANEL_X0 + 80, y + 40), shown, name_face, CREAM, "lm")
    # Last move.
    marks = ctx.highlights or (highlights(view, ctx.last_move) if ctx.last_move else ())
    for name in marks:
        try:
            cell = cell_index(name.lower())
        except (ValueError, IndexError):
            continue
        bx0, by0, bx1, by1 = cell_box(cell)
        draw.rectangle((bx0 + 1, by0 + 1, bx1 - 1, by1 - 1), outline=HIGHLIGHT, width=5)
    # Pieces.
    value_face = font(TEXT_PX + 2, "Bold")
    for seat in (0, 1):
        sprite = piece_sprite(seat, PIECE_D)
        for cell, value in view.pieces[seat]:
            centre = cell_centre(cell)
            centre = (centre[0] + PIECE_DX, centre[1] + PIECE_DY)
            _paste(canvas, sprite, centre)
            if value is not None:
                draw_text(draw, (centre[0], centre[1] + 1), str(value), value_face, PIECE_INK[seat], "mm")
    paste_targets(canvas, ctx.targets, _target_corner)
    return canvas


def _target_corner(name: str) -> tuple[float, float] | None:
    """Where a target dot goes on cell ``name``: its upper left corner, clear of the piece."""
    try:
        x0, y0, _, _ = cell_box(cell_index(name.strip().lower()))
    except (ValueError, IndexError):
        return None
    return x0 + 40, y0 + 17


@cache
def _palette() -> Image.Image:
    from games.subulata.state import State, from_text

    samples = []
    for lang in ("en", "fr"):
        state = from_text(
            "subulata 10,20,30,40,50,60,70,80,90 a1=1,b1=2,c1=3,a2=4,b2=5,c2=6,a3=7,b3=8,c3=9/ "
            "g7=1,h7=2,i7=3,g8=4,h8=5,i8=6,g9=7,h9=8,i9=9/ 0"
        )
        assert isinstance(state, State)
        ctx = BoardContext(("Alice", "Bob"), "c2-c4", 0, ("c2", "c4"), lang)
        samples.append(_draw_board(state.view_for(0), ctx))
        samples.append(_draw_board(state.view_for(None), ctx))
    return build_palette(samples, keep=(EMPTY_CELL, GOLD, *PIECE_FILL))


def render(view: object, ctx: BoardContext) -> bytes:
    """The board of ``view`` as PNG bytes (deterministic, no metadata)."""
    return encode_png(_draw_board(_view(view), ctx), _palette())


def describe(view: object, ctx: BoardContext) -> str:
    """Alt text of the board in ``ctx.lang``: only what the view shows, never a hidden value."""
    v = _view(view)
    lang = ctx.language
    words = WORDS[lang]
    names = tuple(n if len(n) <= ALT_NAME_MAX else n[: ALT_NAME_MAX - 1] + "…" for n in _names(ctx))
    parts = [words["alt_board"], _status(v, ctx)[0] + "."]
    if v.layout is None:
        parts.append(words["alt_no_layout"])
    for seat in (0, 1):
        cells = []
        for cell, value in v.pieces[seat]:
            terrain = _word(lang, "terrain", TERRAIN_INDEX[v.terrain[cell]])
            cells.append(f"{cell_name(cell)} {terrain}" + (f" = {value}" if value is not None else ""))
        status = (
            words["setup_" + v.setup[seat]]
            if v.turn is None and v.outcome is None
            else words["alt_status_play"].format(n=len(cells))
        )
        parts.append(
            words["alt_side"].format(
                colour=_word(lang, "colour", seat),
                name=names[seat],
                shape=_word(lang, "shape", seat),
                status=status,
                pieces=", ".join(cells) or words["alt_none"],
                captured=plural(lang, v.captures[seat], words["alt_captured_one"], words["alt_captured"]).format(
                    n=v.captures[seat]
                ),
            )
        )
    if v.outcome is not None:
        parts.append(words["alt_values"].format(who=words["alt_values_all"]))
    elif v.viewer is not None:
        parts.append(words["alt_values"].format(who=words["alt_values_own"].format(name=names[v.viewer])))
    else:
        parts.append(words["alt_values_none"])
    if ctx.last_move:
        parts.append(words["last"].format(text=public_notation(ctx.last_move)) + ".")
    text = " ".join(parts)
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"


def highlights(previous_view: object, notation: str) -> tuple[str, ...]:
    """The cells a piece move names (``c2-c4`` → ``("c2", "c4")``); nothing for set-ups and draws."""
    _view(previous_view)
    m = _MOVE.fullmatch(notation or "")
    return (m[1].lower(), m[2].lower()) if m else ()


RENDERER: Final = GameRenderer(render=render, describe=describe, highlights=highlights)

__all__ = ["GAME_ID", "RENDERER", "cell_box", "cell_centre", "describe", "highlights", "render"]
