"""The Royal Game of Ur as an image: the British Museum board with its inlaid motifs, the pieces, the dice.

Layout, top to bottom: the status line (whose turn, the roll) with the three dice; seat 0's panel (name,
then its row, pieces waiting, pieces off); the board with row A on top, so seat 0's lane sits next to
its panel; seat 1's panel under row C (in seat 0's own view the board is turned: see
:func:`render.ur.kit.facing`). Coordinates run around the board so players can type moves, and small
chevrons in the joints between squares trace the path.

Everything that never changes (the board, the motifs, the coordinates, the panels' ground) is drawn once
per facing, supersampled for smooth curves; so are the sprites (pieces, dice, outlines). A render copies
that image, pastes sprites, writes the text, and maps the result onto a palette computed once, which
keeps encoding quick and the PNG small.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.base import GameError
from games.ur import race
from games.ur.board import BOARD
from render.common import BoardContext, Color, Pen, outcome_of
from render.ur.alt import AltText, on_squares, player_sentences, race_counts, whose_turn
from render.ur.kit import (
    CONTRAST_INLAY,
    CONTRAST_SEATS,
    DRAWN_FIRST,
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
    draw_arrow,
    draw_badge,
    draw_race_panel,
    draw_stack,
    draw_status,
    entry_point,
    exit_point,
    lanes_layer,
    paste,
    piece_sprite,
    pyramid_die,
    race_move_text,
    read_lane_move,
    sample_palette,
    square_box,
    square_centre,
    status_line,
    stop_short,
    touched_squares,
)
from render.ur.rule_set import DrawBoard, RuleSetBoard
from render.ur.stand import Stand

DIE_W: Final = 64
DIE_H: Final = 62
DICE_X: Final = PANEL_X1 - 3 * DIE_W - 2 * 12
DICE_Y: Final = (HEADER_H - DIE_H) // 2


_ROLL = re.compile(r"roll:?([0-3])", re.IGNORECASE)

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        **SHARED_WORDS["en"],
        **RACE_WORDS["en"],
        "title": "Royal Game of Ur",
        # Alt text.
        "alt_player": "{name} ({colour} {mark} pieces, row {row}): {waiting} waiting, {board}, {off} off.",
    },
    "fr": {
        **SHARED_WORDS["fr"],
        **RACE_WORDS["fr"],
        "title": "Jeu royal d'Ur",
        "alt_player": "{name} (pions {colour} à {mark}, rangée {row}) : {waiting} en réserve, {board}, {off} {out}.",
    },
}


def _die_sprite(marked: bool, faded: bool) -> Image.Image:
    """A four-tipped die seen from the side, its tip white when ``marked``."""
    return pyramid_die(DIE_W, DIE_H, (252, 248, 236) if marked else None, 0.42, 45 if faded else 100)


def _paint_exit(pen: Pen, seat: int, tint: Color) -> None:
    """The exit marker of ``seat``: an arrow from the end of its lane out to a double bar."""
    xx, xy = exit_point(seat)
    source = square_box(f"{BOARD.lanes[seat]}7")[0] - 6
    pen.line([(source, xy), (xx + 16, xy)], fill=tint, width=4)
    arrow_head(pen, (xx + 4, xy), (-1.0, 0.0), 13, tint)
    pen.line([(xx, xy - 13), (xx, xy + 13)], fill=tint, width=4)
    pen.line([(xx - 7, xy - 13), (xx - 7, xy + 13)], fill=tint, width=2)


@cache
def _static_base(facing: Facing) -> Image.Image:
    """Everything static, drawn once per way the board faces its reader (the board has no words but its
    coordinates, the same in every language); each render starts from a copy of it."""
    return lanes_layer(_paint_exit, lambda seat: piece_sprite(seat, ICON_D))


# Dynamic parts.


def _move_path(notation: str, seat: int | None) -> list[tuple[float, float]] | None:
    """The arrow of a piece move along its path, or None when the notation is not a full move."""
    read = read_lane_move(RACE_MOVE, notation, seat)
    if read is None:
        return None
    frm, to, seat = read
    try:
        a = 0 if frm == "IN" else race.position_of(seat, frm)
        b = race.OFF if to == "OFF" else race.position_of(seat, to)
    except GameError:
        return None
    if not 0 <= a < b <= race.OFF:
        return None
    points = [entry_point(seat) if a == 0 else square_centre(race.square_of(seat, a))]
    points += [square_centre(race.square_of(seat, p)) for p in range(a + 1, min(b, race.PATH_LENGTH) + 1)]
    if b == race.OFF:
        # End just short of the exit bar so it stays visible under the arrowhead.
        ex, ey = exit_point(seat)
        points.append((ex + 10, ey))
    else:
        stop_short(points, PIECE_D / 2 + 4)
    return points


def _draw_square_pieces(canvas: Image.Image, draw: ImageDraw.ImageDraw, square: str, seats: list[int]) -> None:
    cx, cy = square_centre(square)
    counts = [seats.count(0), seats.count(1)]
    present = [s for s in (0, 1) if counts[s]]
    if len(present) == 1:
        seat = present[0]
        draw_stack(canvas, draw, piece_sprite(seat, PIECE_D), square, counts[seat], seat)
        return
    # Both colours on the shared rosette: one piece each, seat 0 up-left like its lane, each with
    # its count on the outer side so neither piece hides the other's badge.
    centres = ((cx - 0.2 * TILE, cy - 0.2 * TILE), (cx + 0.2 * TILE, cy + 0.2 * TILE))
    for seat in (0, 1):
        paste(canvas, piece_sprite(seat, PAIR_D), centres[seat])
    for seat, side in ((0, 1), (1, -1)):
        if counts[seat] > 1:
            x, y = centres[seat]
            draw_badge(canvas, draw, (x + side * (PAIR_D / 2 - 2), y - side * (PAIR_D / 2 - 4)), counts[seat], seat)


def _status(state: race.State, ctx: BoardContext, names: tuple[str, str]) -> tuple[str, str, int | None]:
    return status_line(WORDS[ctx.language], names, Stand.of(state, ctx))


def _last_move_text(state: race.State, ctx: BoardContext, names: tuple[str, str]) -> str | None:
    if not ctx.last_move:
        return None
    words = WORDS[ctx.language]
    notation = ctx.last_move.strip()
    mover = ctx.last_mover
    if m := _ROLL.fullmatch(notation):
        roller = mover if mover is not None else state.turn if state.roll is not None else None
        if roller is None and state.turn is not None:
            roller = 1 - state.turn
        if roller is None:
            return None
        if state.roll is not None and state.turn == roller:
            # The roll waiting to be played: the status line already says it.
            return None
        return words["passes"].format(name=names[roller], roll=m[1])
    return race_move_text(words, notation, mover, names)


def _draw_header(canvas: Image.Image, draw: ImageDraw.ImageDraw, state: race.State, ctx: BoardContext) -> None:
    names = BOARD_IMAGE.names(ctx)
    if not draw_status(canvas, draw, _status(state, ctx, names), lambda s: piece_sprite(s, STATUS_ICON_D), DICE_X - 24):
        return
    # The dice: the current roll, or faded while the next throw is awaited.
    roll = state.roll
    faded = roll is None
    if roll is None and ctx.last_move and (m := _ROLL.fullmatch(ctx.last_move.strip())):
        roll = int(m[1])
    shown_roll = roll or 0
    if outcome_of(state.outcome(), ctx) is None and state.turn is not None:
        for i in range(3):
            sprite = _die_sprite(i < shown_roll, faded)
            canvas.paste(sprite, (DICE_X + i * (DIE_W + 12), DICE_Y), sprite)


def _draw_panel(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, state: race.State, ctx: BoardContext, seat: int
) -> None:
    draw_race_panel(canvas, draw, state, seat, ctx, WORDS[ctx.language], _off_sprite(seat))


def _off_sprite(seat: int) -> Image.Image:
    """A piece borne off, for the panel's count: the seat's piece (the exit bar says where it went)."""
    return piece_sprite(seat, STAT_D)


_LANES: Final = Lanes(
    _static_base,
    RACE_MOVE,
    _move_path,
    draw_arrow,
    lambda state: ((square, state.occupant(square)) for square in BOARD.squares),
    _draw_square_pieces,
    _draw_panel,
    _draw_header,
)


def _palette(draw_board: DrawBoard) -> Image.Image:
    # Representative renders in both languages: every sprite, both seats, highlights, dice, text.
    return sample_palette(
        draw_board,
        race.from_text,
        RACE_MOVE,
        (
            ("v2 0:A4,B4,B4+1 1:C2,B4,B8,C7,C7+2 0 3", "C1-B4", 1, "en"),
            ("v2 0:A1,B2,A8+3 1:C3,B6,B7+1 1 2", "in-A3", 0, "fr"),
            ("v2 0:-+7 1:C7,B1+4 1 -", "A7-off", 0, "en"),
            ("v2 0:- 1:- - -", None, None, "fr"),
        ),
        keep=(*CONTRAST_SEATS, *CONTRAST_INLAY),
    )


# Alt text.


def _alt_pieces(state: race.State, seat: int, lang: str) -> str:
    squares = [race.square_of(seat, p) for p in state.pieces[seat] if 0 < p < race.OFF]
    listed = []
    for sq in dict.fromkeys(squares):
        n = squares.count(sq)
        listed.append(f"{sq} ({n})" if n > 1 else sq)
    return on_squares(WORDS[lang], listed, len(squares))


def _alt_details(state: race.State, seat: int, lang: str) -> dict[str, object]:
    return {"row": BOARD.lanes[seat], **race_counts(state, seat, _alt_pieces(state, seat, lang))}


def _alt(state: race.State, ctx: BoardContext, words: dict[str, str], names: tuple[str, str]) -> AltText:
    """Alt text of the board: each player's pieces, the last move and whose turn it is."""
    return AltText(
        intro=(words["title"] + ".",),
        players=player_sentences(words, ctx, names, lambda seat: _alt_details(state, seat, ctx.language)),
        last=_last_move_text(state, ctx, names),
        ending=(whose_turn(words, names, Stand.of(state, ctx)),),
    )


def _touched(state: race.State, notation: str) -> tuple[str, ...]:
    """The squares a move touched, read in the position before it: from and to, as far as they exist.

    Entering has only a destination, bearing off only a source; chance outcomes (``roll:2``,
    ``first:A``) touch nothing. A notation that does not read as a legal move in ``state``
    gives no highlight rather than an error, since a missing outline is harmless.
    """
    return touched_squares(notation, (_ROLL, DRAWN_FIRST), state.parse_move, state.squares_of, race.Move)


BOARD_IMAGE: Final = RuleSetBoard(race.State, "Ur", WORDS, _LANES.draw, _alt, _touched, _palette, INLAYS)
RENDERER: Final = BOARD_IMAGE.renderer()
render: Final = RENDERER.render
describe: Final = RENDERER.describe
highlights: Final = RENDERER.highlights
