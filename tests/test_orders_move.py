"""Ursuppe's usual move (issue 36, item 3): an amoeba whose drift leads away from its meal moves toward the nearest
square where it finds it, the way chosen after the dice; the drift's ``starve`` stop hands the decision to it
instead of asking; the safety stops still ask."""

from __future__ import annotations

import dataclasses

import pytest

from bot.app.i18n import t
from bot.app.orders import ORDER_BOOKS, Order
from bot.app.orders.ursuppe import FAR, meal_distances
from bot.app.orders.words import order_line
from games.ursuppe import genes as G
from games.ursuppe.board import ADJACENT, STAY, STEP
from games.ursuppe.engine import CARD_DRIFT, Work
from games.ursuppe.feeding import meals
from games.ursuppe.moves import Move
from games.ursuppe.state import State as Soup
from tests.test_orders import seat_of, soup_at

SOUP = ORDER_BOOKS["ursuppe"]
USUAL = Order("move")
DRIFT = Order("drift", stops=("danger", "starve"))


def drifts_away(s: Soup) -> bool:
    """The current takes the amoeba on turn to another square."""
    if s.step != "act" or not s.options:
        return False
    here = Work(s).sq[s.options[0].seat, s.ctx.amoeba]
    way = CARD_DRIFT[s.cards[-1]]
    return way >= 0 and STEP[here][way] != here


def fed_on(s: Soup, seat: int, squares: list[int]) -> Soup:
    """``s`` with food only on ``squares``: one normal meal of ``seat`` on each."""
    n = s.players
    food = [0] * len(s.food)
    for q in squares:
        food[q * n : q * n + n] = meals(n, seat, 0)[0]
    return dataclasses.replace(s, food=tuple(food))


def where(s: Soup) -> tuple[int, int, int]:
    """The seat on turn, its amoeba's square, and the square the current takes it to."""
    seat = seat_of(s)
    here = Work(s).sq[seat, s.ctx.amoeba]
    return seat, here, STEP[here][CARD_DRIFT[s.cards[-1]]]


def meal_beside(s: Soup) -> Soup:
    """``s`` with the only meal of the seat on turn beside its amoeba, but not where the current takes it."""
    seat, here, drifted = where(s)
    beside = next(q for q in ADJACENT[here] if q != drifted)
    return fed_on(s, seat, [beside])


def test_distances_count_the_steps_to_the_nearest_meal() -> None:
    s = soup_at("act", extra=drifts_away)
    seat, here, _ = where(s)
    dist = meal_distances(Work(fed_on(s, seat, [here])), seat)
    assert dist[here] == 0 and all(dist[q] == 1 for q in ADJACENT[here])
    assert max(dist) >= 2 and FAR not in dist
    assert meal_distances(Work(fed_on(s, seat, [])), seat) == [FAR] * len(dist), "no meal anywhere"


def test_the_usual_move_drifts_when_the_current_leads_to_a_meal() -> None:
    s = soup_at("act", extra=drifts_away)
    seat, _, drifted = where(s)
    assert SOUP.choose([USUAL], fed_on(s, seat, [drifted]), seat) == Move("drift", seat, s.ctx.amoeba)


def test_the_usual_move_moves_toward_the_meal_the_current_leads_away_from() -> None:
    s = meal_beside(soup_at("act", extra=drifts_away))
    seat = seat_of(s)
    assert SOUP.choose([USUAL], s, seat) == Move("move", seat, s.ctx.amoeba)
    # No meal anywhere, or no BP to pay the move: no move helps, it drifts.
    assert SOUP.choose([USUAL], fed_on(s, seat, []), seat) == Move("drift", seat, s.ctx.amoeba)
    broke = dataclasses.replace(s, bp=tuple(0 if i == seat else b for i, b in enumerate(s.bp)))
    assert SOUP.choose([USUAL], broke, seat) == Move("drift", seat, s.ctx.amoeba)


def test_after_the_dice_it_goes_the_way_nearest_its_meal() -> None:
    s = meal_beside(soup_at("act", extra=drifts_away))
    seat, here, drifted = where(s)
    beside = next(q for q in ADJACENT[here] if q != drifted)
    rolled = s.apply(Move("move", seat, s.ctx.amoeba)).apply(Move("roll", value=(6,)))  # the free face
    assert rolled.step == "direction"
    move = SOUP.choose([USUAL], rolled, seat)
    assert isinstance(move, Move) and move.kind == "dir" and STEP[here][move.value[0]] == beside
    # Where it already finds its meal, a free face (the four ways, not "stay") keeps it there when a way runs
    # into the edge or the island; a "stay" face among two dice (Movement I) stays.
    home = fed_on(s, seat, [here])
    free = home.apply(Move("move", seat, s.ctx.amoeba)).apply(Move("roll", value=(6,)))
    kept = SOUP.choose([USUAL], free, seat)
    assert isinstance(kept, Move)
    assert STEP[here][kept.value[0]] == here or all(STEP[here][d] != here for d in range(4))
    two = dataclasses.replace(
        home, genes=tuple(((G.MOVEMENT_1, 1),) if i == seat else g for i, g in enumerate(s.genes))
    )
    dice = two.apply(Move("move", seat, s.ctx.amoeba)).apply(Move("roll", value=(5, 6)))
    assert SOUP.choose([USUAL], dice, seat) == Move("dir", seat, s.ctx.amoeba, value=(STAY,))


