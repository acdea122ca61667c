"""The Ravensburger Ur renderer (``render/ur/towers.py``): PNG validity, determinism, what the pixels show
(towers, faces, control, highlights, dice), alt texts in both languages and highlights."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image

from games.ur import race, towers
from render.common import HIGHLIGHT, RED, SEAT_COLORS, BoardContext, Color
from render.ur.kit import facing, square_box, square_centre
from render.ur.towers import (
    DIE_D,
    DIE_X,
    DIE_Y,
    PIECE_D,
    RENDERER,
    TOP_D,
    _move_path,
    describe,
    highlights,
    render,
    slice_centre,
    top_centre,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob")
BUSY = "rb A2=a,A4=aa,A8=caC,B1=c,B3=cacA,B5=C,B7=cccA,C7=C 3,0 0,0 0 3 5/2"
TALL = "rb A8=c,B3=cacacacacacacA 3,2 0,0 0 2 5/2"


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: Color, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _render(text: str, ctx: BoardContext | None = None) -> Image.Image:
    return _image(render(towers.from_text(text), ctx or BoardContext(NAMES)))


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value


def _random_game(seed: int) -> list[tuple[towers.State, BoardContext]]:
    """Every position of a seeded random game, with the context the bot would pass."""
    rng = random.Random(seed)
    state = towers.new_state()
    seen = [(state, BoardContext(NAMES))]
    while state.outcome() is None:
        if state.is_chance():
            move: object = rng.choice([o for o, _ in state.chance_outcomes()])
        else:
            move = rng.choice(state.legal_moves())
        notation = state.format_move(move)  # type: ignore[arg-type]
        ctx = BoardContext(
            NAMES,
            notation,
            state.mover(move),  # type: ignore[arg-type]
            highlights(state, notation),
            rng.choice(("en", "fr")),
        )
        state = state.apply(move)  # type: ignore[arg-type]
        seen.append((state, ctx))
    return seen


def test_png_signature_size_and_weight() -> None:
    for text in ("rb - 10,10 0,0 - - -/-", BUSY, TALL):
        png = render(towers.from_text(text), BoardContext(NAMES, "B2xB3+1", 0, ("B2", "B3")))
        assert png.startswith(PNG_SIGNATURE)
        image = Image.open(io.BytesIO(png))
        assert image.width >= 1000
        assert len(png) < 200_000


def test_identical_input_gives_identical_bytes() -> None:
    ctx = BoardContext(NAMES, "B2xB3+1", 0, ("B2", "B3"))
    first = render(towers.from_text(BUSY), ctx)
    second = render(towers.from_text(towers.from_text(BUSY).to_text()), ctx)
    assert first == second
    assert b"tIME" not in first and b"tEXt" not in first


def test_renderer_entry_points() -> None:
    assert RENDERER.render is render and RENDERER.describe is describe and RENDERER.highlights is highlights
    with pytest.raises(TypeError):
        render(race.new_state(), BoardContext(NAMES))
    with pytest.raises(TypeError):
        describe(object(), BoardContext(NAMES))


def test_lone_tokens_show_their_seat_colour_and_face() -> None:
    """A lone blue-faced token shows its seat colour at the centre; a red-faced one a red heart (with a
    cream dot at the very centre: a mark, not colour alone)."""
    image = _render("rb A2=a,C3=c,B5=C,B6=A 8,8 0,0 0 3 5/2")
    assert _near(_pixel(image, square_centre("A2")), SEAT_COLORS[0])
    assert _near(_pixel(image, square_centre("C3")), SEAT_COLORS[1])
    for square, seat in (("B5", 1), ("B6", 0)):
        cx, cy = square_centre(square)
        assert _near(_pixel(image, (cx + PIECE_D * 0.09, cy)), RED), square  # the red heart
        assert not _near(_pixel(image, (cx, cy)), RED)  # the central dot
        assert _near(_pixel(image, (cx, cy - PIECE_D * 0.37)), SEAT_COLORS[seat])  # the body
    for empty in ("B3", "A1", "C4"):
        pixel = _pixel(image, square_centre(empty))
        assert not _near(pixel, SEAT_COLORS[0]) and not _near(pixel, SEAT_COLORS[1]), empty


def test_tower_shows_its_controller_and_every_token_in_order() -> None:
    """A tower: the top token as a full piece (its owner controls it) and one slice per token, in stacking
    order, each in its owner's colour, red-faced ones with a red core."""
    image = _render(BUSY)
    stack = towers.from_text(BUSY).stack("B3")  # c, a, c, A from the bottom
    cx, cy = top_centre("B3", len(stack))
    assert _near(_pixel(image, (cx, cy - TOP_D * 0.37)), SEAT_COLORS[0])
    for i, token in enumerate(stack):
        x, y = slice_centre("B3", len(stack), i)
        if token.red:
            assert _near(_pixel(image, (x + 8, y)), RED), i
            assert _near(_pixel(image, (x - 14, y)), SEAT_COLORS[token.owner]), i
        else:
            assert _near(_pixel(image, (x, y)), SEAT_COLORS[token.owner]), i
    # B7: three of seat 1 under seat 0's red token.
    for i, seat in enumerate((1, 1, 1)):
        assert _near(_pixel(image, slice_centre("B7", 4, i)), SEAT_COLORS[seat])


