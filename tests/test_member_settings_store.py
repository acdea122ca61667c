"""A member's settings on both databases: the standing preference in ``user_prefs``, a match's own value in
``member_match_settings`` (migration 0024), what applies in the match, and a race-free overwrite."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.app.matches import MatchService
from bot.app.member_settings import match_settings, standing_settings
from bot.app.storage import Store
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, Clock

NOW = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


async def test_a_match_value_wins_over_the_standing_one_and_goes_away(store: Store) -> None:
    service = MatchService(store, Clock())
    match = await open_match(service, "ur", {"rules": "v2"}, (ALICE, BOB))
    assert await standing_settings(store, ALICE) == {"autopilot": "off"}
    await service.set_member_setting(ALICE, "autopilot", "2")
    await service.set_member_setting(ALICE, "autopilot", "5", match.id)
    await service.set_member_setting(ALICE, "autopilot", "1", match.id)  # overwritten in place
    assert await match_settings(store, match.id, ALICE) == ({"autopilot": "1"}, frozenset({"autopilot"}))
    assert await match_settings(store, match.id, BOB) == ({"autopilot": "off"}, frozenset())
    await service.set_member_setting(ALICE, "autopilot", None, match.id)
    assert await match_settings(store, match.id, ALICE) == ({"autopilot": "2"}, frozenset())
    # The default is kept as no preference at all.
    await service.set_member_setting(ALICE, "autopilot", "off")
    assert "setting:autopilot" not in await store.load_prefs(ALICE)
