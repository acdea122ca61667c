"""The Royal Game of Ur, Variante 1, as an image: the Variante 2 board, drawn for the loop.

It keeps the board, motifs, panels and layout of Variante 2 (:mod:`render.ur.kit`) and adds what Variante 1 needs:

- the loop drawn in the joints between squares: chevrons in a seat's colour on its own stretches (in
  the right-hand block, where the two loops turn opposite ways, one chevron per seat side by side),
  light chevrons for the run out along row B and red ones for the way home;
- arrows in the left margin into the entry squares A1 and C1 and out of the arrival square B1;
- the X glyph (a cross: turn over) on B8, O glyphs (a ring: capture) on B5 B6 B7 and a chequered band,
  a finishing line, around B1;
- pieces that show their face: a plain piece is on its way out; a turned-over piece has a red face
  and a small U-turn mark, so the face never depends on colour alone;
- the three four-tipped dice with their white and red tips (the status line says the points, and
  whether the throw plays again).

What the legend strip said (X, O, B1, the loop's route) is left to the rules and the turn post's words:
on a phone it could only be read with a zoom. Everything static is drawn once per facing (supersampled);
a render copies it, pastes cached sprites, writes the dynamic words and maps the result onto a palette
computed once.
"""

from __future__ import annotations

import math
import re
from functools import cache
from itertools import pairwise
from typing import Final

from PIL import Image, ImageDraw

from games.base import GameError
from games.ur import loop
from games.ur.board import BOARD
from render.common import (
    BACKDROP,
    CREAM,
    HIGHLIGHT,
    INK,
    RED,
    SHELL,
    BoardContext,
    Color,
    Pen,
    mix,
    outcome_of,
    supersampled,
)
from render.ur.alt import AltText, on_squares, player_sentences, race_counts, whose_turn
from render.ur.kit import (
    CONTRAST_INLAY,
    CONTRAST_SEATS,
    DRAWN_FIRST,
    FRAME,
    HEADER_H,
    ICON_D,
    INLAYS,
    PAIR_D,
    PANEL_X1,
    PIECE_D,
    RACE_MOVE,
    RACE_WORDS,
    SHARED_WORDS,
    STAT_D,
    STATUS_ICON_D,
    TILE,
    Facing,
    Lanes,
    arrow_head,
    board_ground,
    chevron,
    draw_badge,
    draw_coordinates,
    draw_race_panel,
    draw_stack,
    draw_status,
    paint_frame,
    paint_inlay,
    paint_panels,
    palette,
    paste,
    paste_panel_icons,
    piece_sprite,
    pyramid_die,
    race_move_text,
    round_piece_sprite,
    sample_palette,
    seat_colour,
    seat_tint,
    square_box,
    square_centre,
    status_line,
    stop_short,
    touched_squares,
)
from render.ur.rule_set import DrawBoard, RuleSetBoard
from render.ur.stand import Stand

QUAD_D: Final = 50
"""Piece size when three or four kinds of piece share a square (only B4 can hold that many)."""
DIE_W: Final = 56
DIE_H: Final = 54
DIE_GAP: Final = 10
DICE_X: Final = PANEL_X1 - 3 * DIE_W - 2 * DIE_GAP
DICE_Y: Final = (HEADER_H - DIE_H) // 2
MARGIN_X: Final = 14
"""Where the left margin's entry and exit arrows start (its row letters give way to them)."""
JOINT_OFFSET: Final = 22
"""How far apart two chevrons sharing a joint sit, either side of its middle."""

_ROLL = re.compile(r"roll:?([0145])", re.IGNORECASE)

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        **SHARED_WORDS["en"],
        **RACE_WORDS["en"],
        "title": "Royal Game of Ur — Variante 1",
        "to_move_again": "{name} to move — rolled {roll}, rolls again",
        "zero": "{name} rolled 0, turn over",
        "passes_again": "{name} rolled {roll}, no move, rolls again",
        # Alt text.
        "alt_title": "Royal Game of Ur, Variante 1 (loop).",
        "alt_player": "{name} ({colour} {mark} pieces, enters on {entry}): {waiting} waiting, {board}, {off} off.",
        "alt_turned": "turned",
        "alt_turned_many": "turned",
        "alt_to_move_again": "{name} to move, rolled {roll} and rolls again after.",
    },
    "fr": {
        **SHARED_WORDS["fr"],
        **RACE_WORDS["fr"],
        "title": "Jeu royal d'Ur — Variante 1",
        "to_move_again": "À {name} de jouer — dés : {roll}, puis rejoue",
        "zero": "{name} a fait 0, fin du tour",
        "passes_again": "{name} a fait {roll}, sans coup possible, rejoue",
        "alt_title": "Jeu royal d'Ur, Variante 1 (boucle).",
        "alt_player": (
            "{name} (pions {colour} à {mark}, entrée en {entry}) : {waiting} en réserve, {board}, {off} {out}."
        ),
        "alt_turned": "retourné",
        "alt_turned_many": "retournés",
        "alt_to_move_again": "À {name} de jouer, dés : {roll}, puis rejoue.",
    },
}

