"""Every message the bot sends, at its largest, within Discord's limits (a message over one is never shown).

Two halves:

- the turn post of every game and rule set (Ursuppe with 3 to 6 players) in every position of seeded
  random games where one seat acts, built by the bot's own code (``GameUI._post_view``, over a stand-in for
  the match service) with the longest display names (32 characters), every seat but one taken over by
  the AI (a take-seat button each), a deadline and the fairness lines, in English and in French; and every
  private step of the move builder in those positions (its options and its buttons' ids and labels);
- on SimCord, what the bot really sends (the JSON SimCord received) in a 6-player Ursuppe match of
  32-character names, from the lobby through the busiest positions found above, draw offers, undo
  requests, resignations and take-seat offers, in both languages.

:func:`tests.discord_limits.check_discord_limits` states the limits.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from types import MappingProxyType, SimpleNamespace
from typing import Any

import discord
import pytest

from bot import fairness
from bot.ai_seats import ai_name
from bot.components import BuilderButton, BuilderSelect
from bot.i18n import t
from bot.matches import Match, MatchStatus
from bot.move_controls import _options, builder_ids, describe
from bot.narration import TAKEOVER_ARROW
from bot.ui import GameUI
from games import GAMES, GameInfo
from games.base import GameState
from games.builder import Choice, Step, build, encode_path
from games.playout import random_step
from tests.discord_limits import IS_COMPONENTS_V2, check_discord_limits, components_in

LANGS = ("en", "fr")
NAME_MAX = 32
"""Discord's longest display name (a global name or a server nickname)."""
MATCH_ID = 10**9
"""Far beyond any real match number: custom ids carry it, so they are at their longest."""
VERSION = 99_999
"""Beyond any game's ``max_plies``: custom ids carry the version too."""
GAMES_PER_VARIANT = 3
PLIES = 400
"""Decisions per random game at most (Ultima-Tek without a cap can run for thousands)."""
DETAIL = frozenset({"ursuppe"})
"""Games whose turn post carries a second image (Ursuppe's genes and events)."""


def variants() -> Iterator[tuple[GameInfo, dict[str, str], int]]:
    """Every game, rule set and table size (Ursuppe at every size from 3 to 6)."""
    for info in GAMES:
        sizes = range(info.min_players, info.max_players + 1)
        choices: list[dict[str, str]] = [{}]
        for option in info.options:
            choices = [dict(c, **{option.name: v}) for c in choices for v in option.choices]
        for options in choices:
            for size in sizes:
                yield info, options, size


VARIANTS = [
    pytest.param(info, opts, n, id=f"{info.id}-{'-'.join(opts.values()) or 'std'}-{n}p") for info, opts, n in variants()
]


def positions(info: GameInfo, options: Mapping[str, str], players: int, seed: int) -> Iterator[GameState]:
    """Every position of a few seeded random games where a single seat decides."""
    rng = random.Random(seed)
    for _ in range(GAMES_PER_VARIANT):
        state = info.new(players, options)
        decisions = 0
        while state.outcome() is None and decisions < PLIES:
            if state.is_chance():
                state = state.apply(random_step(state, rng))
                continue
            actors = state.actors()
            if len(actors) == 1:
                yield state
            moves = state.legal_moves(actors[0]) if len(actors) == 1 else state.legal_moves()
            if not moves:
                break
            state = state.apply(rng.choice(moves))
            decisions += 1


def long_name(seat: int) -> str:
    """A 32-character display name, wide letters, different for each seat."""
    return f"{seat + 1}" + "Ŵ" * (NAME_MAX - 1)


def crowded(info: GameInfo, options: Mapping[str, str], players: int, state: GameState) -> tuple[Match, list[str]]:
    """A match in ``state`` with everything a post can show: every seat but the acting one taken over by the
    AI when the game has 3+ players (each offered to take), a deadline, the fairness lines; and its names."""
    now = datetime(2026, 11, 26, tzinfo=UTC)
    seats = tuple(10**17 + seat for seat in range(players))
    acting = state.actors()[0]
    taken = [s for s in range(players) if s != acting] if players > 2 else []
    names = [long_name(s) for s in range(players)]
    for seat in taken:
        names[seat] = TAKEOVER_ARROW.join((names[seat], ai_name("strong")))
    salts = MappingProxyType({uid: "s" * 100 for uid in seats})
    fair = fairness.Fairness("sha256-v1", "0" * 64, "f" * 64, salts)
    match = Match(
        id=MATCH_ID, game=info, options=dict(options), seed="seed", guild_id=1, channel_id=1, creator_id=seats[0],
        status=MatchStatus.ACTIVE, version=VERSION, state=state, seats=seats, result=None, created_at=now,
        updated_at=now, turn_limit=7 * 86_400, fair=fair,
        ai=MappingProxyType({s: "strong" for s in taken}),
        takeovers=MappingProxyType({s: (VERSION - 10, "resign") for s in taken}),
    )  # fmt: skip
    return match, names


@dataclass
class Ledger:
    """What ``GameUI._post_view`` asks the match service, answered without a store: no log yet (the story is
    told in the SimCord half), a running clock, and every seat the AI took over offered to take."""

    async def history(self, match_id: int) -> list[Any]:
        return []

    async def clocks(self, match_id: int) -> dict[int, Any]:
        return {0: SimpleNamespace(times=SimpleNamespace(deadline=datetime(2026, 12, 3, tzinfo=UTC)))}

    async def replaceable(self, match: Match) -> tuple[int, ...]:
        return tuple(sorted(match.takeovers))


