"""Ultima-Tek as an image drawn for a phone's message column: the field of hexes turned a quarter turn
(portrait), the piece stacks, the bonus tokens, the disc and the score.

Every text reads at 12 CSS px once the 1024 px image is shown 265 CSS px wide (:mod:`render.lettering`):
40 px at least, nothing shortened. Layout, top to bottom: one row per player (their side's piece, their
name, or "You" on their own view, their hand as tokens, their score), the row of the side to act lit; the
status line (the phase of the turn, the action credits left as coins, the turn count); the field; the key
of the bonuses in play. The story of the turn is told by the post's words, not on the image.

A bonus token on the field is too small on a phone for its symbol to be read (some 11 CSS px across), so
the key says in words what each token is and where it lies: one line per kind face up, its token, its
plain name ("Throw 2 with a turn", not the rules' "Fly /") and the hexes it lies on; then the face-down
tokens' hexes. A player's own hidden kinds (hand and face down) are named by the words of their private
view, beside the image, rather than here: each line of words costs some 2.5 KB of PNG. The key grows and
shrinks with what is in play (the image's height with it): a kind that is nowhere has no line.

The field is drawn with the end zones at the top and the bottom: column a (blue's own end zone) at the
bottom on the public image and on blue's own, column i at the bottom on red's own, so that each player's
side faces them and they attack up the screen. Every hex carries its name (``c3``), the names the move
buttons use; the pieces a turn post's buttons move carry the buttons' letters (``BoardContext.marks``).
Blue pieces are round, red ones square: the sides differ in shape as well as colour.

What is drawn is only what the view holds. A face-down bonus is a blank dark token; on a player's private
image their own face-down bonuses and their hand show their kind on that dark back, which marks them as
still hidden from the opponent. The opponent's hand only shows its size. So re-dealing the hidden tokens
never changes a spectator's or the opponent's image. The last move goes through
:func:`games.ultimatek.public_notation` before it is read.

The static part (backdrop, field, hex names) depends only on the language, the facing and the
palette, and is cached; a render pastes cached sprites (:mod:`render.ultimatek_art`), writes a few words and
maps the image onto a palette computed once.
"""

from __future__ import annotations

import math
import re
from functools import cache, partial
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from games.base import Seat, Termination
from games.ultimatek import from_text, public_notation
from games.ultimatek.field import BY_NAME, HEXES, Hex
from games.ultimatek.view import PieceView, View
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
    PaletteSheet,
    Pen,
    build_palette,
    clean_text,
    draw_text,
    encode_png,
    expect_view,
    fit_text,
    font,
    mix,
    paste_targets,
    player_names,
    plural,
    supersampled,
    wrap_text,
)
from render.palettes import Sampler, shipped
from render.ultimatek_art import (
    BOARD_WIDTH,
    DISC_WHITE,
    KINDS,
    PIECE_DIGIT_PX,
    SIDE_SHAPES,
    TokenStyle,
    credit_sprite,
    disc_sprite,
    hexagon,
    paste,
    piece_base,
    piece_sprite,
    piece_top,
    side_colours,
    stop_marker,
    token_sprite,
)

GAME_ID: Final = "ultimatek"

# Geometry, in pixels of the final image.
WIDTH: Final = BOARD_WIDTH
TEXT_PX: Final = PIECE_DIGIT_PX
"""The smallest text: 12 CSS px once the image is shown 265 CSS px wide (:mod:`render.lettering`)."""
SCORE_PX: Final = TEXT_PX + 20
BANNER_PX: Final = TEXT_PX + 12
MARGIN: Final = 24
R: Final = 75.0
"""Circumradius of a hex (pointy-topped: R·√3 wide, 2R high)."""
SQ: Final = R * math.sqrt(3)
"""The width of a hex, and the distance between two hexes side by side."""
FIELD_W: Final = 6 * SQ
FIELD_X: Final = (WIDTH - FIELD_W) / 2
"""Left edge of the field (the half-hexes of the lowered columns included)."""
ROW_H: Final = 64
NAME_LINE_H: Final = TEXT_PX + 4
"""How much a player row grows for each further line of a long name."""
ROW_Y: Final = (10, 10 + ROW_H + 6)
"""The top of the first and second player rows."""
STATUS_Y: Final = ROW_Y[1] + ROW_H + 34
"""The middle of the status line."""
FIELD_Y: Final = STATUS_Y + 38
"""The top of the field (the tip of the first hexes)."""
FIELD_BOTTOM: Final = FIELD_Y + 14 * R
KEY_Y: Final = FIELD_BOTTOM + 42
"""The middle of the key's first line."""
KEY_ROW: Final = 52
KEY_LINE: Final = TEXT_PX + 4
"""How much a line of the key grows for each further line of a long text."""
KEY_ROWS_MAX: Final = 16
"""The key's most lines (every kind face up and face down, the hand, the blank tokens, wrapped words), for
the palette's sample sheet."""
FIELD_HEIGHT: Final = round(FIELD_BOTTOM + 24)
"""The image's height with an empty key."""
HEIGHT: Final = round(KEY_Y + KEY_ROW + 30)
"""The image's height with a key of two lines (it grows by :data:`KEY_ROW` a line)."""
HH: Final = R
"""Half the height of a hex (kept for the goal banner's placing)."""
ICON_X: Final = MARGIN + 34
NAME_X: Final = MARGIN + 80
SCORE_W: Final = 64
HAND_R: Final = 26
"""A token in a hand: 56 px across, some 15 CSS px on a phone."""
HAND_GAP: Final = 8
HAND_W: Final = 3 * 2 * HAND_R + 2 * HAND_GAP
HAND_X: Final = WIDTH - MARGIN - SCORE_W - 16 - HAND_W
TOKEN_R: Final = 21
"""A token on a piece."""
KEY_R: Final = 22
KEY_TEXT_X: Final = MARGIN + 8 + 2 * KEY_R + 12
"""Where the key's words start, right of its tokens."""
CREDIT_R: Final = 16
HAND_SLOTS: Final = 3
SLOT_DX: Final = 29.0
"""How far from the hex centre each piece stands when both sides share a hex."""
BASE_DY: Final = 0.40 * R
"""How far below the hex centre a stack's base stands."""
NAME_DY: Final = -0.52 * R
"""Where a hex's name sits, above its centre."""
DISC_RX: Final = 30
DISC_RY: Final = 12
DISC_DY: Final = 14.0
MARK_R: Final = 24
"""A button's letter on the piece it moves: a yellow badge."""
MARK_DX: Final = 40
MARK_DY: Final = -18
"""Where the badge sits from a lone piece's base: up and to its left, clear of the hex's edge."""

