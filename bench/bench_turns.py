"""Messages per turn through the whole bot under SimCord: ``PYTHONPATH=. python bench/bench_turns.py``.

Seeded games of every game and rule set, played by scripted members who pick their moves with
:func:`games.playout.random_step` (a seeded ``random.Random``) and play them by clicking the move's button
when the post (or the question) offers one, else with ``/game move``. Every Discord request the bot makes
is counted from SimCord's ``env.http_requests``; per game it prints the player turns and turn changes,
the public messages created (turn posts, questions apart, other messages), message edits (the status
card's apart), pings, DMs created and edited, and the ratios per turn change, against the targets of
issue 12. Asserts nothing.

SimCord's clock stands still unless moved: by default the decisions follow each other in no time (the
quickest play there is). ``--pace SECONDS`` lets that much virtual time pass before each decision (the
bot's clock tick runs meanwhile), e.g. 10 for quick live play, 3600 for play by post.

``--whole-turns``: a member with several decisions left in their turn types them at once, separated by
``;`` (as a player who knows the notation would play an Ultima-Tek turn); a single one is still clicked.

``--desk``: every member opens their desk (``/game mine``) once the game starts, so each turn change also edits
their desk DMs (at most one edit per member per few seconds: with ``--pace 0`` the clock stands still, so give
it a pace); the game's last desk edits are waited for before counting.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import random
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed

import simcord

from bot.app.config import Config
from bot.app.matches import MAX_MOVE_TEXT, Match, MatchStatus
from bot.shell.client import PlateauBot, warm_up_renderers
from games import sequence
from games.base import GameState, Seat
from games.playout import random_step

GAMES: tuple[tuple[str, int, int], ...] = (
    ("ur:v1", 2, 400),
    ("ur:v2", 2, 400),
    ("ur:v3", 2, 400),
    ("ur:rb", 2, 400),
    ("subulata", 2, 400),
    ("ultimatek:cap=30", 2, 600),
    ("ursuppe", 4, 400),
)
"""Game choice, players, and the most decisions played (Ursuppe also stops when round 3 begins)."""
URSUPPE_ROUNDS = 2
SETTLE_SECONDS = 60.0
"""How long SimCord waits, in real time, for the bot to settle after each action (its 5 s is overrun on a loaded
machine, as in the tests); virtual time is not affected."""

MENTION = re.compile(r"<@!?([0-9]+)>")
CHANNEL_POST = re.compile(r"^/channels/([0-9]+)/messages$")
CHANNEL_EDIT = re.compile(r"^/channels/([0-9]+)/messages/[0-9]+$")
CALLBACK = re.compile(r"^/interactions/[0-9]+/[^/]+/callback$")
FOLLOWUP = re.compile(r"^/webhooks/[0-9]+/[^/]+$")
FOLLOWUP_EDIT = re.compile(r"^/webhooks/[0-9]+/[^/]+/messages/[^/]+$")
EPHEMERAL = 1 << 6


@dataclass
class Figures:
    """What one game cost in messages."""

    game: str
    decisions: int = 0
    turns: int = 1
    own_turns: Counter[int] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)
    requests: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def changes(self) -> int:
        """Turn changes: every new turn after the first, the end included."""
        return max(self.turns - 1, 1)


def _texts(node: Any) -> list[str]:
    found: list[str] = []
    if isinstance(node, dict):
        if node.get("type") == 10 and isinstance(node.get("content"), str):
            found.append(node["content"])
        for value in node.values():
            found += _texts(value)
    elif isinstance(node, list):
        for value in node:
            found += _texts(value)
    return found


def _has_gallery(node: Any) -> bool:
    if isinstance(node, dict):
        return node.get("type") == 12 or any(_has_gallery(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_gallery(v) for v in node)
    return False


def _pings(payload: dict[str, Any]) -> int:
    mentioned = set(MENTION.findall("\n".join([payload.get("content") or "", *_texts(payload.get("components"))])))
    allowed = payload.get("allowed_mentions")
    if allowed is None or "users" in allowed.get("parse", []):
        return len(mentioned)
    return len(mentioned & {str(u) for u in allowed.get("users", [])})


def classify(requests: list[Any], dm_channels: set[str], figures: Figures) -> None:
    """Sort the bot's requests into public posts, questions, edits, pings and DMs."""
    c = figures.counts
    for request in requests:
        c["api calls"] += 1
        figures.kinds[f"{request.method} {re.sub(r'[0-9]{6,}|simcord_[a-z_0-9]+', '*', request.path)}"] += 1
        payload = request.json if isinstance(request.json, dict) else {}
        if request.method == "POST" and CALLBACK.match(request.path):
            c["interaction acks"] += 1
            if payload.get("type") == 7:
                c["edits"] += 1
                continue
            payload = payload.get("data") or {}
            if payload.get("type") not in (None, 4) or int(payload.get("flags") or 0) & EPHEMERAL:
                continue
        elif request.method == "POST" and FOLLOWUP.match(request.path):
            if int(payload.get("flags") or 0) & EPHEMERAL:
                c["private replies"] += 1
                continue
        elif request.method == "PATCH" and (m := CHANNEL_EDIT.match(request.path) or FOLLOWUP_EDIT.match(request.path)):
            c["dm edits" if m.groups() and m.group(1) in dm_channels else "edits"] += 1
            c["status card edits"] += "embeds" in payload and "components" not in payload
            continue
        elif request.method == "POST" and (m := CHANNEL_POST.match(request.path)):
            if m.group(1) in dm_channels:
                c["dms"] += 1
                continue
        else:
            continue
        pings = _pings(payload)
        if "plateau:rematch" in str(payload.get("components")):
            c["end posts"] += 1
            c["end pings"] += pings
        elif _has_gallery(payload.get("components")):
            c["posts"] += 1
            c["post pings"] += pings
        elif int(payload.get("flags") or 0) & (1 << 15):
            c["questions"] += 1
            c["question pings"] += pings
        else:
            c["other messages"] += 1
            c["other pings"] += pings


