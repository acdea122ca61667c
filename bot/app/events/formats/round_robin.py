"""Round robin: everyone meets everyone once, on a schedule fixed by the seeding at the start."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.events.formats.two_player import TwoPlayerFormat
from bot.app.events.model import ROUND_ROBIN_TIEBREAKS, Event, EventFormat, EventGame
from bot.app.tournaments.pairing import round_robin


class RoundRobin(TwoPlayerFormat):
    """A round robin: as many rounds as the field needs; nobody enters once it runs (they would miss games
    against players already met, not rounds)."""

    id = EventFormat.ROUND_ROBIN
    label = "Round robin (2-player games)"
    tiebreaks = ROUND_ROBIN_TIEBREAKS
    late_entry = False
    fixed_rounds = True

    def rounds(self, requested: int, order: Sequence[int]) -> int:
        return len(round_robin(order))

    def pair(self, event: Event, number: int, past: Sequence[EventGame]) -> tuple[list[tuple[int, ...]], list[int]]:
        out = frozenset(event.player_ids) - frozenset(event.active_in(number))
        # The schedule is fixed at the start by the seeding; a withdrawn player's opponent gets a bye.
        scheduled = round_robin(event.player_ids)[number - 1]
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


ROUND_ROBIN = RoundRobin()