GRASS: Final[tuple[Color, Color]] = ((54, 110, 60), (62, 122, 66))
"""The green hexes, mown in alternate stripes (even and odd columns)."""
GREY: Final[tuple[Color, Color]] = ((146, 146, 140), (156, 156, 150))
LINE: Final[Color] = (222, 230, 214)
"""The chalk lines between hexes."""
CONTRAST_GRASS: Final[tuple[Color, Color]] = ((22, 60, 28), (28, 70, 34))
CONTRAST_GREY: Final[tuple[Color, Color]] = ((196, 196, 190), (206, 206, 200))
CONTRAST_LINE: Final[Color] = (255, 255, 255)
FIELD_FRAME: Final[Color] = (24, 40, 28)
LABEL_ON_GRASS: Final[Color] = (206, 232, 198)
LABEL_ON_GREY: Final[Color] = (40, 40, 38)
GOLD: Final[Color] = (222, 180, 72)
PILL: Final[Color] = (70, 62, 40)
"""Behind the current phase."""

_HEX_NAME: Final = re.compile(r"(?<![a-z])([a-i][1-6])(?![0-9])")

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "side": "blue|red",
        "Side": "Blue|Red",
        "player": "Player {n}",
        "goal": "scores in i →|← scores in a",
        "hand": "hand",
        "first_to": "first to 2",
        "turn": "turn {n}",
        "turn_cap": "turn {n} / {cap}",
        "to_act": "{name} ({side}) to play",
        "kickoff": "Drawing the kick-off",
        "dealing": "Dealing the bonuses",
        "wins": "{name} wins {a}–{b}",
        "wins_off": "{name} wins",
        "draw": "Draw {a}–{b}",
        "phases": "reveal|act|bonuses",
        "credits": "credits",
        "this_turn": "This turn: {actions}",
        "last": "Last move: {move}",
        "nothing_yet": "This turn: nothing yet",
        "bag": "bag {bag} · discard {discard}",
        "kinds": "Run 2 straight|Run 2 with a turn|Throw 3 straight|Throw 2 with a turn|Throw 3 with a turn|Stop",
        "key_kind": "{name}: {where}",
        "key_stop": "{name}: blocks {where} until this turn ends",
        "key_stop_next": "{name}: blocks {where} until {side}'s next turn ends",
        "key_down": "face down: {where}",
        "key_mine": "your face-down bonuses: {where}",
        "key_hand_one": "{name}: {n} hidden bonus in hand",
        "key_hand": "{name}: {n} hidden bonuses in hand",
        "key_hands": "hidden bonuses in hand: {hands}",
        "key_down_hands": "face down: {where} · in hand: {hands}",
        "you": "You",
        "status": "Phase {n}/3: {phase}",
        "wins_side": "{side} wins {a}–{b}",
        "wins_side_off": "{side} wins",
        "private": "Private view of {name}",
        "goal_banner": "GOAL! {side} scores · {a}–{b}",
        # Alt text.
        "alt_field": "Ultima-Tek field: 9 columns of hexes, grey end zones in columns a and i.",
        "alt_score": "Score: blue ({blue}) {a}, red ({red}) {b}.",
        "alt_state": "Phase {phase} ({phase_name}), {credits}, {turn}.",
        "alt_credits_one": "{n} credit left",
        "alt_credits": "{n} credits left",
        "alt_disc": "Disc on {hex}.",
        "alt_pieces": "{Side} pieces (strength): {pieces}.",
        "alt_blocked": "blocked by a Stop",
        "alt_face_up": "{kind} face up",
        "alt_face_down": "a face-down bonus",
        "alt_secret": "{kind} face down",
        "alt_hands": "Hands: {blue} {a}, {red} {b}.",
        "alt_own_hand": "Your hand: {kinds}.",
        "alt_empty": "empty",
        "alt_private": "Private view of {name}: your face-down bonuses and hand are shown.",
    },
    "fr": {
        "side": "bleu|rouge",
        "Side": "Bleu|Rouge",
        "player": "Joueur {n}",
        "goal": "marque en i →|← marque en a",
        "hand": "main",
        "first_to": "en 2 points",
        "turn": "tour {n}",
        "turn_cap": "tour {n} / {cap}",
        "to_act": "À {name} ({side}) de jouer",
        "kickoff": "Tirage de l'engagement",
        "dealing": "Distribution des bonus",
        "wins": "{name} gagne {a}–{b}",
        "wins_off": "{name} gagne",
        "draw": "Égalité {a}–{b}",
        "phases": "révéler|agir|bonus",
        "credits": "crédits",
        "this_turn": "Ce tour : {actions}",
        "last": "Dernier coup : {move}",
        "nothing_yet": "Ce tour : rien encore",
        "bag": "sac {bag} · défausse {discard}",
        "kinds": "Course 2 tout droit|Course 2 avec virage|Lancer 3 tout droit|Lancer 2 avec virage|"
        "Lancer 3 avec virage|Stop",
        "key_kind": "{name} : {where}",
        "key_stop": "{name} : bloque {where} jusqu'à la fin de ce tour",
        "key_stop_next": "{name} : bloque {where} jusqu'à la fin du prochain tour de {side}",
        "key_down": "face cachée : {where}",
        "key_mine": "vos bonus face cachée : {where}",
        "key_hand_one": "{name} : {n} bonus caché en main",
        "key_hand": "{name} : {n} bonus cachés en main",
        "key_hands": "bonus cachés en main : {hands}",
        "key_down_hands": "face cachée : {where} · en main : {hands}",
        "you": "Vous",
        "status": "Phase {n}/3 : {phase}",
        "wins_side": "{side} gagne {a}–{b}",
        "wins_side_off": "{side} gagne",
        "private": "Vue privée de {name}",
        "goal_banner": "BUT ! {side} marque · {a}–{b}",
        "alt_field": "Terrain d'Ultima-Tek : 9 colonnes d'hexagones, zones d'en-but grises en colonnes a et i.",
        "alt_score": "Score : bleu ({blue}) {a}, rouge ({red}) {b}.",
        "alt_state": "Phase {phase} ({phase_name}), {credits}, {turn}.",
        "alt_credits_one": "{n} crédit restant",
        "alt_credits": "{n} crédits restants",
        "alt_disc": "Disque en {hex}.",
        "alt_pieces": "Pions {side} (force) : {pieces}.",
        "alt_blocked": "bloqué par un Stop",
        "alt_face_up": "{kind} face visible",
        "alt_face_down": "un bonus face cachée",
        "alt_secret": "{kind} face cachée",
        "alt_hands": "Mains : {blue} {a}, {red} {b}.",
        "alt_own_hand": "Votre main : {kinds}.",
        "alt_empty": "vide",
        "alt_private": "Vue privée de {name} : vos bonus face cachée et votre main sont montrés.",
    },
}
ALT_MAX: Final = 1000
ALT_NAME_MAX: Final = 40


