"""Roll plans in Ur, every rule set: the member's board as it stands, with their own next roll.

Reply plans in Variante 3 while the pawns are placed: no dice are thrown then, so a plan cannot key on a roll;
each placement answers the opponent's, and a plan keys on it as Subulata's do ("if bob places on B4 → I place on
C4"), or names a placement for any placement of theirs (:func:`changes`).

A goal is four pawns on one motif and the fifth on a single square, so a placement matters to the member through
the squares of its motif group (the rosettes, the eyes, the five dots, or the five single squares). A plan for
any placement ("wherever bob places, unless he takes my square, spoils its motif or nears a goal: my
placement") plays unless the opponent's placement took the planned square, landed on the planned square's motif
and left him two of its five squares (the member can no longer gather four there: the aim of the plan is gone),
brought him within two placements of a goal (while it can still be contested), or leaves him a placement from one
that the planned placement does not prevent (the member would want to block).
A first pawn of his on the motif stops nothing: four squares are left, and the plan's next placements take them
(stopping there, the rule the issue first sketched, stopped 25 of 72 plans over 20 matches and left 0.37 of
model A's answers; this one 74 of 209 over 60 and 0.24, ``bench/bench_calendar.py --game ur:v3 --model D
--unrated``).
"""

from __future__ import annotations

import dataclasses
from typing import Final

from bot.app.plans.model import MAX_ENTRIES
from games.base import GameError, GameInfo, GameState, Seat
from games.ur.board import BOARD
from games.ur.motifs import GROUPS, PAWNS, SINGLES, SQUARES, Place, State, goal_motif
from games.ur.turns import DiceTurns, Roll


def rolls(state: GameState) -> tuple[int, ...]:
    """The values the dice may give in ``state``'s rule set, in the rules' order."""
    if not isinstance(state, DiceTurns):
        return ()
    return tuple(value for value, _ in state.ROLL_ODDS)


def at_roll(state: GameState, seat: Seat, roll: int) -> GameState | None:
    """``state``'s board with ``seat`` to play ``roll`` (the opponent's turn passed over), or None when the game
    is not at a roll there (Variante 3's placement, a game over)."""
    if not isinstance(state, DiceTurns) or state.turn is None or state.outcome() is not None:
        return None
    ahead = dataclasses.replace(state, turn=seat, roll=roll)  # type: ignore[type-var]
    if ahead.is_chance() or seat not in ahead.actors():
        return None
    return ahead


def condition(state: GameState, roll: int) -> str:
    """The log's text of ``roll`` (``roll:2``): the condition of a roll plan's branch."""
    return state.format_move(Roll(roll))


DEEPEST: Final = 4
"""The most turns a roll plan reaches (the form pages to the fourth turn at most)."""


def depth(state: GameState) -> int:
    """The turns of the member's a roll plan reaches in ``state``'s rule set (the form's offer and the judge's
    suggestion): the deepest, up to :data:`DEEPEST`, whose fullest plan (a move for every roll that scores at
    every turn) keeps within :data:`~bot.app.plans.model.MAX_ENTRIES`. Variante 1 and 2 have three such rolls, so
    four turns hold at most 3 + 9 + 27 + 81 = 120 branches; Variante 3 has five (three turns: 155, four: 780) and
    Ravensburger six counted (a 6 never moves, but counting it errs on the safe side; three turns: 258), so
    three turns there."""
    scoring = sum(1 for value in rolls(state) if value > 0)
    turns, size = 1, scoring
    while turns < DEEPEST and size + scoring ** (turns + 1) <= MAX_ENTRIES:
        turns += 1
        size += scoring**turns
    return turns


PLACEMENTS_AHEAD: Final = 4
"""The member's placements a plan made at their first reaches: all the others (the second to the fifth), so one
answer places the whole set when bob does not contest it."""
SINGLE: Final = "single"
"""The group of the five single squares (a goal's fifth pawn stands on one of them)."""


