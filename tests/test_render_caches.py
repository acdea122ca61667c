"""The drawing machinery's shortcuts change no pixel: the PNG writer, the faces' remembered widths, Pillow's
pool of blocks under threads, texts' ink kept without their colour."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageDraw, ImageFont
from PIL import _imaging as pillow_core

from bot.shell.allocator import pool_image_blocks
from games import find_game
from render import BoardContext, render_board
from render.common import LENGTHS_KEPT, _font_bytes, encode_png, font
from render.ultimatek import _draw_board, _palette
from render.ultimatek import _view as ultimatek_view
from render.ursuppe_art import PLAYER_COLOURS, text_sprite

NAMES = ("Maximilien-Alexandre de La Tour", "Éléonore-Marguerite Van Den Berg")


def _board() -> Image.Image:
    state = find_game("ultimatek").new(2, {"cap": "none"})
    return _draw_board(ultimatek_view(state.view_for(0)), BoardContext(names=NAMES, lang="fr"))


def test_the_png_holds_the_pixels_pillows_own_writer_held() -> None:
    image = _board()
    palette = _palette(False)
    ours = Image.open(io.BytesIO(encode_png(image, palette)))
    out = io.BytesIO()
    image.quantize(palette=palette, dither=Image.Dither.NONE).save(out, format="PNG", compress_level=6)
    pillows = Image.open(io.BytesIO(out.getvalue()))
    assert ours.format == "PNG" and ours.mode == "P" and ours.size == image.size
    assert ours.tobytes() == pillows.tobytes()
    assert ours.convert("RGB").tobytes() == pillows.convert("RGB").tobytes()
    assert encode_png(image, palette) == encode_png(image, palette)


def test_a_png_of_one_row_and_of_an_odd_width_reads_back() -> None:
    palette = _palette(False)
    for size in ((1, 1), (777, 1), (3, 500), (1001, 333)):
        image = Image.new("RGB", size, (30, 27, 25))
        image.paste((240, 228, 66), (0, 0, size[0] // 2 + 1, size[1] // 2 + 1))
        back = Image.open(io.BytesIO(encode_png(image, palette)))
        back.load()
        assert back.convert("RGB").tobytes() == image.quantize(palette=palette).convert("RGB").tobytes()


def test_a_remembered_width_is_freetypes() -> None:
    face = font(31, "Semibold")
    plain = ImageFont.truetype(io.BytesIO(_font_bytes("Semibold")), 31)
    texts = [NAMES[0][:n] for n in range(len(NAMES[0]) + 1)] + ["Tour 12 / 60", "1 livré", "ẞ✓"]
    for _ in range(2):
        assert [face.getlength(t) for t in texts] == [plain.getlength(t) for t in texts]
    assert face.getlength("ab", "L") == plain.getlength("ab", "L")


def test_a_face_remembers_a_bounded_number_of_widths_and_is_shared_by_threads() -> None:
    face = font(37, "Bold")
    plain = ImageFont.truetype(io.BytesIO(_font_bytes("Bold")), 37)
    texts = [f"{n} pions" for n in range(3 * LENGTHS_KEPT)]
    with ThreadPoolExecutor(4) as pool:
        widths = list(pool.map(face.getlength, texts))
    assert widths == [plain.getlength(t) for t in texts]
    assert len(face._lengths) <= LENGTHS_KEPT


def test_a_text_sprite_from_its_kept_ink_is_the_text_drawn_in_its_colour() -> None:
    """Ursuppe keeps each text's coverage alone and colours it at each paste: the sprite, and what it pastes on an
    opaque or a see-through canvas, are those of the text drawn in its colour on a clear sprite."""
    for text, size, weight in ((NAMES[1], 22, "Bold"), ("« tour 3 » : 12 ✓", 20, "Regular"), ("Wij", 38, "Semibold")):
        face = font(size, weight)
        left, top, *_ = face.getbbox(text, anchor="ls")
        for colour in ((0, 0, 0), (255, 255, 255), *PLAYER_COLOURS):
            sprite = text_sprite(text, size, weight, colour)
            drawn = Image.new("RGBA", sprite.size, (*colour, 0))
            ImageDraw.Draw(drawn).text((-min(0, left), -top), text, font=face, fill=(*colour, 255), anchor="ls")
            assert sprite.tobytes() == drawn.tobytes() and sprite.info["baseline"] == -top
            for ground in (
                Image.new("RGB", (300, 60), (90, 120, 150)),
                Image.new("RGBA", (300, 60), (90, 120, 150, 128)),
            ):
                ours, theirs = ground.copy(), ground.copy()
                ours.paste(sprite, (3, 3), sprite)
                theirs.paste(drawn, (3, 3), drawn)
                assert ours.tobytes() == theirs.tobytes()


def test_boards_drawn_at_once_in_threads_are_the_boards_drawn_one_by_one() -> None:
    # The bot draws off the event loop, in threads, with Pillow's pool of freed blocks (bot.shell.allocator).
    before = pillow_core.get_block_size(), pillow_core.get_blocks_max()
    pool_image_blocks()
    try:
        jobs = []
        for game, options in (("ur", {"rules": "v1"}), ("subulata", {}), ("ultimatek", {"cap": "60"})):
            state = find_game(game).new(2, options)
            for seat, lang in ((None, "en"), (0, "fr"), (1, "en")):
                jobs.append((game, state.view_for(seat), BoardContext(names=NAMES, lang=lang)))
        one_by_one = [render_board(*job) for job in jobs]
        with ThreadPoolExecutor(4) as pool:
            at_once = list(pool.map(lambda job: render_board(*job), jobs * 2))
        assert at_once == one_by_one * 2
    finally:
        pillow_core.set_blocks_max(before[1])
        pillow_core.set_block_size(before[0])
