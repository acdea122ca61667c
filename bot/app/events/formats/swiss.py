"""Swiss: each round pairs players of equal points who have not met; Buchholz, then Sonneborn-Berger."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.events.formats.two_player import TwoPlayerFormat
from bot.app.events.model import SWISS_TIEBREAKS, Event, EventFormat, EventGame
from bot.app.tournaments.pairing import swiss_round
from bot.app.tournaments.standings import Bye, Game, Result, points_of, rounds_of, swiss_standings


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


SWISS = Swiss()
