"""The Royal Game of Ur, Ravensburger rules, as an image: the same board as Variante 2, with towers.

Layout (shared with :mod:`render.ur.kit`, whose geometry and drawing helpers this module reuses): the
status line with the die on top; seat 0's panel (name and how many of the opponent's ten tokens it has
captured, delivered or held: all ten win; then its reserve, the opponent's tokens it has delivered and the
prisoners it holds); the board with row A on top; seat 1's panel under row C.

A square with one token shows it as a full piece. A tower shows its top token as a full piece (its owner
controls the tower) and, on the right of the square, the whole tower seen from the side: one slice per
token, bottom slice at the bottom, so the colours read from top to bottom as they are stacked; a badge
under the piece gives the height. Seats differ in colour and in shape: seat 0's pieces carry a ring and
its slices have round ends, seat 1's pieces a diamond and its slices pointed ends. Faces differ by a mark
as well as by colour: a red-faced token has a red heart with five cream dots (its slices a red core with
dots), a blue-faced token the plain inlay.

The die is an ordinary d6; a 6 is crossed out ("no move"). During the opening, and until the first
token enters, the two opening rolls are shown with each player's piece.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.ur import towers
from games.ur.board import BOARD
from games.ur.towers import Move, State, Token
from render.common import (
    CREAM,
    INK,
    PALETTE_MERGE,
    RED,
    SHELL,
    BoardContext,
    Color,
    Pen,
    draw_text,
    font,
    mix,
    outcome_of,
    plural,
    supersampled,
)
from render.ur.alt import AltText, player_sentences, whose_turn
from render.ur.kit import (
    CONTRAST_INLAY,
    CONTRAST_RIM,
    CONTRAST_SEATS,
    GUTTER,
    HEADER_H,
    ICON_D,
    INLAYS,
    MARK_D,
    PANEL_X0,
    PANEL_X1,
    SHARED_WORDS,
    SMALL_PX,
    STAT_D,
    STATS_ROOM,
    STATUS_ICON_D,
    TILE,
    Facing,
    Lanes,
    Stat,
    arrow_head,
    draw_arrow,
    draw_badge,
    draw_panel,
    draw_status,
    entry_point,
    lanes_layer,
    mark_corner,
    paint_inlay,
    palette,
    paste,
    read_lane_move,
    round_piece_sprite,
    sample_palette,
    seat_colour,
    seat_tint,
    square_box,
    square_centre,
    stats_width,
    status_line,
    stop_short,
    touched_squares,
    winner_of,
    you_word,
)
from render.ur.rule_set import DrawBoard, RuleSetBoard
from render.ur.stand import Stand

PIECE_D: Final = 80
"""A lone token."""
TOP_D: Final = 58
"""The top token of a tower."""
SLOT_D: Final = 22
"""Tokens in the panel trays."""
SLICE_W: Final = 32
COLUMN_W: Final = SLICE_W + 10
"""Width of the tower's side view, on the right of its square."""
COLUMN_SPAN: Final = 92
SLICE_PITCH: Final = 15.0
DIE_D: Final = 70
DIE_X: Final = PANEL_X1 - DIE_D
DIE_Y: Final = (HEADER_H - DIE_D) // 2
OPEN_D: Final = 48

