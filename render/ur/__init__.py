"""The Royal Game of Ur as an image, one module per rule set, in the shape of :mod:`games.ur`.

- :mod:`render.ur.kit`: the drawing pieces the four boards share (geometry, motifs, sprites, panels,
  status line, arrows, capture marks);
- :mod:`render.ur.alt`: the one alt-text skeleton the four rule sets fill in;
- :mod:`render.ur.stand`: where a game stands (result, turn, roll), as the status line and alt text say it;
- :mod:`render.ur.rule_set`: the one way a rule set's board is served (view check, facing, palette,
  PNG, alt text, highlights), from the parts its module gives;
- :mod:`render.ur.race` (Variante 2), :mod:`render.ur.loop` (Variante 1), :mod:`render.ur.towers`
  (Ravensburger) and :mod:`render.ur.motifs` (Variante 3): each rule set's board and words.

:data:`RENDERER` is what the game registry sees: it hands a view to its rule set's renderer. A member's
high-contrast palette (``ctx.palette == "contrast"``) turns the finished board's lightness over
(:func:`render.contrast.inverted_lightness`): a near-white ground, near-black lines and letters, and pieces
ringed in black, at least 7:1 against their ground (WCAG AAA), for all four rule sets at once.
"""

from __future__ import annotations

from typing import Final

from games.ur import loop as loop_rules
from games.ur import motifs as motifs_rules
from games.ur import race as race_rules
from games.ur import towers as towers_rules
from render.common import BoardContext, GameRenderer
from render.contrast import inverted_lightness, recolour_png
from render.ur import loop, motifs, race, towers

__all__ = ["GAME_ID", "RENDERER", "RULE_SETS"]

GAME_ID: Final = "ur"

RULE_SETS: Final[dict[type, GameRenderer]] = {
    loop_rules.State: loop.RENDERER,
    race_rules.State: race.RENDERER,
    motifs_rules.State: motifs.RENDERER,
    towers_rules.State: towers.RENDERER,
}
"""The renderer of each rule set, by the class of its views."""


def _for(view: object) -> GameRenderer:
    try:
        return RULE_SETS[type(view)]
    except KeyError:
        raise TypeError(f"not a view of any Ur rule set: {type(view).__name__}") from None


def _render(view: object, ctx: BoardContext) -> bytes:
    png = _for(view).render(view, ctx)
    # The rule sets draw the contrast palette's pieces white and black on the dark board; turning the
    # palette's lightness over makes the ground light and every line, letter and piece rim dark.
    return recolour_png(png, inverted_lightness) if ctx.palette == "contrast" else png


RENDERER: Final = GameRenderer(
    render=_render,
    describe=lambda view, ctx: _for(view).describe(view, ctx),
    highlights=lambda view, notation: _for(view).highlights(view, notation),
    seat_marks=lambda view: _for(view).seat_marks(view),
)
"""Ur's renderer: each call goes to the renderer of the view's rule set."""
