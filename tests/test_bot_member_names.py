"""Issue 24, item 10, played on SimCord: members whose display names are markdown, mention and link lures
play a match of every game (moves, a draw offer, an undo request, a resignation, status, history, verify,
and in a three-player Ursuppe the AI taking the seat of who resigned, then a member asking for it). Every
text the bot sends names them inertly, once escaped; the board images draw the names exactly as chosen."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

import bot.shell.display as display_module
from bot.app.i18n import t
from bot.app.matches import MatchStatus
from bot.app.member_text import inert
from bot.app.seats.ai import level_name, seat_ai_name
from tests.botkit import controls_of, text_displays
from tests.test_bot_e2e import button_labels, french  # noqa: F401
from tests.test_bot_replace import settle

LURES = {
    "alice": "**[Claim](https://x.y)**",
    "bob": "`x` <@123456789012345678>",
    "chloe": "@everyone __c__ ||s||",
    "dmitri": "~~d~~ [a](<https://z.z>)",
}
"""Nicknames that would render bold, a masked link, code, a mention, @everyone, underline, spoilers..."""


def texts_of(payload: Any) -> list[str]:
    """Every text of a request's payload that Discord renders as markdown: content, embeds, text displays."""
    if not isinstance(payload, dict):
        return []
    payload = payload.get("data", payload) if isinstance(payload.get("data"), dict) else payload
    texts = [payload.get("content") or ""]
    for embed in payload.get("embeds") or ():
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [(embed.get("footer") or {}).get("text") or "", (embed.get("author") or {}).get("name") or ""]
        texts += [f"{f.get('name')}\n{f.get('value')}" for f in embed.get("fields") or ()]
    texts += text_displays(payload.get("components"))
    return [t for t in texts if t]


