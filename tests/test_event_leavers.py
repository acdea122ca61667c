"""A member who leaves a seated Ursuppe table (issue 37, fault 9), on SQLite and on PostgreSQL.

The AI takes over the seat of a member who times out or resigns, and the match goes on; the event must not
credit them with what the AI did: a seat the AI played after its member left scores as that member's forfeit
(last at the table, below everyone who played to the end, the one who stayed longest first), and the log
says so. The last member to leave ends the match; they stayed longest, so they are not ranked below those
who left before them.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest

from bot.app.events import EventFormat, EventService
from bot.app.events.leavers import places_with_leavers
from bot.app.matches import MatchService, MatchStatus
from bot.app.storage import Store
from bot.shell.events.text import log_line
from games.base import Outcome, Termination
from tests.test_bot_events import Clock, new_event, open_round
from tests.test_replace import step


@pytest.fixture
async def services(store_url: str) -> AsyncIterator[tuple[MatchService, EventService]]:
    store = await Store.open(store_url)
    clock = Clock()
    matches = MatchService(store, clock)
    yield matches, EventService(store, matches, clock)
    await store.close()


async def one_table(services: tuple[MatchService, EventService], **settings: Any) -> tuple[int, Any]:
    """A started Ursuppe event of four members at one table, its match open; the event's id and the game."""
    _matches, events = services
    event = await new_event(events, EventFormat.TABLES, 4, rounds=1, **settings)
    await events.start(event.id, 99)
    (game,) = await open_round(events, event.id)
    return event.id, game


def places_of(standings: Any) -> dict[int, int]:
    return {row.player: row.rank for row in standings.rows}


def test_those_who_stayed_come_first_then_the_last_to_leave() -> None:
    assert places_with_leavers([1, 2, 3, 4], {0: 9}) == [4, 1, 2, 3]
    assert places_with_leavers([4, 1, 2, 3], {1: 5, 3: 12}) == [2, 4, 1, 3]
    assert places_with_leavers([1, 1, 3, 4], {2: 7, 3: 7}) == [1, 1, 3, 3]


async def test_a_member_whose_seat_the_ai_won_is_last_at_the_table(services: Any) -> None:
    matches, events = services
    event_id, game = await one_table(services)
    sam = game.players[1]
    taken = await matches.resign(game.match_id, sam)
    assert 1 in taken.match.takeovers and taken.match.status is MatchStatus.ACTIVE
    # The AI then wins the game in sam's seat, 43 to 37, 28 and 26.
    won = Outcome(Termination.NORMAL, winners=(1,), scores=(37, 43, 28, 26))
    final = replace(await matches.get(game.match_id), status=MatchStatus.FINISHED, result=won)
    progress = await events.record(final)
    assert progress is not None and progress.game is not None
    assert progress.game.result is not None
    assert list(progress.game.result["places"]) == [1, 4, 2, 3], "sam's forfeit: last, below those who played"
    assert list(progress.game.result["scores"]) == [37, 0, 28, 26], "the AI's score is not sam's"
    standings = await events.standings(event_id)
    ranks = places_of(standings)
    assert ranks[sam] == 4 and ranks[game.players[0]] == 1
    left = [line for line in await events.log(event_id) if line.action == "left"]
    assert [line.details["players"] for line in left] == [[sam]]
    names = dict.fromkeys(game.players, "?") | {sam: "sam"}
    shown = log_line(left[0], names, "en")
    assert "round 1, table 1: sam left during the game; the AI played on in the seat, which counts as a forfeit" in (
        shown
    )
    assert "départ de sam en cours de partie" in log_line(left[0], names, "fr")


async def test_the_last_member_to_time_out_is_not_ranked_below_those_who_left_before(services: Any) -> None:
    matches, events = services
    event_id, game = await one_table(services)
    first, second, third, last = game.players
    for user in (first, second, third):
        report = await matches.resign(game.match_id, user)
        assert report.match.status is MatchStatus.ACTIVE
    match = report.match
    rng = random.Random(7)
    while 3 not in match.state.actors():
        match = await step(matches, match, rng)
    ended = await matches.forfeit(game.match_id, 3)
    assert ended.match.status is MatchStatus.FINISHED
    progress = await events.record(ended.match)
    assert progress is not None and progress.game is not None and progress.game.result is not None
    assert list(progress.game.result["places"]) == [4, 3, 2, 1], "who stayed longest ranks first"
    ranks = places_of(await events.standings(event_id))
    assert ranks == {last: 1, third: 2, second: 3, first: 4}
    actions = [(line.action, line.details.get("players")) for line in await events.log(event_id)]
    assert ("left", [first, second, third]) in actions and ("forfeit", [last]) in actions


async def test_the_round_clock_scores_a_leaver_last_whatever_the_position(services: Any) -> None:
    matches, events = services
    event_id, game = await one_table(services, round_minutes=30)
    sam = game.players[0]
    await matches.resign(game.match_id, sam)
    match = await matches.get(game.match_id)
    rng = random.Random(3)
    for _ in range(12):
        match = await step(matches, match, rng)
    settled, progress = await events.settle_round(event_id)
    assert progress is not None and progress.closed_round == 1
    ((counted, places),) = [(s.game, s.places) for s in settled]
    assert counted.result is not None and counted.result["places"][0] == 4 and places[0] == 4
    assert places_of(await events.standings(event_id))[sam] == 4
    assert any(line.action == "left" for line in await events.log(event_id))
