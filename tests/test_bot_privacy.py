"""Issue 24, items 6, 8 and 10, played on SimCord: matches in channels a member cannot see stay unseen,
member text shows inertly, and every match is salted by each seated member before its first draw."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.app.member_text import inert
from tests.botkit import text_of
from tests.test_bot_e2e import assert_board_reply

LURE = "a` [Claim your prize](https://evil.example/prize) `b <@123456789012345678> @everyone **now**"
"""A salt or a name that tries to escape its code span into a live masked link, a mention and bold text."""
LIVE_LINK = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\(https?://(?!discord\.com/channels/)")


def said_by(message: discord.Message) -> str:
    """Every text of a message that Discord renders: content, text displays, and its embeds' texts."""
    parts = [text_of(message)]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def live_markdown(text: str) -> list[str]:
    """What of ``text`` Discord would render live: masked links (but the bot's own links into Discord, such as a
    thread's), unescaped mentions, and @everyone."""
    found = LIVE_LINK.findall(text)
    found += re.findall(r"(?<!\\)<@!?123456789012345678>", text)
    found += re.findall(r"(?<![\\\u200b])@everyone", text)
    return found


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with a public games channel, a private channel of two members, and a bystander."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    private = guild.create_text_channel(
        "backroom",
        overwrites={
            guild.roles["@everyone"]: discord.PermissionOverwrite(view_channel=False),
            alice: discord.PermissionOverwrite(view_channel=True),
            bob: discord.PermissionOverwrite(view_channel=True),
            guild.me: discord.PermissionOverwrite(view_channel=True),
        },
    )
    return {
        "env": env,
        "guild": guild,
        "channel": guild.create_text_channel("games"),
        "private": private,
        "alice": alice,
        "bob": bob,
        "carol": carol,
    }


async def play_out(env: Any, channel: Any, players: dict[int, Any], moves: int = 4) -> Any:
    """A few moves of the match in ``channel`` (the last legal move each time), then the match."""
    for _ in range(moves):
        match = await env.bot.service.current(channel.id)
        if match is None:
            break
        (uid,) = match.to_act()
        await players[uid].slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[-1]))
    return await env.bot.service.current(channel.id) or await env.bot.service.last_in_channel(channel.id)


# Item 10: member text shows inertly.


def test_inert_text_reads_the_same_and_renders_nothing() -> None:
    shown = inert(LURE)
    assert live_markdown(LURE) and not live_markdown(shown), shown
    assert re.sub(r"\\(.)", r"\1", shown) == LURE, "unescaped, it is the member's text exactly"


