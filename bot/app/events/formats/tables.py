"""Seated tables: each round seats the players at tables of 3 to 6, balanced by rating, for multiplayer games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.app.events.formats.base import Format
from bot.app.events.model import MIN_TABLE, Event, EventFormat, EventGame, Standings
from bot.app.tournaments.pairing import seat_tables
from bot.app.tournaments.standings import (
    DEFAULT_TABLE_POINTS,
    Missed,
    StandingRow,
    TableGame,
    table_game_from_outcome,
    table_standings,
)
from games.base import GameInfo, Outcome


class Tables(Format):
    """Seated rounds: a table's places give points by its size; the game score breaks ties."""

    id = EventFormat.TABLES
    label = "Seated tables of 3 to 6 (multiplayer games)"
    two_player = False
    minimum_players = MIN_TABLE
    late_note = "event.standings.late_tables"
    record_columns = ("played", "firsts")

    def suits(self, game: GameInfo) -> bool:
        return game.min_players <= MIN_TABLE and game.max_players >= 5

    def pair(self, event: Event, number: int, past: Sequence[EventGame]) -> tuple[list[tuple[int, ...]], list[int]]:
        out = frozenset(event.player_ids) - frozenset(event.active_in(number))
        history: dict[int, list[tuple[int, ...]]] = {}
        for game in past:
            if not game.is_bye:
                history.setdefault(game.round, []).append(game.players)
        seated = seat_tables(event.player_ids, [history[r] for r in sorted(history)], withdrawn=out)
        return [tuple(t) for t in seated], []

    def counted_result(self, game: EventGame, outcome: Outcome) -> dict[str, Any]:
        # A table with no winner the engine names (aborted, forfeited by all) counts for nobody.
        table = table_game_from_outcome(game.round, game.players, outcome)
        if table is None:
            return {"void": True}
        return {"places": list(table.places), "scores": list(table.scores)}

    def standings(self, event: Event, games: Sequence[EventGame]) -> Standings:
        tables = [item for g in games if isinstance(item := g.item(), TableGame)]
        counted: list[TableGame[int] | Missed[int]] = [*tables, *event.missed()]
        rows = table_standings(event.player_ids, counted, withdrawn=event.withdrawn_ids)
        return Standings(event, tuple(rows), ("game_score",), tuple(counted))

    @property
    def win_points(self) -> float:
        return max(row[0] for row in DEFAULT_TABLE_POINTS.values())

    def record(self, row: StandingRow[int]) -> tuple[str, str]:
        return str(row.played), str(row.wins + row.draws)


TABLES = Tables()
