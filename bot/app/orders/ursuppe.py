"""Ursuppe's standing orders: the routine steps of a round, each with its "but ask me if …" stops.

Orders (values in brackets):

- ``drift``: every amoeba of mine drifts with the current (phase 1, instead of moving or staying);
- ``feed``: an amoeba of mine that finds its normal meal eats it (the first such meal in the engine's order),
  without a feeding gene and without parasitism; with no normal meal at hand the member is always asked;
- ``pay``: a gene defect is paid in BP when I can (phase 2); otherwise I am asked which genes go;
- ``genes`` [gene ids]: buy no gene (phase 3) unless one of these is on offer to me, then ask;
- ``buy`` [gene ids]: buy these genes when on offer to me (phase 3), one after another while I can pay, in the
  gene table's order (a superior gene replacing the first prerequisite it may), and no other;
- ``divide`` [a number N]: no division (phase 4) unless I have fewer than N amoebas on the board, then ask;
- ``grow`` [a number N]: divide (phase 4), whenever I can pay, while I have fewer than N amoebas, onto the free
  square where the new amoeba finds its normal meal with the most food of other colours (the first such square
  and number on a tie); none once I have N;
- ``aggression``: never use Aggression (phase 5): pass;
- ``move``, the usual move (phase 1): an amoeba of mine drifts when it finds its normal meal where the current
  takes it; otherwise it stays put with Holding when it finds its meal where it is, or it moves (paying the BP a
  move costs) when moving brings it nearer, on average over the dice, to the nearest square where it finds its
  normal meal as the food lies now; after the dice it goes the way that ends nearest that meal (staying put where
  a die allows it and nothing is nearer), takes along with Tentacle the fewest cubes that make its meal where it
  goes, and with Speed moves again, free, while that brings it nearer; when no move helps it drifts. It never
  decides an escape, a clinging, or a move begun for another amoeba than the one on turn.

Stops: ``attacked`` (an amoeba of mine was attacked since this round's environment card), ``danger`` (a rival
amoeba able to attack shares a square with one of mine), ``starve`` (drifting, the amoeba would find no normal
meal where it ends), ``dying`` (an amoeba of mine is one damage from death).

A stop that defers: when the drift's ``starve`` stop fires and the member also keeps the usual move, the book
hands the decision to the usual move (:attr:`~bot.app.orders.base.OrderBook.defer`) instead of asking, so a
member who keeps both is asked only by the safety stops (``attacked``, ``danger``, ``dying``), which still ask.
A member who moves an amoeba by hand while keeping the usual move has the way after the dice chosen by it too
(unless a stop fires): the state does not tell who began the move.
"""

from __future__ import annotations

from typing import Any, Final

from bot.app.i18n import t
from bot.app.orders.base import Order, OrderBook, OrderKind
from games.base import GameState, Seat
from games.ursuppe import genes as G
from games.ursuppe.board import ADJACENT, FACE_DIRECTIONS, SQUARES, STAY, STEP
from games.ursuppe.engine import CARD_DRIFT, Work
from games.ursuppe.feeding import finds_normal_meal, meals
from games.ursuppe.moves import NOBODY, ONE_DIE, TWO_DICE, Move
from games.ursuppe.state import State
from games.ursuppe.tables import TABLES
from render.ursuppe_words import gene_name

STOPS: Final = ("attacked", "danger", "dying", "starve")
SAFETY: Final = ("attacked", "danger", "dying")
"""The stops every Ursuppe order may carry (``starve`` only where it can look ahead: drifting)."""
DIVIDE_BELOW: Final = tuple(str(n) for n in range(2, 8))
"""``divide``'s values: ask me when I have fewer than this many amoebas (2 to 7)."""
ATTACKERS: Final = frozenset({G.STRUGGLE, G.AGGRESSION})
FAR: Final = SQUARES
"""The distance of a square from a meal when no square holds one (more than any path on the board)."""


def _soup(state: GameState) -> State | None:
    return state if isinstance(state, State) else None


