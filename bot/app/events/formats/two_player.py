"""What the two-player formats (Swiss, round robin) share: a game is one pairing, a win 1, a draw ½."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bot.app.events.formats.base import Format
from bot.app.events.model import Event, EventGame, Standings
from bot.app.tournaments.standings import (
    DEFAULT_POINTS,
    Bye,
    Game,
    Result,
    StandingRow,
    TieBreak,
    game_from_outcome,
    swiss_standings,
)
from games.base import GameInfo, Outcome


class TwoPlayerFormat(Format):
    """A format of two-player games; its standings break ties by :attr:`tiebreaks`."""

    two_player = True
    minimum_players = 2
    tiebreaks: ClassVar[tuple[TieBreak, ...]]

    def suits(self, game: GameInfo) -> bool:
        return game.min_players <= 2 <= game.max_players

    def counted_result(self, game: EventGame, outcome: Outcome) -> dict[str, Any]:
        # An aborted game (no winner the engine names) counts as a loss for both.
        first, second = game.players
        found = game_from_outcome(game.round, first, second, outcome)
        return {"score": (found.result if found is not None else Result.BOTH_LOSE).value}

    def standings(self, event: Event, games: Sequence[EventGame]) -> Standings:
        results = [item for g in games if isinstance(item := g.item(), Game | Bye)]
        counted = [*results, *event.missed()]
        rows = swiss_standings(event.player_ids, counted, tiebreaks=self.tiebreaks, withdrawn=event.withdrawn_ids)
        return Standings(event, tuple(rows), tuple(tb.value for tb in self.tiebreaks), tuple(counted))

    @property
    def win_points(self) -> float:
        return DEFAULT_POINTS.win

    def record(self, row: StandingRow[int]) -> tuple[str, str]:
        return f"{row.wins}-{row.draws}-{row.losses}", str(row.byes)
