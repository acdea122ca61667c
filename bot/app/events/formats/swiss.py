"""Swiss: each round pairs players of equal points who have not met; Buchholz, then Sonneborn-Berger."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.events.formats.two_player import TwoPlayerFormat
from bot.app.events.model import SWISS_TIEBREAKS, Event, EventFormat, EventGame
from bot.app.tournaments.pairing import swiss_round
from bot.app.tournaments.standings import Bye, Game, points_of, rounds_of, swiss_standings


class Swiss(TwoPlayerFormat):
    """The Swiss system, over the rounds the organiser chose."""

    id = EventFormat.SWISS
    label = "Swiss (2-player games)"
    tiebreaks = SWISS_TIEBREAKS

    def pair(self, event: Event, number: int, past: Sequence[EventGame]) -> tuple[list[tuple[int, ...]], list[int]]:
        everyone = event.player_ids
        out = frozenset(everyone) - frozenset(event.active_in(number))
        results = [item for game in past if isinstance(item := game.item(), Game | Bye)]
        # Late entrants are paired on the points their missed rounds gave them; those rounds are no byes.
        counted = [*results, *event.missed()]
        rows = swiss_standings(everyone, counted, tiebreaks=self.tiebreaks, withdrawn=event.withdrawn_ids)
        # A double loss still "met": rounds_of keeps every pairing, so nobody is paired with them again.
        paired = swiss_round(everyone, points_of(rows), rounds_of(results), withdrawn=out)
        return [tuple(pair) for pair in paired.pairs], list(paired.byes)


SWISS = Swiss()
