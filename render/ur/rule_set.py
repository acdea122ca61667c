"""One Ur rule set's renderer, put together from the parts its module draws and says.

Every rule set's board is served the same way: a view is checked to be the rule set's state, drawn inside
:func:`~render.ur.kit.facing` (so it faces its reader), and mapped onto a palette sampled once from
representative positions; its alt text is the rule set's :class:`~render.ur.alt.AltText` in the
context's words; the squares a move touched are read in the position before it. :class:`RuleSetBoard`
does that once; each rule set's module gives it only what differs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Generic, TypeVar

from PIL import Image

from render.common import BoardContext, GameRenderer, encode_png, player_names
from render.palettes import shipped
from render.ur.alt import AltText, alt_names
from render.ur.kit import Facing, facing, view_of

_V = TypeVar("_V")

DrawBoard = Callable[[object, BoardContext], Image.Image]
"""A view and its context to the full-colour image, before it is reduced to a palette and encoded."""


@dataclass(frozen=True, eq=False)
class RuleSetBoard(Generic[_V]):
    """One rule set's board, from what its module gives.

    - ``kind`` and ``name``: the rule set's state class and the renderer's name in errors;
    - ``words``: the module's strings by language (with ``player`` for a missing name);
    - ``draw``: a state and its context drawn for the facing the kit has set up;
    - ``alt``: the alt text of a state, given the context, its words and the names as alt text gives them;
    - ``touched``: the squares a move notation touched, read in the position before it;
    - ``samples``: the palette, built from this board's :meth:`draw_board` on representative positions;
    - ``marks``: each seat's mark, the name the module draws its pieces by (a ring or a diamond inlay...).
    """

    kind: type[_V]
    name: str
    words: dict[str, dict[str, str]]
    draw: Callable[[_V, BoardContext, Facing], Image.Image]
    alt: Callable[[_V, BoardContext, dict[str, str], tuple[str, str]], AltText]
    touched: Callable[[_V, str], tuple[str, ...]]
    samples: Callable[[DrawBoard], Image.Image]
    marks: tuple[str, ...]

    def state(self, view: object) -> _V:
        """``view`` if it is a state of this rule set (a TypeError otherwise)."""
        return view_of(view, self.kind, self.name)

    def names(self, ctx: BoardContext) -> tuple[str, str]:
        """The two players' names, or "Player 1" and "Player 2" in the context's language."""
        return player_names(ctx, self.words)

    def draw_board(self, view: object, ctx: BoardContext) -> Image.Image:
        """The full-colour image of ``view``, before it is reduced to a palette and encoded."""
        with facing(ctx) as faced:
            return self.draw(self.state(view), ctx, faced)

    @property
    def palette_key(self) -> str:
        """This board's palette's key in :mod:`render.palettes`."""
        return f"ur/{self.kind.__module__.rsplit('.', 1)[-1]}"  # the rule set's engine module: ur/loop, …

    def sample_palette(self) -> Image.Image:
        """The palette worked out afresh from this board's sample renders."""
        return self.samples(self.draw_board)

    @cached_property
    def palette(self) -> Image.Image:
        """The palette every render of this board is mapped onto, as shipped (:mod:`render.palettes`)."""
        return shipped(self.palette_key, self.sample_palette)

    def render(self, view: object, ctx: BoardContext) -> bytes:
        """PNG bytes of the board for ``view``."""
        return encode_png(self.draw_board(view, ctx), self.palette)

    def describe(self, view: object, ctx: BoardContext) -> str:
        """The alt text of the board for ``view``."""
        words = self.words[ctx.language]
        return self.alt(self.state(view), ctx, words, alt_names(self.names(ctx))).text(words)

    def highlights(self, previous_view: object, notation: str) -> tuple[str, ...]:
        """The squares a move touched, read in the position before it (none when it is not a legal move)."""
        return self.touched(self.state(previous_view), notation)

    def seat_marks(self, view: object) -> tuple[str, ...]:
        """The mark of each seat's pieces in ``view`` (see :attr:`render.common.GameRenderer.seat_marks`)."""
        self.state(view)
        return self.marks

    def renderer(self) -> GameRenderer:
        """What the game registry sees of this board."""
        return GameRenderer(
            render=self.render, describe=self.describe, highlights=self.highlights, seat_marks=self.seat_marks
        )
