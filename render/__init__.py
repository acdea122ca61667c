"""Board images and their alt texts, for every game: pure functions from a view to PNG bytes.

The bot calls :func:`render_board`, :func:`describe_board` and :func:`highlights_for` with a game id;
each game's module registers its three entry points in :data:`RENDERERS`. Nothing here touches
Discord or the disk (apart from the bundled font), and equal inputs give byte-identical images.
"""

from __future__ import annotations

from typing import Final

from render import ur
from render.common import BoardContext, GameRenderer

__all__ = [
    "RENDERERS",
    "BoardContext",
    "GameRenderer",
    "UnknownRendererError",
    "describe_board",
    "highlights_for",
    "render_board",
]

RENDERERS: Final[dict[str, GameRenderer]] = {ur.GAME_ID: ur.RENDERER}
"""The renderer of each game, by game id."""


class UnknownRendererError(KeyError):
    """No renderer is registered for that game id."""


def _renderer(game_id: str) -> GameRenderer:
    try:
        return RENDERERS[game_id]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise UnknownRendererError(f"no board renderer for game {game_id!r}; known: {known}") from None


def render_board(game_id: str, view: object, ctx: BoardContext) -> bytes:
    """The board of ``view`` as PNG bytes (at least 1000 px wide, deterministic, no metadata).

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``view`` is not a view of that game.
    """
    return _renderer(game_id).render(view, ctx)


def describe_board(game_id: str, view: object, ctx: BoardContext) -> str:
    """Alt text of the board (at most 1000 characters) in ``ctx.lang``.

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``view`` is not a view of that game.
    """
    return _renderer(game_id).describe(view, ctx)


def highlights_for(game_id: str, previous_view: object, notation: str) -> tuple[str, ...]:
    """The squares the move ``notation`` touched, read in the view before it was played.

    Raises:
        UnknownRendererError: no renderer for ``game_id``.
        TypeError: ``previous_view`` is not a view of that game.
    """
    return _renderer(game_id).highlights(previous_view, notation)
