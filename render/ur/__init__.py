"""The Royal Game of Ur as an image, one module per rule set, in the shape of :mod:`games.ur`.

- :mod:`render.ur.kit`: the drawing pieces the four boards share (geometry, motifs, sprites, panels,
  status line, arrows, capture marks);
- :mod:`render.ur.alt`: the one alt-text skeleton the four rule sets fill in;
- :mod:`render.ur.rule_set`: the one way a rule set's board is served (view check, facing, palette,
  PNG, alt text, highlights), from the parts its module gives;
- :mod:`render.ur.race` (Variante 2), :mod:`render.ur.loop` (Variante 1), :mod:`render.ur.towers`
  (Ravensburger) and :mod:`render.ur.motifs` (Variante 3): each rule set's board and words.

:data:`RENDERER` is what the game registry sees: it hands a view to its rule set's renderer.
"""

from __future__ import annotations

from typing import Final

from games.ur import loop as loop_rules
from games.ur import motifs as motifs_rules
from games.ur import race as race_rules
from games.ur import towers as towers_rules
from render.common import GameRenderer
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


RENDERER: Final = GameRenderer(
    render=lambda view, ctx: _for(view).render(view, ctx),
    describe=lambda view, ctx: _for(view).describe(view, ctx),
    highlights=lambda view, notation: _for(view).highlights(view, notation),
)
"""Ur's renderer: each call goes to the renderer of the view's rule set."""
