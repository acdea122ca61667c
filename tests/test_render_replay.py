"""The animated replay (``render/replay.py``): frames kept or reduced to fit, valid files, determinism.

The files are read back with Pillow and composited frame by frame, so the checks are on what a viewer
shows, not on how the bytes are laid out.
"""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageSequence

from bench.bench_boards import random_game
from games import find_game
from render import render_board
from render.replay import (
    MIN_WIDTH,
    Animation,
    ReplayTooLargeError,
    animate,
    frame_times,
    scale_steps,
    select_frames,
)

SIZE = (1000, 640)


def _palette() -> list[int]:
    """256 distinct colours on a 16 × 16 grid, far enough apart that no two may be merged."""
    return [channel for i in range(256) for channel in ((i % 16) * 17, (i // 16) * 17, 128)]


def _frames(count: int, *, noise: int = 60, seed: int = 1, size: tuple[int, int] = SIZE) -> list[bytes]:
    """``count`` palettised PNG frames: a fixed backdrop, a token that moves and a patch of noise that changes.

    The noise does not compress, so each frame costs a predictable number of bytes in the animation.
    """
    rng = random.Random(seed)
    backdrop = Image.new("P", size, 3)
    backdrop.putpalette(_palette())
    draw = ImageDraw.Draw(backdrop)
    for x in range(0, size[0], 50):
        draw.rectangle((x, 0, x + 24, size[1]), fill=40 + x // 50)
    out = []
    for n in range(count):
        frame = backdrop.copy()
        x = 40 + (n * 37) % (size[0] - 200)
        ImageDraw.Draw(frame).ellipse((x, 300, x + 80, 380), fill=200 + n % 50)
        frame.paste(Image.frombytes("P", (noise, noise), rng.randbytes(noise * noise)), (size[0] - noise - 10, 10))
        buffer = io.BytesIO()
        frame.save(buffer, format="PNG")
        out.append(buffer.getvalue())
    return out


def _read_back(animation: Animation) -> list[Image.Image]:
    """Every frame of the file as a viewer shows it, in RGB."""
    image = Image.open(io.BytesIO(animation.data))
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(image)]


def _n_frames(animation: Animation) -> int:
    """Frames in the file, as Pillow counts them."""
    n_frames = getattr(Image.open(io.BytesIO(animation.data)), "n_frames", 1)
    assert isinstance(n_frames, int)
    return n_frames


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _durations(animation: Animation) -> list[float]:
    image = Image.open(io.BytesIO(animation.data))
    return [frame.info["duration"] for frame in ImageSequence.Iterator(image)]


def _max_difference(a: Image.Image, b: Image.Image) -> int:
    extrema = ImageChops.difference(a, b).getextrema()
    assert isinstance(extrema[0], tuple)
    return max(int(band[1]) for band in extrema)


# -- helpers -------------------------------------------------------------------------------------------


def test_select_frames_spreads_evenly_and_keeps_both_ends() -> None:
    assert select_frames(10, 10) == tuple(range(10))
    assert select_frames(10, 1) == (0,)
    assert select_frames(10, 2) == (0, 9)
    assert select_frames(9, 5) == (0, 2, 4, 6, 8)
    for total in range(1, 60):
        for count in range(1, total + 1):
            kept = select_frames(total, count)
            assert len(kept) == count and kept[0] == 0
            assert all(b > a for a, b in itertools.pairwise(kept))
            if count > 1:
                assert kept[-1] == total - 1
                steps = {b - a for a, b in itertools.pairwise(kept)}
                assert max(steps) - min(steps) <= 1
    with pytest.raises(ValueError):
        select_frames(3, 4)
    with pytest.raises(ValueError):
        select_frames(3, 0)


def test_frame_times_give_each_frame_its_turns_up_to_a_cap() -> None:
    assert frame_times(3, frame_ms=900, last_frame_ms=4000) == (900, 900, 4000)
    assert frame_times(1) == (4000,)
    # Frame 0 stands for turns 0 and 1, frame 2 for turns 2 to 4; frame 5 stands for ten turns but is capped.
    assert frame_times(16, (0, 2, 5, 15), frame_ms=500, last_frame_ms=3000) == (1000, 1500, 1500, 3000)
    assert frame_times(16, (0, 2, 5, 15), frame_ms=500, last_frame_ms=3000, max_stretch=10) == (1000, 1500, 5000, 3000)
    assert frame_times(10, (0, 9), frame_ms=30_000) == (60_000, 4000)
    for bad in ((), (0, 0), (2, 1), (0, 16), (-1, 3)):
        with pytest.raises(ValueError):
            frame_times(16, bad)
    with pytest.raises(ValueError):
        frame_times(3, frame_ms=5)


def test_scale_steps_never_go_below_the_readable_width() -> None:
    assert scale_steps(1600) == (1.0, 0.75, 0.5)
    assert scale_steps(1100) == (1.0, 0.75, MIN_WIDTH / 1100)
    assert scale_steps(700) == (1.0, MIN_WIDTH / 700)
    assert scale_steps(500) == (1.0,)
    assert scale_steps(1000, min_width=800) == (1.0, 0.8)


# -- whole replays -------------------------------------------------------------------------------------


def test_a_small_replay_keeps_every_frame_pixel_for_pixel_and_the_durations() -> None:
    frames = _frames(8)
    animation = animate(frames, frame_ms=700, last_frame_ms=3000)
    assert animation.data.startswith(b"GIF89a")
    assert (animation.filename, animation.media_type) == ("replay.gif", "image/gif")
    assert (animation.frames_used, animation.frames_total, animation.scale) == (8, 8, 1.0)
    assert (animation.width, animation.height) == SIZE
    assert animation.kept == tuple(range(8)) and not animation.reduced
    assert animation.durations == (700,) * 7 + (3000,)
    assert animation.total_ms == 7 * 700 + 3000

    image = Image.open(io.BytesIO(animation.data))
    assert image.format == "GIF" and _n_frames(animation) == 8
    assert image.info["loop"] == 0
    assert _durations(animation) == [700] * 7 + [3000]
    for shown, frame in zip(_read_back(animation), frames, strict=True):
        assert shown.tobytes() == _rgb(frame).tobytes()


def test_unchanged_frames_still_get_a_frame_each() -> None:
    frames = _frames(3)
    frames = [frames[0], frames[0], frames[1], frames[1], frames[2]]
    animation = animate(frames)
    shown = _read_back(animation)
    assert len(shown) == 5 == animation.frames_used
    for picture, frame in zip(shown, frames, strict=True):
        assert picture.tobytes() == _rgb(frame).tobytes()


def test_a_single_frame_replay() -> None:
    animation = animate(_frames(1), last_frame_ms=2500)
    assert animation.frames_used == 1 and animation.durations == (2500,)
    assert _n_frames(animation) == 1


def test_output_is_deterministic() -> None:
    frames = _frames(12)
    for fmt in ("gif", "png"):
        assert animate(frames, fmt=fmt).data == animate(list(frames), fmt=fmt).data
    full = animate(frames)
    budget = len(full.data) // 2
    assert animate(frames, max_bytes=budget).data == animate(frames, max_bytes=budget).data


def test_a_replay_over_budget_is_downscaled_first() -> None:
    frames = _frames(30, noise=120)
    full = animate(frames)
    animation = animate(frames, max_bytes=int(len(full.data) * 0.8))
    assert len(animation.data) <= int(len(full.data) * 0.8)
    assert animation.scale < 1.0 and animation.reduced
    assert animation.frames_used == 30 and animation.kept == tuple(range(30))
    assert animation.width == round(SIZE[0] * animation.scale) >= MIN_WIDTH
    shown = _read_back(animation)
    assert len(shown) == 30 and shown[0].size == (animation.width, animation.height)
    # Downscaled frames are re-mapped onto the same palette: close to the input, resized the same way.
    expected = _rgb(frames[-1]).resize(shown[-1].size, Image.Resampling.BOX)
    assert _max_difference(shown[-1], expected) <= 40


def test_a_long_replay_is_thinned_at_the_smallest_scale_keeping_both_ends() -> None:
    frames = _frames(60, noise=120)
    max_bytes = 150_000
    animation = animate(frames, max_bytes=max_bytes, frame_ms=900, last_frame_ms=4000)
    assert len(animation.data) <= max_bytes
    assert animation.scale == min(scale_steps(SIZE[0]))
    assert 2 < animation.frames_used < 60 == animation.frames_total
    assert animation.kept[0] == 0 and animation.kept[-1] == 59
    assert animation.kept == select_frames(60, animation.frames_used)
    # Kept frames stand for the turns skipped after them: they show longer, the pause at the end stays.
    assert all(900 < ms <= 2700 for ms in animation.durations[:-1])
    assert animation.durations[-1] == 4000
    assert _n_frames(animation) == animation.frames_used
    shown = _read_back(animation)
    expected = _rgb(frames[-1]).resize(shown[-1].size, Image.Resampling.BOX)
    assert _max_difference(shown[-1], expected) <= 40
    # Most of the budget is used: the search does not settle for far fewer frames than fit.
    assert len(animation.data) > 0.6 * max_bytes


def test_frames_already_narrow_are_thinned_but_never_downscaled() -> None:
    frames = _frames(20, size=(500, 300))
    full = animate(frames)
    animation = animate(frames, max_bytes=len(full.data) // 2)
    assert animation.scale == 1.0 and animation.width == 500
    assert animation.frames_used < 20 and len(animation.data) <= len(full.data) // 2


def test_even_the_smallest_replay_too_large_raises() -> None:
    with pytest.raises(ReplayTooLargeError) as caught:
        animate(_frames(10, noise=200), max_bytes=5_000)
    assert caught.value.max_bytes == 5_000 and caught.value.smallest > 5_000


def test_an_animated_png_on_a_full_spread_palette_is_exact() -> None:
    frames = _frames(10)
    animation = animate(frames, fmt="png", frame_ms=600)
    assert animation.data.startswith(b"\x89PNG\r\n\x1a\n")
    assert (animation.filename, animation.media_type) == ("replay.png", "image/png")
    assert Image.open(io.BytesIO(animation.data)).format == "PNG" and _n_frames(animation) == 10
    assert _durations(animation) == [600] * 9 + [4000]
    for shown, frame in zip(_read_back(animation), frames, strict=True):
        assert shown.tobytes() == _rgb(frame).tobytes()


def test_an_animated_png_fits_its_budget_too() -> None:
    frames = _frames(40, noise=120)
    animation = animate(frames, fmt="png", max_bytes=120_000)
    assert len(animation.data) <= 120_000 and animation.reduced
    assert _n_frames(animation) == animation.frames_used


def test_full_colour_frames_are_mapped_onto_one_palette() -> None:
    frames = []
    for n in range(6):
        image = Image.new("RGB", (640, 400), (20, 30, 40))
        draw = ImageDraw.Draw(image)
        draw.rectangle((40 + 60 * n, 100, 140 + 60 * n, 200), fill=(230, 159, 0))
        draw.text((20, 20), f"turn {n}", fill=(240, 230, 206))
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        frames.append(buffer.getvalue())
    animation = animate(frames)
    for shown, frame in zip(_read_back(animation), frames, strict=True):
        assert _max_difference(shown, _rgb(frame)) <= 24


def test_bad_input_is_refused() -> None:
    frames = _frames(2)
    with pytest.raises(ValueError, match="at least one frame"):
        animate([])
    with pytest.raises(ValueError, match="format"):
        animate(frames, fmt="webp")
    with pytest.raises(ValueError, match="size"):
        animate([frames[0], _frames(1, size=(800, 600))[0]])
    with pytest.raises(ValueError, match="not a readable image"):
        animate([frames[0], b"not a png"])
    with pytest.raises(ValueError, match="frame_ms"):
        animate(frames, frame_ms=0)
    with pytest.raises(ValueError, match="not a readable image"):
        animate([frames[0], frames[1][: len(frames[1]) // 2]])
    # A frame of the wrong size is refused even where thinning would have left it out.
    many = _frames(30, noise=120)
    with pytest.raises(ValueError, match="size"):
        animate([*many[:15], _frames(1, size=(800, 600))[0], *many[15:]], max_bytes=50_000)


# -- a real match --------------------------------------------------------------------------------------


def _ur_match(seed: int, plies: int) -> list[bytes]:
    """The board after each of the first ``plies`` decisions of a seeded random Ur game, as the bot renders it."""
    game = random_game(find_game("ur"), {"rules": "v1"}, 2, seed, names=("Alice", "Bob"), langs=None, limit=plies)
    return [render_board("ur", state, ctx) for state, ctx in game]


def test_an_ur_match_keeps_the_renderers_palette_exactly() -> None:
    frames = _ur_match(seed=3, plies=24)
    animation = animate(frames)
    assert animation.frames_used == len(frames) and animation.scale == 1.0
    for shown, frame in zip(_read_back(animation), frames, strict=True):
        assert shown.tobytes() == _rgb(frame).tobytes()
    # The renderers fill all 256 palette entries; the APNG merges its two closest colours (a level apart).
    apng = animate(frames, fmt="png")
    for shown, frame in zip(_read_back(apng), frames, strict=True):
        assert _max_difference(shown, _rgb(frame)) <= 2
    small = animate(frames, max_bytes=len(animation.data) // 3)
    assert len(small.data) <= len(animation.data) // 3 and small.width >= MIN_WIDTH
    assert small.kept[0] == 0 and small.kept[-1] == len(frames) - 1
