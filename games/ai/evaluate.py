"""Heuristic evaluations of full states, from one seat's point of view.

Each returns a number in about [-1, 1] for two-player games (positive: good for ``seat``), which the
searches use at their horizon. The weights were tuned by duels (``python -m games.ai duel``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.ai.tek import race as tek_race
from games.base import GameState, Seat
from games.subulata import state as sub
from games.ultimatek import state as tek
from games.ultimatek.field import HEXES as TEK_HEXES
from games.ultimatek.model import GOAL as TEK_GOAL
from games.ur import loop, motifs, race, towers
from games.ursuppe import genes as soup_genes
from games.ursuppe import state as soup


def terminal_value(state: GameState, seat: Seat) -> float | None:
    """1 for a win of ``seat``, -1 for a loss, 0 for a draw; None while the game goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    if not outcome.winners:
        return 0.0
    return 1.0 if seat in outcome.winners else -1.0


def _path_race(state: Any, seat: Seat) -> float:
    """Race and loop: progress along the path, pieces off, and pieces exposed to a hit."""
    off = state.OFF
    total = 0.0
    for s, sign in ((seat, 1.0), (1 - seat, -1.0)):
        pieces = state.pieces[s]
        progress = sum(pieces) / (len(pieces) * off)
        done = pieces.count(off) / len(pieces)
        total += sign * (progress + 0.15 * done)
    if isinstance(state, race.State):
        # A piece of one seat on a shared, unsafe square within reach (1..3) of an opposing piece behind it.
        for s, sign in ((seat, -1.0), (1 - seat, 1.0)):
            theirs = [p for p in state.pieces[1 - s] if 0 < p < off]
            for p in state.pieces[s]:
                if (
                    p in race.SHARED
                    and p not in race.SAFE
                    and any(0 < p - q <= 3 for q in theirs if q in race.SHARED or q < p)
                ):
                    total += sign * 0.04 * p / off
        for s, sign in ((seat, 1.0), (1 - seat, -1.0)):
            total += sign * 0.02 * sum(1 for p in state.pieces[s] if p in race.SAFE and p in race.SHARED)
    return total


LOOP_TURNS: Final = (
    0.0, 1.48, 1.96, 2.44, 2.93, 3.41, 3.86, 4.36, 4.88, 5.37, 5.86, 6.33,
    6.82, 7.31, 7.78, 8.31, 8.77, 9.24, 9.74, 10.25, 11.36, 13.44,
)  # fmt: skip
"""Variante 1: the turns a piece at each path position (0 = reserve .. 21 = off) has saved its side."""
LOOP_MOBILITY: Final = (0.0, 1.36, 2.11, 2.77, 3.40, 4.00, 4.59, 5.15)
"""Variante 1: the turns saved by having 0..7 pieces on path positions 1..19, where a throw of 1 can move
them (with none there, a 1 is lost).

Both tables are one least-squares fit (R² 0.9998, error 0.13 turn) to the exact expected number of turns
a lone player needs to take all seven pieces off, from each of the 1,184,040 positions of one side, under
optimal play (``bench/bench_ur_v1.py`` computes them). Entering is worth about three steps, not one: the
4s and 5s that enter are scarce and a 1 is lost without a piece on the board. Without the mobility term a
one-move lookahead wins 48 % against ``random``; with it 65.5 %; with the exact values 67.4 %."""


def _loop(state: loop.State, seat: Seat) -> float:
    """Variante 1: the race in turns saved (:data:`LOOP_TURNS`, :data:`LOOP_MOBILITY`), one side against
    the other."""

    def saved(pieces: tuple[int, ...]) -> float:
        movable = sum(1 for p in pieces if 0 < p < loop.ARRIVAL)
        return sum(LOOP_TURNS[p] for p in pieces) + LOOP_MOBILITY[movable]

    return (saved(state.pieces[seat]) - saved(state.pieces[1 - seat])) / (loop.PIECES * LOOP_TURNS[-1])


