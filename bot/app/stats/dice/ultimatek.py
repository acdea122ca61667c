"""Ultima-Tek's draws: the kick-off draw at the start of a match, even odds, is both sides' luck. It counts 1
for the side drawn to kick off (it holds the disc and acts first) and 0 for the other, each against the half it
could expect; it is drawn in the open.

Not counted, for anyone: the bonus tokens a side draws into its hand. Their kinds stay secret from the opponent
(a token left in the hand at the end, or discarded face down, is never shown), so counting them would tell
others what was hidden; and no kind is better than another by the rules (each opens other paths), so there is
no number to put against an expectation.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from bot.app.stats.luck import Distribution, distribution
from games.base import GameState, Seat
from games.ultimatek import INFO
from games.ultimatek.state import Action

GAME: Final = INFO.id


def draws(state: GameState, outcome: Any) -> tuple[tuple[Seat, int, Distribution], ...]:
    """Both sides' share of the kick-off draw; nothing for a bonus draw."""
    if not isinstance(outcome, Action) or outcome.verb != "kickoff":
        return ()
    odds = {o.seat: p for o, p in state.chance_outcomes() if isinstance(o, Action)}
    return tuple(
        (seat, int(seat == outcome.seat), distribution(((1, p), (0, Fraction(1) - p)))) for seat, p in odds.items()
    )
