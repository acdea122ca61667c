"""The standings image: PNG size and determinism, readable in a phone's column, what the pixels show, awkward
names, long tables, alt text."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.common import HIGHLIGHT, MUTED, PANEL, Color
from render.lettering import noted
from render.standings import (
    ALT_MAX,
    MARGIN,
    MAX_ROWS,
    PAD,
    RANK_W,
    TEXT_PX,
    WIDTH,
    StandingsTable,
    describe_standings,
    render_standings,
    row_top,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
HEADERS = ("#", "Player", "Pts", "Buchholz", "SB", "W-D-L")


def table(count: int = 8, **changes: object) -> StandingsTable:
    """A Swiss table of ``count`` players, best first."""
    rows = tuple(
        (str(i + 1), f"Player {i + 1}", f"{(count - i) / 2:g}", str(10 + i), str(i), f"{i}-0-{3 - i}")
        for i in range(count)
    )
    fields: dict[str, object] = {
        "title": "Spring Open · final standings",
        "subtitle": "Royal Game of Ur — Variante 2 · Swiss system",
        "headers": HEADERS,
        "rows": rows,
    }
    fields.update(changes)
    return StandingsTable(**fields)  # type: ignore[arg-type]


def image_of(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(pixel: object, colour: Color, tolerance: int = 30) -> bool:
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def colours_in(image: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, int, int]]:
    region = image.crop(box)
    found = region.getcolors(region.width * region.height)
    assert found is not None
    return [colour for _count, colour in found]


def test_a_png_drawn_for_the_phone_column_and_byte_identical_for_equal_tables() -> None:
    png = render_standings(table())
    assert png.startswith(PNG_SIGNATURE)
    image = image_of(png)
    assert image.width == WIDTH
    assert image.height > row_top(table(), 7) + 2 * TEXT_PX
    assert render_standings(table()) == png
    assert render_standings(table(subtitle="")) != png


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_text_reads_on_a_phone_and_nothing_is_shortened_even_with_the_longest_names(lang: str) -> None:
    # A member's display name may hold 32 characters; wide letters are the worst case.
    headers = (*HEADERS, "Byes") if lang == "en" else ("#", "Joueur", "Pts", "Buchholz", "SB", "V-N-D", "Exempts")
    names = ("W" * 32, "Émilie 🐍 Ünal-Øster de la Grange", "bob", "ＷＷＷＷＷＷＷＷＷＷＷＷＷＷＷＷ")
    rows = tuple((str(i + 1), name, "2,5 points", "10,5", "7", "2-1-0", "1") for i, name in enumerate(names))
    long = table(
        headers=headers,
        rows=rows,
        title="Championnat de printemps de l'association des joueurs · classement final après correction",
        footer="Les joueurs barrés ont abandonné le tournoi.",
    )
    with noted() as notes:
        png = render_standings(long)
    assert notes.texts and not notes.truncated
    assert notes.small(image_of(png).width) == []


def test_rows_alternate_shades_and_the_leaders_rank_is_highlighted() -> None:
    shared = table(
        rows=(
            ("1", "Ann", "2", "3", "1", "2-0-0"),
            ("1", "Ben", "2", "3", "1", "2-0-0"),
            ("3", "Cat", "0", "4", "0", "0-0-2"),
        )
    )
    image = image_of(render_standings(shared))
    for index in range(3):
        top = row_top(shared, index)
        pixel = image.getpixel((image.width - MARGIN - 3, top + 3))
        assert near(pixel, PANEL, 6) == (index % 2 == 0), index
    for index, leader in ((0, True), (1, True), (2, False)):
        top = row_top(shared, index)
        rank = colours_in(image, (MARGIN, top + PAD, MARGIN + RANK_W, top + PAD + TEXT_PX))
        assert any(near(c, HIGHLIGHT) for c in rank) == leader, index


def test_a_withdrawn_player_is_muted_and_struck_through() -> None:
    withdrawn = table(
        rows=(("1", "Ann", "2", "3", "1", "2-0-0"), ("2", "Ben", "0", "4", "0", "0-0-2")), dimmed=(False, True)
    )
    plain = table(rows=withdrawn.rows)
    dim, normal = image_of(render_standings(withdrawn)), image_of(render_standings(plain))
    top = row_top(withdrawn, 1)
    middle = top + PAD + round(TEXT_PX * 0.55)
    name_x = MARGIN + RANK_W + PAD
    # A line through the middle of the name, in the muted colour; the same row undimmed has none there.
    strike = [dim.getpixel((x, middle)) for x in range(name_x + 2, name_x + 30)]
    assert sum(near(p, MUTED, 20) for p in strike) > 20
    assert sum(near(normal.getpixel((x, middle)), MUTED, 20) for x in range(name_x + 2, name_x + 30)) < 10


def test_names_with_emoji_or_nothing_drawable_and_very_long_names_still_render() -> None:
    awkward = table(
        rows=(
            ("1", "🎲🎲🎲", "3", "1", "1", "3-0-0"),
            ("2", "Émilie 🐍 Ünal-Øster", "2", "1", "1", "2-0-1"),
            ("3", "x" * 300, "1", "1", "1", "1-0-2"),
            ("4", "", "0", "1", "1", "0-0-3"),
        )
    )
    with noted() as notes:
        image = image_of(render_standings(awkward))
    assert image.width == WIDTH
    assert not notes.truncated


def test_long_tables_stop_at_the_row_limit_and_count_the_rest() -> None:
    big = table(MAX_ROWS + 12, footer="Struck-through players have withdrawn.")
    image = image_of(render_standings(big))
    assert image.height > row_top(big, MAX_ROWS - 1)
    with pytest.raises(IndexError):
        row_top(big, MAX_ROWS)


def test_a_table_without_rows_and_mismatched_rows() -> None:
    empty = table(0)
    assert image_of(render_standings(empty)).width == WIDTH
    with pytest.raises(ValueError):
        StandingsTable(title="x", headers=("#", "Player"), rows=(("1",),))
    with pytest.raises(ValueError):
        StandingsTable(title="x", headers=("#",), rows=(), name_column=3)


def test_alt_text_names_every_row_in_order_within_the_limit() -> None:
    text = describe_standings(table(3))
    lines = text.splitlines()
    assert lines[0] == "Spring Open · final standings — Royal Game of Ur — Variante 2 · Swiss system"
    assert lines[1].startswith("#: 1, Player 1, Pts: 1.5, Buchholz: 10")
    assert len(lines) == 4
    assert len(describe_standings(table(150))) <= ALT_MAX
