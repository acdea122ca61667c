"""The Royal Game of Ur, Variante 3, as an image: the inlaid board whose motifs are the goal, the pawns
with their faces, the four dice.

Layout, top to bottom: the status line (whose turn, the phase) with the four dice once moving has begun;
seat 0's panel (name, then pawns still to place or the face that may move, and progress towards the
goal: pawns on each motif and on single squares); the board; seat 1's panel. The board is the one of
``render.ur.race`` (same geometry, same motif tiles), without the race path: here the motifs themselves
are the goal, so pawns are drawn small enough to leave each motif readable around them, the five single
squares carry a gold diamond, and the two empty corners of the board hold the goal as pictures ("4 ×"
the three motifs, "+1" a single square).

Pawns: seat 0 round and orange, seat 1 diamond-shaped and blue (shape and colour both tell the seats
apart). The face is the badge in the middle: a filled red disc with a cream heart for the red face, a
cream disc with a thick blue ring and a dark heart for the blue face (fill and ring differ, not only the
colour; a letter would be too small to read on a phone). A green ring marks the pawns of the player to
act that may move now. The last move is outlined and, for a move, drawn as an arrow along its route (the
route comes from :func:`highlights`, computed by the bot in the position before the move).
"""

from __future__ import annotations

import math
from functools import cache
from itertools import pairwise
from typing import Final

from PIL import Image, ImageDraw

from games.base import GameError
from games.ur import motifs
from games.ur.board import BOARD
from render.common import (
    CREAM,
    HIGHLIGHT,
    INK,
    LAPIS,
    MUTED,
    RED,
    BoardContext,
    Color,
    Pen,
    build_palette,
    draw_text,
    font,
    mix,
    outcome_of,
    paste_targets,
    supersampled,
)
from render.ur.alt import (
    AltText,
    colour_word,
    whose_turn,
)
from render.ur.kit import (
    CONTRAST_INLAY,
    CONTRAST_RIM,
    CONTRAST_SEATS,
    HEADER_H,
    PANEL_X1,
    SHARED_WORDS,
    SMALL_PX,
    STAT_D,
    TILE,
    Facing,
    Stat,
    board_ground,
    diamond,
    draw_arrow,
    draw_coordinates,
    draw_marks,
    draw_panel,
    draw_status,
    frame_boxes,
    inlay_colour,
    motif_tile,
    outline_sprite,
    paint_frame,
    paint_panels,
    palette,
    paste,
    paste_panel_icons,
    seat_colour,
    seat_tint,
    shadowed_sprite,
    sprite_pad,
    square_box,
    square_centre,
    status_line,
    stop_short,
    target_corner,
    winner_of,
    you_word,
)
from render.ur.rule_set import DrawBoard, RuleSetBoard
from render.ur.stand import Stand

