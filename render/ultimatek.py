"""Ultima-Tek as an image: the field of hexes, the piece stacks, the bonus tokens, the disc and the score.

Layout, top to bottom: the scoreboard (blue's card on the left, the score and the turn count in the
middle, red's card on the right; each card holds the player's hand as tokens); the status line (whose
turn, the three phases with the current one lit, the action credits left as coins); the field, flat-topped
hexes in nine columns with the grey end zones in columns a and i, every hex named; the actions of the turn
so far; the key of the bonus symbols.

What is drawn is only what the view holds. A face-down bonus is a blank dark token; on a player's private
image their own face-down bonuses and their hand show their kind on that dark back, which marks them as
still hidden from the opponent. The opponent's hand only shows its size. So re-dealing the hidden tokens
never changes a spectator's or the opponent's image. The last move and the actions of the turn go through
:func:`games.ultimatek.public_notation` before they are written.

The static part (backdrop, field, hex names, card frames, the key) depends only on the language and is
cached; a render pastes cached sprites (:mod:`render.ultimatek_art`), writes a few words and maps the
image onto a palette computed once.
"""

from __future__ import annotations

import math
import re
from functools import cache, lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.base import Seat
from games.ultimatek import public_notation
from games.ultimatek.field import BY_NAME, HEXES, LETTERS, Hex
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
    Pen,
    build_palette,
    clean_text,
    display_name,
    draw_text,
    encode_png,
    expect_view,
    fit_text,
    font,
    mix,
    paste_targets,
    phone_text,
    player_names,
    plural,
    supersampled,
)
from render.ultimatek_art import (
    BOARD_WIDTH,
    DISC_WHITE,
    KINDS,
    LABELS,
    SIDE_COLOURS,
    SIDE_LIGHT,
    TokenStyle,
    credit_sprite,
    disc_sprite,
    hexagon,
    paste,
    piece_base,
    piece_sprite,
    piece_top,
    stop_marker,
    text_px,
    token_sprite,
    u,
)

GAME_ID: Final = "ultimatek"

# Geometry, in pixels of the final image. The layout was designed on a 1280 px canvas; every length is
# written in those design units and scaled by UNIT through u(), text sizes too (never below SMALL_PX).
WIDTH: Final = BOARD_WIDTH
R: Final = u(80)
"""Circumradius of a hex (flat-topped: 2R wide, R·√3 high)."""
HH: Final = R * math.sqrt(3) / 2
"""Half the height of a hex."""
FIELD_X: Final = (WIDTH - 14 * R) / 2
"""Left edge of column a."""
CARD_Y: Final = u(14)
CARD_H: Final = u(150)
CARD_X: Final = ((u(40), u(516)), (u(764), u(1240)))
"""Left and right edges of blue's and red's cards."""
SCORE_X: Final = (u(528), u(752))
STATUS_Y: Final = CARD_Y + CARD_H + u(36)
FIELD_Y: Final = STATUS_Y + u(84)
"""Top edge of the even columns."""
FIELD_BOTTOM: Final = FIELD_Y + 12 * HH
PLAYED_Y: Final = round(FIELD_BOTTOM + u(34))
KEY_Y: Final = PLAYED_Y + u(56)
KEY_ROW: Final = u(52)
"""The key of the symbols takes two rows."""
HEIGHT: Final = round(KEY_Y + KEY_ROW + u(40))
SMALL_PX: Final = phone_text(WIDTH)
"""The smallest text: 11 px once the image is shown 400 px wide."""
NAME_PX: Final = text_px(40)
HEADLINE_PX: Final = text_px(46)
BANNER_PX: Final = text_px(56)
"""The goal banner's words."""
SCORE_PX: Final = text_px(64)
TOKEN_R: Final = round(u(21))
"""A token on a piece."""
HAND_R: Final = round(u(23))
"""A token in a hand, on a card."""
KEY_R: Final = round(u(20))
CREDIT_R: Final = round(u(14))
HAND_SLOTS: Final = 3
"""A hand holds at most three bonuses."""
SLOT_DX: Final = u(26)
"""How far from the hex centre each piece stands when both sides share a hex."""
BASE_DY: Final = u(18)
"""How far below the hex centre a stack stands."""
DISC_RX: Final = round(u(34))
DISC_RY: Final = round(u(14))
DISC_DY: Final = u(28)
"""The disc lies in front of the pieces, this far below their base, near the bottom of its hex."""

