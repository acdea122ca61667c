"""The judge's suggestions a plan is pre-filled with in unrated matches (a rated match's plan starts blank).

Each suggestion is the legal move after which the judge (:mod:`games.ai.odds`) gives the mover the best winning
chance, judged from what the member may know: a game's secrets are dealt again from the member's side first, so
a suggestion tells them nothing they cannot see.
"""

from __future__ import annotations

import random

from bot.app.plans.judged import steady
from bot.app.plans.kinds import ANY_REPLY, ROLL_GAMES, RollPlans, keyed, reply_depth
from bot.app.plans.model import Branch
from bot.app.plans.turns import ANY
from games.ai import odds
from games.base import GameError, GameInfo, GameState, Seat

SAMPLES = 4
"""Deals of the hidden information each judgement averages, in a game with secrets."""


def best_move(game: GameInfo, state: GameState, mover: Seat, rng: random.Random) -> str | None:
    """The judge's choice for ``mover`` in ``state`` (its notation), or None when ``mover`` has no choice there."""
    if state.is_chance() or state.outcome() is not None or mover not in state.actors():
        return None
    moves = [m for m in state.legal_moves(mover) if state.mover(m) == mover]
    if not moves:
        return None
    chances = [odds.win_chances_for(game, state.apply(m), mover, rng, SAMPLES)[mover] for m in moves]
    return state.format_move(moves[max(range(len(moves)), key=chances.__getitem__)])


def roll_depth(game: GameInfo, state: GameState) -> int:
    """Turns of the member's a roll plan reaches from ``state``: as deep as the game's rule set allows within the
    plan's bound (:class:`~bot.app.plans.kinds.RollPlans`, in Ur :func:`bot.app.plans.ur.depth`: four in Variante 1
    and 2, three elsewhere). A roll plan holds whatever the opponent plays, and the opponent, at the board when it
    plays, plays the whole plan out in one sitting: each turn more is one ping less."""
    return ROLL_GAMES[game.id].depth(state)


def suggested(
    game: GameInfo, known: GameState, seat: Seat, rng: random.Random, depth: int | None = None
) -> tuple[Branch, ...]:
    """A plan's branches as the judge would leave them from ``known`` (the position as the member knows it),
    ``depth`` turns of the member's deep (the form's whole offer when None: :func:`roll_depth`, or
    :func:`~bot.app.plans.kinds.reply_depth`: two turns, left at once because a plan offered only once the first
    has played comes too late in a two-player game, the opponent being at the board then; Variante 3's
    placements four): in a roll game, its move for each roll, and under each the moves of the turn after for each
    roll, and so on; elsewhere its guess of the reply and its answer, then of the next reply and its answer (where
    the game has plans for any reply, the answers are left for the guessed reply and for any reply, then for any
    next reply, and so on: :func:`with_any`)."""
    rolls = ROLL_GAMES.get(game.id)
    if rolls is not None and keyed(game.id, known) == "roll":
        return _by_roll(game, rolls, known, seat, rng, rolls.depth(known) if depth is None else depth)
    found = _by_reply(game, known, seat, rng, reply_depth(game.id) if depth is None else depth)
    reply = ANY_REPLY.get(game.id)
    if reply is None:
        return found
    points = reply.points
    return with_any(found, () if points is None else _steady_line(game, known, seat, found, points, rng))


def with_any(branches: tuple[Branch, ...], steady_line: tuple[str, ...] = ()) -> tuple[Branch, ...]:
    """A reply plan of one guessed reply a level with an answer for any reply too: a guessed reply is rarely the
    one made. Two lines, each as the form keeps them (a reply, an answer, one reply after it and its answer): the
    guessed reply and any reply, each followed by any next reply; the auto-stop reads each again against the reply
    really made. The line for any reply answers with ``steady_line`` where given (the move that stays near the best
    whatever the reply, :func:`bot.app.plans.judged.steady`, one per turn), else with the guessed line's."""
    if not branches or any(b.when == ANY for b in branches):
        return branches
    first = branches[0]
    deeper = _any_chain(first)
    if not steady_line:
        return (Branch(first.when, first.play, deeper), Branch(ANY, first.play, deeper))
    steady_chain: tuple[Branch, ...] = ()
    for move in reversed(steady_line[1:]):
        steady_chain = (Branch(ANY, move, steady_chain),)
    return (Branch(first.when, first.play, deeper), Branch(ANY, steady_line[0], steady_chain))


def _steady_line(
    game: GameInfo, known: GameState, seat: Seat, found: tuple[Branch, ...], points: float, rng: random.Random
) -> tuple[str, ...]:
    """The member's answers for any reply, one per turn of the guessed line ``found``: at each turn the move the
    judge keeps within ``points`` of the best after the most replies; the next turn is reached by the judge's
    guessed reply and that move (the guess made again after it). Shorter where no move is found or the line
    cannot be played on."""
    turns = 0
    branches = found
    while branches:
        turns, branches = turns + 1, branches[0].then
    line: list[str] = []
    position = known
    reply = found[0].when if found else None
    seed = f"steady:{rng.getrandbits(32)}"
    while reply is not None and len(line) < turns:
        move = steady(game, position, seat, points, seed)
        if move is None:
            break
        line.append(move)
        try:
            guessed = position.apply(position.parse_move(reply))
            position = guessed.apply(guessed.parse_move(move, seat))
        except GameError:
            break
        others = [s for s in position.actors() if s != seat]
        if len(line) == turns or position.outcome() is not None or len(others) != 1:
            break
        reply = best_move(game, position, others[0], rng)
    return tuple(line)


def _any_chain(branch: Branch) -> tuple[Branch, ...]:
    """The answers under ``branch``'s guessed line, each for any reply."""
    return tuple(Branch(ANY, b.play, _any_chain(b)) for b in branch.then[:1])


def _by_roll(
    game: GameInfo, rolls: RollPlans, position: GameState, seat: Seat, rng: random.Random, depth: int
) -> tuple[Branch, ...]:
    """The judge's move for each roll from ``position`` (the opponent's turn passed over). A roll with one move
    plays itself and is kept only for the turn after it."""
    found = []
    for value in rolls.rolls(position):
        ahead = rolls.at_roll(position, seat, value)
        move = None if ahead is None else best_move(game, ahead, seat, rng)
        if move is None or ahead is None:
            continue
        then: tuple[Branch, ...] = ()
        if depth > 1:
            after = ahead.apply(ahead.parse_move(move, seat))
            if after.outcome() is None:
                then = _by_roll(game, rolls, after, seat, rng, depth - 1)
        if len(ahead.legal_moves(seat)) > 1 or then:
            found.append(Branch(rolls.condition(position, value), move, then))
    return tuple(found)


def _by_reply(game: GameInfo, known: GameState, seat: Seat, rng: random.Random, depth: int) -> tuple[Branch, ...]:
    """The judge's guess of the one opponent's reply and its answer to it, ``depth`` times in a row."""
    others = [s for s in known.actors() if s != seat]
    if depth < 1 or known.is_chance() or len(others) != 1:
        return ()
    reply = best_move(game, known, others[0], rng)
    if reply is None:
        return ()
    after = known.apply(known.parse_move(reply))
    answer = best_move(game, after, seat, rng)
    if answer is None:
        return ()
    then = after.apply(after.parse_move(answer, seat))
    deeper = () if then.outcome() is not None else _by_reply(game, then, seat, rng, depth - 1)
    return (Branch(reply, answer, deeper),)
