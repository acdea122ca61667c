"""Subulata as an image: the pond of nine tiles, the grasshoppers of both sides and, when allowed, their values.

Drawn for a phone's message column (about 265 CSS px wide): 1000 px wide and portrait, every text at
least 46 px (12 CSS px there), nothing shortened. Top to bottom: the status line (whose turn, or the
set-up); the far side's panel; the square 9×9 board with its coordinates; the key in words ("A piece on
[waves] moves 1 cell, [flower] 2, [leaf] 3": a bare digit beside a swatch said nothing to a newcomer; which
way each colour moves, and that backward is for captures only); the near side's panel. White sits at the
bottom (a1 bottom left); on Black's own view the board is turned round, so each player's side faces them,
and their panel reads "you".

Each cell shows its terrain by colour and by a symbol (waves, a five-petal flower, a leaf) in its upper
left corner, some 48 px across (12.5 CSS px on a phone), the piece standing down and right of it; never by a
digit: the only digit on a cell is a piece's value (a player's own pieces on their private image, every
piece once the game is over) or, on a public board, the mark of a move button (``ctx.marks``), drawn on
a badge. The two corner tiles where the sides start and arrive are framed in gold. White pieces are
light discs, Black pieces dark hexagons: they differ in lightness and shape. ``ctx.palette`` chooses
the standard or the high-contrast colours (:mod:`render.subulata_art`).

The last move is outlined from ``ctx.highlights`` (its words are in the post); the alt text tells it
after :func:`games.subulata.public_notation`, so a set-up's values never reach a public image.

The static part of an image (backdrop, frames, coordinates, legend, panel frames) depends only on the
side facing the reader and the palette, and is cached; the terrain is pasted on it from one cell sprite
per terrain (drawn once per process), so a match's first board, on a layout never seen, costs about as
much as any other. A render pastes cached piece sprites, writes a few words and maps the image onto a
palette computed once.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache, partial
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from games.subulata.state import (
    CELLS,
    SIZE,
    START_TILE,
    Layout,
    State,
    View,
    cell_index,
    cell_name,
    from_text,
    public_notation,
    terrain_map,
)
from render.common import (
    INK,
    BoardContext,
    GameRenderer,
    PaletteSheet,
    build_palette,
    clean_text,
    draw_text,
    encode_png,
    expect_view,
    fit_text,
    font,
    paste_targets,
    player_names,
    plural,
    rounded_box,
)
from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS
from render.palettes import Sampler, shipped
from render.subulata_art import (
    EMPTY_CELL,
    GOLD,
    PIECE_FILL,
    SEAT_SHAPES,
    STANDARD,
    THEMES,
    Theme,
    badge_sprite,
    cell_sprite,
    paste,
    piece_sprite,
    swatch_sprite,
)

GAME_ID: Final = "subulata"

# Geometry, in pixels of the final image.
WIDTH: Final = 1000
TEXT_PX: Final = -(-WIDTH * PHONE_MIN_CSS // PHONE_COLUMN_CSS)
"""The smallest text: 46 px, 12 CSS px once the image is shown in a phone's 265 px column."""
NAME_PX: Final = TEXT_PX + 2
HEADLINE_PX: Final = TEXT_PX + 8
VALUE_PX: Final = TEXT_PX + 6
CELL: Final = 98
GAP: Final = 8
"""The gap between two tiles, so the nine tiles read as tiles."""
BOARD_SPAN: Final = SIZE * CELL + 2 * GAP
BOARD_X: Final = 62
HEADER_H: Final = 76
PANEL_H: Final = 112
PANEL_X0: Final = 16
PANEL_X1: Final = WIDTH - 16
TOP_PANEL_Y: Final = HEADER_H
BOARD_Y: Final = TOP_PANEL_Y + PANEL_H + 28
LETTERS_Y: Final = BOARD_Y + BOARD_SPAN + 42
KEY_Y: Final = LETTERS_Y + 64
"""The middle of the key's line under the column letters: how far a piece moves from each terrain."""
KEY_SWATCH: Final = 52
WAYS_Y: Final = KEY_Y + 60
"""The middle of the first of the key's three lines under it: which way each colour moves, and that a move the
other way must capture."""
WAYS_STEP: Final = 54
WAYS_LINES: Final = 3
BOTTOM_PANEL_Y: Final = WAYS_Y + (WAYS_LINES - 1) * WAYS_STEP + 40
HEIGHT: Final = BOTTOM_PANEL_Y + PANEL_H + 12
ICON_D: Final = 56
PIECE_D: Final = 62
PIECE_OFFSET: Final = 14
"""Where a piece stands from its cell's centre: down and right, clear of the terrain symbol's corner."""
SYMBOL_AT: Final = 27
"""The terrain symbol's centre, from the cell's upper left corner."""
BADGE_D: Final = 50
SCALE: Final = 3