HOME_CHEVRON: Final[Color] = mix(FRAME, (236, 96, 74), 0.9)
OUT_CHEVRON: Final[Color] = mix(FRAME, SHELL, 0.6)
WHITE_TIP: Final[Color] = (252, 248, 236)


# Geometry.


def _entry_point(seat: int) -> tuple[float, float]:
    """Where the entry arrow of ``seat`` starts, in the left margin level with its lane."""
    _, y = square_centre(f"{BOARD.lanes[seat]}1")
    return MARGIN_X + 20.0, y


def _exit_point() -> tuple[float, float]:
    """Where the exit arrow from B1 ends, in the left margin."""
    _, y = square_centre(loop.ARRIVAL_SQUARE)
    return MARGIN_X + 16.0, y


def _mark_centre(square: str) -> tuple[float, float]:
    """The top-left corner of ``square``, where its X or O badge sits."""
    x0, y0, _, _ = square_box(square)
    return x0 + 14.0, y0 + 14.0


def _joint_chevrons() -> list[tuple[tuple[float, float], tuple[float, float], Color]]:
    """The loop's chevrons: (where, direction, colour), one per step of either seat's loop.

    A step of row B shared by both loops is drawn once (light on the way out, red on the way home).
    Where a joint is crossed both ways, the two chevrons sit side by side: the way out or seat 0's
    on the upper (left) side, the way home or seat 1's on the lower (right) side.
    """
    steps: dict[tuple[str, str], tuple[int, Color]] = {}
    for seat in (0, 1):
        path = loop.PATHS[seat]
        for i, (a, b) in enumerate(pairwise(path)):
            if a.startswith("B") and b.startswith("B"):
                home = loop.is_red(i + 2)
                steps[(a, b)] = (1 if home else 0, HOME_CHEVRON if home else OUT_CHEVRON)
            else:
                steps[(a, b)] = (seat, mix(FRAME, seat_tint(seat), 0.8))
    found = []
    for (a, b), (side, colour) in steps.items():
        (ax, ay), (bx, by) = square_centre(a), square_centre(b)
        length = math.hypot(bx - ax, by - ay)
        dx, dy = (bx - ax) / length, (by - ay) / length
        x, y = (ax + bx) / 2, (ay + by) / 2
        if (b, a) in steps:
            shift = -JOINT_OFFSET if side == 0 else JOINT_OFFSET
            x, y = (x, y + shift) if abs(dx) > abs(dy) else (x + shift, y)
        found.append(((x, y), (dx, dy), colour))
    return sorted(found)


# Sprites.


def _u_turn(pen: Pen, cx: float, cy: float, r: float, colour: Color, width: float) -> None:
    """A U-turn sign centred on (cx, cy): up the left leg, over the top, down the right leg to a head."""
    top = cy - r * 0.35
    left, right = cx - r * 0.55, cx + r * 0.55
    arc_r = (right - left) / 2
    pen.line([(left, cy + r * 0.8), (left, top)], fill=colour, width=width)
    box = (*pen.p(cx - arc_r, top - arc_r), *pen.p(cx + arc_r, top + arc_r))
    pen.draw.arc(box, start=180, end=360, fill=colour, width=pen.w(width))
    pen.line([(right, top), (right, cy + r * 0.15)], fill=colour, width=width)
    arrow_head(pen, (right, cy + r * 0.95), (0.0, 1.0), r * 0.75, colour)