def test_a_very_tall_tower_still_shows_every_token() -> None:
    image = _render(TALL)
    for i in range(13):
        seat = 1 if i % 2 == 0 else 0
        assert _near(_pixel(image, slice_centre("B3", 14, i)), SEAT_COLORS[seat]), i


def test_prisoner_left_in_the_refuge_is_barred() -> None:
    """A token left on top in the other player's refuge is drawn behind bars: it is held, not free."""
    image = _render(TALL)
    cx, cy = top_centre("A8", 1)
    assert not _near(_pixel(image, (cx, cy)), SEAT_COLORS[1])  # a bar crosses the centre
    assert _near(_pixel(image, (cx + 0.14 * PIECE_D, cy - 0.3 * PIECE_D)), SEAT_COLORS[1])


def test_last_move_is_outlined() -> None:
    before = towers.from_text("rb B2=a,B5=cc 9,8 0,0 0 3 5/2")
    notation = "B2xB5"
    touched = highlights(before, notation)
    assert touched == ("B2", "B5")
    after = before.apply(before.parse_move(notation))
    image = _image(render(after, BoardContext(NAMES, notation, 0, touched)))
    for square in ("B2", "B5"):
        x0, _, _, _ = square_box(square)
        assert _near(_pixel(image, (x0 + 2, square_centre(square)[1])), HIGHLIGHT), square
    x0, _, _, _ = square_box("B7")
    assert not _near(_pixel(image, (x0 + 2, square_centre("B7")[1])), HIGHLIGHT)


def test_the_die_shows_the_roll_and_crosses_out_a_six() -> None:
    centre = (DIE_X + DIE_D / 2, DIE_Y + DIE_D / 2)
    five = _render("rb B3=a 9,10 0,0 0 5 5/2")
    assert _near(_pixel(five, centre), (22, 19, 16), 40)  # the middle pip
    two = _render("rb B3=a 9,10 0,0 0 2 5/2")
    assert not _near(_pixel(two, centre), (22, 19, 16), 40)
    six = _render("rb B3=a 9,10 0,0 1 - 5/2", BoardContext(NAMES, "roll:6", 0))
    assert not _near(_pixel(six, centre), (22, 19, 16), 40)
    assert six != _render("rb B3=a 9,10 0,0 1 - 5/2")


