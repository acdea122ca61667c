"""Issue 39: a turn post says the secret choices it seals in one short line, a phone's line wide.

An Ultima-Tek turn places up to three bonuses face down, each sealed (``bot.app.fairness``). A line per player
with three raw fingerprints wrapped to two or three lines of a 390 px phone; now each post says how many
choices it seals and one code, the seal chain's, which commits to every seal so far: a seal rewritten later
changes it, and ``/game verify`` lists the codes for members to compare with the posts.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from bot.app.fairness import SEAL_CHAIN, Seal, fingerprint, seal_chain
from bot.app.i18n import t
from tests.botkit import boards_in, text_of
from tests.test_bot_e2e import current

PHONE_LINE = 32
"""Characters of a line that fits one line of a turn post on a 390×844 phone (Discord's 16 px font, inside the
post's accent bar, an 8-digit code span in it): "🔏 3 secret choices sealed · `00c1d3e2`" (39) broke before its
code in the phone tour; "bob: Piece 2 on f5 → e6 (`f5-e6`)." (34) fits."""


def chained(seals: list[Seal]) -> list[str]:
    """The chain as the fairness recipe documents it, worked out again here."""
    codes, before = [], b""
    for found in seals:
        before = hashlib.sha256(SEAL_CHAIN + before + found.commitment.encode()).digest()
        codes.append(before.hex())
    return codes


def test_the_chain_follows_its_recipe_and_a_rewritten_seal_changes_every_later_code() -> None:
    seals = [Seal(ply, ply % 2, hashlib.sha256(bytes([ply])).hexdigest(), "0" * 32) for ply in (11, 12, 13, 20)]
    codes = seal_chain(reversed(seals))  # taken in ply order whatever order they come in
    assert codes == chained(seals)
    forged = [seals[0], Seal(12, 0, "f" * 64, "0" * 32), *seals[2:]]
    again = seal_chain(forged)
    assert again[0] == codes[0] and all(a != b for a, b in zip(again[1:], codes[1:], strict=True))


async def play_randomly(env: Any, channel: Any, members: list[Any], decisions: int) -> None:
    """The seated members play ``decisions`` legal moves drawn with a fixed seed."""
    rng, by_id = random.Random(7), {m.id: m for m in members}
    for _ in range(decisions):
        match = await current(env, channel)
        assert match is not None
        (seat,) = match.state.actors()
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        await by_id[match.seats[seat]].slash(channel, "game move", move=rng.choice(legal))


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_an_ultimatek_turn_post_seals_its_choices_in_one_short_line(simcord_env: Any, lang: str) -> None:
    env = simcord_env
    # The same bonuses drawn every run: the seed and the salts drawn for the players fixed.
    env.bot.service.config.server_seed_factory = lambda: "7e4" * 21 + "a"
    env.bot.service.config.salt_factory = lambda: "5a17" * 8
    guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
    channel = guild.create_text_channel("tek")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    alice, bob, carol = members
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    await play_randomly(env, channel, [alice, bob], 16)  # the seed's first turns place 3, then 1 bonus face down

    match = await current(env, channel)
    assert match is not None
    seals = list(await env.bot.service.seals(match.id))
    codes = [fingerprint(code) for code in seal_chain(seals)]
    posts = [text_of(post) for post in boards_in(channel, carol)]
    lines = [[line for line in post.splitlines() if line.startswith("🔏")] for post in posts]
    assert all(len(said) <= 1 for said in lines), lines
    said = [line for post in lines for line in post]
    assert said and max(len(line) for line in said) <= PHONE_LINE, said
    assert said[0] == t(lang, "seal.line", count=3, code=codes[2]), "three bonuses placed: one line, one code"
    # Every seal is committed to by a code a post showed: the last code shown is the chain's newest.
    assert said[-1].endswith(f"`{codes[-1]}`") and sum(int(line.split()[1]) for line in said) == len(seals)

    # /game verify lists the codes the posts showed, one per player's run of seals.
    done = await bob.slash(channel, "game verify")
    card = str(done.response.embeds[0].to_dict())
    assert all(line.split("`")[1] in card for line in said)
    assert not any(s.nonce in card for s in seals)
