"""Standing orders as data (issue 36, item 3): each order of Ursuppe and Ultima-Tek plays its routine move, each
"but ask me if …" stop leaves the choice to the member, and the books refuse what they do not offer."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from bench.kept_orders import WIDER_BUY, kept_orders
from bot.app.orders import ORDER_BOOKS, Order, OrderError, book_for, decode, encode
from bot.app.orders.base import MAX_TEXT, merged, without
from games.ultimatek.model import BONUS, END, REVEAL, Action
from games.ultimatek.state import State as Tek
from games.ultimatek.state import new_state as new_tek
from games.ursuppe import genes as G
from games.ursuppe.engine import Work
from games.ursuppe.feeding import meals
from games.ursuppe.moves import Move
from games.ursuppe.state import State as Soup
from games.ursuppe.state import new_state as new_soup
from games.ursuppe.tables import TABLES

SOUP = ORDER_BOOKS["ursuppe"]
TEK = ORDER_BOOKS["ultimatek"]


def reach(state: Any, wanted: Callable[[Any], bool], seed: int, limit: int = 4000) -> Any:
    """The first position of a game played at random (``seed``) where ``wanted`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.outcome() is not None:
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        if wanted(state):
            return state
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no such position in this game")


def soup_at(step: str, seed: int = 1, players: int = 4, extra: Callable[[Soup], bool] = lambda s: True) -> Soup:
    return reach(new_soup(players), lambda s: s.step == step and extra(s), seed)  # type: ignore[no-any-return]


def seat_of(state: Any) -> int:
    (seat,) = state.actors()
    return int(seat)


# Ursuppe: each order plays its move.


def test_drift_with_the_current_drifts_the_amoeba_on_turn() -> None:
    s = soup_at("act")
    seat = seat_of(s)
    assert SOUP.choose([Order("drift")], s, seat) == Move("drift", seat, s.ctx.amoeba)
    assert SOUP.choose([Order("feed"), Order("genes")], s, seat) is None, "no order for this step: ask"


def test_the_usual_meal_is_eaten_when_at_hand_and_never_a_gene_meal() -> None:
    s = soup_at("feed", extra=lambda s: any(m.kind == "eat" and m.target == (-1, 0) for m in s.options))
    seat = seat_of(s)
    move = SOUP.choose([Order("feed")], s, seat)
    assert isinstance(move, Move) and move.kind == "eat" and move.target == (-1, 0) and move in s.options


def test_no_normal_meal_always_asks() -> None:
    s = soup_at("feed", seed=3, extra=lambda s: any(m.kind == "starve" for m in s.options))
    assert SOUP.choose([Order("feed")], s, seat_of(s)) is None


def test_buy_no_gene_unless_a_chosen_one_is_on_offer() -> None:
    s = soup_at("buy", extra=lambda s: any(m.kind == "buy" for m in s.options))
    seat = seat_of(s)
    offered = {G.GENES[m.value[0]].id for m in s.options if m.kind == "buy"}
    absent = next(g.id for g in G.GENES if g.id not in offered)
    assert SOUP.choose([Order("genes", (absent,))], s, seat) == Move("done", seat)
    assert SOUP.choose([Order("genes", (absent, sorted(offered)[0]))], s, seat) is None, "one is on offer: ask"
    assert SOUP.choose([Order("genes")], s, seat) == Move("done", seat), "no gene chosen: never buy"


def test_buy_the_chosen_genes_on_offer_and_no_other() -> None:
    s = soup_at("buy", extra=lambda s: len({m.value[0] for m in s.options if m.kind == "buy"}) > 1)
    seat = seat_of(s)
    offered = sorted({m.value[0] for m in s.options if m.kind == "buy"})
    absent = next(g.id for g in G.GENES if g.index not in offered)
    # The first chosen on offer, in the gene table's order; none of them on offer: no gene.
    chosen = (G.GENES[offered[-1]].id, G.GENES[offered[0]].id, absent)
    move = SOUP.choose([Order("buy", chosen)], s, seat)
    assert isinstance(move, Move) and move.kind == "buy" and move.value[0] == offered[0] and move in s.options
    assert SOUP.choose([Order("buy", (absent,))], s, seat) == Move("done", seat)
    # Once bought, the next chosen gene on offer, while the BP last.
    after = s.apply(move)
    if after.step == "buy" and after.actors() == (seat,):
        again = SOUP.choose([Order("buy", chosen)], after, seat)
        assert again == Move("done", seat) or (
            isinstance(again, Move) and again.kind == "buy" and again in after.options
        )


def test_from_five_players_the_kept_buy_order_spends_on_eight_genes() -> None:
    # At 6 players the three genes alone left the BP idle once the amoebas were out (17.5 points of win rate):
    # the order a member keeps there names eight, bought in the gene table's order while the BP last.
    wider = {G.BY_ID[g].index for g in WIDER_BUY}
    s = soup_at("buy", players=6, extra=lambda s: any(m.kind == "buy" and m.value[0] in wider for m in s.options))
    seat = seat_of(s)
    (order,) = (o for o in kept_orders("ursuppe", players=6) if o.kind == "buy")
    move = SOUP.choose([order], s, seat)
    first = min(m.value[0] for m in s.options if m.kind == "buy" and m.value[0] in wider)
    assert isinstance(move, Move) and move.kind == "buy" and move.value[0] == first and move in s.options
    (three,) = (o for o in kept_orders("ursuppe", players=4) if o.kind == "buy")
    assert len(three.values) == 3 and set(three.values) < set(G.BY_ID)


def test_no_division_unless_fewer_amoebas_than_chosen() -> None:
    s = soup_at("divide", extra=lambda s: any(m.kind == "divide" for m in s.options))
    seat = seat_of(s)
    mine = sum(1 for a in s.amoebas if a[0] == seat)
    assert SOUP.choose([Order("divide", (str(mine),))], s, seat) == Move("done", seat)
    assert SOUP.choose([Order("divide", (str(mine + 1),))], s, seat) is None


def test_grow_divides_while_fewer_amoebas_than_chosen_onto_the_best_fed_square() -> None:
    s = soup_at("divide", extra=lambda s: len({m.value for m in s.options if m.kind == "divide"}) > 1)
    seat = seat_of(s)
    mine = sum(1 for a in s.amoebas if a[0] == seat)
    move = SOUP.choose([Order("grow", (str(mine + 1),))], s, seat)
    assert isinstance(move, Move) and move.kind == "divide" and move in s.options
    # Where the new amoeba finds its normal meal, the most food of the other colours.
    offered = sorted({m.value[0] for m in s.options if m.kind == "divide"})
    fed = [q for q in offered if can_eat(s, seat, q)]
    assert can_eat(s, seat, move.value[0]) == bool(fed)
    assert others(s, seat, move.value[0]) == max(others(s, seat, q) for q in fed or offered)
    # Once they have as many as chosen, no division; none either when they cannot pay for one.
    assert SOUP.choose([Order("grow", (str(mine),))], s, seat) == Move("done", seat)
    broke = dataclasses.replace(s, bp=tuple(0 if i == seat else b for i, b in enumerate(s.bp)))
    if not any(m.kind == "divide" for m in broke.options):
        assert SOUP.choose([Order("grow", ("7",))], broke, seat) == Move("done", seat)


def others(s: Soup, seat: int, square: int) -> int:
    """Cubes of the other colours on ``square``."""
    here = s.food[square * s.players : square * s.players + s.players]
    return sum(count for colour, count in enumerate(here) if colour != seat)


def can_eat(s: Soup, seat: int, square: int) -> bool:
    """An amoeba of ``seat`` finds its normal meal on ``square``."""
    here = s.food[square * s.players : square * s.players + s.players]
    return any(all(a <= b for a, b in zip(meal, here, strict=True)) for meal in meals(s.players, seat, 0))


def test_a_gene_defect_is_paid_in_bp() -> None:
    s = soup_at("defect", extra=lambda s: any(m.kind == "pay" and len(m.value) == 1 for m in s.options))
    seat = seat_of(s)
    move = SOUP.choose([Order("pay")], s, seat)
    assert isinstance(move, Move) and move.kind == "pay" and move.value == (s.ctx.debt,)


def test_never_use_aggression_passes() -> None:
    s = soup_at("divide")
    seat = seat_of(s)
    aggress = dataclasses.replace(s, step="aggress")
    assert Move("pass", seat) in aggress.options
    assert SOUP.choose([Order("aggression")], aggress, seat) == Move("pass", seat)


# Ursuppe: each stop asks the member.


def test_stop_attacked_asks_for_the_rest_of_the_round() -> None:
    s = soup_at("act")
    seat = seat_of(s)
    rival = (seat + 1) % s.players
    last = s.events[-1]
    attack = dataclasses.replace(last, kind="attack", seat=rival, target_seat=seat, index=last.index + 1)
    hit = dataclasses.replace(s, events=(*s.events, attack))
    order = Order("drift", stops=("attacked",))
    assert SOUP.choose([order], s, seat) is not None
    assert SOUP.choose([order], hit, seat) is None
    assert SOUP.choose([Order("drift")], hit, seat) is not None, "without the stop the order plays"


def test_stop_danger_asks_when_a_rival_able_to_attack_shares_a_square() -> None:
    s = soup_at("act")
    seat = seat_of(s)
    mine = next(a for a in s.amoebas if a[0] == seat)
    rival = (seat + 1) % s.players
    moved = tuple(sorted((*[a for a in s.amoebas if a[0] != rival], (rival, 1, mine[2], 0))))
    fighter = tuple(((G.STRUGGLE, 1),) if i == rival else g for i, g in enumerate(s.genes))
    near = dataclasses.replace(s, amoebas=moved)
    armed = dataclasses.replace(near, genes=fighter)
    order = Order("drift", stops=("danger",))
    assert SOUP.choose([order], near, seat) is not None, "a rival that cannot attack is no danger"
    assert SOUP.choose([order], armed, seat) is None


def test_stop_dying_asks_when_an_amoeba_is_one_damage_from_death() -> None:
    s = soup_at("act")
    seat = seat_of(s)

    def damaged(damage: int) -> Soup:
        return dataclasses.replace(s, amoebas=tuple((o, n, q, damage if o == seat else d) for o, n, q, d in s.amoebas))

    order = Order("drift", stops=("dying",))
    assert SOUP.choose([order], damaged(0), seat) is not None
    assert SOUP.choose([order], damaged(TABLES.damage_limit - 1), seat) is None


def test_stop_starve_looks_where_the_drift_ends() -> None:
    s = soup_at("act")
    seat = seat_of(s)
    order = Order("drift", stops=("starve",))
    assert SOUP.choose([order], s, seat) is not None
    empty = dataclasses.replace(s, food=(0,) * len(s.food))
    assert SOUP.choose([order], empty, seat) is None


def test_stop_starve_does_not_fire_when_the_amoeba_eats_where_it_drifts() -> None:
    def fed_after_drift(s: Soup) -> bool:
        seat = s.actors()[0] if s.actors() else -1
        if s.step != "act" or Move("drift", seat, s.ctx.amoeba) not in s.options:
            return False
        key = (seat, s.ctx.amoeba)
        after = s.apply(Move("drift", *key))
        ate = any(e.kind == "eat" and (e.seat, e.amoeba) == key for e in after.events[-3:])
        # It ate the last normal meal there: looking after the drift would see none left.
        return ate and key in Work(after).sq and not Work(after).normal_meal_possible(key)

    s = soup_at("act", seed=2, extra=fed_after_drift)
    seat = seat_of(s)
    assert SOUP.choose([Order("drift", stops=("starve",))], s, seat) == Move("drift", seat, s.ctx.amoeba)


# Ultima-Tek.


def tek_at(phase: int, seed: int = 1, extra: Callable[[Tek], bool] = lambda s: True) -> Tek:
    return reach(new_tek(), lambda s: s.phase == phase and bool(s.decisions) and extra(s), seed)  # type: ignore[no-any-return]


def test_reveal_my_bonuses_of_the_kinds_chosen() -> None:
    s = tek_at(REVEAL)
    seat = s.to_act
    first = next(p for p in s.pieces if p.side == seat and p.bonus and not p.face_up)
    assert TEK.choose([Order("reveal", (first.bonus,))], s, seat) == Action("reveal", first.hex)
    others = tuple(k for k in ("run", "run/", "fly", "fly/", "fly+/", "stop") if k != first.bonus)
    assert TEK.choose([Order("reveal", others)], s, seat) is None


def test_end_my_actions_after_the_bonuses_i_chose() -> None:
    s = tek_at(BONUS, extra=lambda s: any(m.verb == "place" for m in s.decisions))
    seat = s.to_act
    held = {m.kind for m in s.decisions if m.verb == "place"}
    assert TEK.choose([Order("bonuses", tuple(sorted(held)))], s, seat) is None, "a chosen bonus to place: ask"
    assert TEK.choose([Order("bonuses")], s, seat) == END
    placed = s.apply(next(m for m in s.decisions if m.verb == "place"))
    if placed.phase == BONUS and placed.to_act == seat:
        still = {m.kind for m in placed.decisions if m.verb == "place"}
        expected = None if still & held else END
        assert TEK.choose([Order("bonuses", tuple(sorted(held)))], placed, seat) == expected


def test_tek_stops_threat_and_blocked() -> None:
    s = tek_at(BONUS)
    seat = s.to_act
    mine = next(p for p in s.pieces if p.side == seat)
    theirs = next(p for p in s.pieces if p.side != seat)
    threatened = dataclasses.replace(
        s,
        pieces=tuple(
            sorted(
                dataclasses.replace(p, hex=mine.hex, bonus="run", face_up=False) if p == theirs else p for p in s.pieces
            )
        ),
    )
    blocked = dataclasses.replace(
        s,
        pieces=tuple(sorted(dataclasses.replace(p, bonus="stop", face_up=True) if p == mine else p for p in s.pieces)),
    )
    for stop, position in (("threat", threatened), ("blocked", blocked)):
        order = Order("bonuses", stops=(stop,))
        assert TEK.choose([order], s, seat) == END
        assert TEK.choose([order], position, seat) is None, stop


# The books: checked, bounded, stored as text.


def test_every_order_and_stop_is_checked() -> None:
    assert SOUP.check(Order("genes", ("speed", "armor", "speed"), ("danger",))) == Order(
        "genes", ("armor", "speed"), ("danger",)
    )
    for bad, key in (
        (Order("teleport"), "orders_kind"),
        (Order("genes", ("wings",)), "orders_value"),
        (Order("drift", stops=("boredom",)), "orders_stop"),
        (Order("feed", stops=("starve",)), "orders_stop"),
        (Order("divide"), "orders_count"),
        (Order("divide", ("3", "4")), "orders_count"),
        (Order("genes", tuple(g.id for g in G.GENES[:9])), "orders_count"),
    ):
        with pytest.raises(OrderError) as refused:
            SOUP.check(bad)
        assert refused.value.key == key, bad
    assert book_for("ur") is None and book_for("subulata") is None


def test_orders_are_kept_as_a_short_text_one_per_kind() -> None:
    orders = merged(SOUP, (), Order("drift", stops=("starve", "danger")))
    orders = merged(SOUP, orders, Order("genes", ("speed",)))
    orders = merged(SOUP, orders, Order("genes", ("armor", "defense")))
    assert orders == (Order("drift", (), ("danger", "starve")), Order("genes", ("armor", "defense")))
    text = encode(orders)
    assert text == "drift::danger,starve;genes:armor,defense:" and decode(text) == orders
    assert without(orders, "drift") == (Order("genes", ("armor", "defense")),) and without(orders, None) == ()
    every = tuple(SOUP.check(Order(k.name, k.values[: k.pick[1]][:8], k.stops)) for k in SOUP.kinds)
    assert len(encode(every)) <= MAX_TEXT, "every order at its largest fits"
    assert decode("drift::;junk;:x:;genes:a") == (Order("drift"),)
