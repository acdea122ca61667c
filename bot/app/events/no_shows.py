"""Members who never moved in a game they lost on time: no-shows (issue 37, fault 10).

A two-player game lost on time by a player who chose no move (the match may have played their forced moves
by itself) was never played. Its points count as the
forfeit gives them, but the counted result carries ``"unplayed": true``, so that the standings read it as
FIDE reads a forfeit (an unplayed round for both players' tie-breaks, see
:mod:`bot.app.tournaments.standings`) and pairing gives the winner no bye (:func:`bot.app.events.formats.swiss.no_bye`).
Once a member has lost :data:`NO_SHOWS_BEFORE_NOTICE` games that way and is still in, the organiser is told,
once, and offered to withdraw them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from bot.app.events.model import EventGame
from bot.app.matches import LogKind, Match, MatchService
from bot.app.matches.log import automatic, autoplaying, replay_states
from bot.app.tournaments.standings import Result
from games.base import Termination

NO_SHOWS_BEFORE_NOTICE: Final = 2
"""Games a member did not play before the organiser is told."""


async def no_show_seat(matches: MatchService, match: Match) -> int | None:
    """The seat of a finished two-player match lost on time by a player who never moved, or None."""
    outcome = match.result
    if outcome is None or outcome.termination is not Termination.FORFEIT:
        return None
    if len(match.seats) != 2 or len(outcome.winners) != 1:
        return None
    loser = 1 - outcome.winners[0]
    history = list(await matches.history(match.id))
    if not any(e.kind is LogKind.MOVE and e.seat == loser for e in history):
        return loser
    # A move the match played by itself (the only legal one, option ``autoplay``) is no sign of the player.
    states = replay_states(match, history)
    autoplay = autoplaying(match)
    chose = any(
        e.kind is LogKind.MOVE and e.seat == loser and not automatic(e, states[i], autoplay)
        for i, e in enumerate(history)
    )
    return None if chose else loser


def unplayed_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """A two-player result marked as won by forfeit from a no-show."""
    return {**result, "unplayed": True}


def no_show_of(game: EventGame) -> int | None:
    """The member who did not play ``game`` (lost it by forfeit without a move), if it is such a game."""
    result = game.result
    if result is None or not result.get("unplayed") or len(game.players) != 2:
        return None
    score = result.get("score")
    if score == Result.FIRST_WINS.value:
        return game.players[1]
    if score == Result.SECOND_WINS.value:
        return game.players[0]
    return None


def games_not_played(games: Iterable[EventGame], user_id: int) -> int:
    """How many of ``games`` ``user_id`` lost without playing."""
    return sum(1 for game in games if no_show_of(game) == user_id)
