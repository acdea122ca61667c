"""A club evening, simulated: ``PYTHONPATH=. python bench/bench_evening.py [--members 16] [--rounds 4]``.

Through SimCord (the real discord.py machinery against an in-memory Discord, its clock moved by hand), an
organiser runs a Swiss of Ur Variante 2 for ``--members`` members: 2 minutes a turn, ``--round-minutes``
a round (40), each round started by itself once the last one ends. Members answer after random delays
(most within 5–40 s, sometimes slower; one member never answers; one member's phone dies halfway
through round 2; a latecomer is admitted during round 1 with ½ point for it; after the end the organiser
corrects a game of round 1 to a draw). Then a seated Ursuppe event of 7
members (and the same latecomer) at 5 minutes a turn and 60-minute rounds.

It prints, per event: whether every round ended on time (by its clock or before), the games settled by the
round rule, the standings checked in full against the bench's own count from the game list
(:mod:`bench.evening_check`: every player's points, wins, draws, losses, byes, tie-breaks and rank; how many
draws, byes, ½ missed rounds and tables the evening held), games left stuck, pings per member per
round (mean and most), messages created in the event's channel per round (edits counted apart: the board
is edited in place), and the p95 of the bot's reply time to a member's move (wall clock). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

import discord
import simcord

from bench.evening_check import Check, check
from bench.phone_shots import random_move, waiting_matches
from bot.app.config import Config
from bot.app.events import EventStatus
from bot.shell.client import PlateauBot, warm_up_renderers
from tests.botkit import pings_of

STEP = 5.0
"""Seconds of virtual time between two looks at the games (members act on the next look after their delay)."""


@dataclass
class Evening:
    """What one event's evening measured."""

    name: str
    rounds: int = 0
    on_time: int = 0
    settled: int = 0
    stuck: int = 0
    closed: list[float] = field(default_factory=list)
    """Minutes each round lasted, from its pairing to its close."""
    check: Check = field(default_factory=Check)
    pings: dict[int, Counter[int]] = field(default_factory=dict)
    """By round: pings per member."""
    created: Counter[int] = field(default_factory=Counter)
    """By round: messages created in the event's channel."""
    edited: Counter[int] = field(default_factory=Counter)
    replies: list[float] = field(default_factory=list)


def delay(rng: random.Random) -> float:
    """How long a member takes to answer: mostly quick, sometimes slow (some late)."""
    roll = rng.random()
    if roll < 0.8:
        return rng.uniform(5, 40)
    if roll < 0.97:
        return rng.uniform(40, 100)
    return rng.uniform(100, 140)


async def run_event(
    env: Any,
    bot: PlateauBot,
    label: str,
    game: str,
    fmt: str,
    members: int,
    rounds: int,
    limit: str,
    minutes: int,
    seed: int,
) -> Evening:
    """One event from sign-up to its end; its figures."""
    rng = random.Random(seed)
    figures = Evening(label)
    guild = env.create_guild(name=label)
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    channel = guild.create_text_channel("club")
    organiser = guild.add_member(env.create_user("olga"), roles=[admins])
    people = [guild.add_member(env.create_user(f"m{i:02d}")) for i in range(members)]
    by_id = {m.id: m for m in people}
    silent = people[-1].id
    phone_dies = people[0].id
    options = {
        "name": label,
        "game": game,
        "format": fmt,
        "deadline": limit,
        "auto_advance": True,
        "round_minutes": minutes,
    }
    if fmt == "swiss":
        options["rounds"] = rounds
    card = (await organiser.slash(channel, "event create", **options)).response.message
    for member in people:
        await member.click(card, label="Sign up")
    await organiser.click(card, label="Start")
    # A latecomer, admitted during round 1 with ½ point for it: the missed round's points and tie-breaks are checked.
    late = guild.add_member(env.create_user("late"))
    await organiser.slash(channel, "event admit", player=late, missed="half")
    by_id[late.id] = late
    event = (await bot.events.events_of_guild(guild.id))[0]
    figures.rounds = event.rounds
    due: dict[int, float] = {}
    clock = 0.0
    round_started = {event.current_round: clock}
    mark = len(env.http_requests)
    current = event.current_round
    while True:
        event = await bot.events.get(event.id)
        if event.current_round != current or event.status is not EventStatus.RUNNING:
            account(env, figures, current, mark, channel.id)
            mark = len(env.http_requests)
            closed_at = clock - round_started[current]
            figures.closed.append(closed_at / 60)
            if closed_at <= minutes * 60 + STEP * 2:
                figures.on_time += 1
            current = event.current_round
            round_started[current] = clock
            if event.status is not EventStatus.RUNNING:
                break
        async for match in waiting_matches(bot, event):
            key = match.id * 1000 + match.version
            uid = match.to_act()[0]
            if uid == silent or (
                uid == phone_dies and event.current_round >= 2 and clock - round_started[current] > 600
            ):
                continue
            if key not in due:
                due[key] = clock + delay(rng)
            if clock >= due[key]:
                thread, move = random_move(channel, match, uid, rng)
                began = time.perf_counter()
                await by_id[uid].slash(thread, "game move", move=move)
                figures.replies.append(time.perf_counter() - began)
        await env.advance_time(STEP)
        clock += STEP
        if clock > (rounds + 1) * minutes * 60 * 2:
            figures.stuck += 1
            break
    log = await bot.events.log(event.id)
    figures.settled = sum(1 for line in log if line.action == "settle")
    if fmt == "swiss":
        # A correction after the end, as an organiser makes one: a decided game of round 1 becomes a draw, so the
        # check below covers draws (live Ur games are rarely drawn) and the standings recounted after it.
        decided = [
            g for g in await bot.events.games(event.id, 1) if g.result and g.result.get("score") in ("1-0", "0-1")
        ]
        if decided:
            player = by_id[decided[0].players[0]]
            await organiser.slash(channel, "event result", round=1, player=player, outcome="draw")
    standings = await bot.events.standings(event.id)
    figures.check = check(standings.event, await bot.events.games(event.id), standings)
    return figures