TERRAIN_COLOURS: Final = STANDARD.terrain

_MOVE: Final = re.compile(r"\s*([a-i][1-9])\s*[-x]\s*([a-i][1-9])\s*", re.IGNORECASE)

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "colour": "White|Black",
        "shape": "round|hexagonal",
        "player": "Player {n}",
        "layout": "Drawing the tiles",
        "setup": "Secret set-up",
        "setup_waiting": "placing pieces in secret",
        "setup_drawing": "drawing pieces at random",
        "setup_done": "pieces placed",
        "to_move": "{colour} to move",
        "your_turn": "Your turn",
        "wins": "{colour} wins {a}–{b}",
        "you_win": "You win {a}–{b}",
        "wins_off": "{colour} wins",
        "you_win_off": "You win",
        "draw": "Draw {a}–{b}",
        "you": "{name} (you)",
        "start": "from {tile} to {goal}",
        "pieces": "{n} {n:p:piece|pieces}",
        "captures": "{n} {n:p:capture|captures}",
        "lost": "lost {values}",
        "score": "score {n}: {home} home + {captures} {captures:p:capture|captures}",
        # Alt text.
        "wins_alt": "{name} wins {a}–{b}",
        "wins_off_alt": "{name} wins",
        "to_move_alt": "{name} ({colour}) to move",
        "last": "Last move: {text}",
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
        "key": "A piece on|moves 1 cell,|2,|3",
        "ways": "White moves up or right|Black moves down or left|Backward only to capture",
    },
    "fr": {
        "colour": "Blanc|Noir",
        "shape": "ronds|hexagonaux",
        "player": "Joueur {n}",
        "layout": "Tirage des tuiles",
        "setup": "Mise en place secrète",
        "setup_waiting": "place ses pions en secret",
        "setup_drawing": "pions tirés au hasard",
        "setup_done": "pions placés",
        "to_move": "{colour} joue",
        "your_turn": "À vous de jouer",
        "wins": "{colour} gagne {a}–{b}",
        "you_win": "Vous gagnez {a}–{b}",
        "wins_off": "{colour} gagne",
        "you_win_off": "Vous gagnez",
        "draw": "Égalité {a}–{b}",
        "you": "{name} (vous)",
        "start": "de {tile} vers {goal}",
        "pieces": "{n} {n:p:pion|pions}",
        "captures": "{n} {n:p:capture|captures}",
        "lost": "perdus {values}",
        "score": "score {n} : {home} arrivés + {captures} {captures:p:capture|captures}",
        "wins_alt": "{name} gagne {a}–{b}",
        "wins_off_alt": "{name} gagne",
        "to_move_alt": "À {name} ({colour}) de jouer",
        "last": "Dernier coup : {text}",
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
        "key": "Un pion sur|avance d'une case,|2,|3",
        "ways": "Blanc avance vers le haut ou la droite|Noir avance vers le bas ou la gauche|"
        "En arrière seulement pour prendre",
    },
}
TERRAIN_INDEX: Final = {"W": 0, "F": 1, "L": 2}
ALT_MAX: Final = 1000
ALT_NAME_MAX: Final = 40


def _word(lang: str, key: str, index: int) -> str:
    return WORDS[lang][key].split("|")[index]


def _say(lang: str, key: str, **fields: object) -> str:
    """``WORDS[lang][key]`` with its fields, ``{n:p:one|other}`` choosing the plural by the language."""
    text = WORDS[lang][key]
    for m in re.finditer(r"\{(\w+):p:([^|}]*)\|([^}]*)\}", text):
        count = fields[m[1]]
        assert isinstance(count, int)
        text = text.replace(m[0], plural(lang, count, m[2], m[3]))
    return text.format(**fields)


