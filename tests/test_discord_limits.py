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

import asyncio
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from types import MappingProxyType, SimpleNamespace
from typing import Any

import discord
import pytest

from bench.phone_shots import localised
from bot.app import fairness
from bot.app.events import EventError
from bot.app.i18n import t
from bot.app.matches import LogKind, Match, MatchError, MatchStatus
from bot.app.seats.ai import ai_name
from bot.app.telling.narration import TAKEOVER_ARROW
from bot.app.telling.words import MAX_MOVE_BUTTONS
from bot.shell.client import DYNAMIC_ITEMS
from bot.shell.consent.replace import TakeSeatButton
from bot.shell.parameters import variant_choices
from bot.shell.play import messages as bot_ui
from bot.shell.play.details import DetailsButton
from bot.shell.play.messages import GameUI
from bot.shell.play.move_controls import (
    PER_ROW,
    BuilderButton,
    BuilderSelect,
    MoveButton,
    _options,
    builder_ids,
    confirm_texts,
    move_controls,
)
from bot.shell.play.private import PrivateViewButton
from bot.shell.play.turn_post import post_layout
from bot.shell.send import send_post
from games import GAMES, GameInfo
from games.base import GameState
from games.builder import Choice, Step, build, encode_path
from games.playout import random_step
from tests.discord_limits import IS_COMPONENTS_V2, check_discord_limits, components_in, message_bodies

LANGS = ("en", "fr")
NAME_MAX = 32
"""Discord's longest display name (a global name or a server nickname)."""
MATCH_ID = 10**9
"""Far beyond any real match number: custom ids carry it, so they are at their longest."""
VERSION = 99_999
"""Beyond any game's ``max_plies``: custom ids carry the version too."""
GAMES_PER_VARIANT = 8
SAMPLED = 6
"""One position in so many is checked whole; so is every position whose move controls are the largest yet."""
PLIES = 400
"""Decisions per random game at most (Ultima-Tek without a cap can run for thousands)."""
BUSIEST = {"ur": 12, "ur:v3": 10, "subulata": 14, "ultimatek": 30, "ursuppe": 14}
"""Components of the busiest turn post the seeded games reach, at least (Ultima-Tek: twenty move buttons; Ur,
Subulata and Ursuppe: as many as fit under their board on a phone, more going to the menu; Ursuppe also the
take-seat row, its one image and the genes-and-events button). Variante 3 by its own key: its goal line under
the board leaves room for fewer buttons (:func:`bot.app.telling.words.legend_lines`)."""


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


def dead_ids(body: Mapping[str, Any]) -> list[str]:
    """The custom ids of a message that no persistent component of the bot answers (a click on one fails)."""
    templates = [item.__discord_ui_compiled_template__ for item in DYNAMIC_ITEMS]
    ids = [c["custom_id"] for c in components_in(body.get("components")) if c.get("custom_id")]
    return [cid for cid in ids if not any(template.fullmatch(cid) for template in templates)]


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
            content, label = confirm_texts(match, seat, node.move, lang)
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
    most = 0
    for number, state in enumerate(positions(info, options, players, seed=players + 1)):
        match, names = crowded(info, options, players, state)
        size = sum(1 + len(row) for row in move_controls(match, "en"))
        if number % SAMPLED and size <= most:
            continue
        most = max(most, size)
        for lang in LANGS:
            view = await ui._post_view(
                match, lang, names, number=9_999, key=(state.actors()[0],), start=0, report=None,
                alt="A" * 1000, current=True, mentions=True, asking=False,
            )  # fmt: skip
            body = payload(view)
            busiest = max(busiest, len(list(components_in(body["components"]))))
            faults += [f"position {number} ({lang}): {f}" for f in check_discord_limits(body)]
            faults += [f"position {number} ({lang}): {cid!r} reaches no handler" for cid in dead_ids(body)]
            if number % (7 * SAMPLED) == 0:  # every private step of some positions: the trees are large
                for where, step in private_steps(match, lang):
                    faults += [f"position {number} ({lang}) {where}: {f}" for f in check_discord_limits(step)]
                    faults += [
                        f"position {number} ({lang}) {where}: {cid!r} reaches no handler" for cid in dead_ids(step)
                    ]
        assert not faults, faults[:10]
    print(f"{info.id} {options} {players}p: busiest post {busiest} components")
    floor = BUSIEST.get(f"{info.id}:{options.get('rules')}", BUSIEST[info.id])
    assert busiest >= floor, "the seeded games reach the game's busiest posts"


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


