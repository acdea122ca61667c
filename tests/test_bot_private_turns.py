"""Ultima-Tek's private view follows the public board turn by turn (issue 37, fault 17), on SimCord.

Alice's one DM (edited in place) is redrawn with every turn the channel tells of, hers or Bob's: its alt text
names the same turn as the public board's after each turn change, and it stays a single DM per match.
"""

from __future__ import annotations

import re
from typing import Any

from bot.app.matches import MatchStatus
from tests.test_bot_e2e import current
from tests.test_bot_ultimatek import latest_board, pitch, scripted  # noqa: F401 (pitch is a fixture)

TURN = re.compile(r"\bturn \d+(?: / \d+)?")


def turn_said(message: Any) -> str:
    """The turn an image's alt text names."""
    (found,) = TURN.findall(message.attachments[0].description or "")
    return str(found)


async def test_the_private_view_names_the_turn_the_public_board_names(pitch: dict[str, Any]) -> None:  # noqa: F811
    env, channel = pitch["env"], pitch["channel"]
    alice, bob, carol = pitch["alice"], pitch["bob"], pitch["carol"]
    players = {alice.id: alice, bob.id: bob}
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    changes = 0
    while changes < 8 and (match := await current(env, channel)) is not None:
        (seat,) = match.state.actors()
        await players[match.seats[seat]].slash(channel, "game move", move=scripted(match.state))
        after = await env.bot.service.get(match.id)
        if after.status is not MatchStatus.ACTIVE or after.state.actors() == match.state.actors():
            continue
        changes += 1
        dms = alice.user.dm_channel.history()
        assert len(dms) == 1, "one private view per match"
        assert turn_said(dms[-1]) == turn_said(latest_board(channel, carol)), (changes, after.state.actors())
    assert changes == 8
