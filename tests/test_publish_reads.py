"""Publishing keeps its promise: after gathering (:func:`bot.shell.play.gather.gather`), it asks the match service
nothing more, and one write records what the turn post shows.

Every call of the match service is noted while a publication runs, and whether it came after the gathering
step; after it, only the writes that note what was posted are allowed (the turn post's record, the question
and the private views kept, the status card's message, a DM found closed). Matches of two players (Ur, to its
end), three or more (Ursuppe, where a post tells back to the player's own last decision, and where an attack is
answered out of turn: a question asked, then settled) and one that hides information (Subulata's secret set-up
and its private views) are played through SimCord.
"""

from __future__ import annotations

import contextvars
import inspect
import random
from collections.abc import Iterator
from typing import Any

import pytest

import bot.shell.play.publish as publish_module
from bot.app.matches import MatchService, MatchStatus
from bot.shell.play.publish import Publisher
from tests.test_bot_ursuppe import soup  # noqa: F401 - the fixture of the game below
from tests.test_bot_ursuppe import (
    test_four_players_into_round_three_with_an_attack_answered_out_of_turn as _answered_out_of_turn,
)
from tests.test_story import opened, play

WRITES = frozenset({"record_post:turn", "record_post:status", "set_post", "drop_post", "set_user_pref"})
"""The service's methods that note what was posted (``record_post`` by the kind of post: the turn post, the status
card), or that a member's DMs are closed."""

_after_gather: contextvars.ContextVar[bool] = contextvars.ContextVar("after_gather", default=False)


class Calls:
    """The match service's calls during publications: (method, made after gathering)."""

    def __init__(self) -> None:
        self.made: list[tuple[str, bool]] = []
        self.publications = 0

    def after(self) -> list[str]:
        return [name for name, late in self.made if late]

    def clear(self) -> None:
        self.made.clear()
        self.publications = 0


@pytest.fixture
def calls(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Calls]:
    """Note every call of the bot's match service made inside ``Publisher.deliver``."""
    noted = Calls()
    service = simcord_env.bot.service
    inside: contextvars.ContextVar[bool] = contextvars.ContextVar("inside", default=False)
    for name, _ in inspect.getmembers(MatchService, inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue
        real = getattr(service, name)

        async def noting(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            if inside.get():
                kind = f":{args[1].kind}" if _name == "record_post" else ""
                noted.made.append((_name + kind, _after_gather.get()))
            return await _real(*args, **kwargs)

        monkeypatch.setattr(service, name, noting)
    real_gather = publish_module.gather
    real_deliver = Publisher.deliver

    async def gathered(*args: Any, **kwargs: Any) -> Any:
        facts = await real_gather(*args, **kwargs)
        _after_gather.set(True)  # the rest of this publication runs in the same task, hence the same context
        return facts

    async def delivering(self: Publisher, *args: Any, **kwargs: Any) -> Any:
        outer, late = inside.set(True), _after_gather.set(False)
        noted.publications += 1
        try:
            return await real_deliver(self, *args, **kwargs)
        finally:
            _after_gather.reset(late)
            inside.reset(outer)

    monkeypatch.setattr(publish_module, "gather", gathered)
    monkeypatch.setattr(Publisher, "deliver", delivering)
    yield noted


def check(calls: Calls) -> None:
    """No read after gathering, and one record of the turn post per publication."""
    assert calls.publications, "nothing was published"
    late = calls.after()
    assert [name for name in late if name not in WRITES] == [], late
    assert late.count("record_post:turn") == calls.publications, late


async def test_a_two_player_match_to_its_end_asks_nothing_after_gathering(simcord_env: Any, calls: Calls) -> None:
    env = simcord_env
    channel, members = await opened(env, "ur:v2", 2)
    await play(env, channel, members, 12, seed=3)
    check(calls)
    assert calls.publications >= 12
    calls.clear()
    match = await env.bot.service.current(channel.id)
    assert match is not None
    ask = await members[0].slash(channel, "game resign")
    await members[0].click(ask.response.message, label="Yes, resign")
    finished = await env.bot.service.get(match.id)
    assert finished.status is MatchStatus.FINISHED
    check(calls)


async def test_a_table_of_four_asks_nothing_after_gathering(simcord_env: Any, calls: Calls) -> None:
    env = simcord_env
    channel, members = await opened(env, "ursuppe", 4)
    await play(env, channel, members, 25, seed=5)
    check(calls)


async def test_a_secret_set_up_and_its_private_views_ask_nothing_after_gathering(
    simcord_env: Any, calls: Calls
) -> None:
    env = simcord_env
    channel, members = await opened(env, "subulata", 2)
    for member in members:
        await member.slash(channel, "game move", move="setup random")
    await play(env, channel, members, 6, seed=random.Random(1).randint(0, 99))
    check(calls)
    assert "record_post:turn" in calls.after()


async def test_an_attack_answered_out_of_turn_asks_nothing_after_gathering(
    soup: dict[str, Any],  # noqa: F811
    calls: Calls,
) -> None:
    """The out-of-turn question is asked, then settled by the answer's click, from what was gathered."""
    await _answered_out_of_turn(soup)
    check(calls)
    assert "drop_post" in calls.after(), "a question was settled"