_MOVE = re.compile(r"(in|[abc][1-8])[-x]([abc][1-8])(?:\+(\d+))?", re.IGNORECASE)
_ROLL = re.compile(r"roll:?([1-6])", re.IGNORECASE)
_OPEN = re.compile(r"open:?([ac]):?([1-6])", re.IGNORECASE)

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        **SHARED_WORDS["en"],
        "title": "Royal Game of Ur, Ravensburger rules",
        "reserve": "in reserve",
        "delivered": "delivered",
        "delivered_one": "delivered",
        "theirs_delivered": "of theirs delivered",
        "theirs_delivered_one": "of theirs delivered",
        "row": "row {row}",
        "prisoners": "prisoners",
        "prisoner": "prisoner",
        "captured": "captured {n} of {all}",
        "to_move": "{name} to move — rolled {roll}",
        "to_roll": "{name} to roll",
        "opening": "Opening: {name} rolls",
        "no_move": "{name} rolled 6: no move",
        "passes": "{name} rolled {roll}: no legal move",
        "opened": "{name} rolled {roll} for the opening",
        "tie": "Tie at {roll}: both roll again",
        "starts": "{name} starts ({high} against {low})",
        "ring": "ring",
        "diamond": "diamond",
        "red_face": "red-faced",
        "red_key": "= reached its final goal",
        # Alt text.
        "alt_player": "{name} ({colour} {mark} tokens, row {row}): {reserve} in reserve; tokens lost: {lost}; "
        "opponent's tokens delivered: {delivered}; prisoners held: {held}.",
        "alt_towers": "Board, each square top token first: {list}.",
        "alt_empty": "The board is empty.",
        "alt_to_move": "{name} to move, rolled {roll}.",
        "alt_to_roll": "{name} to roll the die.",
        "alt_opening": "Opening rolls: {rolls}.",
    },
    "fr": {
        **SHARED_WORDS["fr"],
        "title": "Jeu royal d'Ur, règles Ravensburger",
        "reserve": "en réserve",
        "delivered": "livrés",
        "delivered_one": "livré",
        "theirs_delivered": "adverses livrés",
        "theirs_delivered_one": "adverse livré",
        "row": "rangée {row}",
        "prisoners": "prisonniers",
        "prisoner": "prisonnier",
        "captured": "a capturé {n} sur {all}",
        "to_move": "À {name} de jouer — dé : {roll}",
        "to_roll": "À {name} de lancer le dé",
        "opening": "Ouverture : {name} lance le dé",
        "no_move": "{name} a fait 6 : pas de mouvement",
        "passes": "{name} a fait {roll} : aucun coup possible",
        "opened": "{name} a fait {roll} à l'ouverture",
        "tie": "Égalité à {roll} : on relance",
        "starts": "{name} commence ({high} contre {low})",
        "ring": "anneau",
        "diamond": "losange",
        "red_face": "face rouge",
        "red_key": "= a atteint son but final",
        "alt_player": "{name} (jetons {colour} à {mark}, rangée {row}) : {reserve} en réserve ; jetons perdus : "
        "{lost} ; jetons adverses livrés : {delivered} ; prisonniers retenus : {held}.",
        "alt_towers": "Plateau, jeton du dessus en premier : {list}.",
        "alt_empty": "Le plateau est vide.",
        "alt_to_move": "À {name} de jouer, dé : {roll}.",
        "alt_to_roll": "À {name} de lancer le dé.",
        "alt_opening": "Dés d'ouverture : {rolls}.",
    },
}
TOKEN_COLOURS: Final = {
    "standard": {"en": ("orange", "blue"), "fr": ("orange", "bleu")},
    "contrast": {"en": ("white", "black"), "fr": ("blanc", "noir")},
}


# Sprites.


def token_sprite(seat: int, red: bool, diameter: int) -> Image.Image:
    """Seat ``seat``'s token seen from above, ``diameter`` pixels wide, with its shadow (square sprite).

    Blue face: the seat's inlay (ring or diamond) around the seat colour, on a round token. Red face: the
    same inlay with a red heart holding five cream dots, and a red rim squared off at the corners, so the
    face reads by its outline as well as its colour.
    """
    return _token_sprite(seat, red, diameter, palette())


@cache
def _token_sprite(seat: int, red: bool, diameter: int, palette_name: str) -> Image.Image:
    colour = seat_colour(seat)
    rim = mix(colour, INK, 0.4) if palette_name == "standard" else CONTRAST_RIM

    def paint(pen: Pen, c: float, r: float) -> None:
        if red:
            pen.rrect((c - r, c - r, c + r, c + r), r * 0.3, fill=RED)
            pen.rrect((c - r * 0.9, c - r * 0.9, c + r * 0.9, c + r * 0.9), r * 0.24, fill=rim)
        else:
            pen.circle(c, c, r, fill=CREAM)
            pen.circle(c, c, r * 0.9, fill=rim)
        pen.circle(c, c, r * 0.8, fill=colour)
        paint_inlay(pen, seat, c, r * (0.58 if seat == 0 else 0.64), r * 0.42, RED if red else colour)
        if red:
            d = r * 0.16
            for dx, dy in ((0, 0), (-d, -d), (d, -d), (-d, d), (d, d)):
                pen.circle(c + dx, c + dy, r * 0.075, fill=CREAM)

    return round_piece_sprite(diameter, paint, square_shadow=red)


