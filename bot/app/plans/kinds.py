"""What a plan is keyed on, per game: a registry, so shared code asks no game by name.

A game listed in :data:`ROLL_GAMES` keys plans on the member's own next roll (Ur: "if I roll 2: C4 → C2"), which
holds whatever the opponent plays; one listed in :data:`TURN_GAMES`, whose turn is several decisions, on the
opponent's whole public turn, answered with a whole turn (Ultima-Tek, :mod:`bot.app.plans.turns`); every other
game keys them on the opponents' replies, as lichess does; one listed in :data:`ANY_REPLY` may also leave a move
for any reply, stopped when the reply changes what it does (as a roll plan is when the opponent took or blocked
what it names).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bot.app.plans import subulata, ultimatek, ur
from bot.app.plans.model import Keyed
from games import subulata as subulata_rules
from games import ultimatek as ultimatek_rules
from games import ur as ur_rules
from games.base import GameInfo, GameState, Seat


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


Changes = Callable[[GameInfo, list[str], GameState, Seat, list[str]], bool]
"""Whether the opponent's decisions (public notation) change what a plan for "whatever they play" does: the game,
those decisions, the position with the member to act, their seat, the planned decisions of their turn. True stops
the plan (the auto-stop of a plan for any reply)."""


@dataclass(frozen=True, slots=True)
class TurnPlans:
    """How a game's turn plans read the opponent's turn: whether it changes what a plan for any turn does."""

    changes: Changes


TURN_GAMES: Mapping[str, TurnPlans] = MappingProxyType({ultimatek_rules.INFO.id: TurnPlans(ultimatek.changes)})
"""The games whose plans are keyed on the opponent's whole turn and play a whole turn."""

ANY_REPLY: Mapping[str, Changes] = MappingProxyType({subulata_rules.INFO.id: subulata.changes})
"""The reply-keyed games whose plans may also name a move for any reply, each with its auto-stop."""


def any_stop(game_id: str) -> Changes | None:
    """The auto-stop of ``game_id``'s plans for any reply or turn, or None when it has no such plans."""
    turn = TURN_GAMES.get(game_id)
    return turn.changes if turn is not None else ANY_REPLY.get(game_id)


def keyed(game_id: str) -> Keyed:
    """What plans of ``game_id`` are keyed on."""
    return "roll" if game_id in ROLL_GAMES else "turn" if game_id in TURN_GAMES else "reply"
