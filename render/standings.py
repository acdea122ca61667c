"""The standings of an event as an image: a title, then one block per player. Pure: rows in, PNG out.

The caller gives every text already formatted and translated (:class:`StandingsTable`); this module only
lays it out, so the same drawing serves Swiss, round-robin and table standings in any language. The image
is drawn for a phone's column (the boards' rule, :mod:`render.lettering`: every text at least 12 CSS px once
shown 265 CSS px wide, nothing shortened): a column per figure would shrink the text, so each player takes a
block of two kinds of line, the rank, the name (wrapped, never cut) and the points (the column after the
name, as written: "2.5 points") on the first, every other
column as "header value" on the second. Blocks alternate two shades; the leaders' rank (column 0) is drawn
in the highlight colour, and rows flagged ``dimmed`` (withdrawn players) in the muted colour with their name
struck through, so the mark does not rely on colour alone.

Like the boards, images use the bundled fonts and leave through :func:`render.common.encode_png` on a
palette computed once, so equal tables give byte-identical PNGs.
"""

from __future__ import annotations

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
    SHELL,
    build_palette,
    clean_text,
    draw_text,
    encode_png,
    font,
    wrap_text,
)
from render.palettes import Sampler, shipped

WIDTH: Final = 640
"""The image's width: a phone's column shows it some 265 CSS px wide, where :data:`TEXT_PX` still reads at
:data:`render.lettering.PHONE_MIN_CSS` or more."""
MARGIN: Final = 24
PAD: Final = 12
"""Room around a row's text."""
RANK_W: Final = 64
"""The rank column, left of each row."""
TITLE_PX: Final = 36
TEXT_PX: Final = 31
SMALL_PX: Final = 29
"""The row's second line and the subtitle: ``29 × 265 / 640`` ≈ 12 CSS px on a phone."""
LINE_GAP: Final = 8
MAX_ROWS: Final = 200
"""Rows drawn at most; the rest are summed up as "+N" in the footer (a table of 200 lines is already long)."""
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


@cache
def _faces() -> tuple[ImageFont.FreeTypeFont, ImageFont.FreeTypeFont, ImageFont.FreeTypeFont, ImageFont.FreeTypeFont]:
    """Title, rank and name, points, and second-line faces."""
    return font(TITLE_PX, "Bold"), font(TEXT_PX, "Semibold"), font(TEXT_PX), font(SMALL_PX)


def _height(face: ImageFont.FreeTypeFont) -> int:
    return int(face.size) + LINE_GAP


@dataclass(frozen=True, slots=True)
class _Row:
    """One player's block: where it starts, its name lines and its detail lines."""

    top: int
    names: tuple[str, ...]
    points: str
    details: tuple[str, ...]

    @property
    def height(self) -> int:
        _, strong, _, small = _faces()
        return 2 * PAD + len(self.names) * _height(strong) + len(self.details) * _height(small)


def _main_columns(table: StandingsTable) -> tuple[int, int, int | None]:
    """The rank, name and points columns: the rank is first, the points follow the name."""
    points = table.name_column + 1 if table.name_column + 1 < len(table.headers) else None
    return 0, table.name_column, points


