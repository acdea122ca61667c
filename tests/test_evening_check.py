"""The evening bench's own count of the standings (issue 37, fault 15): it agrees with the bot on every figure
of a Swiss with a bye, draws, a double loss and a late entrant's ½, and of seated tables with shared places and
a late entrant; and it catches a figure that is wrong."""

from __future__ import annotations

from dataclasses import replace
from itertools import cycle
from typing import Any

from bench.evening_check import check, table_points
from bot.app.events import EventFormat
from tests.test_bot_events import new_event, services  # noqa: F401 (services is a fixture)


async def test_the_bench_recounts_a_swiss_in_full_and_catches_a_wrong_figure(services: Any) -> None:  # noqa: F811
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 5, rounds=3)
    await events.start(event.id, 99)
    scores = cycle(["1-0", "½-½", "0-0", "0-1", "½-½"])
    for round_ in (1, 2, 3):
        plan = await events.plan_round(event.id, 99)
        if round_ == 1:
            await events.admit(event.id, 200, 99, half=True)
        for game in plan.games:
            if not game.is_bye:
                await events.set_game_result(event.id, 99, game.round, game.board, score=next(scores))
    standings = await events.standings(event.id)
    games = await events.games(event.id)
    found = check(standings.event, games, standings)
    assert found.mismatches == []
    assert found.rows == 6 and found.figures == 6 * 8, "points, W, D, L, rank, byes, Buchholz, SB for each"
    assert found.draws >= 2 and found.byes >= 1 and found.missed_half == 1
    first = standings.rows[0]
    wrong = replace(first, tiebreaks=tuple((name, value + 0.5) for name, value in first.tiebreaks))
    found = check(standings.event, games, replace(standings, rows=(wrong, *standings.rows[1:])))
    assert len(found.mismatches) == 2 and "buchholz" in found.mismatches[0], found.mismatches


async def test_the_bench_recounts_seated_tables_in_full(services: Any) -> None:  # noqa: F811
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.TABLES, 7, rounds=2)
    await events.start(event.id, 99)
    for round_ in (1, 2):
        plan = await events.plan_round(event.id, 99)
        if round_ == 1:
            await events.admit(event.id, 200, 99, half=True)
        for game in plan.games:
            places = [1, 1, 3, 4, 5, 6][: len(game.players)]
            await events.set_game_result(event.id, 99, game.round, game.board, places=places)
    standings = await events.standings(event.id)
    found = check(standings.event, await events.games(event.id), standings)
    assert found.mismatches == [] and found.tables == 4 and found.draws == 4 and found.missed_half == 1
    assert table_points(4, 1, 2) == 50 and table_points(3, 3, 1) == 0