def _word(lang: str, key: str, index: int) -> str:
    return WORDS[lang][key].split("|")[index]


def bonus_name(kind: str, lang: str) -> str:
    """A bonus kind by its plain name in ``lang`` ("Throw 2 with a turn" for the rules' Fly /), as the bot's
    buttons and words name it (``name.ultimatek.<kind>`` in its catalog; a test keeps them equal)."""
    return _word(lang, "kinds", KINDS.index(kind))


# Geometry.


def bottom_side(viewer: Seat | None) -> Seat:
    """The side whose own end zone is drawn at the bottom: the viewer's, blue on the public image."""
    return 1 if viewer == 1 else 0


def hex_centre(h: Hex, bottom: Seat = 0) -> tuple[float, float]:
    """The pixel centre of hex ``h`` with ``bottom``'s own end zone at the bottom of the field.

    The field is the rules' field turned a quarter turn: its columns a–i run up the image (blue at the
    bottom) or down it (red at the bottom), its rows across, odd columns shifted half a hex."""
    across = h.row + (0.5 if h.column % 2 else 0.0)
    if bottom == 0:
        x = FIELD_X + SQ / 2 + SQ * across
        y = FIELD_Y + R + 1.5 * R * (8 - h.column)
    else:
        x = FIELD_X + SQ / 2 + SQ * (5 - across)
        y = FIELD_Y + R + 1.5 * R * h.column
    return x, y


def hex_at(name: str) -> Hex | None:
    """The hex called ``name`` (``c3``), or None."""
    index = BY_NAME.get(name.lower())
    return None if index is None else HEXES[index]


def _field_colours(contrast: bool) -> tuple[tuple[Color, Color], tuple[Color, Color], Color]:
    return (CONTRAST_GRASS, CONTRAST_GREY, CONTRAST_LINE) if contrast else (GRASS, GREY, LINE)


# Static drawing.


def _paint_field(pen: Pen, bottom: Seat, contrast: bool) -> None:
    grass, grey, line = _field_colours(contrast)
    pen.rrect(
        (FIELD_X - 12, FIELD_Y - 12, FIELD_X + FIELD_W + 12, FIELD_BOTTOM + 12),
        18,
        fill=FIELD_FRAME,
        outline=PANEL_EDGE,
        width=2,
    )
    for h in HEXES:
        cx, cy = hex_centre(h, bottom)
        colour = (grey if h.grey else grass)[h.column % 2]
        pen.poly(hexagon(cx, cy, R, pointy=True), line)
        pen.poly(hexagon(cx, cy, R - 2.4, pointy=True), colour)
    for top in ROW_Y:
        pen.rrect((MARGIN, top, WIDTH - MARGIN, top + ROW_H), 14, fill=PANEL, outline=PANEL_EDGE, width=2)


@cache
def _field_layer(bottom: Seat, contrast: bool) -> Image.Image:
    """Backdrop, field, player rows and hex names: the static image (:data:`FIELD_HEIGHT` tall), which each
    render pastes onto a canvas as tall as its key needs. Four at most in use (some 4.3 MB each): the public
    image and the players' own views turned for each side, in the two palettes."""
    base = Image.new("RGB", (WIDTH, FIELD_HEIGHT), BACKDROP)
    layer = supersampled((WIDTH, FIELD_HEIGHT), 3, lambda draw, k: _paint_field(Pen(draw, k), bottom, contrast))
    base.paste(layer, (0, 0), layer)
    draw = ImageDraw.Draw(base)
    label = font(TEXT_PX, "Semibold")
    on_grass = (255, 255, 255) if contrast else LABEL_ON_GRASS
    on_grey = (0, 0, 0) if contrast else LABEL_ON_GREY
    for h in HEXES:
        cx, cy = hex_centre(h, bottom)
        draw_text(draw, (cx, cy + NAME_DY), h.name, label, on_grey if h.grey else on_grass, "mm")
    return base


