"""CPU of publishing one move, late in a long match: ``PYTHONPATH=. python bench/bench_publish.py``.

A match of Ur Variante 1 (or ``--game ultimatek:cap=30``), seeded, is opened in a SimCord channel and played
by two members with seeded random moves: the first ``--plies`` decisions straight through the match service (no
post; quick), then ``--moves`` decisions with ``/game move`` through the whole bot. For those, the process
CPU time (:func:`time.process_time`, every thread: the rendering worker included) is taken around each
``Publisher.deliver`` and around the whole interaction, and apart the CPU spent finding the post's turn
number from the log (``bot.app.telling.turns.turn_of``, a replay of the whole log, when publishing still calls it).
Prints median and mean per move, and the log's length; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

import bot.app.telling.turns as turns_module
from bench.club import bench_club
from bot.app.matches import MatchStatus
from bot.shell.client import warm_up_renderers
from bot.shell.parameters import parse_variant


def timed(fn: Callable[..., Awaitable[Any]], into: list[float]) -> Callable[..., Awaitable[Any]]:
    """``fn`` with the process CPU time of each call appended to ``into``."""

    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        try:
            return await fn(*args, **kwargs)
        finally:
            into.append(time.process_time() - began)

    return wrapper


def timed_sync(fn: Callable[..., Any], into: list[float]) -> Callable[..., Any]:
    """``fn`` with the process CPU time of each call appended to ``into``."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            into.append(time.process_time() - began)

    return wrapper


def line(label: str, samples: list[float]) -> str:
    if not samples:
        return f"{label}: not called"
    return (
        f"{label}: median {statistics.median(samples) * 1000:.1f} ms, mean {statistics.fmean(samples) * 1000:.1f} ms"
        f" CPU per move ({len(samples)} calls)"
    )


async def run(game: str, plies: int, moves: int, seed: str) -> None:
    warm_up_renderers()
    rng = random.Random(seed)
    async with bench_club("table") as (bot, _, guild, channel, alice, bob, players):
        # Opened through the service for its seed: the same dice, the same match, on every run.
        game_id, options = parse_variant(game)
        match = await bot.service.create(
            game_id, options, guild_id=guild.id, channel_id=channel.id, creator_id=alice.id, seed=seed
        )
        await bot.service.join(match.id, bob.id)
        match = (await bot.service.start(match.id, alice.id)).match
        # The long past, straight through the service: no post, so it is quick.
        while match.version < plies and match.status is MatchStatus.ACTIVE:
            seat = rng.choice(match.state.actors())
            move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
            match = (await bot.service.move(match.id, match.seats[seat], move)).match
        delivers: list[float] = []
        turns: list[float] = []
        whole: list[float] = []
        publisher = bot.ui.publisher
        publisher.deliver = timed(publisher.deliver, delivers)  # type: ignore[method-assign]
        # Every turn counted from the log goes through turn_of (match_turn calls it, in a worker thread).
        turns_module.turn_of = timed_sync(turns_module.turn_of, turns)  # type: ignore[assignment]
        played = 0
        while played < moves + 1 and match.status is MatchStatus.ACTIVE:
            seat = rng.choice(match.state.actors())
            move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
            began = time.process_time()
            await players[match.seats[seat]].slash(channel, "game move", move=move)
            whole.append(time.process_time() - began)
            played += 1
            found = await bot.service.get(match.id)
            match = found
        await bot.store.close()
    # The first move through the bot also announces the service's silent past: left out.
    print(f"{game}: {match.version} log entries at the end, {len(whole) - 1} moves measured from ply {plies}")
    print(line("whole /game move", whole[1:]))
    print(line("Publisher.deliver", delivers[1:]))
    print(line("  of which turns counted from the log (turn_of: a replay)", turns[1:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ur:v1")
    parser.add_argument("--plies", type=int, default=300)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seed", default="bench-publish")
    args = parser.parse_args()
    asyncio.run(run(args.game, args.plies, args.moves, args.seed))


if __name__ == "__main__":
    main()
