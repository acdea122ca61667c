"""Ursuppe (Primordial Soup, Doris & Frank): the immutable state and its one-line text.

Rules: ``shared/rules/ursuppe.fr.txt`` and ``ursuppe-5-6-joueurs.fr.txt`` with the data and rulings of
``ursuppe.md``; every number comes from ``data/ursuppe.json``. The rules themselves run in
:mod:`games.ursuppe.engine` (a step machine), the notation in :mod:`games.ursuppe.notation`.

Flow: the first environment card is turned up, every player rolls two dice for the start order (ties
rolled again), from the highest down each takes a starting space on the score track, then starting
amoebas are placed (ascending, then descending). Each round then runs the six phases; the engine takes
every decision that has a single legal option itself and records it among the recent events.

Rulings the texts leave open (beyond ``ursuppe.md``):

- a player picks the number of each amoeba placed (``place 3 b2``); without a number the lowest free one;
- Substitution with 5–6 players eats one cube more than the normal meal over one colour fewer (each
  colour eaten at least once): 2+2+1 or 3+1+1;
- an amoeba starves or attacks only when its normal meal is missing; the feeding genes may then still
  be used, or not (then it starves or attacks);
- an escape with Movement II picks one of the four directions (staying put would not escape); with Speed
  or Persistence its optional second move follows it at once. The escape succeeds when the victim ends
  on another square than the attacker, and ends the attack when the attacker (with Holding) clung to it;
- Holding's cling comes before the mover's own Tentacle choice, so a clinger's cubes are taken first;
  a Movement II move is written with its direction only when nobody can cling (otherwise ``3 move``,
  then the cling decision, then the direction);
- a failed attack (Defense won, or the victim escaped without the attacker clinging) may be retried
  once for free with Persistence, against any target, unless it was itself that retry; a failed
  Defense may likewise be retried once; nobody resists an attack on their own amoeba;
- a score marker may run past the last space of the track (the game ends at that scoring anyway).

One-line state text (fields separated by spaces, ``-`` for an empty field)::

    ursuppe <players> r<round> p<phase> <step> cards=<faces> scores=.. bp=.. genes=.. amoebas=.. food=..
        order=.. turn=.. amoeba=.. mover=.. motion=.. dice=.. dir=.. carry=.. cling=.. held=.. attacker=..
        victim=.. flags=.. spared=.. rolls=.. debt=.. events=..

``genes`` is per seat ``gene@round`` (the round it was bought) joined by ``.``, seats by ``/``;
``amoebas`` is ``seat.number.square.damage`` joined by ``,``; ``food`` the cubes per colour of each
square in square order (``2.2.2.2/...``); ``events`` are ``index.kind.seat.amoeba.square.detail.
target_seat.target_amoeba`` joined by ``|``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Final

from games.base import GameOverError, IllegalMoveError, NotationError, NotYourTurnError, Outcome, Seat, Termination
from games.ursuppe import genes as G
from games.ursuppe.board import COORDS, INDEX, ISLAND, NAMES, SQUARES
from games.ursuppe.engine import CHANCE_STEPS, DECISION_STEPS, Work, chance_weights
from games.ursuppe.moves import (
    CHANCE_KINDS,
    DECK_SIZE,
    DICE_TOTALS,
    FACE_COUNTS,
    FACES,
    FIGHT,
    NOBODY,
    ONE_DIE,
    TWO_DICE,
    Ctx,
    Move,
)
from games.ursuppe.notation import canonical_key, format_move, parse_move
from games.ursuppe.tables import TABLES
from games.ursuppe.view import (
    PHASE_NAMES,
    AmoebaView,
    CardView,
    Decision,
    Event,
    GeneOffer,
    PlayerView,
    SquareView,
    View,
)

NAME: Final = "ursuppe"
STEPS: Final = CHANCE_STEPS | DECISION_STEPS | {"over"}


@dataclass(frozen=True)
class State:
    """An Ursuppe position (immutable; see the module docstring)."""

    players: int
    round: int
    phase: int
    """0 setup, 1..6 the phases, 7 game over."""
    step: str
    """The pending step (see :mod:`games.ursuppe.engine`)."""
    cards: tuple[int, ...]
    """Environment card faces turned up so far (index into :data:`games.ursuppe.moves.FACES`)."""
    scores: tuple[int, ...]
    bp: tuple[int, ...]
    genes: tuple[tuple[tuple[int, int], ...], ...]
    """Per seat: ``(gene, round bought)`` sorted by gene."""
    amoebas: tuple[tuple[int, int, int, int], ...]
    """``(seat, number, square, damage)`` of every amoeba on the board, sorted."""
    food: tuple[int, ...]
    """Cubes by square then colour: ``food[square * players + colour]``."""
    ctx: Ctx
    events: tuple[Event, ...]

    # Derived values (cached; never part of equality).

    @cached_property
    def supply(self) -> tuple[int, ...]:
        """Cubes of each colour not on the board."""
        n = self.players
        return tuple(TABLES.cubes_per_colour - sum(self.food[c::n]) for c in range(n))

    @cached_property
    def gene_dicts(self) -> tuple[dict[int, int], ...]:
        """Per seat: the round each gene was bought, by gene (the step machine's form; never changed: a machine
        copies them before a gene is bought or lost)."""
        return tuple(dict(g) for g in self.genes)

    @cached_property
    def options(self) -> tuple[Move, ...]:
        """The legal moves of the pending decision (empty at a chance node or at the end)."""
        if self.step not in DECISION_STEPS:
            return ()
        return Work(self).options()

    @cached_property
    def canonical_moves(self) -> dict[str, Move]:
        """The legal moves by the lookup form of their canonical notation."""
        return {canonical_key(format_move(self, m)): m for m in self.options}

    @cached_property
    def _chance(self) -> tuple[tuple[Move, Fraction], ...]:
        step = self.step
        if step == "card":
            left = chance_weights(self.cards)
            total = sum(left)
            return tuple((Move("card", value=(face,)), Fraction(k, total)) for face, k in enumerate(left) if k > 0)
        if step == "dice":
            return DICE_TOTALS
        if step == "roll":
            owner = self.ctx.mover[0]
            return TWO_DICE if any(g == G.MOVEMENT_1 for g, _ in self.genes[owner]) else ONE_DIE
        if step == "fight":
            return FIGHT
        return ()

    # The contract.

    def actors(self) -> tuple[Seat, ...]:
        """The seat that decides now (one at a time; empty at a chance node or at the end)."""
        return (self.options[0].seat,) if self.options else ()

    def is_chance(self) -> bool:
        """True when a card, the start-order dice, a movement roll or a Defense fight comes next."""
        return self.step in CHANCE_STEPS

    def chance_outcomes(self) -> tuple[tuple[Move, Fraction], ...]:
        """The possible outcomes with their exact probabilities (empty unless at a chance node)."""
        return self._chance

    def legal_moves(self, seat: Seat | None = None) -> tuple[Move, ...]:
        """The legal moves, sorted; for ``seat`` only when given."""
        if seat is None or (self.options and self.options[0].seat == seat):
            return self.options
        return ()

    def mover(self, move: Move) -> Seat | None:
        """The seat making ``move`` (None for a chance outcome)."""
        return None if move.kind in CHANCE_KINDS else move.seat

    def apply(self, move: Move) -> State:
        """The state after ``move`` and every automatic step that follows.

        Raises:
            GameOverError: the game is over.
            NotYourTurnError: the move is a decision of a seat that does not decide now.
            IllegalMoveError: the move is not legal (or not a possible chance outcome) now.
        """
        if self.step == "over":
            raise GameOverError("the game is over", key="game_over")
        if move.kind not in CHANCE_KINDS and move.seat not in self.actors():
            raise NotYourTurnError("it is not your decision", key="not_your_turn", params={"seat": move.seat})
        # A tuple's membership test looks for the very object first: a move picked from the options is found
        # without hashing them all.
        allowed = any(o == move for o, _ in self._chance) if self.is_chance() else move in self.options
        if not allowed:
            text = format_move(self, move)
            raise IllegalMoveError(
                f"{text} is not legal now",
                key="illegal_move",
                params={"move": text},
                legal=tuple(format_move(self, m) for m in self.options),
            )
        work = Work(self)
        work.do(move)
        return frozen(work, work.advance())

    @cached_property
    def _outcome(self) -> Outcome | None:
        if self.step != "over":
            return None
        ranking = tuple(sorted(range(self.players), key=lambda s: -self.scores[s]))
        return Outcome(Termination.NORMAL, winners=ranking[:1], ranking=ranking, scores=self.scores)

    def outcome(self) -> Outcome | None:
        """The ranking by score-track position once the game has ended."""
        return self._outcome

    def parse_move(self, text: str, seat: Seat | None = None) -> Move:
        """Read a move in Ursuppe notation (see :mod:`games.ursuppe.notation`)."""
        return parse_move(self, text, seat)

    def format_move(self, move: Move) -> str:
        """The canonical notation of ``move``."""
        return format_move(self, move)

    # The view.

    def view_for(self, seat: Seat | None) -> View:
        """Everything on the table (Ursuppe hides nothing); ``seat`` is only recorded."""
        if seat is None:
            return self._view
        views = self._seat_views
        if seat not in views:
            views[seat] = dataclasses.replace(self._view, viewer=seat)
        return views[seat]

    @cached_property
    def _seat_views(self) -> dict[Seat, View]:
        # Each seat's view is copied once per state: copying its twenty-odd fields costs about as much as
        # building the view, and a seat's view is asked for again and again.
        return {}

    @cached_property
    def _view(self) -> View:
        n = self.players
        on_square: dict[int, list[AmoebaView]] = {}
        for s, num, q, dmg in self.amoebas:
            on_square.setdefault(q, []).append(AmoebaView(s, num, dmg))
        squares = tuple(
            SquareView(
                NAMES[q], COORDS[q][0], COORDS[q][1], self.food[q * n : (q + 1) * n], tuple(on_square.get(q, ()))
            )
            for q in range(SQUARES)
        )
        owners = [0] * len(G.GENES)
        for owned in self.genes:
            for g, _ in owned:
                owners[g] += 1
        amoebas_max = TABLES.per_players[n].amoebas
        info = []
        for s in range(n):
            ids = [g for g, _ in self.genes[s]]
            on_board = sum(1 for a in self.amoebas if a[0] == s)
            info.append(
                PlayerView(
                    seat=s,
                    colour=TABLES.colours[s].id,
                    bp=self.bp[s],
                    genes=tuple(G.GENES[g].id for g in ids),
                    mp=sum(G.GENES[g].mp for g in ids),
                    gene_cards=sum(G.scoring_cards(g) for g in ids),
                    score=self.scores[s],
                    on_board=on_board,
                    reserve=amoebas_max - on_board,
                )
            )
        offers = tuple(
            GeneOffer(
                gene=g.id,
                price=g.price,
                mp=g.mp,
                copies=g.copies_for(n),
                left=g.copies_for(n) - owners[g.index],
                requires=g.requires,
            )
            for g in G.GENES
            if g.copies_for(n) > 0
        )
        card = FACES[self.cards[-1]] if self.cards else None
        ctx = self.ctx
        in_round = 1 <= self.phase <= 6 and ctx.order
        return View(
            viewer=None,
            players=n,
            colours=tuple(c.id for c in TABLES.colours[:n]),
            squares=squares,
            island=ISLAND,
            card=None if card is None else CardView(card.drift, card.ozone),
            cards_left=DECK_SIZE - len(self.cards),
            player_info=tuple(info),
            track_length=TABLES.track_length,
            finish_zone=TABLES.finish_zone,
            genes=offers,
            round=self.round,
            phase=self.phase,
            phase_name=PHASE_NAMES[self.phase],
            order=ctx.order,
            on_turn=ctx.order[ctx.turn] if in_round and ctx.turn < len(ctx.order) else None,
            decision=self._decision(),
            chance=self.step if self.is_chance() else "",
            events=self.events,
            supply=self.supply,
            outcome=self._outcome,
            position=self.to_text(),
        )

    def _decision(self) -> Decision | None:
        if not self.options:
            return None
        ctx, step = self.ctx, self.step
        amoeba: tuple[int, int] | None = None
        other: tuple[int, int] | None = None
        if step == "again" and ctx.mover != NOBODY:
            amoeba = ctx.mover  # Speed's second move after an escape
        elif step in ("act", "again", "feed"):
            amoeba = (ctx.order[ctx.turn], ctx.amoeba)
        elif step in ("direction", "tentacle"):
            amoeba = ctx.mover
        elif step == "cling":
            other = ctx.mover
        elif step == "respond":
            amoeba, other = ctx.victim, ctx.attacker
        elif step == "retry":
            amoeba = ctx.attacker
        return Decision(
            seat=self.options[0].seat,
            kind=step,
            amoeba=amoeba,
            other=other,
            amount=ctx.debt if step == "defect" else 0,
            dice=ctx.dice if step == "direction" else (),
            choices=tuple(format_move(self, m) for m in self.options),
        )

    # The state text.

    def to_text(self) -> str:
        """The one-line state text (see the module docstring)."""
        return self._text

    @cached_property
    def _text(self) -> str:
        # Written once per state: the state is immutable, and a playout, a save or a view asks for its text
        # several times (the event log makes it the costliest query of a long game).
        c = self.ctx

        def ints(values: tuple[int, ...], sep: str = ".") -> str:
            return sep.join(map(str, values)) if values else "-"

        def key(k: tuple[int, int]) -> str:
            return "-" if k == NOBODY else f"{k[0]}.{k[1]}"

        n = self.players
        genes = "/".join(".".join(f"{G.GENES[g].id}@{r}" for g, r in owned) or "-" for owned in self.genes)
        amoebas = ",".join(f"{s}.{m}.{NAMES[q]}.{d}" for s, m, q, d in self.amoebas) or "-"
        food = "/".join(".".join(map(str, self.food[q * n : (q + 1) * n])) for q in range(SQUARES))
        rolls = "/".join(ints(r) for r in c.rolls) if c.rolls else "-"
        events = "|".join(_event_text(e) for e in self.events) or "-"
        cards = ints(tuple(i for i in self.cards))
        fields = [
            NAME,
            str(n),
            f"r{self.round}",
            f"p{self.phase}",
            self.step,
            f"cards={cards}",
            f"scores={ints(self.scores)}",
            f"bp={ints(self.bp)}",
            f"genes={genes}",
            f"amoebas={amoebas}",
            f"food={food}",
            f"order={ints(c.order)}",
            f"turn={c.turn}",
            f"amoeba={c.amoeba}",
            f"mover={key(c.mover)}",
            f"motion={c.motion or '-'}",
            f"dice={ints(c.dice)}",
            f"dir={c.direction}",
            f"carry={ints(c.carry)}",
            f"cling={ints(c.clingers)}",
            f"held={ints(c.held)}",
            f"attacker={key(c.attacker)}",
            f"victim={key(c.victim)}",
            f"flags={c.flags or '-'}",
            f"spared={key(c.spared)}",
            f"rolls={rolls}",
            f"debt={c.debt}",
            f"events={events}",
        ]
        return " ".join(fields)


def _opt(value: int | None) -> str:
    return "-" if value is None else str(value)


@lru_cache(maxsize=4096)
def _event_text(e: Event) -> str:
    # Cached: the next state repeats every event of this one but the newest.
    return ".".join(
        (str(e.index), e.kind, _opt(e.seat), _opt(e.amoeba), e.square or "-", e.detail, _opt(e.target_seat),
         _opt(e.target_amoeba))
    )  # fmt: skip


def new_state(players: int) -> State:
    """The opening: no card yet, nobody placed, 2 cubes of every colour in play on every square."""
    if not TABLES.min_players <= players <= TABLES.max_players:
        raise ValueError(f"Ursuppe is for {TABLES.min_players} to {TABLES.max_players} players, not {players}")
    return State(
        players=players,
        round=0,
        phase=0,
        step="card",
        cards=(),
        scores=(0,) * players,
        bp=(TABLES.start_bp,) * players,
        genes=((),) * players,
        amoebas=(),
        food=(TABLES.start_cubes,) * (SQUARES * players),
        ctx=Ctx(rolls=((),) * players),
        events=(),
    )


# Reading a state text back.


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f"not an Ursuppe state text ({why}): {text[:80]!r}...", key="ursuppe.bad_state")


_INT = re.compile(r"-?\d+")


def _int(text: str, field: str, raw: str, lo: int = 0, hi: int = 10**6) -> int:
    if not _INT.fullmatch(text) or not lo <= int(text) <= hi:
        raise _bad(raw, f"bad {field} {text!r}")
    return int(text)


def _ints(text: str, field: str, raw: str, sep: str = ".", lo: int = 0, hi: int = 10**6) -> tuple[int, ...]:
    if text == "-":
        return ()
    parts = text.split(sep)
    if all(map(_INT.fullmatch, parts)):
        values = tuple(map(int, parts))
        if lo <= min(values) and max(values) <= hi:
            return values
    # A bad number: read them one by one to name it.
    return tuple(_int(t, field, raw, lo, hi) for t in parts)


def _key(text: str, field: str, raw: str, players: int) -> tuple[int, int]:
    if text == "-":
        return NOBODY
    parts = text.split(".")
    if len(parts) != 2:
        raise _bad(raw, f"bad {field}")
    return _int(parts[0], field, raw, 0, players - 1), _int(parts[1], field, raw, 1, 7)


def _opt_int(text: str, field: str, raw: str) -> int | None:
    return None if text == "-" else _int(text, field, raw)


def _read_event(text: str, raw: str) -> Event:
    """The event ``text`` names, read once for all the states whose log holds it; a bad one is read again to
    name the whole state text ``raw`` in the error."""
    try:
        return _cached_event(text)
    except NotationError:
        return _event(text, raw)


@lru_cache(maxsize=4096)
def _cached_event(text: str) -> Event:
    return _event(text, text)


def _event(text: str, raw: str) -> Event:
    parts = text.split(".")
    if len(parts) != 8 or not parts[1].isalpha():
        raise _bad(raw, f"bad event {text!r}")
    square = None if parts[4] == "-" else parts[4]
    if square is not None and square not in INDEX:
        raise _bad(raw, f"bad event square {square!r}")
    return Event(
        kind=parts[1],
        seat=_opt_int(parts[2], "event seat", raw),
        amoeba=_opt_int(parts[3], "event amoeba", raw),
        square=square,
        detail=parts[5],
        target_seat=_opt_int(parts[6], "event target", raw),
        target_amoeba=_opt_int(parts[7], "event target", raw),
        index=_int(parts[0], "event index", raw, 1),
    )


FIELDS: Final = (
    "cards", "scores", "bp", "genes", "amoebas", "food", "order", "turn", "amoeba", "mover", "motion", "dice", "dir",
    "carry", "cling", "held", "attacker", "victim", "flags", "spared", "rolls", "debt", "events",
)  # fmt: skip


def from_text(text: str) -> State:
    """Build a state from :meth:`State.to_text`'s one-line form, checking it thoroughly.

    Texts written before the fields ``held`` and ``spared`` existed (snapshots of matches under way) are
    read as having both empty.

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    tokens = text.split()
    if len(tokens) == 3 + len(FIELDS) and not any(t.startswith(("held=", "spared=")) for t in tokens):
        at = {t.partition("=")[0]: i for i, t in enumerate(tokens)}
        if "cling" in at and "flags" in at:
            tokens.insert(at["flags"] + 1, "spared=-")
            tokens.insert(at["cling"] + 1, "held=-")
            text = " ".join(tokens)
    if len(tokens) != 5 + len(FIELDS) or tokens[0] != NAME:
        raise _bad(text, f"expected {5 + len(FIELDS)} fields starting with {NAME!r}")
    n = _int(tokens[1], "players", text, TABLES.min_players, TABLES.max_players)
    if not (tokens[2].startswith("r") and tokens[3].startswith("p")):
        raise _bad(text, "round and phase must read r<round> p<phase>")
    round_ = _int(tokens[2][1:], "round", text, 0, DECK_SIZE)
    phase = _int(tokens[3][1:], "phase", text, 0, 7)
    step = tokens[4]
    if step not in STEPS:
        raise _bad(text, f"unknown step {step!r}")
    f: dict[str, str] = {}
    for token, name in zip(tokens[5:], FIELDS, strict=True):
        prefix = name + "="
        if not token.startswith(prefix):
            raise _bad(text, f"expected the field {name}")
        f[name] = token[len(prefix) :]

    cards = _ints(f["cards"], "card", text, hi=len(FACES) - 1)
    if any(cards.count(face) > FACE_COUNTS[face] for face in set(cards)):
        raise _bad(text, "more cards of a kind than the deck holds")
    scores = _ints(f["scores"], "score", text)
    bp = _ints(f["bp"], "BP", text)
    if len(scores) != n or len(bp) != n:
        raise _bad(text, "scores and BP need one value per seat")
    placed = [s for s in scores if s]
    if len(set(placed)) != len(placed):
        raise _bad(text, "two score markers share a space")

    seats_genes = f["genes"].split("/")
    if len(seats_genes) != n:
        raise _bad(text, "genes need one field per seat")
    genes: list[tuple[tuple[int, int], ...]] = []
    owners = [0] * len(G.GENES)
    for field in seats_genes:
        owned: list[tuple[int, int]] = []
        for item in [] if field == "-" else field.split("."):
            gid, _, r = item.partition("@")
            if gid not in G.BY_ID:
                raise _bad(text, f"unknown gene {gid!r}")
            owned.append((G.BY_ID[gid].index, _int(r, "gene round", text, 0, DECK_SIZE)))
        if [g for g, _ in owned] != sorted({g for g, _ in owned}):
            raise _bad(text, "a seat's genes must be listed once each, in gene order")
        for g, _ in owned:
            owners[g] += 1
        genes.append(tuple(owned))
    if any(owners[g.index] > g.copies_for(n) for g in G.GENES):
        raise _bad(text, "more copies of a gene owned than the deck holds")

    amoebas: list[tuple[int, int, int, int]] = []
    for item in [] if f["amoebas"] == "-" else f["amoebas"].split(","):
        parts = item.split(".")
        if len(parts) != 4 or parts[2] not in INDEX:
            raise _bad(text, f"bad amoeba {item!r}")
        amoebas.append(
            (
                _int(parts[0], "amoeba seat", text, 0, n - 1),
                _int(parts[1], "amoeba number", text, 1, TABLES.per_players[n].amoebas),
                INDEX[parts[2]],
                _int(parts[3], "damage", text),
            )
        )
    if amoebas != sorted(amoebas) or len({(a[0], a[1]) for a in amoebas}) != len(amoebas):
        raise _bad(text, "amoebas must be listed once each, sorted")

    squares = f["food"].split("/")
    if len(squares) != SQUARES:
        raise _bad(text, f"food needs {SQUARES} squares")
    food: list[int] = []
    for cubes in squares:
        values = _ints(cubes, "food", text, hi=TABLES.cubes_per_colour)
        if len(values) != n:
            raise _bad(text, "food needs one count per colour on every square")
        food.extend(values)
    if any(sum(food[c::n]) > TABLES.cubes_per_colour for c in range(n)):
        raise _bad(text, f"more than {TABLES.cubes_per_colour} cubes of a colour on the board")

    order = _ints(f["order"], "order", text, hi=n - 1)
    if order and sorted(order) != list(range(n)):
        raise _bad(text, "the order must list every seat once")
    rolls = tuple(_ints(r, "roll", text, lo=2, hi=12) for r in f["rolls"].split("/")) if f["rolls"] != "-" else ()
    if rolls and len(rolls) != n:
        raise _bad(text, "rolls need one field per seat")
    dice = _ints(f["dice"], "dice", text, lo=1, hi=6)
    carry = _ints(f["carry"], "carry", text)
    if carry and len(carry) != n:
        raise _bad(text, "carried cubes need one count per colour")
    flags = "" if f["flags"] == "-" else f["flags"]
    if not re.fullmatch(r"[DdERH]*", flags):
        raise _bad(text, "bad attack flags")
    motion = "" if f["motion"] == "-" else f["motion"]
    if motion not in ("", "drift", "move", "again", "escape", "escape2"):
        raise _bad(text, "bad motion")
    clingers = _ints(f["cling"], "clinger", text, lo=1, hi=7)
    held = _ints(f["held"], "held", text)
    if len(held) != n * len(clingers):
        raise _bad(text, "held cubes need one count per colour for every clinger")
    ctx = Ctx(
        order=order,
        turn=_int(f["turn"], "turn", text, 0, 2 * n),
        amoeba=_int(f["amoeba"], "amoeba", text, 0, 7),
        mover=_key(f["mover"], "mover", text, n),
        motion=motion,
        dice=dice,
        direction=_int(f["dir"], "direction", text, -1, 4),
        carry=carry,
        clingers=clingers,
        held=held,
        attacker=_key(f["attacker"], "attacker", text, n),
        victim=_key(f["victim"], "victim", text, n),
        flags=flags,
        spared=_key(f["spared"], "spared", text, n),
        rolls=rolls,
        debt=_int(f["debt"], "debt", text),
    )
    events = tuple(_read_event(e, text) for e in f["events"].split("|")) if f["events"] != "-" else ()
    state = State(
        players=n,
        round=round_,
        phase=phase,
        step=step,
        cards=cards,
        scores=scores,
        bp=bp,
        genes=tuple(genes),
        amoebas=tuple(amoebas),
        food=tuple(food),
        ctx=ctx,
        events=events,
    )
    _check_consistency(state, text)
    return state