def _towers(state: towers.State, seat: Seat) -> float:
    """Ravensburger: tokens held prisoner or removed on each side, and progress of free tokens."""
    captive = [0.0, 0.0]
    progress = [0.0, 0.0]
    for sq, stack in zip(towers.SQUARES, state.board, strict=True):
        if not stack:
            continue
        top = stack[-1].owner
        for token in stack[:-1]:
            if token.owner != top:
                captive[token.owner] += 1
        pos = towers.POSITIONS[top].get(sq)
        if pos is not None:
            progress[top] += pos / 14 + (0.3 if stack[-1].red else 0.0)
        else:
            captive[top] += 0.5
        progress[top] += 0.1 * sum(1 for t in stack[:-1] if t.owner != top)
    for s in (0, 1):
        captive[s] += state.removed[s] * 1.2
    mine, theirs = seat, 1 - seat
    return (captive[theirs] - captive[mine]) / 10 + (progress[mine] - progress[theirs]) / 40


MOTIF_STEPS: Final = (0.0, 1.0, 2.0, 3.2, 4.5)
"""Variante 3: what 0..4 pawns on one live motif are worth (each pawn nearer the goal counts more)."""
MOTIF_BLOCKED: Final = (1.0, 0.6, 0.0, 0.0, 0.0, 0.0)
"""Variante 3: what is left of a motif's worth with 0..5 of the other side's pawns on it: one leaves no
square to spare (the next blocks it), two kill it."""


_GROUP_OF: Final = {sq: i for i, group in enumerate(motifs.GROUPS.values()) for sq in group}
"""Variante 3: the motif (by its place in ``motifs.GROUPS``) each square of a goal motif lies on."""


def _motifs(state: motifs.State, seat: Seat) -> float:
    """Variante 3: how close each side's pawns are to a goal (four on one motif and one on a single).

    A motif on which the other side holds two squares is dead (only three of its five are left), and one
    with one of theirs has no square to spare, so a side's best motif is its best live one: a pawn put on
    a motif the other side builds blocks it, which a count of one's own pawns alone never saw (a side
    that placed on one motif first won in 17 of 30 matches against the strong AI)."""

    # Each side's pawns on each motif, counted once (a square lies on one motif at most).
    on_group = [[0] * len(motifs.GROUPS), [0] * len(motifs.GROUPS)]
    for s in (0, 1):
        for sq, _ in state.pawns[s]:
            group = _GROUP_OF.get(sq)
            if group is not None:
                on_group[s][group] += 1

    def closeness(s: Seat) -> float:
        singles = min(1, sum(sq in motifs.SINGLES for sq, _ in state.pawns[s]))
        best = max(
            (
                MOTIF_STEPS[min(4, own)] * MOTIF_BLOCKED[theirs]
                for own, theirs in zip(on_group[s], on_group[1 - s], strict=True)
            ),
            default=0.0,
        )
        movable = sum(1 for _, face in state.pawns[s] if face == state.movable[s])
        return best + singles + 0.1 * movable

    return (closeness(seat) - closeness(1 - seat)) / 7


def _ur(state: GameState, seat: Seat) -> float:
    if isinstance(state, loop.State):
        return _loop(state, seat)
    if isinstance(state, race.State):
        return _path_race(state, seat)
    if isinstance(state, towers.State):
        return _towers(state, seat)
    assert isinstance(state, motifs.State)
    return _motifs(state, seat)


def _subulata(state: GameState, seat: Seat) -> float:
    """Subulata: the score each side would have, counting pieces still on the way by how far they are."""
    assert isinstance(state, sub.State)

    def expected(s: Seat) -> float:
        arrival = sub.ARRIVAL_TILE[s]
        total = float(len(state.lost[1 - s]))
        for cell, value in state.pieces[s]:
            if sub.tile_position(cell) == arrival:
                total += value
            else:
                x, y = cell % sub.SIZE, cell // sub.SIZE
                near = (x + y) / 16 if s == 0 else (16 - x - y) / 16
                total += value * 0.5 * near
        return total

    return (expected(seat) - expected(1 - seat)) / 30


def _ultimatek(state: GameState, seat: Seat) -> float:
    """Ultima-Tek: points first, then who needs fewer credits to score next (:func:`games.ai.tek.race`),
    then the lie of the field (:func:`_tek_field`) to tell apart plans of equal length."""
    assert isinstance(state, tek.State)
    value = 0.5 * (state.score[seat] - state.score[1 - seat]) + 0.4 * tek_race(state, seat)
    return max(-1.0, min(1.0, value + 0.1 * _tek_field(state, seat)))