GRASS: Final[tuple[Color, Color]] = ((54, 110, 60), (62, 122, 66))
"""The green hexes, mown in alternate stripes (even and odd columns)."""
GREY: Final[tuple[Color, Color]] = ((146, 146, 140), (156, 156, 150))
LINE: Final[Color] = (222, 230, 214)
"""The chalk lines between hexes."""
FIELD_FRAME: Final[Color] = (24, 40, 28)
LABEL_ON_GRASS: Final[Color] = (198, 226, 190)
LABEL_ON_GREY: Final[Color] = (52, 52, 50)
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
        "draw": "Draw {a}–{b}",
        "phases": "reveal|act|bonuses",
        "credits": "credits",
        "this_turn": "This turn: {actions}",
        "last": "Last move: {move}",
        "nothing_yet": "This turn: nothing yet",
        "bag": "bag {bag} · discard {discard}",
        "key_public": "dark: face down",
        "key_private": "dark: hidden from {name}",
        "private": "Private view of {name}",
        "goal_banner": "GOAL! {name} scores · {a}–{b}",
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
        "draw": "Égalité {a}–{b}",
        "phases": "révéler|agir|bonus",
        "credits": "crédits",
        "this_turn": "Ce tour : {actions}",
        "last": "Dernier coup : {move}",
        "nothing_yet": "Ce tour : rien encore",
        "bag": "sac {bag} · défausse {discard}",
        "key_public": "sombre : face cachée",
        "key_private": "sombre : caché à {name}",
        "private": "Vue privée de {name}",
        "goal_banner": "BUT ! {name} marque · {a}–{b}",
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


# Geometry.


def hex_centre(h: Hex) -> tuple[float, float]:
    """The pixel centre of hex ``h`` (odd columns sit half a hex lower)."""
    x = FIELD_X + R + 1.5 * R * h.column
    y = FIELD_Y + HH + 2 * HH * h.row + (HH if h.column % 2 else 0.0)
    return x, y


def hex_at(name: str) -> Hex | None:
    """The hex called ``name`` (``c3``), or None."""
    index = BY_NAME.get(name.lower())
    return None if index is None else HEXES[index]


# Static drawing.


def _paint_field(pen: Pen) -> None:
    x0, y0 = FIELD_X, FIELD_Y
    pen.rrect(
        (x0 - u(16), y0 - u(50), x0 + 14 * R + u(16), FIELD_BOTTOM + u(16)),
        u(18),
        fill=FIELD_FRAME,
        outline=PANEL_EDGE,
        width=u(2),
    )
    for h in HEXES:
        cx, cy = hex_centre(h)
        colour = (GREY if h.grey else GRASS)[h.column % 2]
        pen.poly(hexagon(cx, cy, R), LINE)
        pen.poly(hexagon(cx, cy, R - u(2.6)), colour)
    for seat in (0, 1):
        x0_, x1_ = CARD_X[seat]
        pen.rrect((x0_, CARD_Y, x1_, CARD_Y + CARD_H), u(16), fill=PANEL, outline=PANEL_EDGE, width=u(2))
        pen.rrect((x0_ + u(3), CARD_Y + u(3), x0_ + u(11), CARD_Y + CARD_H - u(3)), u(4), fill=SIDE_COLOURS[seat])
    pen.rrect(
        (SCORE_X[0], CARD_Y, SCORE_X[1], CARD_Y + CARD_H), u(16), fill=(20, 18, 17), outline=PANEL_EDGE, width=u(2)
    )