def _layout(table: StandingsTable) -> tuple[list[str], list[str], list[_Row], list[str], int]:
    """Title lines, subtitle lines, the rows' blocks, footer lines and the image's height."""
    title_face, strong, regular, small = _faces()
    width = WIDTH - 2 * MARGIN
    rows = table.rows[:MAX_ROWS]
    hidden = len(table.rows) - len(rows)
    title = wrap_text(clean_text(table.title, title_face) or "—", title_face, width)
    subtitle = wrap_text(clean_text(table.subtitle, small), small, width) if table.subtitle else []
    rank_col, name_col, points_col = _main_columns(table)
    y = MARGIN + len(title) * _height(title_face) + len(subtitle) * _height(small) + PAD
    blocks: list[_Row] = []
    for row in rows:
        points = "" if points_col is None else clean_text(row[points_col], regular)
        room = width - RANK_W - 2 * PAD - (regular.getlength(points) + PAD if points else 0)
        names = wrap_text(clean_text(row[name_col], strong) or "—", strong, room)
        rest = [
            f"{header} {cell}"
            for index, (header, cell) in enumerate(zip(table.headers, row, strict=True))
            if index not in (rank_col, name_col, points_col) and cell
        ]
        details = wrap_text(" · ".join(rest), small, width - RANK_W - 2 * PAD) if rest else []
        block = _Row(y, tuple(names), points, tuple(details))
        blocks.append(block)
        y += block.height
    footer_text = " · ".join(part for part in (table.footer, f"+{hidden}" if hidden else "") if part)
    footer = wrap_text(clean_text(footer_text, small), small, width) if footer_text else []
    height = y + (PAD + len(footer) * _height(small) if footer else 0) + MARGIN
    return title, subtitle, blocks, footer, height


def row_top(table: StandingsTable, index: int) -> int:
    """The y of the top edge of row ``index`` (0 = the first player) in the image of ``table``."""
    return _layout(table)[2][index].top


def _draw(table: StandingsTable) -> Image.Image:
    title_face, strong, regular, small = _faces()
    title, subtitle, blocks, footer, height = _layout(table)
    image = Image.new("RGB", (WIDTH, height), BACKDROP)
    draw = ImageDraw.Draw(image)
    y = float(MARGIN)
    for line in title:
        draw_text(draw, (MARGIN, y), line, title_face, CREAM)
        y += _height(title_face)
    for line in subtitle:
        draw_text(draw, (MARGIN, y), line, small, MUTED)
        y += _height(small)

    leaders = table.rows[0][0] if table.rows else None
    for index, (row, block) in enumerate(zip(table.rows, blocks, strict=False)):
        if index % 2 == 0:
            draw.rectangle([MARGIN, block.top, WIDTH - MARGIN - 1, block.top + block.height - 1], fill=PANEL)
        dim = index < len(table.dimmed) and table.dimmed[index]
        y = block.top + PAD
        rank = clean_text(row[0], strong) if table.name_column != 0 else ""
        if rank:
            # The leaders' rank stands out (shared first places too); the number says it without colour.
            colour = MUTED if dim else HIGHLIGHT if row[0] == leaders else CREAM
            draw_text(draw, (MARGIN + RANK_W - PAD, y), rank, strong, colour, anchor="ra")
        if block.points:
            draw_text(draw, (WIDTH - MARGIN - PAD, y), block.points, regular, MUTED if dim else CREAM, anchor="ra")
        x = MARGIN + RANK_W + PAD
        for line in block.names:
            draw_text(draw, (x, y), line, strong, MUTED if dim else CREAM if index == 0 else SHELL)
            if dim:
                # Struck through, so a withdrawal does not rest on the muted colour alone.
                middle = y + strong.size * 0.55
                draw.line([(x, middle), (x + strong.getlength(line), middle)], fill=MUTED, width=2)
            y += _height(strong)
        for line in block.details:
            draw_text(draw, (x, y), line, small, MUTED)
            y += _height(small)

    if footer:
        y = blocks[-1].top + blocks[-1].height + PAD if blocks else y + PAD
        for line in footer:
            draw_text(draw, (MARGIN, y), line, small, MUTED)
            y += _height(small)
    return image


def _sample_palette() -> Image.Image:
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


PALETTE_SAMPLERS: Final[dict[str, Sampler]] = {"standings": _sample_palette}
"""The standings image's palette, for :mod:`render.palettes`."""


@cache
def _palette() -> Image.Image:
    return shipped("standings", _sample_palette)


def render_standings(table: StandingsTable) -> bytes:
    """The standings as PNG bytes, :data:`WIDTH` px wide and as tall as the table, deterministic, no metadata."""
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
