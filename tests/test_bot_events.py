"""Association events (tournaments): the event service on its own, then whole events on SimCord.

The SimCord tests run events the way an association would: an organiser creates the event, members sign
up with the card's button, each round's games open in their own threads with the players pinged, the
players play scripted moves with ``/game move`` and end games by resigning (a whole game of every match
would take minutes), one player lets the deadline pass, an organiser corrects a result and withdraws a
player, and the standings come after every round as an embed, a PNG and a CSV file.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.app.i18n
from bot.app.events import (
    EventError,
    EventFormat,
    EventGame,
    EventService,
    EventSettings,
    EventStatus,
    parse_places,
    result_for,
    result_from_outcome,
)
from bot.app.i18n import t
from bot.app.matches import MatchService, MatchStatus
from bot.app.storage import Store
from bot.shell.events.commands import EventCog
from bot.shell.events.standings import CSV_COLUMNS
from games.base import Outcome, Termination
from tests.botkit import controls_of, make_bot, pings_of
from tests.test_bot_e2e import button_labels, expect_ephemeral, french  # noqa: F401 (a fixture)

HOUR = 3600.0
TICK = 1800.0
PNG = b"\x89PNG\r\n\x1a\n"


# The service on its own.


class Clock:
    """A settable clock for the service tests."""

    def __init__(self) -> None:
        self.now = datetime(2024, 3, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def services(tmp_path: Path) -> Any:
    """A store, a match service and an event service sharing one clock."""
    store = await Store.open(tmp_path / "events.db")
    clock = Clock()
    matches = MatchService(store, clock)
    yield store, matches, EventService(store, matches, clock), clock
    await store.close()


async def new_event(events: EventService, fmt: EventFormat, players: int, **settings: Any) -> Any:
    tables = fmt is EventFormat.TABLES
    game = {"game_id": "ursuppe", "options": {}} if tables else {"game_id": "ur", "options": {"rules": "v2"}}
    chosen = EventSettings(name="Test  Cup", format=fmt.value, rounds=3, turn_limit=12 * 3600, **game)
    event = await events.create(replace(chosen, **settings), guild_id=1, channel_id=10, organiser_id=99)
    for user in range(101, 101 + players):
        event = await events.sign_up(event.id, user)
    return event


async def open_round(events: EventService, event_id: int, thread: int = 5000) -> list[EventGame]:
    """Pair the next round and open its matches (in made-up thread ids); the games with their matches."""
    plan = await events.plan_round(event_id, 99)
    opened = []
    for game in plan.games:
        if game.is_bye:
            opened.append(game)
            continue
        report = await events.open_game(plan.event, game, thread + plan.event.current_round * 100 + game.board)
        assert report.match.status is MatchStatus.ACTIVE and report.match.seats == game.players
        opened.append(EventGame(game.round, game.board, game.players, report.match.id))
    return opened


async def test_the_migration_and_the_sign_up_rules(services: Any) -> None:
    store, _matches, events, _clock = services
    assert 6 in [version for version, _name, _at in await store.migration_history()]
    event = await new_event(events, EventFormat.SWISS, 1)
    assert event.name == "Test Cup" and event.status is EventStatus.SIGNUP and event.player_ids == (101,)
    with pytest.raises(EventError, match="event_already_signed_up"):
        await events.sign_up(event.id, 101)
    with pytest.raises(EventError, match="event_not_enough_players"):
        await events.start(event.id, 99)
    withdrawal = await events.withdraw(event.id, 101, 101)
    assert withdrawal.during_signup and withdrawal.event.players == ()
    with pytest.raises(EventError, match="event_format_unsuitable"):
        swiss_ursuppe = EventSettings("x", "ursuppe", {}, "swiss", rounds=3, turn_limit=None)
        await events.create(swiss_ursuppe, guild_id=1, channel_id=10, organiser_id=99)
    with pytest.raises(EventError, match="event_format_unsuitable"):
        await new_event(events, EventFormat.TABLES, 0, game_id="ur", options={"rules": "v2"})


async def test_results_are_counted_once_and_aborted_games_are_double_losses(services: Any) -> None:
    _store, matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 4, rounds=2)
    await events.start(event.id, 99)
    first, second = await open_round(events, event.id)
    assert first.match_id is not None and second.match_id is not None
    report = await matches.resign(first.match_id, first.players[1])
    progress = await events.record(report.match)
    assert progress is not None and progress.closed_round is None and progress.game is not None
    assert dict(progress.game.result or {}) == {"score": "1-0"}
    assert await events.record(report.match) is None, "a second 'match finished' changes nothing"
    with pytest.raises(EventError, match="event_round_not_over"):
        await events.plan_round(event.id, 99)
    aborted = await matches.abort(second.match_id, second.players[0], organiser=True)
    progress = await events.record(aborted.match)
    assert progress is not None and progress.closed_round == 1
    assert dict(progress.game.result or {}) == {"score": "0-0"}  # type: ignore[union-attr]
    rows = {row.player: row for row in (await events.standings(event.id)).rows}
    assert rows[second.players[0]].points == rows[second.players[1]].points == 0
    assert rows[second.players[0]].losses == 1
    log = [line.action for line in await events.log(event.id)]
    assert log == ["create", "start", "round", "aborted"]

    # The organiser replaces the aborted game's result; the standings follow, and the log keeps both.
    replaced = await events.replace_result(event.id, 99, 1, second.players[1], outcome="win")
    assert replaced.previous == {"score": "0-0"} and replaced.closed_round is None
    rows = {row.player: row for row in (await events.standings(event.id)).rows}
    assert rows[second.players[1]].points == 1
    details = (await events.log(event.id))[-1].details
    assert details["before"] == {"score": "0-0"} and details["after"] == {"score": "0-1"}
    with pytest.raises(EventError, match="event_no_game"):
        await events.replace_result(event.id, 99, 2, second.players[1], outcome="win")
    with pytest.raises(EventError, match="event_bad_result"):
        await events.replace_result(event.id, 99, 1, second.players[1])

    # Round 2 avoids the round 1 pairings.
    games = await open_round(events, event.id)
    met = {frozenset(first.players), frozenset(second.players)}
    assert all(frozenset(g.players) not in met for g in games)


async def test_a_withdrawn_player_is_not_paired_and_an_unfinished_game_is_reported(services: Any) -> None:
    _store, matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 4, rounds=3)
    await events.start(event.id, 99)
    games = await open_round(events, event.id)
    leaving = games[0].players[0]
    withdrawal = await events.withdraw(event.id, leaving, 99)
    assert not withdrawal.during_signup and withdrawal.unfinished_match == games[0].match_id
    with pytest.raises(EventError, match="event_already_withdrawn"):
        await events.withdraw(event.id, leaving, 99)
    for game in games:
        assert game.match_id is not None
        loser = leaving if leaving in game.players else game.players[1]
        await events.record((await matches.resign(game.match_id, loser)).match)
    round_two = await open_round(events, event.id)
    assert [g.players for g in round_two if g.is_bye] != [] and all(leaving not in g.players for g in round_two)
    standings = await events.standings(event.id)
    assert next(r for r in standings.rows if r.player == leaving).withdrawn


async def test_round_robin_schedule_with_a_withdrawal_gives_byes(services: Any) -> None:
    _store, matches, events, _clock = services
    event = await new_event(events, EventFormat.ROUND_ROBIN, 4, rounds=1)
    event = await events.start(event.id, 99)
    assert event.rounds == 3, "a round robin of 4 plays 3 rounds, whatever was asked"
    seen: Counter[frozenset[int]] = Counter()
    for number in range(1, 4):
        games = await open_round(events, event.id)
        for game in games:
            if not game.is_bye:
                seen[frozenset(game.players)] += 1
                assert game.match_id is not None
                await events.record((await matches.resign(game.match_id, game.players[1])).match)
        if number == 1:
            await events.withdraw(event.id, 104, 99)
        else:
            byes = [g.players[0] for g in games if g.is_bye]
            assert len(byes) == 1, "the withdrawn player's opponent has a bye"
    assert all(count == 1 for count in seen.values())
    assert (await events.get(event.id)).status is EventStatus.FINISHED


async def test_tables_are_seated_by_rating_and_a_void_table_counts_for_nobody(services: Any) -> None:
    store, matches, events, _clock = services
    event = await new_event(events, EventFormat.TABLES, 7, rounds=2)
    # Ratings make 107 the strongest and 101 the weakest.
    for index, user in enumerate(range(101, 108)):
        await store._write(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, updated_at) VALUES (1, 'ursuppe', ?, ?, 2, 'x')",
            (user, 20 + index),
        )
    event = await events.start(event.id, 99)
    assert event.player_ids == (107, 106, 105, 104, 103, 102, 101)
    tables = await open_round(events, event.id)
    # Snake order: seeds 1, 4, 5, 7 at the table of 4; seeds 2, 3, 6 at the table of 3.
    assert [sorted(g.players) for g in tables] == [[101, 103, 104, 107], [102, 105, 106]]
    four, three = tables
    assert four.match_id is not None and three.match_id is not None
    # A player who resigns at a table hands their seat to the AI: the others play on.
    resigned = await matches.resign(four.match_id, four.players[0])
    assert (
        resigned.match.status is MatchStatus.ACTIVE and resigned.match.seats.index(four.players[0]) in resigned.match.ai
    )
    assert await events.record(resigned.match) is None
    # The organisers stop it and set the places themselves.
    stopped = await matches.abort(four.match_id, four.players[1], organiser=True)
    await events.record(stopped.match)
    progress = await events.replace_result(event.id, 99, 1, four.players[0], places="4 1 1 1")
    assert dict(progress.game.result or {})["places"] == [4, 1, 1, 1]  # type: ignore[union-attr]
    aborted = await matches.abort(three.match_id, three.players[0], organiser=True)
    progress = await events.record(aborted.match)
    assert progress is not None and progress.closed_round == 1
    assert dict(progress.game.result or {}) == {"void": True}  # type: ignore[union-attr]
    rows = {row.player: row for row in (await events.standings(event.id)).rows}
    assert [rows[p].points for p in four.players] == [0, 40, 40, 40]
    assert all(rows[p].points == 0 and rows[p].played == 0 for p in three.players)
    with pytest.raises(EventError, match="event_bad_places"):
        await events.replace_result(event.id, 99, 1, three.players[0], places="1 2")
    await events.replace_result(event.id, 99, 1, three.players[0], places="2 1 3")
    rows = {row.player: row for row in (await events.standings(event.id)).rows}
    assert [rows[p].points for p in three.players] == [30, 60, 0]
    second = await open_round(events, event.id)
    assert sorted(len(g.players) for g in second) == [3, 4]


async def test_too_few_players_left_finish_the_event(services: Any) -> None:
    _store, matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 2, rounds=3)
    await events.start(event.id, 99)
    (game,) = await open_round(events, event.id)
    assert game.match_id is not None
    await events.withdraw(event.id, game.players[0], 99)
    await events.record((await matches.resign(game.match_id, game.players[0])).match)
    plan = await events.plan_round(event.id, 99)
    assert plan.round is None and plan.event.status is EventStatus.FINISHED


async def test_a_cancelled_event_counts_late_results_but_pairs_nothing(services: Any) -> None:
    _store, matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 2, rounds=2)
    await events.start(event.id, 99)
    (game,) = await open_round(events, event.id)
    assert game.match_id is not None
    cancelled = await events.cancel(event.id, 99)
    assert cancelled.status is EventStatus.CANCELLED
    progress = await events.record((await matches.resign(game.match_id, game.players[0])).match)
    assert progress is not None and progress.closed_round is None
    with pytest.raises(EventError, match="event_not_running"):
        await events.plan_round(event.id, 99)
    with pytest.raises(EventError, match="event_not_running"):
        await events.cancel(event.id, 99)
    assert [line.action for line in await events.log(event.id)][-1] == "cancel"


def test_result_helpers() -> None:
    game = EventGame(1, 1, (5, 6))
    assert result_for(game, 6, "win") == {"score": "0-1"}
    assert result_for(game, 5, "double_loss") == {"score": "0-0"}
    assert result_from_outcome(EventFormat.SWISS, game, Outcome(Termination.FORFEIT, winners=(0,))) == {"score": "1-0"}
    assert result_from_outcome(EventFormat.SWISS, game, Outcome(Termination.DRAW_AGREED)) == {"score": "½-½"}
    table = EventGame(1, 1, (5, 6, 7))
    assert result_from_outcome(EventFormat.TABLES, table, Outcome(Termination.FORFEIT)) == {"void": True}
    assert parse_places("2, 1;3", 3) == [2, 1, 3]
    for bad in ("1 2", "2 2 3", "0 1 2", "a b c"):
        with pytest.raises(EventError):
            parse_places(bad, 3)


# On SimCord.


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    """A server with an events channel, an admin, an organiser (by role), a bystander and eight players."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    organisers = guild.create_role("Organisers")
    players = [
        guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal")
    ]
    return {
        "env": env,
        "guild": guild,
        "channel": guild.create_text_channel("events"),
        "admin": guild.add_member(env.create_user("admin"), roles=[admins]),
        "olga": guild.add_member(env.create_user("olga"), roles=[organisers]),
        "organisers": organisers,
        "zed": guild.add_member(env.create_user("zed")),
        "players": players,
    }