# Rendering.


def _view(view: object) -> View:
    return expect_view(view, View, "Ultima-Tek", "games.ultimatek.View objects")


def _names(ctx: BoardContext) -> tuple[str, str]:
    return player_names(ctx, WORDS)


def _contrast(ctx: BoardContext) -> bool:
    return ctx.palette == "contrast"


def _status(view: View, ctx: BoardContext) -> tuple[str, int | None]:
    """The status line (whose turn, for the alt text) and the side to act."""
    lang = ctx.language
    words = WORDS[lang]
    names = _names(ctx)
    if view.outcome is not None:
        a, b = view.score
        if view.outcome.winners:
            w = view.outcome.winners[0]
            key = "wins_off" if _off_the_board(view) else "wins"
            return words[key].format(name=names[w], a=max(a, b), b=min(a, b)), w
        return words["draw"].format(a=a, b=b), None
    if view.to_act is None:
        return (words["kickoff"] if view.kickoff is None else words["dealing"]), None
    side = _word(lang, "side", view.to_act)
    return words["to_act"].format(name=names[view.to_act], side=side), view.to_act


def _off_the_board(view: View) -> bool:
    """True when the match was won by a resignation or on time: the points then do not say the result."""
    return view.outcome is not None and view.outcome.termination in (Termination.RESIGNATION, Termination.FORFEIT)


def _turn_text(view: View, lang: str) -> str:
    words = WORDS[lang]
    # The turn in progress while the match goes on (the first is turn 1), the turns played once it is over.
    n = view.turns if view.outcome is not None else view.turns + 1
    if view.cap:
        n = min(n, view.cap)
    return words["turn_cap"].format(n=n, cap=view.cap) if view.cap else words["turn"].format(n=n)


def _public(move: str) -> str:
    return public_notation(move)


def _hand_tokens(view: View, seat: Seat) -> list[tuple[str | None, TokenStyle]]:
    """The tokens of ``seat``'s hand this view may show: kinds for the viewer's own, backs otherwise."""
    if view.viewer == seat:
        return [(kind, "secret") for kind in view.hand]
    return [(None, "down")] * view.hand_sizes[seat]


def _row_names(view: View, ctx: BoardContext) -> list[tuple[Seat, list[str]]]:
    """Each player row's seat and name lines, top row first: a name too long for one line beside the hand
    wraps (at :data:`TEXT_PX`, never shortened)."""
    names = _names(ctx)
    lang = ctx.language
    face = font(TEXT_PX, "Semibold")
    bottom = bottom_side(view.viewer)
    rows: list[tuple[Seat, list[str]]] = []
    for seat in (1 - bottom, bottom):
        name = WORDS[lang]["you"] if view.viewer == seat else names[seat]
        shown = clean_text(name, face) or _word(lang, "Side", seat)
        rows.append((seat, wrap_text(shown, face, HAND_X - 14 - NAME_X)))
    return rows


def _grow_rows(canvas: Image.Image, extra: int) -> Image.Image:
    """``canvas`` with both player rows ``extra`` px taller (for names on two lines), all below moved down."""
    rows_bottom = ROW_Y[1] + ROW_H
    taller = Image.new(canvas.mode, (WIDTH, canvas.height + 2 * extra), BACKDROP)
    taller.paste(canvas.crop((0, rows_bottom, WIDTH, canvas.height)), (0, rows_bottom + 2 * extra))
    draw = ImageDraw.Draw(taller)
    for i in range(2):
        top = ROW_Y[0] + i * (ROW_H + extra + ROW_Y[1] - ROW_Y[0] - ROW_H)
        draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW_H + extra), 14, PANEL, PANEL_EDGE, 2)
    return taller


def _draw_rows(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext, extra: int = 0) -> None:
    """One row per player, the side at the top of the field first: piece, name (or "You"), hand, score.

    ``extra`` is how much taller than :data:`ROW_H` each row was made for a name on two lines."""
    contrast = _contrast(ctx)
    _, _, lights = side_colours(contrast)
    face = font(TEXT_PX, "Semibold")
    big = font(SCORE_PX, "Bold")
    row_h = ROW_H + extra
    for i, (seat, lines) in enumerate(_row_names(view, ctx)):
        top = ROW_Y[0] + i * (row_h + ROW_Y[1] - ROW_Y[0] - ROW_H)
        mid = top + row_h / 2
        box = (MARGIN, top, WIDTH - MARGIN, top + row_h)
        if view.outcome is None and view.to_act == seat:
            draw.rounded_rectangle(box, radius=14, outline=HIGHLIGHT, width=4)
        elif view.outcome is not None and seat in view.outcome.winners:
            draw.rounded_rectangle(box, radius=14, outline=GOLD, width=5)
        paste(canvas, piece_sprite(seat, 1, False, contrast), (ICON_X, mid + 6))
        for n, line in enumerate(lines):
            draw_text(draw, (NAME_X, mid + (n - (len(lines) - 1) / 2) * NAME_LINE_H), line, face, CREAM, "lm")
        tokens = _hand_tokens(view, seat)
        for i in range(HAND_SLOTS):
            cx = HAND_X + HAND_R + i * (2 * HAND_R + HAND_GAP)
            if i < len(tokens):
                kind, style = tokens[i]
                paste(canvas, token_sprite(kind, style, HAND_R), (cx, mid))
            else:
                draw.ellipse((cx - HAND_R + 3, mid - HAND_R + 3, cx + HAND_R - 3, mid + HAND_R - 3), outline=PANEL_EDGE)
        draw_text(draw, (WIDTH - MARGIN - SCORE_W / 2, mid), str(view.score[seat]), big, lights[seat], "mm")