def test_start_mid_game_and_finished_game_render() -> None:
    game = _random_game(3)
    for state, ctx in (game[0], game[len(game) // 2], game[-1]):
        png = render(state, ctx)
        assert png.startswith(PNG_SIGNATURE) and len(png) < 200_000
        assert len(describe(state, ctx)) <= 1000
    final, ctx = game[-1]
    outcome = final.outcome()
    assert outcome is not None
    winner = NAMES[outcome.winners[0]]
    assert f"{winner} wins." in describe(final, BoardContext(NAMES, ctx.last_move, ctx.last_mover, (), "en"))
    assert f"{winner} a gagné." in describe(final, BoardContext(NAMES, ctx.last_move, ctx.last_mover, (), "fr"))


def test_alt_text_in_english() -> None:
    alt = describe(towers.from_text(BUSY), BoardContext(NAMES, "B2xB3+1", 0, ("B2", "B3")))
    assert alt.startswith("Royal Game of Ur, Ravensburger rules.")
    assert (
        "Alice (orange ring tokens, row A): 3 in reserve; tokens lost: 0; opponent's tokens delivered: 0; "
        "prisoners held: 7." in alt
    )
    assert "Bob (blue diamond tokens, row C): 0 in reserve" in alt
    assert "B3 (4): orange red-faced / blue / orange / blue" in alt
    assert "B7 (4): orange red-faced / blue ×3" in alt
    assert "A8 (3): blue red-faced / orange / blue" in alt
    assert "Last move: Alice, B2xB3+1." in alt
    assert alt.endswith("Alice to move, rolled 3.")


def test_alt_text_in_french() -> None:
    state = towers.from_text("rb B6=cccacA 8,5 0,1 0 - 6/1")
    alt = describe(state, BoardContext(NAMES, "roll:6", 1, (), "fr"))
    assert alt.startswith("Jeu royal d'Ur, règles Ravensburger.")
    assert "Alice (jetons orange à anneau, rangée A) : 8 en réserve ; jetons perdus : 0 ; " in alt
    assert "jetons adverses livrés : 1 ; prisonniers retenus : 4." in alt
    assert "B6 (6): orange face rouge / bleu / orange / bleu ×3" in alt
    assert "Dernier coup : Bob a fait 6 : pas de mouvement." in alt
    assert alt.endswith("À Alice de lancer le dé.")


def test_alt_text_of_the_opening() -> None:
    state = towers.from_text("rb - 10,10 0,0 - - 4/-")
    alt = describe(state, BoardContext(NAMES, "open:A4", None))
    assert "Opening rolls: Alice 4, Bob –." in alt
    assert "Last move: Alice rolled 4 for the opening." in alt
    assert alt.endswith("Bob to roll the die.")
    started = towers.from_text("rb - 10,10 0,0 1 - 2/5")
    alt = describe(started, BoardContext(NAMES, "open:C5", None, (), "fr"))
    assert "Bob commence (5 contre 2)" in alt
    tie = describe(towers.new_state(), BoardContext(NAMES, "open:C3", None))
    assert "Tie at 3: both roll again." in tie


def test_alt_text_is_bounded() -> None:
    long_names = ("A" * 500, "B" * 500)
    state = towers.from_text(TALL)
    alt = describe(state, BoardContext(long_names, "B1xB3", 0))
    assert len(alt) <= 1000
    assert alt.endswith("to move, rolled 2.")


def test_names_that_the_font_cannot_draw_still_render() -> None:
    ctx = BoardContext(("🎲🎲", "名前 with a very long name that cannot fit in the panel at all"), lang="fr")
    assert render(towers.from_text(BUSY), ctx).startswith(PNG_SIGNATURE)


@pytest.mark.parametrize(
    ("position", "notation", "expected"),
    [
        ("rb B2=a,B5=c 9,9 0,0 0 3 5/2", "B2xB5", ("B2", "B5")),
        ("rb B5=cca 9,8 0,0 0 2 5/2", "B5-B7+2", ("B5", "B7")),
        ("rb B5=A 9,10 0,0 0 2 5/2", "B5-B3", ("B5", "B3")),
        ("rb - 10,10 0,0 0 3 5/2", "in-A2", ("A2",)),
        ("rb - 10,10 0,0 1 5 2/5", "in", ("B1",)),
        ("rb B8=ca 9,9 0,0 0 2 5/2", "B8-A7+1", ("B8", "A7")),
        ("rb B3=a 9,10 0,0 0 2 5/2", "roll:2", ()),
        ("rb - 10,10 0,0 - - -/-", "open:A3", ()),
        ("rb B3=a 9,10 0,0 0 2 5/2", "nonsense", ()),
        ("rb B3=a 9,10 0,0 0 2 5/2", "B3-B4", ()),
    ],
)
def test_highlights(position: str, notation: str, expected: tuple[str, ...]) -> None:
    assert highlights(towers.from_text(position), notation) == expected


def test_a_capture_leaves_the_taken_token_struck_out_where_it_was_taken() -> None:
    """After ``B2xB3`` by orange, a struck-out blue token marks B3; the same move without ``x`` does not."""
    position = BUSY
    corner = square_box("B3")[0] + 18, square_box("B3")[1] + 18
    taken = _render(position, BoardContext(NAMES, last_move="B2xB3", last_mover=0, highlights=("B2", "B3")))
    moved = _render(position, BoardContext(NAMES, last_move="B2-B3", last_mover=0, highlights=("B2", "B3")))
    box = (round(corner[0]) - 22, round(corner[1]) - 22, round(corner[0]) + 22, round(corner[1]) + 22)
    assert _count(taken.crop(box), RED) > _count(moved.crop(box), RED) + 150, "the red strike-out is drawn"
    assert _count(taken.crop(box), SEAT_COLORS[1]) > 10, "the taken token is blue"


def _count(image: Image.Image, colour: Color) -> int:
    raw = image.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(raw), 3) if _near((raw[i], raw[i + 1], raw[i + 2]), colour))