def _drift(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "act":
        return None
    return Move("drift", seat, s.ctx.amoeba)


def _feed(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "feed":
        return None
    normal = set(meals(s.players, seat, 0))
    eats = [m for m in s.options if m.kind == "eat" and m.target == NOBODY and m.value in normal]
    return eats[0] if eats else None


def _pay(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "defect":
        return None
    in_bp = [m for m in s.options if m.kind == "pay" and len(m.value) == 1]
    return in_bp[0] if in_bp else None


def _genes(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "buy":
        return None
    wanted = {G.BY_ID[v].index for v in order.values if v in G.BY_ID}
    if any(m.kind == "buy" and m.value[0] in wanted for m in s.options):
        return None  # one of the chosen genes is on offer: the member decides
    return Move("done", seat)


def _buy(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "buy":
        return None
    wanted = {G.BY_ID[v].index for v in order.values if v in G.BY_ID}
    offered = sorted((m for m in s.options if m.kind == "buy" and m.value[0] in wanted), key=lambda m: m.value[0])
    return offered[0] if offered else Move("done", seat)


def _divide(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "divide" or not order.values:
        return None
    mine = sum(1 for a in s.amoebas if a[0] == seat)
    if mine < int(order.values[0]):
        return None
    return Move("done", seat)


def _grow(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "divide" or not order.values:
        return None
    if sum(1 for a in s.amoebas if a[0] == seat) >= int(order.values[0]):
        return Move("done", seat)
    divisions = [m for m in s.options if m.kind == "divide"]
    if not divisions:
        return Move("done", seat)  # no BP for it this round
    n = s.players

    def food(move: Move) -> tuple[bool, int]:
        here = s.food[move.value[0] * n : move.value[0] * n + n]
        return finds_normal_meal(here, n, seat), sum(count for colour, count in enumerate(here) if colour != seat)

    return max(divisions, key=food)  # max keeps the first of the best: the engine's order on a tie


def _aggression(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step != "aggress":
        return None
    return Move("pass", seat)


def meal_distances(work: Work, seat: int) -> list[int]:
    """Per square, how many steps an amoeba of ``seat`` is from the nearest square where it finds its normal meal,
    as the food lies now (0 there; :data:`FAR` when no square has it)."""
    dist = [FAR] * SQUARES
    frontier = [q for q in range(SQUARES) if finds_normal_meal(work.square_food(q), work.n, seat)]
    for q in frontier:
        dist[q] = 0
    while frontier:
        ahead = []
        for q in frontier:
            for r in ADJACENT[q]:
                if dist[r] == FAR:
                    dist[r] = dist[q] + 1
                    ahead.append(r)
        frontier = ahead
    return dist


def _ways(work: Work, seat: int) -> tuple[tuple[frozenset[int], float], ...]:
    """The directions an active move of ``seat`` may take, with their chances: every way with Movement II, else
    those the dice show (one die; two with Movement I, either one used)."""
    if work.has(seat, G.MOVEMENT_2):
        return ((frozenset((0, 1, 2, 3, STAY)), 1.0),)
    dice = TWO_DICE if work.has(seat, G.MOVEMENT_1) else ONE_DIE
    return tuple((frozenset(d for f in m.value for d in FACE_DIRECTIONS[f - 1]), float(p)) for m, p in dice)


def _expected(work: Work, seat: int, square: int, dist: list[int]) -> float:
    """How far from its meal an active move from ``square`` leaves the amoeba on average over the dice, each
    roll played the nearest way."""
    return sum(p * min(dist[STEP[square][d]] for d in ways) for ways, p in _ways(work, seat))


def _usual_act(work: Work, s: State, seat: int) -> Move:
    num = s.ctx.amoeba
    here = work.sq[seat, num]
    dist = meal_distances(work, seat)
    direction = CARD_DRIFT[work.card()]
    drifted = STEP[here][direction] if direction >= 0 else here
    options = set(s.options)
    if dist[drifted] == 0:
        return Move("drift", seat, num)
    if dist[here] == 0 and Move("stay", seat, num) in options:
        return Move("stay", seat, num)  # Holding: free
    chosen = [m for m in s.options if m.kind == "move" and m.value]
    if chosen:  # Movement II, nobody may cling: the way comes with the move
        best = min(chosen, key=lambda m: dist[STEP[here][m.value[0]]])
        return best if dist[STEP[here][best.value[0]]] < dist[drifted] else Move("drift", seat, num)
    if Move("move", seat, num) in options and _expected(work, seat, here, dist) < dist[drifted]:
        return Move("move", seat, num)
    return Move("drift", seat, num)


def _usual(state: GameState, seat: Seat, order: Order) -> Any | None:
    s = _soup(state)
    if s is None or s.step not in ("act", "direction", "tentacle", "again"):
        return None
    work = Work(s)
    key = (seat, s.ctx.amoeba)
    if key not in work.sq or work.on_turn() != seat:
        return None
    if s.step == "act":
        return _usual_act(work, s, seat)
    if s.step == "again":
        if s.ctx.mover != NOBODY:
            return None  # Speed after an escape: an attack, the member decides
        here = work.sq[key]
        dist = meal_distances(work, seat)
        go = dist[here] > 0 and _expected(work, seat, here, dist) < dist[here]
        return Move("again" if go else "stop", seat, key[1])
    if s.ctx.mover != key or s.ctx.motion not in ("move", "again"):
        return None  # an escape, or another amoeba's move
    here = work.sq[key]
    if s.step == "direction":
        dist = meal_distances(work, seat)
        ways = [m for m in s.options if m.kind == "dir"]
        # Staying put first on a tie: a way into the edge stays too, but says it went.
        return min(ways, key=lambda m: (dist[STEP[here][m.value[0]]], m.value[0] != STAY)) if ways else None
    goes = STEP[here][s.ctx.direction]
    food = work.square_food(goes)
    loads = [m for m in s.options if m.kind == "take"]
    if not loads or finds_normal_meal(food, work.n, seat):
        return next((m for m in loads if not any(m.value)), None)
    making = [m for m in loads if finds_normal_meal([a + b for a, b in zip(food, m.value, strict=True)], work.n, seat)]
    return min(making or loads, key=lambda m: sum(m.value))


def attacked(state: GameState, seat: Seat, move: Any) -> bool:
    """An amoeba of ``seat`` was attacked since the environment card of this round was turned up."""
    s = _soup(state)
    if s is None:
        return False
    for event in reversed(s.events):
        if event.kind == "card":
            return False
        if event.kind == "attack" and event.target_seat == seat:
            return True
    return False


def danger(state: GameState, seat: Seat, move: Any) -> bool:
    """A rival amoeba whose owner can attack (Struggle for Survival, Aggression) shares a square with an amoeba
    of ``seat`` that Armor does not protect."""
    s = _soup(state)
    if s is None or any(g == G.ARMOR for g, _ in s.genes[seat]):
        return False
    fighters = {q for owner, _, q, _ in s.amoebas if owner != seat and any(g in ATTACKERS for g, _ in s.genes[owner])}
    return any(owner == seat and q in fighters for owner, _, q, _ in s.amoebas)


def dying(state: GameState, seat: Seat, move: Any) -> bool:
    """An amoeba of ``seat`` dies at its next damage."""
    s = _soup(state)
    if s is None:
        return False
    longevity = any(g == G.LONGEVITY for g, _ in s.genes[seat])
    limit = TABLES.longevity_damage_limit if longevity else TABLES.damage_limit
    return any(owner == seat and damage >= limit - 1 for owner, _, _, damage in s.amoebas)


def starve(state: GameState, seat: Seat, move: Any) -> bool:
    """Drifting (``move``), the amoeba would find no normal meal on the square the current takes it to, as that
    square is now (looked at before the drift: once there, the engine feeds it at once when it can)."""
    s = _soup(state)
    if s is None or not isinstance(move, Move) or move.kind != "drift":
        return False
    work = Work(s)
    key = (seat, move.amoeba)
    if key not in work.sq:
        return False
    direction = CARD_DRIFT[work.card()]
    if direction >= 0:
        work.sq[key] = STEP[work.sq[key]][direction]
    return not work.normal_meal_possible(key)


BOOK: Final = OrderBook(
    kinds=(
        OrderKind("drift", _drift, stops=STOPS, default_stops=("danger", "starve")),
        OrderKind("feed", _feed, stops=SAFETY, default_stops=("danger",)),
        OrderKind("pay", _pay, stops=SAFETY),
        OrderKind(
            "genes",
            _genes,
            values=tuple(g.id for g in G.GENES),
            pick=(0, 8),
            stops=SAFETY,
        ),
        OrderKind("buy", _buy, values=tuple(g.id for g in G.GENES), pick=(0, 8), stops=SAFETY),
        OrderKind("divide", _divide, values=DIVIDE_BELOW, pick=(1, 1), stops=SAFETY, default_values=("4",)),
        OrderKind("grow", _grow, values=DIVIDE_BELOW, pick=(1, 1), stops=SAFETY, default_values=("4",)),
        OrderKind("aggression", _aggression, stops=SAFETY),
        OrderKind("move", _usual, stops=SAFETY, default_stops=("danger",)),
    ),
    stops={"attacked": attacked, "danger": danger, "dying": dying, "starve": starve},
    defer={"starve": "move"},
)
"""Ursuppe's book of standing orders."""


def value_words(lang: str, kind: str, value: str) -> str:
    """An order's value in words: a number of amoebas, or a gene's name."""
    if kind in ("divide", "grow"):
        return t(lang, f"orders.{kind}.value", count=int(value))
    return gene_name(lang, value)
