"""The four Ur boards as a phone shows them: the marks of the move buttons drawn on their pieces, the
high-contrast palette of a member's own views, and a seat's own view that faces its reader (their side at
the bottom, their panel labelled "you")."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.ur import loop, motifs, race, towers
from render import BoardContext, render_board
from render.common import SEAT_COLORS, Color
from render.lettering import noted
from render.ur import kit
from render.ur.towers import top_centre

NAMES = ("Alice", "Bob")
POSITIONS = {
    "v1": lambda: loop.from_text("v1 0:A2 1:C3 0 -"),
    "v2": lambda: race.from_text("v2 0:A2 1:C3 0 -"),
    "v3": lambda: motifs.from_text("v3 0r:A2r 1r:C3r 0 -"),
    "rb": lambda: towers.from_text("rb A2=a,C3=c 9,9 0,0 0 - 5/2"),
}
"""A position of each rule set with a seat 0 piece on A2 and a seat 1 piece on C3, seat 0 to play."""
WHITE: Color = (255, 255, 255)
BLACK: Color = (0, 0, 0)


def _near(pixel: tuple[int, ...], colour: Color, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _image(rules: str, ctx: BoardContext) -> Image.Image:
    return Image.open(io.BytesIO(render_board("ur", POSITIONS[rules](), ctx))).convert("RGB")


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value


def _mark_disc(square: str) -> tuple[float, float]:
    """A point inside the white disc of a mark on ``square`` (left of its digit), on the public board."""
    x0, _, _, y1 = kit.square_box(square)
    return x0 + kit.MARK_D / 2 - 4 - 18, y1 - kit.MARK_D / 2 + 4


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_each_mark_is_a_white_disc_on_the_piece_its_buttons_move(rules: str) -> None:
    marks = (("A2", "1"), ("B5", "2"))
    marked = _image(rules, BoardContext(NAMES, marks=marks))
    plain = _image(rules, BoardContext(NAMES))
    for square, _ in marks:
        assert _near(_pixel(marked, _mark_disc(square)), WHITE, 8), square
        assert not _near(_pixel(plain, _mark_disc(square)), WHITE, 8), square
    with noted() as notes:
        render_board("ur", POSITIONS[rules](), BoardContext(NAMES, marks=marks))
    assert {"1", "2"} <= {text for text, _ in notes.texts}


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_the_contrast_palette_draws_white_against_black(rules: str) -> None:
    standard = render_board("ur", POSITIONS[rules](), BoardContext(NAMES))
    contrast = render_board("ur", POSITIONS[rules](), BoardContext(NAMES, palette="contrast"))
    assert standard != contrast
    standard_image = Image.open(io.BytesIO(standard)).convert("RGB")
    contrast_image = Image.open(io.BytesIO(contrast)).convert("RGB")
    # Just inside the rim of each piece (right of a Variante 3 pawn's face badge): the seat's colour.
    for square, seat, colour in (("A2", 0, WHITE), ("C3", 1, BLACK)):
        x, y = kit.square_centre(square)
        r = (kit.PIECE_D if rules != "v3" else 62) / 2
        at = (x + r * 0.7, y) if rules == "v3" else (x, y)
        assert _near(_pixel(standard_image, at), SEAT_COLORS[seat]), (square, rules)
        assert _near(_pixel(contrast_image, at), colour), (square, rules)


@pytest.mark.parametrize("rules", sorted(POSITIONS))
@pytest.mark.parametrize(("lang", "you"), [("en", "you"), ("fr", "vous")])
def test_you_labels_only_the_readers_own_panel(rules: str, lang: str, you: str) -> None:
    for viewer in (None, 0, 1):
        with noted() as notes:
            render_board("ur", POSITIONS[rules](), BoardContext(NAMES, lang=lang, viewer=viewer))
        said = [text for text, _ in notes.texts]
        assert said.count(you) == (0 if viewer is None else 1), (viewer, said)


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_seat_0s_own_view_has_its_lane_and_panel_at_the_bottom(rules: str) -> None:
    public = _image(rules, BoardContext(NAMES))
    own = _image(rules, BoardContext(NAMES, viewer=0))
    seat_1 = _image(rules, BoardContext(NAMES, viewer=1))
    top_left, bottom_left = kit.square_centre("A2"), kit.square_centre("C2")
    probe = 0.7 * 31 if rules == "v3" else 0.0
    at_top, at_bottom = (top_left[0] + probe, top_left[1]), (bottom_left[0] + probe, bottom_left[1])
    assert _near(_pixel(public, at_top), SEAT_COLORS[0])
    assert _near(_pixel(seat_1, at_top), SEAT_COLORS[0])  # seat 1's lane is already at the bottom
    assert _near(_pixel(own, at_bottom), SEAT_COLORS[0])
    assert not _near(_pixel(own, at_top), SEAT_COLORS[0])
    # Seat 0 is to play: its panel's border is in its colour, on top for everyone, at the bottom for it.
    border = kit.PANEL_X0 + 2

    def edge(image: Image.Image, panel: int) -> tuple[int, ...]:
        return _pixel(image, (border, kit.PANEL_Y[panel] + kit.PANEL_H / 2))

    assert _near(edge(public, 0), SEAT_COLORS[0]) and not _near(edge(public, 1), SEAT_COLORS[0])
    assert _near(edge(own, 1), SEAT_COLORS[0]) and not _near(edge(own, 0), SEAT_COLORS[0])


@pytest.mark.parametrize("rules", sorted(POSITIONS))
def test_a_name_of_32_wide_letters_is_wrapped_in_full(rules: str) -> None:
    name = "W" * 32
    with noted() as notes:
        render_board("ur", POSITIONS[rules](), BoardContext((name, "Bob"), lang="fr", viewer=0))
    assert not notes.truncated
    assert "".join(text for text, _ in notes.texts).count("W") >= 2 * 32  # in the status and the panel


@pytest.mark.parametrize(
    ("rules", "position"), [("v2", "v2 0:A2 1:C3 0 3"), ("v1", "v1 0:A2 1:C3 0 4"), ("rb", "rb - 10,10 0,0 - - -/-")]
)
def test_the_widest_name_keeps_the_status_in_the_header(rules: str, position: str) -> None:
    """32 W's in French need four lines beside the dice: the status takes the header's width instead."""
    state = {"v1": loop.from_text, "v2": race.from_text, "rb": towers.from_text}[rules](position)
    ctx = BoardContext(("W" * 32, "Bob"), lang="fr")
    with noted() as notes:
        png = render_board("ur", state, ctx)
    assert not notes.truncated
    image = Image.open(io.BytesIO(png)).convert("RGB")
    below = [_pixel(image, (x, kit.HEADER_H - 2)) for x in range(kit.PANEL_X0, kit.PANEL_X1)]
    assert not any(_near(p, (240, 230, 206), 30) for p in below), "the status runs into the panel"


def test_a_towers_mark_leaves_its_height_badge_in_view() -> None:
    """On a tower the mark sits up left, clear of the badge under its top token that gives its height."""
    state = towers.from_text("rb A2=aa,C3=c 8,9 0,0 0 - 5/2")
    plain = _image_of(state, BoardContext(NAMES))
    marked = _image_of(state, BoardContext(NAMES, marks=(("A2", "1"), ("C3", "2"))))
    x, y = top_centre("A2", 2)
    badge = (x, y + 48)  # the height badge's centre, as the renderer draws it
    assert _pixel(plain, badge) == _pixel(marked, badge)
    x0, y0, _, _ = kit.square_box("A2")
    assert _near(_pixel(marked, (x0 + 2, y0 + kit.MARK_D / 2 - 18)), WHITE, 8)


def _image_of(state: object, ctx: BoardContext) -> Image.Image:
    return Image.open(io.BytesIO(render_board("ur", state, ctx))).convert("RGB")


@pytest.mark.parametrize("rules", sorted(POSITIONS))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_own_views_with_marks_read_at_the_phone_column(rules: str, lang: str) -> None:
    """What the lettering test checks on the boards everyone sees, on a seat's own view: its "you"
    label, the marks and the contrast palette, with the longest names (no text under 12 CSS px, none cut)."""
    names = ("Maximilien-Alexandre de La Tour", "Éléonore-Marguerite Van Den Berg")
    marks = (("A2", "1"), ("C3", "2"))
    for viewer in (0, 1):
        ctx = BoardContext(names, lang=lang, viewer=viewer, marks=marks, palette="contrast", targets=("A3",))
        with noted() as notes:
            png = render_board("ur", POSITIONS[rules](), ctx)
        width = Image.open(io.BytesIO(png)).width
        assert not notes.small(width), notes.small(width)
        assert not notes.truncated


def test_a_two_digit_height_fits_its_badge() -> None:
    """A tower of 14 has its height on a pill wide enough for both digits (a disc would cut them)."""
    state = towers.from_text("rb A8=c,B3=cacacacacacacA 3,2 0,0 0 2 5/2")
    image = _image_of(state, BoardContext(NAMES))
    x, y = top_centre("B3", 14)
    for dx in (-29, 29):
        assert _near(_pixel(image, (x + dx, y + 48)), (240, 230, 206), 12), dx
