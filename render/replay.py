"""The animated replay of a match: the board after every turn, as one GIF (or APNG) under an upload limit.

The bot renders every frame itself with :func:`render.render_board` and hands the PNG bytes to
:func:`animate`, off the event loop. This module only turns frames into one animation; it is pure
(bytes in, bytes out) and deterministic: equal frames and options give byte-identical files.

How a replay is fitted under ``max_bytes``, in this order, stopping at the first that fits:

1. every frame at full size;
2. every frame, downscaled: 75 %, then 50 % of the width (:data:`SCALES`), never narrower than
   ``min_width`` (600 px by default: below that the 20 px text of the renderers becomes unreadable),
   the last step being exactly that floor when 50 % would go under it;
3. at the smallest scale, fewer frames: the first, the last and frames evenly spread between them
   (:func:`select_frames`), as many as fit. Each kept frame then stays on screen longer, since it
   stands for the turns skipped after it (:func:`frame_times`), so the replay keeps its pace;
4. if even the first and the last frame alone do not fit, :class:`ReplayTooLargeError`.

Losing turns hides moves while a smaller image only blurs them, hence downscaling first.

How it stays quick: the file is assembled here from per-frame pieces (each frame is the rectangle
that changed since the previous one, compressed by Pillow), so its size is the exact sum of the
pieces' sizes. A candidate (scale, frames) is first *estimated* from a sample of its pieces; only a
candidate whose estimate is close to or under the budget is encoded in full, and the pieces already
encoded are reused for the final file. A 300-turn Ur match that fits at full size costs a sample of
24 pieces and one pass over the frames (about 2 s); ``bench/bench_replay.py`` measures the rest.

Colours: the renderers' PNGs are palettised on one palette per game, so the frames are copied index
for index into the animation's global palette: nothing is re-quantised unless a frame is downscaled
or its palette differs (then it is mapped onto the shared palette without dithering, which would add
noise that compresses badly and flickers from frame to frame).
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Final, NamedTuple

from PIL import Image, ImageChops, UnidentifiedImageError

__all__ = [
    "FORMATS",
    "MIN_WIDTH",
    "SCALES",
    "Animation",
    "ReplayTooLargeError",
    "animate",
    "frame_times",
    "scale_steps",
    "select_frames",
]

SCALES: Final = (1.0, 0.75, 0.5)
"""The downscaling steps tried in order, as fractions of the frames' width (clamped by ``min_width``)."""
MIN_WIDTH: Final = 600
"""The narrowest replay: the renderers' smallest text (20 px at 1000+ px) is still readable at ~11 px."""
MAX_STRETCH: Final = 3.0
"""A kept frame shows at most this many times ``frame_ms``, however many turns it stands for."""
FORMATS: Final[dict[str, tuple[str, str]]] = {"gif": ("replay.gif", "image/gif"), "png": ("replay.png", "image/png")}
"""File name and media type of each output format (``png`` is an animated PNG)."""

MIN_FRAME_MS: Final = 20
"""Shortest delay: browsers show GIF delays under 20 ms as 100 ms."""
MAX_FRAME_MS: Final = 60_000
"""Longest delay of any frame, stretched or not."""

_SAMPLE_PAIRS: Final = 24
"""Pieces encoded to estimate a candidate; the rest are extrapolated from their mean."""
_VERIFY_MARGIN: Final = 1.1
"""A candidate estimated at most this far over the budget is encoded in full to get its exact size."""
_GOOD_FILL: Final = 0.9
"""When thinning frames, a fit using this share of the budget is good enough to stop searching."""
_AIM_FILL: Final = 0.97
"""When thinning frames, the share of the budget a guess aims at (estimates are a little noisy)."""
_SELECTION_ROUNDS: Final = 8
"""When thinning frames, the most candidates tried once one fits (each may cost a full encoding)."""
_MERGE_LIMIT: Final = 3 * 4 * 4
"""APNG only: two palette colours at most this far apart (squared RGB distance) may be merged to free an index."""
_CACHED_FRAMES: Final = 2 * _SAMPLE_PAIRS + 4
"""Decoded frames kept at hand: enough for the frames of one sample."""
_PACKED_BYTES: Final = 64_000_000
"""Memory for resampled frames kept zlib-compressed (about 50 KB each at 600 px): over 1000 frames."""
_RESAMPLE: Final = Image.Resampling.BOX
"""Area averaging: as legible as Lanczos at these ratios (text, flat inlays) for a quarter of the time."""


