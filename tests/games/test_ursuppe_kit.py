"""Position building for the Ursuppe rule tests (``tests/games/test_ursuppe*.py``), and its own checks.

:func:`position` writes a compact description as an Ursuppe state, sends it through its one-line text
(so ``from_text`` validates it) and runs the engine's automatic steps from the chosen step on: a test
starts at the first real decision of that step, exactly as a game would reach it.

Amoebas are written ``r1:b2`` (red amoeba 1 on b2) or ``y3:d4:1`` (yellow 3 on d4 with 1 damage);
colour letters r, y, g, b, p, o are seats 0..5. Squares: column a–e west to east, row 1–5 north to south.
Food is given per square as cube letters (``"rrgy"``); unnamed squares keep 2 cubes of each colour, or
none with ``empty=True``.
"""

from __future__ import annotations

from typing import Any

from games.ursuppe import genes as G
from games.ursuppe.board import INDEX, SQUARES
from games.ursuppe.moves import FACE_INDEX, Ctx
from games.ursuppe.state import State, from_text, new_state, settled
from games.ursuppe.tables import TABLES

LETTER_SEAT = {c.letter: i for i, c in enumerate(TABLES.colours)}
PHASE_BEFORE = {"round": 6, "phase2": 1, "phase3": 2, "phase4": 3, "phase5": 4, "phase6": 5, "next_amoeba": 1}


def cubes(text: str, players: int) -> tuple[int, ...]:
    """``"rrg"`` → ``(2, 0, 1, ...)``."""
    return tuple(text.count(c.letter) for c in TABLES.colours[:players])


def position(
    players: int = 4,
    step: str = "round",
    *,
    round: int = 2,
    card: str = "-14",
    cards: tuple[str, ...] | None = None,
    scores: tuple[int, ...] | None = None,
    bp: int | tuple[int, ...] = 4,
    genes: dict[int, str] | None = None,
    amoebas: str = "",
    food: dict[str, str] | None = None,
    empty: bool = False,
    **ctx: Any,
) -> State:
    """A position at ``step`` (an internal step such as ``round`` or ``phase5``), settled to its first decision.

    ``round`` is the round being played (for ``round``: the round about to begin). ``card`` is the card
    face up (``W12``, ``-14`` = no drift); ``cards`` all cards turned so far, the last face up.
    ``genes`` maps a seat to space-separated gene ids, each optionally ``id@round`` (default round 0).
    """
    n = players
    scores = scores or tuple(range(1, n + 1))
    bps = bp if isinstance(bp, tuple) else (bp,) * n
    owned: list[tuple[tuple[int, int], ...]] = []
    for seat in range(n):
        items = []
        for word in (genes or {}).get(seat, "").split():
            gid, _, r = word.partition("@")
            items.append((G.BY_ID[gid].index, int(r or 0)))
        owned.append(tuple(sorted(items)))
    pieces = []
    for spec in amoebas.split():
        parts = spec.split(":")
        pieces.append(
            (LETTER_SEAT[parts[0][0]], int(parts[0][1:]), INDEX[parts[1]], int(parts[2]) if len(parts) > 2 else 0)
        )
    base = [0 if empty else TABLES.start_cubes] * (SQUARES * n)
    for square, letters in (food or {}).items():
        q = INDEX[square]
        base[q * n : (q + 1) * n] = cubes(letters, n)
    faces = tuple(FACE_INDEX[label] for label in (cards or (card,)))
    descending = tuple(sorted(range(n), key=lambda s: -scores[s]))
    fields = {"order": descending, **ctx}
    state = State(
        players=n,
        round=round - 1 if step == "round" else round,
        phase=PHASE_BEFORE.get(step, 1),
        step=step,
        cards=faces,
        scores=scores,
        bp=bps,
        genes=tuple(owned),
        amoebas=tuple(sorted(pieces)),
        food=tuple(base),
        ctx=Ctx(**fields),
        events=(),
    )
    state = settled(state)
    again = from_text(state.to_text())
    assert again == state
    return again


def amoeba_at(state: State, spec: str) -> tuple[str, int] | None:
    """Where amoeba ``r1`` is (square name, damage), or None when it is not on the board."""
    seat, num = LETTER_SEAT[spec[0]], int(spec[1:])
    for s, m, q, d in state.amoebas:
        if (s, m) == (seat, num):
            return state.view_for(None).squares[q].name, d
    return None


def square_food(state: State, square: str) -> tuple[int, ...]:
    """The cubes per colour on ``square``."""
    q, n = INDEX[square], state.players
    return state.food[q * n : (q + 1) * n]


def kinds(state: State) -> list[str]:
    """The event kinds, oldest first."""
    return [e.kind for e in state.events]


def test_position_round_trips_and_settles() -> None:
    """The builder's position reads back from its text and stops at the first real decision."""
    state = position(4, amoebas="r1:b2 y1:c2", bp=(4, 0, 4, 4))
    assert state.step == "act"
    assert state.actors() == (0,)
    assert from_text(state.to_text()) == state
    assert amoeba_at(state, "r1") == ("b2", 0)


def test_new_state_round_trips() -> None:
    """The opening state of every table size reads back from its text."""
    for n in range(3, 7):
        state = new_state(n)
        assert from_text(state.to_text()) == state
        assert state.step == "card"