def placing(state: GameState) -> bool:
    """Whether ``state`` is in Variante 3's placement phase: the plans made there are keyed on the reply."""
    return isinstance(state, State) and state.placing and state.turn is not None


def passed(state: GameState, seat: Seat) -> GameState | None:
    """The board ``seat``'s member lists their placements for any placement on: ``state`` with them to place,
    the opponent's placement passed over (every empty square stays on offer; the plan is checked after a real
    placement that leaves its square empty, and read again against the one made)."""
    if not placing(state) or not isinstance(state, State):
        return None
    return dataclasses.replace(state, turn=seat)


def group(square: str) -> str:
    """The motif group of ``square`` a goal counts: its motif, or :data:`SINGLE`."""
    return SINGLE if square in SINGLES else BOARD.motifs[square]


def goal_in_one(state: State, seat: Seat) -> bool:
    """Whether ``seat`` completes a goal with one more placement on an empty square of ``state``."""
    own = state.squares(seat)
    if len(own) != PAWNS - 1:
        return False
    return any(goal_motif((*own, square)) is not None for square in SQUARES if state.occupant(square) is None)


def placements_to_goal(own: set[str], empty: set[str]) -> int:
    """The fewest placements more that make a goal of the pawns on ``own`` with squares of ``empty`` (99: none
    can, with the pawns left to place)."""
    best = 99
    singles = sum(1 for square in own if square in SINGLES)
    for squares in GROUPS.values():
        have = sum(1 for square in own if square in squares)
        if singles > 1 or have + singles != len(own) or have > PAWNS - 1:
            continue
        need_motif, need_single = PAWNS - 1 - have, 1 - singles
        free_motif = sum(1 for square in squares if square in empty)
        free_single = sum(1 for square in SINGLES if square in empty)
        if free_motif >= need_motif and free_single >= need_single and len(own) + need_motif + need_single <= PAWNS:
            best = min(best, need_motif + need_single)
    return best


def spoiled(state: State, seat: Seat, kind: str) -> bool:
    """Whether ``seat``'s opponent holds two squares or more of the motif group ``kind`` in ``state``: four of its
    five squares can no longer be ``seat``'s (the single squares' group is never spoiled: a goal wants one)."""
    return kind != SINGLE and sum(1 for square in state.squares(1 - seat) if group(square) == kind) >= 2


def changes(game: GameInfo, theirs: list[str], state: GameState, seat: Seat, mine: list[str]) -> bool:
    """Whether the opponent's placements ``theirs`` change what the planned placement ``mine`` (one decision)
    does, the member now to place in ``state``: the square taken, its motif spoiled by a placement on it
    (:func:`spoiled`), the opponent a placement from a goal the planned one does not prevent, or brought by his
    placement within two of one (:func:`placements_to_goal`). Linear in the board."""
    if not isinstance(state, State) or len(mine) != 1 or state.turn != seat or not state.placing:
        return True
    try:
        move = state.parse_move(mine[0], seat)
    except GameError:
        return True  # the square is taken
    if not isinstance(move, Place) or state.format_move(move) != mine[0]:
        return True
    landed = {text.strip().lstrip("@").upper() for text in theirs}
    kind = group(move.square)
    if any(square in BOARD.motifs and group(square) == kind for square in landed) and spoiled(state, seat, kind):
        return True
    after = state.apply(move)
    if after.outcome() is not None:
        return False
    if goal_in_one(after, 1 - seat):
        return True
    # His placement brought him within two placements of a goal: the member may want to contest it while it can
    # be (four on one motif and any of five single squares left cannot be blocked).
    theirs_now = set(after.squares(1 - seat))
    empty = {square for square in SQUARES if after.occupant(square) is None}
    return placements_to_goal(theirs_now, empty) <= 2 < placements_to_goal(theirs_now - landed, empty | landed)
