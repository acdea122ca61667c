"""The rules of Ursuppe as a step machine working on a mutable copy of a state.

:class:`Work` copies a frozen state into lists and dicts, applies one move, then runs every automatic
step (and every decision with a single legal option) until it reaches a real decision, a chance node
or the end; :meth:`Work.state_fields` gives the next frozen state's fields. One copy per applied move keeps the
engine fast without deep copies.

Steps a frozen state can be at (``State.step``):

- chance: ``card`` (turn up an environment card), ``dice`` (start-order roll), ``roll`` (movement
  dice), ``fight`` (a Defense fight);
- decisions: ``start``, ``place``, ``act``, ``direction``, ``tentacle``, ``cling``, ``again``, ``feed``,
  ``respond``, ``retry``, ``defect``, ``buy``, ``divide``, ``aggress``;
- ``over``.

Internal steps (``round``, ``next_amoeba``, ``phase2`` ...) only live inside :meth:`Work.advance`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import fields
from typing import Final

from games.ursuppe import genes as G
from games.ursuppe.board import ADJACENT, FACE_DIRECTIONS, NAMES, SQUARES, STAY, STEP, direction_name
from games.ursuppe.feeding import FRUGAL, PARASITE, SUBSTITUTE, carries, finds_normal_meal, meals
from games.ursuppe.moves import DECK_SIZE, FACE_COUNTS, FACES, NOBODY, Ctx, Move
from games.ursuppe.position import Fields, Position
from games.ursuppe.tables import TABLES
from games.ursuppe.view import Event

MOVE_ORDER: Final = operator.attrgetter(*(f.name for f in fields(Move)))
"""The order of :class:`Move` (its fields in turn) as a sort key: the same order as comparing moves, compared
in C rather than through the dataclass's ``__lt__``."""

Key = tuple[int, int]
"""An amoeba: ``(seat, number)``."""

CHANCE_STEPS: Final = frozenset({"card", "dice", "roll", "fight"})
DECISION_STEPS: Final = frozenset(
    {
        "start",
        "place",
        "act",
        "direction",
        "tentacle",
        "cling",
        "again",
        "feed",
        "respond",
        "retry",
        "defect",
        "buy",
        "divide",
        "aggress",
    }
)
EVENT_WINDOW: Final = 32
"""How many recent events a state keeps."""
COLOUR_LETTERS: Final = tuple(c.letter for c in TABLES.colours)
MOTION_EVENTS: Final = {"drift": "drift", "move": "move", "again": "move", "escape": "escape", "escape2": "escape"}
"""The event kind recording each motion (Speed's second move is a move, or an escape, like the first)."""
CARD_DRIFT: Final = tuple(-1 if not f.drift else "NESW".index(f.drift) for f in FACES)


CTX_FIELDS: Final = tuple(f.name for f in fields(Ctx))
_CTX_VALUES: Final = operator.attrgetter(*CTX_FIELDS)
"""The values of :data:`CTX_FIELDS` of a Ctx (or of a Work), in that order, in one call."""
"""The fields of :class:`Ctx`, which :class:`Work` keeps as attributes of the same names."""


def cubes_text(cubes: tuple[int, ...] | list[int]) -> str:
    """Cubes as colour letters in colour order: ``(2, 0, 1)`` → ``rrg``."""
    return "".join(COLOUR_LETTERS[c] * k for c, k in enumerate(cubes))


def payment_text(move: Move) -> str:
    """The compact payment of a ``pay`` move, for events: ``speed+tentacle+1bp``."""
    parts = [G.GENES[g].id for g in move.value[1:]]
    if move.value[0]:
        parts.append(f"{move.value[0]}bp")
    return "+".join(parts)


