"""The judge's suggestions a plan is pre-filled with in unrated matches (a rated match's plan starts blank).

Each suggestion is the legal move after which the judge (:mod:`games.ai.odds`) gives the mover the best winning
chance, judged from what the member may know: a game's secrets are dealt again from the member's side first, so
a suggestion tells them nothing they cannot see.
"""

from __future__ import annotations

import random

from bot.app.plans.kinds import ROLL_GAMES
from bot.app.plans.model import Branch
from games.ai import odds
from games.base import GameInfo, GameState, Seat

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


def suggested(game: GameInfo, known: GameState, seat: Seat, rng: random.Random) -> tuple[Branch, ...]:
    """A plan's branches as the judge would leave them from ``known`` (the position as the member knows it): in
    a roll game, its move for each roll; elsewhere its guess of the reply and its answer to it."""
    rolls = ROLL_GAMES.get(game.id)
    if rolls is not None:
        found = []
        for value in rolls.rolls(known):
            ahead = rolls.at_roll(known, seat, value)
            move = None if ahead is None else best_move(game, ahead, seat, rng)
            if move is not None and ahead is not None and len(ahead.legal_moves(seat)) > 1:
                found.append(Branch(rolls.condition(known, value), move))
        return tuple(found)
    others = [s for s in known.actors() if s != seat]
    if known.is_chance() or len(others) != 1:
        return ()
    reply = best_move(game, known, others[0], rng)
    if reply is None:
        return ()
    after = known.apply(known.parse_move(reply))
    answer = best_move(game, after, seat, rng)
    return () if answer is None else (Branch(reply, answer),)
