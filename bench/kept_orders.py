"""The standing orders a sensible member keeps, per game, shared by the benches that play them
(``bench_calendar.py``'s model D, ``bench_orders.py``, ``bench_order_cost.py``).

Ursuppe, for every routine step of a round, each with the stops that keep it out of a fight or a famine:

- drift with the current, unless a rival able to attack shares the square or the amoeba would find no meal
  where it lands (drifting is free; moving costs BP, so a member moves only where the current is bad);
- eat the usual meal (a normal meal, no feeding gene), unless a rival able to attack shares the square;
- pay gene defects in BP when they can (the alternative, losing genes, is rarely better);
- buy armor, struggle or speed when on offer, no other gene (the order ``buy``; the order ``genes``, kept before,
  asked the member whenever one of them was on offer, 2 answers a match: :data:`TRIED`), at 3 and 4 players; from
  5 players (:data:`FROM`; 5 plays by 6's tables) the same order with eight genes, :data:`WIDER_BUY`. With the three
  alone the seat scored 2.5 % at 6 players (fair 16.7 %), 17.5 points of win rate lost: the match is short there
  (7 rounds against 10 at 4 players), a colour has its 6 amoebas by the third round, and then its BP can only go
  into genes, each card from the third scoring every round; the three left them idle (1.7 genes against the
  `easy` AI's 2.7);
- divide whenever they can pay, up to 7 amoebas (the most a colour has at 3 and 4 players): the order ``grow``.
  The order ``divide`` (no division from 3 amoebas, fewer: ask) was kept before and cost the seat keeping it 16
  points of win rate (``bench_order_cost.py --only divide``): :data:`TRIED`;
- never use Aggression;
- the usual move, unless a rival able to attack shares the square: an amoeba whose drift leads away from its meal
  moves toward the nearest one (the drift's ``starve`` stop hands the decision to it, so it no longer asks: that
  stop asked 3.7 to 4.1 times a member a match); alone it gains 49.5 points against the ``easy`` AI at 4 players
  (``bench_order_cost.py --only move``, 200 matches).

Ultima-Tek: reveal every bonus, and end the bonus phase once run and fly bonuses are placed, unless a rival's
hidden bonus shares a hex with a piece of theirs.
"""

from __future__ import annotations

from bot.app.orders import Order, book_for

KEPT: dict[str, tuple[Order, ...]] = {
    "ursuppe": (
        Order("drift", stops=("danger", "starve")),
        Order("feed", stops=("danger",)),
        Order("pay"),
        Order("buy", ("armor", "struggle", "speed")),
        Order("grow", ("7",)),
        Order("aggression"),
        Order("move", stops=("danger",)),
    ),
    "ultimatek": (
        Order("reveal", ("fly", "fly+/", "fly/", "run", "run/", "stop")),
        Order("bonuses", ("fly", "run"), ("threat",)),
    ),
}
"""The orders kept, by game id, in the order a member sets them."""

WIDER_BUY: tuple[str, ...] = (
    "intelligence",
    "movement-1",
    "spores",
    "speed",
    "escape",
    "substitution",
    "tentacle",
    "longevity",
)
"""The genes bought from 5 players (the order ``buy``: in the gene table's order, one after another while the BP
last): the eight the seats of the `easy` AI that won held most at the end of 60 matches at 6 players (each also
among the eight it buys most). Measured alone at 6 players (``bench_order_cost.py --players 6 --only buy``, 150
matches): -2.0 [-10.4, +6.4] points of win rate, the seat scoring 18.0 % (fair 16.7). Tried there: eight genes of
use in a fight or a long life (movement-1, spores, speed, holding, longevity, struggle, division-rate, armor) -3.3
[-12.1, +5.4]; the same with intelligence for longevity -6.7 [-14.7, +1.3]; the most cards for the BP
(intelligence, movement-1, spores, speed, persistence, defense, escape, armor) -8.0 [-15.5, -0.5]."""

TRIED: dict[str, tuple[Order, ...]] = {
    "ursuppe": (Order("divide", ("3",)), Order("genes", ("armor", "struggle", "speed")))
}
"""Orders measured and not kept (``bench_order_cost.py --only KIND`` measures them alone)."""

BELOW: dict[str, dict[str, int]] = {}
"""Orders kept only below a number of players, by game id and kind: what they cost from there on."""

FROM: dict[str, dict[str, tuple[int, tuple[str, ...]]]] = {"ursuppe": {"buy": (5, WIDER_BUY)}}
"""Orders kept with other values from a number of players on, by game id and kind: (that number, the values)."""


def kept_at(game_id: str, kind: str, players: int) -> bool:
    """Whether the order of ``kind`` is kept in ``game_id`` at ``players`` players (:data:`BELOW`)."""
    return players < BELOW.get(game_id, {}).get(kind, players + 1)


def kept_as(game_id: str, order: Order, players: int) -> Order | None:
    """``order`` as kept in ``game_id`` at ``players`` players: None where it is not kept there (:data:`BELOW`),
    with its values for that number where they change (:data:`FROM`)."""
    if not kept_at(game_id, order.kind, players):
        return None
    start, values = FROM.get(game_id, {}).get(order.kind, (players + 1, order.values))
    return Order(order.kind, values, order.stops) if players >= start else order


def kept_orders(game_id: str, bare: bool = False, tried: bool = False, players: int | None = None) -> tuple[Order, ...]:
    """The orders kept in ``game_id`` (none where the game has no standing orders), each checked by the game's
    book; ``bare``: without their stops; ``tried``: the orders tried and not kept after them; ``players``: only
    those kept at that number of players (:data:`BELOW`; None: every order kept at some number)."""
    book = book_for(game_id)
    if book is None:
        return ()
    orders = KEPT.get(game_id, ()) + (TRIED.get(game_id, ()) if tried else ())
    if players is not None:
        orders = tuple(k for k in (kept_as(game_id, o, players) for o in orders) if k is not None)
    return tuple(book.check(Order(o.kind, o.values, () if bare else o.stops)) for o in orders)
