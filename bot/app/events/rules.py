"""The pure rules of an event: counted results, the organisers' results, pairing a round, the standings (what
differs by format is the format's, found through :mod:`bot.app.events.formats`)."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from bot.app.events.formats import format_of
from bot.app.events.model import OUTCOMES, Event, EventError, EventFormat, EventGame, Standings
from bot.app.storage.events_store import EventGameRow
from bot.app.storage.rows import record_from
from bot.app.tournaments.standings import Result
from games.base import Outcome


def result_from_outcome(event_format: EventFormat, game: EventGame, outcome: Outcome) -> dict[str, Any]:
    """The counted result of a finished match, as its format counts it (see the module docstring for aborted
    games).

    Raises:
        UnknownFormatError: a format no module serves.
    """
    return format_of(event_format).counted_result(game, outcome)


def result_for(game: EventGame, user_id: int, outcome: str) -> dict[str, Any]:
    """The two-player result an organiser sets: ``outcome`` (see :data:`OUTCOMES`) from ``user_id``'s side.

    Raises:
        EventError: ``event_bad_result``.
    """
    if outcome not in OUTCOMES or len(game.players) != 2 or user_id not in game.players:
        raise EventError("event_bad_result")
    first = user_id == game.players[0]
    score = {
        "win": Result.FIRST_WINS if first else Result.SECOND_WINS,
        "loss": Result.SECOND_WINS if first else Result.FIRST_WINS,
        "draw": Result.DRAW,
        "double_loss": Result.BOTH_LOSE,
    }[outcome]
    return {"score": score.value}


def parse_places(text: str, count: int) -> list[int]:
    """Places for a table of ``count`` players, in seat order, from text such as ``"2 1 3 3"`` or ``"2,1,3,3"``
    (checked by :func:`check_places`).

    Raises:
        EventError: ``event_bad_places``.
    """
    parts = text.replace(",", " ").replace(";", " ").split()
    try:
        places = [int(p) for p in parts]
    except ValueError:
        raise EventError("event_bad_places", count=count) from None
    return check_places(places, count)


def check_places(places: Sequence[int], count: int) -> list[int]:
    """``places`` (1 = first, in seat order) if they are a table's finishing order, as a list.

    Shared places are allowed, as a ranking shares them: players who tie take the same place and the next
    places are skipped (1, 1, 3), so each place is one more than the number of players ahead. Anything else
    (a missing first, a gap, 1, 1, 2) is refused rather than guessed.

    Raises:
        EventError: ``event_bad_places``.
    """
    found = list(places)
    if len(found) != count or not all(isinstance(p, int) and 1 <= p <= count for p in found):
        raise EventError("event_bad_places", count=count)
    if any(p != 1 + sum(1 for q in found if q < p) for p in found):
        raise EventError("event_bad_places", count=count)
    return found


def game_of_row(row: EventGameRow) -> EventGame:
    """The game a stored row describes."""
    return record_from(
        EventGame,
        row,
        result=None if row.result is None else MappingProxyType(dict(row.result)),
        report=None if row.report is None else MappingProxyType(dict(row.report)),
    )


def pair_round(event: Event, number: int, past: Sequence[EventGame]) -> tuple[list[tuple[int, ...]], list[int]]:
    """The games (players in seat order) and byes of round ``number``, from the results so far.

    Raises:
        UnknownFormatError: a format no module serves (it is never paired as another).
    """
    return format_of(event.format).pair(event, number, past)


def standings_of(event: Event, games: Sequence[EventGame]) -> Standings:
    """The standings of ``event`` from its ``games`` (pure).

    Raises:
        UnknownFormatError: a format no module serves.
    """
    return format_of(event.format).standings(event, games)
