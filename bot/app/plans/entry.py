"""A plan checked when its member leaves it: every move legal and the member's own, as far as they can know.

Refusals are :class:`bot.app.matches.MatchError` keys (``plan_*``), raised before anything is stored. A reply plan
is checked on ``known``: the position as the member may know it (the real one in a game without secrets; one
with what they cannot see dealt again otherwise), so a refusal tells them nothing they could not see.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.matches import MatchError
from bot.app.plans import turns
from bot.app.plans.kinds import ANY_REPLY, ROLL_GAMES, TURN_GAMES, RollPlans
from bot.app.plans.model import Branch, Plan, check_bounds, walk
from games.base import GameError, GameInfo, GameState, Seat


def check_plan(game: GameInfo, known: GameState, seat: Seat, plan: Plan, wild: GameState | None = None) -> Plan:
    """``plan`` with every move and condition in the game's canonical notation, once checked from ``known``
    (the position now, the member's seat not to act).

    Raises:
        MatchError: ``plan_over`` (the game is over), ``plan_your_turn`` (play your move first), from
            :func:`~bot.app.plans.model.check_bounds`, ``plan_roll`` (a roll the dice cannot give, or a turn
            after one that ends the game), ``plan_reply`` (a reply the opponents cannot make), ``plan_move`` (a move
            that is not legal there, or not the member's), ``plan_past_chance`` (a reply followed by a draw).
    """
    if known.outcome() is not None:
        raise MatchError("plan_over")
    if seat in known.actors() and not known.is_chance():
        raise MatchError("plan_your_turn")
    check_bounds(plan)
    if plan.keyed == "turn":
        kind = TURN_GAMES.get(game.id)
        until = kind.until if kind is not None else None
        seed = turns.second_seed(plan.base, seat)
        checked = tuple(
            turns.check_turn(game, known, seat, b, turns.check_rng(plan.base, seat), wild, until, seed)
            for b in plan.branches
        )
        return Plan(seat, plan.base, "turn", checked)
    rolls = ROLL_GAMES.get(game.id)
    if plan.keyed == "roll":
        if rolls is None:
            raise MatchError("plan_roll", roll="?")
        return Plan(seat, plan.base, "roll", _roll_level(rolls, known, seat, plan.branches))
    if game.id not in ANY_REPLY and any(b.when == turns.ANY for b in walk(plan.branches)):
        raise MatchError("plan_reply", reply=turns.ANY)
    return Plan(seat, plan.base, "reply", _reply_level(known, seat, plan.branches))


def _roll_level(rolls: RollPlans, position: GameState, seat: Seat, branches: Sequence[Branch]) -> tuple[Branch, ...]:
    """One level of a roll plan checked from ``position``: each roll as if the opponent's turn had passed over
    the board, and each branch's turn after from the board its move leaves. A move names its piece by its square,
    so a turn after is read against the real board when it comes (an opponent's capture or block stops it)."""
    return tuple(_roll_branch(rolls, position, seat, b) for b in branches)


def _roll_branch(rolls: RollPlans, position: GameState, seat: Seat, branch: Branch) -> Branch:
    value = branch.when.split(":", 1)[-1]
    if not value.isdigit() or int(value) not in rolls.rolls(position):
        raise MatchError("plan_roll", roll=value)
    ahead = rolls.at_roll(position, seat, int(value))
    if ahead is None:
        raise MatchError("plan_roll", roll=value)
    play = _own_move(ahead, seat, branch.play)
    then: tuple[Branch, ...] = ()
    if branch.then:
        after = ahead.apply(ahead.parse_move(play, seat))
        if after.outcome() is not None:
            raise MatchError("plan_roll", roll=branch.then[0].when.split(":", 1)[-1])
        then = _roll_level(rolls, after, seat, branch.then)
    return Branch(rolls.condition(position, int(value)), play, then)


def _reply_level(position: GameState, seat: Seat, branches: Sequence[Branch]) -> tuple[Branch, ...]:
    """One level of a reply plan checked from ``position`` (the others to act)."""
    checked = []
    for branch in branches:
        if branch.when == turns.ANY:
            checked.append(_any_reply(position, seat, branch))
            continue
        state = position
        replies = []
        for text in (part.strip() for part in branch.when.split(";")):
            if state.is_chance() or state.outcome() is not None or seat in state.actors():
                raise MatchError("plan_reply", reply=text)
            try:
                move = state.parse_move(text)
            except GameError:
                raise MatchError("plan_reply", reply=text) from None
            if state.mover(move) == seat:
                raise MatchError("plan_reply", reply=text)
            replies.append(state.format_move(move))
            state = state.apply(move)
        if state.is_chance():
            raise MatchError("plan_past_chance", reply=branch.when)
        play = _own_move(state, seat, branch.play)
        after = state.apply(state.parse_move(play, seat))
        then: tuple[Branch, ...] = ()
        if branch.then:
            if after.is_chance():
                raise MatchError("plan_past_chance", reply=play)
            then = _reply_level(after, seat, branch.then)
        checked.append(Branch("; ".join(replies), play, then))
    return tuple(checked)


def _any_reply(position: GameState, seat: Seat, branch: Branch) -> Branch:
    """A branch for any reply (a game of :data:`~bot.app.plans.kinds.ANY_REPLY`), checked after the first reply
    in the rules' order after which its move is legal (one the plan does not name), its turns after from there:
    the move must be the member's after some reply, and its auto-stop reads it again against the reply really
    made."""
    if position.is_chance() or len(position.actors()) != 1:
        raise MatchError("plan_reply", reply=turns.ANY)
    (mover,) = position.actors()
    # A reply written as a move the plan names further on is passed over (in Variante 3 a placement on a square
    # the plan places on later would make that placement look illegal).
    named = {b.play for b in walk((branch,))}
    for reply in position.legal_moves(mover):
        if position.format_move(reply) in named:
            continue
        state = position.apply(reply)
        if state.is_chance() or state.outcome() is not None or seat not in state.actors():
            continue
        try:
            play = _own_move(state, seat, branch.play)
        except MatchError:
            continue
        after = state.apply(state.parse_move(play, seat))
        if branch.then and after.is_chance():
            raise MatchError("plan_past_chance", reply=play)
        return Branch(turns.ANY, play, _reply_level(after, seat, branch.then) if branch.then else ())
    raise MatchError("plan_move", move=branch.play)


def _own_move(state: GameState, seat: Seat, text: str) -> str:
    """``text`` as the canonical notation of a legal move of ``seat`` in ``state``."""
    if state.outcome() is not None or seat not in state.actors():
        raise MatchError("plan_move", move=text)
    return state.format_move(turns.own_move(state, seat, text))