def _draw_status(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext) -> None:
    """The phase of the turn and the credits left (or who won), and the turn count."""
    lang = ctx.language
    words = WORDS[lang]
    face = font(TEXT_PX, "Semibold")
    bold = font(TEXT_PX, "Bold")
    right = float(WIDTH - MARGIN - 8)
    turn = _turn_text(view, lang)
    right -= draw_text(draw, (right, STATUS_Y), turn, face, MUTED, "rm") + 24
    x = float(MARGIN + 8)
    if view.to_act is not None and view.outcome is None:
        phase = max(1, min(view.phase, 3))
        text = words["status"].format(n=phase, phase=words["phases"].split("|")[phase - 1])
        w = bold.getlength(text)
        draw.rounded_rectangle((x - 6, STATUS_Y - 26, x + w + 6, STATUS_Y + 26), radius=26, fill=PILL)
        draw_text(draw, (x, STATUS_Y), text, bold, HIGHLIGHT, "lm")
        x += w + 28
        for i in range(3):
            paste(canvas, credit_sprite(i < view.credits, CREDIT_R), (x + CREDIT_R + i * (2 * CREDIT_R + 8), STATUS_Y))
        return
    status, _ = _status(view, ctx)
    if view.outcome is not None and view.outcome.winners:
        # The winner's row is outlined in gold: the line says the result without the name.
        a, b = view.score
        w = view.outcome.winners[0]
        key = "wins_side_off" if _off_the_board(view) else "wins_side"
        status = words[key].format(side=_word(lang, "Side", w), a=max(a, b), b=min(a, b))
    draw_text(draw, (x, STATUS_Y), fit_text(clean_text(status, bold), bold, right - x), bold, CREAM, "lm")


def _hex_marks(ctx: BoardContext) -> tuple[Hex, ...]:
    names = ctx.highlights or (highlights_from(ctx.last_move) if ctx.last_move else ())
    found = []
    for name in names:
        h = hex_at(name)
        if h is not None:
            found.append(h)
    return tuple(found)


def _token_of(view: View, piece: PieceView) -> tuple[str | None, TokenStyle] | None:
    for bonus in view.bonuses:
        if bonus.hex == piece.hex and bonus.owner == piece.side:
            if bonus.face_up:
                return bonus.kind, "up"
            if bonus.kind is not None and view.viewer == piece.side:
                return bonus.kind, "secret"
            return None, "down"
    return None


def _marked(view: View, ctx: BoardContext) -> dict[Hex, str]:
    """The hexes of the pieces the post's buttons move, with their letters."""
    found: dict[Hex, str] = {}
    for name, mark in ctx.marks:
        h = hex_at(name)
        if h is not None and mark:
            found[h] = mark
    return found


def _draw_field(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext) -> None:
    bottom = bottom_side(view.viewer)
    contrast = _contrast(ctx)
    if view.disc is not None:
        # The disc's hex is outlined in white, unless the last move's yellow outline takes its place.
        cx, cy = hex_centre(view.disc, bottom)
        draw.polygon(hexagon(cx, cy, R - 3, pointy=True), outline=(250, 250, 246), width=4)
    for h in _hex_marks(ctx):
        cx, cy = hex_centre(h, bottom)
        draw.polygon(hexagon(cx, cy, R - 3, pointy=True), outline=HIGHLIGHT, width=5)
    stopped = {(s.hex, 1 - s.owner) for s in view.stops}
    marks = _marked(view, ctx)
    mover = view.to_act
    by_hex: dict[Hex, list[PieceView]] = {}
    for p in view.pieces:
        by_hex.setdefault(p.hex, []).append(p)
    letter = font(TEXT_PX, "Bold")
    for h in sorted(by_hex, key=lambda h: hex_centre(h, bottom)[1]):
        cx, cy = hex_centre(h, bottom)
        here = sorted(by_hex[h], key=lambda p: p.side)
        shared = len(here) > 1
        base_y = cy + BASE_DY
        for p in here:
            px = cx + (-SLOT_DX if p.side == 0 else SLOT_DX) if shared else cx
            sprite = piece_sprite(p.side, p.strength, p.blocked, contrast)
            bx, by = piece_base(p.strength)
            canvas.paste(sprite, (round(px - bx), round(base_y - by)), sprite)
            top_y = base_y - by + piece_top(p.strength)[1]
            # The token lies on the stack: beside its top face when the hex has room, on it when shared.
            badge = (px, top_y - 22) if shared else (px + 46, top_y + 4)
            if (p.hex, p.side) in stopped or p.blocked:
                paste(canvas, stop_marker(TOKEN_R), badge)
            elif (token := _token_of(view, p)) is not None:
                paste(canvas, token_sprite(token[0], token[1], TOKEN_R), badge)
        mark = marks.get(h)
        if mark is not None:
            # The button's letter on the mover's piece, on the side away from its token.
            own = next((p for p in here if p.side == mover), here[0])
            px = cx + (-SLOT_DX if own.side == 0 else SLOT_DX) if shared else cx
            mx = px - (26 if shared and own.side == 0 else -26 if shared else MARK_DX)
            my = base_y + MARK_DY
            draw.ellipse((mx - MARK_R, my - MARK_R, mx + MARK_R, my + MARK_R), fill=HIGHLIGHT, outline=INK, width=3)
            draw_text(draw, (mx, my + 1), mark, letter, INK, "mm")


