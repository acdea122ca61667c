"""The Variante 3 board image (``render/ur/motifs.py``): PNG validity, determinism, what the pixels show
(pawns, faces, the pawns that may move, single squares, the last move's route, the dice), alt texts in
English and French, and highlights."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games.base import Outcome, Termination
from games.ur import motifs, race
from render.common import HIGHLIGHT, LAPIS, RED, SEAT_COLORS, BoardContext, Color
from render.ur.kit import square_box, square_centre
from render.ur.motifs import (
    DIAMOND,
    DICE_X,
    DICE_Y,
    DIE,
    DIE_GAP,
    GOLD,
    MOVABLE,
    PAWN_D,
    RENDERER,
    STUCK,
    describe,
    highlights,
    render,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob")
OPEN = "v3 0r:A1r,A3r,B4r,C1r,C3r 1r:A8r,B1r,B3r,B6r,C8r 0 -"
RING_R = PAWN_D / 2 * DIAMOND + 6


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: Color, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value


def _state(text: str, *moves: str) -> motifs.State:
    state = motifs.from_text(text)
    for move in moves:
        state = state.apply(state.parse_move(move))
    return state


def _render(state: motifs.State, ctx: BoardContext | None = None) -> Image.Image:
    return _image(render(state, ctx or BoardContext(NAMES)))


def _after(text: str, roll: int, move: str, lang: str = "en") -> tuple[motifs.State, BoardContext]:
    """The position after ``move`` (played with ``roll``), with the context the bot would pass."""
    before = _state(text, f"roll:{roll}")
    route = highlights(before, move)
    after = before.apply(before.parse_move(move))
    return after, BoardContext(NAMES, move, before.turn, route, lang)


def test_png_signature_size_and_weight() -> None:
    for state in (motifs.new_state(), _state(OPEN, "roll:3")):
        png = render(state, BoardContext(NAMES))
        assert png.startswith(PNG_SIGNATURE)
        image = Image.open(io.BytesIO(png))
        assert image.width >= 1000
        assert len(png) < 200_000
        assert b"tIME" not in png and b"tEXt" not in png


def test_identical_input_gives_identical_bytes() -> None:
    state, ctx = _after(OPEN, 3, "B4-C2")
    first = render(state, ctx)
    again = render(motifs.from_text(state.to_text()), BoardContext(NAMES, "B4-C2", 0, ctx.highlights))
    assert first == again


def test_pawns_show_seat_and_face() -> None:
    """Each pawn shows its seat's colour round the badge, and its face in the badge: a red fill for the
    red face, a blue ring on a light disc for the blue face."""
    state = _state("v3 0r:A1r,A3b,B4r,C1b,C3r 1b:A8r,B1b,B3b,B6b,C8r 1 -")
    image = _render(state)
    for seat in (0, 1):
        for square, face in state.pawns[seat]:
            cx, cy = square_centre(square)
            assert _near(_pixel(image, (cx, cy - 22)), SEAT_COLORS[seat]), square
            badge = _pixel(image, (cx - 14, cy))
            assert _near(badge, RED if face == motifs.RED else LAPIS, 40), (square, face, badge)


def test_empty_squares_keep_their_motif() -> None:
    image = _render(_state(OPEN))
    for empty in ("A2", "B2", "B5", "C7"):
        cx, cy = square_centre(empty)
        pixel = _pixel(image, (cx, cy - 22))
        assert not _near(pixel, SEAT_COLORS[0]) and not _near(pixel, SEAT_COLORS[1]), empty


def test_single_squares_carry_the_gold_mark() -> None:
    image = _render(motifs.new_state())
    for square in motifs.SINGLES:
        _, y0, x1, _ = square_box(square)
        assert _near(_pixel(image, (x1 - 2, y0 + 2 + 6)), GOLD), square
    _, y0, x1, _ = square_box("A1")
    assert not _near(_pixel(image, (x1 - 2, y0 + 8)), GOLD)


def test_pawns_that_may_move_are_ringed() -> None:
    """A green ring marks the pawns of the player to act that have a move with the roll; not the others."""
    state = _state("v3 0r:A1r,A3b,B4r,C1b,C3r 1b:A8r,B1b,B3b,B6b,C8r 0 -", "roll:1")
    assert state.can_move(0) == ("A1", "B4", "C3")
    image = _render(state)
    for square in ("A1", "A3", "B4", "C1", "C3", "B1"):
        cx, cy = square_centre(square)
        ringed = _near(_pixel(image, (cx, cy - RING_R)), MOVABLE, 40)
        assert ringed == (square in state.can_move(0)), square


def test_a_game_won_off_the_board_rings_no_pawn() -> None:
    """After a resignation the board names the winner (the match's result, :attr:`BoardContext.result`): no pawn
    is ringed as one that may move, though the position still has a roll to play."""
    state = _state("v3 0r:A1r,A3b,B4r,C1b,C3r 1b:A8r,B1b,B3b,B6b,C8r 0 -", "roll:1")
    resigned = BoardContext(NAMES, result=Outcome(Termination.RESIGNATION, winners=(1,)))
    image = _render(state, resigned)
    for square in state.can_move(0):
        cx, cy = square_centre(square)
        assert not _near(_pixel(image, (cx, cy - RING_R)), MOVABLE, 40), square


def test_a_lost_game_rings_the_pawns_that_could_not_move() -> None:
    state = _state("v3 0r:A3b,A8r,B4b,C1b,C3b 1r:A7r,B1r,B3r,B8r,C8r 0 -", "roll:1")
    assert state.outcome() is not None
    image = _render(state)
    cx, cy = square_centre("A8")
    assert _near(_pixel(image, (cx, cy - RING_R)), STUCK, 40)
    cx, cy = square_centre("B4")
    assert not _near(_pixel(image, (cx, cy - RING_R)), STUCK, 40)


def test_last_move_is_outlined_and_drawn_along_its_route() -> None:
    state, ctx = _after(OPEN, 3, "B4-C2")
    assert ctx.highlights == ("B4", "C4", "C3", "C2")
    image = _render(state, ctx)
    for square in ("B4", "C2"):
        x0, _, _, _ = square_box(square)
        assert _near(_pixel(image, (x0 + 2, square_centre(square)[1])), HIGHLIGHT), square
    # The arrow's shaft between B4 and C4 (the route goes down, then left).
    (bx, by), (_, cy) = square_centre("B4"), square_centre("C4")
    assert _near(_pixel(image, (bx, (by + cy) / 2)), HIGHLIGHT, 40)
    x0, _, _, _ = square_box("B7")
    assert not _near(_pixel(image, (x0 + 2, square_centre("B7")[1])), HIGHLIGHT)


def test_a_placement_is_outlined() -> None:
    before = _state("v3 0r:A1r 1r:C1r 0 -")
    route = highlights(before, "@B5")
    assert route == ("B5",)
    image = _render(before.apply(before.parse_move("@B5")), BoardContext(NAMES, "@B5", 0, route))
    x0, _, _, _ = square_box("B5")
    assert _near(_pixel(image, (x0 + 2, square_centre("B5")[1])), HIGHLIGHT)


@pytest.mark.parametrize(("roll", "marked"), [(1, 1), (2, 2), (3, 3), (4, 4), (5, 0)])
def test_the_four_dice_show_the_marked_faces(roll: int, marked: int) -> None:
    """The dice show as many red stickers as marked faces; a 5 is four bare faces."""
    image = _render(_state(OPEN, f"roll:{roll}"))
    for i in range(4):
        centre = (DICE_X + i * (DIE + DIE_GAP) + DIE / 2, DICE_Y + DIE / 2 - 1.5)
        assert _near(_pixel(image, centre), RED) == (i < marked), (roll, i)


def test_no_dice_while_placing() -> None:
    image = _render(_state("v3 0r:A1r 1r:C1r 0 -"))
    for i in range(4):
        centre = (DICE_X + i * (DIE + DIE_GAP) + DIE / 2, DICE_Y + DIE / 2 - 1.5)
        assert not _near(_pixel(image, centre), RED)


def test_every_position_of_random_games_renders_small() -> None:
    """Every position of three random games renders under 200 KB with alt text under 1,000 characters (how
    fast is ``bench/bench_boards.py``'s to measure: a timing here would only fail on a busy host)."""
    for seed in range(3):
        rng = random.Random(seed)
        state = motifs.new_state()
        ctx = BoardContext(NAMES)
        while True:
            png = render(state, ctx)
            assert len(png) < 200_000
            assert len(describe(state, ctx)) <= 1000
            if state.outcome() is not None:
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            move = rng.choice(state.legal_moves())
            notation = state.format_move(move)
            route = highlights(state, notation)
            ctx = BoardContext(NAMES, notation, state.mover(move), route, rng.choice(("en", "fr")))
            state = state.apply(move)


def test_alt_text_in_english() -> None:
    state, ctx = _after(OPEN, 3, "B4-C2")
    state = state.apply(motifs.Roll(1))
    alt = describe(state, ctx)
    assert alt.startswith("Royal Game of Ur — Variante 3. Goal: four pawns on one motif")
    assert "Alice (orange round pawns): A1 red, A3 red, C1 red, C2 blue, C3 red; red pawns may move;" in alt
    assert "Bob (blue diamond pawns): A8 red, B1 red, B3 red, B6 red, C8 red;" in alt
    assert "Last move: Alice, B4-C2." in alt
    assert alt.endswith("Bob to move, rolled 1; pawns that can move: A8, B1, B3, B6, C8.")
    assert len(alt) <= 1000


def test_alt_text_in_french() -> None:
    state = _state("v3 0r:A1r,B4r 1r:C1r 1 -")
    alt = describe(state, BoardContext(NAMES, "@B4", 0, ("B4",), "fr"))
    assert alt.startswith("Jeu royal d'Ur — variante 3. But : quatre pions sur un même motif")
    assert "Alice (pions ronds orange) : A1 rouge, B4 rouge ; 3 à poser ;" in alt
    assert "Bob (pions en losange bleus) : C1 rouge ; 4 à poser ;" in alt
    assert "Dernier coup : Alice, @B4." in alt
    assert alt.endswith("À Bob de poser un pion.")


def test_alt_text_of_the_end() -> None:
    won, ctx = _after("v3 0r:A1r,A7r,B2r,B4r,C1r 1r:A3r,A8r,B8r,C4r,C8r 0 -", 1, "B2-B1")
    assert describe(won, ctx).endswith("Alice wins.")
    stuck = _state("v3 0r:A3b,A8r,B4b,C1b,C3b 1r:A7r,B1r,B3r,B8r,C8r 0 -", "roll:1")
    fr = describe(stuck, BoardContext(NAMES, lang="fr"))
    assert fr.endswith("Alice a fait 1 et ne peut pas jouer. Bob a gagné.")
    long_name = describe(motifs.new_state(), BoardContext(("x" * 500, "y" * 500)))
    assert len(long_name) <= 1000


def test_highlights() -> None:
    state = _state("v3 0r:A1r,A2r,B7r,C7r,C8r 1r:A8r,B3r,B4r,B8r,C4r 0 -", "roll:2")
    assert highlights(state, "A1-B2") == ("A1", "B1", "B2")  # the route crossing no own pawn
    assert highlights(state, "A1-B2/A2") == ("A1", "A2", "B2")  # the route typed
    assert highlights(state, "roll:3") == ()
    assert highlights(state, "A1-C8") == ()
    assert highlights(state, "nonsense") == ()
    assert RENDERER.highlights is highlights


def test_other_views_are_refused() -> None:
    with pytest.raises(TypeError):
        render(race.new_state(), BoardContext(NAMES))
    with pytest.raises(TypeError):
        describe(race.new_state(), BoardContext(NAMES))
