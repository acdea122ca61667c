"""Late entry and check-in (issue 28, "Organiser's tools from a phone"): the event service on its own, then on
SimCord as an organiser and members would use them from a phone.

Late entry: an organiser admits a member after the start; every round before their first counts 0 or ½ as
chosen at admission, and the standings read those rounds under FIDE's virtual-opponent rule for unplayed rounds
(as byes are read): Buchholz adds what the virtual opponent scored (the player's points before that round,
then what the player did not score in it, then a draw per later round), Sonneborn–Berger nothing.
Check-in: once opened, round 1 pairs only the members who said they are here; the others are taken off and
pinged once. Without check-in an event starts with everyone, as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app.events import EventError, EventFormat, EventGame, EventService, EventStatus
from bot.app.matches import MatchService
from bot.app.storage import Store
from tests import test_bot_events
from tests.botkit import pings_of
from tests.test_bot_e2e import button_labels, expect_ephemeral
from tests.test_bot_events import (
    Clock,
    board_of,
    current_games,
    event_ui,
    new_event,
    open_round,
    play_and_resign,
    standings_posts,
)

club = test_bot_events.club
"""A server with an events channel, an admin, an organiser (by role), a bystander and eight players."""


@pytest.fixture
async def services(tmp_path: Path) -> Any:
    """A store, a match service and an event service sharing one clock."""
    store = await Store.open(tmp_path / "entry.db")
    clock = Clock()
    matches = MatchService(store, clock)
    yield store, matches, EventService(store, matches, clock), clock
    await store.close()


async def finish_round(matches: MatchService, events: EventService, games: list[EventGame], winner: int = 0) -> None:
    """Every game of the round ends by the second player's resignation, except that ``winner`` wins his own."""
    for game in games:
        if game.is_bye:
            continue
        assert game.match_id is not None
        loser = next((p for p in game.players if p != winner), game.players[1]) if winner in game.players else None
        await events.record((await matches.resign(game.match_id, loser or game.players[1])).match)


def rows_of(standings: Any) -> dict[int, Any]:
    return {row.player: row for row in standings.rows}


@pytest.mark.parametrize(("half", "missed_points", "virtual"), [(False, 0.0, 1.5), (True, 0.5, 1.0)])
async def test_a_late_entrant_gets_0_or_a_half_for_the_missed_round_and_is_paired_the_next(
    services: Any, half: bool, missed_points: float, virtual: float
) -> None:
    _store, matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 5, rounds=2)
    await events.start(event.id, 99)
    round_one = await open_round(events, event.id)
    # Round 1 is being played when 106 arrives: admitted, paired from round 2.
    event = await events.admit(event.id, 106, 99, half=half)
    late = next(p for p in event.players if p.user_id == 106)
    assert late.entry_round == 2 and list(late.missed_rounds) == [1]
    assert all(106 not in g.players for g in round_one)
    assert rows_of(await events.standings(event.id))[106].points == missed_points
    await finish_round(matches, events, round_one)

    round_two = await open_round(events, event.id)
    assert len(round_two) == 3 and not any(g.is_bye for g in round_two), "six players: three games, no bye"
    (mine,) = [g for g in round_two if 106 in g.players]
    opponent = next(p for p in mine.players if p != 106)
    await finish_round(matches, events, round_two, winner=106)
    assert (await events.get(event.id)).status is EventStatus.FINISHED

    rows = rows_of(await events.standings(event.id))
    me = rows[106]
    assert me.points == missed_points + 1 and me.played == 1 and me.byes == 0 and me.missed == 1
    # Buchholz: the real opponent's final points, plus the missed round's virtual opponent: 0 points before
    # round 1, what 106 did not score there (1 against the 0, ½ against the ½), a draw in round 2.
    assert me.tiebreak("buchholz") == rows[opponent].points + virtual
    # Sonneborn–Berger: only the opponent beaten; a missed round beats no one.
    assert me.tiebreak("sonneborn_berger") == rows[opponent].points
    # The opponent's Buchholz counts 106's final points, missed round included (and a round-1 bye of theirs as
    # a virtual opponent with 0 before it, beaten, then a draw in round 2).
    met = [p for g in [*round_one, *round_two] if opponent in g.players for p in g.players if p != opponent]
    had_bye = any(g.is_bye and g.players == (opponent,) for g in round_one)
    assert rows[opponent].tiebreak("buchholz") == sum(rows[p].points for p in met) + (0.5 if had_bye else 0)
    assert 106 in met
    log = await events.log(event.id)
    admitted = next(line for line in log if line.action == "admit")
    assert admitted.actor_id == 99 and dict(admitted.details) == {"player": 106, "round": 2, "missed": 1, "half": half}


