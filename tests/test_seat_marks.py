"""No seat is told apart by colour alone: every game's renderer declares the mark each seat's pieces carry
(:attr:`render.common.GameRenderer.seat_marks`: a shape or an inlay), and draws the pieces by it.

The declaration is checked over the registry: every game has one, and at the start, middle and end of a
seeded random game, for every rule set and table size, on the public board and each seat's own, every
seat's mark differs from every other's. Then, per drawing kit, the pieces follow the declared name: give
two seats the same name and the second seat's piece is drawn differently, so the names are the truth of
what is drawn and not a comment beside it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest
from PIL import Image

from games import GAMES
from games.base import GameInfo
from render import RENDERERS, seat_marks, subulata_art, ultimatek_art, ursuppe_art
from render.ur import kit, motifs
from tests.test_board_lettering import stages


def tables() -> Iterator[tuple[str, GameInfo, dict[str, str], int]]:
    """(id, game, options, players) for every game, rule set and table size."""
    for info in GAMES:
        rule_sets = [{}] if not info.options else [{info.options[0].name: c} for c in info.options[0].choices]
        for options in rule_sets:
            key = info.id + "".join(f"-{v}" for v in options.values())
            for players in range(info.min_players, info.max_players + 1):
                yield f"{key}-{players}p", info, options, players


TABLES = list(tables())


def test_every_game_declares_its_seat_marks() -> None:
    missing = [info.id for info in GAMES if info.id not in RENDERERS]
    assert not missing, f"games without a renderer: {missing}"
    for game_id, renderer in RENDERERS.items():
        assert callable(renderer.seat_marks), game_id


@pytest.mark.parametrize(("key", "info", "options", "players"), TABLES, ids=[t[0] for t in TABLES])
def test_every_seat_carries_a_mark_of_its_own(key: str, info: GameInfo, options: dict[str, str], players: int) -> None:
    for stage, state in zip(("start", "middle", "end"), stages(info, options, players), strict=True):
        for viewer in (None, *range(players)):
            marks = seat_marks(info.id, state.view_for(viewer))
            where = f"{key} {stage} {'public' if viewer is None else f'seat {viewer}'}"
            assert len(marks) == players, f"{where}: {marks}"
            assert all(mark.strip() for mark in marks), f"{where}: {marks}"
            for a, b in itertools.combinations(range(players), 2):
                assert marks[a] != marks[b], f"{where}: seats {a} and {b} are both {marks[a]!r}"


def test_a_view_of_another_game_is_refused() -> None:
    view = GAMES[0].new(GAMES[0].min_players, GAMES[0].option_defaults()).view_for(None)
    other = next(game_id for game_id in RENDERERS if game_id != GAMES[0].id)
    with pytest.raises(TypeError):
        seat_marks(other, view)


Kit = tuple[ModuleType, str, Callable[[int], Image.Image], tuple[Callable[..., object], ...]]
"""A drawing kit: its module, the name of its seat-mark declaration, seat -> piece sprite, the caches the
sprite goes through."""

KITS: dict[str, Kit] = {
    "subulata": (
        subulata_art,
        "SEAT_SHAPES",
        lambda seat: subulata_art.piece_sprite(seat, 68),
        (subulata_art.piece_sprite,),
    ),
    "ultimatek": (
        ultimatek_art,
        "SIDE_SHAPES",
        lambda seat: ultimatek_art.piece_sprite(seat, 2, False),
        (ultimatek_art.piece_sprite,),
    ),
    "ur-inlays": (kit, "INLAYS", lambda seat: kit.piece_sprite(seat, 80), (kit._piece_sprite,)),
    "ur-v3": (motifs, "PAWN_SHAPES", lambda seat: motifs.pawn_sprite(seat, None, 62), (motifs._pawn_sprite,)),
    "ursuppe": (
        ursuppe_art,
        "SHAPE_OF",
        lambda seat: ursuppe_art.marker_sprite(seat, 56),
        (ursuppe_art.marker_sprite,),
    ),
}


def _clear(caches: tuple[Callable[..., object], ...]) -> None:
    for cached in caches:
        cached.cache_clear()  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(KITS))
def test_the_pieces_are_drawn_by_the_declared_mark(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module, declaration, sprite, caches = KITS[name]
    marks = getattr(module, declaration)
    _clear(caches)
    drawn = sprite(1).tobytes()
    try:
        monkeypatch.setattr(module, declaration, (marks[0], marks[0], *marks[2:]))
        _clear(caches)
        assert sprite(1).tobytes() != drawn, f"{name}: seat 1's piece ignores its mark {marks[1]!r}"
    finally:
        monkeypatch.undo()
        _clear(caches)
