"""The Subulata renderer: PNG size and determinism, what the pixels show, alt texts, highlights and hidden values."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from games.subulata import state as sub
from games.subulata.state import State, from_text
from render.common import HIGHLIGHT, BoardContext, Color
from render.subulata import (
    PIECE_FILL,
    RENDERER,
    TERRAIN_COLOURS,
    cell_box,
    cell_centre,
    describe,
    highlights,
    piece_centre,
    render,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob")
FIXED = "10,20,30,40,50,60,70,80,90"
MID = f"subulata {FIXED} d1=4,c2=8,e5=7,f6=3/12569 d5=5,h7=1,c8=9/234678 1"


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: Color, tolerance: int = 26) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value


def _state(text: str = MID) -> State:
    return from_text(text)


def _game(seed: int) -> list[tuple[State, BoardContext]]:
    rng = random.Random(seed)
    state: State = sub.new_state()
    seen = [(state, BoardContext(NAMES))]
    while state.outcome() is None:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            move = outcomes[rng.randrange(len(outcomes))][0]
        else:
            move = rng.choice(state.legal_moves())
        notation = state.format_move(move)
        ctx = BoardContext(NAMES, notation, state.mover(move), highlights(state.view_for(None), notation))
        state = state.apply(move)
        seen.append((state, ctx))
    return seen


def test_png_signature_width_and_weight() -> None:
    """At least 1000 px wide, under 200 KB, for the public, private and final images."""
    state = _state()
    for viewer in (None, 0, 1):
        png = render(state.view_for(viewer), BoardContext(NAMES, "e4-e5", 0))
        assert png.startswith(PNG_SIGNATURE)
        assert _image(png).width >= 1000
        assert len(png) < 200_000
    final = _game(3)[-1]
    assert len(render(final[0].view_for(None), final[1])) < 200_000


def test_identical_input_gives_identical_bytes() -> None:
    """Equal views and contexts give byte-identical PNGs without metadata."""
    a = render(_state().view_for(0), BoardContext(NAMES, "e4-e5", 0))
    b = render(from_text(_state().to_text()).view_for(0), BoardContext(NAMES, "e4-e5", 0))
    assert a == b
    assert b"tIME" not in a and b"tEXt" not in a


def test_terrain_and_pieces_at_probe_pixels() -> None:
    """Probe pixels: an empty cell shows its terrain colour, pieces show their fill colour."""
    state = _state()
    image = _image(render(state.view_for(None), BoardContext(NAMES)))
    terrain = state.terrain
    for name in ("a1", "e9", "i4", "b2"):
        cell = sub.cell_index(name)
        x0, y0, x1, y1 = cell_box(cell)
        assert _near(_pixel(image, ((x0 + x1) / 2, y0 + 6 + (y1 - y0) / 2)), TERRAIN_COLOURS[terrain[cell]]), name
    for seat, name in ((0, "e5"), (1, "d5")):
        cx, cy = cell_centre(sub.cell_index(name))
        assert _near(_pixel(image, (cx + 6 + 18, cy + 4)), PIECE_FILL[seat]), name


def test_last_move_is_outlined() -> None:
    """The cells of the last move are outlined in the highlight colour."""
    before = _state(f"subulata {FIXED} d1=4,c2=8,e5=7,f6=3/12569 d5=5,h7=1,c8=9/234678 0")
    notation = before.format_move(before.parse_move("e5-f5"))
    marks = RENDERER.highlights(before.view_for(None), notation)
    assert marks == ("e5", "f5")
    after = before.apply(before.parse_move(notation))
    image = _image(render(after.view_for(None), BoardContext(NAMES, notation, 0, marks)))
    for name in marks:
        x0, y0, _, y1 = cell_box(sub.cell_index(name))
        assert _near(_pixel(image, (x0 + 3, (y0 + y1) / 2)), HIGHLIGHT), name
    x0, y0, _, y1 = cell_box(sub.cell_index("a5"))
    assert not _near(_pixel(image, (x0 + 3, (y0 + y1) / 2)), HIGHLIGHT)
    assert highlights(before.view_for(None), "white setup 123456789") == ()


def test_values_drawn_only_where_the_view_holds_them() -> None:
    """The public image has no value; the private one differs from it exactly on the owner's pieces."""
    state = _state()
    public = _image(render(state.view_for(None), BoardContext(NAMES)))
    private = _image(render(state.view_for(0), BoardContext(NAMES)))
    for name, seat in (("c2", 0), ("e5", 0), ("d5", 1), ("h7", 1)):
        x0, y0, x1, y1 = cell_box(sub.cell_index(name))
        box = (x0 + 10, y0 + 10, x1 - 2, y1 - 2)
        same = public.crop(box).tobytes() == private.crop(box).tobytes()
        assert same == (seat == 1), name


