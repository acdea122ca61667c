"""End to end on SimCord: matches played through the move builder alone, no notation typed.

The turn post carries the builder's first step (a select menu) when the legal moves do not fit as
buttons; picking in it answers privately with the next step, edited in place, and a button confirms
the move. The tests find the path to the move their script wants in the builder's tree, as a player
reads the labels, and play it step by step.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from bot.app.telling.words import move_label, move_marks, move_words
from games.builder import build, leaves
from tests.botkit import controls_of, make_bot
from tests.test_bot_e2e import assert_board_reply, current, expect_ephemeral
from tests.test_bot_ultimatek import SECRET_RE, scripted
from tests.test_bot_ultimatek import SEED as UTK_SEED
from tests.test_bot_ursuppe import choose

VIEW_LIFETIME = 181.0
"""Seconds after which discord.py's default view timeout (180 s) has passed."""


def components(message: discord.Message) -> list[Any]:
    """Every interactive component of a message (buttons and selects)."""
    return controls_of(message)


def builder_select(message: discord.Message) -> Any | None:
    """The move builder's select menu on a message, if any."""
    return next((c for c in components(message) if (c.custom_id or "").startswith("plateau:mb:")), None)


def path_to(match: Match, move: str) -> tuple[int, ...]:
    """The builder's path to ``move`` in the match's current position."""
    seat = match.state.actors()[0]
    root = build(match.game, match.state, seat)
    assert root is not None
    return next(path for path, leaf in leaves(root) if leaf == move)


def play_label(match: Match, move: str) -> str:
    """The confirm button of ``move``: the move in its player's words."""
    said = move_words(match.game, match.state, move, "en") or move
    return t("en", "builder.play", move=said)[:80]


def button_label(match: Match, move: str) -> str:
    """The label of ``move``'s button on the post: its words, after its piece's mark when it has one."""
    seat = match.state.actors()[0]
    mark = move_marks(match.game, match.state, seat).get(move, ("", ""))[1]
    return move_label(match.game, match.state, move, "en", mark)


async def play_through_builder(
    actor: Any, board: discord.Message, match: Match, move: str, *, back: bool = False
) -> Any:
    """Play ``move`` by picking, step by step, then confirming; returns the confirming interaction's result.

    A move that is a button on the post is clicked instead (the builder is only there when they do not fit).
    With ``back``, the player first goes back one step from the confirmation and picks the last step again.
    """
    select = builder_select(board)
    if select is None:
        labels = [getattr(c, "label", None) for c in components(board)]
        if button_label(match, move) in labels:
            return await actor.click(board, label=button_label(match, move))
        opener = t("en", "builder.open")
        assert opener in labels, labels
        result = await actor.click(board, label=opener)
        path = path_to(match, move)
    else:
        path = path_to(match, move)
        result = await actor.select(board, [str(path[0])], custom_id=select.custom_id)
        path = path[1:]
    private = result.response.message
    assert result.response.ephemeral, "the next steps answer the chooser alone"
    for index in path:
        step = builder_select(private)
        assert step is not None
        result = await actor.select(private, [str(index)], custom_id=step.custom_id)
        private = result.response.message
        assert private.flags.ephemeral
    if back and path:
        before = private.content
        result = await actor.click(private, label=t("en", "builder.back"))
        private = result.response.message
        assert private.content != before and builder_select(private) is not None, "back to the previous step"
        step = builder_select(private)
        result = await actor.select(private, [str(path[-1])], custom_id=step.custom_id)
        private = result.response.message
    result = await actor.click(private, label=play_label(match, move))
    # The turn post answers, a secret move (a bonus face down, shown there in its public form) as any other: the
    # private steps are gone, and no "Done." is left to pile up under the post on a phone (issue 39).
    assert result.response is None and not result.followups, "the private steps are gone"
    return result


@pytest.fixture
def table(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and four members."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe", "dmitri")}
    return {"env": env, "guild": guild, "channel": guild.create_text_channel("games")} | members


async def start(table: dict[str, Any], game: str, players: tuple[str, ...]) -> discord.Message:
    """Open ``game`` with ``players`` seated and start it; returns the first board."""
    channel = table["channel"]
    first = table[players[0]]
    lobby = (await first.slash(channel, "game new", game=game, thread=False)).response.message
    assert t("en", "lobby.autoplay") in (lobby.embeds[0].description or ""), "autoplay is on by default"
    for name in players[1:]:
        await table[name].click(lobby, label="Join")
    return await assert_board_reply(await first.click(lobby, label="Start"), channel)


def latest_board(channel: Any, viewer: Any) -> discord.Message:
    """The newest board image in the channel."""
    return [m for m in channel.history(viewer=viewer) if m.attachments][-1]


async def test_a_complete_ultimatek_match_played_through_the_builder(table: dict[str, Any]) -> None:
    env, channel = table["env"], table["channel"]
    env.bot.service.config.seed_factory = lambda: UTK_SEED
    # The builder is what this match checks: no stand-in (the autopilot judges every decision whatever the member
    # chose, so that timing tells nothing; tests/test_autopilot.py and test_stand_ins.py cover them).
    env.bot.service.config.stand_ins = ()
    await start(table, "ultimatek", ("alice", "bob"))
    by_id = {table[n].id: table[n] for n in ("alice", "bob")}
    played = selects = 0
    while (match := await current(env, channel)) is not None and match.status is MatchStatus.ACTIVE:
        actor = by_id[match.to_act()[0]]
        board = latest_board(channel, table["chloe"])
        select = builder_select(board)
        if select is not None:
            selects += 1
            for option in select.options:
                # The public first step names no bonus kind in hand.
                assert not SECRET_RE.search(f"{option.label} {option.description or ''}"), option
        move = scripted(match.state)  # type: ignore[arg-type]
        result = await play_through_builder(actor, board, match, move, back=played % 10 == 3)
        assert not env.errors, env.errors
        after = await env.bot.service.get(match.id)
        assert after.version > match.version, "the confirmed move was played"
        del result
        played += 1
        if played % 5 == 0:
            # Let the builder's spent step views time out (discord.py's three minutes) between two moves:
            # SimCord checks every pending timer at each step, so hundreds of them made this match crawl.
            await env.advance_time(VIEW_LIFETIME)
        assert played < 400
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED
    assert selects > played // 2, "most turns go through the builder's select"


