"""Ursuppe's second view: the players' numbers, the supply, the gene market and the latest events, drawn
for a phone's column.

The turn post carries one image, the board (:mod:`render.ursuppe`), kept short for a phone's screen; a
member who wants each player's BP, MP against the ozone, amoebas and genes, the supply, the gene market and
what happened lately opens this one on demand (the turn post's "Genes and events" button answers privately
with it). It is as wide as the board and held to the same lettering: no text under
:data:`render.ursuppe.TEXT_PX` (12 CSS px in a 265 CSS px column), nothing shortened, long names and
events wrap. First one full row per player (as :func:`render.ursuppe.draw_rows` draws it) and the supply's
chips, then one gene a row (name, price in BP, MP, copies left; sold-out genes dimmed, superior genes
marked with a gold chevron), then the latest events, the newest last and brightest. Deterministic.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.ursuppe.view import View
from render.common import BoardContext, Color, encode_png, supersampled
from render.lettering import note_figure, note_text
from render.ursuppe import (
    LINE_H,
    MARGIN,
    MARKER_D,
    TEXT_PX,
    WIDTH,
    _clean_names,
    _colours,
    _draw_lines,
    _lines,
    _palette,
    _part_pieces,
    draw_rows,
    rows_height,
    wrap_words,
)
from render.ursuppe_art import chip_sprite, paste, paste_text, superior_mark, theme, veil
from render.ursuppe_words import event_parts, gene_name, word

__all__ = ["EVENT_LINES", "WIDTH", "draw_detail", "render_detail"]

# WIDTH and MARGIN are the board's: the player rows at the top are the board's own (draw_rows, which
# places them with that margin), and the panels under them line up with their edges.
HEADING_PX: Final = TEXT_PX + 5
PAD: Final = 12
GENE_ROW: Final = 32
CHEVRON_D: Final = MARKER_D + 4
"""The box of a superior gene's chevron, which spans nine tenths of it: 12 CSS px across on a phone."""
CHEVRON_ROOM: Final = CHEVRON_D + 2
"""Room left of a gene's name for the chevron of a superior gene."""
HEADING_H: Final = 44
EVENT_LINES: Final = 8
DETAIL_PNG_LEVEL: Final = 3
COL_LEFT: Final = WIDTH - 2 * MARGIN - PAD
COL_MP: Final = COL_LEFT - 78
COL_PRICE: Final = COL_MP - 62
"""Right edges of the gene table's number columns (copies left, MP, price), from the panel's left."""


@cache
def _frame(width: int, height: int, palette: str) -> Image.Image:
    th = theme(palette)
    fill: Color = th.soup

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle(
            (k, k, (width - 1) * k, (height - 1) * k),
            radius=12 * k,
            fill=(*fill, 255),
            outline=(*th.square_edge, 255),
            width=round(2 * k),
        )

    return supersampled((width, height), 2, paint)


