"""What a plan is keyed on, per game: a registry, so shared code asks no game by name.

A game listed in :data:`ROLL_GAMES` keys plans on the member's own next roll (Ur: "if I roll 2: C4 → C2"), which
holds whatever the opponent plays; one listed in :data:`TURN_GAMES`, whose turn is several decisions, on the
opponent's whole public turn, answered with a whole turn (Ultima-Tek, :mod:`bot.app.plans.turns`); every other
game keys them on the opponents' replies, as lichess does; one listed in :data:`ANY_REPLY` may also leave a move
for any reply, stopped when the reply changes what it does (as a roll plan is when the opponent took or blocked
what it names). A roll game may have a phase without dice (Ur's Variante 3 places its pawns first): its plans are
keyed on the reply there (:attr:`RollPlans.replies`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bot.app.orders.base import Order
from bot.app.plans import subulata, ultimatek, ur
from bot.app.plans.model import Keyed
from bot.app.plans.turns import Until
from games import subulata as subulata_rules
from games import ultimatek as ultimatek_rules
from games import ur as ur_rules
from games.base import GameInfo, GameState, Seat


@dataclass(frozen=True, slots=True)
class RollPlans:
    """How a game's roll plans read the board: its rolls, the board with the member to play one, the log's
    text of a roll, and the turns a plan reaches in the position's rule set; ``replies``: whether a position is
    in a phase without dice, where plans are keyed on the opponent's reply instead (Variante 3's placement)."""

    rolls: Callable[[GameState], tuple[int, ...]]
    at_roll: Callable[[GameState, Seat, int], GameState | None]
    condition: Callable[[GameState, int], str]
    depth: Callable[[GameState], int]
    replies: Callable[[GameState], bool] | None = None


ROLL_GAMES: Mapping[str, RollPlans] = MappingProxyType(
    {ur_rules.INFO.id: RollPlans(ur.rolls, ur.at_roll, ur.condition, ur.depth, ur.placing)}
)
"""The games whose plans are keyed on the member's own next roll."""


Changes = Callable[[GameInfo, list[str], GameState, Seat, list[str]], bool]
"""Whether the opponent's decisions (public notation) change what a plan for "whatever they play" does: the game,
those decisions, the position with the member to act, their seat, the planned decisions of their turn. True stops
the plan (the auto-stop of a plan for any reply)."""


@dataclass(frozen=True, slots=True)
class TurnPlans:
    """How a game's turn plans read the opponent's turn: whether it changes what a plan for any turn does; and,
    when a plan may name a second turn, where that turn stops (``until``: what the member's own draw between
    the two turns decides) and the standing order that plays the rest of it when the member keeps it."""

    changes: Changes
    until: Until | None = None
    second_order: Order | None = None


TURN_GAMES: Mapping[str, TurnPlans] = MappingProxyType(
    {ultimatek_rules.INFO.id: TurnPlans(ultimatek.changes, ultimatek.bonus_phase, ultimatek.END_BONUS_PHASE)}
)
"""The games whose plans are keyed on the opponent's whole turn and play a whole turn."""


@dataclass(frozen=True, slots=True)
class AnyReply:
    """A game's plans for any reply: the auto-stop, the words of the condition (a text key), the reason kept
    when the auto-stop drops a plan (its word is ``plan.dropped.<stopped>``), and ``passed``: the board the
    member's answers to any reply are listed on, the reply passed over (None: after the first reply, where the
    member's moves hardly depend on which reply it was; in Variante 3 a placement takes a square the member may
    want); ``depth``: the member's turns a plan reaches (the form's second page offers the third and the fourth,
    each for any reply); ``points``: the judge's stop in an unrated match (:mod:`bot.app.plans.judged`: the plan
    also stops when, after the reply, a legal move of the member's is judged more than this many points of winning
    chance above the planned one; None: none)."""

    changes: Changes
    words: str = "plan.any_reply"
    stopped: str = "stopped"
    passed: Callable[[GameState, Seat], GameState | None] | None = None
    depth: int = 2
    points: float | None = None


ANY_REPLY: Mapping[str, AnyReply] = MappingProxyType(
    {
        subulata_rules.INFO.id: AnyReply(subulata.changes, points=subulata.JUDGED_POINTS),
        ur_rules.INFO.id: AnyReply(ur.changes, "plan.any_place", "contested", ur.passed, ur.PLACEMENTS_AHEAD),
    }
)
"""The games whose reply plans may also name a move for any reply, each with its auto-stop (in Ur, the reply
plans of Variante 3's placement)."""


def any_stop(game_id: str) -> Changes | None:
    """The auto-stop of ``game_id``'s plans for any reply or turn, or None when it has no such plans."""
    turn = TURN_GAMES.get(game_id)
    if turn is not None:
        return turn.changes
    reply = ANY_REPLY.get(game_id)
    return reply.changes if reply is not None else None


def stop_reason(game_id: str) -> str:
    """The reason kept when the auto-stop of ``game_id``'s plans for any reply drops one."""
    reply = ANY_REPLY.get(game_id)
    return reply.stopped if reply is not None else "stopped"


def judged_points(game_id: str) -> float | None:
    """The bound of the judge's stop of ``game_id``'s plans for any reply in an unrated match, or None."""
    reply = ANY_REPLY.get(game_id)
    return reply.points if reply is not None else None


def any_words(game_id: str | None) -> str:
    """The text key of the condition "any reply" in ``game_id``'s plans."""
    reply = ANY_REPLY.get(game_id or "")
    return reply.words if reply is not None else "plan.any_reply"


def reply_depth(game_id: str) -> int:
    """The member's turns a reply plan of ``game_id`` reaches (two, or the game's own)."""
    reply = ANY_REPLY.get(game_id)
    return reply.depth if reply is not None else 2


def keyed(game_id: str, state: GameState | None = None) -> Keyed:
    """What plans of ``game_id`` are keyed on (in ``state``, when the game's plans change with its phase)."""
    rolls = ROLL_GAMES.get(game_id)
    if rolls is not None:
        return "reply" if state is not None and rolls.replies is not None and rolls.replies(state) else "roll"
    return "turn" if game_id in TURN_GAMES else "reply"