@cache
def _field_layer() -> Image.Image:
    """Backdrop, field, cards, hex names and column letters: the words-free static image."""
    base = Image.new("RGB", (WIDTH, HEIGHT), BACKDROP)
    layer = supersampled((WIDTH, HEIGHT), 3, lambda draw, k: _paint_field(Pen(draw, k)))
    base.paste(layer, (0, 0), layer)
    draw = ImageDraw.Draw(base)
    label = font(SMALL_PX, "Semibold")
    letter = font(SMALL_PX, "Bold")
    for column in range(9):
        cx = FIELD_X + R + 1.5 * R * column
        draw_text(draw, (cx, FIELD_Y - u(30)), LETTERS[column], letter, MUTED, "mm")
    for h in HEXES:
        cx, cy = hex_centre(h)
        draw_text(draw, (cx - u(30), cy - HH + u(24)), h.name, label, LABEL_ON_GREY if h.grey else LABEL_ON_GRASS, "mm")
    return base


@lru_cache(maxsize=4)
def _static_base(lang: str) -> Image.Image:
    """The static image with the words of ``lang`` (card subtitles, the key); each render copies it."""
    base = _field_layer().copy()
    draw = ImageDraw.Draw(base)
    words = WORDS[lang]
    small = font(SMALL_PX, "Semibold")
    for seat in (0, 1):
        x0, x1 = CARD_X[seat]
        goal = _word(lang, "goal", seat)
        if seat == 0:
            draw_text(draw, (x0 + u(86), CARD_Y + u(100)), goal, small, SIDE_LIGHT[seat], "lm")
        else:
            draw_text(draw, (x1 - u(86), CARD_Y + u(100)), goal, small, SIDE_LIGHT[seat], "rm")
    mid = (SCORE_X[0] + SCORE_X[1]) / 2
    draw_text(draw, (mid, CARD_Y + u(24)), words["first_to"], small, MUTED, "mm")
    draw_text(draw, (mid, CARD_Y + u(76)), "–", font(text_px(50), "Bold"), MUTED, "mm")
    for seat in (0, 1):
        hx0, hand_w = _hand_box(seat)
        draw_text(draw, (hx0 + hand_w / 2, CARD_Y + u(26)), words["hand"], small, MUTED, "mm")
    # The key of the symbols.
    for kind, (x, y) in zip(KINDS, _key_slots(), strict=False):
        paste(base, token_sprite(kind, "up", KEY_R), (x + KEY_R, y))
        draw_text(draw, (x + 2 * KEY_R + u(8), y), LABELS[kind], small, CREAM, "lm")
    x, y = _key_slots()[-1]
    paste(base, token_sprite(None, "down", KEY_R), (x + KEY_R, y))
    return base


@cache
def _key_slots() -> tuple[tuple[float, float], ...]:
    """Where each symbol of the key starts (left, middle), the blank token last: two rows."""
    small = font(SMALL_PX, "Semibold")
    per_row = (len(KINDS) + 2) // 2
    slots: list[tuple[float, float]] = []
    x, y = FIELD_X, float(KEY_Y)
    for i, kind in enumerate(KINDS):
        if i == per_row:
            x, y = FIELD_X, float(KEY_Y + KEY_ROW)
        slots.append((x, y))
        x += 2 * KEY_R + u(8) + small.getlength(LABELS[kind]) + u(28)
    slots.append((x, y))
    return tuple(slots)


@cache
def _key_text_x() -> float:
    """Where the words after the blank token of the key start."""
    return _key_slots()[-1][0] + 2 * KEY_R + u(8)


# Rendering.


def _view(view: object) -> View:
    return expect_view(view, View, "Ultima-Tek", "games.ultimatek.View objects")


def _names(ctx: BoardContext) -> tuple[str, str]:
    return player_names(ctx, WORDS)


