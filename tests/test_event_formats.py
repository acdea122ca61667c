"""Every registered event format through the same checks: sign-up, pairing, results, standings and export.

A format is found through :data:`bot.app.events.FORMATS` (one module each); the test picks a game the format
suits, signs up a field, plays every round to its end (a two-player game by a resignation, a table by the
organisers' places after stopping it), then reads the standings and the standings file an event posts.
"""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot.app.events.formats
from bot.app.events import (
    FORMATS,
    EventError,
    EventFormat,
    EventService,
    EventSettings,
    EventStatus,
    Format,
    UnknownFormatError,
    format_of,
)
from bot.app.i18n import t
from bot.app.matches import MatchService, MatchStatus
from bot.app.storage import Store
from bot.app.tournaments.crosstable import crosstable
from bot.app.tournaments.standings import to_csv
from bot.shell.events.commands import FORMAT_LABELS
from bot.shell.events.standings import csv_style, standings_table
from games import GAMES

ORGANISER = 99
T0 = datetime(2024, 3, 1, tzinfo=UTC)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[tuple[MatchService, EventService]]:
    store = await Store.open(tmp_path / "formats.db")
    matches = MatchService(store, lambda: T0)
    yield matches, EventService(store, matches, lambda: T0)
    await store.close()


def field_of(rules: Format) -> int:
    """Players enough for two games a round in ``rules``."""
    return 2 * rules.minimum_players


@pytest.mark.parametrize("kind", list(FORMATS), ids=lambda kind: kind.value)
async def test_every_format_runs_an_event_from_sign_up_to_its_standings_file(
    kind: EventFormat, service: tuple[MatchService, EventService]
) -> None:
    matches, events = service
    rules = FORMATS[kind]
    game = next(info for info in GAMES if rules.suits(info))
    unsuited = [info for info in GAMES if not rules.suits(info)]
    for info in unsuited:
        with pytest.raises(EventError, match="event_format_unsuitable"):
            await events.create(
                EventSettings("x", info.id, {}, kind.value, 2, None), guild_id=1, channel_id=10, organiser_id=ORGANISER
            )

    # Sign-up.
    event = await events.create(
        EventSettings("Cup", game.id, {}, kind.value, 2, 86400), guild_id=1, channel_id=10, organiser_id=ORGANISER
    )
    players = list(range(101, 101 + field_of(rules)))
    for user in players:
        event = await events.sign_up(event.id, user)
    event = await events.start(event.id, ORGANISER)
    assert event.status is EventStatus.RUNNING
    assert event.rounds == rules.rounds(2, event.player_ids)

    # Every round paired, played and counted.
    met: list[frozenset[int]] = []
    while event.status is EventStatus.RUNNING:
        plan = await events.plan_round(event.id, ORGANISER)
        assert plan.round == event.current_round + 1
        seated = sorted(p for g in plan.games for p in g.players)
        assert seated == sorted(players), "everyone plays or has a bye, once"
        for number, planned in enumerate(plan.games):
            if planned.is_bye:
                continue
            met.append(frozenset(planned.players))
            opened = await events.open_game(plan.event, planned, 5000 + 100 * plan.event.current_round + number)
            match = opened.match
            assert match.status is MatchStatus.ACTIVE and match.seats == planned.players
            if rules.two_player:
                progress = await events.record((await matches.resign(match.id, planned.players[1])).match)
            else:
                await events.record((await matches.abort(match.id, planned.players[0], organiser=True)).match)
                places = " ".join(str(p) for p in range(1, len(planned.players) + 1))
                progress = await events.replace_result(
                    event.id, ORGANISER, planned.round, planned.players[0], places=places
                )
            assert progress is not None and progress.game is not None and progress.game.result is not None
        event = await events.get(event.id)
        assert event.closed_round == event.current_round
    assert event.status is EventStatus.FINISHED and event.current_round == event.rounds
    if rules.two_player:
        assert len(met) == len(set(met)), "nobody meets the same opponent twice"

    # The standings.
    standings = await events.standings(event.id)
    assert sorted(row.player for row in standings.rows) == sorted(players)
    assert [row.rank for row in standings.rows] == sorted(row.rank for row in standings.rows)
    assert all(row.played == event.rounds for row in standings.rows)
    assert standings.rows[0].points >= standings.rows[-1].points > -1
    assert all(len(row.tiebreaks) == len(standings.tiebreaks) for row in standings.rows)

    # The export: the standings file and the image's table, in both languages.
    names = {user: f"Player {user}" for user in players}
    for lang in ("en", "fr"):
        style = csv_style(standings.tiebreaks, lang)
        cells = crosstable(standings.rows, standings.results, event.rounds, style)
        text = to_csv(standings.rows, names, style, cells)
        read = list(csv.reader(io.StringIO(text), delimiter=style.delimiter))
        header, lines = read[0], read[1:]
        assert len(lines) == len(players)
        assert header[-event.rounds :] == [style.round.format(n=n) for n in range(1, event.rounds + 1)]
        assert {line[1] for line in lines} == set(names.values())
        table = standings_table(event, standings, names, lang, "Cup")
        assert table.headers[-2:] == tuple(t(lang, f"event.col.{name}") for name in rules.record_columns)
        assert all(len(row) == len(table.headers) for row in table.rows)
        assert t(lang, f"event.format.{kind.value}") != f"event.format.{kind.value}"
        assert t(lang, f"event.standings.legend.{kind.value}") != f"event.standings.legend.{kind.value}"
        assert t(lang, f"choice.format.{kind.value}") != f"choice.format.{kind.value}"


def test_every_format_value_has_its_module_and_its_choice() -> None:
    assert set(FORMATS) == set(EventFormat)
    assert list(FORMAT_LABELS) == [kind.value for kind in FORMATS]
    assert all(format_of(kind) is FORMATS[kind] and format_of(kind.value) is FORMATS[kind] for kind in EventFormat)


async def test_an_unknown_format_is_an_error_not_a_swiss(
    service: tuple[MatchService, EventService], monkeypatch: pytest.MonkeyPatch
) -> None:
    _matches, events = service
    with pytest.raises(UnknownFormatError):
        format_of("knockout")
    with pytest.raises(UnknownFormatError):
        await events.create(
            EventSettings("x", "ur", {}, "knockout", 2, None), guild_id=1, channel_id=10, organiser_id=ORGANISER
        )
    event = await events.create(
        EventSettings("Cup", "ur", {}, "round_robin", 2, None), guild_id=1, channel_id=10, organiser_id=ORGANISER
    )
    for user in (101, 102, 103):
        await events.sign_up(event.id, user)
    await events.start(event.id, ORGANISER)
    # A format whose module is gone (a value stored by a later version, a module removed) is refused: its
    # rounds are not paired by another format's rules.
    others = {kind: rules for kind, rules in FORMATS.items() if kind is not EventFormat.ROUND_ROBIN}
    monkeypatch.setattr(bot.app.events.formats, "FORMATS", others)
    with pytest.raises(UnknownFormatError):
        await events.plan_round(event.id, ORGANISER)
    assert (await events.get(event.id)).current_round == 0
