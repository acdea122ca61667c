"""Shared drawing vocabulary of the board renderers: palette, bundled fonts, text and PNG helpers.

Every renderer draws on RGB images with the colours below and writes text with the Source Sans Pro
fonts shipped in the ``font_source_sans_pro`` package, never a system font, so an image looks the same
on every host. Images leave through :func:`encode_png`, which maps them onto a fixed palette: the PNG
is then small, quick to compress and byte-for-byte reproducible.
"""

from __future__ import annotations

import io
import struct
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Final, Literal, TypeAlias, TypeVar, cast

from PIL import Image, ImageDraw, ImageFont
from zlib_ng import zlib_ng

from games.base import Outcome
from render.lettering import note_text, note_truncated

Color: TypeAlias = tuple[int, int, int]
Weight: TypeAlias = Literal["Regular", "Semibold", "Bold"]

# The palette: a dark ground (the bitumen and lapis of the Ur board) with shell cream and carnelian
# red for the inlays, and the Okabe–Ito colours for everything that tells players apart, since those
# stay distinct for the common forms of colour blindness.
BACKDROP: Final[Color] = (30, 27, 25)
PANEL: Final[Color] = (44, 40, 36)
PANEL_EDGE: Final[Color] = (66, 60, 53)
INK: Final[Color] = (22, 19, 16)
CREAM: Final[Color] = (240, 230, 206)
SHELL: Final[Color] = (214, 200, 170)
MUTED: Final[Color] = (176, 164, 140)
RED: Final[Color] = (190, 62, 44)
LAPIS: Final[Color] = (36, 76, 160)
LAPIS_DARK: Final[Color] = (24, 44, 96)
HIGHLIGHT: Final[Color] = (240, 228, 66)
"""Okabe–Ito yellow: the last move. Neither seat colour is near it."""
SEAT_COLORS: Final[tuple[Color, Color]] = ((230, 159, 0), (0, 114, 178))
"""Okabe–Ito orange and blue, one per seat."""
SEAT_NAMES: Final[dict[str, tuple[str, str]]] = {"en": ("orange", "blue"), "fr": ("orange", "bleu")}

CORE_COLORS: Final[tuple[Color, ...]] = (
    BACKDROP,
    PANEL,
    PANEL_EDGE,
    INK,
    CREAM,
    SHELL,
    MUTED,
    RED,
    LAPIS,
    LAPIS_DARK,
    HIGHLIGHT,
    *SEAT_COLORS,
)
"""The colours every board palette holds exactly."""

MIN_TEXT_PX: Final = 20
"""No text on an image is smaller than this, so it stays legible on a phone."""

PHONE_WIDTH: Final = 400
"""How wide a phone shows an attachment (Discord shows them some 360 to 550 px wide)."""
PHONE_TEXT_PX: Final = 11
"""The smallest text a player must read, in px once the image is shown :data:`PHONE_WIDTH` wide."""