def event_ui(env: Any) -> Any:
    """The running bot's event UI (a restart makes a new one)."""
    return env.bot.get_cog("EventCog").ui


def said(result: Any) -> str:
    """Every text of an interaction's answer: the response and its followups."""
    return "\n".join(m.content or "" for m in (result.response, *result.followups) if m is not None)


def thread_of(channel: Any, thread_id: int) -> Any:
    """The SimCord handle of a thread of ``channel``."""
    return next(t for t in channel.threads if t.id == thread_id)


def board_of(channel: Any, card_id: int) -> str:
    """Everything the event's board (its card, as it stands now) says."""
    card = next(m for m in channel.history() if m.id == card_id)
    return str(card.embeds[0].to_dict())


def standings_posts(channel: Any) -> list[discord.Message]:
    """The standings messages posted in the event's channel."""
    return [m for m in channel.history() if m.embeds and any(a.filename == "standings.png" for a in m.attachments)]


async def read_csv(message: discord.Message, lang: str = "en") -> list[dict[str, str]]:
    """The rows of the CSV file attached to a standings message, by column key (``points``, ``buchholz``…)."""
    (attachment,) = [a for a in message.attachments if a.filename.endswith(".csv")]
    keys = {t(lang, f"event.csv.{k}"): k for k in (*CSV_COLUMNS, "buchholz", "sonneborn_berger", "game_score")}
    delimiter = ";" if lang == "fr" else ","
    rows = csv.DictReader(io.StringIO((await attachment.read()).decode("utf-8")), delimiter=delimiter)
    return [{keys.get(k, k): v for k, v in row.items()} for row in rows]