PAWN_D: Final = 62
"""Pawn size on the board: a little over half a tile, so each motif shows all round it."""
DIAMOND: Final = 1.2
"""Half-diagonal of seat 1's diamond pawn over the radius of seat 0's round one (about the same area)."""
PAWN_SHAPES: Final = ("round", "diamond")
"""The shape of each seat's pawns, which :func:`_shape` draws by (:attr:`render.common.GameRenderer.seat_marks`)."""
ICON_D: Final = 56
STATUS_ICON_D: Final = 52
BADGE_D: Final = 40
MINI: Final = 40
"""Side of the small motif pictures in the goal legend and panels."""
MOVABLE: Final[Color] = (0, 158, 115)
"""Okabe–Ito bluish green: the ring of the pawns that may move now."""
STUCK: Final[Color] = (213, 94, 0)
"""Okabe–Ito vermilion: the ring of the pawns that could not move, when that lost the game."""
GOLD: Final[Color] = (222, 178, 58)
DIE: Final = 54
DIE_GAP: Final = 10
DICE_X: Final = PANEL_X1 - 4 * DIE - 3 * DIE_GAP
DICE_Y: Final = (HEADER_H - DIE) // 2
HOLE_X: Final = (frame_boxes()[0][2] + frame_boxes()[2][0]) / 2
"""Centre of the two empty corners (where A5-A6 and C5-C6 would be), which hold the goal's legend."""

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        **SHARED_WORDS["en"],
        "title": "Royal Game of Ur — Variante 3",
        "shape0": "round pawns",
        "shape1": "diamond pawns",
        "to_place": "to place",
        "movable": "may move",
        "draw": "Drawing lots for who starts",
        "placing": "{name} to place a pawn",
        "to_roll": "{name} to roll",
        "to_move": "{name} to move — rolled {roll}",
        "stuck": "{name} rolled {roll} and cannot move",
        "first": "{name} drawn to start",
        # Alt text.
        "alt_goal": "Goal: four pawns on one motif (rosettes, eyes or five dots) and the fifth on a single "
        "square (B1, B3, B6, A8, C8).",
        "alt_player": "{name} ({colour} {shape}): {pawns}{extra}.",
        "alt_none": "no pawn on the board",
        "alt_to_place": "; {n} to place",
        "alt_progress": "; rosettes {rosette}, eyes {eyes}, dots {dots5}, single {single}",
        "alt_movable": "; {face} pawns may move",
        "red": "red",
        "blue": "blue",
        "alt_draw": "The first player is being drawn.",
        "alt_placing": "{name} to place a pawn.",
        "alt_to_roll": "{name} to roll the dice.",
        "alt_to_move": "{name} to move, rolled {roll}; pawns that can move: {squares}.",
        "alt_stuck": "{name} rolled {roll} and cannot move.",
    },
    "fr": {
        **SHARED_WORDS["fr"],
        "title": "Jeu royal d'Ur — variante 3",
        "shape0": "pions ronds",
        "shape1": "pions en losange",
        "to_place": "à poser",
        "movable": "jouables",
        "draw": "Tirage au sort du premier joueur",
        "placing": "À {name} de poser un pion",
        "to_roll": "À {name} de lancer les dés",
        "to_move": "À {name} de jouer — dés : {roll}",
        "stuck": "{name} a fait {roll} et ne peut pas jouer",
        "first": "{name} commence (tirage au sort)",
        "alt_goal": "But : quatre pions sur un même motif (rosaces, yeux ou cinq points) et le cinquième sur "
        "une case unique (B1, B3, B6, A8, C8).",
        "alt_player": "{name} ({shape} {colour}) : {pawns}{extra}.",
        "alt_none": "aucun pion sur le plateau",
        "alt_to_place": " ; {n} à poser",
        "alt_progress": " ; rosaces {rosette}, yeux {eyes}, points {dots5}, case unique {single}",
        "alt_movable": " ; les pions {face}s peuvent jouer",
        "red": "rouge",
        "blue": "bleu",
        "alt_draw": "Tirage au sort du premier joueur en cours.",
        "alt_placing": "À {name} de poser un pion.",
        "alt_to_roll": "À {name} de lancer les dés.",
        "alt_to_move": "À {name} de jouer, dés : {roll} ; pions jouables : {squares}.",
        "alt_stuck": "{name} a fait {roll} et ne peut pas jouer.",
    },
}


# Sprites.


def _shape(pen: Pen, seat: int, c: float, r: float, fill: Color) -> None:
    """Seat 0's round pawn or seat 1's diamond pawn, ``r`` being the circle's radius."""
    if PAWN_SHAPES[seat] == "round":
        pen.circle(c, c, r, fill=fill)
    else:
        # A diamond of the same area as the circle reads as the same size.
        pen.poly(diamond(c, r * DIAMOND), fill=fill)


def _badge(pen: Pen, c: float, r: float, face: motifs.Face) -> None:
    """A pawn's face: a solid red disc with a cream heart (red), or a cream disc with a thick blue ring and
    an empty heart (blue), so the two read apart by their pattern as well as their colour."""
    if face == motifs.RED:
        pen.circle(c, c, r, fill=CREAM)
        pen.circle(c, c, r * 0.88, fill=RED)
        pen.circle(c, c, r * 0.3, fill=CREAM)
    else:
        pen.circle(c, c, r, fill=INK)
        pen.circle(c, c, r * 0.9, fill=CREAM)
        pen.circle(c, c, r * 0.9, outline=LAPIS, width=r * 0.3)
        pen.circle(c, c, r * 0.22, fill=INK)