def _status(view: View, ctx: BoardContext) -> tuple[str, int | None]:
    """The status line and the side whose piece leads it."""
    lang = ctx.language
    words = WORDS[lang]
    names = _names(ctx)
    if view.outcome is not None:
        a, b = view.score
        if view.outcome.winners:
            w = view.outcome.winners[0]
            return words["wins"].format(name=names[w], a=max(a, b), b=min(a, b)), w
        return words["draw"].format(a=a, b=b), None
    if view.to_act is None:
        return (words["kickoff"] if view.kickoff is None else words["dealing"]), None
    side = _word(lang, "side", view.to_act)
    return words["to_act"].format(name=names[view.to_act], side=side), view.to_act


def _turn_text(view: View, lang: str) -> str:
    words = WORDS[lang]
    n = min(view.turns + 1, view.cap) if view.cap and view.outcome is None else view.turns
    return words["turn_cap"].format(n=n, cap=view.cap) if view.cap else words["turn"].format(n=n)


def _public(move: str) -> str:
    return public_notation(move)


def _hand_tokens(view: View, seat: Seat) -> list[tuple[str | None, TokenStyle]]:
    """The tokens of ``seat``'s hand this view may show: kinds for the viewer's own, backs otherwise."""
    if view.viewer == seat:
        return [(kind, "secret") for kind in view.hand]
    return [(None, "down")] * view.hand_sizes[seat]


def _hand_box(seat: Seat) -> tuple[float, float]:
    """The left edge and width of the row of hand tokens on ``seat``'s card."""
    width = HAND_SLOTS * (2 * HAND_R + u(8)) - u(8)
    return (CARD_X[seat][1] - u(18) - width if seat == 0 else CARD_X[seat][0] + u(18)), width


def _draw_cards(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext) -> None:
    names = _names(ctx)
    lang = ctx.language
    name_face = font(NAME_PX, "Bold")
    for seat in (0, 1):
        x0, x1 = CARD_X[seat]
        if view.outcome is None and view.to_act == seat:
            draw.rounded_rectangle((x0, CARD_Y, x1, CARD_Y + CARD_H), radius=u(16), outline=HIGHLIGHT, width=3)
        elif view.outcome is not None and seat in view.outcome.winners:
            draw.rounded_rectangle((x0, CARD_Y, x1, CARD_Y + CARD_H), radius=u(16), outline=GOLD, width=4)
        icon = piece_sprite(seat, 2, False)
        icon_x = x0 + u(50) if seat == 0 else x1 - u(50)
        paste(canvas, icon, (icon_x, CARD_Y + CARD_H / 2 + u(4)))
        tokens = _hand_tokens(view, seat)
        hx0, hand_w = _hand_box(seat)
        for i in range(HAND_SLOTS):
            cx = hx0 + HAND_R + i * (2 * HAND_R + u(8))
            cy = CARD_Y + u(84)
            if i < len(tokens):
                kind, style = tokens[i]
                paste(canvas, token_sprite(kind, style, HAND_R), (cx, cy))
            else:
                draw.ellipse(
                    (cx - HAND_R + 3, cy - HAND_R + 3, cx + HAND_R - 3, cy + HAND_R - 3), outline=PANEL_EDGE, width=2
                )
        room = hx0 - (x0 + u(86)) - u(14) if seat == 0 else (x1 - u(86)) - (hx0 + hand_w) - u(14)
        shown = display_name(names[seat], name_face, room, _word(lang, "Side", seat))
        if seat == 0:
            draw.text((x0 + u(86), CARD_Y + u(50)), shown, font=name_face, fill=CREAM, anchor="lm")
        else:
            draw.text((x1 - u(86), CARD_Y + u(50)), shown, font=name_face, fill=CREAM, anchor="rm")
    # The score.
    mid = (SCORE_X[0] + SCORE_X[1]) / 2
    big = font(SCORE_PX, "Bold")
    draw.text((mid - u(24), CARD_Y + u(76)), str(view.score[0]), font=big, fill=SIDE_LIGHT[0], anchor="rm")
    draw.text((mid + u(24), CARD_Y + u(76)), str(view.score[1]), font=big, fill=SIDE_LIGHT[1], anchor="lm")
    draw.text(
        (mid, CARD_Y + CARD_H - u(22)), _turn_text(view, lang), font=font(SMALL_PX, "Semibold"), fill=MUTED, anchor="mm"
    )