def phone_text(width: int) -> int:
    """The smallest text size, in px, on an image ``width`` px wide (:data:`PHONE_TEXT_PX` on a phone)."""
    return -(-width * PHONE_TEXT_PX // PHONE_WIDTH)


FONT_PACKAGE: Final = "font_source_sans_pro"
LANGS: Final = ("en", "fr")


@dataclass(frozen=True, slots=True)
class BoardContext:
    """What the bot knows around a view: who sits where, what just happened, the reader's language."""

    names: tuple[str, ...]
    """Display name per seat, in seat order."""
    last_move: str | None = None
    """Notation of the last decision, e.g. ``B3xB5``."""
    last_mover: int | None = None
    """Seat that made the last decision."""
    highlights: tuple[str, ...] = ()
    """Squares to outline, e.g. ``("B3", "B5")``."""
    lang: str = "en"
    """``en`` or ``fr``, for the few words on the image and the alt text."""
    marks: tuple[tuple[str, str], ...] = ()
    """(square, mark) pairs: the pieces the turn post's move buttons move, each marked on the board with the
    short mark its buttons start with (``("A4", "1")``), so a glance pairs a button with a piece."""
    palette: Literal["standard", "contrast"] = "standard"
    """The member's palette for their own views (``/plateau settings``): ``contrast`` draws with the
    high-contrast colours. Boards everyone sees are always ``standard`` (colour-blind safe by default)."""
    viewer: int | None = None
    """The seat whose own view this is (its DM, "Show my view"), None on a board everyone sees. Games
    without hidden information give every seat the same view, so the view cannot say it: a board that
    faces its reader (their side at the bottom, their pieces labelled "you") reads it here."""
    targets: tuple[str, ...] = ()
    """Squares the reader may move a piece to now, each marked with a dot (see
    :func:`render.move_targets`). The bot sets them only on the acting player's own board (their DM or
    ephemeral view), never on a board someone else sees."""
    result: Outcome | None = None
    """The match's result when it ended off the board (a resignation, a forfeit on time) in a position that
    has none of its own: the board then names the winner rather than a player to move. None while the match
    runs or when the position holds the result (see :func:`outcome_of`)."""

    @property
    def language(self) -> str:
        """``lang`` when the renderers speak it, otherwise English."""
        return self.lang if self.lang in LANGS else "en"

    def name(self, seat: int, fallback: str) -> str:
        """The name of ``seat``, or ``fallback`` when the bot gave none."""
        if 0 <= seat < len(self.names) and self.names[seat].strip():
            return self.names[seat].strip()
        return fallback


def outcome_of(own: Outcome | None, ctx: BoardContext) -> Outcome | None:
    """The position's ``own`` outcome, else the match's result the bot passed (:attr:`BoardContext.result`)."""
    return own if own is not None else ctx.result


def player_names(ctx: BoardContext, words: dict[str, dict[str, str]]) -> tuple[str, str]:
    """The two players' names, or "Player 1" and "Player 2" (``words[lang]["player"]``) in the context's language."""
    player = words[ctx.language]["player"]
    return ctx.name(0, player.format(n=1)), ctx.name(1, player.format(n=2))


_V = TypeVar("_V")


def expect_view(view: object, kind: type[_V], renderer: str, drawn: str) -> _V:
    """``view`` if it is a ``kind``; otherwise a TypeError saying what the ``renderer`` draws (``drawn``)."""
    if not isinstance(view, kind):
        raise TypeError(f"the {renderer} renderer draws {drawn}, not {type(view).__name__}")
    return view


def ended_view(view: _V, ctx: BoardContext) -> _V:
    """``view`` with the match's result when it is a view whose ``outcome`` field is still empty (Subulata's,
    Ultima-Tek's): its renderer then draws the end as for a game played out. Other views as they are."""
    found: Any = view
    if ctx.result is None or not is_dataclass(found) or isinstance(found, type):
        return view
    if "outcome" not in {f.name for f in fields(found)} or getattr(found, "outcome", None) is not None:
        return view
    return cast(_V, replace(found, outcome=ctx.result))


TARGET_D: Final = 36
"""The dot that marks a square the reader may move to."""


@lru_cache(maxsize=2)
def target_dot(diameter: int = TARGET_D) -> Image.Image:
    """A square the reader may move to: a yellow dot ringed in ink, readable over any piece or ground."""

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        r = diameter / 2
        draw.ellipse((k, k, (diameter - 1) * k, (diameter - 1) * k), fill=INK)
        draw.ellipse((5 * k, 5 * k, (diameter - 5) * k, (diameter - 5) * k), fill=HIGHLIGHT)
        draw.ellipse(((r - 4) * k, (r - 4) * k, (r + 4) * k, (r + 4) * k), fill=INK)

    return supersampled((diameter, diameter), 4, paint)


def paste_targets(
    canvas: Image.Image, targets: Sequence[str], corner: Callable[[str], tuple[float, float] | None]
) -> None:
    """A dot on each of ``targets`` at ``corner(name)`` (None: not a square of this board)."""
    dot = target_dot()
    for name in dict.fromkeys(targets):
        at = corner(name)
        if at is not None:
            canvas.paste(dot, (round(at[0] - dot.width / 2), round(at[1] - dot.height / 2)), dot)


@dataclass(frozen=True, slots=True)
class GameRenderer:
    """The entry points one game's renderer module offers to the dispatcher."""

    render: Callable[[object, BoardContext], bytes]
    describe: Callable[[object, BoardContext], str]
    highlights: Callable[[object, str], tuple[str, ...]]
    seat_marks: Callable[[object], tuple[str, ...]]
    """The mark that tells each seat of a view apart without colour (a piece's shape or inlay), one name
    per seat in seat order: the very names the renderer draws the pieces by, so that a test can hold that
    no seat is told apart by colour alone."""


def plural(lang: str, count: int, one: str, other: str) -> str:
    """``one`` or ``other`` for ``count`` things, by the language's rule (French: 0 and 1 are singular)."""
    singular = abs(count) < 2 if lang == "fr" else abs(count) == 1
    return one if singular else other


def mix(a: Color, b: Color, t: float) -> Color:
    """The colour a fraction ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@cache
def _font_bytes(weight: Weight) -> bytes:
    ref = resources.files(FONT_PACKAGE).joinpath("files", f"SourceSansPro-{weight}.ttf")
    return ref.read_bytes()


LENGTHS_KEPT: Final = 512
"""Widths a face remembers (:class:`_Face`), at most; past that it forgets them all and starts again."""


class _Face(ImageFont.FreeTypeFont):
    """The bundled font at one size, remembering the width of each string it measured: a board measures the
    same names and words at every turn (wrapping a 32-character name measures some thirty of its prefixes).
    A width depends on the face and the string alone, so a remembered one is the one FreeType would give."""

    def __init__(self, data: bytes, size: int) -> None:
        super().__init__(io.BytesIO(data), size)
        self._lengths: dict[str | bytes, float] = {}

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        """The advance width of ``text`` (see Pillow's :meth:`~PIL.ImageFont.FreeTypeFont.getlength`)."""
        if mode or direction is not None or features is not None or language is not None:
            return super().getlength(text, mode, direction, features, language)
        found = self._lengths.get(text)
        if found is None:
            found = super().getlength(text)
            # Renders run in threads: a plain dict's get, set and clear are each atomic, and two threads that
            # measure the same string at once store the same width.
            if len(self._lengths) >= LENGTHS_KEPT:
                self._lengths.clear()
            self._lengths[text] = found
        return found


@lru_cache(maxsize=64)
def font(size: int, weight: Weight = "Regular") -> ImageFont.FreeTypeFont:
    """The bundled Source Sans Pro at ``size`` pixels.

    Raises:
        ValueError: ``size`` is below :data:`MIN_TEXT_PX`.
    """
    if size < MIN_TEXT_PX:
        raise ValueError(f"text smaller than {MIN_TEXT_PX} px is not legible on a phone")
    # Loading from bytes keeps the font independent of how the package is installed (zip or folder).
    return _Face(_font_bytes(weight), size)


@lru_cache(maxsize=8)
def _missing_glyph(face: ImageFont.FreeTypeFont) -> tuple[tuple[int, int], bytes]:
    # A private-use code point the font certainly lacks: it renders as the .notdef box.
    mask = face.getmask("\U0010fffd")
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def _has_glyph(face: ImageFont.FreeTypeFont, char: str) -> bool:
    mask = face.getmask(char)
    return (mask.size, bytes(mask)) != _missing_glyph(face)


def clean_text(text: str, face: ImageFont.FreeTypeFont) -> str:
    """``text`` without the characters ``face`` cannot draw (emoji, CJK...) and control characters.

    Player names come from Discord and may hold anything; a row of empty boxes reads worse than the
    name without its emoji.
    """
    kept = []
    for char in unicodedata.normalize("NFC", text):
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char)[0] not in "CZ" and _has_glyph(face, char):
            kept.append(char)
    return " ".join("".join(kept).split())


def fit_text(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` shortened with an ellipsis until it is at most ``max_width`` pixels wide."""
    if face.getlength(text) <= max_width:
        return text
    note_truncated(text)
    lo, hi = 0, len(text)
    # Binary search on the prefix length: names are short, but this keeps the cost flat anyway.
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if face.getlength(text[:mid].rstrip() + "…") <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def display_name(name: str, face: ImageFont.FreeTypeFont, max_width: float, fallback: str) -> str:
    """A player's name ready to draw: drawable characters only, ellipsised to fit, never empty."""
    return fit_text(clean_text(name, face) or fallback, face, max_width)


def wrap_text(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """``text`` broken into lines at most ``max_width`` pixels wide: at spaces, and inside a word only when
    the word alone is wider than a line (a long name is wrapped, never shortened); such a word starts on the
    line where it falls, as it must be broken anyway."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if face.getlength(trial) <= max_width:
            line = trial
            continue
        if line and face.getlength(word) > max_width:
            head = f"{line} "
            cut = next((i for i in range(len(word), 0, -1) if face.getlength(head + word[:i]) <= max_width), 0)
            if cut:
                lines.append(head + word[:cut])
                line, word = "", word[cut:]
        if line:
            lines.append(line)
        line = ""
        while face.getlength(word) > max_width:
            cut = max(1, next((i for i in range(len(word), 0, -1) if face.getlength(word[:i]) <= max_width), 1))
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: Color,
    anchor: str = "la",
    scale: float = 1.0,
) -> float:
    """Draw ``text`` at ``xy`` with Pillow's ``anchor`` and return its advance width.

    ``scale`` is how many canvas pixels make one pixel of the final image (a supersampled canvas), so
    that the text's size is noted in final pixels (:mod:`render.lettering`).
    """
    note_text(text, face.size / scale)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return face.getlength(text)


SHRINK_BAND_ROWS: Final = 120
"""Output rows :func:`supersampled` shrinks at a time, for a layer taller than that. A board painted three
times larger (1100 × 952: 38 MB) took some 88 MB at the peak of its shrink in one piece; in bands of 120 rows
it takes the canvas and a few MB (``bench/bench_startup.py`` measures the bot's peak)."""


def supersampled(size: tuple[int, int], scale: int, paint: Callable[[ImageDraw.ImageDraw, float], None]) -> Image.Image:
    """An RGBA image of ``size`` painted ``scale`` times larger and reduced, for smooth edges.

    Pillow draws shapes without anti-aliasing; drawing big and shrinking gives the soft edges that make
    curved inlays look like shell rather than pixels. The box filter averages each block (the exact
    coverage of the pixel): a Lanczos filter would ring along every edge, shades that land on scattered
    palette entries and made the PNGs some 10-15 % larger for no visible gain. ``paint`` receives the
    draw object and the scale to multiply its coordinates by.
    """
    big = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(scale))
    if size[1] <= SHRINK_BAND_ROWS:
        return big.resize(size, Image.Resampling.BOX)
    # Shrunk band by band: Pillow's resize copies the whole canvas (alpha premultiplied) and keeps a third
    # of it between its two passes, which doubled the peak of a board-sized layer. Each output row averages
    # its own ``scale`` rows only, so bands cut on whole output rows give the same pixels.
    out = Image.new("RGBA", size, (0, 0, 0, 0))
    for top in range(0, size[1], SHRINK_BAND_ROWS):
        rows = min(SHRINK_BAND_ROWS, size[1] - top)
        band = big.crop((0, top * scale, big.width, (top + rows) * scale))
        out.paste(band.resize((size[0], rows), Image.Resampling.BOX), (0, top))
    return out


PALETTE_COLORS: Final = 48
"""Colours of a board's palette (the exact colours of :func:`build_palette` included). The boards are
flat colour: measured over busy boards of every game, 48 colours keep every shape and edge (anti-aliasing
included) while the PNG is some 25 % smaller than with 256, at the same encoding time; 32 colours save
only 2-5 % more. Lossless WebP of the same picture is 20-30 % smaller but takes 40-90 ms to encode (method
4; 15-50 ms at method 0-1, for bytes no better than the PNG), zlib level 9 takes four to eight times as
long as level 6 for 5 % fewer bytes, and PNG row filters or other zlib strategies only add bytes."""


def rounded_box(
    size: tuple[int, int], radius: int, fill: Color | None, outline: Color, line: int, scale: int = 3
) -> Image.Image:
    """A rounded rectangle filling a transparent sprite of ``size`` + 1 px (the box's far edge is drawn as
    Pillow draws it, ``outline`` ``line`` px wide inside the box), anti-aliased like a ``scale`` times
    supersampled drawing.

    Only a small prototype is supersampled; its corners are kept and its middle row and column stretched
    (a nine-slice): the straight edges are the same all along, so the sprite is the one a whole-size
    drawing would give, at a fraction of the cost (a board-sized supersampled canvas took some 200 ms).
    """
    corner = radius + line + 2
    side = 2 * corner + 1

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle(
            (0, 0, (side - 1) * k, (side - 1) * k), radius=radius * k, fill=fill, outline=outline, width=round(line * k)
        )

    proto = supersampled((side, side), scale, paint)
    width, height = size[0] + 1, size[1] + 1
    out = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    for sx0, sx1, dx0, dx1 in _slices(corner, side, width):
        for sy0, sy1, dy0, dy1 in _slices(corner, side, height):
            piece = proto.crop((sx0, sy0, sx1, sy1))
            if piece.size != (dx1 - dx0, dy1 - dy0):
                piece = piece.resize((dx1 - dx0, dy1 - dy0), Image.Resampling.NEAREST)
            out.paste(piece, (dx0, dy0))
    return out


def _slices(corner: int, side: int, length: int) -> tuple[tuple[int, int, int, int], ...]:
    """The three spans of a nine-slice along one axis: (source start, end, target start, end)."""
    return (
        (0, corner, 0, corner),
        (corner, corner + 1, corner, length - corner),
        (side - corner, side, length - corner, length),
    )


class PaletteSheet:
    """Sample renders pasted one under the other as they are drawn, for :func:`build_palette`.

    A renderer whose samples are many and big (six whole boards) adds each to the sheet as soon as it is
    drawn, so that the samples are never all held beside the sheet: the sheet is the same as the one
    :func:`build_palette` lays out from a list, and so is the palette."""

    def __init__(self, width: int, height: int) -> None:
        self.image = Image.new("RGB", (width, height), BACKDROP)
        self.filled = 0

    @classmethod
    def of(cls, samples: Sequence[Image.Image]) -> PaletteSheet:
        """The sheet of ``samples``, as wide as the widest and as tall as all of them."""
        sheet = cls(max(im.width for im in samples), sum(im.height for im in samples))
        for im in samples:
            sheet.add(im)
        return sheet

    def add(self, sample: Image.Image) -> None:
        """Paste ``sample`` under the samples already there, at the left edge."""
        if self.filled + sample.height > self.image.height or sample.width > self.image.width:
            raise ValueError("the sample does not fit on the palette sheet")
        self.image.paste(sample.convert("RGB"), (0, self.filled))
        self.filled += sample.height


def build_palette(
    samples: Sequence[Image.Image] | PaletteSheet,
    colors: int = PALETTE_COLORS,
    keep: Sequence[Color] = (),
    merge: int = 0,
) -> Image.Image:
    """A palette image made from representative renders (a list, or a :class:`PaletteSheet` filled with
    them), for :func:`encode_png`.

    Computing the palette once and mapping every render onto it costs a millisecond per image,
    where computing a fresh palette per image would cost tens. The colours of :data:`CORE_COLORS` and
    ``keep`` are added exactly, so that no flat colour a player reads (a seat, the last move) drifts
    towards a neighbour. With ``merge``, a found colour within ``merge`` levels (on every channel) of one
    already in the palette is left out: the pixels near both then take one index instead of scattering over
    two, which the eye cannot tell apart and the compressor can (see :data:`PALETTE_MERGE`).
    """
    sheet = samples if isinstance(samples, PaletteSheet) else PaletteSheet.of(samples)
    exact = list(dict.fromkeys((*CORE_COLORS, *keep)))
    found = sheet.image.quantize(
        max(2, colors - len(exact)), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    entries = found.getpalette() or []
    entries = entries[: 3 * len(found.getcolors() or ())] or entries[:3]
    if merge:
        kept: list[Color] = list(exact)
        for i in range(0, len(entries), 3):
            colour = (entries[i], entries[i + 1], entries[i + 2])
            if all(max(abs(a - b) for a, b in zip(colour, other, strict=True)) > merge for other in kept):
                kept.append(colour)
        entries = [c for colour in kept[len(exact) :] for c in colour] or entries[:3]
    flat = [c for colour in exact for c in colour] + entries
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat[: 3 * 256])
    return palette


PALETTE_MERGE: Final = 4
"""How close (levels of 255, on every channel) two colours of a board's palette may be before the found one is
left out, for a board that asks it (:func:`build_palette`'s ``merge``). Ravensburger's boards, 0.5 KB under the
phone's 60 KB: antialiased edges scattered over near twins such as (214, 200, 170) and (214, 201, 171); at 4
levels its PNG median fell by some 3 % (``bench/phone_boards.py``), at 2 by 2 %."""

PNG_LEVEL: Final = 6
"""zlib-ng's level for the boards. Over the boards of ``bench/phone_boards.py`` (32-character names), zlib-ng at
level 6 gives some 3 % fewer bytes than zlib's level 6 did, in half the time (Variante 3 55.9 against 57.8 KB,
Ultima-Tek 53.0 against 54.6 KB at zlib's 7; 5.6–6.6 ms to compress, was 11–14 ms); level 5 saves 1.5 ms more
for 2 % more bytes, level 4 gives some 8 % more. libdeflate and ISA-L, also measured, do no better: libdeflate
at 6 takes 4.5–5.7 ms for 4 % more bytes, ISA-L at any of its levels 30 % more bytes."""

PNG_BAND_BYTES: Final = 96 * 1024
"""How much of the picture :func:`encode_png` hands the compressor at a time: under glibc's mmap threshold (which
the bot holds at 128 KB, :mod:`bot.shell.allocator`), so that no copy of it is mapped afresh, page by page,
at every render."""

_PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)))


def encode_png(image: Image.Image, palette: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """``image`` as PNG bytes on ``palette`` (8-bit indexed, no row filter: on a palette the filters only add
    bytes), compressed by zlib-ng at ``level``; no metadata, so equal images give equal bytes."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    indexed = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    width, height = indexed.size
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, indexed colour, no interlace
    colours = bytes((indexed.getpalette() or [0, 0, 0])[: 3 * 256])
    packer = zlib_ng.compressobj(level)
    parts = []
    rows = max(1, PNG_BAND_BYTES // (width + 1))
    for top in range(0, height, rows):
        band = indexed.crop((0, top, width, min(height, top + rows))).tobytes()
        # Each row starts with its filter type, 0: none.
        parts.append(packer.compress(b"".join(b"\0" + band[i : i + width] for i in range(0, len(band), width))))
    parts.append(packer.flush())
    return b"".join(
        (
            _PNG_SIGNATURE,
            _png_chunk(b"IHDR", header),
            _png_chunk(b"PLTE", colours),
            _png_chunk(b"IDAT", b"".join(parts)),
            _png_chunk(b"IEND", b""),
        )
    )


class Pen:
    """Draws in layout units on a supersampled canvas ``k`` times larger, shifted by ``origin``.

    Each drawing is written once in the units natural for it (image pixels, or a tile's side), whatever
    the supersampling factor of the canvas it lands on; ``origin`` is the layout point at the canvas's
    top-left corner (for a sprite cut out of a larger layout).
    """

    def __init__(self, draw: ImageDraw.ImageDraw, k: float, origin: tuple[float, float] = (0.0, 0.0)) -> None:
        self.draw = draw
        self.k = k
        self.ox, self.oy = origin

    def p(self, x: float, y: float) -> tuple[float, float]:
        """A point in canvas pixels."""
        return (x - self.ox) * self.k, (y - self.oy) * self.k

    def w(self, width: float) -> int:
        """A line width in canvas pixels (at least one)."""
        return max(1, round(width * self.k))

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        fill: Color | tuple[int, int, int, int] | None = None,
        outline: Color | None = None,
        width: float = 0.0,
    ) -> None:
        """An ellipse centred on (cx, cy)."""
        x0, y0 = self.p(cx - rx, cy - ry)
        x1, y1 = self.p(cx + rx, cy + ry)
        self.draw.ellipse((x0, y0, x1, y1), fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: Color | tuple[int, int, int, int] | None = None,
        outline: Color | None = None,
        width: float = 0.0,
    ) -> None:
        """A circle centred on (cx, cy)."""
        self.ellipse(cx, cy, r, r, fill, outline, width)

    def rrect(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: Color | tuple[int, int, int, int] | None = None,
        outline: Color | None = None,
        width: float = 0.0,
    ) -> None:
        """A rounded rectangle."""
        x0, y0 = self.p(box[0], box[1])
        x1, y1 = self.p(box[2], box[3])
        self.draw.rounded_rectangle(
            (x0, y0, x1, y1), radius=radius * self.k, fill=fill, outline=outline, width=self.w(width) if outline else 0
        )

    def poly(
        self,
        points: Sequence[tuple[float, float]],
        fill: Color | tuple[int, int, int, int] | None,
        outline: Color | None = None,
    ) -> None:
        """A filled polygon."""
        self.draw.polygon([self.p(x, y) for x, y in points], fill=fill, outline=outline)

    def line(self, points: Sequence[tuple[float, float]], fill: Color, width: float) -> None:
        """A polyline with rounded joints."""
        self.draw.line([self.p(x, y) for x, y in points], fill=fill, width=self.w(width), joint="curve")

    def text(self, xy: tuple[float, float], text: str, size: int, fill: Color, weight: Weight = "Bold") -> None:
        """Text centred on ``xy``, in the bundled font at ``size`` layout pixels."""
        note_text(text, size)
        self.draw.text(self.p(*xy), text, font=font(round(size * self.k), weight), fill=fill, anchor="mm")