def account(env: Any, figures: Evening, round_: int, start: int, channel_id: int) -> None:
    """Count one round's pings per member and the messages created and edited in the event's channel."""
    pings: Counter[int] = Counter()
    for request in env.http_requests[start:]:
        for uid in pings_of(request):
            pings[uid] += 1
        path = getattr(request, "path", "")
        if path == f"/channels/{channel_id}/messages" and request.method == "POST":
            figures.created[round_] += 1
        elif path.startswith(f"/channels/{channel_id}/messages/") and request.method == "PATCH":
            figures.edited[round_] += 1
    figures.pings[round_] = pings


def report(figures: Evening, members: int) -> None:
    print(f"\n{figures.name}")
    lasted = ", ".join(f"{m:.1f}" for m in figures.closed)
    print(f"  rounds ended on time: {figures.on_time} of {figures.rounds} (closed after {lasted} minutes)")
    print(f"  games settled by the round rule: {figures.settled}")
    found = figures.check
    print(
        f"  standings checked in full: {found.rows} rows, {found.figures} figures (points, W-D-L, byes, tie-breaks,"
        f" rank) against the bench's own count: {len(found.mismatches)} mismatches; stuck: {figures.stuck}"
    )
    print(
        f"  the evening held {found.draws} draws, {found.byes} byes, {found.missed_half} missed rounds at ½,"
        f" {found.tables} tables"
    )
    for line in found.mismatches[:10]:
        print(f"    MISMATCH {line}")
    for round_, pings in sorted(figures.pings.items()):
        total = sum(pings.values())
        most = max(pings.values(), default=0)
        print(
            f"  round {round_}: pings per member {total / members:.1f} (most {most}),"
            f" event channel: {figures.created[round_]} new messages, {figures.edited[round_]} edits"
        )
    if len(figures.replies) >= 20:
        p95 = statistics.quantiles(figures.replies, n=20)[-1] * 1000
        print(f"  reply to a move: p95 {p95:.0f} ms over {len(figures.replies)} moves")


async def main_async(members: int, rounds: int, minutes: int, only: str | None = None) -> None:
    # The artwork is drawn once beforehand, as the bot would in the background: SimCord gives a bot 5 s to settle.
    warm_up_renderers()
    with tempfile.TemporaryDirectory() as tmp:
        bot = PlateauBot(Config(token="bench", database=str(Path(tmp) / "evening.db"), ai_delay=0))
        async with simcord.run(bot) as env:
            env.settle_timeout = 120.0
            if only in (None, "ur"):
                swiss = await run_event(env, bot, "Ur night", "ur:v2", "swiss", members, rounds, "2m", minutes, 1)
                report(swiss, members)
            if only in (None, "ursuppe"):
                soup = await run_event(env, bot, "Soup night", "ursuppe", "tables", 7, 1, "5m", 60, 2)
                report(soup, 7)
            await bot.store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--round-minutes", type=int, default=40)
    parser.add_argument("--only", choices=("ur", "ursuppe"), help="run one of the two events (default: both)")
    args = parser.parse_args()
    asyncio.run(main_async(args.members, args.rounds, args.round_minutes, args.only))


if __name__ == "__main__":
    main()