def test_alt_text_never_holds_a_hidden_value() -> None:
    """Alt texts: the public one shows no value, the private one only the viewer's, both languages."""
    state = _state()
    public = describe(state.view_for(None), BoardContext(NAMES, "e4-e5", 0))
    assert public.startswith("Subulata board")
    assert not re.search(r"=\s*\d", public)
    assert "No value is shown." in public
    private = describe(state.view_for(0), BoardContext(NAMES, lang="fr"))
    assert "e5 eau = 7" in private and "d5 feuille" in private and "d5 feuille =" not in private
    for state_, ctx in _game(5):
        for viewer in (None, 0, 1):
            text = describe(state_.view_for(viewer), ctx)
            assert len(text) <= 1000
    setup_log = describe(_state(f"subulata {FIXED} - - -").view_for(None), BoardContext(NAMES, "white setup 371946825"))
    assert "371946825" not in setup_log and "white setup" in setup_log


def test_public_image_never_shows_a_setup_value() -> None:
    """The last-move line goes through public_notation: a set-up's digits never reach the image."""
    half = _state(f"subulata {FIXED} - - -")
    half = half.apply(half.parse_move("white setup 123456789"))
    with_values = render(half.view_for(None), BoardContext(NAMES, "white setup 123456789", 0))
    redacted = render(half.view_for(None), BoardContext(NAMES, "white setup", 0))
    assert with_values == redacted