def slice_sprite(seat: int, red: bool, height: int) -> Image.Image:
    """One token of a tower seen from the side: round ends for seat 0, pointed ends for seat 1; a red-faced
    token has a red core with cream dots."""
    return _slice_sprite(seat, red, height, palette())


@cache
def _slice_sprite(seat: int, red: bool, height: int, palette_name: str) -> Image.Image:
    w, h = SLICE_W + 2, height + 2
    colour = seat_colour(seat)
    # The edge sets each slice off the plinth: ink, or in the high-contrast palette the light rim that
    # comes out near black once the image is turned over (render.ur), around its white slices.
    edge = INK if palette_name == "standard" else CONTRAST_RIM

    def outline(inset: float) -> list[tuple[float, float]]:
        x0, y0, x1, y1 = 1 + inset, 1 + inset, w - 1 - inset, h - 1 - inset
        cy = (y0 + y1) / 2
        tip = min((y1 - y0) / 2, 6.0)
        return [(x0, cy), (x0 + tip, y0), (x1 - tip, y0), (x1, cy), (x1 - tip, y1), (x0 + tip, y1)]

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        if seat == 0:
            pen.rrect((1, 1, w - 1, h - 1), (h - 2) / 2, fill=edge)
            pen.rrect((1.8, 1.8, w - 1.8, h - 1.8), (h - 3.6) / 2, fill=colour)
        else:
            pen.poly(outline(0), fill=edge)
            pen.poly(outline(0.8), fill=colour)
        if red and height >= 5:
            inset_y = max(1.6, height * 0.22)
            pen.rrect((6, 1 + inset_y, w - 6, h - 1 - inset_y), 2, fill=RED)
            if height >= 8:
                for x in (w / 2 - 5, w / 2, w / 2 + 5):
                    pen.circle(x, h / 2, 1.3, fill=CREAM)
        elif red:
            pen.line([(6, h / 2), (w - 6, h / 2)], fill=RED, width=1.4)

    return supersampled((w, h), 4, paint)


