"""The Ursuppe renderer: PNG size and determinism, what the pixels show, alt texts, highlights, text sizes."""

from __future__ import annotations

import dataclasses
import io
import itertools
import random
from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

from games import ursuppe
from games.base import GameState
from games.playout import random_step
from games.ursuppe.state import State, from_text
from games.ursuppe.view import DECISION_KINDS, EVENT_KINDS, AmoebaView, Decision, Event, SquareView, View
from render import render_board_detail
from render import ursuppe as U
from render import ursuppe_art as art
from render.common import CREAM, HIGHLIGHT, MIN_TEXT_PX, BoardContext, Color
from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS, noted
from render.ursuppe_words import WORDS, event_parts
from tests.test_board_lettering import stages

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob", "Chloé", "Dmitri", "Eve", "Fang")
SIZE_LIMIT = 250_000


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: Color, tolerance: int = 26) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def _count(image: Image.Image, box: tuple[int, int, int, int], colour: Color, tolerance: int = 20) -> int:
    """How many pixels of ``box`` are within ``tolerance`` of ``colour``."""
    data = image.crop(box).tobytes()
    return sum(1 for i in range(0, len(data), 3) if _near((data[i], data[i + 1], data[i + 2]), colour, tolerance))


def _game(players: int, seed: int) -> list[tuple[State, BoardContext]]:
    """Every position of a seeded random game, with the context the bot would pass (highlights included)."""
    rng = random.Random(seed)
    names = NAMES[:players]
    state: GameState = ursuppe.INFO.new(players, {})
    assert isinstance(state, State)
    seen = [(state, BoardContext(names))]
    while state.outcome() is None:
        move = random_step(state, rng)
        notation = state.format_move(move)
        marks = U.highlights(state.view_for(None), notation)
        ctx = BoardContext(names, notation, state.mover(move), marks, rng.choice(("en", "fr")))
        state = state.apply(move)
        seen.append((state, ctx))
    return seen


_GAMES: dict[tuple[int, int], list[tuple[State, BoardContext]]] = {}


def _cached_game(players: int, seed: int) -> list[tuple[State, BoardContext]]:
    if (players, seed) not in _GAMES:
        _GAMES[players, seed] = _game(players, seed)
    return _GAMES[players, seed]


def _late(players: int = 6, seed: int = 1) -> tuple[View, BoardContext]:
    """A late-game position with a decision pending and the most amoebas on the board."""
    game = _cached_game(players, seed)
    last_round = game[-1][0].view_for(None).round
    late = [(s.view_for(None), c) for s, c in game if s.view_for(None).decision is not None]
    late = [(v, c) for v, c in late if v.round >= last_round - 1]
    return max(late, key=lambda p: sum(len(q.amoebas) for q in p[0].squares))


