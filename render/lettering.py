"""The text a board carries, noted while it is drawn, so that a bench and the tests can tell whether it
reads in a phone's message column.

Every piece of text a renderer puts on an image goes through :func:`render.common.draw_text` or
:meth:`render.common.Pen.text`, which note its size in final image pixels; :func:`render.common.fit_text`
notes every string it had to shorten. A figure a player must tell apart without words (a silhouette that
says a colour, a damage pip, a gene's chevron) is noted by :func:`note_figure` with its size across. Outside
:func:`noted` nothing is kept, so rendering costs the same.

All text on a turn post's board counts as essential: what a player does not need to read at a glance
leaves the image (for the post's words, or a private details view) rather than shrinking.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Final

PHONE_COLUMN_CSS: Final = 265
"""How wide, in CSS px, a phone's Discord client draws a turn post's image (measured in Chromium at
390×844 by ``bench/phone_boards.py``; the Discord app gives some 270–300)."""
PHONE_MIN_CSS: Final = 12
"""The smallest text a player must read, in CSS px, once the image is drawn :data:`PHONE_COLUMN_CSS` wide."""


@dataclass(slots=True)
class Notes:
    """What one render drew: each text with its size in image pixels, each figure with its size across in
    image pixels, and the strings it shortened."""

    texts: list[tuple[str, float]] = field(default_factory=list)
    truncated: list[str] = field(default_factory=list)
    figures: list[tuple[str, float]] = field(default_factory=list)

    def small(self, image_width: int, shown_width: float = PHONE_COLUMN_CSS) -> list[tuple[str, float]]:
        """The texts under :data:`PHONE_MIN_CSS` at that width, with their size in CSS px."""
        scale = shown_width / image_width
        return [(text, px * scale) for text, px in self.texts if text.strip() and px * scale < PHONE_MIN_CSS]


_NOTES: ContextVar[Notes | None] = ContextVar("render_lettering", default=None)


@contextmanager
def noted() -> Iterator[Notes]:
    """Note the text of every render run inside the block (in this thread or task)."""
    notes = Notes()
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


def note_text(text: str, px: float) -> None:
    """Note ``text`` drawn ``px`` image pixels high (its font size, in the final image's pixels)."""
    notes = _NOTES.get()
    if notes is not None:
        notes.texts.append((text, px))


def note_figure(what: str, px: float) -> None:
    """Note a figure ``what`` (its name, e.g. ``damage pip``) drawn ``px`` image pixels across."""
    notes = _NOTES.get()
    if notes is not None:
        notes.figures.append((what, px))


def note_truncated(text: str) -> None:
    """Note that ``text`` did not fit and was shortened."""
    notes = _NOTES.get()
    if notes is not None:
        notes.truncated.append(text)