class ReplayTooLargeError(Exception):
    """Even the smallest replay (first and last frame at the smallest scale) exceeds ``max_bytes``."""

    def __init__(self, max_bytes: int, smallest: int) -> None:
        super().__init__(f"the smallest replay takes {smallest} bytes, over the limit of {max_bytes}")
        self.max_bytes = max_bytes
        """The limit asked for."""
        self.smallest = smallest
        """Size in bytes of the smallest replay that could be made."""


@dataclass(frozen=True, slots=True)
class Animation:
    """An animated replay, ready to upload."""

    data: bytes = field(repr=False)
    """The file's bytes (left out of the repr, which ends up in logs)."""
    filename: str
    """``replay.gif`` or ``replay.png``."""
    media_type: str
    """``image/gif`` or ``image/png``."""
    frames_used: int
    """Frames in the file, one per kept input frame."""
    frames_total: int
    """Frames given to :func:`animate`."""
    scale: float
    """Width of the animation over the frames' width (1.0 when not downscaled)."""
    width: int
    height: int
    kept: tuple[int, ...]
    """Index of the input frame behind each frame of the file."""
    durations: tuple[int, ...]
    """How long each frame of the file shows, in milliseconds (as written: GIF rounds to 10 ms)."""

    @property
    def reduced(self) -> bool:
        """Whether the animation had to be downscaled or lose frames to fit."""
        return self.scale < 1.0 or self.frames_used < self.frames_total

    @property
    def total_ms(self) -> int:
        """Length of one loop of the animation, in milliseconds."""
        return sum(self.durations)