@pytest.fixture
def club(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A server with a games channel, four members with lure nicknames, a fifth one, and the names drawn."""
    env = simcord_env
    env.settle_timeout = 60.0  # AI turns are real CPU work in a thread
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name, global_name=nick)) for name, nick in LURES.items()}
    members["erin"] = guild.add_member(env.create_user("erin"))
    drawn: list[tuple[str, ...]] = []
    render = display_module.render_board

    def recording(game: str, view: Any, ctx: Any) -> bytes:
        drawn.append(tuple(ctx.names))
        return render(game, view, ctx)

    monkeypatch.setattr(display_module, "render_board", recording)
    return {"env": env, "channel": guild.create_text_channel("games"), "drawn": drawn} | members


async def moves(env: Any, channel: Any, by_id: dict[int, Any], count: int) -> None:
    """``count`` turns of the members to act, each playing its last legal move."""
    for _ in range(count):
        match = await env.bot.service.current(channel.id)
        if match is None or match.status is not MatchStatus.ACTIVE:
            return
        for seat in match.state.actors():
            uid = match.seats[seat]
            if uid in by_id:
                legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
                await by_id[uid].slash(channel, "game move", move=legal[-1])
                break
        await settle(env)


async def answer(member: Any, reply: Any, label: str) -> None:
    """Click ``label`` on the message a command posted, when it posted one with that button."""
    message = getattr(reply.response, "message", None) if reply.response is not None else None
    if message is not None and any(label == getattr(c, "label", None) for c in controls_of(message)):
        await member.click(message, label=label)


@pytest.mark.parametrize(("game", "players"), [("ur:v2", 2), ("subulata", 2), ("ultimatek", 2), ("ursuppe", 3)])
async def test_lure_names_read_literally_in_every_text_and_raw_on_the_boards(
    club: dict[str, Any], game: str, players: int
) -> None:
    env, channel, drawn = club["env"], club["channel"], club["drawn"]
    seated = [club[n] for n in list(LURES)[:players]]
    creator, *others = seated
    by_id = {m.id: m for m in seated}
    start = len(env.http_requests)

    lobby = (await creator.slash(channel, "game new", game=game, thread=False, rated=False)).response.message
    for member in others:
        await member.click(lobby, label="Join")
    await creator.click(lobby, label="Start")
    await settle(env)
    await moves(env, channel, by_id, 3)
    offer = await others[0].slash(channel, "game draw")
    await answer(creator, offer, "Decline")
    await moves(env, channel, by_id, 1)
    match = await env.bot.service.current(channel.id)
    last = (await env.bot.service.history(match.id))[-1]
    mover = by_id.get(match.seats[last.seat] if last.seat is not None else 0, creator)
    undo = await mover.slash(channel, "game undo")
    for other in seated:
        if other is not mover:
            await answer(other, undo, "Refuse")
    for member in seated:
        await member.slash(channel, "game status")
    await creator.slash(channel, "game history")
    await creator.slash(channel, "game verify")
    resigned = await others[-1].slash(channel, "game resign")
    await others[-1].click(resigned.response.message, label="Yes, resign")
    await settle(env)
    if players > 2:
        # The AI took the seat: a few of its turns, a member asking for it, then the match ends.
        await moves(env, channel, by_id, 2)
        await club["erin"].slash(channel, "plateau replace")
        await settle(env)
        for member in seated[:-1]:
            ask = await member.slash(channel, "game resign")
            if ask.response is not None and ask.response.message is not None:
                await member.click(ask.response.message, label="Yes, resign")
            await settle(env)
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None and final.status is MatchStatus.FINISHED
    for member in seated:
        await member.slash(channel, "game history", match=final.id)
        await member.slash(channel, "game verify", match=final.id)
    for command in ("game mine", "game list"):
        await creator.slash(channel, command)
    await creator.slash(channel, "profile", member=others[0])
    await settle(env)
    env.errors.clear()  # refusals (an undo after a roll...) go through the one error handler
    assert_inert(env, start, list(LURES)[:players], drawn)


def assert_inert(env: Any, start: int, who: list[str], drawn: list[tuple[str, ...]]) -> None:
    """Every text the bot sent since request ``start`` names ``who`` inertly (escaped once); the boards
    drew their names as typed."""
    texts = [t for request in env.http_requests[start:] for t in texts_of(request.json)]
    for name in (LURES[m] for m in who):
        for text in texts:
            assert name not in text, f"{name!r} raw in {text!r}"
            assert inert(inert(name)) not in text, f"{name!r} escaped twice in {text!r}"
        assert any(inert(name) in t for t in texts), f"{name!r} is named in the bot's texts"
        assert any(name in names for names in drawn), "the boards draw the name as chosen"
    for text in texts:
        assert not re.search(r"(?<!\\)<@!?123456789012345678>", text), text
        assert not re.search(r"(?<!\\)@everyone", text), text
        assert "<@-" not in text, f"an AI seat mentioned in {text!r}"


async def test_lure_names_read_literally_on_an_events_pairings_greetings_results_standings_and_log(
    club: dict[str, Any],
) -> None:
    env, channel, drawn = club["env"], club["channel"], club["drawn"]
    alice, bob = club["alice"], club["bob"]
    guild = channel.guild
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    start = len(env.http_requests)
    card = (
        await admin.slash(channel, "event create", name="Spring Open", game="ur:v2", format="swiss", rounds=1)
    ).response.message
    for member in (alice, bob):
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    await settle(env)
    (thread,) = channel.threads
    match = await env.bot.service.current(thread.id)
    assert match is not None
    await moves(env, thread, {alice.id: alice, bob.id: bob}, 2)
    ask = await bob.slash(thread, "game resign")
    await bob.click(ask.response.message, label="Yes, resign")
    await settle(env)
    for command in ("event standings", "event log"):
        await admin.slash(channel, command)
    await settle(env)
    env.errors.clear()
    assert_inert(env, start, ["alice", "bob"], drawn)


async def texts_of_play_with_an_ai(env: Any, channel: Any, erin: Any, start: int) -> list[str]:
    """Three moves of ``erin``'s started match against the AI, then status, hint and history: every text the
    bot sent since request ``start``."""
    await settle(env)
    await moves(env, channel, {erin.id: erin}, 3)
    await erin.slash(channel, "game status")
    await erin.slash(channel, "game hint")
    await erin.slash(channel, "game history")
    await settle(env)
    env.errors.clear()
    texts = [t for request in env.http_requests[start:] for t in texts_of(request.json)]
    return texts


async def test_ai_seats_are_named_never_mentioned_in_every_text(club: dict[str, Any]) -> None:
    env, channel, erin = club["env"], club["channel"], club["erin"]
    members = {club[name].id for name in [*LURES, "erin"]}
    start = len(env.http_requests)
    lobby = (await erin.slash(channel, "game new", game="ur:v2", thread=False, rated=False)).response.message
    await erin.click(lobby, label="Add AI: easy")
    await erin.click(lobby, label="Start")
    texts = await texts_of_play_with_an_ai(env, channel, erin, start)
    assert any("Plateau (easy)" in text for text in texts)
    for text in texts:
        assert "<@-" not in text, f"an AI seat mentioned in {text!r}"
        for uid in re.findall(r"<@!?(\d+)>", text):
            assert int(uid) in members, f"a mention of a non-member in {text!r}"


@pytest.mark.usefixtures("french")
async def test_french_players_read_the_ai_levels_in_french(club: dict[str, Any]) -> None:
    env = club["env"]
    guild = env.create_guild(name="Club", preferred_locale="fr")
    erin, channel = guild.add_member(env.create_user("yves")), guild.create_text_channel("jeux")
    start = len(env.http_requests)
    new = await erin.slash(channel, "game new", game="ur:v2", thread=False, rated=False, autoplay=False)
    lobby = new.response.message
    assert "Ajouter une IA\u00a0: facile" in button_labels(lobby)
    await erin.click(lobby, label="Ajouter une IA\u00a0: facile")
    await erin.click(lobby, label="Lancer")
    texts = await texts_of_play_with_an_ai(env, channel, erin, start)
    assert any("Plateau (facile)" in text for text in texts)
    assert any("Plateau (fort)" in text for text in texts), "the hint names the strong AI in French"
    for text in texts:
        assert not re.search(r"\((easy|strong)\)|: (easy|strong)\b", text), f"an English level in {text!r}"


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_several_ai_seats_are_numbered_wherever_their_names_show(club: dict[str, Any], lang: str) -> None:
    env, drawn = club["env"], club["drawn"]
    guild = env.create_guild(name="Club", preferred_locale=None if lang == "en" else lang)
    erin, channel = guild.add_member(env.create_user("yves")), guild.create_text_channel("games")
    lobby = (await erin.slash(channel, "game new", game="ursuppe", thread=False, rated=False)).response.message
    normal, strong = (t(lang, "button.add_ai", level=level_name(level, lang)) for level in ("normal", "strong"))
    await erin.click(lobby, label=normal)
    # A lone AI seat keeps its plain name: the numbers start with the second one.
    start = len(env.http_requests)
    await erin.click(lobby, label=strong)
    await erin.click(lobby, label=t(lang, "button.start"))
    texts = await texts_of_play_with_an_ai(env, channel, erin, start)
    first = t(lang, "ai.name_numbered", number=1, level=level_name("normal", lang))
    second = t(lang, "ai.name_numbered", number=2, level=level_name("strong", lang))
    assert first.startswith("Plateau 1 (") and second.startswith("Plateau 2 (")
    for name in (first, second):
        assert any(name in text for text in texts), f"{name} is named in the posts"
    assert drawn and all(first in names and second in names for names in drawn), drawn[-1:]
    unnumbered = t(lang, "ai.name", level=level_name("normal", lang))
    assert not [text for text in texts if unnumbered in text], "no AI seat goes by the shared name"


def test_a_single_ai_seat_keeps_its_plain_name() -> None:
    assert seat_ai_name({1: "strong"}, 1, "fr") == "Plateau (fort)"
    assert seat_ai_name({0: "easy", 2: "strong"}, 2, "fr") == "Plateau 2 (fort)"
    assert seat_ai_name({0: "easy", 2: "strong"}, 0, "en") == "Plateau 1 (easy)"
    # Seat 1's AI stint ended when a member took the seat back: it goes by the plain name.
    assert seat_ai_name({0: "easy", 2: "strong"}, 1, "en", "normal") == "Plateau (normal)"
