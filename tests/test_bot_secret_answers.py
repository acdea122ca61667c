"""End to end on SimCord: how a secret decision made from the match's channel is answered.

A bonus placed face down in Ultima-Tek shows in the turn post in its public form (the square, not the kind): it
is answered as a public move, the post itself, and leaves nothing private under it. A phone showed one "Done,
and kept secret." per placement there, piling up through a bonus phase and pushing the board off the first
screen (issue 39). Subulata's secret set-up, of which the post shows nothing, keeps its private word (see
tests/test_bot_subulata.py).
"""

from __future__ import annotations

from typing import Any

from bench.phone_shots import fixed_seeds
from bot.app.i18n import t
from games.ultimatek import public_notation
from tests.botkit import text_of
from tests.test_bot_e2e import current

PLACEMENTS = 2
"""Face-down placements in a row, as a bonus phase makes them."""


async def place_face_down(
    env: Any, channel: Any, members: list[Any], count: int = PLACEMENTS
) -> list[tuple[Any, Any, str]]:
    """Play on in ``channel``'s Ultima-Tek match until one member has placed ``count`` bonuses face down in a row by
    command, each turn's actions ended at once to reach a bonus phase sooner; returns each placement's member,
    interaction result and move (fewer when none came within 40 decisions)."""
    by_id = {m.id: m for m in members}
    placed: list[tuple[Any, Any, str]] = []
    for _ in range(40):
        match = await current(env, channel)
        assert match is not None
        seat = match.state.actors()[0]
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        places = [m for m in legal if m.startswith("place")]
        move = places[0] if places else "end" if "end" in legal else legal[0]
        member = by_id[match.seats[seat]]
        result = await member.slash(channel, "game move", move=move)
        if not places:
            placed.clear()
            continue
        placed.append((member, result, move))
        if len(placed) == count:
            break
    return placed


async def test_bonuses_placed_face_down_from_the_channel_leave_no_private_answers(simcord_env: Any) -> None:
    env = simcord_env
    fixed_seeds(env)
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("ultimatek")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label=t("en", "button.join"))
    await alice.click(lobby, label=t("en", "button.start"))

    placed = await place_face_down(env, channel, [alice, bob])
    assert len(placed) == PLACEMENTS, "a bonus phase with two placements in a row"

    for _, result, move in placed:
        assert public_notation(move) != move, "a placement names its kind: a secret"
        left = [m for m in (result.response, *result.followups) if m is not None]
        assert left == [], [m.content for m in left]
    # The post shows the placements in public form, and no one else reads a kind.
    post = channel.history(viewer=carol)[-1]
    text = text_of(post)
    for _, _, move in placed:
        assert move not in text, text
    placer = placed[0][0]
    assert all(not m.flags.ephemeral for m in channel.history(viewer=placer)), "no private answer left under the post"