def labels(message: Any) -> list[str]:
    """The button labels of a message, nested layouts included."""
    found: list[str] = []
    stack = list(message.components)
    while stack:
        item = stack.pop(0)
        if getattr(item, "label", None) is not None and hasattr(item, "custom_id"):
            found.append(item.label)
        stack.extend(getattr(item, "children", None) or [])
    return found


def turn_key(match: Match) -> tuple[int, ...]:
    """Whose turn it is, as the messaging policy sees it."""
    if match.status is not MatchStatus.ACTIVE:
        return ()
    on_turn = getattr(match.state.view_for(None), "on_turn", None)
    return (on_turn,) if on_turn is not None else tuple(sorted(match.state.actors()))


def rest_of_turn(match: Match, seat: Seat, first: str, rng: random.Random) -> list[str]:
    """``first`` and the seat's further random decisions of the turn, as typed at once (forced ones left to
    the bot, nothing past a roll or a draw, at most :data:`MAX_MOVE_TEXT` characters)."""
    parts = [first]
    state = match.state.apply(match.state.parse_move(first, seat))
    autoplay = match.options.get("autoplay") == "on"

    def choose(position: GameState) -> object:
        return rng.choice(position.legal_moves(seat))

    for text, _ in sequence.typed_turn(match.game, state, seat, choose, autoplay=autoplay):
        if len(f"{sequence.SEPARATOR} ".join([*parts, text])) > MAX_MOVE_TEXT:
            break
        parts.append(text)
    return parts


async def play(
    game: str, players: int, cap: int, seed: int, pace: float = 0.0, whole_turns: bool = False, desk: bool = False
) -> Figures:
    """One seeded game through the bot; its figures."""
    figures = Figures(game)
    rng = random.Random(f"{game}/{seed}")
    with tempfile.TemporaryDirectory() as tmp:
        bot = PlateauBot(Config(token="bench", database=str(Path(tmp) / "bench.db")))
        async with simcord.run(bot, settle_timeout=SETTLE_SECONDS) as env:
            guild = env.create_guild(name="bench")
            channel = guild.create_text_channel("table")
            members = [guild.add_member(env.create_user(f"player{i}")) for i in range(players)]
            dm_channels = {str(m.user.dm_channel.id) for m in members}
            bot.service.config.seed_factory = lambda: f"bench-{game}-{seed}"
            # The committed server seed too, so that a run plays the same games as the last (fair chance kept).
            bot.service.config.server_seed_factory = lambda: hashlib.sha256(f"bench-{game}-{seed}".encode()).hexdigest()
            lobby = (await members[0].slash(channel, "game new", game=game, thread=False)).response.message
            for member in members[1:]:
                await member.click(lobby, label="Join")
            await members[0].click(lobby, label="Start")
            by_id = {m.id: m for m in members}
            if desk:
                for member in members:
                    await member.slash(channel, "game mine")
                await env.advance_time(10)  # the desks sent, before counting
            started = len(env.http_requests)
            began = time.perf_counter()
            match = await bot.service.current(channel.id)
            assert match is not None
            key = turn_key(match)
            for seat in key:
                figures.own_turns[seat] += 1
            while match is not None and match.status is MatchStatus.ACTIVE and figures.decisions < cap:
                if game == "ursuppe" and getattr(match.state.view_for(None), "round", 0) > URSUPPE_ROUNDS:
                    break
                seat = match.state.actors()[0]
                actor = by_id[match.seats[seat]]
                if game == "subulata" and getattr(match.state, "turn", 0) is None:
                    pick = "setup random"
                else:
                    pick = match.state.format_move(random_step(match.state, rng))
                if pace:
                    await env.advance_time(pace)
                visible = [m for m in channel.history() if not m.flags.ephemeral and labels(m)]
                target = next((m for m in reversed(visible) if pick in labels(m)), None)
                typed = [pick]
                if whole_turns and not match.state.is_chance():
                    typed = rest_of_turn(match, seat, pick, rng)
                if target is not None and len(typed) == 1:
                    await actor.click(target, label=pick)
                else:
                    await actor.slash(channel, "game move", move=f"{sequence.SEPARATOR} ".join(typed))
                figures.decisions += len(typed)
                match = await bot.service.last_in_channel(channel.id)
                assert match is not None
                now = turn_key(match)
                if now != key:
                    figures.turns += 1
                    for s in now:
                        figures.own_turns[s] += 1
                key = now
            if desk:
                await env.advance_time(10)  # the desks' last edits
            figures.seconds = time.perf_counter() - began
            classify(env.http_requests[started:], dm_channels, figures)
            figures.requests = len(env.http_requests) - started
            await bot.store.close()
    return figures


