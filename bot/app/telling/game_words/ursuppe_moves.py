"""Ursuppe's moves in words: the one sentence a member reads for each decision, on a button, in a menu, in
the autocomplete, at the confirm step and in a hint ("Amoeba 2 eats 3 cubes (2 green, 1 blue)", "Amoeba 3
drifts north → b2", "Buy Movement I · 3 BP", "New amoeba 4 on b2 · 6 BP"), and the marks that pair a
button with the amoeba it moves on the board.

Every word comes from the catalogs (``label.ursuppe.*``); the notation stays what a member may type and what
the history and exports keep. Ursuppe hides nothing, so a label may name anything on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.app.i18n import t
from games.base import GameError, GameState, Seat
from games.ursuppe import genes as G
from games.ursuppe.board import NAMES, STAY, STEP
from games.ursuppe.moves import FACES, Move
from games.ursuppe.state import State
from games.ursuppe.tables import TABLES

DIRECTIONS = "NESW"
"""Direction codes 0..3 as the catalog names them (``label.ursuppe.dir.N``...)."""
COLOURS = tuple(c.id for c in TABLES.colours)
"""Colour ids by seat, as the catalog names cubes (``label.ursuppe.cubes.red``...)."""
NEW_AMOEBA_KINDS = frozenset({"place", "divide"})
"""Moves that put a new amoeba on the board: the amoeba is not on a square yet, so it gets no mark."""

_Say = Callable[..., str]
"""``say(key, **fields)``: the catalog text ``label.ursuppe.<key>`` for the move's amoeba."""


def label(state: GameState, shown: str, lang: str) -> str | None:
    """The decision ``shown`` (canonical notation) of the seat to act in ``state``, in words; None when it is
    not one of that seat's decisions here (a chance step, an old or unreadable notation)."""
    move = _move(state, shown)
    if move is None:
        return None
    assert isinstance(state, State)
    return _words(state, move, lang)


PRICED = frozenset({"move", "buy", "divide", "pay", "defend", "escape", "attack"})
"""Decisions whose price is counted in BP (a meal taken as a parasite too)."""


def legend(state: GameState, seat: Seat, lang: str) -> str | None:
    """BP said once in words with what the seat has when its moves are priced in them; in a gene defect,
    MP and the ozone value as well."""
    if not isinstance(state, State) or seat not in state.actors():
        return None
    view = state.view_for(None)
    said: list[str] = []
    bp, mp = state.bp[seat], view.player_info[seat].mp
    if state.step == "defect":
        ozone = view.card.ozone if view.card is not None else 0
        said.append(t(lang, "label.ursuppe.legend.mp", mp=mp, ozone=ozone, bp=bp))
    elif any(m.kind in PRICED or (m.kind == "eat" and m.target[0] >= 0) for m in state.legal_moves(seat)):
        said.append(t(lang, "label.ursuppe.legend.bp", bp=bp))
    return " ".join(said) or None


def _chosen_directions(state: State, seat: Seat) -> list[int]:
    """The directions the seat's moves take the amoeba in, where the move itself says which (a drift goes with
    the card's current; a move in a named direction); a move left to the die names none: the post would grow
    by up to four squares' food for a roll the member does not choose, and push the board off a phone's
    first screen."""
    face = FACES[state.cards[-1]] if state.cards else None
    found: list[int] = []
    for m in state.legal_moves(seat):
        if m.kind == "drift" and face is not None and face.drift:
            direction = DIRECTIONS.index(face.drift)
        elif m.kind in ("dir", "move") and m.value and m.value[0] != STAY:
            direction = m.value[0]
        else:
            continue
        if direction not in found:
            found.append(direction)
    return sorted(found)