def _check_consistency(state: State, text: str) -> None:
    """Refuse a text whose parts contradict each other (or that does not read back the same)."""
    keys = {(a[0], a[1]) for a in state.amoebas}
    c = state.ctx
    if (state.step == "over") != (state.phase == 7):
        raise _bad(text, "the game is over exactly at phase 7")
    if state.phase >= 1 and len(state.cards) == 0:
        raise _bad(text, "a round cannot start before the first card")
    if state.phase in (1, 2, 3, 4, 5, 6) and (not c.order or not 0 <= c.turn < state.players):
        raise _bad(text, "the phase needs a player order and a player on turn")
    for name, ref in (("mover", c.mover), ("attacker", c.attacker), ("victim", c.victim)):
        if ref != NOBODY and ref not in keys:
            raise _bad(text, f"the {name} is not on the board")
    if state.step in ("direction", "tentacle", "roll", "cling") and c.mover == NOBODY:
        raise _bad(text, "a move step needs a mover")
    if state.step in ("respond", "fight") and (c.victim == NOBODY or c.attacker == NOBODY):
        raise _bad(text, "an attack step needs an attacker and a victim")
    if state.step == "retry" and c.attacker == NOBODY:
        raise _bad(text, "a retry needs an attacker")
    on_turn_steps = ("act", "feed") if c.mover != NOBODY else ("act", "again", "feed")
    if state.step in on_turn_steps and (c.order[c.turn], c.amoeba) not in keys:
        raise _bad(text, "the amoeba on turn is not on the board")
    if state.step == "dice" and len(c.rolls) != state.players:
        raise _bad(text, "the start-order rolls need one field per seat")
    if state.step in ("start", "place") and not c.rolls:
        raise _bad(text, "the setup needs the start-order rolls")
    try:
        if state.step in DECISION_STEPS and not state.options:
            raise _bad(text, f"nobody can decide at step {state.step}")
    except (KeyError, IndexError, ValueError) as err:
        raise _bad(text, f"inconsistent position ({err})") from err
    if state.to_text() != " ".join(text.split()):
        raise _bad(text, "not in canonical form")


def frozen(work: Work, options: tuple[Move, ...] | None) -> State:
    """The frozen state the step machine reached; ``options`` (the decision's legal moves, if known) is cached
    in it, with the supply the machine counted."""
    # The dataclass's own constructor sets each field through ``object.__setattr__`` (it is frozen); the fields
    # are written into the new state's dictionary at once instead, as that constructor would leave it.
    state = object.__new__(State)
    state.__dict__.update(work.state_fields())
    state.__dict__["supply"] = tuple(work.supply)
    if options is not None:
        state.__dict__["options"] = options
    return state


def settled(state: State) -> State:
    """``state`` after every automatic step from its step on.

    Test positions may be built at an internal step of the engine, such as ``round`` (a new round
    begins), ``phase2`` .. ``phase6`` or ``next_amoeba``; this runs the machine to the next real decision.
    """
    work = Work(state)
    return frozen(work, work.advance())
