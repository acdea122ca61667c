"""Issue 24, items 8 and 9, on both stores: what a member types is refused alike by SQLite and PostgreSQL
when it holds control characters, and every match is salted by each seated member before its first draw."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot import member_text
from bot.events import EventFormat, EventService
from bot.matches import MatchError, MatchService
from bot.storage import Store
from tests.test_matches import ALICE, BOB, CHANNEL, GUILD, Clock

CONTROLLED = ["nul\x00here", "line\nbreak", "tab\there", "esc\x1b[31m", "c1\x85", "sep\u2028arator", "par\u2029"]


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    opened = await Store.open(store_url)
    yield opened
    await opened.close()


class EventClock:
    def __init__(self) -> None:
        self.now = datetime(2024, 3, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_the_refused_categories_are_controls_surrogates_and_line_separators() -> None:
    for text in CONTROLLED:
        assert not member_text.is_clean(text), repr(text)
    for text in ("plain words", "émoji 👩\u200d🚀 joined", "Ünïcödé — «ok»", "[link](https://x.y) `tick`"):
        assert member_text.is_clean(text), repr(text)


@pytest.mark.parametrize("text", CONTROLLED)
async def test_a_salt_with_control_characters_is_refused_on_both_stores(store: Store, text: str) -> None:
    service = MatchService(store, Clock())
    match = await service.create("ur", {"rules": "v2"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    await service.join(match.id, BOB)
    with pytest.raises(MatchError) as refused:
        await service.add_salt(match.id, ALICE, text)
    assert refused.value.key == "control_characters"
    after = await service.get(match.id)
    assert after.fair is not None and dict(after.fair.salts) == {}, "nothing stored"


async def test_an_event_name_with_a_nul_is_refused_on_both_stores(store: Store) -> None:
    clock = EventClock()
    events = EventService(store, MatchService(store, clock), clock)
    with pytest.raises(MatchError) as refused:
        await events.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser_id=ALICE,
            name="Spring\x00Open",
            game_id="ur",
            options={"rules": "v2"},
            format=EventFormat.SWISS,
            rounds=3,
            turn_limit=None,
        )
    assert refused.value.key == "control_characters"
    assert await events.events_of_guild(GUILD) == []