def select_frames(total: int, count: int) -> tuple[int, ...]:
    """``count`` indices out of ``range(total)``, evenly spread: always the first and, if ``count > 1``, the last.

    Raises:
        ValueError: ``count`` is not between 1 and ``total``.
    """
    if not 1 <= count <= total:
        raise ValueError(f"cannot keep {count} frames out of {total}")
    if count == 1:
        return (0,)
    # Integer arithmetic, rounding half up: the same indices on every platform, strictly increasing
    # because the step (total - 1) / (count - 1) is at least 1.
    return tuple((2 * i * (total - 1) + count - 1) // (2 * (count - 1)) for i in range(count))


def frame_times(
    total: int,
    kept: Sequence[int] | None = None,
    *,
    frame_ms: int = 900,
    last_frame_ms: int = 4000,
    max_stretch: float = MAX_STRETCH,
) -> tuple[int, ...]:
    """How long each kept frame of a ``total``-frame replay shows, in milliseconds.

    A kept frame stands for the turns up to the next kept one and shows ``frame_ms`` per turn, so a
    thinned replay lasts as long as the full one; but never more than ``max_stretch`` × ``frame_ms``
    (nor :data:`MAX_FRAME_MS`), so a heavily thinned replay speeds up instead of becoming a slide show.
    The final frame shows ``last_frame_ms``, a pause on the result before the animation loops.
    ``kept`` defaults to every frame.

    Raises:
        ValueError: ``kept`` is empty, unsorted or out of range, or a time is out of bounds.
    """
    _check_ms("frame_ms", frame_ms)
    _check_ms("last_frame_ms", last_frame_ms)
    if max_stretch < 1:
        raise ValueError("max_stretch must be at least 1")
    indices = tuple(range(total)) if kept is None else tuple(kept)
    if not indices or indices[0] < 0 or indices[-1] >= total:
        raise ValueError(f"kept frames {indices!r} are not within 0..{total - 1}")
    if any(b <= a for a, b in pairwise(indices)):
        raise ValueError("kept frames must be strictly increasing")
    # Capped at MAX_FRAME_MS too, which keeps every delay within APNG's 16-bit field.
    longest = min(round(frame_ms * max_stretch), MAX_FRAME_MS)
    spans = [min(frame_ms * (b - a), longest) for a, b in pairwise(indices)]
    return (*spans, last_frame_ms)


def scale_steps(width: int, min_width: int = MIN_WIDTH) -> tuple[float, ...]:
    """The scales tried for frames ``width`` pixels wide: :data:`SCALES`, none below ``min_width`` pixels.

    A step that would go under ``min_width`` is replaced by the scale giving exactly ``min_width``; frames
    already narrower than that are never downscaled.
    """
    floor = min(1.0, min_width / width)
    steps: list[float] = []
    for step in SCALES:
        scale = max(step, floor)
        if scale not in steps:
            steps.append(scale)
    return tuple(steps)


def animate(
    frames: Sequence[bytes],
    *,
    max_bytes: int = 8_000_000,
    frame_ms: int = 900,
    last_frame_ms: int = 4000,
    fmt: str = "gif",
    min_width: int = MIN_WIDTH,
) -> Animation:
    """One looping animation of ``frames`` (PNG bytes, all the same size), at most ``max_bytes`` long.

    Every frame is kept at full size when that fits; otherwise the replay is downscaled, then thinned,
    as the module documentation describes. ``fmt`` is ``"gif"`` (default: Discord animates GIFs
    everywhere) or ``"png"`` (APNG: smaller for these boards, but some clients show only its first
    frame). Equal arguments give byte-identical results.

    Raises:
        ValueError: no frames, a frame that is not an image, frames of different sizes, an unknown
            ``fmt`` or a time out of bounds.
        ReplayTooLargeError: even two frames (one, for a single-frame replay) at the smallest scale
            do not fit in ``max_bytes``.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown replay format {fmt!r}; known: {', '.join(FORMATS)}")
    if not frames:
        raise ValueError("a replay needs at least one frame")
    if max_bytes < 1 or min_width < 1:
        raise ValueError("max_bytes and min_width must be positive")
    _check_ms("frame_ms", frame_ms)
    _check_ms("last_frame_ms", last_frame_ms)

    source = _Frames(frames)
    codec: _Codec = _GifCodec(source.palette) if fmt == "gif" else _ApngCodec(source.palette)
    source.remap = codec.remap
    plan = _Planner(source, codec, max_bytes).plan(scale_steps(source.size[0], min_width))
    durations = frame_times(len(frames), plan.kept, frame_ms=frame_ms, last_frame_ms=last_frame_ms)
    data, written = codec.assemble(plan.size, plan.pieces, durations)
    # The planner sums the same pieces the file is made of: a mismatch would be a bug here.
    assert len(data) == plan.nbytes, (len(data), plan.nbytes)
    filename, media_type = FORMATS[fmt]
    return Animation(
        data=data,
        filename=filename,
        media_type=media_type,
        frames_used=len(plan.kept),
        frames_total=len(frames),
        scale=plan.scale,
        width=plan.size[0],
        height=plan.size[1],
        kept=plan.kept,
        durations=written,
    )


def _check_ms(name: str, value: int) -> None:
    if not MIN_FRAME_MS <= value <= MAX_FRAME_MS:
        raise ValueError(f"{name} must be between {MIN_FRAME_MS} and {MAX_FRAME_MS} ms, not {value}")


def _padded(palette: Sequence[int]) -> list[int]:
    """A palette as 256 RGB entries: every image here carries one, so Pillow always writes 8-bit indices."""
    return [*palette[:768], *[0] * (768 - min(len(palette), 768))]


class _Frames:
    """The input frames decoded on demand onto one shared palette, at any scale, with a small cache.

    Decoding is cheap (a few ms) next to holding a whole match in memory (about 1 MB per frame), so
    frames are decoded when a piece needs them and only the most recent few are kept; resampled frames,
    dearer to make, are also kept compressed.
    """

    def __init__(self, pngs: Sequence[bytes]) -> None:
        self.pngs = pngs
        self.remap: tuple[int, ...] | None = None
        """An index map applied to every frame (the APNG codec uses it to free a palette index)."""
        self._cache: OrderedDict[tuple[int, float], Image.Image] = OrderedDict()
        self._packed: dict[tuple[int, float], bytes] = {}
        self._packed_bytes = 0
        # Opening reads only the header: every frame is checked now, not when (or if) it is encoded.
        self.size: tuple[int, int] = self._open(0).size
        for index in range(1, len(pngs)):
            self._check_size(self._open(index))
        samples = [self._decode(i) for i in select_frames(len(pngs), min(len(pngs), 5))]
        first = samples[0]
        shared = first.getpalette() if first.mode == "P" else None
        if shared is not None and all(self._on_palette(image, shared) for image in samples):
            # The renderers' case: one palette for the whole match, used index for index.
            self.palette: list[int] = shared
        else:
            # Mixed or full-colour frames: a palette of the sampled frames, 255 colours so the APNG
            # codec has a free index for transparency.
            sheet = Image.new("RGB", (self.size[0], self.size[1] * len(samples)))
            for row, image in enumerate(samples):
                sheet.paste(_flatten(image), (0, row * self.size[1]))
            quantized = sheet.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            self.palette = quantized.getpalette() or [0, 0, 0]
        self._padded = _padded(self.palette)
        # quantize() must see only the real entries, or it could pick a padding black over the real one.
        self._target = Image.new("P", (1, 1))
        self._target.putpalette(self.palette)

    def get(self, index: int, scale: float) -> Image.Image:
        """Frame ``index`` at ``scale``, in mode P on the shared palette (padded to 256 entries)."""
        key = (index, scale)
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
            return image
        packed = self._packed.get(key)
        if packed is not None:
            image = Image.frombytes("P", _scaled_size(self.size, scale), zlib.decompress(packed))
        else:
            image = self._decode(index)
            if scale != 1.0 or not self._on_palette(image, self.palette):
                rgb = _flatten(image)
                if scale != 1.0:
                    rgb = rgb.resize(_scaled_size(self.size, scale), _RESAMPLE)
                image = rgb.quantize(palette=self._target, dither=Image.Dither.NONE)
                # Resampling and mapping cost several times what unpacking does, and frame selection
                # comes back to the same frames at the same scale: keep them, compressed.
                packed = zlib.compress(image.tobytes(), 1)
                if self._packed_bytes + len(packed) <= _PACKED_BYTES:
                    self._packed[key] = packed
                    self._packed_bytes += len(packed)
        if self.remap is not None:
            image = image.point(self.remap)
        image.putpalette(self._padded)
        self._cache[key] = image
        if len(self._cache) > _CACHED_FRAMES:
            self._cache.popitem(last=False)
        return image

    def _open(self, index: int) -> Image.Image:
        try:
            return Image.open(io.BytesIO(self.pngs[index]))
        except (UnidentifiedImageError, OSError) as error:
            raise ValueError(f"frame {index} is not a readable image: {error}") from None

    def _decode(self, index: int) -> Image.Image:
        image = self._open(index)
        try:
            image.load()
        except OSError as error:
            raise ValueError(f"frame {index} is not a readable image: {error}") from None
        self._check_size(image)
        return image

    def _check_size(self, image: Image.Image) -> None:
        if image.size != self.size:
            raise ValueError(f"frames differ in size: {image.size} and {self.size}")

    @staticmethod
    def _on_palette(image: Image.Image, palette: list[int]) -> bool:
        own = image.getpalette() if image.mode == "P" else None
        return own is not None and "transparency" not in image.info and _padded(own) == _padded(palette)


def _flatten(image: Image.Image) -> Image.Image:
    """``image`` as opaque RGB: transparent parts over black (the renderers never send any)."""
    if image.mode == "RGB":
        return image
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        return Image.alpha_composite(Image.new("RGBA", rgba.size, (0, 0, 0, 255)), rgba).convert("RGB")
    return image.convert("RGB")


def _scaled_size(size: tuple[int, int], scale: float) -> tuple[int, int]:
    return max(1, round(size[0] * scale)), max(1, round(size[1] * scale))


class _Piece(NamedTuple):
    """One frame of the file: the rectangle it redraws, its transparent index and its compressed pixels."""

    box: tuple[int, int, int, int]
    """Left, top, width, height."""
    transparent: int | None
    data: bytes


_CHANGED: Final = [0, *[255] * 255]
"""Point table over palette-index differences: 0 means the pixel did not change."""


def _changed_region(
    previous: Image.Image | None, current: Image.Image
) -> tuple[Image.Image, tuple[int, int, int, int], Image.Image | None]:
    """The rectangle of ``current`` that differs from ``previous``, with a mask of its changed pixels.

    Both frames share a palette, so comparing indices compares colours. An unchanged frame still gets
    a frame of its own (a single pixel), so the file keeps one frame per turn.
    """
    if previous is None:
        return current, (0, 0, *current.size), None
    delta = ImageChops.subtract_modulo(current, previous)
    bbox = delta.getbbox() or (0, 0, 1, 1)
    left, top, right, bottom = bbox
    changed = delta.crop(bbox).point(_CHANGED, "L")
    return current.crop(bbox), (left, top, right - left, bottom - top), changed


class _Codec(ABC):
    """What differs between GIF and APNG: how a piece is compressed and how the file is laid out."""

    remap: tuple[int, ...] | None = None

    @abstractmethod
    def piece(self, previous: Image.Image | None, current: Image.Image) -> _Piece:
        """``current`` as a piece drawn over ``previous`` (the first frame when ``previous`` is None)."""
        ...

    @abstractmethod
    def cost(self, piece: _Piece) -> int:
        """Bytes ``piece`` adds to the file."""
        ...

    @abstractmethod
    def overhead(self) -> int:
        """Bytes of the file outside its pieces."""
        ...

    @abstractmethod
    def assemble(
        self, size: tuple[int, int], pieces: Sequence[_Piece], durations: Sequence[int]
    ) -> tuple[bytes, tuple[int, ...]]:
        """The file, and the frame durations as written."""
        ...


def _transparent_crop(crop: Image.Image, changed: Image.Image, index: int) -> Image.Image:
    """``crop`` with its unchanged pixels set to ``index``: long runs of one index compress far better."""
    out = crop.copy()
    out.paste(index, mask=ImageChops.invert(changed))
    return out


class _GifCodec(_Codec):
    """GIF89a with a global palette; each frame after the first redraws only what changed.

    Frames are never disposed (each draws over the previous), and inside a frame's rectangle the
    unchanged pixels are transparent, using an index the changed pixels do not use: GIF allows a
    different transparent index per frame, so this is lossless even when the palette is full.
    """

    _HEADER: Final = 6 + 7 + 768 + 19 + 1
    """Signature, screen descriptor, global palette, looping extension, trailer."""
    _PER_FRAME: Final = 8 + 10
    """Graphic control extension and image descriptor."""

    def __init__(self, palette: list[int]) -> None:
        self.palette = _padded(palette)

    def piece(self, previous: Image.Image | None, current: Image.Image) -> _Piece:
        crop, box, changed = _changed_region(previous, current)
        transparent = None
        if changed is not None:
            used = crop.histogram(mask=changed)
            transparent = next((i for i, count in enumerate(used) if count == 0), None)
            if transparent is not None:
                crop = _transparent_crop(crop, changed, transparent)
        return _Piece(box, transparent, _gif_image_data(crop))

    def cost(self, piece: _Piece) -> int:
        return self._PER_FRAME + len(piece.data)

    def overhead(self) -> int:
        return self._HEADER

    def assemble(
        self, size: tuple[int, int], pieces: Sequence[_Piece], durations: Sequence[int]
    ) -> tuple[bytes, tuple[int, ...]]:
        delays = _centiseconds(durations)
        out = bytearray(b"GIF89a")
        # Global colour table of 256 entries (flags: table present, 8-bit colour resolution, size 2^8).
        out += struct.pack("<HHBBB", size[0], size[1], 0xF7, 0, 0)
        out += bytes(self.palette)
        out += b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00"  # loop forever
        for piece, delay in zip(pieces, delays, strict=True):
            # Disposal 1 (leave the frame in place), transparency flag when the piece has an index.
            flags = (1 << 2) | (piece.transparent is not None)
            out += b"!\xf9\x04" + struct.pack("<BHB", flags, delay, piece.transparent or 0) + b"\x00"
            out += b"," + struct.pack("<HHHHB", *piece.box, 0)
            out += piece.data
        out += b";"
        return bytes(out), tuple(10 * delay for delay in delays)


def _gif_image_data(image: Image.Image) -> bytes:
    """The LZW-compressed pixels of ``image`` (code size byte, sub-blocks, terminator), by Pillow."""
    out = io.BytesIO()
    # No palette optimisation (it would renumber the indices) and no interlacing (it compresses worse).
    image.save(out, format="GIF", optimize=False, interlace=False)
    data = out.getvalue()
    flags = data[10]
    pos = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    while data[pos] == 0x21:  # extensions Pillow may write: skip their sub-blocks
        pos += 2
        pos = _skip_sub_blocks(data, pos)
    if data[pos] != 0x2C:
        raise RuntimeError("unexpected GIF layout from Pillow")
    local = data[pos + 9]
    pos += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
    return data[pos : _skip_sub_blocks(data, pos + 1)]


def _skip_sub_blocks(data: bytes, pos: int) -> int:
    """The position after the data sub-blocks starting at ``pos``, terminator included."""
    while data[pos]:
        pos += data[pos] + 1
    return pos + 1


def _centiseconds(durations: Sequence[int]) -> list[int]:
    """GIF delays for ``durations`` in ms: rounded on the running total so the loop length does not drift."""
    delays = []
    elapsed = 0
    for duration in durations:
        start = (elapsed + 5) // 10
        elapsed += duration
        delays.append(max(MIN_FRAME_MS // 10, (elapsed + 5) // 10 - start))
    return delays


class _ApngCodec(_Codec):
    """Animated PNG on the shared palette; each frame after the first redraws only what changed.

    APNG has a single transparent index (``tRNS``) for the whole file. If the palette has a free
    entry, it is used; if the palette is full, its two closest colours are merged (a change of a few
    RGB levels on the pixels of one of them) to free one; if they are far apart, frames are drawn
    without transparency, larger but exact.
    """

    _PER_FRAME: Final = 38 + 16
    """Frame control chunk, and the data chunk's length, type, sequence number and checksum."""

    def __init__(self, palette: list[int]) -> None:
        entries = [tuple(palette[i : i + 3]) for i in range(0, len(palette) - 2, 3)]
        self.transparent: int | None
        if len(entries) < 256:
            self.transparent = len(entries)
            entries.append((0, 0, 0))
        else:
            distance, keep, drop = min(
                (sum((a - b) ** 2 for a, b in zip(entries[i], entries[j], strict=True)), i, j)
                for i in range(256)
                for j in range(i + 1, 256)
            )
            self.transparent = drop if distance <= _MERGE_LIMIT else None
            if self.transparent is not None:
                table = list(range(256))
                table[drop] = keep
                self.remap = tuple(table)
        self.palette = [channel for entry in entries for channel in entry]

    def piece(self, previous: Image.Image | None, current: Image.Image) -> _Piece:
        crop, box, changed = _changed_region(previous, current)
        if changed is not None and self.transparent is not None:
            crop = _transparent_crop(crop, changed, self.transparent)
            return _Piece(box, self.transparent, _png_image_data(crop))
        return _Piece(box, None, _png_image_data(crop))

    def cost(self, piece: _Piece) -> int:
        return self._PER_FRAME + len(piece.data)

    def overhead(self) -> int:
        trns = 0 if self.transparent is None else 12 + self.transparent + 1
        # Signature, IHDR, acTL, PLTE, tRNS, IEND; the first frame's IDAT has no sequence number.
        return 8 + 25 + 20 + 12 + len(self.palette) + trns + 12 - 4

    def assemble(
        self, size: tuple[int, int], pieces: Sequence[_Piece], durations: Sequence[int]
    ) -> tuple[bytes, tuple[int, ...]]:
        out = bytearray(b"\x89PNG\r\n\x1a\n")
        out += _chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, 3, 0, 0, 0))
        out += _chunk(b"acTL", struct.pack(">II", len(pieces), 0))
        out += _chunk(b"PLTE", bytes(self.palette))
        if self.transparent is not None:
            out += _chunk(b"tRNS", b"\xff" * self.transparent + b"\x00")
        sequence = 0
        for number, (piece, duration) in enumerate(zip(pieces, durations, strict=True)):
            # Dispose: none (leave in place); blend: over the previous frame when it has transparency.
            blend = 1 if piece.transparent is not None else 0
            left, top, width, height = piece.box
            control = struct.pack(">IIIIIHHBB", sequence, width, height, left, top, duration, 1000, 0, blend)
            out += _chunk(b"fcTL", control)
            sequence += 1
            if number == 0:
                out += _chunk(b"IDAT", piece.data)
            else:
                out += _chunk(b"fdAT", struct.pack(">I", sequence) + piece.data)
                sequence += 1
        out += _chunk(b"IEND", b"")
        return bytes(out), tuple(durations)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_image_data(image: Image.Image) -> bytes:
    """The zlib stream of ``image``'s pixels (its IDAT data) as Pillow writes a PNG of it."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    data = out.getvalue()
    pos = 8
    parts = []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        # The pieces are written under our own header: 8-bit palette indices, not interlaced.
        if kind == b"IHDR" and (body[8:10] != b"\x08\x03" or body[12] != 0):
            raise RuntimeError("unexpected PNG layout from Pillow")
        if kind == b"IDAT":
            parts.append(body)
        pos += 12 + length
    return b"".join(parts)


@dataclass(frozen=True, slots=True)
class _Plan:
    scale: float
    size: tuple[int, int]
    kept: tuple[int, ...]
    pieces: tuple[_Piece, ...]
    nbytes: int


class _Planner:
    """Finds the first candidate of the reduction order that fits, encoding as little as it can."""

    def __init__(self, frames: _Frames, codec: _Codec, max_bytes: int) -> None:
        self.frames = frames
        self.codec = codec
        self.max_bytes = max_bytes
        self._pieces: dict[tuple[int | None, int], _Piece] = {}
        self._scale = 1.0

    def plan(self, scales: Sequence[float]) -> _Plan:
        """The first candidate that fits: every frame at each scale in turn, then fewer frames."""
        everything = tuple(range(len(self.frames.pngs)))
        size, exact = 0, False
        full_size = 0
        for number, scale in enumerate(scales):
            # Downscaling by ``scale`` divides the pixels by scale², and the bytes by less (smaller
            # boards are denser, so compress worse): skip, without sampling them, the intermediate
            # scales that cannot come near the budget. The smallest is always sampled: thinning
            # starts from its size.
            last = number == len(scales) - 1
            if full_size and not last and full_size * scale**2 > self.max_bytes * _VERIFY_MARGIN:
                continue
            self._use_scale(scale)
            size, exact = self.estimate(everything), False
            full_size = full_size or size
            if size <= self.max_bytes * _VERIFY_MARGIN:
                size, exact = self.exact(everything), True
                if size <= self.max_bytes:
                    return self._plan(everything, size)
        return self._thin(size, exact)

    def _use_scale(self, scale: float) -> None:
        # Pieces depend on the scale; those of an abandoned scale will not be needed again.
        if scale != self._scale:
            self._pieces.clear()
            self._scale = scale

    def piece(self, previous: int | None, current: int) -> _Piece:
        """The piece of frame ``current`` drawn over frame ``previous``, at the current scale (cached)."""
        key = (previous, current)
        found = self._pieces.get(key)
        if found is None:
            before = None if previous is None else self.frames.get(previous, self._scale)
            found = self.codec.piece(before, self.frames.get(current, self._scale))
            self._pieces[key] = found
        return found

    def _retain(self, *selections: Sequence[int]) -> None:
        """Forget the cached pieces that none of ``selections`` uses."""
        wanted = {pair for kept in selections for pair in self._pairs(kept)}
        self._pieces = {pair: piece for pair, piece in self._pieces.items() if pair in wanted}

    def _pairs(self, kept: Sequence[int]) -> list[tuple[int | None, int]]:
        return [(None, kept[0]), *pairwise(kept)]

    def estimate(self, kept: Sequence[int]) -> int:
        """The size of the file of ``kept`` frames, from a sample of its pieces (exact for short replays)."""
        pairs = self._pairs(kept)
        first, rest = pairs[0], pairs[1:]
        size = self.codec.overhead() + self.codec.cost(self.piece(*first))
        if len(rest) <= _SAMPLE_PAIRS:
            return size + sum(self.codec.cost(self.piece(*pair)) for pair in rest)
        # The middle of each of equal strata: the opening and the final position are atypical (their
        # pairs are the most and least busy of a match), so unlike select_frames it skips the ends.
        sample = [rest[(2 * i + 1) * len(rest) // (2 * _SAMPLE_PAIRS)] for i in range(_SAMPLE_PAIRS)]
        mean = sum(self.codec.cost(self.piece(*pair)) for pair in sample) / len(sample)
        return size + math.ceil(mean * len(rest))

    def exact(self, kept: Sequence[int]) -> int:
        """The size of the file of ``kept`` frames, encoding every piece."""
        return self.codec.overhead() + sum(self.codec.cost(self.piece(*pair)) for pair in self._pairs(kept))

    def _plan(self, kept: tuple[int, ...], nbytes: int) -> _Plan:
        pieces = tuple(self.piece(*pair) for pair in self._pairs(kept))
        return _Plan(self._scale, _scaled_size(self.frames.size, self._scale), kept, pieces, nbytes)

    def _thin(self, size_of_all: int, exact_seen: bool) -> _Plan:
        """The most evenly spread frames that fit at the current (smallest) scale.

        The size grows about linearly with the number of frames kept, so each guess interpolates
        between the largest count known to fit and the smallest known not to (secant steps), starting
        from the line through one frame and all of them. Estimates only screen the first guess: once
        a full encoding has been measured, guesses are close enough to be encoded directly.

        Args:
            size_of_all: the size of all frames at this scale, measured or estimated.
            exact_seen: whether it was measured.
        """
        total = len(self.frames.pngs)
        fewest = min(total, 2)
        base = self.codec.overhead() + self.codec.cost(self.piece(None, 0))
        target = self.max_bytes * _AIM_FILL
        fits: tuple[tuple[int, ...], int] | None = None
        low, low_size = 1, base  # the most frames known to fit (one frame: only as a line's anchor)
        high, high_size = total, size_of_all  # the fewest frames known, or estimated, not to fit
        high_exact = exact_seen
        rounds = 0
        # Every round moves ``low`` up or ``high`` down, so this ends; once something fits, a few
        # rounds of refinement are enough.
        while fits is None or rounds < _SELECTION_ROUNDS:
            rounds += 1
            if fits is not None and not high_exact:
                # An estimate is noisier than a measure: extrapolate the measure that fits instead.
                guess = 1 + math.floor((target - base) * (low - 1) / max(1, low_size - base))
            elif high_size > low_size:
                guess = low + math.floor((target - low_size) * (high - low) / (high_size - low_size))
            else:  # estimates can be that noisy: bisect
                guess = (low + high) // 2
            guess = min(max(guess, low + 1, fewest), high - 1)
            if guess <= low or guess < fewest:
                break
            kept = select_frames(total, guess)
            if not exact_seen:
                estimate = self.estimate(kept)
                if estimate > self.max_bytes * _VERIFY_MARGIN:
                    high, high_size = guess, estimate
                    continue
            size, exact_seen = self.exact(kept), True
            # Keep the pieces of the best fit and of this candidate (the next one shares many), not
            # those of every candidate: each set weighs about the budget.
            self._retain(kept, *(fits[:1] if fits else ()))
            if size > self.max_bytes:
                high, high_size, high_exact = guess, size, True
                continue
            low, low_size, fits = guess, size, (kept, size)
            if size >= self.max_bytes * _GOOD_FILL:
                break
        if fits is None:
            # Even the fewest frames were estimated or measured too large: report the exact size.
            kept = select_frames(total, fewest)
            size = self.exact(kept)
            if size > self.max_bytes:
                raise ReplayTooLargeError(self.max_bytes, size)
            fits = (kept, size)
        return self._plan(*fits)