def test_with_speed_it_moves_again_only_toward_its_meal() -> None:
    s = meal_beside(soup_at("act", extra=drifts_away))
    seat, here, drifted = where(s)
    fast = dataclasses.replace(s, genes=tuple(((G.SPEED, 1),) if i == seat else g for i, g in enumerate(s.genes)))
    beside = next(q for q in ADJACENT[here] if q != drifted)
    away = next(d for d in range(4) if STEP[here][d] not in (here, beside))
    moved = fast.apply(Move("move", seat, fast.ctx.amoeba)).apply(Move("roll", value=(6,)))
    wrong = moved.apply(Move("dir", seat, fast.ctx.amoeba, value=(away,)))
    assert wrong.step == "again"
    assert SOUP.choose([USUAL], wrong, seat) == Move("again", seat, fast.ctx.amoeba), "free, and nearer on average"
    right = moved.apply(next(m for m in moved.options if STEP[here][m.value[0]] == beside))
    if right.step == "again":
        assert SOUP.choose([USUAL], right, seat) == Move("stop", seat, fast.ctx.amoeba), "at its meal: it stops"


def test_the_drift_stop_starve_hands_the_decision_to_the_usual_move() -> None:
    s = meal_beside(soup_at("act", extra=drifts_away))
    seat = seat_of(s)
    assert SOUP.decide([DRIFT], s, seat) == (None, "starve"), "alone, the drift asks"
    assert SOUP.decide([DRIFT, USUAL], s, seat) == (Move("move", seat, s.ctx.amoeba), None)
    assert SOUP.decider([DRIFT, USUAL], s, seat)[2] == "move"
    # When the usual move has nothing better than the drift, the drift is played for the member: asking would
    # not change what the amoeba finds.
    nothing = fed_on(s, seat, [])
    assert SOUP.decide([DRIFT, USUAL], nothing, seat) == (Move("drift", seat, s.ctx.amoeba), None)


def test_the_safety_stops_still_ask_with_both_orders() -> None:
    s = meal_beside(soup_at("act", extra=drifts_away))
    seat, here, _ = where(s)
    rival = (seat + 1) % s.players
    moved = tuple(sorted((*[a for a in s.amoebas if a[0] != rival], (rival, 1, here, 0))))
    armed = dataclasses.replace(
        s, amoebas=moved, genes=tuple(((G.STRUGGLE, 1),) if i == rival else g for i, g in enumerate(s.genes))
    )
    assert SOUP.decide([DRIFT, Order("move", stops=("danger",))], armed, seat) == (None, "danger")
    assert SOUP.decide([Order("move", stops=("danger",))], armed, seat) == (None, "danger")


def test_an_escape_is_never_decided_by_the_usual_move() -> None:
    s = meal_beside(soup_at("act", extra=drifts_away))
    seat = seat_of(s)
    escaping = dataclasses.replace(s, step="direction", ctx=dataclasses.replace(s.ctx, motion="escape"))
    assert SOUP.choose([USUAL], escaping, seat) is None


def test_with_tentacle_it_takes_along_the_fewest_cubes_that_make_its_meal() -> None:
    s = soup_at("act", extra=drifts_away)
    seat, here, drifted = where(s)
    beside = next(q for q in ADJACENT[here] if q != drifted)
    armed = dataclasses.replace(
        fed_on(s, seat, [here]), genes=tuple(((G.TENTACLE, 1),) if i == seat else g for i, g in enumerate(s.genes))
    )
    rolled = armed.apply(Move("move", seat, s.ctx.amoeba)).apply(Move("roll", value=(6,)))
    way = next(m for m in rolled.options if STEP[here][m.value[0]] == beside)
    taking = rolled.apply(way)
    assert taking.step == "tentacle"
    load = SOUP.choose([USUAL], taking, seat)
    assert isinstance(load, Move) and load.kind == "take"
    meal = meals(s.players, seat, 0)
    assert any(all(a <= b for a, b in zip(m, load.value, strict=True)) for m in meal), "its meal goes with it"
    assert sum(load.value) == min(sum(m) for m in meal)
    # Where it goes finds its meal already: it takes nothing.
    both = fed_on(armed, seat, [here, beside])
    there = both.apply(Move("move", seat, s.ctx.amoeba)).apply(Move("roll", value=(6,)))
    there = there.apply(next(m for m in there.options if STEP[here][m.value[0]] == beside))
    if there.step == "tentacle":
        nothing = SOUP.choose([USUAL], there, seat)
        assert isinstance(nothing, Move) and not any(nothing.value)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_drift_line_names_the_order_its_starve_stop_hands_over_to(lang: str) -> None:
    handed = t(lang, "orders.handed", stop=t(lang, "orders.stop.starve"), order=t(lang, "orders.kind.ursuppe.move"))
    both = order_line("ursuppe", DRIFT, lang, kept=("drift", "move"))
    assert handed in both and t(lang, "orders.stops", stops=t(lang, "orders.stop.danger")) in both
    alone = order_line("ursuppe", DRIFT, lang, kept=("drift",))
    assert handed not in alone and t(lang, "orders.stop.starve") in alone, "without the usual move it asks"
