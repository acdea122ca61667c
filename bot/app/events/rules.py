"""The pure rules of an event: counted results, the organisers' results, pairing a round, the standings."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from bot.app.events.model import (
    OUTCOMES,
    ROUND_ROBIN_TIEBREAKS,
    SWISS_TIEBREAKS,
    Event,
    EventError,
    EventFormat,
    EventGame,
    Standings,
)
from bot.app.storage.events_store import EventGameRow
from bot.app.storage.rows import record_from
from bot.app.tournaments.pairing import round_robin, seat_tables, swiss_round
from bot.app.tournaments.standings import (
    Bye,
    Game,
    Missed,
    Result,
    TableGame,
    game_from_outcome,
    points_of,
    rounds_of,
    swiss_standings,
    table_game_from_outcome,
    table_standings,
)
from games.base import Outcome


def result_from_outcome(event_format: EventFormat, game: EventGame, outcome: Outcome) -> dict[str, Any]:
    """The counted result of a finished match (see the module docstring for aborted games)."""
    if event_format.two_player:
        first, second = game.players
        found = game_from_outcome(game.round, first, second, outcome)
        return {"score": (found.result if found is not None else Result.BOTH_LOSE).value}
    table = table_game_from_outcome(game.round, game.players, outcome)
    if table is None:
        return {"void": True}
    return {"places": list(table.places), "scores": list(table.scores)}


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
    """The games (players in seat order) and byes of round ``number``, from the results so far."""
    everyone = event.player_ids
    out = frozenset(everyone) - frozenset(event.active_in(number))
    if event.format is EventFormat.TABLES:
        history: dict[int, list[tuple[int, ...]]] = {}
        for game in past:
            if not game.is_bye:
                history.setdefault(game.round, []).append(game.players)
        seated = seat_tables(everyone, [history[r] for r in sorted(history)], withdrawn=out)
        return [tuple(t) for t in seated], []
    if event.format is EventFormat.ROUND_ROBIN:
        # The schedule is fixed at the start by the seeding; a withdrawn player's opponent gets a bye.
        scheduled = round_robin(everyone)[number - 1]
        pairs: list[tuple[int, ...]] = []
        byes: list[int] = []
        for first, second in scheduled.pairs:
            playing = [p for p in (first, second) if p not in out]
            if len(playing) == 2:
                pairs.append((first, second))
            else:
                byes.extend(playing)
        byes.extend(p for p in scheduled.byes if p not in out)
        return pairs, byes
    results: list[Game[int] | Bye[int]] = []
    for game in past:
        item = game.item()
        if isinstance(item, Game | Bye):
            results.append(item)
    # Late entrants are paired on the points their missed rounds gave them; those rounds are no byes.
    counted = [*results, *event.missed()]
    rows = swiss_standings(everyone, counted, tiebreaks=SWISS_TIEBREAKS, withdrawn=event.withdrawn_ids)
    # A double loss still "met": rounds_of keeps every pairing, so nobody is paired with them again.
    paired = swiss_round(
        everyone, points_of(rows), rounds_of(results), withdrawn=out, no_bye=no_bye(event, number, results)
    )
    return [tuple(pair) for pair in paired.pairs], list(paired.byes)


def no_bye(event: Event, number: int, results: Sequence[Game[int] | Bye[int]]) -> set[int]:
    """Who should not get round ``number``'s bye while another player can: whoever scored a forfeit win
    from a player who never moved (FIDE), and a late entrant in the first round they are paired."""
    barred = {p.user_id for p in event.players if 1 < p.entry_round == number}
    for item in results:
        if isinstance(item, Game) and item.unplayed and item.result in (Result.FIRST_WINS, Result.SECOND_WINS):
            barred.add(item.first if item.result is Result.FIRST_WINS else item.second)
    return barred


def standings_of(event: Event, games: Sequence[EventGame]) -> Standings:
    """The standings of ``event`` from its ``games`` (pure)."""
    withdrawn = event.withdrawn_ids
    if event.format is EventFormat.TABLES:
        tables = [item for g in games if isinstance(item := g.item(), TableGame)]
        counted: list[TableGame[int] | Missed[int]] = [*tables, *event.missed()]
        rows = table_standings(event.player_ids, counted, withdrawn=withdrawn)
        return Standings(event, tuple(rows), ("game_score",), tuple(counted))
    results = [item for g in games if isinstance(item := g.item(), Game | Bye)]
    tiebreaks = SWISS_TIEBREAKS if event.format is EventFormat.SWISS else ROUND_ROBIN_TIEBREAKS
    counted_games = [*results, *event.missed()]
    rows = swiss_standings(event.player_ids, counted_games, tiebreaks=tiebreaks, withdrawn=withdrawn)
    return Standings(event, tuple(rows), tuple(tb.value for tb in tiebreaks), tuple(counted_games))