def food_words(state: GameState, seat: Seat, lang: str) -> str | None:
    """``🍽️ Food on c4: 1 red, 2 yellow.``: the cubes on the square of the amoeba the decision of ``seat`` is
    about, in the colour words of the move menus and in seat order; when the decision may take the amoeba to a
    square it names (a drift, a chosen direction), a second line with the cubes there (``🧭 Within reach: b4
    (north): 1 blue · d4 (south): none.``); then the amoeba's damage when it has some. None when the decision
    is about no amoeba on the soup. Issue 39: the board shows a square's cubes as one count (a count per colour
    beside a silhouette would be some 7 CSS px on a phone), and where to go and what to eat turn on the
    colours."""
    if not isinstance(state, State) or seat not in state.actors():
        return None
    view = state.view_for(None)
    decision = view.decision
    if decision is None or decision.amoeba is None:
        return None
    squares = {sq.name: sq for sq in view.squares}
    square = next((sq for sq in view.squares if any((a.seat, a.number) == decision.amoeba for a in sq.amoebas)), None)
    if square is None:
        return None

    def cubes(name: str) -> str:
        said = _cubes(lang, squares[name].food[: view.players])["cubes"]
        return str(said) if said else t(lang, "label.ursuppe.legend.no_food")

    lines = [t(lang, "label.ursuppe.legend.food", square=square.name, cubes=cubes(square.name))]
    here = NAMES.index(square.name)
    reach = [
        t(
            lang,
            "label.ursuppe.legend.around_one",
            square=NAMES[STEP[here][d]],
            dir=t(lang, f"label.ursuppe.dir.{DIRECTIONS[d]}"),
            cubes=cubes(NAMES[STEP[here][d]]),
        )
        for d in _chosen_directions(state, seat)
        if STEP[here][d] != here
    ]
    if reach:
        lines.append(t(lang, "label.ursuppe.legend.around", squares=" · ".join(reach)))
    damage = next((a.damage for a in square.amoebas if (a.seat, a.number) == decision.amoeba), 0)
    if damage:
        lines.append(t(lang, "label.ursuppe.legend.damage", amoeba=decision.amoeba[1], count=damage))
    return "\n".join(lines)


def marks(state: GameState, seat: Seat, shown: Sequence[str]) -> Mapping[str, tuple[str, str]]:
    """Each button's amoeba when the buttons move more than one of the seat's amoebas (several amoebas that
    may cling, Aggression in Phase 5): the mark is the amoeba's number, which the board already draws on the
    amoeba itself, on the square where it stands. No mark when a single amoeba is concerned, nor for a new
    amoeba (it stands nowhere yet)."""
    if not isinstance(state, State):
        return {}
    where = {(s, num): NAMES[square] for s, num, square, _ in state.amoebas}
    found: dict[str, tuple[str, str]] = {}
    for text in shown:
        move = _move(state, text)
        if move is None or move.kind in NEW_AMOEBA_KINDS or (move.seat, move.amoeba) not in where:
            continue
        found[text] = (where[move.seat, move.amoeba], str(move.amoeba))
    if len({mark for _, mark in found.values()}) < 2:
        return {}
    return found


def _move(state: GameState, shown: str) -> Move | None:
    if not isinstance(state, State) or state.is_chance() or not state.actors():
        return None
    seat = state.actors()[0]
    try:
        move = state.parse_move(shown, seat)
    except (GameError, ValueError):
        return None
    return move if move in state.legal_moves(seat) else None


def _words(state: State, move: Move, lang: str) -> str:
    kind, amoeba = move.kind, move.amoeba

    def say(key: str, **fields: object) -> str:
        return t(lang, f"label.ursuppe.{key}", amoeba=amoeba, **fields)

    if kind == "start":
        return say("start", space=move.value[0])
    if kind == "place":
        return say("place", square=NAMES[move.value[0]])
    if kind == "divide":
        return say("divide", square=NAMES[move.value[0]], cost=_bp(lang, _division_cost(state, move.seat)))
    if kind == "drift":
        return _drift(state, move, say)
    if kind == "move":
        cost = _bp(lang, _move_cost(state, move.seat))
        if not move.value:
            return say("move", cost=cost)
        return _direction(state, move, move.value[0], say, "move_dir", "move_stay", cost=cost)
    if kind == "dir":
        return _direction(state, move, move.value[0], say, "dir", "dir_stay")
    if kind == "stay":
        return say("stay", square=_square(state, move.seat, amoeba))
    if kind == "take":
        return say("take", **_cubes(lang, move.value)) if any(move.value) else say("take_none")
    if kind == "cling":
        other = _amoeba_name(state.ctx.mover, lang)
        if any(move.value):
            return say("cling_take", other=other, **_cubes(lang, move.value))
        return say("cling", other=other)
    if kind == "eat":
        fields = _cubes(lang, move.value)
        if move.target[0] >= 0:
            return say("eat_parasite", host=t(lang, f"seat.ursuppe.{move.target[0]}"), **fields)
        return say("eat", **fields)
    if kind == "attack":
        return say("attack", other=_amoeba_name(move.target, lang))
    if kind == "pay":
        paid = [_gene(lang, g) for g in move.value[1:]]
        if move.value[0] or not paid:
            paid.append(_bp(lang, move.value[0]))
        return say("pay", what=" + ".join(paid))
    if kind == "buy":
        gene, discard = move.value
        cost = _bp(lang, G.GENES[gene].price)
        if discard >= 0:
            return say("buy_discard", gene=_gene(lang, gene), cost=cost, old=_gene(lang, discard))
        return say("buy", gene=_gene(lang, gene), cost=cost)
    if kind == "done":
        return say("done_divide" if state.step == "divide" else "done_buy")
    if kind == "pass":
        return say("pass")
    # The rest name the acting amoeba alone: again, stop, starve, defend, escape, yield, let go.
    return say(kind)


