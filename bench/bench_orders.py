"""What standing orders save: ``python bench/bench_orders.py [--game G] [--matches N]``.

Issue 36, item 3. The calendar bench's matches (:mod:`bench_calendar`: the service on a SQLite file, members
awake 8:00–23:00 in three time zones who answer a ping after 3 hours of awake time on average, moves by the
``easy`` AI) are played twice from the same seeds: with model A (every member asked at every turn that waits
for them), then with model A and every member's typical standing orders (:data:`kept_orders.KEPT`) played by the order
stand-in (:mod:`bot.app.standins.orders`). Per game it prints, as medians per match: answers asked per member,
decisions the orders played per member, turn changes and days to finish, each without and with the orders; and
the answers asked per turn change over all matches, with the share of them the orders save. The matches with
orders play other moves (the orders choose them, and an Ursuppe that drifts and divides less lasts longer), so
the two runs share their seeds, not their moves: the answers per turn change compare them, the answers per match
say what a member lives. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_calendar import ModelA, play_match
from kept_orders import kept_orders

from bot.app.matches import Match
from bot.app.matches.model import StandIn
from bot.app.orders import encode
from bot.app.standins.orders import ORDERS
from bot.app.storage import Store

TABLES: tuple[tuple[str, str, int, int], ...] = (
    ("ursuppe:3", "ursuppe", 3, 8),
    ("ursuppe:4", "ursuppe", 4, 8),
    ("ursuppe:6", "ursuppe", 6, 6),
    ("ultimatek", "ultimatek", 2, 12),
)
"""Label, game id, players, matches by default."""


class ModelAWithOrders(ModelA):
    """Model A, with the order stand-in running: every member is asked what their orders leave to them."""

    name = "A+orders"
    stand_ins: tuple[StandIn, ...] = (ORDERS,)


def typical_orders(game_id: str, players: int, bare: bool = False) -> str:
    """The stored text of the typical orders of ``game_id`` at ``players`` players (:data:`kept_orders.KEPT`;
    ``bare``: without their stops)."""
    return encode(kept_orders(game_id, bare, players=players))


async def run_table(
    label: str, game_id: str, players: int, matches: int, orders: bool, bare: bool = False
) -> list[tuple[float, float, float, int]]:
    """Per match: answers asked per member, decisions played by orders per member, days to finish, turn
    changes."""
    text = typical_orders(game_id, players, bare)

    async def leave_orders(store: Store, match: Match) -> None:
        for user_id in match.seats:
            await store.put_orders(match.id, user_id, text, now=match.created_at)

    found: list[tuple[float, float, float, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "orders.db"))
        try:
            for i in range(matches):
                figures = await play_match(
                    store,
                    game_id,
                    {},
                    players,
                    f"orders/{label}/{i}",
                    i + 1,
                    ModelAWithOrders() if orders else ModelA(),
                    "easy",
                    before_start=leave_orders if orders else None,
                )
                played = len(await store.load_played_for(i + 1))
                answers = sum(figures.pings.values()) / players
                found.append((answers, played / players, figures.days, max(figures.turns - 1, 1)))
        finally:
            await store.close()
    return found


async def run(only: str | None, matches: int | None, bare: bool = False) -> None:
    print("model A (every turn that waits for a member asks them), moves by the easy AI; without, then with, every")
    print(
        "member's typical standing orders (bench/kept_orders.py"
        + (", without their stops); " if bare else "); ")
        + "medians per match"
    )
    print("answers asked per member; answers per turn change (all members); the share of those saved by the orders;")
    print("decisions the orders played per member; turn changes; days to finish — each without, then with, the orders")
    print(
        f"{'game':<10} {'n':>3} {'answers':>8} {'+orders':>8} {'ans/chg':>7} {'+orders':>7} {'saved':>6} "
        f"{'by order':>9} {'changes':>7} {'+orders':>7} {'days':>5} {'+orders':>7}"
    )
    for label, game_id, players, default in TABLES:
        if only is not None and not label.startswith(only):
            continue
        n = matches or default
        began = time.perf_counter()
        plain = await run_table(label, game_id, players, n, orders=False)
        ordered = await run_table(label, game_id, players, n, orders=True, bare=bare)
        saved = 1 - per_change(ordered, players) / per_change(plain, players)
        med = statistics.median
        print(
            f"{label:<10} {n:>3} {med([a for a, *_ in plain]):>8.1f} {med([a for a, *_ in ordered]):>8.1f} "
            f"{per_change(plain, players):>7.2f} {per_change(ordered, players):>7.2f} {saved:>6.0%} "
            f"{med([p for _, p, *_ in ordered]):>9.1f} {med([c for *_, c in plain]):>7.0f} "
            f"{med([c for *_, c in ordered]):>7.0f} {med([d for _, _, d, _ in plain]):>5.1f} "
            f"{med([d for _, _, d, _ in ordered]):>7.1f}   ({players} players, {time.perf_counter() - began:.0f} s)"
        )


def per_change(results: list[tuple[float, float, float, int]], players: int) -> float:
    """Answers asked (all members) per turn change, over all the matches: the share of turn changes that ask."""
    return sum(a * players for a, *_ in results) / sum(c for *_, c in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="only the tables whose label starts with this (ursuppe:4, ultimatek)")
    parser.add_argument("--matches", type=int, help="matches per table, each played without and with orders")
    parser.add_argument("--bare", action="store_true", help="the typical orders without their 'ask me if' stops")
    args = parser.parse_args()
    asyncio.run(run(args.game, args.matches, args.bare))


if __name__ == "__main__":
    main()
