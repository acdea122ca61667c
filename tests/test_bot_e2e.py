"""End to end on SimCord: members play the Royal Game of Ur from ``/game new`` to the result.

Everything goes through discord.py's real machinery (command tree, autocomplete, persistent buttons,
attachments) against SimCord's in-memory Discord; no network, no token.
"""

from __future__ import annotations

import copy
from typing import Any

import discord
import pytest

from bench.phone_shots import localised
from bot.app.matches import Match, MatchStatus
from games import ur as ur_rules
from tests.botkit import boards_in, labels_of, make_bot, move_buttons, pings_since, text_of

PNG = b"\x89PNG\r\n\x1a\n"


def button_labels(message: discord.Message) -> list[str]:
    """Labels of every button on a message (nested layouts included)."""
    return labels_of(message)


async def current(env: Any, channel: Any) -> Match | None:
    """The channel's lobby or active match, read through the running bot's service."""
    return await env.bot.service.current(channel.id)


def best_move(notations: list[str]) -> str:
    """A move that makes the game progress: bear off first, then the most advanced piece."""
    for n in notations:
        if n.endswith("off"):
            return n
    return notations[-1]


async def assert_board(channel: Any) -> discord.Message:
    """The channel's turn post as it is now: a public message with one real PNG board and alt text (Ursuppe's
    genes and events are behind a button)."""
    post = boards_in(channel)[-1]
    attachments = post.attachments
    assert [a.filename for a in attachments] == ["board.png"]
    for attachment in attachments:
        assert (await attachment.read()).startswith(PNG)
    assert attachments[0].description, "every board carries alt text"
    return post


async def assert_board_reply(result: Any, channel: Any) -> discord.Message:
    """After an action: the interaction was acknowledged, and the channel's turn post shows a board."""
    replies = [m for m in (result.response, *result.followups) if m is not None]
    # In the match's channel a change may be answered by the post alone (its deferral deleted).
    assert replies or result.acknowledged, "every action is acknowledged"
    return await assert_board(channel)


async def expect_ephemeral(result: Any, *fragments: str, env: Any = None) -> str:
    """The interaction was answered ephemerally with text containing every fragment.

    With ``env``, the error the bot handled is acknowledged (SimCord fails a test on unseen errors).
    """
    if env is not None:
        assert env.errors, "the bot recorded the handled error"
    assert result.response is not None and result.response.ephemeral
    text = result.response.content
    for fragment in fragments:
        assert fragment.lower() in text.lower(), text
    return text


@pytest.fixture
def world(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel, two players and a bystander."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("ur")
    return {
        "env": env,
        "guild": guild,
        "channel": channel,
        "alice": guild.add_member(env.create_user("alice")),
        "bob": guild.add_member(env.create_user("bob")),
        "carol": guild.add_member(env.create_user("carol")),
    }


async def open_and_start(world: dict[str, Any]) -> tuple[discord.Message, discord.Message]:
    """Alice opens a lobby, Bob joins with the button and starts; returns (lobby, first board)."""
    channel, alice, bob = world["channel"], world["alice"], world["bob"]
    result = await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)
    lobby = result.response.message
    assert "Royal Game of Ur" in (lobby.embeds[0].title or "")
    assert button_labels(lobby) == [
        "Join",
        "Leave",
        "Start",
        "Add my secret word",
        "Add AI: easy",
        "Add AI: normal",
        "Add AI: strong",
    ]
    joined = await bob.click(lobby, label="Join")
    card = str(joined.response.message.embeds[0].to_dict())
    assert "bob" in card and f"<@{bob.id}>" not in card, "named, not mentioned: an embed may not render it"
    started = await bob.click(lobby, label="Start")
    assert button_labels(started.response.message) == [], "the lobby card loses its buttons"
    return lobby, await assert_board_reply(started, channel)


