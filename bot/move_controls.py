"""The move controls under a turn post: one button per legal move of the seat to act, when they fit.

One function, :func:`move_controls`, gives the rows; the turn post wraps each in an action row. More
legal moves than :data:`MAX_MOVE_BUTTONS` are played with ``/game move`` (and its autocomplete).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.components import MoveButton
from bot.matches import Match, MatchStatus

MAX_MOVE_BUTTONS = 20
"""Four rows of five."""
ROW = 5


def move_controls(match: Match, lang: str) -> list[list[discord.ui.Item[Any]]]:
    """Rows of buttons, one per legal move of the single seat to act; empty when there is none to offer.

    Nothing is offered while several seats act at once, when the moves do not fit, or when a move's
    notation names a secret (a bonus in hand): the controls sit on a public post.
    """
    if match.status is not MatchStatus.ACTIVE or len(match.state.actors()) != 1:
        return []
    moves = match.state.legal_moves(match.state.actors()[0])
    if not moves or len(moves) > MAX_MOVE_BUTTONS:
        return []
    notations = [match.state.format_move(move) for move in moves]
    if any(match.game.public_notation(n) != n for n in notations):
        return []
    buttons: list[discord.ui.Item[Any]] = [MoveButton(match.id, match.version, n) for n in notations]
    return [buttons[i : i + ROW] for i in range(0, len(buttons), ROW)]