def _big_chevron(pen: Pen, at: tuple[float, float], direction: tuple[float, float], colour: Color) -> None:
    """A loop chevron, a little larger than Variante 2's so the turns of the loop read at a glance."""
    chevron(pen, at, direction, colour, depth=6.5, half=10.5, notch=1.5)


def turned_piece_sprite(seat: int, diameter: int, mark: bool = True) -> Image.Image:
    """Seat ``seat``'s piece turned over: a red face inside the seat's rim, the seat's inlay, and (with
    ``mark``) a U-turn badge at its lower left, so a turned piece reads differently without relying on
    colour."""
    return _turned_piece_sprite(seat, diameter, mark, palette())


@cache
def _turned_piece_sprite(seat: int, diameter: int, mark: bool, palette_name: str) -> Image.Image:
    colour = seat_colour(seat)
    face = RED

    def paint(pen: Pen, c: float, r: float) -> None:
        pen.circle(c, c, r, fill=CREAM)
        pen.circle(c, c, r * 0.9, fill=colour)
        pen.circle(c, c, r * 0.72, fill=face)
        paint_inlay(pen, seat, c, r * (0.5 if seat == 0 else 0.56), r * 0.36, face)
        if mark:
            bx, by, br = c - r * 0.68, c + r * 0.64, r * 0.46
            pen.circle(bx, by, br, fill=INK)
            pen.circle(bx, by, br * 0.84, fill=CREAM)
            _u_turn(pen, bx, by, br * 0.62, INK, br * 0.2)

    return round_piece_sprite(diameter, paint)


def face_sprite(seat: int, red: bool, diameter: int) -> Image.Image:
    """The sprite of a piece of ``seat`` showing its plain (``red`` False) or turned face."""
    return turned_piece_sprite(seat, diameter) if red else piece_sprite(seat, diameter)


def _die_sprite(tip: str | None, faded: bool) -> Image.Image:
    """A four-tipped die seen from the side: its top tip ``white``, ``red``, or None (not yet thrown)."""
    colour = None if tip is None else WHITE_TIP if tip == "white" else RED
    return pyramid_die(DIE_W, DIE_H, colour, 0.5, 45 if faded else 100)


def white_tips(roll: int) -> int:
    """How many of the three dice show a white tip for a throw worth ``roll`` points."""
    return {value: white for white, value in loop.POINTS_FOR_WHITE.items()}[roll]


def _finish_ring(pen: Pen, box: tuple[float, float, float, float], cell: float) -> None:
    """A chequered band ``cell`` wide just outside ``box``, like a finishing line: the arrival square."""
    x0, y0, x1, y1 = box[0] - cell, box[1] - cell, box[2] + cell, box[3] + cell
    across = max(1, round((x1 - x0) / cell))
    down = max(1, round((y1 - y0) / cell))
    w, h = (x1 - x0) / across, (y1 - y0) / down
    for i in range(across):
        for j in range(down):
            if 0 < i < across - 1 and 0 < j < down - 1:
                continue
            colour = CREAM if (i + j) % 2 == 0 else INK
            pen.rrect((x0 + i * w, y0 + j * h, x0 + (i + 1) * w, y0 + (j + 1) * h), 0, fill=colour)


@cache
def _square_glyph(letter: str) -> Image.Image:
    """The mark of an X square (a red disc with a cream cross: turn over) or an O square (a cream disc
    with a red ring: capture), drawn as shapes so it reads at any size."""
    d = 44

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c = d / 2
        if letter == "X":
            pen.circle(c, c, c - 1, fill=RED, outline=CREAM, width=3)
            a, b = d * 0.3, d * 0.7
            pen.line([(a, a), (b, b)], fill=CREAM, width=5)
            pen.line([(a, b), (b, a)], fill=CREAM, width=5)
        else:
            pen.circle(c, c, c - 1, fill=CREAM, outline=RED, width=3)
            pen.circle(c, c, d * 0.24, outline=RED, width=5)

    return supersampled((d, d), 4, paint)


# The static board.