# What the bot really sends, on SimCord.


def speak(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Every interaction comes from a Discord client and a server in ``lang``."""
    if lang == "en":
        return
    import simcord.interactions as payloads

    monkeypatch.setattr(payloads, "base_payload", localised(payloads.base_payload, lang))


def check_sent(env: Any) -> tuple[int, int]:
    """Check every message body SimCord received; how many there were, and the most components in one."""
    refusals = [getattr(e, "original", e) for e in env.errors]
    assert all(isinstance(e, MatchError | EventError) for e in refusals), refusals
    checked = most = 0
    faults: list[str] = []
    for where, body in message_bodies(env.http_requests):
        checked += 1
        most = max(most, len(list(components_in(body.get("components")))))
        faults += [f"{where}: {fault}" for fault in check_discord_limits(body)]
    assert not faults, faults[:10]
    return checked, most


@pytest.fixture(params=LANGS)
def club(simcord_env: Any, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Thirteen members of 32-character names (the first one manages the server), on Discord in ``lang``."""
    env = simcord_env
    env.settle_timeout = 60.0  # AI turns are real CPU work in a thread
    lang = request.param
    speak(monkeypatch, lang)
    guild = env.create_guild(name="Association", preferred_locale=lang)
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    members = [
        guild.add_member(
            env.create_user(f"member{i}", global_name=long_name(i)), nick=long_name(i), roles=[admins] if i == 0 else []
        )
        for i in range(13)
    ]
    return {"env": env, "lang": lang, "channel": guild.create_text_channel("games"), "members": members}


async def settle(env: Any) -> None:
    """Let the AI seats play until nothing is left to do."""
    for _ in range(3):
        await asyncio.sleep(0)
        await env.bot.ai.idle()


async def active(env: Any, channel: Any) -> Match:
    match = await env.bot.service.last_in_channel(channel.id)
    assert match is not None and match.status is MatchStatus.ACTIVE
    return match


async def test_what_a_six_player_match_of_long_names_sends_fits_discords_limits(club: dict[str, Any]) -> None:
    env, channel, lang = club["env"], club["channel"], club["lang"]
    members = club["members"]
    players, stranger = members[:6], members[6]
    by_id = {m.id: m for m in members}
    lobby = (await players[0].slash(channel, "game new", game="ursuppe", thread=False)).response.message
    for member in players[1:]:
        await member.click(lobby, label=t(lang, "button.join"))
    await players[0].click(lobby, label=t(lang, "button.start"))
    await settle(env)

    async def play(turns: int) -> None:
        for _ in range(turns):
            match = await active(env, channel)
            (seat,) = match.state.actors()
            if seat in match.ai:
                await settle(env)
                continue
            legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
            await by_id[match.seats[seat]].slash(channel, "game move", move=legal[-1])
            await settle(env)

    await play(12)
    match = await active(env, channel)
    await by_id[match.seats[match.state.actors()[0]]].slash(channel, "game draw")
    last = next(e for e in reversed(await env.bot.service.history(match.id)) if e.kind is LogKind.MOVE)
    await by_id[match.seats[last.seat]].slash(channel, "game undo")
    for member in players[1:5]:
        # Four resign: the AI takes their seats, and the turn post offers each of them.
        ask = await member.slash(channel, "game resign")
        await member.click(ask.response.message, label=t(lang, "button.resign"))
        await settle(env)
    await play(6)
    seat = sorted((await active(env, channel)).takeovers)[0]
    await stranger.slash(channel, "plateau replace", seat=seat + 1)
    for command in ("game status", "game board", "game history", "game mine", "game genes", "game verify"):
        await players[0].slash(channel, command)
    for choice in variant_choices():
        await players[0].slash(channel, "game rules", game=choice.value)

    # The busiest positions of 6-player Ursuppe, shown as turn posts of this match, through the bot's own code.
    match = await active(env, channel)
    info = match.game
    ranked = sorted(
        positions(info, {}, 6, seed=6),
        key=lambda s: sum(len(row) + 1 for row in move_controls(replace(match, state=s), lang)),
    )
    ui = env.bot.ui
    names = await ui.names(match)
    for state in ranked[-3:]:
        busy = replace(match, state=state)
        view = await ui._post_view(
            busy, lang, names, number=9_999, key=(state.actors()[0],), start=0, report=None,
            alt="A" * 1000, current=True, mentions=True, asking=False,
        )  # fmt: skip
        png, alt = await ui._images(match, names, lang, None)
        await send_post(
            env.bot, ui.publisher.display, busy, view, bot_ui._files(png, alt), discord.AllowedMentions.none(), None
        )

    checked, most = check_sent(env)
    print(f"{lang}: {checked} messages sent or edited, the busiest of {most} components")
    # The busiest post: Ursuppe's move buttons are what fits under its board on a phone (more go to the menu).
    assert checked > 40 and most >= BUSIEST["ursuppe"], (checked, most)


async def test_what_an_event_of_long_names_sends_fits_discords_limits(club: dict[str, Any]) -> None:
    env, channel, lang = club["env"], club["channel"], club["lang"]
    admin, players = club["members"][0], club["members"][1:]
    by_id = {m.id: m for m in players}
    for game, format_ in (("ursuppe", "tables"), ("ur:v2", "swiss")):
        name = f"{format_} " + "Ŵ" * (80 - len(format_) - 1)
        made = await admin.slash(channel, "event create", name=name, game=game, format=format_, rounds=2)
        card = made.response.message
        for member in players:
            await member.click(card, label=t(lang, "event.button.join"))
        await admin.click(card, label=t(lang, "event.button.start"))
        await settle(env)
    # The Swiss event's first round ends (the second player of each game resigns): standings, then round 2.
    events = env.bot.get_cog("EventCog").ui.events
    (swiss,) = [e for e in await events.events_of_guild(channel.guild.id) if e.name.startswith("swiss")]
    for game in await events.games(swiss.id, 1):
        assert game.thread_id is not None
        thread = next(t for t in channel.threads if t.id == game.thread_id)
        loser = by_id[game.players[1]]
        ask = await loser.slash(thread, "game resign")
        await loser.click(ask.response.message, label=t(lang, "button.resign"))
    await settle(env)
    await admin.slash(channel, "event next", event=swiss.id)
    assert await events.games(swiss.id, 2), "the second round was paired"
    await admin.slash(channel, "event standings", event=swiss.id, public=True)
    await admin.slash(channel, "event list")
    checked, _ = check_sent(env)
    print(f"{lang}: {checked} messages sent or edited by two events")
    assert checked > 20, checked


async def test_simcord_refuses_a_message_over_a_limit_as_discord_does(
    simcord_env: Any, discord_limits: list[str]
) -> None:
    env = simcord_env
    channel = env.create_guild(name="Association").create_text_channel("games")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="L" * 81, custom_id="plateau:test"))
    with pytest.raises(discord.HTTPException) as refused:
        await env.bot.get_partial_messageable(channel.id).send("hello", view=view)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert discord_limits == [
        f"POST /channels/{channel.id}/messages: component 1 (type 2): button label of 81 characters: {'L' * 81!r}"
    ]
    assert channel.history() == [], "the post never appears"
    discord_limits.clear()