async def test_a_late_entrant_joins_the_next_rounds_tables(services: Any) -> None:
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.TABLES, 6, rounds=2)
    await events.start(event.id, 99)
    round_one = await open_round(events, event.id)
    assert sorted(len(g.players) for g in round_one) == [3, 3]
    for table in round_one:  # the organiser enters both tables' places
        await events.replace_result(event.id, 99, 1, table.players[0], places="1 2 3")
    # Between rounds: the newcomer missed round 1 only, and counts half a table win (30 of 60) for it.
    event = await events.admit(event.id, 107, 99, half=True)
    assert rows_of(await events.standings(event.id))[107].points == 30
    round_two = await open_round(events, event.id)
    assert sorted(len(g.players) for g in round_two) == [3, 4] and any(107 in g.players for g in round_two)


async def test_late_entry_refusals_change_nothing(services: Any) -> None:
    _store, matches, events, _clock = services
    signup = await new_event(events, EventFormat.SWISS, 2, rounds=1)
    with pytest.raises(EventError, match="event_not_running"):
        await events.admit(signup.id, 150, 99, half=False)
    await events.start(signup.id, 99)
    (game,) = await open_round(events, signup.id)
    with pytest.raises(EventError, match="event_already_player"):
        await events.admit(signup.id, 101, 99, half=False)
    with pytest.raises(EventError, match="event_no_more_rounds"):
        await events.admit(signup.id, 150, 99, half=False)
    robin = await new_event(events, EventFormat.ROUND_ROBIN, 3)
    await events.start(robin.id, 99)
    with pytest.raises(EventError, match="event_late_round_robin"):
        await events.admit(robin.id, 150, 99, half=True)
    for event_id in (signup.id, robin.id):
        assert 150 not in (await events.get(event_id)).player_ids
        assert "admit" not in [line.action for line in await events.log(event_id)]
    assert game.match_id is not None
    await finish_round(matches, events, [game])


async def test_check_in_pairs_only_the_members_who_are_here(services: Any) -> None:
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 5, rounds=2)
    with pytest.raises(EventError, match="event_checkin_not_open"):
        await events.check_in(event.id, 101, 101)
    event = await events.open_checkin(event.id, 99)
    assert event.checkin_open
    with pytest.raises(EventError, match="event_checkin_open"):
        await events.open_checkin(event.id, 99)
    await events.check_in(event.id, 101, 101)
    with pytest.raises(EventError, match="event_already_checked_in"):
        await events.check_in(event.id, 101, 101)
    with pytest.raises(EventError, match="event_not_signed_up"):
        await events.check_in(event.id, 150, 150)
    # One present is not enough for a round: the start is refused and nobody is taken off.
    with pytest.raises(EventError, match="event_not_enough_checked_in"):
        await events.start(event.id, 99)
    assert len((await events.get(event.id)).players) == 5
    await events.check_in(event.id, 103, 99)  # the organiser saw 103 arrive
    event = await events.sign_up(event.id, 106)  # signing up during check-in is being here
    assert [p.user_id for p in event.players if p.checked_in] == [101, 103, 106]

    started = await events.start(event.id, 99)
    assert started.player_ids == (101, 103, 106)
    (game, bye) = await open_round(events, event.id)
    assert set(game.players) | set(bye.players) == {101, 103, 106}
    absent = next(line for line in await events.log(event.id) if line.action == "absent")
    assert absent.details["players"] == [102, 104, 105] and absent.actor_id == 99


async def test_without_check_in_everyone_signed_up_is_paired(services: Any) -> None:
    _store, _matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 4, rounds=1)
    started = await events.start(event.id, 99)
    assert not started.checkin_open and len(started.players) == 4
    games = await open_round(events, event.id)
    assert sorted(p for g in games for p in g.players) == [101, 102, 103, 104]
    assert "absent" not in [line.action for line in await events.log(event.id)]


# On SimCord, as from a phone.


def card_now(channel: Any, card_id: int) -> Any:
    """The event's card as it stands now."""
    return next(m for m in channel.history() if m.id == card_id)