def _draw_disc(canvas: Image.Image, view: View) -> None:
    """The disc in front of the pieces of its hex, or in the middle of an empty hex."""
    if view.disc is not None:
        cx, cy = hex_centre(view.disc, bottom_side(view.viewer))
        dy = BASE_DY + DISC_DY if view.pieces_in(view.disc) else 0.2 * R
        paste(canvas, disc_sprite(DISC_RX, DISC_RY), (cx, cy + dy))


def _target_corner(name: str, bottom: Seat = 0) -> tuple[float, float] | None:
    """Where a target dot goes on hex ``name``: right of its name, above the pieces."""
    index = BY_NAME.get(name.strip().lower())
    if index is None:
        return None
    cx, cy = hex_centre(HEXES[index], bottom)
    return cx + 40, cy + NAME_DY + 8


def goal_scorer(view: View, ctx: BoardContext) -> Seat | None:
    """The side whose last move scored: a throw (``>``) by ``ctx.last_mover`` ending in its goal column
    (i for blue, a for red) with a point on its score. None for any other move."""
    mover = ctx.last_mover
    if not ctx.last_move or ">" not in ctx.last_move or mover not in (0, 1):
        return None
    landed = _HEX_NAME.findall(ctx.last_move.lower())
    goal_column = "i" if mover == 0 else "a"
    return mover if landed and landed[-1][0] == goal_column and view.score[mover] > 0 else None


def _draw_goal_banner(canvas: Image.Image, view: View, ctx: BoardContext) -> None:
    """After a goal, a banner in the scorer's colour across the middle of the field, which the kick-off
    set-up leaves empty."""
    scorer = goal_scorer(view, ctx)
    if scorer is None:
        return
    face = font(BANNER_PX, "Bold")
    a, b = view.score
    text = WORDS[ctx.language]["goal_banner"].format(side=_word(ctx.language, "Side", scorer), a=a, b=b)
    w = face.getlength(text)
    bottom = bottom_side(view.viewer)
    cx = WIDTH / 2
    cy = hex_centre(HEXES[BY_NAME["e3"]], bottom)[1]
    box = (cx - w / 2 - 30, cy - 40, cx + w / 2 + 30, cy + 40)
    colours, _, _ = side_colours(_contrast(ctx))

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k, (box[0] - 8, box[1] - 8))
        pen.rrect(box, 24, fill=mix(colours[scorer], INK, 0.25), outline=GOLD, width=6)

    size = (round(box[2] - box[0]) + 16, round(box[3] - box[1]) + 16)
    layer = supersampled(size, 2, paint)
    canvas.paste(layer, (round(box[0]) - 8, round(box[1]) - 8), layer)
    draw_text(ImageDraw.Draw(canvas), (cx, cy + 2), text, face, CREAM, "mm")


KeyLine = tuple[str | None, TokenStyle | None, list[str]]
"""One entry of the key: the token drawn before it (a kind and a style; no style for words alone) and its
text, wrapped into lines."""


def _key_lines(view: View, lang: str) -> list[KeyLine]:
    """The key of the bonuses this view shows: each kind lying face up (a Stop on the piece it blocks, and
    until when) with its plain name and its hexes, then the face-down tokens' hexes, then how many hidden
    bonuses each hand the viewer cannot see holds (its row shows them as blank backs; the side named by its
    colour, as the row's piece shows it: a long name would wrap the line), on the face-down line when there is
    one. On a player's own image their face-down tokens, drawn dark with their symbol, have a line of their own
    under that dark token; their kinds, and that only they see them, are said in the words of their private
    view, beside this image."""
    words = WORDS[lang]
    where: dict[str, list[str]] = {}
    blocked: dict[Seat, list[str]] = {}
    down: list[str] = []
    mine: list[tuple[str | None, str]] = []
    stopped = {(s.hex, 1 - s.owner) for s in view.stops}
    for p in sorted(view.pieces, key=lambda p: (p.hex.column, p.hex.row, p.side)):
        if (p.hex, p.side) in stopped or p.blocked:
            where.setdefault("stop", []).append(p.hex.name)
            blocked.setdefault(p.side, []).append(p.hex.name)
        elif (token := _token_of(view, p)) is not None:
            kind, style = token
            if style == "up" and kind is not None:
                where.setdefault(kind, []).append(p.hex.name)
            elif style == "secret":
                mine.append((kind, p.hex.name))
            else:
                down.append(p.hex.name)
    found: list[tuple[str | None, TokenStyle | None, str]] = []
    for kind in KINDS:
        if kind == "stop":
            # A Stop face up lies on the opposing piece it blocks, which is what the key says, with how long:
            # to the end of the blocked side's next turn, which is this one while that side plays (issue 39).
            for side, hexes in sorted(blocked.items()):
                said = words["key_stop"] if view.to_act == side else words["key_stop_next"]
                text = said.format(name=bonus_name(kind, lang), where=", ".join(hexes), side=_word(lang, "Side", side))
                found.append((kind, "up", text))
        elif kind in where:
            found.append(
                (kind, "up", words["key_kind"].format(name=bonus_name(kind, lang), where=", ".join(where[kind])))
            )
    # The hands this view cannot see are rows of blank backs: the key says what they are (issue 39). Face-down
    # tokens and hidden hands share the blank back, so they share one line when there are both: a line of the
    # key costs the PNG some 2.4 KB, and Ultima-Tek's busiest boards are the largest of all (issue 39).
    if mine:
        # A player's own face-down tokens are drawn dark with their symbol on their private image, not as the
        # blank back the opponent's are (issue 39): their line shows that token, with the kind when all are one.
        kinds = {kind for kind, _ in mine}
        only = next(iter(kinds)) if len(kinds) == 1 else None
        found.append((only, "secret", words["key_mine"].format(where=", ".join(name for _, name in mine))))
    hidden = [(seat, n) for seat, n in enumerate(view.hand_sizes) if seat != view.viewer and n]
    hands = ", ".join(f"{_word(lang, 'Side', seat)} {n}" for seat, n in hidden)
    if down and hidden:
        found.append((None, "down", words["key_down_hands"].format(where=", ".join(down), hands=hands)))
    elif down:
        found.append((None, "down", words["key_down"].format(where=", ".join(down))))
    elif len(hidden) == 1:
        seat, n = hidden[0]
        said = plural(lang, n, words["key_hand_one"], words["key_hand"])
        found.append((None, "down", said.format(name=_word(lang, "Side", seat), n=n)))
    elif hidden:
        found.append((None, "down", words["key_hands"].format(hands=hands)))
    face = font(TEXT_PX, "Semibold")
    return [(kind, style, _key_wrap(text, face, WIDTH - MARGIN - KEY_TEXT_X)) for kind, style, text in found]


