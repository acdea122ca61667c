"""The member's desk (issue 38, item 1) through the whole bot on SimCord: one DM per member, their turns first,
edited in place (never sent twice, across a restart too), shown privately when DMs are closed, and never listing
a match in a channel the member cannot see."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.botkit import make_bot, send_real_locales
from tests.test_bot_e2e import current

HOUR = 3600.0


@pytest.fixture
def hall(simcord_env: Any) -> dict[str, Any]:
    """Two servers sharing alice and bob; carol only on the first."""
    env = simcord_env
    first = env.create_guild(name="Association")
    second = env.create_guild(name="Club du jeudi")
    alice, bob, carol = env.create_user("alice"), env.create_user("bob"), env.create_user("carol")
    return {
        "env": env,
        "first": first,
        "second": second,
        "games": first.create_text_channel("games"),
        "annex": first.create_text_channel("annex"),
        "jeudi": second.create_text_channel("jeux"),
        "alice": first.add_member(alice),
        "bob": first.add_member(bob),
        "carol": first.add_member(carol),
        "alice2": second.add_member(alice),
        "bob2": second.add_member(bob),
    }


async def start(env: Any, channel: Any, creator: Any, joiner: Any, **options: Any) -> Any:
    """A match of Ur (Variante 2) in ``channel``, started; returns it."""
    options.setdefault("autoplay", False)
    lobby = (await creator.slash(channel, "game new", game="ur:v2", thread=False, **options)).response.message
    await joiner.click(lobby, label="Join")
    await joiner.click(lobby, label="Start")
    match = await current(env, channel)
    assert match is not None
    return match


def said(result: Any) -> str:
    """What a deferred command finally answered."""
    return str((result.followups[-1] if result.followups else result.response).content)


def desks(member: Any) -> list[discord.Message]:
    """The desk DMs the member got (their other DMs are pings and private views)."""
    return [m for m in member.user.dm_channel.history() if "desk" in m.content.lower() or "bureau" in m.content.lower()]


async def play_one(env: Any, match: Any, members: dict[int, Any], channel: Any) -> None:
    """The player on turn plays their first legal move (or the roll is played)."""
    match = await env.bot.service.get(match.id)
    (seat,) = match.state.actors()
    who = members[match.seats[seat]]
    await who.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[0]))


async def test_the_desk_lists_every_server_your_turns_first_and_is_edited_in_place(hall: dict[str, Any]) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    here = await start(env, hall["games"], alice, bob, deadline="24h")
    there = await start(env, hall["jeudi"], hall["alice2"], hall["bob2"], deadline="72h")
    opened = await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    (desk,) = desks(alice)
    assert opened.ephemeral and "direct messages" in said(opened)
    text = desk.content
    assert "Association" in text and "Club du jeudi" in text
    assert f"#{here.id}" in text and f"#{there.id}" in text
    yours, _, waiting = text.partition("**Waiting for others")
    for m in (here, there):
        assert f"#{m.id}" in (yours if m.to_act() == (alice.id,) else waiting), (m.to_act(), text)
    first = desk.id
    members = {alice.id: alice, bob.id: bob}
    for _ in range(3):
        await play_one(env, here, members, hall["games"])
        await env.advance_time(10)
    (desk,) = desks(alice)
    assert desk.id == first, "edited in place, never sent again"
    assert desk.content != text


async def test_the_desk_is_edited_at_most_once_per_member_every_few_seconds(hall: dict[str, Any]) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    match = await start(env, hall["games"], alice, bob, deadline="24h")
    await alice.slash(hall["games"], "game mine")
    await bob.slash(hall["games"], "game mine")
    await env.advance_time(10)
    (desk,) = desks(alice)
    start_at = len(env.http_requests)
    members = {alice.id: alice, bob.id: bob}
    for _ in range(6):  # a burst: six changes within a few seconds of virtual time
        await play_one(env, match, members, hall["games"])
    await env.advance_time(30)
    edits = [r for r in env.http_requests[start_at:] if r.method == "PATCH" and str(desk.id) in r.path]
    assert 1 <= len(edits) <= 3, [r.path for r in edits]
    (after,) = desks(alice)
    current_match = await env.bot.service.get(match.id)
    turn_text = "Your turn" if current_match.to_act() == (alice.id,) else "Waiting for others"
    assert after.id == desk.id and turn_text in after.content, "the latest content won"


async def test_the_desk_survives_a_restart(hall: dict[str, Any], db_path: str) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    match = await start(env, hall["games"], alice, bob, deadline="24h")
    await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    (desk,) = desks(alice)
    await env.restart_bot(make_bot(db_path))
    members = {alice.id: alice, bob.id: bob}
    before = desk.content
    for _ in range(6):
        # Until alice's desk reads otherwise: two moves may leave it as it was (a roll that moves nothing, an extra
        # throw on a rosette: still her turn 1, the same deadline), and the dice are the match's own.
        await play_one(env, match, members, hall["games"])
        await env.advance_time(10)
        fresh, _, _ = await env.bot.desk.draw(alice.id, "en")
        if fresh.content != before:
            break
    (after,) = desks(alice)
    assert after.id == desk.id, "the stored message is edited after the restart, no second desk"
    assert after.content != before


async def test_a_change_just_before_a_stop_reaches_the_desk_after_the_restart(
    hall: dict[str, Any], db_path: str
) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    match = await start(env, hall["games"], alice, bob, deadline="24h")
    await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    members = {alice.id: alice, bob.id: bob}
    # A change, drawn at once; a second one a second later waits for the next edit (one per member per 5 s), and
    # the bot stops meanwhile.
    await play_one(env, match, members, hall["games"])
    await env.advance_time(1)
    (desk,) = desks(alice)
    drawn = desk.content
    for _ in range(4):
        # Until alice's desk reads otherwise: a move may leave it as it was (a roll that moves nothing, an extra
        # throw on a rosette), and the dice are the match's own.
        await play_one(env, match, members, hall["games"])
        fresh, _, _ = await env.bot.desk.draw(alice.id, "en")
        if fresh.content != drawn:
            break
    await env.advance_time(1)
    assert desks(alice)[0].content == drawn, "not drawn yet when the bot stops"
    await env.restart_bot(make_bot(db_path))
    await env.advance_time(90)  # the first tick of the clock after the restart
    (after,) = desks(alice)
    now = await env.bot.service.get(match.id)
    assert after.id == desk.id and after.content != drawn, "drawn after the restart, without a new change"
    turn_text = "Your turn" if now.to_act() == (alice.id,) else "Waiting for others"
    assert turn_text in after.content


async def test_closed_dms_show_the_desk_privately(hall: dict[str, Any]) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    match = await start(env, hall["games"], alice, bob, deadline="24h")
    env.inject_error("POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007, times=None)
    opened = await alice.slash(hall["games"], "game mine")
    text = said(opened)
    assert opened.ephemeral and f"#{match.id}" in text and "direct messages are closed" in text
    assert desks(alice) == []
    # Changes do not knock on a closed door again and again.
    start_at = len(env.http_requests)
    await play_one(env, match, {alice.id: alice, bob.id: bob}, hall["games"])
    await env.advance_time(10)
    tries = [r for r in env.http_requests[start_at:] if str(alice.user.dm_channel.id) in r.path]
    assert tries == []


async def test_the_desk_never_lists_a_match_the_member_cannot_see(hall: dict[str, Any]) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    first = hall["first"]
    staff = first.create_text_channel("staff", overwrites={alice: discord.PermissionOverwrite(view_channel=False)})
    service = env.bot.service
    hidden = await service.create("ur", {}, guild_id=first.id, channel_id=staff.id, creator_id=bob.id)
    await service.join(hidden.id, alice.id)
    await service.start(hidden.id, bob.id)
    shown = await start(env, hall["games"], alice, bob, deadline="24h")
    elsewhere = await start(env, hall["jeudi"], hall["alice2"], hall["bob2"], deadline="24h")
    hall["second"].remove_member(hall["alice2"])
    await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    (desk,) = desks(alice)
    assert f"#{shown.id}" in desk.content
    assert f"#{hidden.id}" not in desk.content, "a channel closed to her"
    assert f"#{elsewhere.id}" not in desk.content and "Club du jeudi" not in desk.content, "a server she left"


async def test_the_desk_in_french(hall: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    clients = send_real_locales(monkeypatch)
    clients[alice.id] = "fr"
    match = await start(env, hall["games"], alice, bob, deadline="48h")
    opened = await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    assert "messages privés" in said(opened)
    (desk,) = desks(alice)
    assert "Votre bureau" in desk.content and f"n° {match.id}" not in desk.content  # ids as #N in lines
    assert ("À vous de jouer" in desk.content) or ("En attente des autres" in desk.content)


async def test_lobbies_come_last_and_follow_joins_and_leaves(hall: dict[str, Any]) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    match = await start(env, hall["games"], alice, bob, deadline="24h")
    await bob.slash(hall["games"], "game mine")
    await env.advance_time(10)
    lobby = (await alice.slash(hall["annex"], "game new", game="subulata", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await env.advance_time(10)
    (desk,) = desks(bob)
    head, _, lobbies = desk.content.partition("**Lobbies and event rounds")
    assert f"#{match.id}" in head and "Subulata" in lobbies, desk.content
    await bob.click(lobby, label="Leave")
    await env.advance_time(10)
    (desk,) = desks(bob)
    assert "Subulata" not in desk.content, "the member who left no longer sees the lobby"


async def test_events_the_member_signed_up_for_come_with_the_lobbies(hall: dict[str, Any]) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    first = hall["first"]
    admins = first.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    olga = first.add_member(env.create_user("olga"), roles=[admins])
    card = (
        await olga.slash(
            hall["games"], "event create", name="Spring Open", game="ur:v2", format="swiss", rounds=3, deadline="12h"
        )
    ).response.message
    await alice.click(card, label="Sign up")
    await start(env, hall["annex"], alice, bob, deadline="24h")
    await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    (desk,) = desks(alice)
    _, _, later = desk.content.partition("**Lobbies and event rounds")
    assert "Spring Open" in later and "signed up" in later, desk.content


async def test_a_member_who_left_every_server_gets_no_desk(hall: dict[str, Any]) -> None:
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    match = await start(env, hall["games"], alice, bob, deadline="24h")
    await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    (desk,) = desks(alice)
    hall["first"].remove_member(alice)
    hall["second"].remove_member(hall["alice2"])
    env.bot.desk.source.forget(alice.id)
    start_at = len(env.http_requests)
    ask = await bob.slash(hall["games"], "game resign")  # a change that concerns her: the match ends
    await bob.click(ask.response.message, label="Yes, resign")
    await env.advance_time(10)
    assert (await env.bot.service.get(match.id)).result is not None
    assert not [r for r in env.http_requests[start_at:] if str(desk.id) in r.path], "nothing sent to her any more"


async def test_a_server_out_of_the_cache_is_asked_of_discord(
    hall: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process that edits desks runs shard 0 and caches only its servers: another shard's server is fetched."""
    env, alice = hall["env"], hall["alice"]
    there = await start(env, hall["jeudi"], hall["alice2"], hall["bob2"], deadline="24h")
    cached = env.bot.get_guild
    monkeypatch.setattr(env.bot, "get_guild", lambda gid: None if gid == hall["second"].id else cached(gid))
    await alice.slash(hall["games"], "game mine")
    await env.advance_time(10)
    (desk,) = desks(alice)
    assert f"#{there.id}" in desk.content and "Club du jeudi" in desk.content