def payload(view: discord.ui.View | discord.ui.LayoutView, content: str | None = None) -> dict[str, Any]:
    """The message body discord.py sends for ``view`` (and ``content``)."""
    body: dict[str, Any] = {"components": view.to_components()}
    if isinstance(view, discord.ui.LayoutView):
        body["flags"] = IS_COMPONENTS_V2
    else:
        body["content"] = content
    return body


def private_steps(match: Match, lang: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every private step of the move builder (as ``move_controls.show_step`` makes them) and every custom id
    the builder may give its path: where, and the message body."""
    seat = match.state.actors()[0]
    root = build(match.game, match.state, seat)
    if root is None:
        return

    def visit(node: Step | Choice, path: tuple[int, ...]) -> Iterator[tuple[str, dict[str, Any]]]:
        view = discord.ui.View(timeout=None)
        here = encode_path(path)
        if isinstance(node, Step):
            options = _options(match, node, lang, public=False)
            view.add_item(BuilderSelect(match.id, match.version, here, options, t(lang, "builder.placeholder")))
            content = t(lang, "builder.first", id=match.id)
        else:
            assert node.move is not None
            move = match.state.parse_move(node.move, seat)
            what = describe(match.game, match.state, move, lang)
            content = t(lang, "builder.confirm", id=match.id, move=node.move, what=what)
            label = t(lang, "builder.play", move=node.move)[:80]
            view.add_item(BuilderButton("ok", match.id, match.version, here, label))
        if path:
            view.add_item(BuilderButton("bk", match.id, match.version, encode_path(path[:-1]), t(lang, "builder.back")))
        body = payload(view, content[:2000])
        # Every id the builder may give a component at this path (its select, play, open, back, macro).
        for cid in builder_ids(match.id, match.version, path):
            yield f"id at {path}", {"components": [{"type": 1, "components": [{"type": 2, "custom_id": cid}]}]}
        yield f"step {path}", body
        if isinstance(node, Step):
            for i, choice in enumerate(node.choices):
                yield from visit(choice.step if choice.step is not None else choice, (*path, i))

    yield from visit(root, ())


@pytest.mark.parametrize(("info", "options", "players"), VARIANTS)
async def test_every_turn_post_and_builder_step_fits_discords_limits(
    info: GameInfo, options: dict[str, str], players: int
) -> None:
    ui = GameUI(bot=None, service=Ledger())  # type: ignore[arg-type]
    faults: list[str] = []
    busiest = 0
    for number, state in enumerate(positions(info, options, players, seed=players)):
        match, names = crowded(info, options, players, state)
        for lang in LANGS:
            view = await ui._post_view(
                match, lang, names, number=9_999, key=(state.actors()[0],), start=0, report=None,
                alt="A" * 1000, current=True, mentions=True, asking=False, detail=info.id in DETAIL,
            )  # fmt: skip
            body = payload(view)
            busiest = max(busiest, len(list(components_in(body["components"]))))
            faults += [f"position {number} ({lang}): {f}" for f in check_discord_limits(body)]
            if number % 7 == 0:  # every private step of one position in seven: the tree is large
                for where, step in private_steps(match, lang):
                    faults += [f"position {number} ({lang}) {where}: {f}" for f in check_discord_limits(step)]
        assert not faults, faults[:10]
    print(f"{info.id} {options} {players}p: busiest post {busiest} components")
    assert busiest > 0


def test_the_checker_names_every_limit_broken() -> None:
    def row(*items: dict[str, Any]) -> dict[str, Any]:
        return {"type": 1, "components": list(items)}

    def button(label: str = "ok", cid: str = "x") -> dict[str, Any]:
        return {"type": 2, "style": 1, "label": label, "custom_id": cid}

    def v2(*items: dict[str, Any]) -> dict[str, Any]:
        return {"flags": IS_COMPONENTS_V2, "components": list(items)}

    text = {"type": 10, "content": "x" * 2001}
    option = {"label": "o", "value": "0"}
    fine = v2({"type": 17, "components": [{"type": 10, "content": "hi"}]}, row(button()))
    assert check_discord_limits(fine) == []
    broken = {
        "41 components": v2({"type": 17, "components": [{"type": 10, "content": "."}] * 40}),
        "4002 characters": v2(text, text),
        "6 buttons": v2(row(*[button(cid=str(i)) for i in range(6)])),
        "label of 81": v2(row(button("L" * 81))),
        "custom id of 101": v2(row(button(cid="c" * 101))),
        "26 options": v2(row({"type": 3, "custom_id": "s", "options": [option] * 26})),
        "option label of 101": v2(row({"type": 3, "custom_id": "s", "options": [{"label": "L" * 101, "value": "0"}]})),
        "option description of 101": v2(
            row({"type": 3, "custom_id": "s", "options": [dict(option, description="d" * 101)]})
        ),
        "11 items": v2({"type": 12, "items": [{"media": {"url": "attachment://b.png"}}] * 11}),
        "shares its row": v2(row({"type": 3, "custom_id": "s", "options": [option]}, button())),
        "6 action rows": {"content": "hi", "components": [row(button(cid=str(i))) for i in range(6)]},
        "content of 2001": {"content": "x" * 2001},
        "embed description of 4097": {"embeds": [{"description": "x" * 4097}]},
    }
    for expected, body in broken.items():
        faults = check_discord_limits(body)
        assert any(expected in fault for fault in faults), (expected, faults)