def _spread(game: list[tuple[State, BoardContext]], count: int) -> Iterator[tuple[View, BoardContext]]:
    step = max(1, len(game) // count)
    for state, ctx in [*game[::step], game[-1]]:
        yield state.view_for(None), ctx


def test_png_signature_width_and_weight() -> None:
    """A busy six-player position with the longest names: one portrait PNG 600 px wide that a phone's
    265 CSS px column shows whole (at most 675 CSS px tall), under 250 KB."""
    view, ctx = _late()
    ctx = dataclasses.replace(ctx, names=tuple(n * 6 for n in NAMES)[:6])
    png = U.render(view, ctx)
    assert png.startswith(PNG_SIGNATURE)
    image = _image(png)
    assert image.width == U.WIDTH == 600 and image.width < image.height
    assert image.height * 265 / image.width <= 675
    assert image.height == U.layout(view, ctx)[2]
    assert len(png) <= SIZE_LIMIT


def test_identical_input_gives_identical_bytes() -> None:
    """Equal views (also rebuilt from the state text) and contexts give byte-identical PNGs, no metadata."""
    game = _cached_game(4, 3)
    state, ctx = game[len(game) // 2]
    first = U.render(state.view_for(2), ctx)
    again = U.render(from_text(state.to_text()).view_for(2), ctx)
    assert first == again
    assert b"tIME" not in first and b"tEXt" not in first


def test_cached_tiles_equal_fresh_drawing() -> None:
    """Squares, panels and event lines come from caches once drawn: the bytes never depend on them."""
    game = _cached_game(5, 8)
    sample = [(s.view_for(None), c) for s, c in game[:: max(1, len(game) // 8)]]
    warm = [U.render(v, c) for v, c in sample]
    assert warm == [U.render(v, c) for v, c in sample]
    cold = []
    for v, c in sample:
        U.clear_tiles()
        cold.append(U.render(v, c))
    assert warm == cold


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_render_and_describe(players: int) -> None:
    """Spread positions of random games (setup to the end) render and describe in both languages."""
    game = _cached_game(players, 10 + players)
    for view, ctx in _spread(game, 6):
        png = U.render(view, ctx)
        assert png.startswith(PNG_SIGNATURE)
        assert len(png) <= SIZE_LIMIT
        for lang in ("en", "fr"):
            text = U.describe(view, dataclasses.replace(ctx, lang=lang))
            assert 0 < len(text) <= 1000
            for seat in range(players):
                assert NAMES[seat] in text
    final = game[-1][0].view_for(None)
    assert final.outcome is not None and final.outcome.winners
    winner = NAMES[final.outcome.winners[0]]
    assert f"{winner} wins" in U.describe(final, BoardContext(NAMES[:players]))
    assert f"{winner} gagne" in U.describe(final, BoardContext(NAMES[:players], lang="fr"))


def test_alt_text_in_english_names_the_key_facts() -> None:
    """Round and phase, the card, who decides what, and each player's colour, shape, score, BP and MP."""
    view, ctx = _late()
    text = U.describe(view, dataclasses.replace(ctx, lang="en"))
    assert text.startswith("Ursuppe board, 6 players.")
    assert f"Round {view.round} · Phase {view.phase}:" in text
    assert view.card is not None
    assert f"ozone {view.card.ozone}" in text
    assert view.decision is not None
    assert f"Waiting for {NAMES[view.decision.seat]}" in text
    assert "Alice (red circle): score" in text and "Fang (orange star): score" in text
    for p in view.player_info:
        assert f"score {p.score}, {p.bp} BP, MP {p.mp}" in text
    if ctx.last_move:
        assert ctx.last_move in text


def test_alt_text_in_french_names_the_key_facts() -> None:
    """The same facts in French: tour, carte, décision, couleurs et formes, PE et PM."""
    view, ctx = _late()
    text = U.describe(view, dataclasses.replace(ctx, lang="fr"))
    assert text.startswith("Plateau d'Ursuppe, 6 joueurs.")
    assert f"Manche {view.round} · Phase {view.phase} :" in text
    assert "Carte d'environnement :" in text
    assert "Décision attendue" in text
    assert "Alice (rouge, cercle) : score" in text and "Bob (jaune, triangle)" in text
    for p in view.player_info:
        assert f"score {p.score}, {p.bp} PE, {p.mp} PM" in text


def test_alt_text_stays_within_1000_characters_with_long_names() -> None:
    """Long names and a crowded board still fit: the text falls back to counts before it is cut."""
    view, _ = _late()
    long_names = tuple(f"{n} " + "x" * 60 for n in NAMES)
    for lang in ("en", "fr"):
        text = U.describe(view, BoardContext(long_names, "3 drift", 0, lang=lang))
        assert len(text) <= 1000


def test_every_event_reads_as_a_sentence() -> None:
    """Every event of random games becomes a sentence in both languages, with no template left over."""
    for players in (3, 6):
        for state, _ in _cached_game(players, 20 + players)[::5]:
            for event in state.view_for(None).events:
                for lang in ("en", "fr"):
                    parts = event_parts(event, lang, players)
                    text = "".join(p for p in parts if isinstance(p, str))
                    assert "{" not in text and "?" not in text, (event, lang)


def test_amoebas_and_food_show_their_colours_on_their_squares() -> None:
    """A square shows a player's colour exactly when it holds that player's amoeba (its food cubes are one count
    beside a cube in no player's colour)."""
    view, ctx = _late()
    # No decision ring and no outline: their highlight colour is the yellow player's colour.
    view = dataclasses.replace(view, decision=None)
    ctx = dataclasses.replace(ctx, highlights=(), last_move=None)
    image = _image(U.render(view, ctx))
    board_y = U.layout(view, ctx)[0]
    checked = 0
    for sq in view.squares:
        x0, y0, x1, y1 = U.cell_box(sq.row, sq.col, board_y, U.pitch_of(view))
        box = (x0 + 6, y0 + 6, x1 - 6, y1 - 6)
        for seat in range(view.players):
            colour = art.PLAYER_COLOURS[seat]
            present = any(a.seat == seat for a in sq.amoebas)
            hits = _count(image, box, colour)
            if present:
                assert hits >= 25, (sq.name, seat, hits)
            else:
                assert hits <= 4, (sq.name, seat, hits)
            checked += 1
    assert checked == 19 * view.players


def _hand_view(**changes: object) -> View:
    """A hand-made three-player view: the sample of the palette, changed as asked."""
    return dataclasses.replace(U._sample_view(3), **changes)  # type: ignore[arg-type]


def test_damage_rings_and_numbers_on_amoebas() -> None:
    """An amoeba with damage is ringed in crimson and cream dashes, as large as the amoeba, so that it reads on
    a phone (issue 39: a pip beside its number was some 6 CSS px); the same amoeba without damage has none."""
    base = _hand_view()
    squares = list(base.squares)
    index = next(i for i, sq in enumerate(squares) if sq.name == "c2")
    hurt = dataclasses.replace(squares[index], food=(0, 0, 0), amoebas=(AmoebaView(1, 4, 2),))
    whole = dataclasses.replace(squares[index], food=(0, 0, 0), amoebas=(AmoebaView(1, 4, 0),))
    ctx = BoardContext(NAMES[:3])
    x0, y0, x1, y1 = U.square_box("c2", U.layout(base, ctx)[0], U.pitch_of(base))
    box = (x0, y0, x1, y1)
    with noted() as notes:
        with_rings = _image(
            U.render(dataclasses.replace(base, squares=(*squares[:index], hurt, *squares[index + 1 :])), ctx)
        )
    without = _image(U.render(dataclasses.replace(base, squares=(*squares[:index], whole, *squares[index + 1 :])), ctx))
    assert _count(with_rings, box, art.DAMAGE, 24) >= 20
    rings = [px for what, px in notes.figures if what == "damage ring"]
    assert rings and min(rings) * PHONE_COLUMN_CSS / U.WIDTH >= PHONE_MIN_CSS
    assert _count(without, box, art.DAMAGE, 24) == 0
    assert _count(without, box, art.PLAYER_COLOURS[1]) >= 200


def test_last_move_is_outlined() -> None:
    """The squares of ``ctx.highlights`` are framed in the highlight colour, the others are not."""
    view = _hand_view()
    ctx = BoardContext(NAMES[:3], "3 drift", 0, ("b2", "a2"))
    image = _image(U.render(view, ctx))
    board_y = U.layout(view, ctx)[0]
    for name in ("b2", "a2"):
        x0, y0, _, y1 = U.square_box(name, board_y, U.pitch_of(view))
        assert _near(image.getpixel((x0 + 2, (y0 + y1) // 2)), HIGHLIGHT, 40), name  # type: ignore[arg-type]
    x0, y0, _, y1 = U.square_box("d4", board_y, U.pitch_of(view))
    assert not _near(image.getpixel((x0 + 2, (y0 + y1) // 2)), HIGHLIGHT, 40)  # type: ignore[arg-type]


def _square_of(view: View, amoeba: tuple[int, int]) -> str | None:
    return next((sq.name for sq in view.squares if any((a.seat, a.number) == amoeba for a in sq.amoebas)), None)


def test_highlights_of_a_move_follow_the_amoeba() -> None:
    """``3 drift`` and a chosen direction outline the start square and the square the amoeba reaches."""
    checked = 0
    for seed in range(4):
        game = _cached_game(4, 30 + seed)
        for (before, _), (after, ctx) in itertools.pairwise(game):
            view = before.view_for(None)
            note = ctx.last_move or ""
            if view.decision is None or not (note.endswith(" drift") or view.decision.kind == "direction"):
                continue
            marks = U.highlights(view, note)
            assert marks == ctx.highlights
            amoeba = (view.decision.seat, int(note.split()[0]))
            start = _square_of(view, amoeba)
            assert marks[0] == start
            now = after.view_for(None)
            pending = now.decision.kind if now.decision is not None else ""
            if _square_of(now, amoeba) == start and pending in ("tentacle", "cling"):
                continue  # Tentacle or Holding decide before the amoeba leaves.
            assert _square_of(now, amoeba) == marks[-1], (note, marks, _square_of(now, amoeba))
            checked += 1
    assert checked > 20


def test_highlights_of_other_notations() -> None:
    """Placements name their square; purchases, payments and chance outcomes touch none."""
    view = _hand_view()
    assert U.highlights(view, "place 3 b2") == ("b2",)
    assert U.highlights(view, "divide 4 c4") == ("c4",)
    assert U.highlights(view, "roll:3") == ()
    assert U.highlights(view, "card:W12") == ()
    buying = dataclasses.replace(view, decision=Decision(0, "buy", None, None, 0, (), ("buy speed", "done")))
    assert U.highlights(buying, "buy speed") == ()
    # A feed decision names the feeding amoeba's square.
    feeder = next((a, sq.name) for sq in view.squares for a in sq.amoebas if a.seat == 0)
    feeding = dataclasses.replace(view, decision=Decision(0, "feed", (0, feeder[0].number), None, 0, (), ()))
    assert U.highlights(feeding, f"{feeder[0].number} eat yg") == (feeder[1],)


def test_every_text_is_at_least_the_minimum_size() -> None:
    """Every text drawn on an image, sprites and static art included, uses at least MIN_TEXT_PX."""
    sizes: list[int] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kwargs: object) -> None:
        face = kwargs.get("font")
        sizes.append(int(getattr(face, "size", 0)))
        original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    U.clear_caches()
    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign,assignment]
    try:
        for players in (3, 6):
            for view, ctx in _spread(_cached_game(players, 40 + players), 4):
                for lang in ("en", "fr"):
                    U.render(view, dataclasses.replace(ctx, lang=lang))
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
    assert sizes
    assert min(sizes) >= MIN_TEXT_PX


def test_six_colours_have_six_shapes_and_distinct_colours() -> None:
    """Each colour has its own silhouette, and no two player colours are close."""
    assert len(set(art.SHAPE_OF)) == 6
    colours = art.PLAYER_COLOURS
    for i, a in enumerate(colours):
        for b in colours[i + 1 :]:
            assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 60


def test_chance_steps_and_setup_render() -> None:
    """The very first position (no card, markers at 0) and a hand-made chance step render and describe."""
    first = ursuppe.INFO.new(5, {})
    assert isinstance(first, State)
    view = first.view_for(None)
    assert view.card is None
    assert U.render(view, BoardContext(NAMES[:5])).startswith(PNG_SIGNATURE)
    assert "No environment card yet." in U.describe(view, BoardContext(NAMES[:5]))
    rolling = _hand_view(decision=None, chance="roll")
    assert "Rolling the movement dice" in U.describe(rolling, BoardContext(NAMES[:3]))
    assert U.render(rolling, BoardContext(NAMES[:3], lang="fr")).startswith(PNG_SIGNATURE)


def test_crowded_square_and_odd_names_render() -> None:
    """Nine amoebas on one square, names with emoji or nothing drawable, no events: still an image."""
    view = _hand_view(events=())
    squares = list(view.squares)
    crowd = tuple(AmoebaView(s % 3, 1 + s // 3, s % 3) for s in range(9))
    squares[0] = SquareView(squares[0].name, squares[0].row, squares[0].col, (55, 0, 12), crowd)
    view = dataclasses.replace(view, squares=tuple(squares))
    png = U.render(view, BoardContext(("🦠🦠", "", "A" * 80), "place 3 b1", 0, ("b1",)))
    assert png.startswith(PNG_SIGNATURE)
    event = Event("mystery", None, None, None, "")
    assert event_parts(event, "en", 3) == ["mystery"]


def test_words_exist_in_both_languages() -> None:
    """English and French define the same keys, with a sentence for every decision and event kind."""
    assert set(WORDS["en"]) == set(WORDS["fr"])
    for kind in DECISION_KINDS:
        assert f"d_{kind}" in WORDS["en"], kind
    for kind in EVENT_KINDS:
        assert f"e_{kind}" in WORDS["en"] or f"e_{kind}_finish" in WORDS["en"], kind


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_event_kind_has_a_sentence(lang: str) -> None:
    """A made-up event of each kind reads as a sentence with its amoebas and players as references."""
    details = {"card": "W12", "dice": "7", "start": "2", "place": "free", "drift": "W", "move": "N", "roll": "3,5",
               "escape": "stay", "tentacle": "rry", "eat": "ryg", "excrete": "2", "starve": "1", "attack": "struggle",
               "fight": "5-3", "armor": "1", "defect": "speed+1bp", "discard": "speed", "buy": "armor",
               "income": "11", "score": "+3>23", "end": "cards"}  # fmt: skip
    for kind in EVENT_KINDS:
        event = Event(kind, 0, 2, "b2", details.get(kind, ""), 1, 3)
        parts = event_parts(event, lang, 4)
        text = "".join(p for p in parts if isinstance(p, str))
        assert text.strip() and "{" not in text and "?" not in text, kind
    view = _hand_view()
    for kind in DECISION_KINDS:
        decision = Decision(1, kind, (1, 2), (0, 3), 3, (2, 5), ())
        text = U.describe(dataclasses.replace(view, decision=decision), BoardContext(NAMES[:3], lang=lang))
        assert "Bob" in text and "?" not in text, kind


def test_wrong_view_type_is_refused() -> None:
    """The renderer takes Ursuppe views only, never a state."""
    with pytest.raises(TypeError):
        U.render(ursuppe.INFO.new(3, {}), BoardContext(NAMES[:3]))
    with pytest.raises(TypeError):
        U.highlights(object(), "3 drift")


@pytest.mark.parametrize("count", range(1, 10))
def test_crowded_squares_lay_their_amoebas_out_without_overlap(count: int) -> None:
    """Up to nine amoebas on a square under its food count: every amoeba (or the "+n" slot) has its own place
    inside the square, one amoeba's width from the next, or at least two thirds of it when four share a row (its
    number stays clear). A crowded square makes the rows as tall as they get."""
    x0, y0, x1, y1 = U.cell_box(1, 1, 0, U.PITCH_MAX)
    size = (x1 - x0, y1 - y0)
    top = 4 + U.FOOD_H + 2
    centres = U.amoeba_slots(count, size, top)
    room = 6
    assert len(centres) == min(count, room if count <= room else 4 * room // 3)
    apart = U.AMOEBA_D if count <= room else 0.65 * U.AMOEBA_D
    for (ax, ay), (bx, by) in itertools.combinations(centres, 2):
        assert max(abs(ax - bx), abs(ay - by)) >= apart, (count, (ax, ay), (bx, by))
    for cx, cy in centres:
        assert U.AMOEBA_D / 2 <= cx <= size[0] - U.AMOEBA_D / 2, (count, cx)
        assert top <= cy - U.AMOEBA_D / 2 + 3 and cy + U.AMOEBA_D / 2 <= size[1] + 3, (count, cy)


def test_a_squares_food_is_one_count_beside_a_cube_as_large_as_a_silhouette() -> None:
    """A count per colour beside a 7 CSS px silhouette could not be read on a phone (issue 39): a square shows
    all its cubes as one count beside a cube of 12 CSS px, six colours as one; the figures noted with their
    size, so the phone bench measures them."""
    view, ctx = _late(6)
    squares = list(view.squares)
    index = next(i for i, sq in enumerate(squares) if sq.name == "b2")
    squares[index] = dataclasses.replace(squares[index], food=(1, 2, 3, 4, 5, 6), amoebas=())
    view = dataclasses.replace(view, squares=tuple(squares))
    with noted() as notes:
        U.render(view, dataclasses.replace(ctx, highlights=(), last_move=None))
    assert ("21", U.TEXT_PX) in notes.texts
    cubes = [px for what, px in notes.figures if what == "food cube"]
    assert cubes and min(cubes) * PHONE_COLUMN_CSS / U.WIDTH >= PHONE_MIN_CSS


def test_the_superior_genes_chevron_reads_on_a_phone() -> None:
    """The second view's chevron of a superior gene was some 10 CSS px (issue 39): noted, and at least 12."""
    view, ctx = _late(6)
    with noted() as notes:
        render_board_detail("ursuppe", view, ctx)
    chevrons = [px for what, px in notes.figures if what == "superior gene chevron"]
    assert chevrons and min(chevrons) * PHONE_COLUMN_CSS / U.WIDTH >= PHONE_MIN_CSS


def test_five_amoebas_on_one_square_each_show_their_colour() -> None:
    """Five amoebas of five players on b2: each player's colour is on the square."""
    view, ctx = _late(6)
    squares = list(view.squares)
    index = next(i for i, sq in enumerate(squares) if sq.name == "b2")
    crowd = tuple(AmoebaView(seat, 1, 0) for seat in range(5))
    squares[index] = dataclasses.replace(squares[index], food=(0,) * view.players, amoebas=crowd)
    view = dataclasses.replace(view, squares=tuple(squares), decision=None)
    image = _image(U.render(view, dataclasses.replace(ctx, highlights=(), last_move=None)))
    box = U.square_box("b2", U.layout(view, ctx)[0], U.pitch_of(view))
    for seat in range(5):
        assert _count(image, box, art.PLAYER_COLOURS[seat]) >= 200, seat


def test_the_detail_image_holds_the_gene_market_and_the_events() -> None:
    """Ursuppe's second view: deterministic, as wide as the board, every text at least 12 CSS px in a
    phone's column and nothing shortened with the longest names, changes with the events; other games
    have none."""
    view, ctx = _late(4)
    ctx = dataclasses.replace(ctx, names=tuple(n * 6 for n in NAMES[:4]), lang="fr")
    with noted() as notes:
        png = render_board_detail("ursuppe", view, ctx)
    assert png is not None and png == render_board_detail("ursuppe", view, ctx)
    image = _image(png)
    assert image.width == U.WIDTH
    assert not notes.small(image.width) and not notes.truncated
    assert any(text.startswith("Chloé") for text, _ in notes.texts)
    fewer = dataclasses.replace(view, events=view.events[:-1])
    assert render_board_detail("ursuppe", fewer, ctx) != png
    quiet = render_board_detail("ursuppe", dataclasses.replace(view, events=()), ctx)
    assert quiet is not None and quiet.startswith(PNG_SIGNATURE), "the opening has no events yet"
    ur = __import__("games").find_game("ur")
    assert render_board_detail("ur", ur.new(2, {"rules": "v2"}).view_for(None), ctx) is None


def test_a_players_own_view_rings_their_amoebas_and_says_you() -> None:
    """In seat 0's own view their row reads "you" ("vous") and their amoebas are ringed; the public board
    says neither."""
    view = _hand_view(decision=None)
    own = dataclasses.replace(view, viewer=0)
    for lang, you in (("en", "you"), ("fr", "vous")):
        ctx = BoardContext(NAMES[:3], lang=lang)
        with noted() as public:
            public_png = U.render(view, ctx)
        with noted() as mine:
            own_png = U.render(own, ctx)
        assert any(text.endswith(f"· {you}") for text, _ in mine.texts), lang
        assert not any(you in text.split() for text, _ in public.texts), lang
        assert own_png != public_png
    # The ring: cream around seat 0's amoebas only.
    ctx = BoardContext(NAMES[:3])
    board_y = U.layout(own, ctx)[0]
    ringed, plain = _image(U.render(own, ctx)), _image(U.render(view, ctx))
    for sq in view.squares:
        if sq.amoebas:
            box = U.square_box(sq.name, board_y, U.pitch_of(own))
            gained = _count(ringed, box, CREAM, 12) - _count(plain, box, CREAM, 12)
            assert (gained > 30) == any(a.seat == 0 for a in sq.amoebas), (sq.name, gained)


def test_move_marks_are_badges_on_their_squares() -> None:
    """Each (square, mark) of ``ctx.marks`` is a yellow badge with the mark on that square's top edge."""
    view = _hand_view(decision=None)
    plain_ctx = BoardContext(NAMES[:3])
    marked_ctx = dataclasses.replace(plain_ctx, marks=(("b2", "1"), ("d4", "2"), ("d4", "3"), ("zz", "9")))
    board_y = U.layout(view, plain_ctx)[0]
    with noted() as plain_notes:
        plain = _image(U.render(view, plain_ctx))
    with noted() as notes:
        marked = _image(U.render(view, marked_ctx))
    for name, badges in (("b2", 1), ("d4", 2), ("c2", 0)):
        x0, y0, x1, _ = U.square_box(name, board_y, U.pitch_of(view))
        band = (x0, y0 - 18, x1 + 6, y0 + 14)
        gained = _count(marked, band, HIGHLIGHT, 12) - _count(plain, band, HIGHLIGHT, 12)
        assert (badges * 200 <= gained) if badges else gained == 0, (name, gained)
    assert {("1", U.TEXT_PX), ("2", U.TEXT_PX), ("3", U.TEXT_PX)} <= set(notes.texts)
    # No square zz: its mark is not drawn (a square's food count may be a 9).
    assert notes.texts.count(("9", U.TEXT_PX)) == plain_notes.texts.count(("9", U.TEXT_PX))


def test_high_contrast_draws_on_black_with_white_text() -> None:
    """``palette="contrast"``: black ground, white edges and words; the seat colours are the same."""
    view = _hand_view()
    standard = _image(U.render(view, BoardContext(NAMES[:3])))
    contrast = _image(U.render(view, BoardContext(NAMES[:3], palette="contrast")))
    assert standard.getpixel((2, 2)) == art.THEMES["standard"].backdrop
    assert contrast.getpixel((2, 2)) == (0, 0, 0)
    assert _count(contrast, (0, 0, U.WIDTH, 40), (255, 255, 255), 8) > 300
    assert _count(standard, (0, 0, U.WIDTH, 40), (255, 255, 255), 8) == 0
    for seat in range(3):
        assert _count(contrast, (0, 0, *contrast.size), art.PLAYER_COLOURS[seat], 6) > 200


def test_token_colours_are_the_food_cubes_and_each_kind_has_a_shape() -> None:
    """The food cubes are the players' colours, each drawn with its player's silhouette (a chip is never
    a plain colour swatch): render.TOKEN_COLOURS names them for the colour test."""
    from render import SEAT_COLOURS, TOKEN_COLOURS

    assert TOKEN_COLOURS["ursuppe"] == SEAT_COLOURS["ursuppe"] == art.PLAYER_COLOURS
    shapes = set()
    for ci in range(6):
        chip = art.chip_sprite(ci, 3, 0, U.TEXT_PX)
        alpha = chip.getchannel("A").crop((0, 0, 24, chip.height))
        shapes.add(bytes(alpha.point(lambda a: 255 if a > 128 else 0).tobytes()))
    assert len(shapes) == 6


PHONE_BOARD_CSS = 350
"""The tallest an Ursuppe board may be in a phone's column (CSS px): measured with bench/phone_shots.py at
390×844, the messages show 624 CSS px; under a 350 px board the turn line, the menu (or up to three lines of
buttons, :attr:`bot.app.telling.game_words.GameWords.button_lines`) and the details button still fit."""


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_board_leaves_room_for_its_post_on_a_phone_screen(players: int) -> None:
    """Public boards of seeded games at their start, middle and end, with everyday names, in both languages:
    shown 265 CSS px wide, none is taller than PHONE_BOARD_CSS (the 600 px portrait board was 530–610)."""
    names = ("alice", "bob", "chloe", "dmitri", "elise", "farid")[:players]
    tallest = 0.0
    for seed in (1, 2, 3):
        for state in stages(ursuppe.INFO, {}, players, seed):
            for lang in ("en", "fr"):
                image = _image(U.render(state.view_for(None), BoardContext(names, lang=lang)))
                tallest = max(tallest, image.height * PHONE_COLUMN_CSS / image.width)
    assert tallest <= PHONE_BOARD_CSS, tallest


@pytest.mark.parametrize(("lang", "bp", "supply"), [("en", "BP", "Supply"), ("fr", "PE", "Réserve")])
def test_the_players_numbers_left_the_board_for_the_detail_view(lang: str, bp: str, supply: str) -> None:
    """The board keeps each player's name and score; BP, MP against the ozone, amoebas, genes and the supply
    are in the "Genes and events" view, for every player."""
    view, ctx = _late(4)
    ctx = dataclasses.replace(ctx, lang=lang)
    with noted() as board:
        U.render(view, ctx)
    with noted() as detail:
        render_board_detail("ursuppe", view, ctx)
    for notes, shown in ((board, False), (detail, True)):
        texts = [text for text, _ in notes.texts]
        assert (texts.count(f"{bp} ") == view.players) is shown, texts
        assert (supply in texts) is shown
        for p in view.player_info:
            assert str(p.score) in texts


@pytest.mark.parametrize(("lang", "key"), [("en", "to play"), ("fr", "à jouer")])
def test_the_turn_order_says_what_its_ring_means(lang: str, key: str) -> None:
    """The turn order rings the player to act, and a newcomer could not tell why one silhouette was ringed:
    under the silhouettes a ring and "to play" say it, on the boards that have room for it (up to five
    players; the six-player board is at its phone budget, and its status line names the player)."""
    names = ("alice", "bob", "chloe", "dmitri", "elise")
    view = next(
        v for v in (state.view_for(None) for state in stages(ursuppe.INFO, {}, 5, 1)) if v.order and v.outcome is None
    )
    with noted() as notes:
        U.render(view, BoardContext(names, lang=lang))
    assert key in [text for text, _ in notes.texts]


@pytest.mark.parametrize(("lang", "key"), [("en", "food"), ("fr", "vivres")])
@pytest.mark.parametrize("players", [3, 6])
def test_the_key_says_what_the_squares_cube_is(lang: str, key: str, players: int) -> None:
    """Every square shows its food as a count beside a cube, and the key in e5 named only the damage ring
    (issue 39): under it, the same cube and its word, no taller a board for it."""
    view, ctx = _late(players)
    with noted() as notes:
        U.render(view, dataclasses.replace(ctx, lang=lang))
    assert (key, U.TEXT_PX) in notes.texts
    assert U._key_height(lang) + U.GAP <= 103, "e5's key fits the 103 px row the damage key alone needed"


def _css(px: float) -> float:
    return px * PHONE_COLUMN_CSS / U.WIDTH


def test_the_silhouettes_beside_words_read_at_12_css_px_on_a_phone() -> None:
    """Issue 39: the players' silhouettes in the header, the turn order and the players' cards were drawn 24–26
    px across (some 10–11 CSS px on a phone), the cubes' silhouettes in the header's sentences 16 px (7 CSS
    px) and the key's damage pip 13 px (6): each now spans at least 12 CSS px at the phone's column, as the
    smallest text does (the squares' food and damage too: ``test_a_squares_food_is_one_count_…`` and
    ``test_damage_rings_…``)."""
    from render.lettering import PHONE_MIN_CSS

    for ci in range(6):
        marker = art.marker_sprite(ci, U.MARKER_D).getchannel("A").getbbox()
        assert marker is not None and _css(min(marker[2] - marker[0], marker[3] - marker[1])) >= PHONE_MIN_CSS, ci
        chip = art.chip_sprite(ci, 3, 0, U.TEXT_PX, "standard", U.MARKER_D)
        icon = chip.getchannel("A").crop((0, 0, U.MARKER_D + 4, chip.height)).getbbox()
        assert icon is not None and _css(min(icon[2] - icon[0], icon[3] - icon[1])) >= PHONE_MIN_CSS, ci
    ring = art.damage_ring_sprite(U.MARKER_D, 1).getchannel("A").getbbox()
    assert ring is not None and _css(ring[2] - ring[0]) >= PHONE_MIN_CSS


@pytest.mark.parametrize("players", [5, 6])
def test_the_header_rings_the_player_to_act_as_the_turn_order_does(players: int) -> None:
    """The turn order rings the player to act, and its key ("to play") has no room on the six-player board:
    the header rings the same player's silhouette beside their name and what they do, so the ring is said in
    words on every board (issue 39)."""
    view = next(
        v
        for v in (state.view_for(None) for state in stages(ursuppe.INFO, {}, players, 1))
        if v.order and v.outcome is None and v.decision is not None and v.decision.seat == v.on_turn
    )
    from render.ursuppe_words import decision_parts

    names = ("alice", "bob", "chloe", "dmitri", "elise", "farid")[:players]
    colours = U._colours(view)
    _, lines, colour = U._header(view, BoardContext(names), colours, names, art.theme("standard"))
    drawn = [piece.width for line in lines for _, piece in line]
    parts = decision_parts(view, "en")
    plain = [piece.width for piece in U._part_pieces(parts, colours, names, U.LINE_PX, colour, "standard")]
    ringed = [p.width for p in U._part_pieces(parts, colours, names, U.LINE_PX, colour, "standard", view.on_turn)]
    assert drawn == ringed != plain
    changed = [i for i, (a, b) in enumerate(zip(plain, ringed, strict=True)) if a != b]
    assert len(changed) == 1 and ringed[changed[0]] == U.ORDER_RING + 2, (plain, ringed)


@pytest.mark.parametrize(("lang", "said"), [("en", "Won by resignation: "), ("fr", "Victoire par abandon : ")])
def test_winners_on_different_scores_are_not_a_tie(lang: str, said: str) -> None:
    """When the last member resigns, the seats the AI took over win together on their own scores: the board said
    "Tie at 22" beside scores of 22, 17 and 30 (the phone tour's end, issue 39)."""
    from games.base import Outcome, Termination

    view, ctx = _late(4)
    ended = dataclasses.replace(view, outcome=Outcome(Termination.RESIGNATION, (0, 1, 2), scores=(22, 17, 30, 29)))
    names = ("alice", "bob", "chloe", "dmitri")
    with noted() as notes:
        U.render(ended, dataclasses.replace(ctx, names=names, lang=lang))
    texts = " ".join(text for text, _ in notes.texts)
    assert said in texts and "Tie at" not in texts and "Égalité" not in texts
    tied = dataclasses.replace(view, outcome=Outcome(Termination.NORMAL, (0, 2), scores=(30, 17, 30, 29)))
    with noted() as notes:
        U.render(tied, dataclasses.replace(ctx, names=names, lang="en"))
    assert "Tie at 30" in " ".join(text for text, _ in notes.texts)