def draw_detail(view: View, ctx: BoardContext, colours: tuple[int, ...], names: tuple[str, ...]) -> Image.Image:
    """The gene market over the latest events (see the module)."""
    lang = ctx.language
    th = theme(ctx.palette)
    inner = WIDTH - 2 * MARGIN - 2 * PAD
    name_w = COL_PRICE - PAD - CHEVRON_ROOM - 50
    gene_lines = [wrap_words(gene_name(lang, g.gene), TEXT_PX, "Semibold", name_w) for g in view.genes]
    genes_h = HEADING_H + sum(len(lines) for lines in gene_lines) * GENE_ROW + PAD
    events = view.events[-EVENT_LINES:]
    inks = [th.muted] * (len(events) - 1) + [th.text] if events else []
    event_lines = [
        _lines(_part_pieces(event_parts(e, lang, view.players), colours, names, TEXT_PX, ink, ctx.palette), inner)
        for e, ink in zip(events, inks, strict=True)
    ]
    events_h = HEADING_H + max(1, sum(len(lines) for lines in event_lines)) * LINE_H + PAD
    # The players' full rows and the supply first: the board keeps only each player's score.
    supply = _supply_rows(view, colours, ctx.palette, inner)
    head_h = rows_height(view, ctx, names) + LINE_H * (len(supply) + 1) + 6
    height = head_h + MARGIN + genes_h + 10 + events_h + MARGIN
    image = Image.new("RGB", (WIDTH, height), th.backdrop)
    y = draw_rows(image, view, ctx, colours, names, MARGIN)
    paste_text(image, (MARGIN + PAD, y + LINE_H / 2), word(lang, "supply"), TEXT_PX, "Semibold", th.text, "lm")
    y += LINE_H
    for row in supply:
        for x, chip in row:
            image.paste(chip, (round(MARGIN + PAD + x), round(y + (LINE_H - chip.height) / 2)), chip)
        y += LINE_H
    box_w = WIDTH - 2 * MARGIN
    for top, h in ((head_h, genes_h), (head_h + genes_h + 10, events_h)):
        frame = _frame(box_w, h, ctx.palette)
        image.paste(frame, (MARGIN, top), frame)
    # The gene market.
    x0 = MARGIN
    mid = head_h + HEADING_H / 2 + 2
    paste_text(image, (x0 + PAD, mid), word(lang, "genes_heading"), HEADING_PX, "Bold", th.text, "lm")
    for key, right in (("col_price", COL_PRICE), ("col_mp", COL_MP), ("col_left", COL_LEFT)):
        paste_text(image, (x0 + right, mid), word(lang, key), TEXT_PX, "Semibold", th.muted, "rm")
    gy = head_h + HEADING_H
    for g, lines in zip(view.genes, gene_lines, strict=True):
        mid = gy + GENE_ROW / 2
        if g.requires:
            # As large as a silhouette, 12 CSS px on a phone (issue 39: at 22 px it was some 10).
            note_figure("superior gene chevron", 0.9 * CHEVRON_D)
            paste(image, superior_mark(CHEVRON_D), (x0 + PAD + CHEVRON_D / 2 - 4, mid + 1))
        for i, line in enumerate(lines):
            paste_text(image, (x0 + PAD + CHEVRON_ROOM, mid + i * GENE_ROW), line, TEXT_PX, "Semibold", th.text, "lm")
        for value, right in ((g.price, COL_PRICE), (g.mp, COL_MP)):
            paste_text(image, (x0 + right, mid), str(value), TEXT_PX, "Bold", th.text, "rm")
        paste_text(image, (x0 + COL_LEFT, mid), str(g.left), TEXT_PX, "Bold", th.text if g.left else th.muted, "rm")
        row_h = len(lines) * GENE_ROW
        if g.left <= 0:
            dim = veil(box_w - 12, row_h - 4, 165)
            image.paste(dim, (x0 + 6, round(gy + 2)), dim)
        gy += row_h
    # The latest events, the newest last and brightest.
    top = head_h + genes_h + 10
    paste_text(image, (x0 + PAD, top + HEADING_H / 2 + 2), word(lang, "events"), HEADING_PX, "Bold", th.text, "lm")
    ey = top + HEADING_H
    if not events:
        paste_text(image, (x0 + PAD, ey + LINE_H / 2), word(lang, "no_events"), TEXT_PX, "Regular", th.muted, "lm")
    for placed in event_lines:
        _draw_lines(image, placed, x0 + PAD, ey)
        ey += len(placed) * LINE_H
    return image


def _supply_rows(
    view: View, colours: tuple[int, ...], palette: str, width: float
) -> list[list[tuple[float, Image.Image]]]:
    """The supply's chips (cubes left of each colour) in rows ``width`` wide, each chip with its x."""
    rows: list[list[tuple[float, Image.Image]]] = [[]]
    x = 0.0
    for seat, count in enumerate(view.supply[: view.players]):
        # Silhouettes as tall as the text (12 CSS px on a phone), not the squares' 16 px: this view has the room.
        chip = chip_sprite(colours[seat], count, 0, TEXT_PX, palette, MARKER_D)
        if rows[-1] and x + chip.width > width:
            rows.append([])
            x = 0.0
        note_text(str(count), TEXT_PX)
        rows[-1].append((x, chip))
        x += chip.width + 12
    return rows


def render_detail(view: View, ctx: BoardContext) -> bytes:
    """The detail image of ``view`` as PNG bytes, on the board's palette."""
    image = draw_detail(view, ctx, _colours(view), _clean_names(view, ctx))
    # Level 3, not the board's: this image is twice the board's height (the players' full rows); zlib-ng at 3
    # draws and encodes it in some 10 ms for a median of 45 KB (at 6: 12 ms and 39 KB; zlib's 3 took 14 ms and 51 KB).
    return encode_png(image, _palette(ctx.palette), level=DETAIL_PNG_LEVEL)
