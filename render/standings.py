"""The standings of an event as an image: a title, a header row and one line per player. Pure: rows in, PNG out.

The caller gives every text already formatted and translated (:class:`StandingsTable`); this module only
lays it out, so the same drawing serves Swiss, round-robin and table standings in any language. Columns
size themselves to their widest text; the name column takes the room that is left and shortens long names
with an ellipsis. Lines alternate two shades so a row can be followed across on a phone; the leaders' rank
(column 0, the rank column) is drawn in the highlight colour, and rows flagged ``dimmed`` (withdrawn
players) in the muted colour with their name struck through, so the mark does not rely on colour alone.

Like the boards, images use the bundled fonts and leave through :func:`render.common.encode_png` on a
palette computed once, so equal tables give byte-identical PNGs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from render.common import (
    BACKDROP,
    CREAM,
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SHELL,
    build_palette,
    clean_text,
    draw_text,
    encode_png,
    fit_text,
    font,
)

MIN_WIDTH: Final = 1000
MAX_WIDTH: Final = 1600
MARGIN: Final = 36
PAD: Final = 14
"""Room on each side of a cell's text."""
ROW_H: Final = 46
TITLE_H: Final = 56
SUBTITLE_H: Final = 38
HEADER_H: Final = 48
FOOTER_H: Final = 40
MIN_NAME_W: Final = 240
MAX_ROWS: Final = 200
"""Rows drawn at most; the rest are summed up as "+N" in the footer (a table of 200 lines is already long)."""
TEXT_PX: Final = 24
TITLE_PX: Final = 36
ALT_MAX: Final = 1000


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """Everything drawn, as text: ``rows`` are cells under ``headers`` (the same count), best first."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    subtitle: str = ""
    footer: str = ""
    dimmed: tuple[bool, ...] = ()
    """Per row: drawn muted and struck through (a withdrawn player). Missing entries count as False."""
    name_column: int = 1
    """The column of names: left-aligned, it takes the width the other columns leave."""

    def __post_init__(self) -> None:
        if any(len(row) != len(self.headers) for row in self.rows):
            raise ValueError("every row needs one cell per header")
        if not 0 <= self.name_column < max(1, len(self.headers)):
            raise ValueError("the name column must be one of the columns")


def _faces() -> tuple[ImageFont.FreeTypeFont, ImageFont.FreeTypeFont, ImageFont.FreeTypeFont]:
    return font(TITLE_PX, "Bold"), font(TEXT_PX, "Semibold"), font(TEXT_PX)


def _column_widths(table: StandingsTable, rows: Sequence[tuple[str, ...]]) -> tuple[list[float], int]:
    """The width of each column and of the whole image; the name column gets what is left."""
    _, bold, regular = _faces()
    widths: list[float] = []
    for index, header in enumerate(table.headers):
        cells = [bold.getlength(header)] + [regular.getlength(row[index]) for row in rows]
        widths.append(max(cells) + 2 * PAD)
    others = sum(w for i, w in enumerate(widths) if i != table.name_column)
    wanted_name = max(MIN_NAME_W, widths[table.name_column] if widths else MIN_NAME_W)
    width = int(min(MAX_WIDTH, max(MIN_WIDTH, 2 * MARGIN + others + wanted_name)))
    # Names give way first; only columns too wide for even the shortest name column widen the image further.
    width = max(width, int(2 * MARGIN + others + MIN_NAME_W) + 1)
    if widths:
        widths[table.name_column] = max(MIN_NAME_W, width - 2 * MARGIN - others)
    return widths, width


def row_top(table: StandingsTable, index: int) -> int:
    """The y of the top edge of row ``index`` (0 = the first player) in the image of ``table``."""
    return MARGIN + TITLE_H + (SUBTITLE_H if table.subtitle else 0) + HEADER_H + index * ROW_H


def _draw(table: StandingsTable) -> Image.Image:
    title_face, bold, regular = _faces()
    rows = table.rows[:MAX_ROWS]
    hidden = len(table.rows) - len(rows)
    footer = " · ".join(part for part in (table.footer, f"+{hidden}" if hidden else "") if part)
    widths, width = _column_widths(table, rows)
    top = row_top(table, 0) - HEADER_H
    height = top + HEADER_H + ROW_H * len(rows) + (FOOTER_H if footer else 0) + MARGIN
    image = Image.new("RGB", (width, height), BACKDROP)
    draw = ImageDraw.Draw(image)

    title = fit_text(clean_text(table.title, title_face) or "—", title_face, width - 2 * MARGIN)
    draw_text(draw, (MARGIN, MARGIN + TITLE_H / 2), title, title_face, CREAM, anchor="lm")
    if table.subtitle:
        subtitle = fit_text(clean_text(table.subtitle, regular), regular, width - 2 * MARGIN)
        draw_text(draw, (MARGIN, MARGIN + TITLE_H + SUBTITLE_H / 2), subtitle, regular, MUTED, anchor="lm")

    def cells(
        y: float, texts: Sequence[str], face: ImageFont.FreeTypeFont, colours: Sequence[tuple[int, int, int]]
    ) -> None:
        x = float(MARGIN)
        for index, (text, w) in enumerate(zip(texts, widths, strict=True)):
            shown = fit_text(clean_text(text, face) or ("—" if index == table.name_column else ""), face, w - 2 * PAD)
            if index == table.name_column:
                draw_text(draw, (x + PAD, y), shown, face, colours[index], anchor="lm")
            else:
                # Numbers read best right-aligned, so decimals and tens line up down the column.
                draw_text(draw, (x + w - PAD, y), shown, face, colours[index], anchor="rm")
            x += w

    header_y = top + HEADER_H / 2
    cells(header_y, table.headers, bold, [MUTED] * len(widths))
    draw.line([(MARGIN, top + HEADER_H - 2), (width - MARGIN, top + HEADER_H - 2)], fill=PANEL_EDGE, width=2)

    name_x = MARGIN + sum(widths[: table.name_column]) + PAD
    for index, row in enumerate(rows):
        y0 = top + HEADER_H + index * ROW_H
        if index % 2 == 0:
            draw.rectangle([MARGIN, y0, width - MARGIN - 1, y0 + ROW_H - 1], fill=PANEL)
        dim = index < len(table.dimmed) and table.dimmed[index]
        base = MUTED if dim else CREAM
        colours = [base] * len(widths)
        if not dim and table.name_column != 0 and row[0] == rows[0][0]:
            colours[0] = HIGHLIGHT  # the leaders' rank (shared first places included)
        if not dim and table.name_column < len(colours):
            colours[table.name_column] = SHELL if index else CREAM
        cells(y0 + ROW_H / 2, row, regular, colours)
        if dim:
            name = fit_text(
                clean_text(row[table.name_column], regular) or "—", regular, widths[table.name_column] - 2 * PAD
            )
            y = y0 + ROW_H / 2
            draw.line([(name_x, y), (name_x + regular.getlength(name), y)], fill=MUTED, width=2)

    if footer:
        y = top + HEADER_H + ROW_H * len(rows) + FOOTER_H / 2 + 4
        text = fit_text(clean_text(footer, regular), regular, width - 2 * MARGIN)
        draw_text(draw, (MARGIN, y), text, regular, MUTED, anchor="lm")
    return image


@cache
def _palette() -> Image.Image:
    sample = StandingsTable(
        title="Standings Classement 0123456789",
        subtitle="Round 3 of 3 · Ronde",
        headers=("#", "Player", "Pts", "Buchholz", "SB", "W-D-L"),
        rows=tuple(
            (str(i + 1), f"Player {i} Joueuse", f"{i}.5", str(10 - i), str(i), f"{i}-0-{3 - i}") for i in range(6)
        ),
        dimmed=(False, False, False, False, True, False),
        footer="Withdrawn · Forfait",
    )
    return build_palette([_draw(sample)])


def render_standings(table: StandingsTable) -> bytes:
    """The standings as PNG bytes: at least 1000 px wide (up to 1600 for long names), deterministic, no metadata."""
    return encode_png(_draw(table), _palette())


def describe_standings(table: StandingsTable) -> str:
    """Alt text of the image (at most 1000 characters): the title, then one line per row, best first."""
    lines = [" — ".join(part for part in (table.title, table.subtitle) if part)]
    for row in table.rows:
        lines.append(
            ", ".join(
                f"{h}: {c}" if i != table.name_column else c
                for i, (h, c) in enumerate(zip(table.headers, row, strict=True))
                if c
            )
        )
    text = "\n".join(lines)
    if len(text) > ALT_MAX:
        text = text[: ALT_MAX - 1].rstrip() + "…"
    return text
