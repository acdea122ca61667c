"""The turn post in Components V2: a container in the acting seat's colour with what happened, the board
and what is awaited, then the controls. Also the compact out-of-turn question and the end post's parts.

Builders only: what to post and when is :mod:`bot.app.posting`'s decision, the sending is
:mod:`bot.shell.play.messages`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.shell.display import BOARD_FILE
from render import SEAT_COLOURS
from render.common import SEAT_COLORS

TEXT_LIMIT = 3800
"""Characters of text in one post (Discord allows 4000 across a message's text displays)."""
NEUTRAL = discord.Colour.dark_grey()


def seat_colour(game_id: str, seat: int | None) -> discord.Colour:
    """The colour ``seat`` has on the board drawn for ``game_id`` (grey when there is no seat; a game
    without colours of its own takes the common seat colours)."""
    if seat is None:
        return NEUTRAL
    palette = SEAT_COLOURS.get(game_id, SEAT_COLORS)
    return discord.Colour.from_rgb(*palette[seat % len(palette)])


def _clip(lines: Sequence[str], limit: int) -> str:
    """The lines joined, the oldest dropped first when they are too long for a post."""
    kept: list[str] = []
    size = 0
    for line in reversed([line for line in lines if line]):
        if size + len(line) + 1 > limit:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


def post_layout(
    *,
    header: str,
    happened: Sequence[str],
    awaited: Sequence[str],
    colour: discord.Colour,
    alt: str,
    rows: Sequence[Sequence[discord.ui.Item[Any]]] = (),
    board: bool = True,
) -> discord.ui.LayoutView:
    """A turn post: header, what happened, the board, what is awaited, then each row of controls."""
    awaited_text = "\n".join(line for line in awaited if line)
    room = TEXT_LIMIT - len(header) - len(awaited_text)
    items: list[discord.ui.Item[discord.ui.LayoutView]] = [discord.ui.TextDisplay(header)]
    told = _clip(happened, max(room, 200))
    if told:
        items.append(discord.ui.TextDisplay(told))
    if board:
        item = discord.MediaGalleryItem(f"attachment://{BOARD_FILE}", description=alt[:1000] or None)
        items.append(discord.ui.MediaGallery(item))
    if awaited_text:
        items.append(discord.ui.TextDisplay(awaited_text[:TEXT_LIMIT]))
    return _boxed(items, colour, rows)


def question_layout(
    text: str, rows: Sequence[Sequence[discord.ui.Item[Any]]] = (), colour: discord.Colour = NEUTRAL
) -> discord.ui.LayoutView:
    """The compact message of an out-of-turn question (or, without rows, its answer)."""
    return _boxed([discord.ui.TextDisplay(text[:TEXT_LIMIT])], colour, rows)


def _boxed(
    items: Sequence[discord.ui.Item[discord.ui.LayoutView]],
    colour: discord.Colour,
    rows: Sequence[Sequence[discord.ui.Item[Any]]],
) -> discord.ui.LayoutView:
    """A message of one container in ``colour`` holding ``items``, then each non-empty row of controls."""
    view = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=colour)
    for item in items:
        container.add_item(item)
    view.add_item(container)
    for row in rows:
        if row:
            view.add_item(discord.ui.ActionRow(*row))
    return view


def layout_text(components: Sequence[Any]) -> str:
    """Every text display of a received message's components, in order (for tests and previews)."""
    texts: list[str] = []

    def walk(items: Sequence[Any]) -> None:
        for item in items:
            content = getattr(item, "content", None)
            if isinstance(content, str) and type(item).__name__ == "TextDisplay":
                texts.append(content)
            children = getattr(item, "children", None) or getattr(item, "components", None)
            if children:
                walk(list(children))

    walk(components)
    return "\n".join(texts)
