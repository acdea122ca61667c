"""Issue 24, items 8 and 9, on both stores: what a member types is refused alike by SQLite and PostgreSQL
when it holds control characters, and every match is salted by each seated member before its first draw."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.app import fairness, member_text
from bot.app.events import EventService, EventSettings
from bot.app.matches import LogKind, MatchError, MatchService, ServiceConfig
from bot.app.storage import Store
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock

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
        spring = EventSettings(
            name="Spring\x00Open", game_id="ur", options={"rules": "v2"}, format="swiss", rounds=3, turn_limit=None
        )
        await events.create(spring, guild_id=GUILD, channel_id=CHANNEL, organiser_id=ALICE)
    assert refused.value.key == "control_characters"
    assert await events.events_of_guild(GUILD) == []


# Item 8: a salt from each seated member before the first draw.

SEED = "5eed" * 16


def fixed_salts() -> ServiceConfig:
    """A known server seed, and salts drawn for members numbered in order."""
    drawn = iter(f"{n:032x}" for n in range(1, 100))
    return ServiceConfig(server_seed_factory=lambda: SEED, salt_factory=lambda: next(drawn))


async def test_every_member_is_salted_before_the_first_draw(store: Store) -> None:
    service = MatchService(store, Clock(), fixed_salts())
    assert await service.set_standing_salt(ALICE, "  alice keeps this one  ") == "alice keeps this one"
    await service.set_standing_salt(CAROL, "carol's standing salt, unused")
    match = await service.create("ursuppe", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    for user in (BOB, CAROL):
        match = await service.join(match.id, user)
    await service.add_salt(match.id, CAROL, "carol's own for this match")

    report = await service.start(match.id, ALICE)

    match = report.match
    assert match.fair is not None
    salts = match.fair.salts_in_seat_order(match.seats)
    assert salts == ("alice keeps this one", f"{1:032x}", "carol's own for this match")
    assert await service.salt_kinds(match) == {0: fairness.STANDING, 1: fairness.DRAWN, 2: fairness.OWN}
    first = report.entries[0]
    assert first.kind is LogKind.CHANCE
    opening = match.game.new(3, match.options)
    drawn = fairness.draw(opening.chance_outcomes(), SEED, salts, match.id, 1)
    assert first.notation == opening.format_move(drawn), "the first draw already takes every salt"


async def test_a_standing_salt_is_checked_kept_and_cleared(store: Store) -> None:
    service = MatchService(store, Clock())
    for text, key in (("nul\x00", "control_characters"), ("   ", "bad_salt"), ("y" * 101, "bad_salt")):
        with pytest.raises(MatchError) as refused:
            await service.set_standing_salt(BOB, text)
        assert refused.value.key == key
        assert await service.standing_salt(BOB) is None, "nothing kept"
    await service.set_standing_salt(BOB, "bob")
    assert await service.standing_salt(BOB) == "bob"
    assert await service.set_standing_salt(BOB, None) is None
    assert await service.standing_salt(BOB) is None


async def test_an_event_game_created_and_started_at_once_takes_its_players_standing_salts(store: Store) -> None:
    clock = EventClock()
    matches = MatchService(store, clock, fixed_salts())
    events = EventService(store, matches, clock)
    await matches.set_standing_salt(ALICE, "alice's standing salt")
    cup = EventSettings(name="Cup", game_id="ur", options={"rules": "v2"}, format="swiss", rounds=1, turn_limit=None)
    event = await events.create(cup, guild_id=GUILD, channel_id=CHANNEL, organiser_id=ALICE)
    for user in (ALICE, BOB):
        event = await events.sign_up(event.id, user)
    await events.start(event.id, ALICE)
    plan = await events.plan_round(event.id, ALICE)
    (game,) = [g for g in plan.games if not g.is_bye]
    report = await events.open_game(plan.event, game, 5000)
    match = report.match
    assert match.fair is not None and report.entries and report.entries[0].kind is LogKind.CHANCE
    by_user = dict(zip(match.seats, match.fair.salts_in_seat_order(match.seats), strict=True))
    assert by_user == {ALICE: "alice's standing salt", BOB: f"{1:032x}"}
