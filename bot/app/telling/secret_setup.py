"""The private prompt of a secret set-up (Subulata's nine values): what a player must arrange, and where.

The prompt goes only to its player (by DM, or ephemerally when DMs are closed); each game's set-up
(:attr:`bot.app.telling.game_words.GameWords.setup`) reads the player's own view, so it can never show an
opposing value.
"""

from __future__ import annotations

from bot.app.matches import DECISIONS, Match, MatchStatus, TurnReport
from bot.app.telling.game_words import words_for
from bot.app.telling.game_words.subulata import cell_order
from games.base import Seat

__all__ = ["cell_order", "needs_setup", "set_up_in_secret", "setup_order", "setup_prompt"]


def needs_setup(match: Match, seat: Seat | None) -> bool:
    """True when ``seat`` must still make its set-up in secret."""
    setup = words_for(match.game.id).setup
    return (
        seat is not None
        and match.status is MatchStatus.ACTIVE
        and setup is not None
        and setup.pending(match.state, seat)
    )


def set_up_in_secret(report: TurnReport) -> bool:
    """True when ``report``'s secret change (:attr:`TurnReport.secret`) made a secret set-up, of which the turn post
    shows nothing: only its player can be told it was taken. Another secret decision shows in the post in its
    public form (a bonus placed face down on a named square) and is answered as a public move is. A change whose
    position before is unknown (replayed) counts as a set-up when its game has one: kept private when unsure."""
    setup = words_for(report.match.game.id).setup
    if not report.secret or setup is None:
        return False
    before = report.previous_state
    if before is None:
        return True
    return any(e.kind in DECISIONS and e.seat is not None and setup.pending(before, e.seat) for e in report.entries)


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