@cache
def die_sprite(value: int, faded: bool, diameter: int = DIE_D, frame: Color = INK) -> Image.Image:
    """A d6 showing ``value`` (0 = blank); a 6 is crossed out in red, since it means "no move"."""
    pips = {
        1: [(0.5, 0.5)],
        2: [(0.28, 0.28), (0.72, 0.72)],
        3: [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
        6: [(0.3, 0.24), (0.7, 0.24), (0.3, 0.5), (0.7, 0.5), (0.3, 0.76), (0.7, 0.76)],
    }

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k * diameter)
        pen.rrect((0.02, 0.02, 0.98, 0.98), 0.16, fill=frame)
        pen.rrect((0.07, 0.07, 0.93, 0.93), 0.13, fill=CREAM)
        for x, y in pips.get(value, []):
            pen.circle(x, y, 0.085, fill=INK)
        if value == towers.NO_MOVE:
            pen.line([(0.16, 0.84), (0.84, 0.16)], fill=RED, width=0.09)

    sprite = supersampled((diameter, diameter), 4, paint)
    if value == 0:
        # Not rolled yet.
        draw_text(
            ImageDraw.Draw(sprite),
            (diameter / 2, diameter / 2),
            "?",
            font(max(SMALL_PX, diameter // 2), "Bold"),
            INK,
            "mm",
        )
    if faded:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 45 // 100))
    return sprite


# The static board.


def _goal_point(seat: int) -> tuple[float, float]:
    x, y = square_centre(f"{BOARD.lanes[seat]}6")
    return x - 12, y


def _paint_goal(pen: Pen, seat: int, tint: Color) -> None:
    """The final goal: a red-dotted marker pointing at A7 / C7, where tokens turn red."""
    gx, gy = _goal_point(seat)
    goal_edge = square_box(f"{BOARD.lanes[seat]}7")[0] - 6
    pen.line([(gx + 12, gy), (goal_edge - 12, gy)], fill=tint, width=4)
    arrow_head(pen, (goal_edge, gy), (1.0, 0.0), 13, tint)
    pen.circle(gx, gy, 11, fill=RED, outline=tint, width=3)
    for dx, dy in ((0, 0), (-3.5, -3.5), (3.5, -3.5), (-3.5, 3.5), (3.5, 3.5)):
        pen.circle(gx + dx, gy + dy, 1.4, fill=CREAM)


@cache
def _static_base(facing: Facing) -> Image.Image:
    """Everything static, drawn once per way the board faces its reader (no words but the coordinates)."""
    return lanes_layer(_paint_goal, lambda seat: token_sprite(seat, False, ICON_D))


# Dynamic parts.


def _untouched(state: State) -> bool:
    """True until the first token enters: the opening rolls are still worth showing."""
    return state.reserve == (towers.TOKENS, towers.TOKENS) and not any(state.board)


def _held(state: State, seat: int) -> tuple[int, int]:
    """How many opponent tokens ``seat`` holds in towers it tops, and how many of those are in its refuge."""
    held = refuge = 0
    refuge_square = towers.square_of(seat, towers.REFUGE)
    for square, stack in zip(towers.SQUARES, state.board, strict=True):
        if stack and stack[-1].owner == seat:
            n = sum(1 for t in stack if t.owner != seat)
            held += n
            if square == refuge_square:
                refuge += n
        elif stack and square == refuge_square:
            # Prisoners left alone in the refuge stay captured.
            n = sum(1 for t in stack if t.owner != seat)
            held += n
            refuge += n
    return held, refuge


def _move_path(notation: str, seat: int | None) -> list[tuple[float, float]] | None:
    """The arrow of a token move along its track, or None when the notation is not a full move."""
    read = read_lane_move(_MOVE, notation, seat)
    if read is None:
        return None
    frm, to, seat = read
    a = 0 if frm == "IN" else towers.POSITIONS[seat].get(frm)
    b = towers.POSITIONS[seat].get(to)
    if a is None or b is None or a == b:
        return None
    if a == 0:
        points = [entry_point(seat)] + [square_centre(towers.square_of(seat, p)) for p in range(1, b + 1)]
    else:
        step = 1 if b > a else -1
        points = [square_centre(towers.square_of(seat, p)) for p in range(a, b + step, step)]
    if len(points) > 2 and len({round(y) for _, y in points}) == 1:
        # Along one row, the arrow runs in the gutter under it, not through the towers between.
        (xa, y), (xb, _) = points[0], points[-1]
        lowest = max(square_centre("A1")[1], square_centre("C1")[1])  # row C, or row A on a turned board
        gutter = y + (TILE + GUTTER) / 2 if y < lowest - 1 else y - (TILE + GUTTER) / 2
        points = [(xa, y), (xa, gutter), (xb, gutter), (xb, y)]
    return stop_short(points, TOP_D / 2 + 6)


@cache
def _plinth_sprite() -> Image.Image:
    """The dark backing behind a tower's side view, so the slices stand out from the inlay."""
    w, h = COLUMN_W, COLUMN_SPAN + 8

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        Pen(draw, k).rrect((0.5, 0.5, w - 0.5, h - 0.5), 7, fill=(*INK, 240))

    return supersampled((w, h), 3, paint)


@cache
def _bars_sprite(diameter: int) -> Image.Image:
    """Prison bars over a token left in the other player's refuge: it is a prisoner, not a free token."""
    size = diameter + 8

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k)
        c = size / 2
        for dx in (-0.28, 0.0, 0.28):
            x = c + dx * diameter
            half = math.sqrt(max(0.0, (diameter / 2) ** 2 - (dx * diameter) ** 2)) - 2
            pen.line([(x, c - half), (x, c + half)], fill=INK, width=7)
            pen.line([(x, c - half + 1), (x, c + half - 1)], fill=SHELL, width=3.5)

    return supersampled((size, size), 3, paint)


def _pitch(n: int) -> float:
    return min(SLICE_PITCH, COLUMN_SPAN / n)


def slice_centre(square: str, n: int, i: int) -> tuple[float, float]:
    """Centre of the slice of the ``i``-th token from the bottom of a tower of ``n`` on ``square``."""
    x0, y0, _, _ = square_box(square)
    pitch = _pitch(n)
    bottom = y0 + TILE / 2 + COLUMN_SPAN / 2
    return x0 + TILE - 4 - COLUMN_W / 2, bottom - i * pitch - pitch / 2


def top_centre(square: str, n: int) -> tuple[float, float]:
    """Centre of the full piece showing the top token of a tower of ``n`` on ``square``."""
    if n == 1:
        return square_centre(square)
    x0, y0, _, _ = square_box(square)
    return x0 + (TILE - COLUMN_W - 4) / 2, y0 + 40


def _draw_tower(canvas: Image.Image, draw: ImageDraw.ImageDraw, square: str, stack: tuple[Token, ...]) -> None:
    top = stack[-1]
    n = len(stack)
    captive = square not in towers.POSITIONS[top.owner]
    centre = top_centre(square, n)
    if n > 1:
        _, y0, _, _ = square_box(square)
        paste(canvas, _plinth_sprite(), (slice_centre(square, n, 0)[0], y0 + TILE / 2))
        height = max(3, round(_pitch(n) - 1.5))
        for i, token in enumerate(stack):
            paste(canvas, slice_sprite(token.owner, token.red, height), slice_centre(square, n, i))
    diameter = PIECE_D if n == 1 else TOP_D
    paste(canvas, token_sprite(top.owner, top.red, diameter), centre)
    if captive:
        paste(canvas, _bars_sprite(diameter), centre)
    if n > 1:
        draw_badge(canvas, draw, (centre[0], centre[1] + 48), n, top.owner)


def _last_move_text(state: State, ctx: BoardContext, names: tuple[str, str]) -> str | None:
    if not ctx.last_move:
        return None
    words = WORDS[ctx.language]
    notation = ctx.last_move.strip()
    if m := _OPEN.fullmatch(notation):
        seat = BOARD.lanes.index(m[1].upper())
        if seat == 0:
            return words["opened"].format(name=names[0], roll=m[2])
        if state.turn is None:
            return words["tie"].format(roll=m[2])
        a, c = state.opening
        if a is None or c is None:
            return None
        return words["starts"].format(name=names[state.turn], high=max(a, c), low=min(a, c))
    if m := _ROLL.fullmatch(notation):
        roller = ctx.last_mover
        if roller is None and state.turn is not None:
            roller = state.turn if state.roll is not None else 1 - state.turn
        if roller is None or (state.roll is not None and state.turn == roller):
            return None  # the roll waiting to be played: the status line says it
        key = "no_move" if int(m[1]) == towers.NO_MOVE else "passes"
        return words[key].format(name=names[roller], roll=m[1])
    who = f"{names[ctx.last_mover]} · " if ctx.last_mover in (0, 1) else ""
    return f"{who}{notation}"


def _status(state: State, ctx: BoardContext, names: tuple[str, str]) -> tuple[str, str, int | None]:
    opener = 0 if state.opening[0] is None else 1
    return status_line(WORDS[ctx.language], names, Stand.of(state, ctx), opener=opener)


def _draw_header(canvas: Image.Image, draw: ImageDraw.ImageDraw, state: State, ctx: BoardContext) -> None:
    names = BOARD_IMAGE.names(ctx)
    show_opening = outcome_of(state.outcome(), ctx) is None and (state.turn is None or _untouched(state))
    dice_left = DIE_X - (2 * (OPEN_D + 40) + 20 if show_opening else 0)
    status = _status(state, ctx, names)
    if not draw_status(canvas, draw, status, lambda s: token_sprite(s, False, STATUS_ICON_D), dice_left - 24):
        return
    if outcome_of(state.outcome(), ctx) is not None:
        return
    if show_opening:
        # The two opening rolls, each beside its player's token.
        for i, value in enumerate(state.opening):
            ox = dice_left + i * (OPEN_D + 40)
            paste(canvas, token_sprite(i, False, 30), (ox + 14, DIE_Y + DIE_D / 2))
            frame = mix(seat_tint(i), INK, 0.2)
            paste(
                canvas, die_sprite(value or 0, value is None, OPEN_D, frame), (ox + 34 + OPEN_D / 2, DIE_Y + DIE_D / 2)
            )
    if state.turn is not None:
        roll = state.roll
        faded = roll is None
        if roll is None and ctx.last_move and (m := _ROLL.fullmatch(ctx.last_move.strip())):
            roll = int(m[1])
        paste(canvas, die_sprite(roll or 0, faded), (DIE_X + DIE_D / 2, DIE_Y + DIE_D / 2))


def _draw_panel(canvas: Image.Image, draw: ImageDraw.ImageDraw, state: State, ctx: BoardContext, seat: int) -> None:
    words = WORDS[ctx.language]
    held, _ = _held(state, seat)
    other = 1 - seat
    delivered = state.removed[other]

    def counts(key: str) -> list[Stat]:
        stats = [
            Stat(token_sprite(seat, False, STAT_D), str(state.reserve[seat]), words["reserve"]),
            Stat(
                token_sprite(other, False, STAT_D),
                str(delivered),
                plural(ctx.language, delivered, words[f"{key}_one"], words[key]),
            ),
        ]
        if held:
            stats.append(Stat(_prisoner_icon(other), str(held), words["prisoner" if held == 1 else "prisoners"]))
        return stats

    # "3 delivered" beside the other seat's token read as this player's score: the words say whose tokens
    # they are, unless a third count (the prisoners) leaves no room, where the bare word comes back.
    stats = counts("theirs_delivered")
    if stats_width(stats, 12.0) > STATS_ROOM:
        stats = counts("delivered")
    # Who is ahead, and why (issue 39): a captured token becomes a prisoner under its captor, and one carried
    # into the final goal is delivered; all ten captured, delivered or held, win. "3 delivered" beside
    # "2 prisoners" did not say that both count, nor toward what.
    taken = delivered + held
    tally = words["captured"].format(n=taken, all=towers.TOKENS)
    status = (winner_of(outcome_of(state.outcome(), ctx)), state.turn)
    names = (BOARD_IMAGE.names(ctx)[seat], words["player"].format(n=seat + 1))
    draw_panel(canvas, draw, seat, status, names, stats, you_word(ctx, seat, words), tally)


def _prisoner_icon(seat: int) -> Image.Image:
    """A token of ``seat`` behind bars: the prisoners a player holds."""
    return _prisoner_icon_for(seat, palette())


@cache
def _prisoner_icon_for(seat: int, palette_name: str) -> Image.Image:
    token = token_sprite(seat, False, STAT_D).copy()
    bars = _bars_sprite(STAT_D - 8)
    token.paste(bars, ((token.width - bars.width) // 2, (token.height - bars.height) // 2), bars)
    return token


def _mark_at(state: State, square: str) -> tuple[float, float]:
    """A tower's mark goes on the upper left corner of its square, over the edge of its top token (its
    height's badge is down left); a lone token's at the square's lower left like every Ur board's."""
    stack = dict(zip(towers.SQUARES, state.board, strict=True)).get(square, ())
    if len(stack) < 2:
        return mark_corner(square)
    x0, y0, _, _ = square_box(square)
    return x0 + MARK_D / 2 - 18, y0 + MARK_D / 2 - 18


_LANES: Final = Lanes(
    _static_base,
    _MOVE,
    _move_path,
    draw_arrow,
    lambda state: zip(towers.SQUARES, state.board, strict=True),
    _draw_tower,
    _draw_panel,
    _draw_header,
    _mark_at,
)


SAMPLES: Final = (
    ("rb A2=a,A4=aa,A8=caC,B3=cacA,B5=C,B7=cccA,C7=C 3,1 0,0 0 3 5/2", "B2xB3+1", 0, "en"),
    ("rb - 10,10 0,0 - - 4/-", "open:A4", None, "fr"),
    ("rb A7=AA,B1=caa,B6=cA,C2=c,C8=cac 3,3 1,2 1 - 2/5", None, None, "en"),
    ("rb B6=cccacA 8,5 0,1 0 - 6/1", "roll:6", 1, "fr"),
)


def _palette(draw_board: DrawBoard) -> Image.Image:
    # Near twins merged: the busiest boards with their key of red-faced tokens were 0.5 KB under the phone's limit.
    keep = (*CONTRAST_SEATS, *CONTRAST_INLAY)
    return sample_palette(draw_board, towers.from_text, _MOVE, SAMPLES, keep=keep, merge=PALETTE_MERGE)


# Alt text.


def _token_word(token: Token, lang: str, palette: str) -> str:
    colour = TOKEN_COLOURS.get(palette, TOKEN_COLOURS["standard"])[lang][token.owner]
    return f"{colour} {WORDS[lang]['red_face']}" if token.red else colour


def _alt_towers(state: State, lang: str, palette: str) -> str:
    words = WORDS[lang]
    items = []
    for square, stack in zip(towers.SQUARES, state.board, strict=True):
        if not stack:
            continue
        runs: list[tuple[str, int]] = []
        for token in reversed(stack):
            word = _token_word(token, lang, palette)
            if runs and runs[-1][0] == word:
                runs[-1] = (word, runs[-1][1] + 1)
            else:
                runs.append((word, 1))
        listed = " / ".join(f"{w} ×{n}" if n > 1 else w for w, n in runs)
        items.append(f"{square} ({len(stack)}): {listed}" if len(stack) > 1 else f"{square}: {listed}")
    if not items:
        return words["alt_empty"]
    return words["alt_towers"].format(list="; ".join(items))


def _alt_details(state: State, seat: int) -> dict[str, object]:
    return {
        "row": BOARD.lanes[seat],
        "reserve": state.reserve[seat],
        "lost": state.removed[seat],
        "delivered": state.removed[1 - seat],
        "held": _held(state, seat)[0],
    }


def _alt(state: State, ctx: BoardContext, words: dict[str, str], names: tuple[str, str]) -> AltText:
    """Alt text: each player's counts, every tower from the top down, the last move and whose turn it is.

    The towers come after the players: when the text is too long, they are what gets shortened."""
    stand = Stand.of(state, ctx)
    notes = []
    if (state.turn is None or _untouched(state)) and stand.outcome is None:
        rolls = ", ".join(f"{names[s]} {'–' if v is None else v}" for s, v in enumerate(state.opening))
        notes.append(words["alt_opening"].format(rolls=rolls))
    opener = words["alt_to_roll"].format(name=names[0 if state.opening[0] is None else 1])
    return AltText(
        intro=(words["title"] + ".",),
        players=player_sentences(words, ctx, names, lambda seat: _alt_details(state, seat)),
        last=_last_move_text(state, ctx, names),
        ending=(whose_turn(words, names, stand, nobody=opener),),
        notes=notes,
        board=_alt_towers(state, ctx.language, ctx.palette),
    )


def _touched(state: State, notation: str) -> tuple[str, ...]:
    """The squares a move touched, read in the position before it: from (unless entering) and to.

    Chance outcomes touch nothing, and a notation that is not a legal move there gives no highlight.
    """
    return touched_squares(notation, (_ROLL, _OPEN), state.parse_move, state.squares_of, Move)


RED_KEY_H: Final = SMALL_PX + 34
"""Height of the key line under the board that says what a red-faced token is."""


def _draw(state: State, ctx: BoardContext, faced: Facing) -> Image.Image:
    """The board and, while a red-faced token is on it, a key line under it: that token, of each side that has
    one, ``= reached its final goal``. Its red heart is the board's only sign of that, and a newcomer could not
    tell it from the blue face (issue 39); the turn post's note says what the token may then do."""
    canvas = _LANES.draw(state, ctx, faced)
    sides = sorted({token.owner for stack in state.board for token in stack if token.red})
    if not sides:
        return canvas
    keyed = Image.new("RGB", (canvas.width, canvas.height + RED_KEY_H), canvas.getpixel((0, canvas.height - 1)))
    keyed.paste(canvas, (0, 0))
    draw = ImageDraw.Draw(keyed)
    x = PANEL_X0 + 22.0 + ICON_D / 2
    y = canvas.height + RED_KEY_H / 2 - 10
    for seat in sides:
        paste(keyed, token_sprite(seat, True, ICON_D), (x, y))
        x += ICON_D + 8
    draw_text(draw, (x - ICON_D / 2 + 8, y), WORDS[ctx.language]["red_key"], font(SMALL_PX, "Semibold"), CREAM, "lm")
    return keyed


BOARD_IMAGE: Final = RuleSetBoard(State, "Ravensburger Ur", WORDS, _draw, _alt, _touched, _palette, INLAYS)
RENDERER: Final = BOARD_IMAGE.renderer()
render: Final = RENDERER.render
describe: Final = RENDERER.describe
highlights: Final = RENDERER.highlights
