"""What a plan is keyed on, per game: a registry, so shared code asks no game by name.

A game listed in :data:`ROLL_GAMES` keys plans on the member's own next roll (Ur: "if I roll 2: C4 → C2"), which
holds whatever the opponent plays; one listed in :data:`TURN_GAMES`, whose turn is several decisions, on the
opponent's whole public turn, answered with a whole turn (Ultima-Tek, :mod:`bot.app.plans.turns`); every other
game keys them on the opponents' replies, as lichess does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bot.app.plans import ultimatek, ur
from bot.app.plans.model import Keyed
from games import ultimatek as ultimatek_rules
from games import ur as ur_rules
from games.base import GameState, Seat


@dataclass(frozen=True, slots=True)
class RollPlans:
    """How a game's roll plans read the board: its rolls, the board with the member to play one, the log's
    text of a roll, and the turns a plan reaches in the position's rule set."""

    rolls: Callable[[GameState], tuple[int, ...]]
    at_roll: Callable[[GameState, Seat, int], GameState | None]
    condition: Callable[[GameState, int], str]
    depth: Callable[[GameState], int]


ROLL_GAMES: Mapping[str, RollPlans] = MappingProxyType(
    {ur_rules.INFO.id: RollPlans(ur.rolls, ur.at_roll, ur.condition, ur.depth)}
)
"""The games whose plans are keyed on the member's own next roll."""


@dataclass(frozen=True, slots=True)
class TurnPlans:
    """How a game's turn plans read a decision: the places (hexes, cells) it names."""

    places: Callable[[str], frozenset[str]]


TURN_GAMES: Mapping[str, TurnPlans] = MappingProxyType({ultimatek_rules.INFO.id: TurnPlans(ultimatek.places)})
"""The games whose plans are keyed on the opponent's whole turn and play a whole turn."""


def keyed(game_id: str) -> Keyed:
    """What plans of ``game_id`` are keyed on."""
    return "roll" if game_id in ROLL_GAMES else "turn" if game_id in TURN_GAMES else "reply"