def test_the_last_move_line_runs_beside_a_tall_tower_not_through_it() -> None:
    """``B1-B5`` past the 14-token tower on B3: the arrow leaves row B for the gutter under it."""
    points = _move_path("B1-B5", 1)
    assert points is not None
    bottom = square_box("B3")[3]
    x3 = square_centre("B3")[0]
    crossing = [(a, b) for a, b in itertools.pairwise(points) if min(a[0], b[0]) <= x3 <= max(a[0], b[0])]
    assert crossing and all(a[1] > bottom and b[1] > bottom for a, b in crossing), points
    image = _render(TALL, BoardContext(NAMES, last_move="B1-B5", last_mover=1, highlights=("B1", "B5")))
    assert _near(_pixel(image, (x3, bottom + 6)), HIGHLIGHT, 40), "the arrow is in the gutter under B3"


def test_on_a_turned_board_the_line_along_the_top_row_runs_in_the_gutter_under_it() -> None:
    """In seat 0's own view row C is on top: a move along it detours under the row, inside the board."""
    with facing(BoardContext(NAMES, viewer=0)):
        points = _move_path("C4-C1", 1)
        bottom = square_box("C1")[3]
    assert points is not None and len(points) == 4, points
    assert all(y > bottom for _, y in points[1:3]), points


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("rb A8=c,B3=cacacacacacacA 2,1 1,1 0 2 5/2", ["livré", "adverse livré"]),
        ("rb A8=c,B3=cacacacacacacA 1,0 2,2 0 - 5/2", ["livrés", "adverses livrés"]),
    ],
)
def test_the_french_panel_agrees_delivered_with_its_count(text: str, said: list[str]) -> None:
    """ "1 livrés" read as a mistake to a French newcomer: 0 and 1 take the singular in French."""
    from render.lettering import noted

    with noted() as notes:
        render(towers.from_text(text), BoardContext(NAMES, lang="fr"))
    assert [t for t, _ in notes.texts if "livr" in t] == said


@pytest.mark.parametrize(("lang", "said"), [("en", "of theirs delivered"), ("fr", "adverses livrés")])
def test_the_delivered_count_says_whose_tokens_it_counts(lang: str, said: str) -> None:
    """ "5 delivered" beside the other seat's token read as a score (and "bob wins!" beside "alice: 5
    delivered" as a mistake): with room in the panel, the words say the tokens are the opponent's."""
    from render.lettering import noted

    with noted() as notes:
        render(towers.from_text("rb A8=c,B3=cacacacacacacA 1,0 2,2 0 - 5/2"), BoardContext(NAMES, lang=lang))
    assert said in [t for t, _ in notes.texts], notes.texts


def test_three_counts_with_long_words_stay_inside_their_panel() -> None:
    """ "0 in reserve · 3 delivered · 3 prisoners" ran past the panel's edge (its last letter on the frame):
    the gaps between counts narrow until they fit."""
    from render.ur import kit
    from render.ur.towers import STAT_D, _prisoner_icon, token_sprite

    stats = (
        kit.Stat(token_sprite(0, False, STAT_D), "0", "in reserve"),
        kit.Stat(token_sprite(1, False, STAT_D), "3", "delivered"),
        kit.Stat(_prisoner_icon(1), "3", "prisoners"),
    )
    assert kit.stats_width(stats) > kit.STATS_ROOM, "the case that overflowed"
    assert kit.stats_width(stats, kit.stats_gap(stats)) <= kit.STATS_ROOM
    assert kit.stats_gap(stats[:2]) == kit.STAT_GAP, "two counts keep their gap"