# Geometry helpers.


def cell_box(cell: int, turned: bool = False) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) of ``cell``; ``turned``: on a board turned round (Black's
    own view, i9 at the bottom left)."""
    x, y = cell % SIZE, cell // SIZE
    if turned:
        x, y = SIZE - 1 - x, SIZE - 1 - y
    row_from_top = SIZE - 1 - y
    left = BOARD_X + x * CELL + (x // 3) * GAP
    top = BOARD_Y + row_from_top * CELL + (row_from_top // 3) * GAP
    return left, top, left + CELL, top + CELL


def cell_centre(cell: int, turned: bool = False) -> tuple[float, float]:
    """The pixel centre of ``cell``."""
    x0, y0, x1, y1 = cell_box(cell, turned)
    return (x0 + x1) / 2, (y0 + y1) / 2


def piece_centre(cell: int, turned: bool = False) -> tuple[float, float]:
    """Where the piece on ``cell`` stands: a little down and right of the cell's centre."""
    cx, cy = cell_centre(cell, turned)
    return cx + PIECE_OFFSET, cy + PIECE_OFFSET


def _tile_box(position: int, turned: bool) -> tuple[int, int, int, int]:
    x, y = 3 * (position % 3), 3 * (position // 3)
    boxes = [cell_box((y + dy) * SIZE + x + dx, turned) for dy in (0, 2) for dx in (0, 2)]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _panel_y(seat: int, turned: bool) -> int:
    """The top of ``seat``'s panel: the side nearest the reader at the bottom."""
    near = 1 if turned else 0
    return BOTTOM_PANEL_Y if seat == near else TOP_PANEL_Y


# Static drawing.


@lru_cache(maxsize=4)
def _static_layer(turned: bool, theme_name: str) -> Image.Image:
    """What every board of that side and palette shares: the backdrop, the pond's frame, the panels' frames,
    the coordinates and the legend. Built from sprites, never from a board-sized supersampled canvas."""
    theme = THEMES[theme_name]
    base = Image.new("RGB", (WIDTH, HEIGHT), theme.backdrop)
    frame = rounded_box((BOARD_SPAN + 24, BOARD_SPAN + 24), 14, theme.frame, theme.muted, 3, SCALE)
    base.paste(frame, (BOARD_X - 12, BOARD_Y - 12), frame)
    panel = rounded_box((PANEL_X1 - PANEL_X0, PANEL_H), 14, theme.panel, theme.panel_edge, 2, SCALE)
    for y in (TOP_PANEL_Y, BOTTOM_PANEL_Y):
        base.paste(panel, (PANEL_X0, y), panel)
    draw = ImageDraw.Draw(base)
    coord = font(TEXT_PX, "Semibold")
    for x in range(SIZE):
        cx = cell_centre(x, turned)[0]
        draw_text(draw, (cx, LETTERS_Y), "abcdefghi"[x], coord, theme.muted, "mm")
    for y in range(SIZE):
        cy = cell_centre(y * SIZE, turned)[1]
        draw_text(draw, (BOARD_X - 34, cy), str(y + 1), coord, theme.muted, "mm")
    return base


BOARD_LAYERS_KEPT: Final = 4
"""Boards kept (:func:`_board_layer`), 4.7 MB each: every match draws its own layout, so a bot with a few Subulata
matches on the go fills them all; four cover a match's public and private boards drawn in a row and a live
table, and a miss costs some 6 ms (tests/test_kept_memory.py holds the bound)."""


@lru_cache(maxsize=BOARD_LAYERS_KEPT)
def _board_layer(layout: Layout | None, turned: bool, theme_name: str) -> Image.Image:
    """The board of ``layout`` with its coordinates and legend, without words.

    A new layout (each match draws its own) costs a copy of the static layer and some 80 pastes of cell
    sprites drawn once per terrain: some 3 ms, where supersampling the whole board took 200 ms, and a
    match's first post is the one a member waits for."""
    theme = THEMES[theme_name]
    terrain = "" if layout is None else terrain_map(layout)
    base = _static_layer(turned, theme_name).copy()
    for cell in range(CELLS):
        sprite = cell_sprite(terrain[cell] if terrain else None, CELL, SYMBOL_AT, theme_name)
        bx0, by0, _, _ = cell_box(cell, turned)
        base.paste(sprite, (bx0, by0))
    frame = rounded_box((3 * CELL + 8, 3 * CELL + 8), 8, None, theme.gold, 5, SCALE)
    for position in (START_TILE[0], START_TILE[1]):
        tx0, ty0, _, _ = _tile_box(position, turned)
        base.paste(frame, (tx0 - 4, ty0 - 4), frame)
    return base


def _draw_key(canvas: Image.Image, draw: ImageDraw.ImageDraw, lang: str, theme: Theme) -> None:
    """The key under the board: each terrain's swatch with how far a piece standing on it moves, in words,
    centred on the board; under it, which way each colour moves."""
    face = font(TEXT_PX, "Semibold")
    words = WORDS[lang]["key"].split("|")
    gap = 14.0
    width = sum(face.getlength(w) for w in words) + 3 * (KEY_SWATCH + 2 * gap)
    x = BOARD_X + BOARD_SPAN / 2 - width / 2
    for i, text in enumerate(words):
        x += draw_text(draw, (x, KEY_Y), text, face, theme.muted if i == 0 else theme.text, "lm")
        if i < 3:
            swatch = swatch_sprite("WFL"[i], KEY_SWATCH, theme.name)
            canvas.paste(swatch, (round(x + gap), round(KEY_Y - KEY_SWATCH / 2)), swatch)
            x += KEY_SWATCH + 2 * gap
    # How far, but not which way, left a newcomer trying moves that the bot refused; and a piece that may go
    # back only to take (issue 39) looked stuck to one who did not know it could capture behind it.
    for i, text in enumerate(WORDS[lang]["ways"].split("|")):
        draw_text(draw, (BOARD_X + BOARD_SPAN / 2, WAYS_Y + i * WAYS_STEP), text, face, theme.text, "mm")


# Rendering.


def _view(view: object) -> View:
    return expect_view(view, View, "Subulata", "games.subulata.View objects")


def _names(ctx: BoardContext) -> tuple[str, str]:
    return player_names(ctx, WORDS)


def _status(view: View, lang: str) -> tuple[str, int | None]:
    """The status line (no names: they are in the panels) and the seat whose piece leads it."""
    mine = view.viewer
    if view.outcome is not None:
        a, b = view.outcome.scores or (0, 0)
        if view.outcome.winners:
            w = view.outcome.winners[0]
            key = "you_win" if w == mine else "wins"
            # Won off the board (a resignation, on time): there is no score to tell.
            key = key if view.outcome.scores else f"{key}_off"
            return _say(lang, key, colour=_word(lang, "colour", w), a=max(a, b), b=min(a, b)), w
        return _say(lang, "draw", a=a, b=b), None
    if view.layout is None:
        return WORDS[lang]["layout"], None
    if view.turn is None:
        return WORDS[lang]["setup"], None
    if view.turn == mine:
        return WORDS[lang]["your_turn"], view.turn
    return _say(lang, "to_move", colour=_word(lang, "colour", view.turn)), view.turn


def _status_alt(view: View, names: tuple[str, str], lang: str) -> str:
    """The status for the alt text, with the players' names."""
    if view.outcome is not None and view.outcome.winners:
        a, b = view.outcome.scores or (0, 0)
        key = "wins_alt" if view.outcome.scores else "wins_off_alt"
        return _say(lang, key, name=names[view.outcome.winners[0]], a=max(a, b), b=min(a, b))
    if view.outcome is None and view.layout is not None and view.turn is not None:
        return _say(lang, "to_move_alt", name=names[view.turn], colour=_word(lang, "colour", view.turn))
    return _status(view, lang)[0]


def _fits(face: ImageFont.FreeTypeFont, room: float, *texts: str) -> str:
    """The first of ``texts`` that fits ``room`` (the last one shortened if none does)."""
    for text in texts:
        if face.getlength(text) <= room:
            return text
    return fit_text(texts[-1], face, room)


def _side_line(view: View, seat: int, lang: str) -> tuple[str, ...]:
    """What a panel says of a side under its name, longest form first."""
    colour = _word(lang, "colour", seat)
    if view.outcome is not None and view.outcome.scores:
        total = view.outcome.scores[seat]
        captures = view.captures[seat]
        line = _say(lang, "score", n=total, home=total - captures, captures=captures)
        return f"{colour} · {line}", line
    if view.layout is None:
        # Where the side starts and where it must go: the two gold-framed tiles, which nothing else names.
        tile, goal = ("a1–c3", "g7–i9") if seat == 0 else ("g7–i9", "a1–c3")
        return (f"{colour} · {_say(lang, 'start', tile=tile, goal=goal)}",)
    if view.turn is None:
        return (f"{colour} · {WORDS[lang]['setup_' + view.setup[seat]]}",)
    parts = [colour, _say(lang, "pieces", n=len(view.pieces[seat])), _say(lang, "captures", n=view.captures[seat])]
    if view.lost_values[seat]:
        lost = _say(lang, "lost", values=" ".join(map(str, view.lost_values[seat])))
        return " · ".join([*parts, lost]), " · ".join([*parts[1:], lost]), " · ".join(parts[1:])
    return " · ".join(parts), " · ".join(parts[1:])


def _draw_panel(
    draw: ImageDraw.ImageDraw, canvas: Image.Image, view: View, seat: int, names: tuple[str, str], lang: str, th: Theme
) -> None:
    turned = view.viewer == 1
    y = _panel_y(seat, turned)
    if view.outcome is None and view.turn == seat:
        draw.rounded_rectangle((PANEL_X0, y, PANEL_X1, y + PANEL_H), radius=14, outline=th.highlight, width=4)
    elif view.outcome is not None and seat in view.outcome.winners:
        draw.rounded_rectangle((PANEL_X0, y, PANEL_X1, y + PANEL_H), radius=14, outline=th.gold, width=5)
    paste(canvas, piece_sprite(seat, ICON_D, th.name), (PANEL_X0 + 18 + ICON_D / 2, y + PANEL_H / 2))
    x = PANEL_X0 + 36 + ICON_D
    room = PANEL_X1 - 18 - x
    name_face = font(NAME_PX, "Bold")
    name = clean_text(names[seat], name_face) or _say(lang, "player", n=seat + 1)
    if view.viewer == seat:
        name = _fits(name_face, room, _say(lang, "you", name=name), name)
    else:
        name = _fits(name_face, room, name)
    draw_text(draw, (x, y + 34), name, name_face, th.text, "lm")
    info_face = font(TEXT_PX, "Semibold")
    draw_text(draw, (x, y + 82), _fits(info_face, room, *_side_line(view, seat, lang)), info_face, th.muted, "lm")


def _draw_board(view: View, ctx: BoardContext) -> Image.Image:
    lang = ctx.language
    theme = THEMES.get(ctx.palette, STANDARD)
    turned = view.viewer == 1
    canvas = _board_layer(view.layout, turned, theme.name).copy()
    draw = ImageDraw.Draw(canvas)
    names = _names(ctx)
    # The status line, led by the piece of the side it speaks of.
    status, lead = _status(view, lang)
    big = font(HEADLINE_PX, "Bold")
    x = float(PANEL_X0 + 4)
    if lead is not None:
        paste(canvas, piece_sprite(lead, 48, theme.name), (x + 24, HEADER_H / 2))
        x += 60
    draw_text(draw, (x, HEADER_H / 2), fit_text(status, big, PANEL_X1 - x), big, theme.text, "lm")
    _draw_key(canvas, draw, lang, theme)
    for seat in (0, 1):
        _draw_panel(draw, canvas, view, seat, names, lang, theme)
    # The last move.
    for name in ctx.highlights:
        try:
            cell = cell_index(name.lower())
        except (ValueError, IndexError):
            continue
        bx0, by0, bx1, by1 = cell_box(cell, turned)
        draw.rectangle((bx0 + 1, by0 + 1, bx1 - 1, by1 - 1), outline=theme.highlight, width=6)
    # Pieces, with their values where the view holds them.
    value_face = font(VALUE_PX, "Bold")
    valued: set[int] = set()
    for seat in (0, 1):
        sprite = piece_sprite(seat, PIECE_D, theme.name)
        for cell, value in view.pieces[seat]:
            centre = piece_centre(cell, turned)
            paste(canvas, sprite, centre)
            if value is not None:
                valued.add(cell)
                draw_text(draw, (centre[0], centre[1] + 1), str(value), value_face, theme.piece_ink[seat], "mm")
    # The marks of the move buttons, on badges; never on a cell that already shows a value.
    mark_face = font(TEXT_PX, "Bold")
    badge = badge_sprite(BADGE_D, theme.name)
    for square, mark in ctx.marks:
        try:
            cell = cell_index(square.strip().lower())
        except (ValueError, IndexError):
            continue
        if cell in valued:
            continue
        bx0, by0, bx1, _ = cell_box(cell, turned)
        at = (bx1 - BADGE_D / 2 + 2, by0 + BADGE_D / 2 - 2)
        paste(canvas, badge, at)
        draw_text(draw, (at[0], at[1] + 1), mark, mark_face, INK, "mm")
    paste_targets(canvas, ctx.targets, lambda name: _target_corner(name, turned))
    return canvas


def _target_corner(name: str, turned: bool = False) -> tuple[float, float] | None:
    """Where a target dot goes on cell ``name``: its lower left corner, clear of the piece's middle."""
    try:
        x0, _, _, y1 = cell_box(cell_index(name.strip().lower()), turned)
    except (ValueError, IndexError):
        return None
    return x0 + 22, y1 - 22


def _sample_palette(theme: str) -> Image.Image:
    langs = ("en", "fr")
    samples = PaletteSheet(WIDTH, 2 * len(langs) * HEIGHT)  # each board onto the sheet as it is drawn
    for lang in langs:
        state = from_text(
            "subulata 10,20,30,40,50,60,70,80,90 a1=1,b1=2,c1=3,a2=4,b2=5,c2=6,a3=7,b3=8,c3=9/ "
            "g7=1,h7=2,i7=3,g8=4,h8=5,i8=6,g9=7,h9=8,i9=9/ 0"
        )
        assert isinstance(state, State)
        ctx = BoardContext(("Alice", "Bob"), "c2-c4", 0, ("c2", "c4"), lang, (("a1", "1"),), theme)  # type: ignore[arg-type]
        samples.add(_draw_board(state.view_for(0), ctx))
        samples.add(_draw_board(state.view_for(None), ctx))
    colours = THEMES[theme]
    keep = (EMPTY_CELL, colours.gold, colours.highlight, *colours.piece_fill, *colours.terrain.values())
    return build_palette(samples, keep=keep)


PALETTE_SAMPLERS: Final[dict[str, Sampler]] = {f"{GAME_ID}/{name}": partial(_sample_palette, name) for name in THEMES}
"""This board's palettes by key (one per theme), for :mod:`render.palettes`."""


@cache
def _palette(theme: str) -> Image.Image:
    key = f"{GAME_ID}/{theme}"
    return shipped(key, PALETTE_SAMPLERS[key])


def render(view: object, ctx: BoardContext) -> bytes:
    """The board of ``view`` as PNG bytes (deterministic, no metadata)."""
    return encode_png(_draw_board(_view(view), ctx), _palette(THEMES.get(ctx.palette, STANDARD).name))


def describe(view: object, ctx: BoardContext) -> str:
    """Alt text of the board in ``ctx.lang``: only what the view shows, never a hidden value."""
    v = _view(view)
    lang = ctx.language
    words = WORDS[lang]
    names = tuple(n if len(n) <= ALT_NAME_MAX else n[: ALT_NAME_MAX - 1] + "…" for n in _names(ctx))
    parts = [words["alt_board"], _status_alt(v, (names[0], names[1]), lang) + "."]
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


def seat_marks(view: object) -> tuple[str, ...]:
    """The shape of each side's pieces: White's discs, Black's hexagons."""
    _view(view)
    return SEAT_SHAPES


RENDERER: Final = GameRenderer(render=render, describe=describe, highlights=highlights, seat_marks=seat_marks)

__all__ = [
    "GAME_ID",
    "GOLD",
    "PIECE_FILL",
    "RENDERER",
    "TERRAIN_COLOURS",
    "cell_box",
    "cell_centre",
    "describe",
    "highlights",
    "piece_centre",
    "render",
    "seat_marks",
]