async def ids_by_name(env: Any, event: Any) -> dict[str, int]:
    """The event's players by the display name the standings file gives them."""
    return {name: uid for uid, name in (await event_ui(env).desk.names(event)).items()}


async def current_games(env: Any, event_id: int) -> list[EventGame]:
    """The games of the event's current round."""
    events = event_ui(env).events
    event = await events.get(event_id)
    return await events.games(event_id, event.current_round)


async def play_and_resign(
    env: Any, channel: Any, game: EventGame, members: dict[int, Any], loser: int, moves: int = 2
) -> None:
    """A few real moves with ``/game move`` (the last legal move), then ``loser`` resigns with the button."""
    assert game.thread_id is not None
    thread = thread_of(channel, game.thread_id)
    for _ in range(moves):
        match = await env.bot.service.current(thread.id)
        assert match is not None and match.status is MatchStatus.ACTIVE
        (seat,) = match.state.actors()
        legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
        await members[match.seats[seat]].slash(thread, "game move", move=legal[-1])
    ask = await members[loser].slash(thread, "game resign")
    await members[loser].click(ask.response.message, label=button_labels(ask.response.message)[0])


def place_menus(message: discord.Message) -> dict[int, Any]:
    """The place menus of a table's result form on one page, by seat."""
    menus = [c for c in controls_of(message) if (c.custom_id or "").startswith("plateau:evpl:")]
    return {int(c.custom_id.split(":")[6]): c for c in menus}