async def test_a_turn_post_with_every_kind_of_row_at_its_fullest_fits() -> None:
    """The bound behind the positions above, whatever the position: twenty move buttons (more go to the
    builder's select), a row of bigger decisions (Ursuppe's one), the private-view and details buttons,
    five take-seat buttons (the most seats the AI can take over: one member always plays on), the image
    and the longest text. It comes to exactly 40 components: a new kind of row must take the place of another."""
    names = [long_name(s) for s in range(6)]
    rows: list[list[discord.ui.Item[Any]]] = [
        [MoveButton(MATCH_ID, VERSION, f"m{r}{c}" + "x" * 57, "L" * 80) for c in range(PER_ROW)]
        for r in range(MAX_MOVE_BUTTONS // PER_ROW)
    ]
    rows.append([BuilderButton("mx", MATCH_ID, VERSION, encode_path([0]), "M" * 80)])
    rows.append([PrivateViewButton(MATCH_ID, "P" * 80), DetailsButton(MATCH_ID, "D" * 80)])
    rows.append([TakeSeatButton(MATCH_ID, seat, f"{names[seat]} " + "T" * 47) for seat in range(1, 6)])
    for lang in LANGS:
        view = post_layout(
            header="#" * 300, happened=["h" * 300] * 20, awaited=["a" * 500] * 3, colour=discord.Colour.red(),
            alt="A" * 1000, rows=rows,
        )  # fmt: skip
        body = payload(view)
        assert len(list(components_in(body["components"]))) == 40, lang
        assert check_discord_limits(body) == [] and dead_ids(body) == []
