"""The Variante 1 board image (``render/ur/loop.py``): PNG, determinism, what the pixels show, alt texts.

Probes read the rendered PNG (after the palette mapping), so they check what players actually see.
"""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image, ImageChops

from games.ur import loop
from render.common import CREAM, HIGHLIGHT, INK, RED, SEAT_COLORS, BoardContext, Color, font
from render.ur import kit
from render.ur import loop as ur_loop
from render.ur.kit import piece_sprite, square_box, square_centre

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob")
BUSY = "v1 0:A1,A1,B4,B4r,B6,B8r,B1r 1:C7,B4,B4r,A8r,B3r,B1r+1 0 5"
"""The most crowded position we could think of: all four kinds of piece on B4, stacks, both faces."""


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: Color, tolerance: int = 26) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _has(image: Image.Image, colour: Color, tolerance: int = 30) -> bool:
    """True when some pixel of ``image`` is near ``colour``."""
    colours = image.getcolors(image.width * image.height) or []
    return any(_near(c, colour, tolerance) for _, c in colours)


def _render(text: str, ctx: BoardContext | None = None) -> Image.Image:
    return _image(ur_loop.render(loop.from_text(text), ctx or BoardContext(NAMES)))


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value


def _random_game(seed: int) -> list[tuple[loop.State, BoardContext]]:
    """Every position of a seeded random game, with the context the bot would pass (last decision)."""
    rng = random.Random(seed)
    state = loop.new_state()
    ctx = BoardContext(NAMES)
    seen = [(state, ctx)]
    while state.outcome() is None:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            move = rng.choices([o for o, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
        else:
            move = rng.choice(state.legal_moves())
            notation = state.format_move(move)
            lang = rng.choice(["en", "fr"])
            ctx = BoardContext(NAMES, notation, state.mover(move), ur_loop.highlights(state, notation), lang)
        state = state.apply(move)
        seen.append((state, ctx))
    return seen


# The file.


def test_png_signature_size_and_weight_of_the_busiest_position() -> None:
    png = ur_loop.render(loop.from_text(BUSY), BoardContext(NAMES, "A2xB6", 0, ("A2", "B6")))
    assert png.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(png))
    assert image.width >= 1000
    assert image.height == kit.HEIGHT
    assert len(png) < 200_000


def test_identical_input_gives_identical_bytes() -> None:
    ctx = BoardContext(NAMES, "A2xB6", 0, ("A2", "B6"), "fr")
    first = ur_loop.render(loop.from_text(BUSY), ctx)
    second = ur_loop.render(loop.from_text(loop.from_text(BUSY).to_text()), ctx)
    assert first == second
    assert b"tIME" not in first and b"tEXt" not in first


# What the pixels show.


def test_plain_and_turned_pieces_show_their_faces() -> None:
    """A plain piece shows its seat colour at the centre; a turned one a red face inside its seat's rim."""
    image = _render("v1 0:A2,B8r 1:C3,B6r 0 5")
    assert _near(_pixel(image, square_centre("A2")), SEAT_COLORS[0])
    assert _near(_pixel(image, square_centre("C3")), SEAT_COLORS[1])
    for square, seat in (("B8", 0), ("B6", 1)):
        cx, cy = square_centre(square)
        assert _near(_pixel(image, (cx, cy)), RED), square
        assert _near(_pixel(image, (cx, cy - 0.81 * ur_loop.PIECE_D / 2)), SEAT_COLORS[seat]), square
    for empty in ("B3", "A1", "C4", "B4"):
        pixel = _pixel(image, square_centre(empty))
        assert not any(_near(pixel, c) for c in (*SEAT_COLORS, RED)), empty


@pytest.mark.parametrize("seat", [0, 1])
def test_the_turned_face_differs_in_shape_not_only_colour(seat: int) -> None:
    """A turned piece carries a U-turn badge: in greyscale the two faces still differ clearly there."""
    plain = piece_sprite(seat, ur_loop.PIECE_D).convert("L")
    turned = ur_loop.turned_piece_sprite(seat, ur_loop.PIECE_D).convert("L")
    assert plain.size == turned.size
    c, r = plain.width / 2, ur_loop.PIECE_D / 2
    bx, by, br = round(c - 0.68 * r), round(c + 0.64 * r), round(0.4 * r)
    box = (bx - br, by - br, bx + br, by + br)
    histogram = ImageChops.difference(plain.crop(box), turned.crop(box)).histogram()
    assert sum(histogram[61:]) > sum(histogram) // 4


def test_x_o_and_the_arrival_square_are_marked() -> None:
    """X (a red badge) on B8, O (cream badges) on B5, B6, B7, a chequered band around B1."""
    image = _render("v1 0:- 1:- 0 -")
    mx, my = ur_loop._mark_centre("B8")
    assert _near(_pixel(image, (mx - 9, my)), RED)
    assert _near(_pixel(image, (mx, my)), CREAM)  # where the letter's strokes cross
    for square in ("B5", "B6", "B7"):
        mx, my = ur_loop._mark_centre(square)
        assert _near(_pixel(image, (mx - 15, my)), CREAM), square  # the disc, left of the letter
        letter = image.crop((round(mx) - 12, round(my) - 12, round(mx) + 13, round(my) + 13))
        assert _has(letter, RED), square  # the O is written in red
    for square in ("B1", "B2", "B3", "B4", "A8"):
        mx, my = ur_loop._mark_centre(square)
        assert not _near(_pixel(image, (mx - 9, my)), RED), square
    x0, y0, x1, _ = square_box("B1")
    band = [_pixel(image, (x, y0 - 3.75)) for x in range(x0, x1, 2)]
    assert sum(_near(p, CREAM, 40) for p in band) > len(band) // 4
    assert sum(_near(p, INK, 30) for p in band) > len(band) // 4
    x0, y0, x1, _ = square_box("B2")
    assert not any(_near(_pixel(image, (x, y0 - 3.75)), CREAM, 40) for x in range(x0, x1, 2))


def test_the_loop_chevrons_point_both_ways_in_the_right_block() -> None:
    """The loop is drawn: A7 to A8 has seat 0's chevron pointing right and seat 1's pointing left, and
    row B carries both the way out (right) and the way home (left) between B4 and B7."""
    chevrons = ur_loop._joint_chevrons()
    (ax, ay), (bx, _) = square_centre("A7"), square_centre("A8")
    at_joint = [(d, c) for (x, y), d, c in chevrons if abs(x - (ax + bx) / 2) < 1 and abs(y - ay) < 30]
    assert sorted(d for d, _ in at_joint) == [(-1.0, 0.0), (1.0, 0.0)]
    (ax, ay), (bx, _) = square_centre("B5"), square_centre("B6")
    on_b = sorted(d for (x, y), d, _ in chevrons if abs(x - (ax + bx) / 2) < 1 and abs(y - ay) < 30)
    assert on_b == [(-1.0, 0.0), (1.0, 0.0)]
    (ax, ay), (bx, _) = square_centre("B2"), square_centre("B3")
    on_b = [d for (x, y), d, _ in chevrons if abs(x - (ax + bx) / 2) < 1 and abs(y - ay) < 30]
    assert on_b == [(-1.0, 0.0)]  # only the way home runs there
    # One chevron per step of either loop, the shared steps of row B once.
    steps = {(a, b) for path in loop.PATHS for a, b in itertools.pairwise(path)}
    assert len(chevrons) == len(steps)


def test_both_languages_say_the_same_things() -> None:
    assert set(ur_loop.WORDS["en"]) == set(ur_loop.WORDS["fr"])


def test_several_pieces_of_both_colours_and_faces_share_b4() -> None:
    """B4 may hold all four kinds of piece: each is drawn in its own quadrant."""
    image = _render(BUSY)
    cx, cy = square_centre("B4")
    quad = 0.24 * ur_loop.TILE
    assert _near(_pixel(image, (cx - quad, cy - quad)), SEAT_COLORS[0])  # seat 0 plain
    assert _near(_pixel(image, (cx + quad, cy - quad)), RED)  # seat 0 turned
    assert _near(_pixel(image, (cx - quad, cy + quad)), SEAT_COLORS[1])  # seat 1 plain
    assert _near(_pixel(image, (cx + quad, cy + quad)), RED)  # seat 1 turned


@pytest.mark.parametrize(("roll", "tips"), [(5, "rrr"), (4, "www"), (1, "wrr")])
def test_the_dice_show_white_and_red_tips(roll: int, tips: str) -> None:
    """The three dice: no white tip for a 5, three for a 4, one for a 1."""
    image = _render(f"v1 0:A2 1:C3 0 {roll}")
    for i, tip in enumerate(tips):
        x = ur_loop.DICE_X + i * (ur_loop.DIE_W + ur_loop.DIE_GAP) + 0.5 * ur_loop.DIE_W
        pixel = _pixel(image, (x, ur_loop.DICE_Y + 0.4 * ur_loop.DIE_H))
        assert _near(pixel, RED if tip == "r" else ur_loop.WHITE_TIP), (i, pixel)


@pytest.mark.parametrize(("roll", "again"), [(5, True), (4, True), (1, False)])
def test_a_4_or_5_says_roll_again(roll: int, again: bool) -> None:
    """The status line says a 4 or 5 rolls again (the dice beside it show the throw)."""
    names = ("Alice", "Bob")
    template, name, _ = ur_loop._status(loop.from_text(f"v1 0:A2 1:C3 0 {roll}"), BoardContext(names), names)
    assert name == "Alice" and str(roll) in template and (", rolls again" in template) == again


def test_last_move_is_outlined_and_drawn_along_the_loop() -> None:
    before = loop.from_text("v1 0:A2 1:B6 0 5")
    notation = "A2xB6"
    touched = ur_loop.highlights(before, notation)
    assert touched == ("A2", "B6")
    after = before.apply(before.parse_move(notation))
    image = _image(ur_loop.render(after, BoardContext(NAMES, notation, 0, touched)))
    for square in touched:
        x0, _, _, _ = square_box(square)
        assert _near(_pixel(image, (x0 + 2, square_centre(square)[1])), HIGHLIGHT), square
    # The arrow runs A2 → A3 → A4, down to B4, then along row B: yellow between A3 and A4 and in B5.
    (ax, ay), (bx, _) = square_centre("A3"), square_centre("A4")
    assert _near(_pixel(image, ((ax + bx) / 2, ay)), HIGHLIGHT)
    assert _near(_pixel(image, square_centre("B5")), HIGHLIGHT)
    assert not _near(_pixel(image, square_centre("B3")), HIGHLIGHT)


@pytest.mark.parametrize(
    ("notation", "seat", "expected"),
    [
        ("A2xB6", 0, (0, 2, 7)),
        ("C8-C7", 0, (0, 12, 13)),
        ("C7-C8", 1, (1, 9, 10)),
        ("B7-B6", None, (0, 14, 15)),
        ("B4-B5", None, (0, 5, 6)),
        ("B5-B1", 1, (1, 16, 20)),
        ("in-C1", None, (1, 0, 1)),
        ("B1-off", None, (0, 20, 21)),
        ("roll:5", 0, None),
        ("A2-A1", 0, None),
    ],
)
def test_a_move_is_read_on_the_loop(notation: str, seat: int | None, expected: tuple[int, int, int] | None) -> None:
    """Squares of B4..B7 are on the loop twice; the arrow takes the pair of positions one throw apart."""
    assert ur_loop._read_move(notation, seat) == expected


def test_the_panels_count_pieces_waiting_and_off() -> None:
    """A panel counts its pieces waiting (plain) and off (turned over, as they left the loop)."""
    state = loop.from_text("v1 0:A2+3 1:C3+1 0 -")
    words = ur_loop.WORDS["en"]
    off = ur_loop.turned_piece_sprite(0, kit.STAT_D, False)
    row, waiting, done = kit.race_stats(state, 0, words, off)
    assert row.word == "row A"
    assert (waiting.count, waiting.word) == ("3", "waiting")
    assert (done.count, done.word, done.sprite) == ("3", "off", off)
    assert kit.race_stats(state, 1, words, off)[1].count == "5"
    assert kit.stats_width((row, waiting, done)) < kit.PANEL_X1 - kit.PANEL_X0


# Whole games.


def test_start_mid_game_and_finished_game_render() -> None:
    game = _random_game(11)
    for state, ctx in [*game[:: max(1, len(game) // 12)], game[-1]]:
        png = ur_loop.render(state, ctx)
        assert png.startswith(PNG_SIGNATURE)
        assert len(png) < 200_000
        assert len(ur_loop.describe(state, ctx)) <= 1000
    final, ctx = game[-1]
    outcome = final.outcome()
    assert outcome is not None
    winner = NAMES[outcome.winners[0]]
    en = BoardContext(ctx.names, ctx.last_move, ctx.last_mover, ctx.highlights, "en")
    fr = BoardContext(ctx.names, ctx.last_move, ctx.last_mover, ctx.highlights, "fr")
    assert ur_loop.describe(final, en).endswith(f"{winner} wins.")
    assert ur_loop.describe(final, fr).endswith(f"{winner} a gagné.")


# Alt text.


def test_alt_text_in_english() -> None:
    state = loop.from_text("v1 0:A2,B8r,B1r,B1r+1 1:C3 0 5")
    alt = ur_loop.describe(state, BoardContext(NAMES, "A2xB6", 0, ("A2", "B6")))
    assert alt.startswith("Royal Game of Ur, Variante 1 (loop).")
    assert (
        "Alice (orange ring pieces, enters on A1): 2 waiting, pieces on A2, B8 (turned), B1 (2, turned), 1 off." in alt
    )
    assert "Bob (blue diamond pieces, enters on C1): 6 waiting, piece on C3, 0 off." in alt
    assert "Last move: Alice, A2xB6." in alt
    assert alt.endswith("Alice to move, rolled 5 and rolls again after.")


def test_alt_text_in_french() -> None:
    state = loop.from_text("v1 0:A2,B1r,B1r+2 1:C3 1 -")
    alt = ur_loop.describe(state, BoardContext(NAMES, "C2-C3", 1, ("C2", "C3"), "fr"))
    assert alt.startswith("Jeu royal d'Ur, Variante 1 (boucle).")
    assert (
        "Alice (pions orange à anneau, entrée en A1) : 2 en réserve, pions en A2, B1 (2, retournés), 2 sortis." in alt
    )
    assert "Bob (pions bleus à losange, entrée en C1) : 6 en réserve, pion en C3, 0 sorti." in alt
    assert "Dernier coup : Bob, C2-C3." in alt
    assert alt.endswith("À Bob de lancer les dés.")


@pytest.mark.parametrize(
    ("text", "notation", "en", "fr"),
    [
        ("v1 0:A2 1:C3 0 -", "roll:5", "Alice rolled 5, no move, rolls again.", "Alice a fait 5, sans coup possible"),
        ("v1 0:A2 1:C3 1 -", "roll:1", "Alice rolled 1, no move.", "Alice a fait 1, sans coup possible."),
        ("v1 0:A2 1:C3 1 -", "roll:0", "Alice rolled 0, turn over.", "Alice a fait 0, fin du tour."),
    ],
)
def test_throws_that_move_nothing_are_told(text: str, notation: str, en: str, fr: str) -> None:
    state = loop.from_text(text)
    assert en in ur_loop.describe(state, BoardContext(NAMES, notation))
    assert fr in ur_loop.describe(state, BoardContext(NAMES, notation, lang="fr"))


def test_alt_text_before_the_draw_and_with_long_names() -> None:
    alt = ur_loop.describe(loop.new_state(), BoardContext(("A" * 500, "B" * 500)))
    assert len(alt) <= 1000
    assert alt.endswith("The first player is being drawn.")


def test_names_that_the_font_cannot_draw_still_render() -> None:
    ctx = BoardContext(("🎲🎲", "名前 with a very long name that cannot fit in the panel at all"), lang="fr")
    assert ur_loop.render(loop.from_text("v1 0:A2 1:C3 0 5"), ctx).startswith(PNG_SIGNATURE)


# Highlights and errors.


@pytest.mark.parametrize(
    ("position", "notation", "expected"),
    [
        ("v1 0:A2 1:B6 0 5", "A2xB6", ("A2", "B6")),
        ("v1 0:A2 1:- 0 5", "in", ("A1",)),
        ("v1 0:- 1:- 1 4", "in-C1", ("C1",)),
        ("v1 0:B1r 1:- 0 4", "B1-off", ("B1",)),
        ("v1 0:C8r 1:- 0 1", "C8-C7", ("C8", "C7")),
        ("v1 0:A2 1:- 0 5", "roll:5", ()),
        ("v1 0:- 1:- - -", "first:A", ()),
        ("v1 0:A2 1:- 0 -", "roll:4", ()),
        ("v1 0:A2 1:- 0 5", "nonsense", ()),
        ("v1 0:A2 1:- 0 5", "A2-A3", ()),
    ],
)
def test_highlights(position: str, notation: str, expected: tuple[str, ...]) -> None:
    assert ur_loop.highlights(loop.from_text(position), notation) == expected


def test_wrong_view_is_a_type_error() -> None:
    from games.ur import race

    for call in (ur_loop.render, ur_loop.describe):
        with pytest.raises(TypeError):
            call(race.new_state(), BoardContext(NAMES))
    with pytest.raises(TypeError):
        ur_loop.highlights(object(), "in")
    assert ur_loop.RENDERER.render is ur_loop.render


def test_text_is_never_smaller_than_twenty_pixels() -> None:
    with pytest.raises(ValueError):
        font(19)


def test_a_piece_sent_back_is_marked_where_it_was_taken() -> None:
    """``A2xB6`` by orange: the blue piece sent home is struck out in red on B6."""
    from render.ur.kit import square_box

    position = "v1 0:B6 1:- 1 -"
    x0, y0, _, _ = square_box("B6")
    box = (x0, y0, x0 + 40, y0 + 40)
    taken = _render(position, BoardContext(("A", "B"), last_move="A2xB6", last_mover=0))
    plain = _render(position, BoardContext(("A", "B"), last_move="A2-B6", last_mover=0))
    assert _count(taken.crop(box), RED) > _count(plain.crop(box), RED) + 150


def _count(image: Image.Image, colour: Color) -> int:
    raw = image.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(raw), 3) if _near((raw[i], raw[i + 1], raw[i + 2]), colour))