def pawn_sprite(seat: int, face: motifs.Face | None, diameter: int) -> Image.Image:
    """Seat ``seat``'s pawn, ``diameter`` pixels across its round form, showing ``face`` (None: no badge),
    in the palette being drawn.

    The sprite is square and includes a soft shadow; its centre is the pawn's centre.
    """
    return _pawn_sprite(seat, face, diameter, palette())


@cache
def _pawn_sprite(seat: int, face: motifs.Face | None, diameter: int, palette_name: str) -> Image.Image:
    r = diameter / 2
    reach = r * (DIAMOND if PAWN_SHAPES[seat] == "diamond" else 1.0)
    size = math.ceil(2 * reach) + 2 * sprite_pad(diameter)
    colour = seat_colour(seat)

    def paint_shadow(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k, (-diameter * 0.03, -diameter * 0.06))
        _shape(pen, seat, size / 2, r, (0, 0, 0, 150))  # type: ignore[arg-type]

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c = size / 2
        _shape(pen, seat, c, r, CREAM)
        _shape(pen, seat, c, r * 0.9, mix(colour, INK, 0.4) if palette_name == "standard" else CONTRAST_RIM)
        _shape(pen, seat, c, r * 0.8, colour)
        if face is not None:
            _badge(pen, c, r * 0.58, face)
        else:
            pen.circle(c, c, r * 0.3, fill=inlay_colour(seat))
            pen.circle(c, c, r * 0.18, fill=colour)

    return shadowed_sprite(size, diameter, paint_shadow, paint)


@cache
def _badge_sprite(face: motifs.Face) -> Image.Image:
    """The face badge alone, as the panels show which face may move."""
    size = BADGE_D + 4

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        _badge(Pen(draw, k), size / 2, BADGE_D / 2, face)

    return supersampled((size, size), 4, paint)


@cache
def _ring_sprite(colour: Color = MOVABLE, inside: float = PAWN_D * DIAMOND) -> Image.Image:
    """The ring around a pawn that may move now (green), or that should have moved (red, at a loss)."""
    r = inside / 2 + 6
    size = math.ceil(2 * r) + 8

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c = size / 2
        pen.circle(c, c, r + 1.5, outline=INK, width=8)
        pen.circle(c, c, r, outline=colour, width=5)

    return supersampled((size, size), 3, paint)


@cache
def _single_marker(d: int = 20) -> Image.Image:
    """The gold diamond that marks a single square (and the legend's copy of it)."""
    size = d + 4

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c, h = size / 2, d / 2
        pen.poly([(c, c - h - 1.5), (c + h + 1.5, c), (c, c + h + 1.5), (c - h - 1.5, c)], fill=INK)
        pen.poly(diamond(c, h), fill=GOLD)
        pen.poly(diamond(c, h * 0.45), fill=CREAM)

    return supersampled((size, size), 4, paint)


@cache
def _mini_motif(motif: str) -> Image.Image:
    return motif_tile(motif).resize((MINI, MINI), Image.Resampling.LANCZOS)


@cache
def _die_sprite(marked: bool, faded: bool) -> Image.Image:
    """A six-sided die seen from above: a red sticker on a marked face, a bare face otherwise."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        pen.rrect((1, 3, DIE - 1, DIE - 1), 10, fill=mix(CREAM, INK, 0.45))
        pen.rrect((1, 1, DIE - 1, DIE - 4), 10, fill=CREAM, outline=INK, width=1.5)
        if marked:
            pen.circle(DIE / 2, DIE / 2 - 1.5, DIE * 0.27, fill=INK)
            pen.circle(DIE / 2, DIE / 2 - 1.5, DIE * 0.25, fill=RED)
        else:
            pen.circle(DIE / 2, DIE / 2 - 1.5, DIE * 0.25, outline=mix(CREAM, MUTED, 0.6), width=1.5)

    sprite = supersampled((DIE, DIE), 4, paint)
    if faded:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 40 // 100))
    return sprite


def _seat_outline(seat: int) -> Image.Image:
    """The outline of the squares of a reached goal, in the winner's colour."""
    return _seat_outline_in(seat, palette())