def test_every_stage_renders_and_the_end_shows_the_winner() -> None:
    """Layout draw, set-up, play and end all render; the final alt text names the winner or the draw."""
    game = _game(11)
    for state, ctx in (game[0], game[2], game[len(game) // 2], game[-1]):
        for viewer in (None, 0, 1):
            assert render(state.view_for(viewer), ctx).startswith(PNG_SIGNATURE)
    final, ctx = game[-1]
    outcome = final.outcome()
    assert outcome is not None
    alt = describe(final.view_for(None), ctx)
    if outcome.winners:
        assert f"{NAMES[outcome.winners[0]]} wins" in alt
    else:
        assert "Draw" in alt


def test_wrong_view_type_is_refused() -> None:
    """The renderer takes Subulata views only, never a state."""
    with pytest.raises(TypeError):
        render(_state(), BoardContext(NAMES))


def _texts(view: object, ctx: BoardContext) -> list[str]:
    """Every text one render draws, the cached static part (coordinates, legend) drawn again."""
    from render.lettering import noted
    from render.subulata import _board_layer, _static_layer

    render(view, ctx)
    _board_layer.cache_clear()
    _static_layer.cache_clear()
    with noted() as notes:
        render(view, ctx)
    assert not notes.truncated
    return [text for text, _ in notes.texts]


def test_black_sees_the_board_turned_round_with_their_side_at_the_bottom() -> None:
    """On Black's own view i9 is the bottom left cell and Black's panel, marked "you", is at the bottom."""
    state = _state()
    assert cell_box(sub.cell_index("i9"), turned=True) == cell_box(sub.cell_index("a1"))
    image = _image(render(state.view_for(1), BoardContext(NAMES)))
    cx, cy = piece_centre(sub.cell_index("d5"), turned=True)
    assert _near(_pixel(image, (cx + 12, cy - 12)), PIECE_FILL[1])
    assert "Bob (you)" in _texts(state.view_for(1), BoardContext(NAMES))
    assert "Alice (vous)" in _texts(state.view_for(0), BoardContext(NAMES, lang="fr"))
    assert not any("(you)" in text for text in _texts(state.view_for(None), BoardContext(NAMES)))


def test_a_cell_never_shows_two_digits() -> None:
    """No terrain digit on the board: the digits drawn are the row numbers, the key's last distance (its
    others are "moves 1 cell," and "2,") and the values the view holds; a move button's mark is not drawn
    over a value."""
    state = _state()
    marks = (("c2", "1"), ("e5", "2"))
    digits = [t for t in _texts(state.view_for(0), BoardContext(NAMES, marks=marks)) if t.isdigit()]
    assert len(digits) == 9 + 1 + len(state.pieces[0])
    public = [t for t in _texts(state.view_for(None), BoardContext(NAMES, marks=marks)) if t.isdigit()]
    assert len(public) == 9 + 1 + len(marks), "on the public board each mark is drawn once, on a badge"


def test_the_marks_of_the_move_buttons_are_drawn_on_their_pieces() -> None:
    state = _state()
    plain = _image(render(state.view_for(None), BoardContext(NAMES)))
    marked = _image(render(state.view_for(None), BoardContext(NAMES, marks=(("c2", "1"),))))
    _, y0, x1, _ = cell_box(sub.cell_index("c2"))
    corner = (x1 - 30, y0 + 2, x1 - 2, y0 + 30)
    assert plain.crop(corner).tobytes() != marked.crop(corner).tobytes()
    assert _near(_pixel(marked, (x1 - 8, y0 + 12)), HIGHLIGHT)  # the badge, right of its 12 CSS px digit
    _, y0, x1, _ = cell_box(sub.cell_index("e5"))
    corner = (x1 - 30, y0 + 2, x1 - 2, y0 + 30)
    assert plain.crop(corner).tobytes() == marked.crop(corner).tobytes()


def test_the_high_contrast_palette_is_drawn_on_request() -> None:
    state = _state()
    standard = _image(render(state.view_for(0), BoardContext(NAMES)))
    contrast = _image(render(state.view_for(0), BoardContext(NAMES, palette="contrast")))
    assert _near(_pixel(contrast, (4, 4)), (0, 0, 0), 4) and not _near(_pixel(standard, (4, 4)), (0, 0, 0), 4)
    cx, cy = piece_centre(sub.cell_index("e5"))
    assert _near(_pixel(contrast, (cx + 12, cy - 12)), (255, 255, 255), 6)


def test_the_final_panels_tell_each_score_in_full() -> None:
    final, ctx = _game(3)[-1]
    outcome = final.outcome()
    assert outcome is not None and outcome.scores is not None
    texts = _texts(final.view_for(None), ctx)
    for seat in (0, 1):
        assert any(f"score {outcome.scores[seat]}:" in text and "capture" in text for text in texts), texts


def test_the_board_is_square_and_the_image_portrait() -> None:
    x0, y0, _, _ = cell_box(sub.cell_index("a9"))
    _, _, x1, y1 = cell_box(sub.cell_index("i1"))
    assert x1 - x0 == y1 - y0
    image = _image(render(_state().view_for(None), BoardContext(NAMES)))
    assert image.width == 1000 and image.height >= image.width


@pytest.mark.parametrize("theme", ["standard", "contrast"])
def test_terrain_and_sides_stay_apart_for_colour_blind_players(theme: str) -> None:
    """The three terrains (each also has its symbol) and the two sides (also disc and hexagon) stay at
    least CIEDE2000 20 apart under simulated protanopia, deuteranopia and tritanopia, in both palettes."""
    from render.subulata_art import THEMES
    from tests.test_colour_safety import FLOOR, closest_pair

    colours = THEMES[theme]
    for kind, palette in (("terrain", list(colours.terrain.values())), ("sides", list(colours.piece_fill))):
        distance, vision, i, j = closest_pair(palette)
        assert distance >= FLOOR, f"{theme} {kind} {i} and {j}: {distance:.1f} apart under {vision}"


def test_a_new_layout_is_drawn_without_a_board_sized_supersampled_canvas(monkeypatch: pytest.MonkeyPatch) -> None:
    """A match's first post draws a layout never seen before: it is pasted from per-terrain cell sprites,
    never painted on a canvas larger than the board (a 3× supersampled board took some 200 ms a layout)."""
    from render.subulata import HEIGHT, WIDTH, _board_layer

    real_new = Image.new
    areas: list[int] = []

    def new(mode: str, size: tuple[int, int], *args: object, **kwargs: object) -> Image.Image:
        areas.append(size[0] * size[1])
        return real_new(mode, size, *args, **kwargs)  # type: ignore[arg-type]

    render(_state().view_for(None), BoardContext(NAMES))
    _board_layer.cache_clear()
    monkeypatch.setattr(Image, "new", new)
    for seat in (None, 0, 1):
        render(_state().view_for(seat), BoardContext(NAMES, palette="contrast" if seat else "standard"))
    assert areas and max(areas) <= WIDTH * HEIGHT


def test_a_nine_sliced_rounded_box_is_the_box_drawn_whole() -> None:
    """The frames are stretched from a small supersampled corner: every pixel within a shade of the box
    supersampled whole."""
    import numpy as np
    from PIL import ImageDraw

    from render.common import rounded_box, supersampled

    def whole(draw: ImageDraw.ImageDraw, k: float) -> None:
        draw.rounded_rectangle(
            (0, 0, 300 * k, 90 * k), radius=14 * k, fill=(40, 50, 60), outline=(200, 190, 170), width=round(3 * k)
        )

    sliced = np.asarray(rounded_box((300, 90), 14, (40, 50, 60), (200, 190, 170), 3, 3), dtype=int)
    drawn = np.asarray(supersampled((301, 91), 3, whole), dtype=int)
    assert sliced.shape == drawn.shape
    assert np.abs(sliced - drawn).max() <= 2


def test_the_key_says_in_words_how_far_a_piece_moves_from_each_terrain() -> None:
    """A bare "1 2 3" beside three swatches said nothing to a newcomer: the key under the board reads "A piece
    on [waves] moves 1 cell, [flower] 2, [leaf] 3", in the member's language."""
    state = _state()
    en = _texts(state.view_for(None), BoardContext(NAMES))
    start = en.index("A piece on")
    assert en[start : start + 4] == ["A piece on", "moves 1 cell,", "2,", "3"]
    fr = _texts(state.view_for(0), BoardContext(NAMES, lang="fr"))
    assert "Un pion sur" in fr and "avance d'une case," in fr


def test_the_key_says_which_way_each_colour_moves() -> None:
    """The key said how far a piece moves but not which way: a newcomer tried Black's moves up the board and
    was refused. Under the distances it says White moves up or right, Black down or left."""
    state = _state()
    en = _texts(state.view_for(None), BoardContext(NAMES))
    assert "White moves up or right" in en and "Black moves down or left" in en
    fr = _texts(state.view_for(0), BoardContext(NAMES, lang="fr"))
    assert "Blanc avance vers le haut ou la droite" in fr and "Noir avance vers le bas ou la gauche" in fr


@pytest.mark.parametrize("kind", ["W", "F", "L"])
@pytest.mark.parametrize("theme", ["standard", "contrast"])
def test_a_cells_terrain_symbol_reads_at_12_css_px_on_a_phone(kind: str, theme: str) -> None:
    """The symbol in a cell's corner is what tells the terrains apart without colour: at 8 CSS px (its old
    size) waves, flower and leaf blurred into one blob on a phone; it now spans 12 CSS px at the phone's
    column, and the piece standing on the cell leaves its upper left quarter free."""
    from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS
    from render.subulata import CELL, PIECE_D, SYMBOL_AT, WIDTH
    from render.subulata_art import THEMES, cell_sprite

    sprite = cell_sprite(kind, CELL, SYMBOL_AT, theme).convert("RGB")
    ground = THEMES[theme].terrain[kind]
    drawn = [
        (x, y) for x in range(2, CELL - 2) for y in range(2, CELL - 2) if not _near(_pixel(sprite, (x, y)), ground, 40)
    ]
    # Its length across, the longest of four directions (the leaf lies along a diagonal).
    span = max(
        max(x * dx + y * dy for x, y in drawn) - min(x * dx + y * dy for x, y in drawn)
        for dx, dy in ((1.0, 0.0), (0.0, 1.0), (0.7071, 0.7071), (0.7071, -0.7071))
    )
    assert span * PHONE_COLUMN_CSS / WIDTH >= PHONE_MIN_CSS
    # The piece (down and right of the centre) does not stand on the symbol's middle.
    px, py = piece_centre(0)
    x0, _, _, y1 = cell_box(0)
    cx, cy = x0 + SYMBOL_AT, y1 - CELL + SYMBOL_AT
    assert ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5 > PIECE_D / 2 + 12


def test_before_the_tiles_are_laid_each_panel_says_where_its_side_starts_and_goes() -> None:
    """The two gold-framed tiles are each side's start and goal: a newcomer read "starts at a1–c3" and
    did not learn where to go."""
    from games import find_game

    state = find_game("subulata").new(2, {})
    assert state.view_for(None).layout is None, "the tiles are drawn by the first chance step"
    en = _texts(state.view_for(None), BoardContext(NAMES))
    assert "White · from a1–c3 to g7–i9" in en and "Black · from g7–i9 to a1–c3" in en
    fr = _texts(state.view_for(0), BoardContext(NAMES, lang="fr"))
    assert "Blanc · de a1–c3 vers g7–i9" in fr


def test_the_key_says_a_piece_goes_backward_only_to_capture() -> None:
    """A piece may move backward (the same distance) only when it captures; the key said only the forward
    ways, so a newcomer took a piece with no forward move for a stuck one (issue 39). A third line says it."""
    state = _state()
    en = _texts(state.view_for(None), BoardContext(NAMES))
    assert "Backward only to capture" in en
    fr = _texts(state.view_for(1), BoardContext(NAMES, lang="fr"))
    assert "En arrière seulement pour prendre" in fr