async def test_a_complete_game_with_restart_and_every_kind_of_bad_input(world: dict[str, Any], db_path: str) -> None:
    env, channel = world["env"], world["channel"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    players = {alice.id: alice, bob.id: bob}
    requests = len(env.http_requests)
    _lobby, board = await open_and_start(world)
    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE
    assert f"<@{match.to_act()[0]}>" in text_of(board) and "turn 1" in text_of(board)
    assert pings_since(env, requests) == [match.to_act()[0]], "the player to act is pinged, once"

    boards = [board]
    turn = 0
    checked_errors = restarted = checked_stale = False
    stale_board: Any = None
    while (match := await current(env, channel)) is not None:
        actor = players[match.to_act()[0]]
        other = bob if actor is alice else alice
        legal = [match.state.format_move(m) for m in match.state.legal_moves()]

        offered = [c["value"] for c in await actor.autocomplete(channel, "game move", "move", "")]
        assert sorted(offered) == sorted(legal)
        assert await other.autocomplete(channel, "game move", "move", "") == [], "only the actor gets moves"

        if not checked_errors and turn >= 3:
            checked_errors = True
            version = match.version
            await expect_ephemeral(await carol.slash(channel, "game move", move=legal[0]), "not a player", env=env)
            await expect_ephemeral(await other.slash(channel, "game move", move=legal[0]), "not your turn", env=env)
            await expect_ephemeral(await actor.slash(channel, "game move", move="xyzzy"), "can't read", env=env)
            illegal = next(n for n in ("C1-C2", "B8-off", "A8-off") if n not in legal)
            await expect_ephemeral(await actor.slash(channel, "game move", move=illegal), "legal now", env=env)
            after = await current(env, channel)
            assert after is not None and after.version == version and after.state == match.state

        if not restarted and turn >= 6:
            # Restart mid-game; then the current board's buttons must still work, and a repost gives
            # a second board whose twin on the older message goes stale after the next move.
            restarted = True
            await env.restart_bot(make_bot(db_path))
            requests = len(env.http_requests)
            boards.append(await assert_board_reply(await other.slash(channel, "game board"), channel))
            assert pings_since(env, requests) == [], "a repost pings nobody again"
            assert boards[-1].id != boards[-2].id and button_labels(boards[-1])
            assert button_labels(await channel_message(channel, boards[-2].id)) == [], "the older post is retired"
            stale_board = snapshot(env, boards[-1])

        pick = best_move(legal)
        use_button = turn % 2 == 0 or stale_board is not None
        requests = len(env.http_requests)
        if use_button and pick in move_buttons(boards[-1]):
            result = await actor.click(boards[-1], label=move_buttons(boards[-1])[pick])
        else:
            result = await actor.slash(channel, "game move", move=pick)
        boards.append(await assert_board_reply(result, channel))
        after = await env.bot.service.last_in_channel(channel.id)
        assert after is not None
        expected = [] if after.to_act() == match.to_act() else list(after.to_act())
        if after.status is MatchStatus.ACTIVE:
            assert pings_since(env, requests) == expected, "one ping when the turn passes, none within a turn"
        if stale_board is not None and after.status is MatchStatus.ACTIVE:
            # A click that reaches the bot after the post moved on (a client showing the older buttons).
            stale = await click_stale(actor, stale_board)
            await expect_ephemeral(stale, "board has changed")
            stale_board = None
            checked_stale = True
        turn += 1
        assert turn < 400, "the game should end"

    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED
    assert final.result is not None and len(final.result.winners) == 1
    end = boards[-1]
    assert "won the match" in text_of(end)
    assert button_labels(end) == ["Rematch", "How it went"], "a finished match offers a rematch and its review"
    assert restarted and checked_errors and checked_stale


async def channel_message(channel: Any, message_id: int) -> discord.Message:
    """A message of the channel as it is now."""
    return next(m for m in channel.history() if m.id == message_id)


def snapshot(env: Any, message: discord.Message) -> Any:
    """SimCord's record of ``message`` as it is now, kept apart from later edits."""
    return copy.deepcopy(env.backend.get_message(message.channel.id, message.id))


async def click_stale(actor: Any, stored: Any) -> Any:
    """Click the first button of a message as ``stored`` shows it, though the message was edited since
    (a client that had not refreshed yet)."""
    from simcord.actors import _component_interaction

    def buttons(components: Any) -> list[dict[str, Any]]:
        found = []
        for c in components:
            found += [c] if c.get("type") == 2 else buttons(c.get("components", []))
        return found

    custom_id = buttons(stored.components)[0]["custom_id"]
    return await _component_interaction(actor, stored, {"custom_id": custom_id, "component_type": 2})


async def test_a_closed_dm_falls_back_to_an_ephemeral_view_and_a_notice(world: dict[str, Any]) -> None:
    env, channel, alice = world["env"], world["channel"], world["alice"]
    await open_and_start(world)
    env.inject_error("POST", "/channels/*/messages", status=403, code=50007)
    result = await alice.slash(channel, "game view")
    followups = [result.response, *result.followups]
    private = [m for m in followups if m is not None and m.ephemeral]
    assert private and private[0].attachments, "the view comes back ephemerally"
    notice = channel.last_message
    assert notice is not None and f"<@{alice.id}>" in notice.content and not notice.attachments
    assert await env.bot.service.user_pref(alice.id, "dm_closed") is not None
    # Remembered: the next request does not try the DM again and falls back at once, with no second notice.
    again = await alice.slash(channel, "game view")
    assert any(m.ephemeral and m.attachments for m in [again.response, *again.followups] if m is not None)
    notices = [m for m in channel.history() if f"<@{alice.id}>" in m.content and not m.attachments]
    assert len(notices) == 1, "the public notice is posted once per match"


async def test_view_by_dm_when_dms_are_open(world: dict[str, Any]) -> None:
    channel, alice = world["channel"], world["alice"]
    await open_and_start(world)
    result = await alice.slash(channel, "game view")
    texts = [m.content for m in [result.response, *result.followups] if m is not None]
    assert any("direct message" in t for t in texts)
    dm = alice.user.dm_channel.last_message if hasattr(alice, "user") else None
    assert dm is None or dm.attachments


async def test_resign_needs_confirmation_and_ends_the_match(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    await open_and_start(world)
    ask = await alice.slash(channel, "game resign")
    await expect_ephemeral(ask, "really")
    assert (await current(env, channel)) is not None
    done = await alice.click(ask.response.message, label="Yes, resign")
    board = await assert_board_reply(done, channel)
    assert "resign" in text_of(board).lower()
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.result is not None and final.result.winners == (1,)
    assert final.seats[1] == bob.id
    assert button_labels(board) == ["Rematch", "How it went"]

    # The rematch: same game and rules, the same players with the seats rotated, a new turn post.
    await expect_ephemeral(await world["carol"].click(board, label="Rematch"), "not a player")
    requests = len(env.http_requests)
    again = await bob.click(board, label="Rematch")
    assert again.response is not None and not again.response.ephemeral, "bob asks alice in the channel"
    assert await current(env, channel) is None, "nothing starts before alice accepts"
    assert pings_since(env, requests) == [alice.id], "the question pings who must answer"
    requests = len(env.http_requests)
    await alice.click(again.response.message, label="Accept")
    rematch = await current(env, channel)
    assert rematch is not None and rematch.id != final.id and rematch.status is MatchStatus.ACTIVE
    assert rematch.game.id == final.game.id and dict(rematch.options) == dict(final.options)
    assert rematch.seats == (bob.id, alice.id)
    post = await assert_board(channel)
    assert post.id != board.id and f"#{rematch.id}" in text_of(post)
    assert pings_since(env, requests) == list(rematch.to_act())


async def test_abort_by_creator_or_moderator_only(world: dict[str, Any]) -> None:
    env, channel, alice, carol = world["env"], world["channel"], world["alice"], world["carol"]
    await open_and_start(world)
    await expect_ephemeral(await carol.slash(channel, "game abort"), "creator", env=env)
    result = await alice.slash(channel, "game abort")
    assert "without a result" in result.response.content
    assert await current(env, channel) is None


async def test_lobby_rules_help_status_and_board(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    await expect_ephemeral(await alice.slash(channel, "game move", move="in"), "no match", env=env)
    await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)
    await expect_ephemeral(await alice.slash(channel, "game start"), "at least 2", env=env)
    await expect_ephemeral(
        await bob.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False), "already has a match", env=env
    )
    await bob.slash(channel, "game join")
    rules = await alice.slash(channel, "game rules")
    assert rules.response.ephemeral and "rosette" in rules.response.embeds[0].description.lower()
    help_ = await alice.slash(channel, "plateau help")
    assert "/game new" in help_.response.embeds[0].description
    await alice.slash(channel, "game start")
    status = await bob.slash(channel, "game status")
    assert status.response.ephemeral and status.response.embeds
    repost = await bob.slash(channel, "game board")
    await assert_board_reply(repost, channel)
    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE


async def test_lobby_buttons_keep_working_after_a_restart(world: dict[str, Any], db_path: str) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await env.restart_bot(make_bot(db_path))
    await bob.click(lobby, label="Join")
    await env.restart_bot(make_bot(db_path))
    started = await alice.click(lobby, label="Start")
    await assert_board_reply(started, channel)
    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE and match.seats == (alice.id, bob.id)


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction comes from a French Discord client on a French server."""
    import simcord.interactions as payloads

    monkeypatch.setattr(payloads, "base_payload", localised(payloads.base_payload, "fr"))


async def test_french_players_get_french_replies_and_boards(world: dict[str, Any], french: None) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    assert lobby.embeds[0].fields[0].name.startswith("Joueurs")
    labels = ["Rejoindre", "Quitter", "Lancer", "Ajouter mon mot secret", "Ajouter une IA\u00a0: facile"]
    assert button_labels(lobby)[:5] == labels
    await bob.click(lobby, label="Rejoindre")
    board = await assert_board_reply(await bob.click(lobby, label="Lancer"), channel)
    assert "à vous" in text_of(board) or "tirage au sort" in text_of(board)
    match = await current(env, channel)
    assert match is not None
    waiting = bob if match.to_act()[0] == alice.id else alice
    await expect_ephemeral(await waiting.slash(channel, "game move", move="in"), "pas votre tour", env=env)
    rules = await alice.slash(channel, "game rules")
    assert "rosace" in rules.response.embeds[0].description.lower()


async def test_commands_are_synced_once_and_not_again_when_unchanged(world: dict[str, Any], db_path: str) -> None:
    env = world["env"]

    def syncs() -> int:
        return sum(1 for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands"))

    assert syncs() == 1
    await env.restart_bot(make_bot(db_path))
    assert syncs() == 1, "an unchanged command tree is not sent again"
    await world["alice"].slash(world["channel"], "plateau help")


async def test_a_draw_offered_and_accepted_with_buttons(world: dict[str, Any]) -> None:
    env, channel, alice, bob, carol = world["env"], world["channel"], world["alice"], world["bob"], world["carol"]
    await open_and_start(world)
    offer = await alice.slash(channel, "game draw")
    message = offer.response.message
    assert f"<@{bob.id}>" in message.content and button_labels(message) == ["Accept the draw", "Decline"]
    await expect_ephemeral(await carol.click(message, label="Accept the draw"), "not a player")
    await expect_ephemeral(await alice.click(message, label="Accept the draw"), "you made this offer")
    agreed = await bob.click(message, label="Accept the draw")
    board = await assert_board_reply(agreed, channel)
    assert "drawn" in text_of(board)
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED and final.result is not None
    assert final.result.winners == ()


async def test_a_declined_draw_lets_play_go_on(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    await open_and_start(world)
    offer = await bob.slash(channel, "game draw")
    declined = await alice.click(offer.response.message, label="Decline")
    assert "declined" in declined.response.message.content
    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE


RULE_SETS = sorted(ur_rules.NEW)


def pick_for(rules: str, legal: list[str]) -> str:
    """A scripted choice that makes a game of ``rules`` end quickly.

    Towers (``rb``) end by capturing everything, so captures, carried prisoners and deliveries come first.
    """
    if rules != "rb":
        return best_move(legal)

    def score(notation: str) -> tuple[int, int, int]:
        path, _, carried = notation.partition("+")
        return int("x" in path), int(carried or 0), int(path.endswith(("A7", "C7")))

    return max(legal, key=score)


@pytest.mark.parametrize("rules", RULE_SETS)
async def test_a_complete_game_of_every_ur_rule_set(world: dict[str, Any], rules: str) -> None:
    """Two members play each rule set from ``/game new`` to the result, with buttons and ``/game move``."""
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    players = {alice.id: alice, bob.id: bob}
    lobby = (await alice.slash(channel, "game new", game=f"ur:{rules}", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    boards = [await assert_board_reply(await bob.click(lobby, label="Start"), channel)]
    turn = 0
    while (match := await current(env, channel)) is not None:
        (seat,) = match.state.actors()
        actor = players[match.seats[seat]]
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        suggested = await actor.autocomplete(channel, "game move", "move", "")
        offered = [c["value"] for c in suggested]
        assert offered and set(offered) <= set(legal) and len(offered) == min(25, len(legal))
        assert all(c["name"].startswith(c["value"] + " — ") for c in suggested), "the moves in words"
        pick = pick_for(rules, legal)
        buttons = move_buttons(boards[-1])
        assert not set(buttons.values()) & set(legal), "every move button is in words"
        if turn % 3 == 0 and pick in buttons:
            result = await actor.click(boards[-1], label=buttons[pick])
        else:
            result = await actor.slash(channel, "game move", move=pick)
        boards.append(await assert_board_reply(result, channel))
        turn += 1
        assert turn < 600, "the game should end"
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED and final.result is not None
    assert len(final.result.winners) == 1
    assert button_labels(boards[-1]) == ["Rematch", "How it went"]


@pytest.mark.parametrize("rules", RULE_SETS)
async def test_rules_help_exists_for_every_rule_set_in_both_languages(world: dict[str, Any], rules: str) -> None:
    from bot.app.i18n import catalog

    result = await world["alice"].slash(world["channel"], "game rules", game=f"ur:{rules}")
    embed = result.response.embeds[0]
    assert embed.title == catalog("en")[f"rules.ur.{rules}.title"]
    assert len(embed.description or "") > 500
    for lang in ("en", "fr"):
        assert f"rules.ur.{rules}.text" in catalog(lang) and f"choice.ur.{rules}" in catalog(lang)