class Work:
    """A mutable working copy of a state (see the module docstring)."""

    # The fields of the state's Ctx, each an attribute of the same name and type: __init__ copies them
    # and state_fields() gives them back by name (CTX_FIELDS).
    order: tuple[int, ...]
    turn: int
    amoeba: int
    mover: tuple[int, int]
    motion: str
    dice: tuple[int, ...]
    direction: int
    carry: tuple[int, ...]
    clingers: tuple[int, ...]
    held: tuple[int, ...]
    attacker: tuple[int, int]
    victim: tuple[int, int]
    flags: str
    spared: tuple[int, int]
    rolls: tuple[tuple[int, ...], ...]
    debt: int

    def __init__(self, s: Position) -> None:
        self.n = s.players
        self.round = s.round
        self.phase = s.phase
        self.step = s.step
        self.cards = s.cards
        self.scores = list(s.scores)
        self.bp = list(s.bp)
        # A state's genes change only when a gene is bought or lost: the dicts are the state's own, shared until
        # then (:meth:`own_genes`), and the next state keeps the same tuple unless they were copied.
        self._genes = s.genes
        self.genes: list[dict[int, int]] | tuple[dict[int, int], ...] = s.gene_dicts
        self.sq: dict[Key, int] = {}
        self.dmg: dict[Key, int] = {}
        for seat, num, square, damage in s.amoebas:
            self.sq[seat, num] = square
            self.dmg[seat, num] = damage
        self.food = list(s.food)
        self.supply = list(s.supply)
        vars(self).update(zip(CTX_FIELDS, _CTX_VALUES(s.ctx), strict=True))
        self.events = list(s.events)
        self.serial = s.events[-1].index if s.events else 0

    # Building the next state.

    def state_fields(self) -> Fields:
        """The fields of the next frozen state (:func:`games.ursuppe.state.frozen` builds it)."""
        return Fields(
            players=self.n,
            round=self.round,
            phase=self.phase,
            step=self.step,
            cards=self.cards,
            scores=tuple(self.scores),
            bp=tuple(self.bp),
            genes=self._genes if isinstance(self.genes, tuple) else tuple(tuple(sorted(g.items())) for g in self.genes),
            amoebas=tuple(sorted((k[0], k[1], q, self.dmg[k]) for k, q in self.sq.items())),
            food=tuple(self.food),
            ctx=Ctx(*_CTX_VALUES(self)),
            events=tuple(self.events[-EVENT_WINDOW:]),
        )

    def event(
        self,
        kind: str,
        seat: int | None = None,
        amoeba: int | None = None,
        square: int | None = None,
        detail: str = "",
        target: Key | None = None,
    ) -> None:
        """Record an event (``target`` = another amoeba, or ``(seat, 0)`` for a player)."""
        self.serial += 1
        self.events.append(
            Event(
                kind,
                seat,
                amoeba,
                None if square is None else NAMES[square],
                detail,
                None if target is None else target[0],
                None if target is None or target[1] == 0 else target[1],
                self.serial,
            )
        )
        if len(self.events) > 2 * EVENT_WINDOW:
            del self.events[:EVENT_WINDOW]

    def own_genes(self) -> list[dict[int, int]]:
        """The genes by seat, copied from the state's the first time they are to change."""
        if isinstance(self.genes, tuple):
            self.genes = [dict(g) for g in self.genes]
        return self.genes

    # Queries.

    def has(self, seat: int, gene: int) -> bool:
        """True when ``seat`` owns ``gene``."""
        return gene in self.genes[seat]

    def card(self) -> int:
        """The face index of the card face up."""
        return self.cards[-1]

    def on_turn(self) -> int:
        """The seat whose turn it is in the phase."""
        return self.order[self.turn]

    def mp(self, seat: int) -> int:
        """Total mutation points of ``seat``."""
        return sum(G.GENES[g].mp for g in self.genes[seat])

    def square_food(self, square: int) -> list[int]:
        """The cubes on ``square``, per colour."""
        return self.food[square * self.n : (square + 1) * self.n]

    def on_square(self, square: int) -> list[Key]:
        """The amoebas on ``square``, sorted."""
        return sorted(k for k, q in self.sq.items() if q == square)

    def limit(self, seat: int) -> int:
        """The damage at which ``seat``'s amoebas die."""
        return TABLES.longevity_damage_limit if self.has(seat, G.LONGEVITY) else TABLES.damage_limit

    def holder(self) -> int:
        """The seat owning Holding, or -1."""
        for seat in range(self.n):
            if G.HOLDING in self.genes[seat]:
                return seat
        return -1

    def move_cost(self, seat: int) -> int:
        """BP an active move or an escape costs ``seat``."""
        return 0 if self.has(seat, G.STREAMLINING) else 1

    def decider(self) -> int:
        """The seat that must decide at the current decision step."""
        step = self.step
        if step in ("direction", "tentacle"):
            return self.mover[0]
        if step == "respond":
            return self.victim[0]
        if step == "retry":
            return self.attacker[0]
        if step == "cling":
            return self.holder()
        if step == "again" and self.mover != NOBODY:
            return self.mover[0]  # Speed after an escape: the escaping amoeba's owner
        if step == "start":
            return self.start_ranking()[sum(1 for s in self.scores if s)]
        if step == "place":
            return self.placement_seat()
        return self.on_turn()

    # Setup.

    def next_roller(self) -> int | None:
        """The seat that rolls next for the start order, or None when the order is settled.

        A seat rolls again while its rolls so far are a prefix of another seat's (a tie not yet broken);
        the seat with the fewest rolls goes first, so tied seats all roll before being compared again.
        """
        need = [
            s
            for s, mine in enumerate(self.rolls)
            if any(t != s and other[: len(mine)] == mine for t, other in enumerate(self.rolls))
        ]
        if not need:
            return None
        return min(need, key=lambda s: (len(self.rolls[s]), s))

    def start_ranking(self) -> list[int]:
        """The seats from the highest start roll down (ties broken by the re-rolls)."""
        return sorted(range(self.n), key=lambda s: self.rolls[s], reverse=True)

    def placement_seat(self) -> int:
        """Who places the next starting amoeba: ascending for the first, then descending."""
        t = self.turn
        return self.order[t] if t < self.n else self.order[2 * self.n - 1 - t]

    def ascending(self) -> tuple[int, ...]:
        """The seats from the score marker furthest back to the one furthest ahead."""
        return tuple(sorted(range(self.n), key=lambda s: self.scores[s]))

    # The legal options of the current decision.

    def options(self) -> tuple[Move, ...]:
        """Every legal move at the current decision step, sorted and unique."""
        return tuple(sorted(set(OPTIONS[self.step](self)), key=MOVE_ORDER))

    def _opt_start(self) -> list[Move]:
        seat = self.decider()
        taken = set(self.scores)
        return [Move("start", seat, value=(space,)) for space in range(1, self.n + 1) if space not in taken]

    def free_numbers(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s amoebas not on the board."""
        return [m for m in range(1, TABLES.per_players[self.n].amoebas + 1) if (seat, m) not in self.sq]

    def _opt_place(self) -> list[Move]:
        seat = self.decider()
        occupied = set(self.sq.values())
        return [
            Move("place", seat, num, value=(q,))
            for num in self.free_numbers(seat)
            for q in range(SQUARES)
            if q not in occupied
        ]

    def _opt_act(self) -> list[Move]:
        seat, num = self.on_turn(), self.amoeba
        moves = [Move("drift", seat, num)]
        if self.has(seat, G.HOLDING):
            moves.append(Move("stay", seat, num))
        if self.bp[seat] >= self.move_cost(seat):
            # With Movement II the direction comes with the move, unless someone may cling: Holding decides
            # before the direction is chosen, so the move is then announced first and the way chosen after.
            if self.has(seat, G.MOVEMENT_2) and not self.could_cling((seat, num), ()):
                moves += [Move("move", seat, num, value=(d,)) for d in range(5)]
            else:
                moves.append(Move("move", seat, num))
        return moves

    def direction_choices(self) -> list[int]:
        """The directions the mover may take now (from the dice, or free with Movement II)."""
        if self.dice:
            return sorted({d for face in self.dice for d in FACE_DIRECTIONS[face - 1]})
        return [0, 1, 2, 3] if self.motion in ("escape", "escape2") else [0, 1, 2, 3, STAY]

    def _opt_direction(self) -> list[Move]:
        seat, num = self.mover
        return [Move("dir", seat, num, value=(d,)) for d in self.direction_choices()]

    def cubes_free(self) -> list[int]:
        """The cubes on the mover's square that clinging amoebas do not take along, per colour."""
        free = self.square_food(self.sq[self.mover])
        for i in range(len(self.held) // self.n):
            for c in range(self.n):
                free[c] -= self.held[i * self.n + c]
        return free

    def _carries(self, free: list[int]) -> list[tuple[int, ...]]:
        limit = TABLES.per_players[self.n].tentacle_cubes
        return [v for v in carries(self.n, limit) if all(a <= b for a, b in zip(v, free, strict=True))]

    def _opt_tentacle(self) -> list[Move]:
        seat, num = self.mover
        return [Move("take", seat, num, value=v) for v in self._carries(self.cubes_free())]

    def could_cling(self, key: Key, clingers: tuple[int, ...]) -> list[int]:
        """Numbers of the Holding player's amoebas (other than ``clingers``) that may cling to ``key`` leaving."""
        holder = self.holder()
        if holder < 0 or holder == key[0]:
            return []
        origin = self.sq[key]
        return sorted(
            num for (seat, num), q in self.sq.items() if seat == holder and q == origin and num not in clingers
        )

    def cling_candidates(self) -> list[int]:
        """Numbers of the Holding player's amoebas that may still cling to the mover."""
        return self.could_cling(self.mover, self.clingers)

    def _opt_cling(self) -> list[Move]:
        holder = self.holder()
        # A clinging amoeba of a Tentacle holder takes its cubes along, chosen with the decision to cling.
        loads = self._carries(self.cubes_free()) if self.has(holder, G.TENTACLE) else [()]
        clings = [Move("cling", holder, num, value=v) for num in self.cling_candidates() for v in loads]
        return [*clings, Move("nocling", holder)]

    def speed_amoeba(self) -> Key:
        """The amoeba deciding on Speed's second move: an escaping victim, else the amoeba on turn."""
        return self.mover if self.motion == "escape" else (self.on_turn(), self.amoeba)

    def _opt_again(self) -> list[Move]:
        seat, num = self.speed_amoeba()
        return [Move("again", seat, num), Move("stop", seat, num)]

    def attack_targets(self, key: Key) -> list[Key]:
        """The amoebas ``key`` may attack on its square (Phase 1: no Armor, and not a victim it clung to
        as it escaped in this feeding; Phase 5: rivals only)."""
        square = self.sq[key]
        if self.phase == 5:
            return [k for k in self.on_square(square) if k[0] != key[0]]
        return [k for k in self.on_square(square) if k not in (key, self.spared) and not self.has(k[0], G.ARMOR)]

    def normal_meal_possible(self, key: Key) -> bool:
        """True when the amoeba finds its normal meal on its square (no gene needed)."""
        return finds_normal_meal(self.square_food(self.sq[key]), self.n, key[0])

    def _opt_feed(self) -> list[Move]:
        seat, num = key = (self.on_turn(), self.amoeba)
        square = self.sq[key]
        here = self.square_food(square)
        owned = self.genes[seat]
        gene_mask = (FRUGAL if G.FRUGALITY in owned else 0) | (SUBSTITUTE if G.SUBSTITUTION in owned else 0)
        hosts: list[int] = []
        if G.PARASITISM in owned:
            hosts = sorted({k[0] for k in self.on_square(square) if k[0] != seat and self.bp[k[0]] > 0})
        normal = self.normal_meal_possible(key)
        moves: list[Move] = []
        for mask in range(4):
            if mask & ~gene_mask:
                continue
            for v in meals(self.n, seat, mask):
                if all(a <= b for a, b in zip(v, here, strict=True)):
                    moves.append(Move("eat", seat, num, value=v))
            for host in hosts:
                for v in meals(self.n, seat, mask | PARASITE):
                    if all(a <= b for a, b in zip(v, here, strict=True)):
                        moves.append(Move("eat", seat, num, (host, 0), v))
        if not normal:
            moves.append(Move("starve", seat, num))
            if (G.STRUGGLE in owned or G.AGGRESSION in owned) and self.bp[seat] >= 1:
                moves += [Move("attack", seat, num, target) for target in self.attack_targets(key)]
        return moves

    def _opt_respond(self) -> list[Move]:
        seat, num = self.victim
        moves = [Move("yield", seat, num)]
        if seat == self.attacker[0]:
            return moves  # nobody resists their own attack
        if self.has(seat, G.DEFENSE):
            first = "D" not in self.flags and self.bp[seat] >= 1
            again = "D" in self.flags and "d" not in self.flags and self.has(seat, G.PERSISTENCE)
            if first or again:
                moves.append(Move("defend", seat, num))
        if self.has(seat, G.ESCAPE) and "E" not in self.flags and self.bp[seat] >= self.move_cost(seat):
            moves.append(Move("escape", seat, num))
        return moves

    def _opt_retry(self) -> list[Move]:
        seat, num = self.attacker
        give_up = Move("pass", seat) if self.phase == 5 else Move("starve", seat, num)
        return [give_up] + [Move("attack", seat, num, target) for target in self.attack_targets(self.attacker)]

    def _opt_defect(self) -> list[Move]:
        seat = self.on_turn()
        owned = sorted(self.genes[seat])
        values = [G.discard_value(g) for g in owned]
        moves = []
        for mask in range(1 << len(owned)):
            chosen = [i for i in range(len(owned)) if mask >> i & 1]
            paid = sum(values[i] for i in chosen)
            if paid >= self.debt:
                # Every discarded gene must be needed: without the cheapest one the debt is not covered.
                if chosen and paid - min(values[i] for i in chosen) >= self.debt:
                    continue
                bp = 0
            else:
                bp = self.debt - paid
                if bp > self.bp[seat]:
                    continue
            moves.append(Move("pay", seat, value=(bp, *(owned[i] for i in chosen))))
        return moves

    def copies_left(self, gene: int) -> int:
        """Cards of ``gene`` nobody owns now."""
        owners = sum(1 for g in self.genes if gene in g)
        return G.GENES[gene].copies_for(self.n) - owners

    def _opt_buy(self) -> list[Move]:
        seat = self.on_turn()
        owned = self.genes[seat]
        moves = [Move("done", seat)]
        for gene in G.GENES:
            i = gene.index
            if i in owned or gene.price > self.bp[seat] or self.copies_left(i) <= 0:
                continue
            if any(sup in owned for sup in G.SUPERIORS_OF[i]):
                continue  # the holder of a superior gene cannot buy its prerequisite
            if gene.superior:
                for pre in G.PREREQUISITES[i]:
                    if pre in owned and owned[pre] < self.round:
                        moves.append(Move("buy", seat, value=(i, pre)))
            else:
                moves.append(Move("buy", seat, value=(i, -1)))
        return moves

    def division_cost(self, seat: int) -> int:
        """BP a new amoeba costs ``seat`` now (0 for the free one when none is on the board)."""
        if not any(k[0] == seat for k in self.sq):
            return 0
        return TABLES.division_rate_cost if self.has(seat, G.DIVISION_RATE) else TABLES.division_cost

    def division_squares(self, seat: int) -> list[int]:
        """The squares where ``seat`` may place a new amoeba now: next to one of its amoebas, on a square
        without one. Anywhere free of its amoebas with Spores, or while it has at most one amoeba (the
        rule counts amoebas, not squares: two amoebas on one square bind the new one to that square)."""
        mine = {q for k, q in self.sq.items() if k[0] == seat}
        count = sum(1 for k in self.sq if k[0] == seat)
        if count <= 1 or self.has(seat, G.SPORES):
            return [q for q in range(SQUARES) if q not in mine]
        near = {a for q in mine for a in ADJACENT[q]}
        return sorted(near - mine)

    def _opt_divide(self) -> list[Move]:
        seat = self.on_turn()
        moves = [Move("done", seat)]
        if self.bp[seat] >= self.division_cost(seat):
            squares = self.division_squares(seat)
            moves += [Move("divide", seat, num, value=(q,)) for num in self.free_numbers(seat) for q in squares]
        return moves

    def aggression_options(self, seat: int) -> list[Move]:
        """Phase 5: every (own amoeba, rival amoeba on its square) pair ``seat`` may use Aggression on."""
        if self.bp[seat] < 1:
            return []
        return [
            Move("attack", seat, num, target)
            for (s, num) in sorted(self.sq)
            if s == seat
            for target in self.attack_targets((s, num))
        ]

    def _opt_aggress(self) -> list[Move]:
        seat = self.on_turn()
        return [Move("pass", seat), *self.aggression_options(seat)]

    # Running the machine.

    def advance(self) -> tuple[Move, ...] | None:
        """Run automatic steps until a chance node, a real decision or the end.

        Returns the legal moves of the decision reached (None at a chance node or the end).
        """
        while True:
            step = self.step
            if step in CHANCE_STEPS or step == "over":
                return None
            if step in DECISION_STEPS:
                moves = self.options()
                if len(moves) > 1:
                    return moves
                self.do(moves[0])
                continue
            INTERNAL[step](self)

    def do(self, move: Move) -> None:
        """Apply one move (already known to be legal or a possible chance outcome)."""
        HANDLERS[move.kind](self, move)

    # Setup and phase changes.

    def _card(self, move: Move) -> None:
        face = move.value[0]
        self.cards = (*self.cards, face)
        self.event("card", detail=FACES[face].label)
        if self.phase == 0:
            self.step = "setup_rolls"
        elif self.round >= 2:
            self.turn = 0
            self.step = "next_defect"
        else:
            self.step = "phase3"

    def _setup_rolls(self) -> None:
        self.step = "dice" if self.next_roller() is not None else "start"

    def _dice(self, move: Move) -> None:
        seat = self.next_roller()
        assert seat is not None
        rolls = list(self.rolls)
        rolls[seat] = (*rolls[seat], move.value[0])
        self.rolls = tuple(rolls)
        self.event("dice", seat, detail=str(move.value[0]))
        self.step = "setup_rolls"

    def _start(self, move: Move) -> None:
        self.scores[move.seat] = move.value[0]
        self.event("start", move.seat, detail=str(move.value[0]))
        if all(self.scores):
            self.order = self.ascending()
            self.turn = 0
            self.step = "place"

    def _place(self, move: Move) -> None:
        key = (move.seat, move.amoeba)
        self.sq[key] = move.value[0]
        self.dmg[key] = TABLES.per_players[self.n].first_amoeba_damage if self.turn < self.n else 0
        self.event("place", move.seat, move.amoeba, move.value[0])
        self.turn += 1
        if self.turn == 2 * self.n:
            self.step = "round"

    def _round(self) -> None:
        self.round += 1
        self.phase = 1
        self.order = self.ascending()
        self.turn = 0
        self.amoeba = 0
        self.step = "next_amoeba"

    def _next_amoeba(self) -> None:
        self.mover, self.motion, self.attacker, self.victim, self.flags = NOBODY, "", NOBODY, NOBODY, ""
        self.spared = NOBODY
        while self.turn < self.n:
            seat = self.order[self.turn]
            later = [num for (s, num) in self.sq if s == seat and num > self.amoeba]
            if later:
                self.amoeba = min(later)
                self.step = "act"
                return
            self.turn += 1
            self.amoeba = 0
        self.step = "phase2"

    def _phase2(self) -> None:
        self.phase = 2
        self.order = self.ascending()[::-1]
        self.turn = 0
        self.amoeba = 0
        self.step = "card"

    def _next_defect(self) -> None:
        ozone = FACES[self.card()].ozone
        while self.turn < self.n:
            seat = self.order[self.turn]
            debt = self.mp(seat) - ozone
            if debt > 0:
                self.debt = debt
                self.step = "defect"
                return
            self.turn += 1
        self.debt = 0
        self.step = "phase3"

    def _pay(self, move: Move) -> None:
        seat = move.seat
        self.bp[seat] -= move.value[0]
        genes = self.own_genes()[seat]
        for gene in move.value[1:]:
            del genes[gene]
        self.event("defect", seat, detail=payment_text(move))
        self.turn += 1
        self.step = "next_defect"

    def _phase3(self) -> None:
        self.phase = 3
        self.turn = 0
        self.step = "buy"

    def _buy(self, move: Move) -> None:
        seat, (gene, discard) = move.seat, move.value
        self.bp[seat] -= G.GENES[gene].price
        genes = self.own_genes()[seat]
        if discard >= 0:
            del genes[discard]
            self.event("discard", seat, detail=G.GENES[discard].id)
        genes[gene] = self.round
        self.event("buy", seat, detail=G.GENES[gene].id)

    def _done(self, move: Move) -> None:
        self.turn += 1
        if self.step == "buy":
            self.step = "phase4" if self.turn == self.n else "buy"
        else:
            self.step = "phase5" if self.turn == self.n else "income"

    def _phase4(self) -> None:
        self.phase = 4
        self.turn = 0
        self.step = "income"

    def _income(self) -> None:
        seat = self.on_turn()
        income = TABLES.per_players[self.n].income
        self.bp[seat] += income
        self.event("income", seat, detail=str(income))
        self.step = "divide"

    def _divide(self, move: Move) -> None:
        seat = move.seat
        cost = self.division_cost(seat)
        self.bp[seat] -= cost
        key = (seat, move.amoeba)
        self.sq[key] = move.value[0]
        self.dmg[key] = 0
        self.event("place", seat, move.amoeba, move.value[0], "free" if cost == 0 else str(cost))

    def add_cubes(self, square: int, each: int) -> None:
        """Put ``each`` cubes of every colour in play on ``square``, as far as the supply goes."""
        base = square * self.n
        for c in range(self.n):
            k = min(each, self.supply[c])
            self.food[base + c] += k
            self.supply[c] -= k

    def remove(self, key: Key, cubes: int) -> None:
        """Take an amoeba off the board (back to its owner) and leave ``cubes`` of each colour."""
        square = self.sq.pop(key)
        del self.dmg[key]
        self.add_cubes(square, cubes)

    def _phase5(self) -> None:
        self.phase = 5
        for seat in self.order:
            for key in sorted(k for k in self.sq if k[0] == seat):
                if self.dmg[key] >= self.limit(seat):
                    square = self.sq[key]
                    self.remove(key, TABLES.death_cubes)
                    self.event("death", seat, key[1], square)
        for t, seat in enumerate(self.order):
            if self.has(seat, G.AGGRESSION) and self.aggression_options(seat):
                self.turn = t
                self.step = "aggress"
                return
        self.step = "phase6"

    def _pass(self, move: Move) -> None:
        self.attacker, self.victim, self.flags = NOBODY, NOBODY, ""
        self.step = "phase6"

    def _phase6(self) -> None:
        self.phase = 6
        amoeba_table = TABLES.per_players[self.n].amoeba_scoring
        gene_table = TABLES.gene_card_scoring
        for seat in self.order:
            live = sum(1 for k in self.sq if k[0] == seat)
            cards = sum(G.scoring_cards(g) for g in self.genes[seat])
            spaces = amoeba_table[min(live, len(amoeba_table) - 1)] + gene_table[min(cards, len(gene_table) - 1)]
            # Leapfrog: occupied spaces are skipped and not counted.
            taken = {s for t, s in enumerate(self.scores) if t != seat}
            position, left = self.scores[seat], spaces
            while left:
                position += 1
                if position not in taken:
                    left -= 1
            self.scores[seat] = position
            self.event("score", seat, detail=f"+{spaces}>{position}")
        finished = any(s >= TABLES.finish_zone for s in self.scores)
        if finished or len(self.cards) >= DECK_SIZE:
            self.phase = 7
            self.step = "over"
            self.order = tuple(sorted(range(self.n), key=lambda s: -self.scores[s]))
            self.turn = 0
            self.event("end", detail="finish" if finished else "cards")
        else:
            self.step = "round"

    # Phase 1: moving.

    def _drift(self, move: Move) -> None:
        key = (move.seat, move.amoeba)
        direction = CARD_DRIFT[self.card()]
        origin = self.sq[key]
        if direction < 0 or STEP[origin][direction] == origin:
            # No drift, or into the edge or the island: the amoeba stays, nobody is asked anything.
            self.mover, self.motion = key, "drift"
            self.event("drift", key[0], key[1], origin, "" if direction < 0 else direction_name(direction))
            self.end_motion(False)
        else:
            self.begin_motion(key, "drift", direction)

    def _stay(self, move: Move) -> None:
        self.event("stay", move.seat, move.amoeba, self.sq[move.seat, move.amoeba])
        self.step = "feed"

    def _move(self, move: Move) -> None:
        self.bp[move.seat] -= self.move_cost(move.seat)
        self.begin_motion((move.seat, move.amoeba), "move", move.value[0] if move.value else -1)

    def _roll(self, move: Move) -> None:
        self.dice = move.value
        self.event("roll", self.mover[0], self.mover[1], detail=",".join(map(str, move.value)))
        self.step = "direction"

    def begin_motion(self, key: Key, motion: str, direction: int = -1) -> None:
        """The amoeba ``key`` is about to leave (``direction`` -1: not known yet). Holding decides first,
        before any die is rolled or way chosen; then the direction is found and the amoeba goes."""
        self.mover, self.motion, self.direction = key, motion, direction
        self.carry, self.clingers, self.held, self.dice = (), (), (), ()
        if self.cling_candidates():
            self.step = "cling"
        else:
            self.find_direction()

    def find_direction(self) -> None:
        """Once Holding has decided: go the known way, or roll / choose it the way the owner's genes say."""
        if self.direction >= 0:
            self.start_motion(self.mover, self.direction, self.motion)
        else:
            self.roll_or_choose()

    def roll_or_choose(self) -> None:
        """Find the direction of the mover's active move the way its owner's genes decide it."""
        self.dice = ()
        self.step = "direction" if self.has(self.mover[0], G.MOVEMENT_2) else "roll"

    def _dir(self, move: Move) -> None:
        self.dice = ()
        self.start_motion(self.mover, move.value[0], self.motion)

    def start_motion(self, key: Key, direction: int, motion: str) -> None:
        """The amoeba ``key`` goes ``direction``: its own Tentacle decides before it leaves."""
        self.mover, self.motion, self.direction = key, motion, direction
        origin = self.sq[key]
        if STEP[origin][direction] == origin:
            self.event(MOTION_EVENTS[motion], key[0], key[1], origin, direction_name(direction))
            self.end_motion(False)  # it did not leave: the clingers stay, with their cubes
        elif self.has(key[0], G.TENTACLE):
            self.step = "tentacle"
        else:
            self.execute_motion()

    def _take(self, move: Move) -> None:
        self.carry = move.value if any(move.value) else ()
        self.execute_motion()

    def _cling(self, move: Move) -> None:
        self.clingers = (*self.clingers, move.amoeba)
        self.held = (*self.held, *(move.value or (0,) * self.n))
        if not self.cling_candidates():
            self.find_direction()

    def _nocling(self, move: Move) -> None:
        self.find_direction()

    def move_cubes(self, origin: int, dest: int, cubes: tuple[int, ...]) -> None:
        """Carry ``cubes`` (per colour) from ``origin`` to ``dest``."""
        a, b = origin * self.n, dest * self.n
        for c, k in enumerate(cubes):
            self.food[a + c] -= k
            self.food[b + c] += k

    def execute_motion(self) -> None:
        """Move the mover, its cubes, and the amoebas clinging to it with theirs."""
        key = self.mover
        origin = self.sq[key]
        dest = STEP[origin][self.direction]
        if self.carry:
            self.move_cubes(origin, dest, self.carry)
        self.sq[key] = dest
        self.event(MOTION_EVENTS[self.motion], key[0], key[1], dest, direction_name(self.direction))
        if self.carry:
            self.event("tentacle", key[0], key[1], dest, cubes_text(self.carry))
        holder = self.holder()
        for i, num in enumerate(self.clingers):
            load = self.held[i * self.n : (i + 1) * self.n]
            self.sq[holder, num] = dest
            self.event("cling", holder, num, dest, target=key)
            if any(load):
                self.move_cubes(origin, dest, load)
                self.event("tentacle", holder, num, dest, cubes_text(load))
        self.end_motion(True)

    def end_motion(self, left: bool) -> None:
        """What follows a move (``left`` = the mover changed square)."""
        motion, clingers, key = self.motion, self.clingers, self.mover
        self.direction, self.carry, self.clingers, self.held, self.dice = -1, (), (), (), ()
        self.mover, self.motion = NOBODY, ""
        speedy = self.has(key[0], G.SPEED) or self.has(key[0], G.PERSISTENCE)
        if motion in ("drift", "again"):
            self.step = "feed"
        elif motion == "move":
            self.step = "again" if speedy else "feed"
        else:
            if left and self.attacker[0] == self.holder() and self.attacker[1] in clingers and "H" not in self.flags:
                self.flags += "H"  # Holding against Escape: the attacker went along; the attack is over
            if motion == "escape" and speedy:
                # Escape uses the movement genes: Speed (or Persistence) offers a free second move.
                self.mover, self.motion = key, "escape"
                self.step = "again"
            else:
                self.escape_over()

    def escape_over(self) -> None:
        """After the escape (and its second move): over if the attacker clung, missed if the victim got
        away from the attacker's square, otherwise the victim must still answer the attack."""
        attacker, victim = self.attacker, self.victim
        if "H" in self.flags:
            # The attack has ended: in Phase 1 the attacker may eat where it now is, but not attack
            # this victim again in this feeding.
            self.event("failed", attacker[0], attacker[1], self.sq[attacker], target=victim)
            self.spared = victim if self.phase == 1 else NOBODY
            self.attacker, self.victim, self.flags = NOBODY, NOBODY, ""
            self.step = "feed" if self.phase == 1 else "phase6"
        elif self.sq[victim] != self.sq[attacker]:
            self.attack_failed()
        else:
            self.step = "respond"  # the escape did not get away

    def _again(self, move: Move) -> None:
        escaping = self.motion == "escape"
        self.begin_motion((move.seat, move.amoeba), "escape2" if escaping else "again")

    def _stop(self, move: Move) -> None:
        if self.motion == "escape":
            self.mover, self.motion = NOBODY, ""
            self.escape_over()
        else:
            self.step = "feed"

    # Phase 1: feeding.

    def _eat(self, move: Move) -> None:
        seat, num = key = (move.seat, move.amoeba)
        square = self.sq[key]
        base = square * self.n
        for c, k in enumerate(move.value):
            self.food[base + c] -= k
            self.supply[c] += k
        self.event("eat", seat, num, square, cubes_text(move.value))
        host = move.target[0]
        if host >= 0:
            self.bp[host] -= 1
            self.event("parasite", seat, num, square, target=(host, 0))
        excreted = min(TABLES.excretion, self.supply[seat])
        self.food[base + seat] += excreted
        self.supply[seat] -= excreted
        self.event("excrete", seat, num, square, str(excreted))
        self.step = "next_amoeba"

    def _starve(self, move: Move) -> None:
        key = (move.seat, move.amoeba)
        self.dmg[key] += 1
        self.event("starve", key[0], key[1], self.sq[key], str(self.dmg[key]))
        self.attacker, self.victim, self.flags = NOBODY, NOBODY, ""
        self.step = "next_amoeba"

    # Attacks (Struggle for Survival in Phase 1, Aggression in Phase 5).

    def _attack(self, move: Move) -> None:
        key = (move.seat, move.amoeba)
        retry = self.step == "retry"
        if not retry:
            self.bp[move.seat] -= 1
        self.attacker, self.victim, self.flags = key, move.target, "R" if retry else ""
        detail = ("aggression" if self.phase == 5 else "struggle") + ("-retry" if retry else "")
        self.event("attack", key[0], key[1], self.sq[key], detail, target=move.target)
        self.step = "respond"

    def _yield(self, move: Move) -> None:
        self.event("yield", move.seat, move.amoeba, self.sq[self.victim])
        self.attack_succeeds()

    def attack_succeeds(self) -> None:
        """The victim is eaten (Phase 1) or killed (Phase 5; Armor takes 1 damage instead)."""
        victim, attacker = self.victim, self.attacker
        square = self.sq[victim]
        if self.phase == 5 and self.has(victim[0], G.ARMOR):
            self.dmg[victim] += 1
            self.event("armor", victim[0], victim[1], square, str(self.dmg[victim]))
            if self.dmg[victim] >= self.limit(victim[0]):
                self.remove(victim, TABLES.death_cubes)
                self.event("death", victim[0], victim[1], square)
        else:
            cubes = TABLES.death_cubes if self.phase == 5 else TABLES.struggle_cubes
            self.remove(victim, cubes)
            self.event("kill", attacker[0], attacker[1], square, target=victim)
        self.attacker, self.victim, self.flags = NOBODY, NOBODY, ""
        self.step = "phase6" if self.phase == 5 else "next_amoeba"

    def attack_failed(self) -> None:
        """The victim survived: a Persistence retry, else the attacker starves (Phase 1)."""
        attacker = self.attacker
        self.victim = NOBODY
        if self.has(attacker[0], G.PERSISTENCE) and "R" not in self.flags:
            self.flags = ""
            self.step = "retry"
            return
        self.flags = ""
        if self.phase == 5:
            self.attacker = NOBODY
            self.step = "phase6"
        else:
            self._starve(Move("starve", attacker[0], attacker[1]))

    def _defend(self, move: Move) -> None:
        retry = "D" in self.flags
        if retry:
            self.flags += "d"
        else:
            self.bp[move.seat] -= 1
            self.flags += "D"
        self.event("defend", move.seat, move.amoeba, self.sq[self.victim], "retry" if retry else "")
        self.step = "fight"

    def _fight(self, move: Move) -> None:
        a, d = move.value
        self.event("fight", self.attacker[0], self.attacker[1], self.sq[self.victim], f"{a}-{d}", self.victim)
        if a > d:
            self.step = "respond"
        else:
            self.event("failed", self.attacker[0], self.attacker[1], self.sq[self.attacker], target=self.victim)
            self.attack_failed()

    def _escape(self, move: Move) -> None:
        seat = move.seat
        self.bp[seat] -= self.move_cost(seat)
        self.flags += "E"
        self.begin_motion(self.victim, "escape")


INTERNAL: Final[dict[str, Callable[[Work], None]]] = {
    "setup_rolls": Work._setup_rolls,
    "round": Work._round,
    "next_amoeba": Work._next_amoeba,
    "phase2": Work._phase2,
    "next_defect": Work._next_defect,
    "phase3": Work._phase3,
    "phase4": Work._phase4,
    "income": Work._income,
    "phase5": Work._phase5,
    "phase6": Work._phase6,
}

OPTIONS: Final[dict[str, Callable[[Work], list[Move]]]] = {
    "start": Work._opt_start,
    "place": Work._opt_place,
    "act": Work._opt_act,
    "direction": Work._opt_direction,
    "tentacle": Work._opt_tentacle,
    "cling": Work._opt_cling,
    "again": Work._opt_again,
    "feed": Work._opt_feed,
    "respond": Work._opt_respond,
    "retry": Work._opt_retry,
    "defect": Work._opt_defect,
    "buy": Work._opt_buy,
    "divide": Work._opt_divide,
    "aggress": Work._opt_aggress,
}

HANDLERS: Final[dict[str, Callable[[Work, Move], None]]] = {
    "card": Work._card,
    "dice": Work._dice,
    "roll": Work._roll,
    "fight": Work._fight,
    "start": Work._start,
    "place": Work._place,
    "drift": Work._drift,
    "stay": Work._stay,
    "move": Work._move,
    "dir": Work._dir,
    "take": Work._take,
    "cling": Work._cling,
    "nocling": Work._nocling,
    "again": Work._again,
    "stop": Work._stop,
    "eat": Work._eat,
    "starve": Work._starve,
    "attack": Work._attack,
    "defend": Work._defend,
    "escape": Work._escape,
    "yield": Work._yield,
    "pay": Work._pay,
    "buy": Work._buy,
    "done": Work._done,
    "divide": Work._divide,
    "pass": Work._pass,
}


def chance_weights(cards: tuple[int, ...]) -> list[int]:
    """Cards of each face still in the deck."""
    left = list(FACE_COUNTS)
    for face in cards:
        left[face] -= 1
    return left
