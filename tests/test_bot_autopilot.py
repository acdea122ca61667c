"""Ask only when it matters, on SimCord: the member's settings panel changed in two taps (a menu opened, a choice
picked), in English and French; the turn post's per-match toggle; the turn post saying which move was played for
whom; and twin matches that differ only in one member's setting reading the same to the other member until the
autopilot plays."""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from bot.app.standins.autopilot import Autopilot
from tests.botkit import controls_of, labels_of, text_of

SEED = "5eed" * 16


def deterministic(env: Any) -> None:
    """Fixed seeds and salts (every match deals the same dice) and an autopilot that never runs out of time."""
    env.bot.service.config = replace(
        env.bot.service.config,
        seed_factory=lambda: "twin",
        server_seed_factory=lambda: SEED,
        salt_factory=lambda: "0" * 31 + "1",
        nonce_factory=lambda: "0" * 32,
        stand_ins=(Autopilot(seconds=None),),
    )


async def new_match(
    guild: Any, name: str, alice: Any, bob: Any, rated: bool = False, lang: str = "en"
) -> tuple[Any, Any]:
    channel = guild.create_text_channel(name)
    lobby = (await alice.slash(channel, "game new", game="ur:v1", thread=False, rated=rated)).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    return channel, lobby


def menus(message: discord.Message) -> dict[str, Any]:
    """The menus of the member settings (the default orders' menu is tested in test_bot_default_orders.py)."""
    return {
        c.custom_id: c
        for c in controls_of(message)
        if isinstance(c, discord.SelectMenu) and c.custom_id.startswith("plateau:mset:")
    }


@pytest.mark.parametrize(
    ("locale", "title", "on", "bound"),
    [
        ("en-US", "Your settings", "On: within 1 point", "(Ur Variante 1: within 0.3 point)"),
        ("fr", "Vos réglages", "Oui\u00a0: à moins", "(Ur Variante 1\u00a0: à moins de 0,3 point)"),
    ],
)
async def test_the_panel_changes_the_standing_preference_in_two_taps(
    simcord_env: Any, client_locales: dict[int, str], locale: str, title: str, on: str, bound: str
) -> None:
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("lounge")
    alice = guild.add_member(env.create_user("alice"))
    client_locales[alice.id] = locale
    shown = await alice.slash(channel, "plateau settings")
    panel = shown.response.message
    assert shown.response.message.flags.ephemeral and title in text_of(panel)
    assert bound in text_of(panel), "the rated bound where the member sees the threshold"
    (menu,) = menus(panel).values()
    assert menu.custom_id == "plateau:mset:autopilot:0"
    assert [o.value for o in menu.options] == ["off", "1", "2", "5"]
    assert [o.value for o in menu.options if o.default] == ["off"], "off until the member chooses"
    assert on not in text_of(panel)
    # The second tap: the choice picked in the opened menu.
    picked = await alice.select(panel, ["1"], custom_id=menu.custom_id)
    assert (await env.bot.service.member_settings(alice.id)).standing == {"autopilot": "1"}
    edited = picked.response.message
    assert on in text_of(edited)
    (menu,) = menus(edited).values()
    assert [o.value for o in menu.options if o.default] == ["1"]


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_match_of_ones_own_has_its_own_menu_and_the_turn_post_a_toggle(
    simcord_env: Any, client_locales: dict[int, str], locale: str
) -> None:
    env = simcord_env
    deterministic(env)
    guild = env.create_guild(name="Association")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    client_locales[alice.id] = locale
    lang = "fr" if locale == "fr" else "en"
    channel, _ = await new_match(guild, "games", alice, bob)
    match = await env.bot.service.current(channel.id)
    assert match is not None
    panel = (await alice.slash(channel, "plateau settings")).response.message
    own = f"plateau:mset:autopilot:{match.id}"
    assert set(menus(panel)) == {"plateau:mset:autopilot:0", own}
    await alice.select(panel, ["5"], custom_id=own)
    settings = await env.bot.service.member_settings(alice.id, match.id)
    assert settings.applied == {"autopilot": "5"} and settings.standing == {"autopilot": "off"}
    # Carol, who does not play, gets no menu for the match.
    assert set(menus((await carol.slash(channel, "plateau settings")).response.message)) == {"plateau:mset:autopilot:0"}
    # The turn post's toggle: one tap, answered to the tapper alone.
    post = [m for m in channel.history() if m.attachments and m.components][-1]
    label = t("en", "button.autopilot")
    assert label in labels_of(post)
    answer = await alice.click(post, label=label)
    assert answer.response.message.flags.ephemeral
    assert t(lang, "settings.autopilot.toggled.off", id=match.id) in text_of(answer.response.message)
    assert (await env.bot.service.member_settings(alice.id, match.id)).applied == {"autopilot": "off"}
    again = await alice.click(post, label=label)
    assert t(lang, "settings.autopilot.toggled.on", id=match.id) in text_of(again.response.message)
    assert (await env.bot.service.member_settings(alice.id, match.id)).applied == {"autopilot": "1"}