@cache
def _seat_outline_in(seat: int, palette_name: str) -> Image.Image:
    margin = 8
    size = TILE + 2 * margin

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        box = (margin - 3.0, margin - 3.0, size - margin + 3.0, size - margin + 3.0)
        pen.rrect(box, 12, outline=INK, width=9)
        pen.rrect((box[0] + 1.5, box[1] + 1.5, box[2] - 1.5, box[3] - 1.5), 11, outline=seat_tint(seat), width=5)

    return supersampled((size, size), 3, paint)


# The static board.


def _paint_static(draw: ImageDraw.ImageDraw, k: float) -> None:
    pen = Pen(draw, k)
    paint_frame(pen, mix(CREAM, MUTED, 0.5), (24, 44, 96))
    paint_panels(pen)


@cache
def _static_base(facing: Facing) -> Image.Image:
    """Everything static, drawn once per way the board faces its reader: frame, motif tiles, single-square
    marks, coordinates, panel grounds, and the goal in the two empty corners as pictures: "4 ×" the three
    motifs above, "+1" a single square below (no words, so the same in every language)."""
    base = board_ground(_paint_static)
    draw = ImageDraw.Draw(base)
    for square in motifs.SINGLES:
        _, y0, x1, _ = square_box(square)
        paste(base, _single_marker(), (x1 - 2, y0 + 2))
    draw_coordinates(draw)
    paste_panel_icons(base, lambda seat: pawn_sprite(seat, None, ICON_D))
    face = font(SMALL_PX + 4, "Bold")
    top, bottom = sorted((square_centre("A5")[1], square_centre("C5")[1]))
    lead = face.getlength("4 ×") + 10
    x = HOLE_X - (lead + 3 * MINI + 2 * 8) / 2
    draw_text(draw, (x, top), "4 ×", face, CREAM, "lm")
    for i, motif in enumerate(motifs.GOAL_MOTIFS):
        paste(base, _mini_motif(motif), (x + lead + MINI / 2 + i * (MINI + 8), top))
    lead = face.getlength("+1") + 10
    x = HOLE_X - (lead + 30) / 2
    draw_text(draw, (x, bottom), "+1", face, CREAM, "lm")
    paste(base, _single_marker(28), (x + lead + 15, bottom))
    return base


# Dynamic parts.


def _route_points(route: tuple[str, ...]) -> list[tuple[float, float]] | None:
    """The arrow along a move's route, stopping short of the pawn now on its last square."""
    if len(route) < 2 or any(sq not in BOARD.motifs for sq in route):
        return None
    if any(b not in motifs.NEIGHBOURS[a] for a, b in pairwise(route)):
        return None
    return stop_short([square_centre(sq) for sq in route], PAWN_D / 2 + 8)


def _stuck(state: motifs.State) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.termination.value == "no_moves"


def _status(state: motifs.State, ctx: BoardContext, names: tuple[str, str]) -> tuple[str, str, int | None]:
    return status_line(WORDS[ctx.language], names, Stand.of(state, ctx, state.placing))


def _last_move_text(ctx: BoardContext, names: tuple[str, str]) -> str | None:
    """The last decision as the header and alt text tell it (rolls are left to the dice)."""
    if not ctx.last_move:
        return None
    words = WORDS[ctx.language]
    notation = ctx.last_move.strip()
    low = notation.lower()
    if low.startswith("roll"):
        return None
    if low.startswith("first") and low[-1:] in ("a", "c"):
        return words["first"].format(name=names[0 if low.endswith("a") else 1])
    mover = ctx.last_mover
    who = f"{names[mover]} · " if mover in (0, 1) else ""
    return f"{who}{notation}"