@lru_cache(maxsize=16)
def _phase_layout(lang: str, phase: int) -> tuple[tuple[tuple[float, str, bool], ...], tuple[float, ...], float, float]:
    """Where the status line's right part goes: each phase label (x, text, lit), the separators' x, the
    right edge of the word "credits", and the room left for the status text."""
    words = WORDS[lang]
    right = WIDTH - u(40) - 3 * u(34) - u(6)
    credits_x = right
    right -= font(SMALL_PX, "Semibold").getlength(words["credits"]) + u(24)
    plain, lit_face = font(SMALL_PX, "Semibold"), font(SMALL_PX, "Bold")
    names = words["phases"].split("|")
    parts = [f"{i + 1} {names[i]}" for i in range(3)]
    widths = [(lit_face if i + 1 == phase else plain).getlength(p) for i, p in enumerate(parts)]
    total = sum(widths) + 2 * u(30)
    px = right - total
    labels, separators = [], []
    for i, part in enumerate(parts):
        labels.append((px, part, i + 1 == phase))
        px += widths[i]
        if i < 2:
            separators.append(px + u(15))
        px += u(30)
    return tuple(labels), tuple(separators), credits_x, right - total - u(30)


def _draw_status(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext) -> None:
    lang = ctx.language
    status, lead = _status(view, ctx)
    x = u(40)
    if lead is not None:
        paste(canvas, piece_sprite(lead, 1, False), (x + u(26), STATUS_Y + u(4)))
        x += u(60)
    big = font(HEADLINE_PX, "Bold")
    right = WIDTH - u(40)
    if view.to_act is not None and view.outcome is None:
        # The credits as coins on the right, then the phases with the current one lit.
        for i in range(3):
            paste(canvas, credit_sprite(i < view.credits, CREDIT_R), (right - u(14) - (2 - i) * u(34), STATUS_Y))
        labels, separators, credits_x, right = _phase_layout(lang, view.phase)
        plain, bold = font(SMALL_PX, "Semibold"), font(SMALL_PX, "Bold")
        draw.text((credits_x, STATUS_Y), WORDS[lang]["credits"], font=plain, fill=MUTED, anchor="rm")
        for px, part, lit in labels:
            if lit:
                w = bold.getlength(part)
                pill = (px - u(10), STATUS_Y - u(22), px + w + u(10), STATUS_Y + u(22))
                draw.rounded_rectangle(pill, radius=u(22), fill=PILL)
            draw.text((px, STATUS_Y), part, font=bold if lit else plain, fill=HIGHLIGHT if lit else MUTED, anchor="lm")
        for sx in separators:
            draw.text((sx, STATUS_Y), "›", font=plain, fill=PANEL_EDGE, anchor="mm")
    draw.text((x, STATUS_Y), fit_text(clean_text(status, big), big, right - x), font=big, fill=CREAM, anchor="lm")


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


def _draw_field(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext) -> None:
    if view.disc is not None:
        # The disc's hex is outlined in white, unless the last move's yellow outline takes its place.
        cx, cy = hex_centre(view.disc)
        draw.polygon(hexagon(cx, cy, R - u(3)), outline=(250, 250, 246), width=round(u(4)))
    for h in _hex_marks(ctx):
        cx, cy = hex_centre(h)
        draw.polygon(hexagon(cx, cy, R - u(3)), outline=HIGHLIGHT, width=round(u(5)))
    stopped = {(s.hex, 1 - s.owner) for s in view.stops}
    by_hex: dict[Hex, list[PieceView]] = {}
    for p in view.pieces:
        by_hex.setdefault(p.hex, []).append(p)
    for h in sorted(by_hex):
        cx, cy = hex_centre(h)
        here = sorted(by_hex[h], key=lambda p: p.side)
        shared = len(here) > 1
        base_y = cy + _base_dy(shared)
        for p in here:
            px = cx + (-SLOT_DX if p.side == 0 else SLOT_DX) if shared else cx
            sprite = piece_sprite(p.side, p.strength, p.blocked)
            bx, by = piece_base(p.strength)
            canvas.paste(sprite, (round(px - bx), round(base_y - by)), sprite)
            top_y = base_y - by + piece_top(p.strength)[1]
            # The token lies on the stack: above its top face, off to the right when the hex has room.
            badge = (px + (0 if shared else u(14)), top_y - u(28))
            if (p.hex, p.side) in stopped or p.blocked:
                paste(canvas, stop_marker(TOKEN_R), badge)
                continue
            token = _token_of(view, p)
            if token is not None:
                paste(canvas, token_sprite(token[0], token[1], TOKEN_R), badge)


