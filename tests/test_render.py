"""The board renderer: PNG validity, determinism, what the pixels show, alt texts and highlights."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bench.bench_boards import random_game
from games import find_game
from games.base import GameState
from games.ur import race
from render import (
    BoardContext,
    UnknownRendererError,
    describe_board,
    highlights_for,
    render_board,
)
from render.common import HIGHLIGHT, SEAT_COLORS, Color, font
from render.ur.kit import PAIR_D, TILE, square_box, square_centre

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob")


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: Color, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _render(text: str, ctx: BoardContext | None = None) -> Image.Image:
    return _image(render_board("ur", race.from_text(text), ctx or BoardContext(NAMES)))


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value


def _random_game(seed: int) -> list[tuple[GameState, BoardContext]]:
    """Every position of a seeded random game of Variante 2, with the context the bot would pass."""
    return random_game(find_game("ur"), {"rules": "v2"}, 2, seed, names=NAMES, langs=None)


def test_png_signature_size_and_weight() -> None:
    png = render_board("ur", race.new_state(), BoardContext(NAMES))
    assert png.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(png))
    assert image.width >= 1000
    assert len(png) < 200_000


def test_identical_input_gives_identical_bytes() -> None:
    state = race.from_text("v2 0:A4,B2+2 1:C3 0 2")
    first = render_board("ur", state, BoardContext(NAMES, "B3xB5", 0, ("B3", "B5")))
    second = render_board("ur", race.from_text(state.to_text()), BoardContext(NAMES, "B3xB5", 0, ("B3", "B5")))
    assert first == second
    assert b"tIME" not in first and b"tEXt" not in first


def test_pieces_show_their_seat_colour_at_their_centre() -> None:
    image = _render("v2 0:A4,B2+2 1:C3 0 2")
    assert _near(_pixel(image, square_centre("A4")), SEAT_COLORS[0])
    assert _near(_pixel(image, square_centre("B2")), SEAT_COLORS[0])
    assert _near(_pixel(image, square_centre("C3")), SEAT_COLORS[1])
    for empty in ("B3", "A1", "C4", "B4"):
        pixel = _pixel(image, square_centre(empty))
        assert not _near(pixel, SEAT_COLORS[0]) and not _near(pixel, SEAT_COLORS[1]), empty


def test_last_move_is_outlined() -> None:
    before = race.from_text("v2 0:B3 1:B5 0 2")
    notation = "B3xB5"
    touched = highlights_for("ur", before, notation)
    after = before.apply(before.parse_move(notation))
    image = _image(render_board("ur", after, BoardContext(NAMES, notation, 0, touched)))
    for square in ("B3", "B5"):
        x0, _, _, _ = square_box(square)
        assert _near(_pixel(image, (x0 + 2, square_centre(square)[1])), HIGHLIGHT), square
    x0, _, _, _ = square_box("B7")
    assert not _near(_pixel(image, (x0 + 2, square_centre("B7")[1])), HIGHLIGHT)


def test_both_colours_on_the_middle_rosette() -> None:
    state = race.from_text("v2 0:B4,B4 1:B4 0 1")
    image = _image(render_board("ur", state, BoardContext(NAMES)))
    cx, cy = square_centre("B4")
    offset = 0.2 * TILE
    assert _near(_pixel(image, (cx - offset, cy - offset)), SEAT_COLORS[0])
    assert _near(_pixel(image, (cx + offset, cy + offset)), SEAT_COLORS[1])
    assert PAIR_D < TILE
    alt = describe_board("ur", state, BoardContext(NAMES))
    assert "B4 (2)" in alt


def test_start_mid_game_and_finished_game_render() -> None:
    game = _random_game(7)
    states = [game[0], game[len(game) // 2], game[-1]]
    for state, ctx in states:
        png = render_board("ur", state, ctx)
        assert png.startswith(PNG_SIGNATURE)
        assert len(png) < 200_000
    final, ctx = game[-1]
    outcome = final.outcome()
    assert outcome is not None
    winner = NAMES[outcome.winners[0]]
    assert f"{winner} wins." in describe_board("ur", final, ctx)
    fr = BoardContext(ctx.names, ctx.last_move, ctx.last_mover, ctx.highlights, "fr")
    assert f"{winner} a gagné." in describe_board("ur", final, fr)


def test_alt_text_in_english() -> None:
    state = race.from_text("v2 0:A4,B2+1 1:C3 0 2")
    alt = describe_board("ur", state, BoardContext(NAMES, "B3xB5", 0, ("B3", "B5")))
    assert alt.startswith("Royal Game of Ur.")
    assert "Alice (orange ring pieces, row A): 4 waiting, pieces on A4, B2, 1 off." in alt
    assert "Bob (blue diamond pieces, row C): 6 waiting, piece on C3, 0 off." in alt
    assert "Last move: Alice, B3xB5." in alt
    assert alt.endswith("Alice to move, rolled 2.")


def test_alt_text_in_french() -> None:
    state = race.from_text("v2 0:A4,B2+2 1:C3 1 -")
    alt = describe_board("ur", state, BoardContext(NAMES, "C4-C3", 1, ("C4", "C3"), "fr"))
    assert alt.startswith("Jeu royal d'Ur.")
    assert "Alice (pions orange à anneau, rangée A) : 3 en réserve, pions en A4, B2, 2 sortis." in alt
    assert "Bob (pions bleus à losange, rangée C) : 6 en réserve, pion en C3, 0 sorti." in alt
    assert "Dernier coup : Bob, C4-C3." in alt
    assert alt.endswith("À Bob de lancer les dés.")


def test_alt_text_before_the_draw_and_with_long_names() -> None:
    long_names = ("A" * 500, "B" * 500)
    alt = describe_board("ur", race.new_state(), BoardContext(long_names))
    assert len(alt) <= 1000
    assert alt.endswith("The first player is being drawn.")


def test_names_that_the_font_cannot_draw_still_render() -> None:
    ctx = BoardContext(("🎲🎲", "名前 with a very long name that cannot fit in the panel at all"), lang="fr")
    png = render_board("ur", race.from_text("v2 0:A4 1:C3 0 2"), ctx)
    assert png.startswith(PNG_SIGNATURE)


@pytest.mark.parametrize(
    ("position", "notation", "expected"),
    [
        ("v2 0:B3 1:B5 0 2", "B3xB5", ("B3", "B5")),
        ("v2 0:A4 1:- 0 2", "A4-A2", ("A4", "A2")),
        ("v2 0:- 1:- 0 3", "in-A2", ("A2",)),
        ("v2 0:- 1:- 1 1", "in-C4", ("C4",)),
        ("v2 0:A7 1:- 0 1", "A7-off", ("A7",)),
        ("v2 0:A4 1:- 0 2", "roll:2", ()),
        ("v2 0:- 1:- - -", "first:A", ()),
        ("v2 0:A4 1:- 0 -", "roll:3", ()),
        ("v2 0:A4 1:- 0 2", "nonsense", ()),
        ("v2 0:A4 1:- 0 2", "A4-A3", ()),
    ],
)
def test_highlights_for(position: str, notation: str, expected: tuple[str, ...]) -> None:
    assert highlights_for("ur", race.from_text(position), notation) == expected


def test_unknown_game_and_wrong_view() -> None:
    with pytest.raises(UnknownRendererError):
        render_board("chess", race.new_state(), BoardContext(NAMES))
    with pytest.raises(TypeError):
        render_board("ur", object(), BoardContext(NAMES))


def test_text_is_never_smaller_than_twenty_pixels() -> None:
    with pytest.raises(ValueError):
        font(19)
