"""Issue 24, items 6, 8 and 10, played on SimCord: matches in channels a member cannot see stay unseen,
member text shows inertly, and every match is salted by each seated member before its first draw."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.member_text import inert
from tests.botkit import text_of

LURE = "a` [Claim your prize](https://evil.example/prize) `b <@123456789012345678> @everyone **now**"
"""A salt or a name that tries to escape its code span into a live masked link, a mention and bold text."""
LIVE_LINK = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\(https?://")


def said_by(message: discord.Message) -> str:
    """Every text of a message that Discord renders: content, text displays, and its embeds' texts."""
    parts = [text_of(message)]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def live_markdown(text: str) -> list[str]:
    """What of ``text`` Discord would render live: masked links, unescaped mentions, and @everyone."""
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