async def test_a_salt_with_backticks_and_a_masked_link_shows_inertly_in_verify(club: dict[str, Any]) -> None:
    channel, alice, bob = club["channel"], club["alice"], club["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False)).response.message
    await bob.click(lobby, label="Join")
    salted = await bob.slash(channel, "game salt", text=LURE)
    assert not live_markdown(salted.response.content), salted.response.content
    await bob.click(lobby, label="Start")
    verified = await alice.slash(channel, "game verify")
    (answer,) = [m for m in (verified.response, *verified.followups) if m is not None and m.embeds]
    shown = "\n".join(str(f.value) for f in answer.embeds[0].fields)
    assert "Claim your prize" in shown and not live_markdown(shown), shown


async def test_an_event_named_like_a_lure_shows_inertly_on_its_card_pairings_and_greetings(
    club: dict[str, Any],
) -> None:
    env, guild, channel, alice, bob = club["env"], club["guild"], club["channel"], club["alice"], club["bob"]
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    name = LURE[:80]
    card = (
        await admin.slash(channel, "event create", name=name, game="ur:v2", format="swiss", rounds=1)
    ).response.message
    for member in (alice, bob):
        await member.click(card, label="Sign up")
    started = await admin.click(card, label="Start")
    # A thread's name renders no markdown: the notice of its creation is left out.
    shown = [said_by(m) for m in channel.history() if m.type is not discord.MessageType.thread_created]
    for thread in channel.threads:
        shown += [said_by(m) for m in thread.history()]
    shown += [m.content or "" for m in (started.response, *started.followups) if m is not None]
    assert any("Claim your prize" in s for s in shown)
    for text in shown:
        assert not live_markdown(text), text


# Item 6: a match in a channel the caller cannot see reads as one of another server.


async def private_match(club: dict[str, Any], *, finish: bool = True) -> Any:
    """Alice and Bob play Ur in their private channel (and Alice resigns with ``finish``); returns the match."""
    env, private, alice, bob = club["env"], club["private"], club["alice"], club["bob"]
    lobby = (await alice.slash(private, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    match = await play_out(env, private, {alice.id: alice, bob.id: bob})
    if finish:
        ask = await alice.slash(private, "game resign")
        await alice.click(ask.response.message, label="Yes, resign")
    return await env.bot.service.get(match.id)


async def not_found_text(club: dict[str, Any], command: str, **options: Any) -> str:
    """What Carol reads when she asks ``command`` about a match of another server."""
    env, channel, carol = club["env"], club["channel"], club["carol"]
    elsewhere = await env.bot.service.create("ur", {}, guild_id=4242, channel_id=4343, creator_id=carol.id)
    answer = await carol.slash(channel, command, match=elsewhere.id, **options)
    env.errors.clear()
    await env.bot.service.abort(elsewhere.id, carol.id)
    assert answer.response is not None and answer.response.ephemeral
    return str(answer.response.content)


@pytest.mark.parametrize("command", ["game history", "game export", "game verify", "game replay", "plateau replace"])
async def test_a_match_in_a_channel_the_caller_cannot_see_reads_as_another_servers(
    club: dict[str, Any], command: str
) -> None:
    env, channel, private, carol = club["env"], club["channel"], club["private"], club["carol"]
    match = await private_match(club, finish=command != "plateau replace")
    expected = await not_found_text(club, command)
    public_before, private_before = len(channel.history()), len(private.history())
    requests_before = len(env.http_requests)

    answer = await carol.slash(channel, command, match=match.id)

    assert answer.response is not None and answer.response.ephemeral
    assert answer.response.content == expected, "nothing tells the match exists"
    assert env.errors, "refused through the one error handler"
    env.errors.clear()
    assert not answer.followups and not answer.response.attachments
    assert len(channel.history()) == public_before and len(private.history()) == private_before, "nothing posted"
    posted = [r for r in env.http_requests[requests_before:] if r.method == "POST" and "/channels/" in r.path]
    assert posted == []


@pytest.mark.parametrize("command", ["game history", "game export", "game verify", "game replay"])
async def test_the_players_still_read_their_private_match_from_any_channel(club: dict[str, Any], command: str) -> None:
    channel, bob = club["channel"], club["bob"]
    match = await private_match(club)
    answer = await bob.slash(channel, command, match=match.id)
    replies = [m for m in (answer.response, *answer.followups) if m is not None]
    assert replies and f"#{match.id}" in "".join(said_by(m) for m in replies)
    assert all(m.flags.ephemeral for m in replies), "a private match's replay is not posted publicly elsewhere"
    assert not [m for m in channel.history() if m.attachments], "nothing of it in the public channel"


async def test_a_moderator_who_can_see_the_channel_reads_its_match(club: dict[str, Any]) -> None:
    env, guild, channel, private = club["env"], club["guild"], club["channel"], club["private"]
    mods = guild.create_role("Mods", permissions=discord.Permissions(administrator=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    match = await private_match(club)
    answer = await mod.slash(channel, "game history", match=match.id)
    assert answer.response.ephemeral and f"#{match.id}" in said_by(answer.response)
    assert private is not None


# Item 8: a rematch is salted by each member before its first roll, and /game verify says how.


async def test_a_rematch_takes_the_standing_salts_and_verify_says_which_salt_each_seat_used(
    club: dict[str, Any],
) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    kept = await alice.slash(channel, "plateau salt", text="alice`s [standing](https://x.example) salt")
    assert kept.response.ephemeral and "standing salt is now" in kept.response.content
    assert not live_markdown(kept.response.content)
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.slash(channel, "game salt", text="bob typed this one")
    await bob.click(lobby, label="Start")
    first = await env.bot.service.current(channel.id)
    assert first is not None and first.fair is not None
    assert dict(first.fair.salts) == {
        alice.id: "alice`s [standing](https://x.example) salt",
        bob.id: "bob typed this one",
    }
    ask = await alice.slash(channel, "game resign")
    end = await assert_board_reply(await alice.click(ask.response.message, label="Yes, resign"), channel)
    cleared = await bob.slash(channel, "plateau salt")  # without text: none kept (Bob had none anyway)
    assert "no standing salt" in cleared.response.content
    asked = await bob.click(end, label="Rematch")
    await alice.click(asked.response.message, label="Accept")

    rematch = await env.bot.service.current(channel.id)
    assert rematch is not None and rematch.id != first.id and rematch.fair is not None
    history = await env.bot.service.history(rematch.id)
    assert history and history[0].kind.value == "chance", "created, joined and started in one go"
    salts = dict(rematch.fair.salts)
    assert salts[alice.id] == "alice`s [standing](https://x.example) salt"
    assert re.fullmatch(r"[0-9a-f]{32}", salts[bob.id]), "Bob has no standing salt: one was drawn for him"

    verified = await bob.slash(channel, "game verify")
    (answer,) = [m for m in (verified.response, *verified.followups) if m is not None and m.embeds]
    shown = "\n".join(str(f.value) for f in answer.embeds[0].fields if "Salts" in (f.name or ""))
    assert "(standing salt)" in shown and "(drawn for them)" in shown and salts[bob.id] in shown, shown
    assert not live_markdown(shown)
    earlier = await bob.slash(channel, "game verify", match=first.id)
    (answer,) = [m for m in (earlier.response, *earlier.followups) if m is not None and m.embeds]
    shown = "\n".join(str(f.value) for f in answer.embeds[0].fields if "Salts" in (f.name or ""))
    assert "(standing salt)" in shown and "(own text)" in shown, shown

    forgot = await alice.slash(channel, "plateau salt")
    assert "no standing salt" in forgot.response.content
    assert await env.bot.service.standing_salt(alice.id) is None


async def test_the_server_wide_list_leaves_out_matches_in_channels_the_caller_cannot_see(club: dict[str, Any]) -> None:
    channel, alice, carol = club["channel"], club["alice"], club["carol"]
    match = await private_match(club, finish=False)
    for member, listed in ((alice, True), (carol, False)):
        answer = await member.slash(channel, "game list", where="server")
        shown = said_by(answer.response)
        assert answer.response.ephemeral and (f"#{match.id}" in shown) is listed, shown