def _key_wrap(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """A key line wrapped to ``width``: a line of two parts (``face down: … · in hand: …``) too long for one
    line breaks between its parts, so that no side is parted from its count ("Rouge" / "3")."""
    if face.getlength(text) <= width or " · " not in text:
        return wrap_text(text, face, width)
    head, tail = text.split(" · ", 1)
    return [*wrap_text(f"{head} ·", face, width), *wrap_text(tail, face, width)]


def _draw_key(canvas: Image.Image, draw: ImageDraw.ImageDraw, key: list[KeyLine]) -> None:
    """The key under the field: a token and its words per line, the words alone in muted ink."""
    face = font(TEXT_PX, "Semibold")
    y = float(KEY_Y)
    for kind, style, lines in key:
        if style is not None:
            paste(canvas, token_sprite(kind, style, KEY_R), (MARGIN + 8 + KEY_R, y))
        x = KEY_TEXT_X if style is not None else MARGIN + 8
        for n, line in enumerate(lines):
            draw_text(draw, (x, y + n * KEY_LINE), line, face, CREAM if style is not None else MUTED, "lm")
        y += KEY_ROW + (len(lines) - 1) * KEY_LINE


def _draw_board(view: View, ctx: BoardContext) -> Image.Image:
    bottom = bottom_side(view.viewer)
    key = _key_lines(view, ctx.language)
    lines = sum(len(text) for _, _, text in key)
    height = FIELD_HEIGHT if not key else round(KEY_Y + (len(key) - 1) * KEY_ROW + (lines - len(key)) * KEY_LINE + 30)
    canvas = Image.new("RGB", (WIDTH, height), BACKDROP)
    canvas.paste(_field_layer(bottom, _contrast(ctx)), (0, 0))
    draw = ImageDraw.Draw(canvas)
    _draw_key(canvas, draw, key)
    _draw_status(canvas, draw, view, ctx)
    _draw_field(canvas, draw, view, ctx)
    _draw_disc(canvas, view)
    paste_targets(canvas, ctx.targets, lambda name: _target_corner(name, bottom))
    _draw_goal_banner(canvas, view, ctx)
    name_lines = max(len(lines) for _, lines in _row_names(view, ctx))
    extra = (name_lines - 1) * NAME_LINE_H
    if extra:
        canvas = _grow_rows(canvas, extra)
        draw = ImageDraw.Draw(canvas)
    _draw_rows(canvas, draw, view, ctx, extra)
    return canvas


def _swatches(contrast: bool) -> Image.Image:
    """Every sprite once, so the palette holds their colours even when the sample positions lack one."""
    sheet = Image.new("RGB", (WIDTH, 300), GRASS[0])
    x = 10
    for side in (0, 1):
        for strength in (1, 2, 3):
            for blocked in (False, True):
                sprite = piece_sprite(side, strength, blocked, contrast)
                sheet.paste(sprite, (x, 10), sprite)
                x += sprite.width + 4
    for row, style in enumerate(("up", "secret")):
        x = 10
        for kind in KINDS:
            for r in (TOKEN_R, HAND_R):
                sprite = token_sprite(kind, style, r)
                sheet.paste(sprite, (x, 110 + 60 * row), sprite)
                x += sprite.width + 2
    x = 10
    for sprite in (token_sprite(None, "down", TOKEN_R), stop_marker(TOKEN_R), disc_sprite(DISC_RX, DISC_RY)):
        sheet.paste(sprite, (x, 230), sprite)
        x += sprite.width + 10
    for filled in (False, True):
        sprite = credit_sprite(filled, CREDIT_R)
        sheet.paste(sprite, (x, 230), sprite)
        x += sprite.width + 10
    return sheet


SAMPLE: Final = (
    "ultimatek act=blue phase=2 credits=2 disc=e3 "
    "blue=b3:3,c2:1!,c3:1+run,c4:1,c5:1,d1:2,d2:2m,e3:3*fly,d4:2,e4:2+fly/ "
    "red=h3:3,g2:1,g3:1+stop,g4:1,a2:1,f1:2*run/,e2:2,e3:2,f4:2,f3:3 "
    "blue_hand=fly,run red_hand=run,fly/,fly score=1-0 turns=12 cap=60 played=reveal_c3;d2-e2"
)


def _sample_palette(contrast: bool) -> Image.Image:
    state = from_text(SAMPLE)
    langs = ("en", "fr")
    viewers = (None, 0, 1)
    swatches = _swatches(contrast)
    # Six whole boards: each goes onto the sheet as it is drawn rather than all of them being held at once.
    tallest = round(KEY_Y + KEY_ROWS_MAX * KEY_ROW + 30 + 4 * NAME_LINE_H)
    samples = PaletteSheet(WIDTH, swatches.height + len(langs) * len(viewers) * tallest)
    samples.add(swatches)
    for lang in langs:
        ctx = BoardContext(
            ("Alice", "Bob"),
            "d2-e2",
            0,
            ("d2", "e2"),
            lang,
            marks=(("c4", "A"),),
            palette="contrast" if contrast else "standard",
        )
        for viewer in viewers:
            samples.add(_draw_board(state.view_for(viewer), ctx))
    grass, grey, line = _field_colours(contrast)
    colours, _, lights = side_colours(contrast)
    return build_palette(samples, keep=(*grass, *grey, line, GOLD, *colours, *lights, DISC_WHITE, HIGHLIGHT))


PALETTE_SAMPLERS: Final[dict[str, Sampler]] = {
    f"{GAME_ID}/standard": partial(_sample_palette, False),
    f"{GAME_ID}/contrast": partial(_sample_palette, True),
}
"""This board's palettes by key, for :mod:`render.palettes`."""


@cache
def _palette(contrast: bool) -> Image.Image:
    key = f"{GAME_ID}/{'contrast' if contrast else 'standard'}"
    return shipped(key, PALETTE_SAMPLERS[key])


def render(view: object, ctx: BoardContext) -> bytes:
    """The field of ``view`` as PNG bytes (deterministic, no metadata)."""
    return encode_png(_draw_board(_view(view), ctx), _palette(_contrast(ctx)))


# Alt text.


def _alt_piece(view: View, p: PieceView, lang: str, stopped: set[tuple[Hex, int]]) -> str:
    words = WORDS[lang]
    text = f"{p.hex.name} {p.strength}"
    if p.blocked or (p.hex, p.side) in stopped:
        return f"{text} ({words['alt_blocked']})"
    token = _token_of(view, p)
    if token is None:
        return text
    kind, style = token
    if style == "up" and kind is not None:
        return f"{text} ({words['alt_face_up'].format(kind=bonus_name(kind, lang))})"
    if style == "secret" and kind is not None:
        return f"{text} ({words['alt_secret'].format(kind=bonus_name(kind, lang))})"
    return f"{text} ({words['alt_face_down']})"


def describe(view: object, ctx: BoardContext) -> str:
    """Alt text of the field in ``ctx.lang``: only what the view shows, never a hidden bonus."""
    v = _view(view)
    lang = ctx.language
    words = WORDS[lang]
    names = tuple(n if len(n) <= ALT_NAME_MAX else n[: ALT_NAME_MAX - 1] + "…" for n in _names(ctx))
    parts = [
        words["alt_field"],
        _status(v, ctx)[0] + ".",
        words["alt_score"].format(blue=names[0], red=names[1], a=v.score[0], b=v.score[1]),
    ]
    if v.to_act is not None and v.outcome is None:
        phase_name = words["phases"].split("|")[max(1, v.phase) - 1]
        parts.append(
            words["alt_state"].format(
                phase=v.phase,
                phase_name=phase_name,
                credits=plural(lang, v.credits, words["alt_credits_one"], words["alt_credits"]).format(n=v.credits),
                turn=_turn_text(v, lang),
            )
        )
    if v.disc is not None:
        parts.append(words["alt_disc"].format(hex=v.disc.name))
    stopped = {(s.hex, 1 - s.owner) for s in v.stops}
    for seat in (0, 1):
        pieces = ", ".join(_alt_piece(v, p, lang, stopped) for p in v.pieces if p.side == seat)
        parts.append(
            words["alt_pieces"].format(
                Side=_word(lang, "Side", seat), side=_word(lang, "side", seat), pieces=pieces or words["alt_empty"]
            )
        )
    parts.append(words["alt_hands"].format(blue=names[0], red=names[1], a=v.hand_sizes[0], b=v.hand_sizes[1]))
    if v.viewer is not None:
        kinds = ", ".join(bonus_name(k, lang) for k in v.hand) or words["alt_empty"]
        parts.append(words["alt_own_hand"].format(kinds=kinds))
        parts.append(words["alt_private"].format(name=names[v.viewer]))
    if v.played:
        parts.append(words["this_turn"].format(actions=", ".join(_public(a) for a in v.played)) + ".")
    elif ctx.last_move:
        parts.append(words["last"].format(move=_public(ctx.last_move)) + ".")
    text = " ".join(parts)
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"


# Highlights.


def highlights_from(notation: str) -> tuple[str, ...]:
    """The hexes a notation names, in order and without repeats (``d3>e2>f2 fly/`` → d3, e2, f2)."""
    found: list[str] = []
    for name in _HEX_NAME.findall(_public(notation or "").lower()):
        if name in BY_NAME and name not in found:
            found.append(name)
    return tuple(found)


def highlights(previous_view: object, notation: str) -> tuple[str, ...]:
    """The hexes the action ``notation`` touched: a move's start and end, a throw's thrower, first hex and
    landing hex, the hex of a reveal, discard or placement; nothing for ``end`` and chance outcomes."""
    _view(previous_view)
    return highlights_from(notation)


def seat_marks(view: object) -> tuple[str, ...]:
    """The shape of each side's pieces: blue's round discs, red's square tiles."""
    _view(view)
    return SIDE_SHAPES


RENDERER: Final = GameRenderer(render=render, describe=describe, highlights=highlights, seat_marks=seat_marks)

__all__ = ["GAME_ID", "RENDERER", "bonus_name", "describe", "hex_centre", "highlights", "render", "seat_marks"]
