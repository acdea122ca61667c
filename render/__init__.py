"""Board images and their alt texts, for every game: pure functions from a view to PNG bytes.

The bot calls :func:`render_board`, :func:`describe_board` and :func:`highlights_for` with a game id;
each game's module registers its entry points in :data:`RENDERERS`, with :func:`seat_marks`, the mark
each seat's pieces carry besides their colour (``tests/test_seat_marks.py``: no seat is told apart by
colour alone). Nothing here touches Discord or the disk (apart from the bundled font), and equal inputs
give byte-identical images.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from render import subulata, ultimatek, ur, ursuppe, ursuppe_detail
from render.common import SEAT_COLORS as UR_SEAT_COLOURS
from render.common import BoardContext, GameRenderer, ended_view
from render.subulata import PIECE_FILL as SUBULATA_SEAT_COLOURS
from render.ultimatek_art import SIDE_COLOURS as ULTIMATEK_SEAT_COLOURS
from render.ursuppe_art import FOOD_COLOURS as URSUPPE_FOOD_COLOURS
from render.ursuppe_art import PLAYER_COLOURS as URSUPPE_SEAT_COLOURS

__all__ = [
    "DETAILS",
    "RENDERERS",
    "SEAT_COLOURS",
    "TOKEN_COLOURS",
    "BoardContext",
    "GameRenderer",
    "UnknownRendererError",
    "describe_board",
    "highlights_for",
    "move_targets",
    "render_board",
    "render_board_detail",
    "seat_marks",
]

RENDERERS: Final[dict[str, GameRenderer]] = {
    ur.GAME_ID: ur.RENDERER,
    subulata.GAME_ID: subulata.RENDERER,
    ultimatek.GAME_ID: ultimatek.RENDERER,
    ursuppe.GAME_ID: ursuppe.RENDERER,
}
"""The renderer of each game, by game id (Ur dispatches on its rule set)."""

SEAT_COLOURS: Final[dict[str, tuple[tuple[int, int, int], ...]]] = {
    ur.GAME_ID: UR_SEAT_COLOURS,
    subulata.GAME_ID: SUBULATA_SEAT_COLOURS,
    ultimatek.GAME_ID: ULTIMATEK_SEAT_COLOURS,
    ursuppe.GAME_ID: URSUPPE_SEAT_COLOURS,
}
"""The colour of each seat's pieces on each game's board, by game id (a turn post takes its seat's)."""

TOKEN_COLOURS: Final[dict[str, tuple[tuple[int, int, int], ...]]] = {
    ursuppe.GAME_ID: URSUPPE_FOOD_COLOURS,
}
"""The colours of the tokens that are not a seat's pieces, by game id (Ursuppe's food cubes, one kind per
player colour, each also drawn with its player's silhouette), for the colour-safety test."""


DETAILS: Final[dict[str, Callable[[object, BoardContext], bytes]]] = {
    ursuppe.GAME_ID: lambda view, ctx: ursuppe_detail.render_detail(ursuppe._view(view), ctx),
}
"""The games with a second view of detail a member opens on demand (a button on the turn post), and its
renderer: the turn post itself carries one image."""


class UnknownRendererError(KeyError):
    """No renderer is registered for that game id."""


def _renderer(game_id: str) -> GameRenderer:
    try:
        return RENDERERS[game_id]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise UnknownRendererError(f"no board renderer for game {game_id!r}; known: {known}") from None


def render_board(game_id: str, view: object, ctx: BoardContext) -> bytes:
    """The board of ``view`` as PNG bytes (deterministic, no metadata; Ursuppe's is a 600 px wide portrait).

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``view`` is not a view of that game.
    """
    return _renderer(game_id).render(ended_view(view, ctx), ctx)


def render_board_detail(game_id: str, view: object, ctx: BoardContext) -> bytes | None:
    """The game's second view (PNG bytes), or None for a game that has none.

    Ursuppe's board shows the soup and each player's key numbers; its gene market and latest events are
    this image, which a member opens on demand from the turn post. Deterministic.

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``view`` is not a view of that game.
    """
    _renderer(game_id)
    detail = DETAILS.get(game_id)
    return None if detail is None else detail(view, ctx)


def describe_board(game_id: str, view: object, ctx: BoardContext) -> str:
    """Alt text of the board (at most 1000 characters) in ``ctx.lang``.

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``view`` is not a view of that game.
    """
    return _renderer(game_id).describe(ended_view(view, ctx), ctx)


def seat_marks(game_id: str, view: object) -> tuple[str, ...]:
    """The mark that tells each seat of ``view`` apart without colour (a shape or an inlay the renderer
    draws the seat's pieces with), one per seat in seat order.

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``view`` is not a view of that game.
    """
    return _renderer(game_id).seat_marks(view)


def highlights_for(game_id: str, previous_view: object, notation: str) -> tuple[str, ...]:
    """The squares the move ``notation`` touched, read in the view before it was played.

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``previous_view`` is not a view of that game.
    """
    return _renderer(game_id).highlights(previous_view, notation)


_GOES: Final = re.compile(r"[->]|(?:\d|in)x", re.IGNORECASE)


def move_targets(game_id: str, view: object, notations: Iterable[str]) -> tuple[str, ...]:
    """The squares the moves ``notations`` (the reader's legal moves, read in ``view``) end on, for
    :attr:`BoardContext.targets`. Only moves that go somewhere count (``-``, ``>`` or a capture's ``x``
    in the notation): a roll, ``end``, or placing or revealing a bonus adds none.

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``view`` is not a view of that game.
    """
    found: dict[str, None] = {}
    for notation in notations:
        if not _GOES.search(notation):
            continue
        touched = highlights_for(game_id, view, notation)
        if touched:
            found[touched[-1]] = None
    return tuple(found)