def _paint_static(draw: ImageDraw.ImageDraw, k: float) -> None:
    pen = Pen(draw, k)
    paint_frame(pen)
    for at, direction, colour in _joint_chevrons():
        _big_chevron(pen, at, direction, colour)
    # Into the entry squares from the left margin, and out of the arrival square.
    for seat in (0, 1):
        tint = mix(BACKDROP, seat_tint(seat), 0.85)
        ex, ey = _entry_point(seat)
        target = square_box(f"{BOARD.lanes[seat]}1")[0] - 3
        pen.circle(ex, ey, 6, outline=tint, width=3)
        pen.line([(ex + 6, ey), (target - 10, ey)], fill=tint, width=4)
        arrow_head(pen, (target, ey), (1.0, 0.0), 12, tint)
    x0, y0, x1, y1 = square_box(loop.ARRIVAL_SQUARE)
    _finish_ring(pen, (x0 - 1, y0 - 1, x1 + 1, y1 + 1), 5.5)
    xx, xy = _exit_point()
    source = square_box(loop.ARRIVAL_SQUARE)[0] - 4
    out = mix(BACKDROP, CREAM, 0.8)
    pen.line([(source, xy), (xx + 12, xy)], fill=out, width=4)
    arrow_head(pen, (xx, xy), (-1.0, 0.0), 12, out)
    pen.line([(xx - 5, xy - 12), (xx - 5, xy + 12)], fill=out, width=4)
    paint_panels(pen)


@cache
def _static_base(facing: Facing) -> Image.Image:
    """Everything static, drawn once per way the board faces its reader (no words but the coordinates,
    the same in every language); each render starts from a copy of it."""
    base = board_ground(_paint_static)
    draw = ImageDraw.Draw(base)
    draw_coordinates(draw, left=False)
    for square in loop.O_SQUARES:
        paste(base, _square_glyph("O"), _mark_centre(square))
    paste(base, _square_glyph("X"), _mark_centre(loop.X_SQUARE))
    paste_panel_icons(base, lambda seat: piece_sprite(seat, ICON_D))
    return base


# Dynamic parts.


def _read_move(notation: str, seat: int | None) -> tuple[int, int, int] | None:
    """(seat, from, to) path positions of a move's notation, or None when it is not a piece move.

    A square of B4..B7 is on the loop twice; the pair of positions one throw apart is the one meant.
    Without a seat, the seats whose loop fits are tried in order.
    """
    m = RACE_MOVE.fullmatch(notation.strip())
    if m is None:
        return None
    frm, to = m[1].upper(), m[2].upper()
    for s in (0, 1) if seat is None else (seat,):
        try:
            starts = (0,) if frm == "IN" else loop.positions_of(s, frm)
            ends = (loop.OFF,) if to == "OFF" else loop.positions_of(s, to)
        except GameError:
            continue
        pairs = [(a, b) for a in starts for b in ends if 0 < b - a <= 5]
        if pairs:
            a, b = min(pairs, key=lambda pair: pair[1] - pair[0])
            return s, a, b
    return None


def _move_path(notation: str, seat: int | None) -> list[tuple[float, float]] | None:
    """The arrow of a piece move along the loop, or None when the notation is not a full move."""
    read = _read_move(notation, seat)
    if read is None:
        return None
    s, a, b = read
    points = [_entry_point(s) if a == 0 else square_centre(loop.square_of(s, a))]
    points += [square_centre(loop.square_of(s, p)) for p in range(max(a, 0) + 1, min(b, loop.ARRIVAL) + 1)]
    if b == loop.OFF:
        ex, ey = _exit_point()
        points.append((ex + 6, ey))
    else:
        stop_short(points, PIECE_D / 2 + 4)
    return points


ARROW_HEAD: Final = 20.0


@cache
def _arrow_head_sprite(dx: int, dy: int) -> Image.Image:
    """The yellow arrowhead of the last move pointing along (dx, dy), with its black outline and a
    short stub of shaft, so it covers the end of the shaft drawn before it."""
    size = 64
    c = size / 2

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        back = (c - dx * ARROW_HEAD * 0.7, c - dy * ARROW_HEAD * 0.7)
        stub = (c - dx * ARROW_HEAD * 1.2, c - dy * ARROW_HEAD * 1.2)
        arrow_head(pen, (c + dx * 3, c + dy * 3), (dx, dy), ARROW_HEAD + 5, INK)
        pen.line([stub, back], fill=HIGHLIGHT, width=6)
        arrow_head(pen, (c, c), (dx, dy), ARROW_HEAD, HIGHLIGHT)

    return supersampled((size, size), 3, paint)