def _drift(state: State, move: Move, say: _Say) -> str:
    face = FACES[state.cards[-1]] if state.cards else None
    if face is None or not face.drift:
        return say("drift_none")
    direction = DIRECTIONS.index(face.drift)
    origin = _square_index(state, move.seat, move.amoeba)
    if origin is None or STEP[origin][direction] == origin:
        return say("drift_blocked", dir=say(f"dir.{face.drift}"))
    return say("drift", dir=say(f"dir.{face.drift}"), square=NAMES[STEP[origin][direction]])


def _direction(state: State, move: Move, direction: int, say: _Say, going: str, staying: str, **more: object) -> str:
    """A move in a known direction: where it ends (the same square when the edge or the island stops it)."""
    origin = _square_index(state, move.seat, move.amoeba)
    if direction == STAY or origin is None:
        return say(staying, square=NAMES[origin] if origin is not None else "", **more)
    end = STEP[origin][direction]
    if end == origin:
        return say(f"{going}_blocked", dir=say(f"dir.{DIRECTIONS[direction]}"), square=NAMES[origin], **more)
    return say(going, dir=say(f"dir.{DIRECTIONS[direction]}"), square=NAMES[end], **more)


def _square_index(state: State, seat: int, number: int) -> int | None:
    return next((q for s, n, q, _ in state.amoebas if (s, n) == (seat, number)), None)


def _square(state: State, seat: int, number: int) -> str:
    square = _square_index(state, seat, number)
    return NAMES[square] if square is not None else ""


def _amoeba_name(key: tuple[int, int], lang: str) -> str:
    """Another player's amoeba by colour and number: ``green ■ 1``."""
    return t(lang, "label.ursuppe.other", colour=t(lang, f"seat.ursuppe.{key[0]}"), number=key[1])


def _cubes(lang: str, counts: Sequence[int]) -> dict[str, object]:
    """``count`` (cubes in all) and ``cubes`` (``2 green, 1 blue``) of a handful of cubes, by colour."""
    parts = [t(lang, f"label.ursuppe.cubes.{COLOURS[c]}", count=k) for c, k in enumerate(counts) if k]
    return {"count": sum(counts), "cubes": ", ".join(parts)}


def _gene(lang: str, gene: int) -> str:
    return G.GENES[gene].fr if lang == "fr" else G.GENES[gene].en


def _bp(lang: str, count: int) -> str:
    return t(lang, "words.bp", count=count)


def _move_cost(state: State, seat: int) -> int:
    """What an active move costs: 1 BP, nothing with Streamlining (as the engine counts it)."""
    return 0 if any(g == G.STREAMLINING for g, _ in state.genes[seat]) else 1


def _division_cost(state: State, seat: int) -> int:
    """What a new amoeba costs (as the engine counts it): free when none of the seat's is on the board."""
    if not any(s == seat for s, *_ in state.amoebas):
        return 0
    faster = any(g == G.DIVISION_RATE for g, _ in state.genes[seat])
    return TABLES.division_rate_cost if faster else TABLES.division_cost