async def play_first_moves(env: Any, channel: Any, members: dict[int, Any], until: Any, limit: int = 60) -> Match:
    """Each member to act types their first legal move, until ``until(match)`` or the limit."""
    match = await env.bot.service.current(channel.id)
    for _ in range(limit):
        assert match is not None
        if until(match) or match.status is not MatchStatus.ACTIVE:
            break
        (uid,) = match.to_act()
        await members[uid].slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[0]))
        match = await env.bot.service.current(channel.id) or await env.bot.service.last_in_channel(channel.id)
    assert match is not None
    return match


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-US", "played for **bob**: the choice could not matter"),
        ("fr", "joué pour **bob**\u00a0: le choix ne pouvait"),
    ],
)
async def test_the_turn_post_says_which_move_was_played_for_whom(
    simcord_env: Any, client_locales: dict[int, str], locale: str, said: str
) -> None:
    env = simcord_env
    deterministic(env)
    guild = env.create_guild(name="Association", preferred_locale=locale)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    channel, _ = await new_match(guild, "games", alice, bob, lang="fr" if locale == "fr" else "en")
    match = await env.bot.service.current(channel.id)
    assert match is not None
    # Bob switched it on; alice, by default, is asked for every move of hers.
    await env.bot.service.set_member_setting(bob.id, "autopilot", "1")
    members = {alice.id: alice, bob.id: bob}
    match = await play_first_moves(env, channel, members, lambda m: False, limit=0)
    for _ in range(60):
        if await env.bot.store.load_played_for(match.id) or match.status is not MatchStatus.ACTIVE:
            break
        match = await play_first_moves(env, channel, members, lambda m: False, limit=1)
    assert await env.bot.store.load_played_for(match.id), "Variante 1 soon has a choice of bob's that cannot matter"
    stories = "\n".join(text_of(m) for m in channel.history() if m.attachments)
    # The names are mentions in a post that pings; the words say whose move it was.
    assert re.search(re.escape(said).replace(r"\*\*bob\*\*", r"(\*\*bob\*\*|<@\d+>|bob)"), stories), stories


def normalised(text: str, match_id: int) -> str:
    """A channel's text with what differs between twin matches anyway taken out: ids, mentions, links."""
    text = re.sub(rf"#{match_id}\b", "#N", text)
    text = re.sub(r"<[@#]!?\d+>|https://discord\.com/channels/\S+", "<ref>", text)
    return re.sub(r"\b\d{15,}\b", "<id>", text)


async def test_twin_matches_read_the_same_to_the_other_member_until_the_move_is_played(simcord_env: Any) -> None:
    env = simcord_env
    deterministic(env)
    # Dice from the match's seed alone (provably fair dice also hash the match's number, which twins cannot share).
    env.bot.service.config = replace(env.bot.service.config, fair=False)
    guild = env.create_guild(name="Association")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    members = {alice.id: alice, bob.id: bob}
    # Twin 1: bob left the autopilot off (the default); twin 2: he switched it on for that match.
    quiet, _ = await new_match(guild, "quiet", alice, bob)
    piloted, _ = await new_match(guild, "piloted", alice, bob)
    first = await env.bot.service.current(quiet.id)
    second = await env.bot.service.current(piloted.id)
    assert first is not None and second is not None
    await env.bot.service.set_member_setting(bob.id, "autopilot", "1", second.id)
    compared = 0
    for _ in range(80):
        if await env.bot.store.load_played_for(second.id):
            break
        compared += 1
        # Alice reads both channels alike so far.
        one = [normalised(text_of(m), first.id) for m in quiet.history()]
        other = [normalised(text_of(m), second.id) for m in piloted.history()]
        assert one == other, "\n".join(difflib.unified_diff("\n".join(one).split("\n"), "\n".join(other).split("\n")))
        assert first.state == second.state
        if first.status is not MatchStatus.ACTIVE:
            break
        (uid,) = first.to_act()
        move = first.state.format_move(first.state.legal_moves()[0])
        await members[uid].slash(quiet, "game move", move=move)
        await members[uid].slash(piloted, "game move", move=move)
        first = await env.bot.service.current(quiet.id) or await env.bot.service.last_in_channel(quiet.id)
        second = await env.bot.service.current(piloted.id) or await env.bot.service.last_in_channel(piloted.id)
        assert first is not None and second is not None
    assert compared > 3, "the twins were compared over several turns before the autopilot played"
    assert await env.bot.store.load_played_for(second.id), "the autopilot played for bob in the end"
    assert not await env.bot.store.load_played_for(first.id)
