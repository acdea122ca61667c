"""End to end on SimCord: the seals of chosen secrets on the turn posts, in ``/game verify``, and nothing more.

Two Subulata matches with the fixed layout (no chance at all, so the twins need no equal match numbers) are
played with the same moves but different secret set-ups, with the same nonce for every seal. Their seals then
differ, and must be the only difference anyone can read before the end: the twins' public texts, embeds and
image bytes are compared with the seal chain's codes masked (what the posts and ``/game verify`` show of the
seals), and the codes themselves are shown to differ (they are what the mask hides). No nonce appears in any
message or in the bot's log.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from bot.app.fairness import fingerprint, seal_chain
from bot.app.i18n import t
from bot.app.matches import MatchStatus
from tests.botkit import boards_in, text_of
from tests.test_bot_e2e import current
from tests.test_bot_subulata import forward_first, images

SECRETS = {"north": ("371946825", "918273645"), "south": ("924615837", "456789123")}
NONCE = "5ea1" * 8
SEED = "5eed" * 16


@pytest.fixture
def pond(simcord_env: Any) -> dict[str, Any]:
    """Two match channels, Alice and Bob playing, Carol watching; seeds and nonces fixed."""
    env = simcord_env
    env.bot.service.config.server_seed_factory = lambda: SEED
    env.bot.service.config.nonce_factory = lambda: NONCE
    guild = env.create_guild(name="Association")
    players = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")}
    return {"env": env, "north": guild.create_text_channel("north"), "south": guild.create_text_channel("south")} | (
        players
    )


async def set_up(pond: dict[str, Any], where: str) -> int:
    """A fixed-layout Subulata match in ``where``, both set-ups typed in secret; its match id."""
    env, channel, alice, bob = pond["env"], pond[where], pond["alice"], pond["bob"]
    lobby = (await alice.slash(channel, "game new", game="subulata:layout=fixed", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    white, black = SECRETS[where]
    for player, values in ((alice, white), (bob, black)):
        typed = await player.slash(channel, "game move", move=f"setup {values}")
        assert all(m.ephemeral for m in (typed.response, *typed.followups) if m is not None)
    match = await current(env, channel)
    assert match is not None
    return match.id


async def play_on(pond: dict[str, Any], where: str, moves: int | None = None) -> None:
    """Scripted moves in ``where`` (``moves`` of them, or to the end)."""
    env, channel = pond["env"], pond[where]
    players = {pond["alice"].id: pond["alice"], pond["bob"].id: pond["bob"]}
    played = 0
    while (match := await current(env, channel)) is not None and (moves is None or played < moves):
        (seat,) = match.state.actors()
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        await players[match.seats[seat]].slash(channel, "game move", move=forward_first(match.state, legal))
        played += 1
        assert played < 300, "the game should end"


async def verify_card(player: Any, channel: Any) -> Any:
    """The embed ``/game verify`` answers ``player`` with (privately)."""
    done = await player.slash(channel, "game verify")
    (answer,) = [m for m in (done.response, *done.followups) if m is not None and m.embeds]
    assert answer.ephemeral
    return answer.embeds[0]


async def test_the_seals_are_the_only_public_trace_of_the_secrets_and_verify_checks_them(
    pond: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    # The bot's own loggers at every level (aiosqlite's DEBUG log echoes SQL parameters, the seed included: a
    # deployment keeps the root logger at INFO).
    for name in ("bot", "plateau", "games", "render"):
        caplog.set_level(logging.DEBUG, logger=name)
    env, carol = pond["env"], pond["carol"]
    ids = {where: await set_up(pond, where) for where in ("north", "south")}
    seals = {where: await env.bot.service.seals(ids[where]) for where in ids}
    assert [len(s) for s in seals.values()] == [2, 2]
    # What the posts show of the seals: the seal chain's codes (issue 39), each committing to every seal so far.
    shown = {where: [fingerprint(code) for code in seal_chain(seals[where])] for where in ids}
    assert set(shown["north"]).isdisjoint(shown["south"]), "other secrets, other seals: the mask below is needed"

    # The turn posts say the seals where the set-ups were made, in one short line per post, by code only.
    said = [line for m in pond["north"].history(viewer=carol) for line in text_of(m).splitlines() if "🔏" in line]
    assert said == [t("en", "seal.line", count=2, code=shown["north"][-1])], "both set-ups, sealed on one post"

    # /game verify during play: the chain's codes, no nonce, no secret, and a verdict that says so.
    running = await verify_card(pond["bob"], pond["north"])
    card = str(running.to_dict())
    assert t("en", "seal.verdict.running", count=2) in (running.description or "")
    assert all(f in card for f in shown["north"]) and NONCE not in card
    assert not any(value in card for value in SECRETS["north"])

    for where in ids:
        await play_on(pond, where)
    north, south = pond["north"].history(viewer=carol), pond["south"].history(viewer=carol)
    assert len(north) == len(south)
    cards = [m for m in north + south if m.embeds and " · match #" in (m.embeds[0].title or "")]
    north, south = [m for m in north if m not in cards], [m for m in south if m not in cards]

    def public(text: str, where: str) -> str:
        for code in shown[where]:
            text = text.replace(code, "<seal>")
        return re.sub(r"worth \d", "worth ?", text.replace(f"#{ids[where]}", "#N"))

    for i, (a, b) in enumerate(zip(north[:-1], south[:-1], strict=True)):
        assert public(text_of(a), "north") == public(text_of(b), "south"), i
        assert [public(str(e.to_dict()), "north") for e in a.embeds] == [
            public(str(e.to_dict()), "south") for e in b.embeds
        ]
        assert await images(a) == await images(b), i
    for message in north + south + cards + pond["alice"].user.dm_channel.history():
        assert NONCE not in text_of(message) and all(NONCE not in str(e.to_dict()) for e in message.embeds)
    assert NONCE not in caplog.text, "no nonce in the bot's log"
    for where, channel_posts in (("north", north), ("south", south)):
        for message in channel_posts[:-1]:
            assert not any(value in text_of(message) for value in SECRETS[where])

    # The end: the final post counts the seals revealed, and /game verify checks them with its verdict.
    final = boards_in(pond["north"], carol)[-1]
    assert t("en", "seal.revealed", count=2) in text_of(final)
    match = await env.bot.service.get(ids["north"])
    assert match.status is MatchStatus.FINISHED
    ended = await verify_card(pond["bob"], pond["north"])
    assert ended.description == t("en", "seal.verdict.kept_no_dice", id=ids["north"], count=2)
    assert t("en", "seal.all_match", checked=2, total=2) in str(ended.to_dict())

    # Whoever runs the bot rewrites Alice's set-up in the south match: /game verify says so first.
    store = env.bot.service._store
    white = seals["south"][0]
    async with store.transaction():
        await store._write("DROP TRIGGER IF EXISTS moves_append_only")
        await store._write(
            "UPDATE moves SET notation = ? WHERE match_id = ? AND ply = ?",
            ("white setup 294615837", ids["south"], white.ply),
        )
    broken = await verify_card(pond["bob"], pond["south"])
    assert broken.description == t("en", "seal.verdict.broken", id=ids["south"])
    assert f"ply {white.ply}: the secret of alice is not the one sealed" in str(broken.to_dict())


async def test_an_ended_match_whose_nonce_was_rewritten_to_the_placeholder_does_not_verify(
    pond: dict[str, Any],
) -> None:
    # Issue 37, fault 1: whoever runs the bot rewrites Alice's set-up after the end and writes "-" (the running
    # match's placeholder) as its nonce; /game verify must not skip that seal and call the secrets kept.
    env = pond["env"]
    match_id = await set_up(pond, "north")
    await play_on(pond, "north")
    white = (await env.bot.service.seals(match_id))[0]
    store = env.bot.service._store
    async with store.transaction():
        await store._write("DROP TRIGGER IF EXISTS moves_append_only")
        await store._write("DROP TRIGGER IF EXISTS secret_seals_kept")
        await store._write(
            "UPDATE moves SET notation = ? WHERE match_id = ? AND ply = ?",
            ("white setup 173946825", match_id, white.ply),
        )
        await store._write(
            "UPDATE secret_seals SET nonce = ? WHERE match_id = ? AND ply = ?", ("-", match_id, white.ply)
        )
    broken = await verify_card(pond["bob"], pond["north"])
    assert broken.description == t("en", "seal.verdict.broken", id=match_id)
    assert f"ply {white.ply}: the seal {white.commitment[:8]} of alice has no nonce" in str(broken.to_dict())
