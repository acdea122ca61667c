"""End to end on SimCord: Subulata with secret set-ups, one player's DMs closed, and no secret in public.

The strong check plays the same match twice, in two channels, with the same seed and the same moves
but different secret arrangements: until the final reveal, everything anyone can read in the channels
(texts, embeds, image bytes) must be identical.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.app.matches import MatchStatus
from games.subulata.state import SIZE, Move
from tests.botkit import boards_in, text_of
from tests.test_bot_e2e import (
    button_labels,
    current,
    expect_ephemeral,
    french,  # noqa: F401 (a fixture)
)
from tests.test_story import story_of

WHITE_SECRET = {"north": "371946825", "south": "924615837"}
BLACK_SECRET = {"north": "918273645", "south": "456789123"}


@pytest.fixture
def pond(simcord_env: Any) -> dict[str, Any]:
    """A server with two match channels, Alice (DMs open), Bob (DMs closed) and Carol watching."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    players = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")}
    return {"env": env, "north": guild.create_text_channel("north"), "south": guild.create_text_channel("south")} | (
        players
    )


def forward_first(state: Any, legal: list[str]) -> str:
    """A scripted choice that ends a game: captures first, then the move that gains the most ground."""
    me = state.turn

    def gain(notation: str) -> tuple[int, int]:
        move = state.parse_move(notation)
        assert isinstance(move, Move)
        ahead = (move.to % SIZE + move.to // SIZE) - (move.frm % SIZE + move.frm // SIZE)
        return int("x" in notation), ahead if me == 0 else -ahead

    return max(legal, key=gain)


async def set_up_and_play(pond: dict[str, Any], where: str, script: list[str] | None) -> list[str]:
    """One match in channel ``where``: secret set-ups by DM form and by ephemeral command, then play.

    Plays ``script`` when given, else scripted choices; returns the moves played.
    """
    env, channel = pond["env"], pond[where]
    alice, bob, carol = pond["alice"], pond["bob"], pond["carol"]
    players = {alice.id: alice, bob.id: bob}
    lobby = (await alice.slash(channel, "game new", game="subulata", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    assert len(boards_in(channel, carol)) == 1, "the first turn post follows the start"

    # Alice's DM: her private board with the set-up prompt and its two buttons.
    prompt = alice.user.dm_channel.last_message
    assert prompt is not None and prompt.attachments and "Place your pieces in secret" in prompt.content
    assert "a1 b1 c1 a2 b2 c2 a3 b3 c3, in that order" in prompt.content
    assert button_labels(prompt) == ["Place piece by piece", "Type nine digits", "Random arrangement"]
    # Bob's DMs are closed: a notice in the channel, revealing nothing, offers his view behind a button.
    notice = channel.last_message
    assert notice is not None and f"<@{bob.id}>" in notice.content and not notice.attachments

    form = await alice.user.click(prompt, label="Type nine digits")
    assert form.modal is not None
    refused = await alice.user.submit_modal(form, {"values": "112345678"})
    await expect_ephemeral(refused, "each value from 1 to 9")  # answered by the set-up form listener
    form = await alice.user.click(prompt, label="Type nine digits")
    placed = await alice.user.submit_modal(form, {"values": WHITE_SECRET[where]})
    assert all(m.ephemeral for m in (placed.response, *placed.followups) if m is not None)
    assert any("kept secret" in m.content for m in (placed.response, *placed.followups) if m is not None)

    fallback = await bob.click(notice, label="Show my view")
    private = [m for m in (fallback.response, *fallback.followups) if m is not None and m.attachments]
    assert private and private[0].ephemeral and "Place your pieces in secret" in private[0].content
    assert "i9 h9 g9 i8 h8 g8 i7 h7 g7, in that order" in private[0].content
    typed = await bob.slash(channel, "game move", move=f"setup {BLACK_SECRET[where]}")
    assert all(m.ephemeral for m in (typed.response, *typed.followups) if m is not None)

    match = await current(env, channel)
    assert match is not None and match.state.actors() == (0,), "White moves first once both are placed"
    played: list[str] = []
    while (match := await current(env, channel)) is not None:
        (seat,) = match.state.actors()
        actor = players[match.seats[seat]]
        other = bob if actor is alice else alice
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        offered = [c["value"] for c in await actor.autocomplete(channel, "game move", "move", "")]
        assert offered and set(offered) <= set(legal)
        assert await other.autocomplete(channel, "game move", "move", "") == []
        assert await carol.autocomplete(channel, "game move", "move", "") == []
        pick = script[len(played)] if script is not None else forward_first(match.state, legal)
        board = boards_in(channel, carol)[-1]
        dms = len(alice.user.dm_channel.history())
        # Buttons speak words ("2 · c1 → f1 · from a leaf"), never a value: find the one for the pick.
        said = [b for b in button_labels(board) if f"{pick[:2]} → {pick[3:]} · " in b]
        assert all(not re.search(r"\d", re.sub(r"[a-i][1-9]|^\d+ · ", "", b)) for b in button_labels(board))
        if len(played) % 2 == 0 and said:
            await actor.click(board, label=said[0])
        else:
            await actor.slash(channel, "game move", move=pick)
        played.append(pick)
        if actor is bob and "x" not in pick:
            assert len(alice.user.dm_channel.history()) == dms, "the opponent's move sends Alice no new DM"
        assert len(played) < 300, "the game should end"
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED and final.result is not None
    return played


async def images(message: discord.Message) -> list[bytes]:
    """The bytes of every attachment of ``message``."""
    return [await a.read() for a in message.attachments]


async def test_subulata_secret_set_ups_stay_secret_until_the_end(pond: dict[str, Any]) -> None:
    env, carol = pond["env"], pond["carol"]
    env.inject_error("POST", f"/channels/{pond['bob'].user.dm_channel.id}/messages", status=403, code=50007, times=None)
    env.bot.service.config.seed_factory = lambda: "twin-ponds"
    # The twins need the same draws, but provably fair draws depend on the match number: the older sampling
    # from the match seed alone (kept for matches from before bot.app.fairness) gives them that.
    env.bot.service.config.fair = False
    script = await set_up_and_play(pond, "north", None)
    # Alice's DMs: one, with the prompt at the start, then edited in place with her private board.
    dms = pond["alice"].user.dm_channel.history()
    assert len(dms) == 1 and dms[0].attachments, "one private view per match: a newer DM replaces the older"
    assert "Place your pieces in secret" not in dms[-1].content, "the prompt is gone once she has placed"
    again = await set_up_and_play(pond, "south", script)
    assert again == script

    north, south = pond["north"].history(viewer=carol), pond["south"].history(viewer=carol)
    assert len(north) == len(south)
    # The layout is drawn in 18 logged steps but announced once, without its step notations.
    said = "\n".join(text_of(m) for m in north)
    assert said.count("laid out and turned at random") == 1
    assert "tile:" not in said and "rotate:" not in said
    ids = {}
    for where in ("north", "south"):
        last = await env.bot.service.last_in_channel(pond[where].id)
        assert last is not None
        ids[where] = last.id
    # The status card is edited in place, so it shows the final result; it is checked for secrets below.
    cards = [m for m in north + south if m.embeds and " · match #" in (m.embeds[0].title or "")]
    assert len(cards) == 2
    north = [m for m in north if m not in cards]
    south = [m for m in south if m not in cards]

    # Everything before the final board is identical although the secret values differ.
    # (A post retired after the end may tell the last capture's value, public by then: "worth 7".)
    def public(text: str, where: str) -> str:
        return re.sub(r"worth \d", "worth ?", text.replace(f"#{ids[where]}", "#N"))

    for i, (a, b) in enumerate(zip(north[:-1], south[:-1], strict=True)):
        assert public(text_of(a), "north") == public(text_of(b), "south")
        embeds = [str(e.to_dict()).replace(f"Match #{ids['north']}", "#N") for e in a.embeds]
        assert embeds == [str(e.to_dict()).replace(f"Match #{ids['south']}", "#N") for e in b.embeds]
        assert await images(a) == await images(b), i
    # The final board reveals the values, so the two matches' images differ there.
    assert "won the match" in text_of(north[-1]) or "draw" in text_of(north[-1])
    # The end explains the scores, and no line says a value stays secret while the board shows them all.
    assert "plus 1 for each piece they captured" in text_of(north[-1])
    # The result and the scores' explanation stand above the board: under it, with the seed and the thanks, they
    # pushed the board's top 313 CSS px off a phone's first screen (the phone tour of issue 39).
    above = "\n".join(story_of(north[-1]))
    assert "won the match" in above or "draw" in above, above
    assert "plus 1 for each piece they captured" in above, above
    assert "stays secret" not in text_of(north[-1])
    assert await images(north[-1]) != await images(south[-1])
    for message in north + south + cards:
        for secret in (*WHITE_SECRET.values(), *BLACK_SECRET.values()):
            text = text_of(message)
            assert secret not in text and all(secret not in str(e.to_dict()) for e in message.embeds)
            assert not re.search(r"setup:\d:\d", text)
            assert "Place your pieces in secret" not in text, "prompts go only to their player"


async def test_subulata_rules_credit_the_author_in_both_languages(pond: dict[str, Any]) -> None:
    from bot.app.i18n import catalog

    result = await pond["alice"].slash(pond["north"], "game rules", game="subulata")
    embed = result.response.embeds[0]
    assert embed.title == "Subulata" and "Corné van Moorsel" in (embed.description or "")
    assert "Corné van Moorsel" in catalog("fr")["rules.subulata.text"]


def pick_menu(message: discord.Message) -> Any | None:
    """The piece-by-piece set-up's menu on a message, if any."""
    from tests.botkit import controls_of

    return next((c for c in controls_of(message) if (c.custom_id or "").startswith("plateau:sp:")), None)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_player_places_their_pieces_one_by_one_with_a_menu(
    pond: dict[str, Any], lang: str, request: pytest.FixtureRequest
) -> None:
    from bot.app.i18n import t

    env, channel, alice, bob, carol = pond["env"], pond["north"], pond["alice"], pond["bob"], pond["carol"]
    if lang == "fr":
        request.getfixturevalue("french")
    lobby = (await alice.slash(channel, "game new", game="subulata", thread=False)).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await bob.click(lobby, label=t(lang, "button.start"))
    prompt = alice.user.dm_channel.last_message
    assert prompt is not None
    shown = button_labels(prompt)
    said = "fr" if t("fr", "button.setup_pieces") in shown else "en"
    assert shown[0] == t(said, "button.setup_pieces"), "the menu comes first"
    # The form stays as a shortcut, and says plainly which cells its nine digits fill, in order.
    form = await alice.user.click(prompt, label=t(said, "button.setup_choose"))
    assert form.modal is not None and "a1 b1 c1 a2 b2 c2 a3 b3 c3" in str(form.modal)

    wanted = "583192647"
    opened = await alice.user.click(prompt, label=t(said, "button.setup_pieces"))
    private = opened.response.message
    assert opened.response.ephemeral and private is not None
    next_word = {"en": "Which value goes on", "fr": "Quelle valeur va sur"}[lang]
    for i, value in enumerate(wanted[:8]):
        menu = pick_menu(private)
        assert menu is not None and len(menu.options) == 9 - i, "only the values left are offered"
        assert f"{next_word} **{'abc'[i % 3]}{i // 3 + 1} (" in private.content
        assert all(len(o.label.split()) == 2 for o in menu.options), "e.g. 'Value 7'"
        private = (await alice.user.select(private, [value], custom_id=menu.custom_id)).response.message
        assert private.flags.ephemeral
        if i == 3:
            # Back takes the last pick back; picking it again carries on.
            private = (await alice.user.click(private, label=t(lang, "button.setup_back"))).response.message
            menu = pick_menu(private)
            assert menu is not None and len(menu.options) == 6
            private = (await alice.user.select(private, [value], custom_id=menu.custom_id)).response.message
    # With one place left its value is the one left: the menu asks to confirm the whole arrangement.
    assert pick_menu(private) is None and "c3" in private.content and "**7**" in private.content
    done = await alice.user.click(private, label=t(lang, "button.setup_confirm"))
    assert all(m.ephemeral for m in (done.response, *done.followups) if m is not None)
    match = await current(env, channel)
    assert match is not None
    assert "".join(str(v) for _, v in sorted(match.state.pieces[0], key=lambda p: wanted_order(p[0]))) == wanted
    # Nothing anyone else reads holds the arrangement.
    for message in channel.history(viewer=carol):
        assert wanted not in text_of(message)
    again = await alice.user.click(prompt, label=t(said, "button.setup_pieces"))
    assert "already placed" in text_of(again.response.message) or again.response.ephemeral


def wanted_order(cell: int) -> int:
    """Where White's start cell ``cell`` comes in the set-up's order."""
    from games.subulata.state import SETUP_CELLS

    return SETUP_CELLS[0].index(cell)


async def test_the_piece_by_piece_menu_carries_on_after_a_restart(pond: dict[str, Any], db_path: str) -> None:
    from tests.botkit import make_bot

    env, channel, alice, bob = pond["env"], pond["north"], pond["alice"], pond["bob"]
    lobby = (await alice.slash(channel, "game new", game="subulata", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    prompt = alice.user.dm_channel.last_message
    private = (await alice.user.click(prompt, label="Place piece by piece")).response.message
    for value in "91":
        menu = pick_menu(private)
        private = (await alice.user.select(private, [value], custom_id=menu.custom_id)).response.message
    await env.restart_bot(make_bot(db_path))
    for value in "234567":  # the last value, the one left, is filled in
        menu = pick_menu(private)
        assert menu is not None, private.content
        private = (await alice.user.select(private, [value], custom_id=menu.custom_id)).response.message
    await alice.user.click(private, label="Confirm this set-up")
    match = await current(env, channel)
    assert match is not None and match.state.is_set_up(0)
    assert [v for _, v in sorted(match.state.pieces[0], key=lambda p: wanted_order(p[0]))] == [
        9,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
    ]
