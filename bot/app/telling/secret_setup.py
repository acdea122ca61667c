"""The private prompt of a secret set-up (Subulata's nine values): what a player must arrange, and where.

The prompt goes only to its player (by DM, or ephemerally when DMs are closed); each game's set-up
(:attr:`bot.app.telling.game_words.GameWords.setup`) reads the player's own view, so it can never show an
opposing value.
"""

from __future__ import annotations

from bot.app.matches import Match, MatchStatus
from bot.app.telling.game_words import words_for
from bot.app.telling.game_words.subulata import cell_order
from games.base import Seat

__all__ = ["cell_order", "needs_setup", "setup_order", "setup_prompt"]


def needs_setup(match: Match, seat: Seat | None) -> bool:
    """True when ``seat`` must still make its set-up in secret."""
    setup = words_for(match.game.id).setup
    return (
        seat is not None
        and match.status is MatchStatus.ACTIVE
        and setup is not None
        and setup.pending(match.state, seat)
    )


def setup_prompt(match: Match, seat: Seat, lang: str) -> str:
    """The instructions of ``seat``'s secret set-up in ``lang`` (only asked when :func:`needs_setup`)."""
    setup = words_for(match.game.id).setup
    assert setup is not None, "a game without a secret set-up prompts none"
    return setup.prompt(match.id, match.state, seat, lang)


def setup_order(match: Match, seat: Seat) -> str:
    """What ``seat``'s set-up fills, in order, as its form's placeholder shows it (``""`` without a set-up).

    The game-aware form of :func:`cell_order`, which the shell still calls with the seat alone (Subulata
    being the one game with a secret set-up).
    """
    setup = words_for(match.game.id).setup
    return "" if setup is None else setup.order(seat)