def report(figures: Figures) -> None:
    """Print one game's figures."""
    c, n = figures.counts, figures.changes
    own = max(sum(figures.own_turns.values()), 1)
    bot_calls = c["api calls"] - c["interaction acks"] - c["private replies"]
    per_decision = c["api calls"] / max(figures.decisions, 1)
    print(
        f"{figures.game}: {figures.decisions} decisions, {figures.turns} player turns, {n} turn changes "
        f"({figures.seconds:.1f} s)"
    )
    print(
        f"    public posts {c['posts']} ({c['posts'] / n:.2f}/change), pings {c['post pings']} "
        f"({c['post pings'] / n:.2f}/change); end posts {c['end posts']} (pings {c['end pings']}); "
        f"questions {c['questions']} (pings {c['question pings']}); other messages {c['other messages']}"
    )
    print(
        f"    message edits {c['edits']} (status card {c['status card edits']}); DMs created {c['dms']} "
        f"({c['dms'] / own:.2f}/own turn), "
        f"DM edits {c['dm edits']}"
    )
    print(
        f"    API calls {c['api calls']} ({c['api calls'] / n:.2f}/change; {per_decision:.2f}"
        f"/decision); without interaction acks and private replies {bot_calls} ({bot_calls / n:.2f}/change)"
    )


async def run(
    seed: int,
    only: str | None,
    requests: bool = False,
    pace: float = 0.0,
    whole_turns: bool = False,
    desk: bool = False,
) -> None:
    print("targets per turn change: public posts <= 1.0, pings <= 1.0 (questions apart), API calls <= 4 on average;")
    print("new DMs <= 1 per player per own turn")
    print(f"pace: {pace:g} s of virtual time before each decision")
    if whole_turns:
        print("typed moves: the rest of the turn at once")
    if desk:
        print("desks: every member opened theirs")
    totals = Figures("all games")
    # The boards' artwork drawn before any bot starts (as the tests do): SimCord gives a starting bot 5 s to settle,
    # which drawing it cold on a loaded machine overruns.
    warm_up_renderers()
    for game, players, cap in GAMES:
        if only is not None and not game.startswith(only):
            continue
        figures = await play(game, players, cap, seed, pace, whole_turns, desk)
        report(figures)
        if requests:
            for kind, count in figures.kinds.most_common():
                print(f"    {count:>5}  {kind}")
        totals.decisions += figures.decisions
        totals.turns += figures.changes
        totals.own_turns.update(figures.own_turns)
        totals.counts.update(figures.counts)
        totals.seconds += figures.seconds
    report(totals)
    c, n = totals.counts, totals.changes
    verdicts = {
        "posts per turn change <= 1.0": c["posts"] / n <= 1.0,
        "pings per turn change <= 1.0": c["post pings"] / n <= 1.0,
        "API calls per turn change <= 4": c["api calls"] / n <= 4.0,
        "new DMs per own turn <= 1": c["dms"] / max(sum(totals.own_turns.values()), 1) <= 1.0,
    }
    for name, met in verdicts.items():
        print(f"target {name}: {'met' if met else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--requests", action="store_true", help="also print the requests by kind")
    parser.add_argument("--only", help="play only the games whose choice starts with this (e.g. ur:v2)")
    parser.add_argument("--pace", type=float, default=0.0, help="virtual seconds before each decision (default 0)")
    parser.add_argument("--whole-turns", action="store_true", help="members type the rest of their turn at once")
    parser.add_argument("--desk", action="store_true", help="every member opens their desk DM first")
    args = parser.parse_args()
    asyncio.run(run(args.seed, args.only, args.requests, args.pace, args.whole_turns, args.desk))


if __name__ == "__main__":
    main()