def test_the_path_hints_between_squares_are_tall_enough_to_read_on_a_phone() -> None:
    """The chevrons between squares show which way the path runs; at 16 px on a 1,100 px board they were 4 CSS
    px on a phone and a newcomer could not tell the direction. Measured on the drawn board: at least 6 CSS px."""
    import numpy as np

    from render.lettering import PHONE_COLUMN_CSS
    from render.ur.kit import GUTTER, TILE, WIDTH

    image = np.asarray(_image(render(towers.new_state(), BoardContext(NAMES))).convert("RGB"), dtype=int)
    with facing(BoardContext(NAMES)):
        (ax, y), (bx, _) = square_centre("B4"), square_centre("B5")
    x, y = round((ax + bx) / 2), round(y)
    ground = image[y - TILE // 2 + 6, x]
    # The gutter between the two tiles, clear of their edges: how many rows the chevron spans there.
    gutter = image[y - TILE // 2 + 6 : y + TILE // 2 - 6, x - GUTTER // 2 + 1 : x + GUTTER // 2]
    rows = np.nonzero((np.abs(gutter - ground).sum(axis=2) > 60).any(axis=1))[0]
    tallest = int(rows.max() - rows.min() + 1)
    assert tallest * PHONE_COLUMN_CSS / WIDTH >= 6, tallest


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", ["captured 9 of 10", "captured 1 of 10"]), ("fr", ["a capturé 9 sur 10", "a capturé 1 sur 10"])],
)
def test_each_panel_says_how_many_of_the_ten_opposing_tokens_its_player_has_captured(
    lang: str, said: list[str]
) -> None:
    """ "1 delivered · 8 prisoners" left a newcomer unable to tell who was ahead, or why "bob wins!" came
    beside fewer tokens delivered: a captured token becomes a prisoner under its captor and, carried into the
    final goal, is delivered; ten captured, held or delivered, win. Each panel says the sum out of ten
    (alice: 1 delivered and 8 prisoners, 9; bob: 1 delivered, 1)."""
    from render.lettering import noted

    with noted() as notes:
        render(towers.from_text("rb A8=c,B3=cacacacacacacA 2,1 1,1 0 2 5/2"), BoardContext(NAMES, lang=lang))
    assert [t for t, _ in notes.texts if t.startswith(("captured", "a capturé"))] == said


@pytest.mark.parametrize(("lang", "said"), [("en", "= reached its final goal"), ("fr", "= a atteint son but final")])
def test_a_red_faced_token_on_the_board_is_explained_by_a_key_under_it(lang: str, said: str) -> None:
    """A red-faced token reached its final goal, which nothing on the board said (issue 39): while one is on the
    board a key line under the panels shows that token and says so, at the phone's smallest text; a board
    without one keeps its height."""
    from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS, noted

    ctx = BoardContext(NAMES, lang=lang)
    with noted() as notes:
        with_red = _image(render(towers.from_text(BUSY), ctx))  # red-faced tokens on B3, B5, B7 and C7
    plain = _image(render(towers.from_text("rb A2=a,A4=aa,A8=cac,B1=c,B3=caca,B5=c,B7=ccca,C8=c 3,0 0,0 0 3 5/2"), ctx))
    assert with_red.height > plain.height
    sizes = [px for text, px in notes.texts if text == said]
    assert sizes and min(sizes) * PHONE_COLUMN_CSS / with_red.width >= PHONE_MIN_CSS


def test_ravensburgers_palette_has_no_near_twins() -> None:
    """Ravensburger's busiest boards were 0.5 KB under the phone's 60 KB (issue 39): antialiased edges scattered
    over colours a level or two apart, such as (214, 200, 170) and (214, 201, 171), which the eye cannot tell
    apart and the compressor can. Its palette keeps one of each such pair (the exact colours first)."""
    from render.common import PALETTE_MERGE, build_palette
    from render.ur import towers as board

    entries = board.BOARD_IMAGE.palette.getpalette() or []
    colours = [tuple(entries[i : i + 3]) for i in range(0, len(entries), 3)]
    twins = [
        (a, b)
        for i, a in enumerate(colours)
        for b in colours[i + 1 :]
        if max(abs(x - y) for x, y in zip(a, b, strict=True)) <= PALETTE_MERGE
    ]
    assert twins == []
    # The merge itself: a found colour next to a kept one is left out, a distinct one stays.
    sample = Image.new("RGB", (3, 1))
    sample.putdata([(10, 10, 10), (12, 11, 10), (200, 30, 30)])
    merged = build_palette([sample], colors=8, keep=((10, 10, 10),), merge=PALETTE_MERGE).getpalette() or []
    found = {tuple(merged[i : i + 3]) for i in range(0, len(merged), 3)}
    assert (12, 11, 10) not in found and (200, 30, 30) in found
