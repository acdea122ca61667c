"""The after-match review's chart: each seat's winning chance turn by turn, one line per seat.

Pure Pillow, no Discord: the caller gives the points, the names, the seat colours and the words (the
title and how a turn is written, from its catalogs). Each seat's line has its seat's colour *and* its own
mark (circle, square, triangle...), repeated along the line and shown beside the name in the legend, so
no one needs to tell colours apart. Drawn for a phone's column: every text is at least
:data:`render.lettering.PHONE_MIN_CSS` CSS px once the image is shown
:data:`render.lettering.PHONE_COLUMN_CSS` wide, and names are wrapped rather than cut.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from render.common import BACKDROP, Color, draw_text, font, wrap_text

WIDTH: Final = 640
"""Image width; text of :data:`TEXT_PX` reads at 12 CSS px once shown 265 CSS px wide."""
TEXT_PX: Final = 29
PAD: Final = 20
ROW: Final = 37
"""Height of one legend line."""
PLOT_HEIGHT: Final = 300
MARKS_ALONG: Final = 6
"""Marks drawn along each line (besides its last point)."""
PAPER: Final[Color] = (235, 230, 220)
GRID: Final[Color] = (85, 80, 74)
MARKS: Final = ("circle", "square", "triangle", "diamond", "down", "cross")
"""The mark of each seat, in seat order."""


def _mark(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, r: float, fill: Color) -> None:
    """One seat's mark centred on (x, y), outlined in the paper colour so it stands out on any line."""
    outline = PAPER
    if kind == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=2)
    elif kind == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=2)
    elif kind == "triangle":
        draw.polygon([(x, y - r * 1.2), (x + r * 1.1, y + r * 0.9), (x - r * 1.1, y + r * 0.9)], fill, outline, 2)
    elif kind == "down":
        draw.polygon([(x, y + r * 1.2), (x + r * 1.1, y - r * 0.9), (x - r * 1.1, y - r * 0.9)], fill, outline, 2)
    elif kind == "diamond":
        draw.polygon([(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)], fill, outline, 2)
    else:
        w = r * 0.45
        arms = [
            (x - w, y - r), (x + w, y - r), (x + w, y - w), (x + r, y - w), (x + r, y + w), (x + w, y + w),
            (x + w, y + r), (x - w, y + r), (x - w, y + w), (x - r, y + w), (x - r, y - w), (x - w, y - w),
        ]  # fmt: skip
        draw.polygon(arms, fill, outline, 2)


def render_chart(
    points: Sequence[tuple[int, Sequence[float]]],
    names: Sequence[str],
    colours: Sequence[Color],
    title: str,
    turn_words: str,
) -> bytes:
    """The chart as PNG bytes (equal inputs give equal bytes).

    ``points`` are (turn, each seat's chance in 0..1); ``turn_words`` is how the axis writes a turn, with
    ``{turn}`` (``"turn {turn}"``).
    """
    face = font(TEXT_PX)
    bold = font(TEXT_PX, "Semibold")
    players = len(names)
    inner = WIDTH - 2 * PAD
    legend: list[tuple[int, list[str]]] = []
    for seat in range(players):
        legend.append((seat, wrap_text(names[seat], face, inner - 2 * ROW) or ["?"]))
    title_lines = wrap_text(title, bold, inner) or [""]
    top = PAD + ROW * len(title_lines) + 6
    legend_height = ROW * sum(len(lines) for _, lines in legend)
    plot_top = top + legend_height + 18
    label_width = face.getlength("100 %") + 10
    x0, x1 = PAD + label_width, WIDTH - PAD - 12
    y0, y1 = plot_top, plot_top + PLOT_HEIGHT
    height = y1 + ROW + PAD + 6
    image = Image.new("RGB", (WIDTH, height), BACKDROP)
    draw = ImageDraw.Draw(image)
    y = PAD
    for line in title_lines:
        draw_text(draw, (PAD, y), line, bold, PAPER)
        y += ROW
    y = top
    for seat, lines in legend:
        colour = colours[seat % len(colours)]
        draw.line((PAD, y + ROW / 2, PAD + ROW + 8, y + ROW / 2), fill=colour, width=4)
        _mark(draw, MARKS[seat % len(MARKS)], PAD + ROW / 2 + 4, y + ROW / 2, 9, colour)
        for line in lines:
            draw_text(draw, (PAD + 2 * ROW, y + 2), line, face, PAPER)
            y += ROW
    for share, label in ((1.0, "100 %"), (0.5, "50 %"), (0.0, "0 %")):
        gy = y1 - share * (y1 - y0)
        draw.line((x0, gy, x1, gy), fill=GRID, width=2 if share != 0.5 else 1)
        draw_text(draw, (x0 - 8, gy), label, face, PAPER, anchor="rm")
    count = len(points)
    if count:
        first, last = points[0][0], points[-1][0]
        draw_text(draw, (x0, y1 + 8), turn_words.format(turn=first), face, PAPER, anchor="la")
        if last != first:
            draw_text(draw, (x1, y1 + 8), turn_words.format(turn=last), face, PAPER, anchor="ra")

    def at(i: int, chance: float) -> tuple[float, float]:
        x = x0 + (x1 - x0) * (i / (count - 1) if count > 1 else 0.5)
        return x, y1 - chance * (y1 - y0)

    step = max(1, (count - 1) // MARKS_ALONG) if count > 1 else 1
    for seat in range(players):
        colour = colours[seat % len(colours)]
        path = [at(i, chances[seat]) for i, (_, chances) in enumerate(points)]
        if len(path) > 1:
            draw.line(path, fill=colour, width=4, joint="curve")
        # Marks a little apart from one seat to the next, so lines that overlap still show every mark.
        offset = (seat * step) // max(1, players)
        for i in [*range(offset, count, step), count - 1]:
            x, y_ = path[i]
            _mark(draw, MARKS[seat % len(MARKS)], x, y_, 8, colour)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()
