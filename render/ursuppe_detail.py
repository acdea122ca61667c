"""The second image of an Ursuppe turn: the gene market and the latest events, sized for a phone.

The main board (:mod:`render.ursuppe`) keeps the soup, the score ring and each player's key numbers;
the detail a player reads less often goes here, on a narrower canvas so that its text, like the boards',
stays at least 11 px tall once the image is shown 400 px wide. Deterministic like every board.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.ursuppe.view import View
from render.common import (
    BACKDROP,
    CREAM,
    MUTED,
    PANEL,
    PANEL_EDGE,
    BoardContext,
    encode_png,
    fit_text,
    font,
    phone_text,
    supersampled,
)
from render.ursuppe_art import paste, paste_text, superior_mark, veil
from render.ursuppe_words import event_parts, gene_name, word

WIDTH: Final = 800
TEXT_PX: Final = phone_text(WIDTH) + 2
"""The text of the detail image (24 px: 12 px once shown 400 px wide)."""
HEADING_PX: Final = TEXT_PX + 6
MARGIN: Final = 16
PAD: Final = 16
GENE_ROW: Final = 38
GENE_COLUMNS: Final = 2
EVENT_ROW: Final = 42
EVENT_LINES: Final = 8
HEADING_H: Final = 52
COLUMN_W: Final = (WIDTH - 2 * MARGIN) / GENE_COLUMNS
COL_PRICE: Final = COLUMN_W - 118
COL_MP: Final = COLUMN_W - 70
COL_LEFT: Final = COLUMN_W - 16
"""Right edges of the gene table's number columns, from the left of a column."""


def _genes_height(view: View) -> int:
    rows = max(1, math.ceil(len(view.genes) / GENE_COLUMNS))
    return HEADING_H + rows * GENE_ROW + PAD


def _events_height(view: View) -> int:
    return HEADING_H + max(1, min(EVENT_LINES, len(view.events))) * EVENT_ROW + PAD


@cache
def _frame(width: int, height: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle(
            (k, k, (width - 1) * k, (height - 1) * k), radius=14 * k, fill=PANEL, outline=PANEL_EDGE, width=round(2 * k)
        )

    return supersampled((width, height), 2, paint)


def draw_detail(view: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...]) -> Image.Image:
    """The gene market (price, mutation points, cards left; sold-out genes dimmed) over the latest events."""
    from render.ursuppe import _draw_parts

    lang = ctx.language
    genes_h, events_h = _genes_height(view), _events_height(view)
    height = MARGIN + genes_h + 12 + events_h + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKDROP)
    box_w = WIDTH - 2 * MARGIN
    image.paste(_frame(box_w, genes_h), (MARGIN, MARGIN), _frame(box_w, genes_h))
    events_y = MARGIN + genes_h + 12
    image.paste(_frame(box_w, events_h), (MARGIN, events_y), _frame(box_w, events_h))
    # The gene market.
    y = MARGIN + HEADING_H / 2 + 2
    paste_text(image, (MARGIN + PAD, y), word(lang, "genes_heading"), HEADING_PX, "Bold", CREAM, "lm")
    for j in range(GENE_COLUMNS):
        x0 = MARGIN + j * COLUMN_W
        for key, right in (("col_price", COL_PRICE), ("col_mp", COL_MP), ("col_left", COL_LEFT)):
            paste_text(image, (x0 + right, y), word(lang, key), TEXT_PX, "Semibold", MUTED, "rm")
    rows = max(1, math.ceil(len(view.genes) / GENE_COLUMNS))
    face = font(TEXT_PX, "Semibold")
    for i, g in enumerate(view.genes):
        j, r = divmod(i, rows)
        x0 = MARGIN + j * COLUMN_W
        gy = MARGIN + HEADING_H + r * GENE_ROW + GENE_ROW / 2
        if g.requires:
            paste(image, superior_mark(22), (x0 + PAD + 10, gy + 1))
        name = fit_text(gene_name(lang, g.gene, short=True), face, COL_PRICE - 50 - PAD - 24)
        paste_text(image, (x0 + PAD + 26, gy), name, TEXT_PX, "Semibold", CREAM, "lm")
        for value, right in ((g.price, COL_PRICE), (g.mp, COL_MP)):
            paste_text(image, (x0 + right, gy), str(value), TEXT_PX, "Bold", CREAM, "rm")
        paste_text(image, (x0 + COL_LEFT, gy), str(g.left), TEXT_PX, "Bold", CREAM if g.left else MUTED, "rm")
        if g.left <= 0:
            dim = veil(round(COLUMN_W - 12), GENE_ROW - 4, 165)
            image.paste(dim, (round(x0 + 6), round(gy - GENE_ROW / 2 + 2)), dim)
    # The latest events, the newest last and brightest.
    y = events_y + HEADING_H / 2 + 2
    paste_text(image, (MARGIN + PAD, y), word(lang, "events"), HEADING_PX, "Bold", CREAM, "lm")
    events = view.events[-EVENT_LINES:]
    if not events:
        ey = events_y + HEADING_H + EVENT_ROW / 2
        paste_text(image, (MARGIN + PAD, ey), word(lang, "no_events"), TEXT_PX, "Regular", MUTED, "lm")
    for i, event in enumerate(events):
        ey = events_y + HEADING_H + i * EVENT_ROW + EVENT_ROW / 2
        colour = CREAM if i == len(events) - 1 else MUTED
        parts = event_parts(event, lang, view.players)
        _draw_parts(
            image, MARGIN + PAD, ey, parts, colours, names, TEXT_PX, WIDTH - MARGIN - PAD, colour, 36, 220, chip=28
        )
    return image


def render_detail(view: View, ctx: BoardContext) -> bytes:
    """The detail image of ``view`` as PNG bytes, on the board's palette."""
    from render.ursuppe import _clean_names, _colours, _palette

    return encode_png(draw_detail(view, ctx, _colours(view), _clean_names(view, ctx)), _palette())
