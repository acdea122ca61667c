"""Subulata's judge: a logistic regression on the race home and the values at stake, fitted to self-play.

Subulata ends as soon as one side has every piece it still has on its arrival tile, and only pieces at home
score (plus one per capture). So the judge weighs, for each seat, its values already home, its captures,
the values still on the way, the moves they need to get home (the fewest forward moves on this layout,
other pieces ignored, :func:`moves_home`), and a projection of the final score: whoever finishes first
brings everything home while the other keeps only what is home, weighted by a soft chance of finishing
first from the race (the seat to move a half move ahead). No weight for being White: over 2,012 matches
of the quick levels White's share was 51.6 %, and a fitted one only learnt its sample's luck (55 % in 127
matches; 48.5 % in the bench's 100). In the benched mix a sample's White share follows its draw of levels
(the stronger level wins 92–96 % of unequal matches); among equal levels White won 54.4 % of 352 matches,
and a weight fitted to 250 matches (+0.22) read White too high on 700 fresh ones. So its self-play (fit,
map and bench) plays every drawn pair of levels in both colours (``both_colours``); refitted so on 300
matches, White weighed +0.09, and on 700 fresh paired matches that weight still read White high near even
(White won 49.6 % of them) and the log-odds scale was 1.14: the 127-match fit stays. It is judged before
every move (each move is a turn) from the full state, values included; a seat's own knowledge is judged by
dealing the values it cannot see again (:func:`games.ai.judge.win_chances_for`).

Before play (the layout draw and the set-ups) nothing is looked ahead: the pieces are weighed on their
start tiles at the mean value, so the chart starts from the side to begin and the layout's race alone.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from games.ai.judge.linear import LinearJudge
from games.base import GameState, Seat
from games.subulata import state as sub
from games.subulata.tiles import DISTANCE

NAMES: Final = ("to_move", "home", "captures", "away", "race", "value_race", "first", "projected", "late")
MEAN_VALUE: Final = sum(sub.VALUES) / len(sub.VALUES)
"""The value a piece is counted at before its seat has set up."""
FAR: Final = 12
"""The moves home counted for a piece at most (one that cannot get home by moving forward)."""


def moment(state: GameState) -> bool:
    """Subulata is judged before every move of play (each move is a turn)."""
    assert isinstance(state, sub.State)
    return state.turn is not None and state.outcome() is None


@lru_cache(maxsize=64)
def moves_home(terrain: str, seat: Seat) -> tuple[int, ...]:
    """Per cell: the fewest forward moves a piece of ``seat`` needs from there to its arrival tile on the
    layout ``terrain`` (other pieces ignored; :data:`FAR` when forward moves never get there)."""
    arrival = sub.ARRIVAL_TILE[seat]
    distance = [FAR] * sub.CELLS
    # A forward move raises (White) or lowers (Black) column + row: settle the cells nearest home first.
    order = sorted(range(sub.CELLS), key=lambda c: c % sub.SIZE + c // sub.SIZE, reverse=seat == 0)
    for cell in order:
        if sub.tile_position(cell) == arrival:
            distance[cell] = 0
            continue
        step = DISTANCE[terrain[cell]]
        x, y = cell % sub.SIZE, cell // sub.SIZE
        for dx, dy in sub.FORWARD[seat]:
            tx, ty = x + dx * step, y + dy * step
            if 0 <= tx < sub.SIZE and 0 <= ty < sub.SIZE:
                distance[cell] = min(distance[cell], distance[ty * sub.SIZE + tx] + 1)
    return tuple(distance)


def _pieces(state: sub.State, seat: Seat) -> tuple[tuple[int, float], ...]:
    """The seat's pieces, or before its set-up its start tile at the mean value."""
    if state.turn is None and len(state.pieces[seat]) < len(sub.VALUES):
        return tuple((cell, MEAN_VALUE) for cell in sub.SETUP_CELLS[seat])
    return tuple((cell, float(value)) for cell, value in state.pieces[seat])


def _standing(state: sub.State, seat: Seat) -> tuple[float, float, float, float, float]:
    """(values home, captures, values on the way, moves home, value × moves home) of ``seat``."""
    distance = moves_home(state.terrain, seat)
    home = away = race = value_race = 0.0
    for cell, value in _pieces(state, seat):
        if sub.tile_position(cell) == sub.ARRIVAL_TILE[seat]:
            home += value
        else:
            away += value
            race += distance[cell]
            value_race += value * distance[cell]
    return home, float(len(state.lost[1 - seat])), away, race, value_race


def features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """The features of ``seat`` (see the module docstring; those that compare both sides are antisymmetric
    halves, so the two seats' difference is the whole comparison)."""
    assert isinstance(state, sub.State)
    if state.layout is None:
        return (0.0,) * len(NAMES)
    home, captures, away, race, value_race = _standing(state, seat)
    o_home, o_captures, o_away, o_race, _ = _standing(state, 1 - seat)
    to_move = state.turn == seat
    mine = race - (0.5 if to_move else 0.0)
    theirs = o_race - (0.5 if state.turn == 1 - seat else 0.0)
    first = 1.0 / (1.0 + math.exp(-(theirs - mine) / 2))
    projected = first * (home + away + captures - o_home - o_captures) + (1 - first) * (
        home + captures - o_home - o_away - o_captures
    )
    left = min(1.0, (race + o_race) / 40)
    return (
        1.0 if to_move else 0.0,
        home / 10,
        captures / 3,
        away / 10,
        race / 10,
        value_race / 50,
        first - 0.5,
        projected / 20,
        projected / 20 * (1 - left),
    )


JUDGE: Final = LinearJudge("subulata", "subulata", NAMES, features, moment, lookahead=0, ridge=2e-3, both_colours=True)
"""Subulata's judge (the baseline until ``data/judge/subulata.json`` ships)."""