async def test_an_ursuppe_round_through_the_builder_with_a_restart_between_steps_and_a_stale_step(
    table: dict[str, Any], db_path: str
) -> None:
    env, channel = table["env"], table["channel"]
    env.bot.service.config.seed_factory = lambda: "soup-267"
    names = ("alice", "bob", "chloe", "dmitri")
    await start(table, "ursuppe", names)
    by_id = {table[n].id: table[n] for n in names}
    restarted = stale_checked = False
    old_step: tuple[Any, discord.Message, str] | None = None
    played = drifted_at_once = 0
    drift_all = t("en", "builder.ursuppe.drift_all")
    while (match := await current(env, channel)) is not None:
        view = match.state.view_for(None)
        if view.round >= 2:
            break
        actor = by_id[match.to_act()[0]]
        board = latest_board(channel, table["chloe"])
        move = choose(view)
        select = builder_select(board)
        labels = [getattr(c, "label", None) for c in components(board)]
        if drift_all in labels and move.endswith(" drift"):
            # Every remaining amoeba drifts with one click, each drift logged as the player's move.
            before = match.version
            await assert_board_reply(await actor.click(board, label=drift_all), channel)
            after = await current(env, channel)
            assert after is not None and after.version > before
            drifted_at_once += 1
        elif select is not None and not restarted:
            # A restart between two steps: the private step picked before it still leads on after it.
            path = path_to(match, move)
            first = await actor.select(board, [str(path[0])], custom_id=select.custom_id)
            private = first.response.message
            await env.restart_bot(make_bot(db_path))
            restarted = True
            for index in path[1:]:
                step = builder_select(private)
                assert step is not None
                private = (await actor.select(private, [str(index)], custom_id=step.custom_id)).response.message
            # This private step is left unconfirmed (it goes stale); the move is made through a fresh one.
            old_step = (actor, private, play_label(match, move))
            await assert_board_reply(await play_through_builder(actor, board, match, move), channel)
        else:
            if select is not None:
                # Someone else may not use the acting player's builder.
                other = next(m for uid, m in by_id.items() if uid != actor.id)
                await expect_ephemeral(await other.select(board, ["0"], custom_id=select.custom_id), "not your turn")
            await assert_board_reply(await play_through_builder(actor, board, match, move), channel)
        if old_step is not None and not stale_checked and played > 3:
            owner, private, label = old_step
            stale = await owner.click(private, label=label)
            await expect_ephemeral(stale, "board has changed")
            stale_checked = True
        played += 1
        assert played < 300
    assert restarted and stale_checked and drifted_at_once
    assert played > 10


async def test_autoplay_can_be_turned_off_when_the_match_is_opened(table: dict[str, Any]) -> None:
    env, channel, alice = table["env"], table["channel"], table["alice"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    assert t("en", "lobby.autoplay") not in (lobby.embeds[0].description or "")
    match = await current(env, channel)
    assert match is not None and match.options["autoplay"] == "off"


async def forge_select(actor: Any, message: discord.Message, custom_id: str, values: list[str]) -> Any:
    """Send a pick the menu never offered, as a modified client can (SimCord's ``select`` refuses it)."""
    from simcord import actors

    stored = actors._visible_message(actor, message)
    data = {"custom_id": custom_id, "component_type": discord.ComponentType.string_select.value, "values": values}
    return await actors._component_interaction(actor, stored, data)


async def test_a_builder_pick_in_unicode_digits_is_refused_like_any_forged_value(table: dict[str, Any]) -> None:
    env, channel = table["env"], table["channel"]
    env.bot.service.config.seed_factory = lambda: UTK_SEED
    await start(table, "ultimatek", ("alice", "bob"))
    by_id = {table[n].id: table[n] for n in ("alice", "bob")}
    match = await current(env, channel)
    assert match is not None
    board = latest_board(channel, table["chloe"])
    while (select := builder_select(board)) is None:
        await play_through_builder(by_id[match.to_act()[0]], board, match, scripted(match.state))  # type: ignore[arg-type]
        match = await current(env, channel)
        assert match is not None
        board = latest_board(channel, table["chloe"])
    actor = by_id[match.to_act()[0]]
    # Superscript two, Arabic-Indic one, fullwidth five, Devanagari zero, a Kharosthi digit int() refuses.
    for value in ("²", "١", "５", "०", "𐩀", "0²"):
        env.errors.clear()
        result = await forge_select(actor, board, select.custom_id, [value])
        await expect_ephemeral(result, "board has changed")
        assert not (result.response.message.components if result.response.message else []), value
        after = await env.bot.service.get(match.id)
        assert after.version == match.version, "a forged pick changes nothing"
    # A genuine pick still opens the next step.
    genuine = await actor.select(board, [select.options[0].value], custom_id=select.custom_id)
    assert genuine.response.ephemeral and "board has changed" not in genuine.response.content.lower()