def _header(canvas: Image.Image, draw: ImageDraw.ImageDraw, state: motifs.State, ctx: BoardContext) -> None:
    names = BOARD_IMAGE.names(ctx)
    status = _status(state, ctx, names)
    if not draw_status(canvas, draw, status, lambda s: pawn_sprite(s, None, STATUS_ICON_D), DICE_X - 28, 18):
        return
    # The dice: shown once moving has begun, faded while the next throw is awaited.
    if state.turn is None or state.placing:
        return
    roll = state.roll
    faded = roll is None
    if roll is None:
        route = ctx.highlights
        roll = len(route) - 1 if _route_points(route) is not None else None
    if roll is None:
        for i in range(4):
            canvas.paste(_die_sprite(False, True), (DICE_X + i * (DIE + DIE_GAP), DICE_Y), _die_sprite(False, True))
        return
    marked = 0 if roll == 5 else roll
    for i in range(4):
        sprite = _die_sprite(i < marked, faded)
        canvas.paste(sprite, (DICE_X + i * (DIE + DIE_GAP), DICE_Y), sprite)


def _panel(canvas: Image.Image, draw: ImageDraw.ImageDraw, state: motifs.State, ctx: BoardContext, seat: int) -> None:
    words = WORDS[ctx.language]
    outcome = outcome_of(state.outcome(), ctx)
    stats: list[Stat] = []
    if state.placing or state.turn is None:
        stats.append(Stat(pawn_sprite(seat, motifs.RED, STAT_D), str(state.to_place(seat)), words["to_place"]))
    else:
        stats.append(Stat(_badge_sprite(state.movable[seat]), f"× {len(state.eligible(seat))}", words["movable"]))
    # Progress towards the goal: pawns on each motif, and on single squares.
    squares = state.squares(seat)
    counts = [sum(sq in motifs.GROUPS[m] for sq in squares) for m in motifs.GOAL_MOTIFS]
    cells: list[tuple[Image.Image, int, int]] = [
        (_mini_motif(m), n, 4) for m, n in zip(motifs.GOAL_MOTIFS, counts, strict=True)
    ]
    cells.append((_single_marker(28), sum(sq in motifs.SINGLES for sq in squares), 1))
    for icon, n, target in cells:
        stats.append(Stat(icon, f"{n}/{target}", colour=HIGHLIGHT if n == target else CREAM if n else MUTED))
    status = (winner_of(outcome), state.turn)
    names = (BOARD_IMAGE.names(ctx)[seat], words["player"].format(n=seat + 1))
    draw_panel(canvas, draw, seat, status, names, stats, you_word(ctx, seat, words))


def _draw_board(state: motifs.State, ctx: BoardContext, faced: Facing) -> Image.Image:
    canvas = _static_base(faced).copy()
    draw = ImageDraw.Draw(canvas)
    route = tuple(sq for sq in ctx.highlights if sq in BOARD.motifs)
    # The match's result too: after a resignation or a loss on time no pawn is ringed as one that may move.
    outcome = outcome_of(state.outcome(), ctx)
    if outcome is not None and outcome.winners and outcome.termination.value == "normal":
        for square in state.squares(outcome.winners[0]):
            paste(canvas, _seat_outline(outcome.winners[0]), square_centre(square))
    if route:
        paste(canvas, outline_sprite(False), square_centre(route[0]))
        paste(canvas, outline_sprite(True), square_centre(route[-1]))
    points = _route_points(route)
    if points is not None:
        draw_arrow(canvas, points)
    ringed: set[str] = set()
    ring = _ring_sprite()
    if outcome is None and state.turn is not None and not state.placing:
        ringed = set(state.can_move(state.turn) if state.roll is not None else state.eligible(state.turn))
    elif _stuck(state) and state.turn is not None:
        # The pawns that were allowed to move, and could not with that roll.
        ringed, ring = set(state.eligible(state.turn)), _ring_sprite(STUCK)
    for seat in (0, 1):
        for square, face in state.pawns[seat]:
            centre = square_centre(square)
            if square in ringed:
                paste(canvas, ring, centre)
            paste(canvas, pawn_sprite(seat, face, PAWN_D), centre)
    paste_targets(canvas, ctx.targets, target_corner)
    draw_marks(canvas, draw, ctx.marks)
    for seat in (0, 1):
        _panel(canvas, draw, state, ctx, seat)
    _header(canvas, draw, state, ctx)
    return canvas