@cache
def _arrow_tail_sprite() -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        pen.circle(12, 12, 8, fill=INK)
        pen.circle(12, 12, 5.5, fill=HIGHLIGHT)

    return supersampled((24, 24), 3, paint)


def _draw_move_arrow(canvas: Image.Image, points: list[tuple[float, float]]) -> None:
    """The last move's arrow along ``points``, whose segments all run along rows or columns.

    Straight shafts need no smoothing, so they are drawn directly and only the round tail and the
    head come from small supersampled sprites: much cheaper than smoothing the whole arrow's box.
    """
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    dx, dy = round((x1 - x0) / length), round((y1 - y0) / length)
    shaft = [(round(x), round(y)) for x, y in [*points[:-1], (x1 - dx * ARROW_HEAD * 0.7, y1 - dy * ARROW_HEAD * 0.7)]]
    draw = ImageDraw.Draw(canvas)
    draw.line(shaft, fill=INK, width=11, joint="curve")
    draw.line(shaft, fill=HIGHLIGHT, width=6, joint="curve")
    paste(canvas, _arrow_tail_sprite(), points[0])
    paste(canvas, _arrow_head_sprite(dx, dy), (x1, y1))


def _draw_square_pieces(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, square: str, pieces: list[tuple[int, bool]]
) -> None:
    """The pieces of one square: one stack per kind (seat and face), with a count when several."""
    cx, cy = square_centre(square)
    kinds = sorted(set(pieces))
    counts = {kind: pieces.count(kind) for kind in kinds}
    if len(kinds) == 1:
        (kind,) = kinds
        draw_stack(canvas, draw, face_sprite(kind[0], kind[1], PIECE_D), square, counts[kind], kind[0])
        return
    places: list[tuple[float, float]] = []
    corners: list[tuple[int, int]] = []
    if len(kinds) == 2:
        # One up-left, one down-right; each count on a corner away from the other piece.
        diameter = PAIR_D
        places = [(cx - 0.2 * TILE, cy - 0.2 * TILE), (cx + 0.2 * TILE, cy + 0.2 * TILE)]
        corners = [(1, -1), (1, 1)]
    else:
        # Only B4 holds three or four kinds: seat 0 on top, seat 1 below; plain left, turned right.
        diameter = QUAD_D
        quad = 0.24 * TILE
        for seat, red in kinds:
            sx, sy = (1 if red else -1), (1 if seat else -1)
            places.append((cx + sx * quad, cy + sy * quad))
            corners.append((sx, sy))
    for kind, centre in zip(kinds, places, strict=True):
        paste(canvas, face_sprite(kind[0], kind[1], diameter), centre)
    for kind, (x, y), (sx, sy) in zip(kinds, places, corners, strict=True):
        if counts[kind] > 1:
            draw_badge(canvas, draw, (x + sx * (diameter / 2 - 4), y + sy * (diameter / 2 - 6)), counts[kind], kind[0])


def _status(state: loop.State, ctx: BoardContext, names: tuple[str, str]) -> tuple[str, str, int | None]:
    key = "to_move_again" if state.roll in loop.AGAIN else "to_move"
    return status_line(WORDS[ctx.language], names, Stand.of(state, ctx), move_key=key)


def _last_move_text(state: loop.State, ctx: BoardContext, names: tuple[str, str]) -> str | None:
    if not ctx.last_move:
        return None
    words = WORDS[ctx.language]
    notation = ctx.last_move.strip()
    mover = ctx.last_mover if ctx.last_mover in (0, 1) else None
    if m := _ROLL.fullmatch(notation):
        if state.turn is None or state.roll is not None:
            return None  # the throw waiting to be played: the status line already says it
        value = int(m[1])
        again = value in loop.AGAIN
        roller = mover if mover is not None else state.turn if again else 1 - state.turn
        key = "zero" if value == 0 else "passes_again" if again else "passes"
        return words[key].format(name=names[roller], roll=value)
    return race_move_text(words, notation, mover, names)