def _tek_field(state: tek.State, seat: Seat) -> float:
    """Ultima-Tek: points first; then who controls the disc and how far it stands towards that side's
    scoring column, and the pieces waiting in the scoring column to receive it."""
    value = 0.5 * (state.score[seat] - state.score[1 - seat])
    threat = [0.0, 0.0]
    if state.disc >= 0:
        column = TEK_HEXES[state.disc].column
        here = {p.side: p for p in state.pieces if p.hex == state.disc}
        for side in (0, 1):
            progress = column / 8 if side == 0 else (8 - column) / 8
            if column == TEK_GOAL[side]:
                progress = 0.4  # a disc lying in the scoring column can no longer be thrown there to score
            mine, rival = here.get(side), here.get(1 - side)
            if mine is not None and not mine.blocked and (rival is None or rival.power <= mine.strength):
                threat[side] = progress
            elif mine is not None and not mine.blocked:
                threat[side] = 0.5 * progress
    receivers = [0, 0]
    for p in state.pieces:
        if not p.blocked and TEK_HEXES[p.hex].column == TEK_GOAL[p.side]:
            receivers[p.side] += 1
    advance = [0.0, 0.0]
    reach = [0.0, 0.0]
    if state.disc >= 0:
        disc = TEK_HEXES[state.disc]
        for side in (0, 1):
            near = min(
                (
                    max(abs(TEK_HEXES[p.hex].column - disc.column), abs(TEK_HEXES[p.hex].row - disc.row))
                    for p in state.pieces
                    if p.side == side and not p.blocked
                ),
                default=9,
            )
            reach[side] = max(0, 3 - near) / 3
    for p in state.pieces:
        column = TEK_HEXES[p.hex].column
        advance[p.side] += (column if p.side == 0 else 8 - column) / 80
    value += 0.05 * (advance[seat] - advance[1 - seat]) + 0.04 * (reach[seat] - reach[1 - seat])
    value += 0.3 * (threat[seat] ** 2 - threat[1 - seat] ** 2)
    value += 0.1 * (threat[seat] - threat[1 - seat])
    value += 0.06 * (min(2, receivers[seat]) - min(2, receivers[1 - seat]))
    return max(-1.0, min(1.0, value))


def ursuppe_score(state: soup.State, seat: Seat) -> float:
    """Ursuppe, for one seat: score track first, then what earns points later (amoebas, genes, BP)."""
    amoebas = sum(1 for a in state.amoebas if a[0] == seat)
    damage = sum(a[3] for a in state.amoebas if a[0] == seat)
    genes = len(state.genes[seat])
    cards = sum(soup_genes.scoring_cards(g) for g, _ in state.genes[seat])
    return state.scores[seat] + 1.2 * amoebas - 0.4 * damage + 0.6 * genes + 0.3 * cards + 0.08 * state.bp[seat]


def _ursuppe(state: GameState, seat: Seat) -> float:
    """Ursuppe: this seat's standing against the best of the others (scaled to about [-1, 1])."""
    assert isinstance(state, soup.State)
    mine = ursuppe_score(state, seat)
    best_other = max(ursuppe_score(state, s) for s in range(state.players) if s != seat)
    return max(-1.0, min(1.0, (mine - best_other) / 20))


EVALUATE: dict[str, Callable[[GameState, Seat], float]] = {
    "ur": _ur,
    "subulata": _subulata,
    "ultimatek": _ultimatek,
    "ursuppe": _ursuppe,
}
"""Per game id: ``evaluate(state, seat)``."""


def _ultimatek_easy(state: GameState, seat: Seat) -> float:
    assert isinstance(state, tek.State)
    return _tek_field(state, seat)


EASY_EVALUATE: dict[str, Callable[[GameState, Seat], float]] = {"ultimatek": _ultimatek_easy}
"""Per game id, where ``easy`` judges with less than the searches do: in Ultima-Tek it does not price the
chain to the next point, which keeps it a beginner and about 60 times cheaper per move."""