def _palette(draw_board: DrawBoard) -> Image.Image:
    # Representative renders in both languages: every sprite, both seats and faces, rings, dice, text.
    samples = []
    for text, move, mover, route, lang in (
        ("v3 0r:A1r,A3b,C1b,C2r,C3r 1b:A8r,B1b,B3b,B6b,C8r 1 1", "B4-C2", 0, ("B4", "C4", "C3", "C2"), "en"),
        ("v3 0r:A1r,A3r,B4r,C1r,C3r 1r:A8r,B1r,B3r,B6r,C8r 0 1", "B2-B3", 1, ("B2", "B3"), "fr"),
        ("v3 0r:A1r,B4r 1r:C1r 1 -", "@B4", 0, ("B4",), "fr"),
        ("v3 0r:A1r,A7r,B1b,B4r,C1r 1r:A3r,A8r,B8r,C4r,C8r 1 -", "B2-B1", 0, ("B2", "B1"), "en"),
        ("v3 0r:A3b,A8r,B4b,C1b,C3b 1r:A7r,B1r,B3r,B8r,C8r 0 1", "B2-B1", 1, ("B2", "B1"), "fr"),
        ("v3 0r:- 1r:- - -", None, None, (), "en"),
    ):
        state = motifs.from_text(text)
        ctx = BoardContext(("Alice", "Bob"), move, mover, route, lang)
        samples.append(draw_board(state, ctx))
    return build_palette(samples, keep=(MOVABLE, STUCK, GOLD, *CONTRAST_SEATS, *CONTRAST_INLAY))


# Alt text.


def _alt_player(state: motifs.State, seat: int, lang: str, name: str, palette: str) -> str:
    words = WORDS[lang]
    listed = [f"{sq} {words['red'] if face == motifs.RED else words['blue']}" for sq, face in state.pawns[seat]]
    squares = state.squares(seat)
    progress = {m: sum(sq in motifs.GROUPS[m] for sq in squares) for m in motifs.GOAL_MOTIFS}
    extra = ""
    if state.placing or state.turn is None:
        extra += words["alt_to_place"].format(n=state.to_place(seat))
    else:
        extra += words["alt_movable"].format(face=words["red"] if state.movable[seat] == motifs.RED else words["blue"])
    if squares:
        extra += words["alt_progress"].format(single=sum(sq in motifs.SINGLES for sq in squares), **progress)
    return words["alt_player"].format(
        name=name,
        colour=colour_word(lang, seat, palette),
        shape=words[f"shape{seat}"],
        pawns=", ".join(listed) or words["alt_none"],
        extra=extra,
    )


def _alt(state: motifs.State, ctx: BoardContext, words: dict[str, str], names: tuple[str, str]) -> AltText:
    """Alt text of the board: the goal, each player's pawns and faces, the last move, whose turn it is."""
    stand = Stand.of(state, ctx, state.placing)
    ending: list[str] = []
    if stand.outcome is not None and stand.outcome.winners and _stuck(state) and state.turn is not None:
        ending.append(words["alt_stuck"].format(name=names[state.turn], roll=state.roll))
    movable = state.can_move(state.turn) if state.turn is not None and state.roll is not None else ()
    ending.append(whose_turn(words, names, stand, squares=", ".join(movable)))
    return AltText(
        intro=(words["title"] + ".", words["alt_goal"]),
        players=[_alt_player(state, seat, ctx.language, names[seat], ctx.palette) for seat in (0, 1)],
        last=_last_move_text(ctx, names),
        ending=ending,
    )


def _touched(state: motifs.State, notation: str) -> tuple[str, ...]:
    """The squares the move touched, read in the position before it, in order.

    A placement gives its square; a move its whole route (the one typed, or the one the engine shows:
    the fewest own pawns crossed), from the pawn's square to its destination; chance outcomes nothing.
    A notation that is not legal in ``state`` gives nothing rather than an error.
    """
    try:
        return state.route_of(notation)
    except GameError:
        return ()


BOARD_IMAGE: Final = RuleSetBoard(motifs.State, "Variante 3", WORDS, _draw_board, _alt, _touched, _palette, PAWN_SHAPES)
RENDERER: Final = BOARD_IMAGE.renderer()
render: Final = RENDERER.render
describe: Final = RENDERER.describe
highlights: Final = RENDERER.highlights