async def test_check_in_on_the_card_then_only_those_here_are_paired_and_the_others_pinged_once(
    club: dict[str, Any],
) -> None:
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    ann, ben, cat, dan, eve = club["players"][:5]
    card = (
        await admin.slash(channel, "event create", name="Club Night", game="ur:v2", format="swiss", rounds=2)
    ).response.message
    for member in (ann, ben, cat, dan, eve):
        await member.click(card, label="Sign up")
    await expect_ephemeral(await ann.click(card, label="Sign up"), "already signed up")
    await expect_ephemeral(await zed.slash(channel, "event checkin"), "only organisers", env=env)
    assert button_labels(card_now(channel, card.id)) == ["Sign up", "Withdraw", "Start"], "no check-in: as before"

    start = len(env.http_requests)
    opened = await admin.slash(channel, "event checkin")
    assert "Check-in for **Club Night** is open" in opened.response.content and not opened.response.ephemeral
    pinged = [uid for r in env.http_requests[start:] for uid in pings_of(r)]
    assert sorted(pinged) == sorted(m.id for m in (ann, ben, cat, dan, eve)), "each signed-up member, once"
    await expect_ephemeral(await admin.slash(channel, "event checkin"), "already open", env=env)
    board = card_now(channel, card.id)
    assert button_labels(board) == ["I'm here", "Sign up", "Withdraw", "Start"]
    assert "Checked in: 0 of 5" in board_of(channel, card.id)

    for member in (ann, ben, cat):
        await member.click(card, label="I'm here")
    await expect_ephemeral(await ann.click(card, label="I'm here"), "already checked in", env=env)
    await expect_ephemeral(await zed.click(card, label="I'm here"), "not signed up", env=env)
    shown = board_of(channel, card.id)
    assert "Checked in: 3 of 5" in shown and "Not here yet: dan, eve" in shown
    await expect_ephemeral(await zed.slash(channel, "event checkin", player=dan), "only organisers", env=env)
    done = await admin.slash(channel, "event checkin", player=dan)
    assert "**dan** is checked in" in done.response.content
    assert "Checked in: 4 of 5" in board_of(channel, card.id)

    start = len(env.http_requests)
    await admin.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    assert sorted(event.player_ids) == sorted(m.id for m in (ann, ben, cat, dan))
    games = await current_games(env, event.id)
    assert len(games) == 2 and all(eve.id not in g.players for g in games)
    told = [r for r in env.http_requests[start:] if eve.id in pings_of(r)]
    assert len(told) == 1 and "did not check in" in str(told[0].json), "eve is told once, and why"
    log = (await zed.slash(channel, "event log")).response.embeds[0].description or ""
    assert "admin opened check-in" in log and "not checked in: eve" in log and "check-in of dan (by admin)" in log


async def test_an_organiser_admits_a_latecomer_who_plays_from_the_next_round(club: dict[str, Any]) -> None:
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    ann, ben, cat, dan = club["players"][:4]
    members = {m.id: m for m in (ann, ben, cat, dan)}
    card = (
        await admin.slash(
            channel, "event create", name="Late Cup", game="ur:v2", format="swiss", rounds=2, deadline="12h"
        )
    ).response.message
    for member in (ann, ben, cat):
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]

    refused = await zed.slash(channel, "event admit", player=dan, missed="half")
    await expect_ephemeral(refused, "only organisers", env=env)
    assert dan.id not in (await event_ui(env).events.get(event.id)).player_ids
    start = len(env.http_requests)
    admitted = await admin.slash(channel, "event admit", player=dan, missed="half")
    text = admitted.response.content
    assert "joins **Late Cup** late: paired from round 2" in text and "counts 0.5 points" in text, text
    assert [uid for r in env.http_requests[start:] for uid in pings_of(r)] == [dan.id], "dan alone is pinged"
    await expect_ephemeral(
        await admin.slash(channel, "event admit", player=ann, missed="none"), "already a player", env=env
    )

    (game,) = [g for g in await current_games(env, event.id) if not g.is_bye]
    assert dan.id not in game.players
    await play_and_resign(env, channel, game, members, loser=game.players[1], moves=0)
    await admin.slash(channel, "event next")
    round_two = await current_games(env, event.id)
    assert len(round_two) == 2 and not any(g.is_bye for g in round_two), "four players in round 2, no bye"
    (mine,) = [g for g in round_two if dan.id in g.players]
    rival = next(p for p in mine.players if p != dan.id)
    for g in round_two:
        loser = rival if g is mine else g.players[1]
        await play_and_resign(env, channel, g, members, loser=loser, moves=0)
    standings = await event_ui(env).events.standings(event.id)
    me = next(r for r in standings.rows if r.player == dan.id)
    assert me.points == 1.5 and me.played == 1 and me.missed == 1
    log = (await zed.slash(channel, "event log")).response.embeds[0].description or ""
    assert "admin admitted dan late, paired from round 2; ½ per missed round" in log
    footer = standings_posts(channel)[-1].embeds[0].footer.text or ""
    assert "Late entrants: each round they missed counts" in footer, "the final standings say how they count"