def _base_dy(shared: bool) -> float:
    """How far below its hex's centre a stack stands: two sharing a hex stand nearer its middle, where the
    hex is widest, so that both (and the disc before them) stay inside its border."""
    return BASE_DY - u(8) if shared else BASE_DY


def _draw_disc(canvas: Image.Image, view: View) -> None:
    """The disc in front of the pieces of its hex, or in the middle of an empty hex."""
    if view.disc is not None:
        cx, cy = hex_centre(view.disc)
        here = view.pieces_in(view.disc)
        dy = _base_dy(len(here) > 1) + DISC_DY if here else u(14)
        paste(canvas, disc_sprite(DISC_RX, DISC_RY), (cx, cy + dy))


def _draw_footer(draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext) -> None:
    lang = ctx.language
    words = WORDS[lang]
    face = font(SMALL_PX, "Semibold")
    small = font(SMALL_PX, "Semibold")
    right = WIDTH - FIELD_X
    bag = words["bag"].format(bag=view.bag, discard=view.discard)
    right_w = draw_text(draw, (right, PLAYED_Y), bag, small, MUTED, "rm")
    room = right - right_w - u(30) - FIELD_X
    played = [_public(a) for a in view.played]
    if played:
        line = words["this_turn"].format(actions=" · ".join(played))
        if face.getlength(line) > room:
            # Keep the latest actions: drop the oldest ones behind an ellipsis.
            while (
                len(played) > 1
                and face.getlength(words["this_turn"].format(actions="… · " + " · ".join(played))) > room
            ):
                played = played[1:]
            line = words["this_turn"].format(actions="… · " + " · ".join(played))
    elif ctx.last_move and view.outcome is None:
        line = words["last"].format(move=_public(ctx.last_move))
    elif view.to_act is not None:
        line = words["nothing_yet"]
    else:
        line = words["last"].format(move=_public(ctx.last_move)) if ctx.last_move else ""
    if line:
        draw.text((FIELD_X, PLAYED_Y), fit_text(line, face, room), font=face, fill=CREAM, anchor="lm")
    names = _names(ctx)
    key_x = _key_text_x()
    key_face = font(SMALL_PX, "Semibold")
    if view.viewer is None:
        key = words["key_public"]
    else:
        other = 1 - view.viewer
        key = words["key_private"].format(name=display_name(names[other], key_face, WIDTH, _word(lang, "Side", other)))
    key_y = _key_slots()[-1][1]
    draw.text((key_x, key_y), fit_text(key, key_face, WIDTH - FIELD_X - key_x), font=key_face, fill=MUTED, anchor="lm")


def _draw_private_tag(draw: ImageDraw.ImageDraw, view: View, ctx: BoardContext) -> None:
    if view.viewer is None:
        return
    face = font(SMALL_PX, "Bold")
    name = display_name(_names(ctx)[view.viewer], face, WIDTH, _word(ctx.language, "Side", view.viewer))
    text = fit_text(WORDS[ctx.language]["private"].format(name=name), face, 14 * R - u(40))
    w = face.getlength(text)
    cx = WIDTH / 2
    y = FIELD_BOTTOM + u(2)
    colour = SIDE_COLOURS[view.viewer]
    box = (cx - w / 2 - u(16), y - u(22), cx + w / 2 + u(16), y + u(22))
    draw.rounded_rectangle(box, radius=u(22), fill=mix(colour, INK, 0.3))
    draw.text((cx, y), text, font=face, fill=CREAM, anchor="mm")


