"""Pings members control (issue 38, item 2) through the whole bot on SimCord: a cadence and a route set in
``/plateau settings`` with two taps, in both languages; reminders every 8 hours, none closer than an hour; pings
in a DM instead of the thread; a daily digest instead of turn pings; a forged setting refused."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from bot.app.desk.pings import PingPrefs
from bot.app.matches import MatchError
from bot.shell.desk.pings_ui import changed
from bot.shell.errors import explain
from tests.botkit import pings_of, send_real_locales
from tests.test_bot_desk import hall, start  # noqa: F401  (the fixture)
from tests.test_bot_e2e import current

HOUR = 3600.0


async def wait(env: Any, seconds: float) -> None:
    while seconds > 0:
        step = min(seconds, 6 * HOUR)
        await env.advance_time(step)
        seconds -= step


def channel_reminders(channel: Any, viewer: Any) -> list[Any]:
    return [m for m in channel.history(viewer=viewer) if m.content.startswith("⏰ <@")]


def dm_texts(member: Any) -> list[str]:
    return [m.content for m in member.user.dm_channel.history()]


def menu(message: Any, kind: str) -> str:
    """The custom id of one of the ping menus under the settings' answer."""
    ids = [c["custom_id"] for row in message.components for c in row["components"] if "custom_id" in c]
    return next(i for i in ids if i.endswith(f":pg:{kind}"))


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_cadence_and_a_route_are_two_taps_in_settings(
    hall: dict[str, Any],  # noqa: F811
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env, alice = hall["env"], hall["alice"]
    clients = send_real_locales(monkeypatch)
    clients[alice.id] = lang
    settings = (await alice.slash(hall["games"], "plateau settings")).followups[-1]
    assert ("Your pings" if lang == "en" else "Vos notifications") in settings.content
    picked = await alice.select(settings, ["every_8h"], custom_id=menu(settings, "cad"))
    shown = picked.response.content
    assert ("every 8 hours" if lang == "en" else "toutes les 8 heures") in shown
    assert ("Saved." if lang == "en" else "Enregistré.") in shown
    await alice.select(picked.response, ["dm"], custom_id=menu(picked.response, "route"))
    assert await env.bot.desk.book.prefs(alice.id) == PingPrefs("every_8h", "dm", False)


def test_a_forged_setting_is_refused_before_anything_is_kept() -> None:
    # Discord offers only the menu's options; a forged interaction may carry any value: the pick is checked.
    for kind, forged in (("cad", "every_0h"), ("route", "pigeon"), ("dig", "maybe"), ("nope", "on")):
        with pytest.raises(MatchError) as refused:
            changed(PingPrefs(), kind, forged)
        assert refused.value.key == "ping_setting"
        assert "not one of those offered" in explain(refused.value, "en")
    assert changed(PingPrefs(), "dig", "on") == PingPrefs(digest=True)


async def test_reminders_every_8_hours_in_the_thread(hall: dict[str, Any]) -> None:  # noqa: F811
    env, alice, bob, carol = hall["env"], hall["alice"], hall["bob"], hall["carol"]
    for member in (alice, bob):
        await env.bot.desk.book.set_prefs(member.id, PingPrefs("every_8h"))
    match = await start(env, hall["games"], alice, bob, deadline="48h")
    late = match.to_act()[0]
    await wait(env, 47 * HOUR)
    sent = channel_reminders(hall["games"], carol)
    assert len(sent) == 5, [m.content for m in sent]  # at 8, 16, 24, 32 and 40 hours
    assert all("still waiting" in m.content and m.raw_mentions == [late] for m in sent)
    times = [m.created_at for m in sent]
    assert all((b - a).total_seconds() >= 3600 for a, b in itertools.pairwise(times))


async def test_pings_in_a_dm_instead_of_the_thread(hall: dict[str, Any]) -> None:  # noqa: F811
    env, alice, bob, carol = hall["env"], hall["alice"], hall["bob"], hall["carol"]
    for member in (alice, bob):
        await env.bot.desk.book.set_prefs(member.id, PingPrefs("last_hour", "dm"))
    start_at = len(env.http_requests)
    match = await start(env, hall["games"], alice, bob, deadline="24h")
    first = match.to_act()[0]
    mentioned = [uid for request in env.http_requests[start_at:] for uid in pings_of(request)]
    assert first not in mentioned, "the turn post names them without pinging them"
    player = alice if first == alice.id else bob
    assert any("Your turn in" in text for text in dm_texts(player))
    await wait(env, 23 * HOUR + 40 * 60)
    assert channel_reminders(hall["games"], carol) == []
    pings = [text for text in dm_texts(player) if text.startswith(("🔔", "⏰"))]
    assert len(pings) == 1 and pings[0].startswith("⏰ Your turn in"), "the latest ping only: the turn's went"


async def test_a_daily_digest_instead_of_turn_pings(hall: dict[str, Any]) -> None:  # noqa: F811
    env, alice, bob = hall["env"], hall["alice"], hall["bob"]
    for member in (alice, bob):
        await env.bot.desk.book.set_prefs(member.id, PingPrefs(digest=True))
    start_at = len(env.http_requests)
    match = await start(env, hall["games"], alice, bob, deadline="72h")
    first = match.to_act()[0]
    assert first not in [uid for r in env.http_requests[start_at:] for uid in pings_of(r)]
    player = alice if first == alice.id else bob
    await wait(env, 30 * HOUR)
    digests = [text for text in dm_texts(player) if "daily digest" in text]
    assert len(digests) == 1 and f"#{match.id}" in digests[0], dm_texts(player)
    assert channel_reminders(hall["games"], hall["carol"]) == [], "no half-time reminder: the digest stands for it"
    await wait(env, 24 * HOUR)
    sent = [r for r in env.http_requests if r.method == "POST" and "daily digest" in str(r.json)]
    assert len(sent) == 2, "one a day"
    assert len([text for text in dm_texts(player) if "daily digest" in text]) == 1, "the latest replaces the last"
    assert (await current(env, hall["games"])) is not None


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_last_one_an_ursuppe_phase_waits_for_is_told_once(simcord_env: Any, lang: str) -> None:
    """Members who take their pings by DM are told there, once per phase, instead of the turn's ping; in the thread
    the turn post of that change has pinged them already, so nothing is added there."""
    env = simcord_env
    guild = env.create_guild(name="Soupe", preferred_locale=lang)
    channel = guild.create_text_channel("soup")
    players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe")]
    for member in players:
        await env.bot.desk.book.set_prefs(member.id, PingPrefs(route="dm"))
    lobby = (await players[0].slash(channel, "game new", game="ursuppe", thread=False, autoplay=False)).response.message
    for member in players[1:]:
        await member.click(lobby, label="Join" if lang == "en" else "Rejoindre")
    await players[0].click(lobby, label="Start" if lang == "en" else "Lancer")
    members = {m.id: m for m in players}
    said = "You are the last one we are waiting for" if lang == "en" else "Vous êtes le dernier ou la dernière"

    def nudges() -> list[tuple[int, str]]:
        return [(m.id, text) for m in players for text in dm_texts(m) if said in text]

    phases: list[tuple[int, int]] = []
    for _ in range(50):
        match = await current(env, channel)
        if match is None or len(phases) >= 2:
            break
        (seat,) = match.state.actors()
        before = nudges()
        first = match.state.format_move(match.state.legal_moves()[0])
        await members[match.seats[seat]].slash(channel, "game move", move=first)
        await env.settle()  # the desk's listener runs beside the interaction
        new = list((Counter(nudges()) - Counter(before)).elements())
        if new:
            after = await env.bot.service.get(match.id)
            phases.append((after.state.round, after.state.phase))
            assert [told for told, _ in new] == list(after.to_act()), "the one the phase now waits for"
    assert phases, "a phase came down to its last player"
    assert len(phases) == len(set(phases)), "once per phase"
    assert not [m for m in channel.history() if said.lower() in m.content.lower()], "the thread is not told twice"