async def tap_places(actor: Any, form: discord.Message, places: list[int], confirm: str = "Confirm") -> Any:
    """Pick each player's place in a table's result form (turning its page when needed), then confirm; the
    confirming interaction's result."""
    for seat, place in enumerate(places):
        if seat not in place_menus(form):
            turn = next(label for label in button_labels(form) if label.endswith("▸") or label.startswith("◂"))
            form = (await actor.click(form, label=turn)).response.message
        menu = place_menus(form)[seat]
        form = (await actor.select(form, [str(place)], custom_id=menu.custom_id)).response.message
        assert form.flags.ephemeral
    return await actor.click(form, label=confirm)


async def test_an_organiser_role_and_a_round_robin_that_advances_by_itself(club: dict[str, Any]) -> None:
    env, channel, admin, olga, zed = club["env"], club["channel"], club["admin"], club["olga"], club["zed"]
    ann, ben, cat = club["players"][:3]
    members = {m.id: m for m in (ann, ben, cat)}
    settings = {
        "name": "Winter League",
        "game": "ur:v2",
        "format": "round_robin",
        "deadline": "24h",
        "auto_advance": True,
    }
    await expect_ephemeral(await olga.slash(channel, "event create", **settings), "only organisers", env=env)
    await expect_ephemeral(
        await olga.slash(channel, "event config role", role=club["organisers"]), "manage the server", env=env
    )
    done = await admin.slash(channel, "event config role", role=club["organisers"])
    assert done.response.ephemeral
    card = (await olga.slash(channel, "event create", **settings)).response.message
    assert button_labels(card) == ["Sign up", "Withdraw", "Start"]
    for member in (ann, ben, cat):
        await member.click(card, label="Sign up")
    await expect_ephemeral(await ann.click(card, label="Sign up"), "already signed up")
    await expect_ephemeral(await zed.click(card, label="Start"), "only organisers")
    await olga.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    assert event.status is EventStatus.RUNNING and event.rounds == 3

    leaver: Any = None
    for number in range(1, 4):
        games = await current_games(env, event.id)
        assert len(games) == 2 and games[0].thread_id is not None
        thread = thread_of(channel, games[0].thread_id)
        assert thread.name.endswith(f" · R{number} · Winter League")
        playing = [g for g in games if not g.is_bye]
        if number == 1:
            assert [len(g.players) for g in games] == [2, 1], "three players: one game and one bye"
            await play_and_resign(env, channel, games[0], members, loser=games[0].players[1], moves=1)
        elif number == 2:
            # A player withdraws in the middle of a game: it ends as their resignation, and the round with it.
            leaver = members[playing[0].players[0]]
            done = await leaver.slash(channel, "event withdraw")
            assert "withdrew" in said(done)
            ended = await env.bot.service.get(playing[0].match_id or 0)
            assert ended.result is not None and ended.result.termination is Termination.RESIGNATION
        else:
            for game in playing:
                await play_and_resign(env, channel, game, members, loser=game.players[1], moves=1)
        if (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED:
            # With the leaver out, round 3 may hold nothing but byes: it opened by itself and closed at once.
            break
        assert standings_posts(channel) == [], "the standings so far are on the event's board, not posted"
        board = board_of(channel, card.id)
        assert "Standings" in board and "`1.`" in board, "the board shows the top of the standings"
    assert (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED
    assert len(standings_posts(channel)) == 1, "the final standings are posted once, as the event's record"
    final = standings_posts(channel)[-1]
    assert "final standings" in (final.embeds[0].title or "")
    rows = await read_csv(final)
    ids = await ids_by_name(env, await event_ui(env).events.get(event.id))
    assert [r["withdrawn"] for r in rows if ids[r["name"]] == leaver.id] == ["yes"]
    assert sum(float(r["points"]) for r in rows) == sum(int(r["played"]) for r in rows) / 2 + sum(
        int(r["byes"]) for r in rows
    )
    # The file is also the crosstable: a column per round, each result with the opponent's final rank.
    rounds = [key for key in rows[0] if key.startswith("Round ")]
    assert rounds[0] == "Round 1"
    assert sum(r["Round 1"] == "bye" for r in rows) == 1, "three players: one bye in round 1"
    assert all(cell[:1] in ("W", "D", "L") or cell in ("bye", "") for r in rows for cell in map(r.get, rounds))
    card_now = next(m for m in channel.history() if m.id == card.id)
    assert button_labels(card_now) == [] and "is over" in (card_now.embeds[0].description or "")


async def wait(env: Any, seconds: float) -> None:
    """Let virtual time pass in steps, so the bot's clock ticks run on the way."""
    while seconds > 0:
        step = min(seconds, 6 * HOUR)
        await env.advance_time(step)
        seconds -= step


async def test_a_swiss_event_of_eight_players_over_three_rounds(club: dict[str, Any], db_path: str) -> None:
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    players = club["players"]
    members = {m.id: m for m in players}
    names = {m.id: m.name for m in players}
    strength = {m.id: -i for i, m in enumerate(players)}
    # The scripted results: the member created first wins (by the other's resignation).
    points: Counter[int] = Counter()
    opponents: dict[int, list[int]] = {m.id: [] for m in players}
    byes: Counter[int] = Counter()
    met: set[frozenset[int]] = set()

    created = await admin.slash(
        channel, "event create", name="Spring Open", game="ur:v2", format="swiss", rounds=3, deadline="12h"
    )
    card = signup = created.response.message
    for member in players:
        await member.click(card, label="Sign up")
    changed_mind = await players[7].click(card, label="Withdraw")
    assert "Players (7)" in str(changed_mind.response.message.embeds[0].to_dict())
    await players[7].click(card, label="Sign up")
    await env.restart_bot(make_bot(db_path))  # the card's buttons and the event survive a restart
    await expect_ephemeral(await zed.slash(channel, "event start"), "only organisers", env=env)
    started = await admin.click(card, label="Start")
    assert "round 1" in said(started)
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    assert event.player_ids == tuple(m.id for m in players), "unrated players are seeded in sign-up order"

    async def check_round(number: int, games: list[EventGame]) -> None:
        notices = [m for m in channel.history() if f"Round {number} of 3 is paired" in m.content]
        assert len(notices) == 1, "one short line per round; the games are on the event's board"
        shown = board_of(channel, signup.id)
        assert f"Round {number} of 3" in shown
        for game in games:
            if game.is_bye:
                byes[game.players[0]] += 1
                points[game.players[0]] += 1
                # The bye is named on the board, and pinged (it has no thread to be greeted in).
                assert names[game.players[0]] in shown
                assert f"<@{game.players[0]}>" in notices[0].content and "you have the bye" in notices[0].content
                assert any(game.players[0] in pings_of(r) and "the bye" in str(r.json) for r in env.http_requests)
                continue
            assert game.thread_id is not None and f"/{game.thread_id})" in shown
            first, second = game.players
            pair = frozenset(game.players)
            assert pair not in met, "no rematch in a Swiss of 8 over 3 rounds"
            met.add(pair)
            opponents[first].append(second)
            opponents[second].append(first)
            thread = thread_of(channel, game.thread_id)
            assert thread.name == f"{names[first]} vs {names[second]} · R{number} · Spring Open"
            greeting, card, board = thread.history()[:3]
            assert sorted(greeting.raw_mentions) == sorted(game.players), "both players are pinged in the thread"
            assert " · match #" in (card.embeds[0].title or ""), "the status card above the first turn post"
            assert board.attachments and (await board.attachments[0].read()).startswith(PNG)

    async def resign_round(games: list[EventGame], *, skip: int = 0) -> list[EventGame]:
        """Every game but the last ``skip`` ends by the weaker player's resignation; returns the skipped."""
        playing = [g for g in games if not g.is_bye]
        for game in playing[: len(playing) - skip]:
            winner, loser = sorted(game.players, key=lambda p: -strength[p])
            await play_and_resign(env, channel, game, members, loser)
            points[winner] += 1
        return playing[len(playing) - skip :]

    # Round 1: four games, no bye.
    games = await current_games(env, event.id)
    assert len(games) == 4 and not any(g.is_bye for g in games)
    await check_round(1, games)
    round_one = games
    await resign_round(games)
    assert standings_posts(channel) == [], "round 1's standings are on the board"
    assert "Standings" in board_of(channel, signup.id)
    assert any("Round 1 is over" in m.content for m in channel.history())

    # Round 2, paired after another restart: three games resigned, one left to its deadline.
    await env.restart_bot(make_bot(db_path))
    await expect_ephemeral(await admin.slash(channel, "event start"), "closed", env=env)
    opened = await admin.slash(channel, "event next")
    assert "Round 2" in said(opened)
    games = await current_games(env, event.id)
    await check_round(2, games)
    await expect_ephemeral(await admin.slash(channel, "event next"), "not over yet", env=env)
    (late_game,) = await resign_round(games, skip=1)
    assert late_game.match_id is not None
    match = await env.bot.service.get(late_game.match_id)
    (late,) = match.to_act()
    peek = await zed.slash(channel, "event standings")
    files = [m for m in (peek.response, *peek.followups) if m is not None and m.attachments]
    assert files and files[0].ephemeral and "during round 2" in (files[0].embeds[0].title or "")
    await wait(env, 12 * HOUR + TICK + 60)
    final_match = await env.bot.service.get(late_game.match_id)
    assert final_match.result is not None and final_match.result.termination is Termination.FORFEIT
    late_winner = next(p for p in late_game.players if p != late)
    points[late_winner] += 1
    assert standings_posts(channel) == []

    # The organiser corrects a round-1 result to a draw and withdraws a player.
    corrected = round_one[0]
    winner, loser = sorted(corrected.players, key=lambda p: -strength[p])
    reply = await admin.slash(channel, "event result", round=1, player=members[loser], outcome="draw")
    assert "½–½" in reply.response.content and "was:" in reply.response.content
    points[winner] -= 0.5  # type: ignore[assignment]
    points[loser] += 0.5  # type: ignore[assignment]
    await expect_ephemeral(
        await zed.slash(channel, "event withdraw", player=members[players[7].id]), "only organisers", env=env
    )
    withdrawn = await admin.slash(channel, "event withdraw", player=players[7])
    assert "withdrew" in said(withdrawn)

    # Round 3: seven players, so a bye; the last game ends while the bot is not listening.
    await admin.slash(channel, "event next")
    games = await current_games(env, event.id)
    assert len(games) == 4 and [len(g.players) for g in games].count(1) == 1
    assert all(players[7].id not in g.players for g in games)
    await check_round(3, games)
    (missed,) = await resign_round(games, skip=1)
    assert missed.match_id is not None
    winner, loser = sorted(missed.players, key=lambda p: -strength[p])
    await env.bot.service.resign(missed.match_id, loser)  # no board posted: no "match finished" event
    points[winner] += 1
    assert standings_posts(channel) == []
    over = await admin.slash(channel, "event next")
    assert "is over" in said(over)

    # The final standings: every number of the CSV file agrees with the scripted results.
    final = standings_posts(channel)[-1]
    assert "final standings" in (final.embeds[0].title or "") and final.embeds[0].fields
    image = next(a for a in final.attachments if a.filename == "standings.png")
    assert (await image.read()).startswith(PNG) and image.description
    rows = await read_csv(final)
    assert len(rows) == 8
    ids = await ids_by_name(env, await event_ui(env).events.get(event.id))
    by_player = {ids[r["name"]]: r for r in rows}

    def round_one_points(uid: int) -> float:
        game = next(g for g in round_one if uid in g.players)
        return 0.5 if game is corrected else float(uid == max(game.players, key=lambda p: strength[p]))

    for uid, row in by_player.items():
        assert float(row["points"]) == points[uid], row
        # The only bye is in round 3, the last: its virtual opponent had the player's points before it.
        met_over_the_board = list(opponents[uid])
        unplayed = 0.0
        if uid in late_game.players:
            # Round 2's game left to its deadline was never played (the late player never moved): for both
            # players' Buchholz it is an unplayed round, FIDE's virtual opponent instead of the other player.
            met_over_the_board.remove(next(p for p in late_game.players if p != uid))
            unplayed = round_one_points(uid) + (1 - float(uid == late_winner)) + 0.5
        buchholz = sum(points[o] for o in met_over_the_board) + byes[uid] * (points[uid] - 1) + unplayed
        assert float(row["buchholz"]) == buchholz, row
        assert row["withdrawn"] == ("yes" if uid == players[7].id else "")
    assert [float(r["points"]) for r in rows] == sorted((float(r["points"]) for r in rows), reverse=True)
    assert (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED

    shown = await zed.slash(channel, "event log")
    text = shown.response.embeds[0].description or ""
    for fragment in ("withdrew hal after round 2", "set round 1", "lost by forfeit", "paired round 3"):
        assert fragment in text, text
    listed = await zed.slash(channel, "event list")
    assert "Spring Open" in (listed.response.embeds[0].description or "")


async def test_a_seated_ursuppe_round_of_seven_players(club: dict[str, Any]) -> None:
    env, channel, admin = club["env"], club["channel"], club["admin"]
    players = club["players"][:7]
    members = {m.id: m for m in players}
    card = (
        await admin.slash(channel, "event create", name="Soup Night", game="ursuppe", format="tables", rounds=1)
    ).response.message
    for member in players:
        await member.click(card, label="Sign up")
    # Ratings reverse the sign-up order: the last to sign up is the strongest.
    for index, member in enumerate(players):
        await env.bot.store._write(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, updated_at) VALUES (?, 'ursuppe', ?, ?, 2, 'x')",
            (club["guild"].id, member.id, 20 + index),
        )
    await admin.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    seeds = [m.id for m in reversed(players)]
    assert event.player_ids == tuple(seeds)
    four, three = await current_games(env, event.id)
    # Dealt in snake order by seed, so both tables get strong and weak players.
    assert sorted(four.players) == sorted(seeds[i] for i in (0, 3, 4, 6))
    assert sorted(three.players) == sorted(seeds[i] for i in (1, 2, 5))
    for game in (four, three):
        assert game.thread_id is not None
        thread = thread_of(channel, game.thread_id)
        assert thread.name == f"Table {game.board} · R1 · Soup Night"
        greeting, card, board = thread.history()[:3]
        assert sorted(greeting.raw_mentions) == sorted(game.players) and board.attachments
        assert card.embeds and not card.attachments, "the status card above the first turn post"
        match = await env.bot.service.get(game.match_id or 0)
        assert match.status is MatchStatus.ACTIVE and match.seats == game.players

    # Table 1: a player resigns and the AI takes the seat; the organiser then records that the other three
    # share first place.
    quitter = members[four.players[1]]
    assert four.thread_id is not None
    ask = await quitter.slash(thread_of(channel, four.thread_id), "game resign")
    await quitter.click(ask.response.message, label="Yes, resign")
    going_on = await env.bot.service.get(four.match_id or 0)
    assert going_on.status is MatchStatus.ACTIVE and 1 in going_on.ai
    form = await admin.slash(channel, "event result", round=1, player=quitter)
    assert form.response.ephemeral and sorted(place_menus(form.response.message)) == [0, 1, 2, 3]
    await tap_places(admin, form.response.message, [1, 4, 1, 1])
    # Table 2: the organiser records the result; the match stops there.
    assert three.thread_id is not None
    form = await admin.slash(channel, "event result", round=1, player=members[three.players[0]])
    done = await tap_places(admin, form.response.message, [2, 1, 3])
    assert done.response.ephemeral and "the result counts" in (done.response.message.content or "")
    replaced = [m.content for m in channel.history() if "round 1, table 2" in (m.content or "") and "was:" in m.content]
    assert replaced and "was: no result yet" in replaced[-1]
    stopped = await env.bot.service.get(three.match_id or 0)
    assert stopped.status is MatchStatus.ABORTED
    assert "set this game's result" in thread_of(channel, three.thread_id).history()[-1].content

    final = standings_posts(channel)[-1]
    assert "final standings" in (final.embeds[0].title or "")
    ids = await ids_by_name(env, await event_ui(env).events.get(event.id))
    rows = {ids[r["name"]]: r for r in await read_csv(final)}
    expected = {four.players[0]: 40, four.players[1]: 0, four.players[2]: 40, four.players[3]: 40}
    expected |= {three.players[0]: 30, three.players[1]: 60, three.players[2]: 0}
    assert {uid: float(r["points"]) for uid, r in rows.items()} == expected
    assert rows[three.players[1]]["rank"] == "1" and "game_score" in next(iter(rows.values()))
    assert (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED


async def test_the_event_commands_fit_discords_limits_in_every_locale() -> None:
    from bot.app.config import Config
    from bot.shell.client import PlateauBot
    from bot.shell.translator import CatalogTranslator
    from tests.test_command_tree import walk

    client = PlateauBot(Config(token="unused"))
    translator = CatalogTranslator()
    await client.tree.set_translator(translator)
    await client.load_extension("bot.shell.events.commands")
    (command,) = [await c.get_translated_payload(client.tree, translator) for c in client.tree.get_commands()]
    problems: list[str] = []
    assert walk(command, command["name"], problems) <= 8000
    assert not problems, "\n".join(problems)
    assert command["name"] == "event" and command["name_localizations"]["fr"] == "tournoi"
    subcommands = {o["name"]: o for o in command["options"]}
    assert set(subcommands) == {
        "create",
        "start",
        "next",
        "standings",
        "result",
        "physical",
        "withdraw",
        "cancel",
        "list",
        "log",
        "config",
        "checkin",
        "admit",
    }
    for sub in command["options"]:
        assert "fr" in sub["description_localizations"], sub["name"]
    assert [o["name"] for o in subcommands["config"]["options"]] == ["role"]


def test_the_event_texts_exist_in_both_languages_with_the_same_fields() -> None:
    import re

    en, fr = bot.app.i18n.catalog("en"), bot.app.i18n.catalog("fr")
    mine = ("event.", "match_error.event_", "cmd.event.", "opt.event", "choice.format.", "choice.outcome.")
    keys = [k for k in en if k.startswith(mine) and not k.startswith("event.ursuppe.")]
    assert len(keys) > 100
    field = re.compile(r"\{(\w+)(?::[^}]*)?\}")  # a field, whatever its spec (plural, elision)
    for key in keys:
        assert key in fr, key
        assert set(field.findall(en[key])) == set(field.findall(fr[key])), key


@pytest.mark.usefixtures("french")
async def test_a_french_server_gets_a_french_event(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild(name="Asso", preferred_locale="fr")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    channel = guild.create_text_channel("tournois")
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    card = (
        await admin.slash(channel, "event create", name="Coupe", game="ur:v2", format="swiss", rounds=1)
    ).response.message
    assert button_labels(card) == ["S'inscrire", "Se retirer", "Lancer"]
    assert "Système suisse" in str(card.embeds[0].to_dict())
    for member in (ann, ben):
        await member.click(card, label="S'inscrire")
    await admin.click(card, label="Lancer")
    event = (await event_ui(env).events.events_of_guild(guild.id))[0]
    (game,) = await current_games(env, event.id)
    assert game.thread_id is not None
    thread = thread_of(channel, game.thread_id)
    names = {ann.id: "ann", ben.id: "ben"}
    assert thread.name == f"{names[game.players[0]]} contre {names[game.players[1]]} · R1 · Coupe"
    assert "ronde 1 sur 1" in thread.history()[0].content
    await play_and_resign(env, channel, game, {ann.id: ann, ben.id: ben}, game.players[1], moves=0)
    final = standings_posts(channel)[-1]
    assert "classement final" in (final.embeds[0].title or "")


async def test_the_card_and_the_pairings_name_the_players_never_mention_them_in_embeds(club: dict[str, Any]) -> None:
    """Issue 26: an embed shows the mention of a member the reader's client has not loaded as a raw <@id>."""
    import re

    from tests.test_bot_member_names import texts_of

    env, channel, admin = club["env"], club["channel"], club["admin"]
    players = club["players"][:3]
    start = len(env.http_requests)
    created = await admin.slash(
        channel, "event create", name="Cup", game="ur:v2", format="swiss", rounds=2, deadline="12h"
    )
    card = created.response.message
    for member in players:
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    embeds = [
        text
        for request in env.http_requests[start:]
        if isinstance(request.json, dict)
        for embed in (request.json.get("data", request.json) or {}).get("embeds") or ()
        for text in texts_of({"embeds": [embed]})
    ]
    assert any("ann" in text for text in embeds) and any("admin" in text for text in embeds), "named"
    for text in embeds:
        assert not re.search(r"<@!?\d+>", text), f"a mention inside an embed: {text!r}"


def test_every_event_command_completes_the_event_number() -> None:
    # The number of the event a command names is completed by one list of the commands, not line by line.
    named = {
        sub.name: sub._params["event"].autocomplete is not None
        for group in EventCog.__cog_app_commands__
        for sub in getattr(group, "commands", [group])
        if "event" in sub._params
    }
    commands = ("start", "next", "standings", "result", "physical", "withdraw", "cancel", "log", "checkin", "admit")
    assert named == dict.fromkeys(commands, True)