def _draw_header(canvas: Image.Image, draw: ImageDraw.ImageDraw, state: loop.State, ctx: BoardContext) -> None:
    names = BOARD_IMAGE.names(ctx)
    if not draw_status(canvas, draw, _status(state, ctx, names), lambda s: piece_sprite(s, STATUS_ICON_D), DICE_X - 24):
        return
    if outcome_of(state.outcome(), ctx) is not None or state.turn is None:
        return
    # The dice: the throw to play, or blank and faded while the next throw is awaited.
    roll = state.roll
    tips: list[str | None] = [None, None, None]
    if roll is not None:
        white = white_tips(roll)
        tips = ["white" if i < white else "red" for i in range(3)]
    for i, tip in enumerate(tips):
        sprite = _die_sprite(tip, roll is None)
        canvas.paste(sprite, (DICE_X + i * (DIE_W + DIE_GAP), DICE_Y), sprite)


def _draw_panel(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, state: loop.State, ctx: BoardContext, seat: int
) -> None:
    draw_race_panel(canvas, draw, state, seat, ctx, WORDS[ctx.language], turned_piece_sprite(seat, STAT_D, False))


_LANES: Final = Lanes(
    _static_base,
    RACE_MOVE,
    _move_path,
    _draw_move_arrow,
    lambda state: ((square, state.pieces_on(square)) for square in BOARD.squares),
    _draw_square_pieces,
    _draw_panel,
    _draw_header,
)


SAMPLES: Final = (
    ("v1 0:A1,A1,B4,B4r,B6,B8r,B1r 1:C7,B4,B4r,A8r,B3r,B1r+1 0 5", "A2xB6", 0, "en"),
    ("v1 0:A2,A7,C8r 1:C1,C7,B5r,B1r+2 1 1", "C8-C7", 1, "fr"),
    ("v1 0:-+7 1:B2r,B1r+4 0 -", "B1-off", 0, "en"),
    ("v1 0:- 1:- - -", None, None, "fr"),
    ("v1 0:A3 1:C4 1 -", "in-A1", 0, "en"),
)
"""Representative positions for the palette: every sprite, both seats and faces, highlights, dice, text."""


def _palette(draw_board: DrawBoard) -> Image.Image:
    return sample_palette(
        draw_board,
        loop.from_text,
        RACE_MOVE,
        SAMPLES,
        keep=(WHITE_TIP, HOME_CHEVRON, OUT_CHEVRON, *CONTRAST_SEATS, *CONTRAST_INLAY),
    )


# Alt text.


def _alt_pieces(state: loop.State, seat: int, lang: str) -> str:
    words = WORDS[lang]
    listed: list[str] = []
    total = 0
    for p in sorted(set(state.pieces[seat])):
        if not 0 < p < loop.OFF:
            continue
        n = state.pieces[seat].count(p)
        total += n
        text = loop.square_of(seat, p)
        notes = [words["alt_turned" if n == 1 else "alt_turned_many"]] if loop.is_red(p) else []
        if n > 1:
            notes.insert(0, str(n))
        listed.append(f"{text} ({', '.join(notes)})" if notes else text)
    return on_squares(words, listed, total)


def _alt_details(state: loop.State, seat: int, lang: str) -> dict[str, object]:
    return {"entry": loop.PATHS[seat][0], **race_counts(state, seat, _alt_pieces(state, seat, lang))}


def _alt(state: loop.State, ctx: BoardContext, words: dict[str, str], names: tuple[str, str]) -> AltText:
    """Alt text of the board: each player's pieces and faces, the last move and whose turn it is."""
    again = "alt_to_move_again" if state.roll in loop.AGAIN else "alt_to_move"
    return AltText(
        intro=(words["alt_title"],),
        players=player_sentences(words, ctx, names, lambda seat: _alt_details(state, seat, ctx.language)),
        last=_last_move_text(state, ctx, names),
        ending=(whose_turn(words, names, Stand.of(state, ctx), move_key=again),),
    )


def _touched(state: loop.State, notation: str) -> tuple[str, ...]:
    """The squares a move touched, read in the position before it: from and to, as far as they exist.

    Entering has only a destination, leaving only a source; chance outcomes touch nothing, and a
    notation that is not a legal move in ``state`` gives no highlight rather than an error.
    """
    return touched_squares(notation, (_ROLL, DRAWN_FIRST), state.parse_move, state.squares_of, loop.Move)


BOARD_IMAGE: Final = RuleSetBoard(loop.State, "Ur Variante 1", WORDS, _LANES.draw, _alt, _touched, _palette, INLAYS)
RENDERER: Final = BOARD_IMAGE.renderer()
render: Final = RENDERER.render
describe: Final = RENDERER.describe
highlights: Final = RENDERER.highlights