def _target_corner(name: str) -> tuple[float, float] | None:
    """Where a target dot goes on hex ``name``: right of its name, above the pieces."""
    index = BY_NAME.get(name.strip().lower())
    if index is None:
        return None
    cx, cy = hex_centre(HEXES[index])
    return cx + u(30), cy - HH + u(26)


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
    """After a goal, a banner in the scorer's colour across the bottom row of the field, which the
    kick-off set-up leaves empty."""
    scorer = goal_scorer(view, ctx)
    if scorer is None:
        return
    face = font(BANNER_PX, "Bold")
    a, b = view.score
    text = WORDS[ctx.language]["goal_banner"].format(name=_names(ctx)[scorer], a=a, b=b)
    text = fit_text(clean_text(text, face), face, 14 * R - u(120))
    w = face.getlength(text)
    cx, cy = WIDTH / 2, FIELD_BOTTOM - 0.55 * HH
    box = (cx - w / 2 - u(36), cy - u(42), cx + w / 2 + u(36), cy + u(42))

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        pen = Pen(draw, k, (box[0] - 8, box[1] - 8))
        pen.rrect(box, u(26), fill=mix(SIDE_COLOURS[scorer], INK, 0.25), outline=GOLD, width=u(6))

    size = (round(box[2] - box[0]) + 16, round(box[3] - box[1]) + 16)
    layer = supersampled(size, 2, paint)
    canvas.paste(layer, (round(box[0]) - 8, round(box[1]) - 8), layer)
    ImageDraw.Draw(canvas).text((cx, cy + u(2)), text, font=face, fill=CREAM, anchor="mm")


def _draw_board(view: View, ctx: BoardContext) -> Image.Image:
    canvas = _static_base(ctx.language).copy()
    draw = ImageDraw.Draw(canvas)
    _draw_cards(canvas, draw, view, ctx)
    _draw_status(canvas, draw, view, ctx)
    _draw_field(canvas, draw, view, ctx)
    _draw_disc(canvas, view)
    _draw_private_tag(draw, view, ctx)
    _draw_footer(draw, view, ctx)
    paste_targets(canvas, ctx.targets, _target_corner)
    _draw_goal_banner(canvas, view, ctx)
    return canvas


def _swatches() -> Image.Image:
    """Every sprite once, so the palette holds their colours even when the sample positions lack one."""
    sheet = Image.new("RGB", (WIDTH, 300), GRASS[0])
    x = 10
    for side in (0, 1):
        for strength in (1, 2, 3):
            for blocked in (False, True):
                sprite = piece_sprite(side, strength, blocked)
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


@cache
def _palette() -> Image.Image:
    from games.ultimatek import from_text

    state = from_text(SAMPLE)
    samples = [_swatches()]
    for lang in ("en", "fr"):
        ctx = BoardContext(("Alice", "Bob"), "d2-e2", 0, ("d2", "e2"), lang)
        for viewer in (None, 0, 1):
            samples.append(_draw_board(state.view_for(viewer), ctx))
    return build_palette(samples, keep=(*GRASS, *GREY, LINE, GOLD, *SIDE_COLOURS, *SIDE_LIGHT, DISC_WHITE))


def render(view: object, ctx: BoardContext) -> bytes:
    """The field of ``view`` as PNG bytes (deterministic, no metadata)."""
    return encode_png(_draw_board(_view(view), ctx), _palette())


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
        return f"{text} ({words['alt_face_up'].format(kind=LABELS[kind])})"
    if style == "secret" and kind is not None:
        return f"{text} ({words['alt_secret'].format(kind=LABELS[kind])})"
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
        kinds = ", ".join(LABELS[k] for k in v.hand) or words["alt_empty"]
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


RENDERER: Final = GameRenderer(render=render, describe=describe, highlights=highlights)

__all__ = ["GAME_ID", "RENDERER", "describe", "hex_centre", "highlights", "render"]
