"""Games on the club's physical boards, the event service on its own: a player reports, the others confirm or
dispute, an organiser decides or sets the result; bad input and strangers change nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.app.events import EventError, EventFormat, EventStatus, check_places, waiting_for
from bot.app.matches import MatchStatus
from tests.test_bot_events import new_event, open_round, services  # noqa: F401 (a fixture)


async def games_of(events: Any, event_id: int) -> list[Any]:
    event = await events.get(event_id)
    return await events.games(event_id, event.current_round)


async def test_a_physical_swiss_round_reported_confirmed_and_disputed(services: Any) -> None:  # noqa: F811
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 4, rounds=2, physical=True)
    assert event.physical
    await events.start(event.id, 99)
    plan = await events.plan_round(event.id, 99)
    first, second = plan.games
    assert first.physical and second.physical and first.match_id is None
    assert (await events.unopened(event.id))[1] == [], "no online match is waiting to be opened"
    ann, ben = first.players

    # Strangers, the wrong side and nonsense change nothing.
    with pytest.raises(EventError, match="event_not_your_game"):
        await events.report(event.id, 1, first.board, 555, score="1-0")
    with pytest.raises(EventError, match="event_bad_result"):
        await events.report(event.id, 1, first.board, ann, score="0-0")
    with pytest.raises(EventError, match="event_no_report"):
        await events.confirm(event.id, 1, first.board, ben)
    assert (await games_of(events, event.id))[0].report is None

    step = await events.report(event.id, 1, first.board, ann, score="1-0")
    assert step.progress is None and waiting_for(step.game) == (ben,)
    with pytest.raises(EventError, match="event_own_report"):
        await events.confirm(event.id, 1, first.board, ann)
    with pytest.raises(EventError, match="event_not_your_game"):
        await events.confirm(event.id, 1, first.board, second.players[0])
    confirmed = await events.confirm(event.id, 1, first.board, ben)
    assert confirmed.progress is not None and confirmed.progress.closed_round is None
    assert dict(confirmed.game.result or {}) == {"score": "1-0"} and confirmed.game.report is None
    with pytest.raises(EventError, match="event_result_in"):
        await events.report(event.id, 1, first.board, ben, score="0-1")

    # The other table disagrees: the organiser decides by accepting the report.
    cat, dan = second.players
    await events.report(event.id, 1, second.board, dan, score="½-½")
    disputed = await events.dispute(event.id, 1, second.board, cat)
    assert disputed.progress is None and disputed.game.report is not None
    with pytest.raises(EventError, match="event_report_disputed"):
        await events.confirm(event.id, 1, second.board, cat)
    with pytest.raises(EventError, match="event_report_disputed"):
        await events.report(event.id, 1, second.board, dan, score="0-1")
    decided = await events.accept_report(event.id, 99, 1, second.board)
    assert decided.closed_round == 1 and dict(decided.game.result or {}) == {"score": "½-½"}  # type: ignore[union-attr]
    rows = {r.player: r.points for r in (await events.standings(event.id)).rows}
    assert rows == {ann: 1, ben: 0, cat: 0.5, dan: 0.5}
    log = [line.action for line in await events.log(event.id)]
    assert log[-6:] == ["round", "report", "confirm", "report", "dispute", "replace"]


async def test_a_physical_table_needs_every_player_and_the_organiser_may_set_it(services: Any) -> None:  # noqa: F811
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.TABLES, 7, rounds=1, physical=True)
    await events.start(event.id, 99)
    four, three = (await events.plan_round(event.id, 99)).games
    a, b, c, d = four.players
    for bad in ([1, 1, 2, 4], [2, 3, 4, 4], [1, 2, 3], [0, 1, 2, 3]):
        with pytest.raises(EventError, match="event_bad_places"):
            await events.report(event.id, 1, four.board, a, places=bad)
    step = await events.report(event.id, 1, four.board, a, places=[3, 1, 1, 4])
    assert waiting_for(step.game) == (b, c, d)
    assert (await events.confirm(event.id, 1, four.board, b)).progress is None
    assert (await events.confirm(event.id, 1, four.board, d)).progress is None
    last = await events.confirm(event.id, 1, four.board, c)
    assert last.progress is not None and dict(last.game.result or {})["places"] == [3, 1, 1, 4]

    # The organiser sets the other table directly: it closes the round and the event.
    with pytest.raises(EventError, match="event_bad_places"):
        await events.set_game_result(event.id, 99, 1, three.board, places=[1, 1, 2])
    done = await events.set_game_result(event.id, 99, 1, three.board, places=[3, 1, 2])
    assert done.closed_round == 1 and done.event.status is EventStatus.FINISHED
    points = {r.player: r.points for r in (await events.standings(event.id)).rows}
    assert [points[p] for p in three.players] == [0, 60, 30]
    assert points[b] == points[c] and points[b] > points[a] > points[d]


async def test_an_organiser_moves_an_online_table_to_a_physical_board(services: Any) -> None:  # noqa: F811
    _store, matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 2, rounds=1)
    await events.start(event.id, 99)
    (game,) = await open_round(events, event.id)
    assert game.match_id is not None
    moved = await events.move_to_physical(event.id, 99, 1, game.board)
    assert moved.match_id == game.match_id
    stopped = await matches.abort(game.match_id, 99, organiser=True)
    assert stopped.match.status is MatchStatus.ABORTED
    assert await events.record(stopped.match) is None, "the stopped match counts nothing"
    first, second = game.players
    await events.report(event.id, 1, game.board, second, score="1-0")
    step = await events.confirm(event.id, 1, game.board, first)
    assert step.progress is not None and step.progress.event.status is EventStatus.FINISHED
    assert "physical" in [line.action for line in await events.log(event.id)]


def test_places_follow_a_ranking() -> None:
    assert check_places([1, 1, 3], 3) == [1, 1, 3]
    assert check_places([4, 1, 1, 1], 4) == [4, 1, 1, 1]
    assert check_places([2, 2, 1], 3) == [2, 2, 1]
    for bad in ([1, 1, 2], [1, 3, 3], [2, 2, 3], [1, 2], [1, 2, 4]):
        with pytest.raises(EventError):
            check_places(bad, 3)


async def test_a_withdrawn_opponent_is_not_waited_for(services: Any) -> None:  # noqa: F811
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 2, rounds=1, physical=True)
    await events.start(event.id, 99)
    (game,) = (await events.plan_round(event.id, 99)).games
    stays, leaves = game.players
    await events.withdraw(event.id, leaves, leaves)
    step = await events.report(event.id, 1, game.board, stays, score="1-0")
    assert step.progress is not None and step.progress.event.status is EventStatus.FINISHED


async def test_the_round_clock_leaves_physical_games_to_their_players(services: Any) -> None:  # noqa: F811
    _store, _matches, events, clock = services
    event = await new_event(events, EventFormat.SWISS, 2, rounds=1, physical=True, round_minutes=30)
    await events.start(event.id, 99)
    (game,) = (await events.plan_round(event.id, 99)).games
    clock.now += timedelta(minutes=31)
    settled, progress = await events.settle_round(event.id)
    assert settled == [] and progress is not None and progress.closed_round is None, "no position to read"
    first, second = game.players
    await events.report(event.id, 1, game.board, first, score="0-1")
    assert (await events.confirm(event.id, 1, game.board, second)).progress is not None
    assert (await events.get(event.id)).status is EventStatus.FINISHED
