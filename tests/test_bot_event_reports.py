"""Results by tap on SimCord: games on the club's physical boards reported from the event's board and confirmed
by the opponent, a dispute the organiser decides, a table moved to a physical board, and table corrections by a
menu of places per player that update the board and the archived final standings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.app.events import Event, EventGame, EventStatus
from bot.app.matches import MatchStatus
from tests.botkit import controls_of, pings_of
from tests.test_bot_e2e import button_labels, expect_ephemeral
from tests.test_bot_events import (  # noqa: F401 (club is a fixture)
    board_of,
    club,
    current_games,
    event_ui,
    ids_by_name,
    place_menus,
    read_csv,
    said,
    standings_posts,
    tap_places,
)


def latest(channel: Any, text: str) -> Any:
    """The latest message of ``channel`` that says ``text``."""
    return next(m for m in reversed(channel.history()) if text in (m.content or ""))


async def test_a_physical_evening_reported_confirmed_and_disputed_by_tap(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    players = club["players"][:4]
    members = {m.id: m for m in players}
    names = {m.id: m.name for m in players}
    created = await admin.slash(
        channel, "event create", name="Club Night", game="ur:v2", format="swiss", rounds=2, physical=True
    )
    card = created.response.message
    assert "physical boards" in str(card.embeds[0].to_dict())
    for member in players:
        await member.click(card, label="Sign up")
    start = len(env.http_requests)
    await admin.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    first, second = await current_games(env, event.id)
    assert first.physical and first.match_id is None and first.thread_id is None
    assert channel.threads == [], "no thread and no online match for a game on a physical board"
    pinged = {uid for r in env.http_requests[start:] for uid in pings_of(r)}
    assert pinged == set(members), "the round's one post pings the players at physical boards"
    assert button_labels(card_now(channel, card.id)) == ["Report a result"]
    assert "physical board · waiting for a report" in board_of(channel, card.id)

    # Strangers cannot report; a player reports with one tap.
    await expect_ephemeral(await zed.click(card, label="Report a result"), "no game on a physical board")
    ann, ben = (members[uid] for uid in first.players)
    form = await ann.click(card, label="Report a result")
    assert form.response.ephemeral
    assert button_labels(form.response.message) == [f"{ann.name} won", f"{ben.name} won", "Draw"]
    sent = await ann.click(form.response.message, label=f"{ann.name} won")
    assert f"Waiting for {ben.name} to confirm" in sent.response.message.content
    ask = latest(channel, "confirm with one tap")
    assert ask.raw_mentions == [ben.id] and button_labels(ask) == ["Confirm", "Dispute"]
    assert f"result waiting for {ben.name}'s confirmation" in board_of(channel, card.id)
    await expect_ephemeral(await zed.click(ask, label="Confirm"), "not your game")
    await expect_ephemeral(await ann.click(ask, label="Confirm"), "already given this result")
    await ben.click(ask, label="Confirm")
    ask = next(m for m in channel.history() if m.id == ask.id)
    assert "confirmed" in ask.content and button_labels(ask) == []
    assert f"{ann.name} 1–0 {ben.name}" in board_of(channel, card.id)

    # The other game is disputed: the organiser is pinged, and only an organiser decides.
    cat, dan = (members[uid] for uid in second.players)
    form = await dan.click(card, label="Report a result")
    await dan.click(form.response.message, label=f"{dan.name} won")
    ask = latest(channel, "confirm with one tap")
    start = len(env.http_requests)
    await cat.click(ask, label="Dispute")
    dispute = latest(channel, "disputes the result")
    assert dispute.raw_mentions == [admin.id] and admin.id in {
        u for r in env.http_requests[start:] for u in pings_of(r)
    }
    assert button_labels(dispute) == ["Accept the report", "Set the result"]
    assert f"disputed by {cat.name}" in board_of(channel, card.id)
    await expect_ephemeral(await dan.click(dispute, label="Accept the report"), "only organisers")
    await expect_ephemeral(await cat.click(dispute, label="Set the result"), "only organisers")
    form = await admin.click(dispute, label="Set the result")
    assert button_labels(form.response.message) == [f"{cat.name} won", f"{dan.name} won", "Draw", "Both lose"]
    await admin.click(form.response.message, label="Draw")
    assert "Round 1 is over" in latest(channel, "Round 1 is over").content
    rows = {r.player: r.points for r in (await event_ui(env).events.standings(event.id)).rows}
    assert rows == {ann.id: 1, ben.id: 0, cat.id: 0.5, dan.id: 0.5}
    assert button_labels(card_now(channel, card.id)) == [], "nothing left to report"
    log = (await zed.slash(channel, "event log")).response.embeds[0].description or ""
    for fragment in (f"{ann.name} reported round 1", f"{ben.name} confirmed", f"{cat.name} disputed", "admin set"):
        assert fragment in log, log
    assert names  # every name above came from the members themselves


def card_now(channel: Any, card_id: int) -> Any:
    """The event's card as it stands now."""
    return next(m for m in channel.history() if m.id == card_id)


async def started(venue: dict[str, Any], players: Sequence[Any], **options: Any) -> tuple[Any, Event, list[EventGame]]:
    """``/event create`` with ``options`` in the ``club`` fixture's ``venue``, ``players`` signed up and the event
    started: its card, the event and the first round's games."""
    env, channel, admin = venue["env"], venue["channel"], venue["admin"]
    card = (await admin.slash(channel, "event create", **options)).response.message
    for member in players:
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(venue["guild"].id))[0]
    return card, event, await current_games(env, event.id)


async def test_an_online_table_moves_to_a_physical_board(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    ann, ben = club["players"][:2]
    card, event, (game,) = await started(club, (ann, ben), name="Cup", game="ur:v2", format="swiss", rounds=1)
    await expect_ephemeral(await zed.slash(channel, "event physical", board=1), "only organisers", env=env)
    moved = await admin.slash(channel, "event physical", board=1)
    assert "physical board" in said(moved)
    stopped = await env.bot.service.get(game.match_id or 0)
    assert stopped.status is MatchStatus.ABORTED
    assert (await current_games(env, event.id))[0].result is None, "the stopped match counts nothing"
    assert "physical board" in board_of(channel, card.id)
    loser, winner = ({ann.id: ann, ben.id: ben}[uid] for uid in game.players)
    form = await loser.click(card_now(channel, card.id), label="Report a result")
    await loser.click(form.response.message, label=f"{winner.name} won")
    await winner.click(latest(channel, "confirm with one tap"), label="Confirm")
    assert (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED
    final = standings_posts(channel)[-1]
    ids = await ids_by_name(env, await event_ui(env).events.get(event.id))
    assert {ids[r["name"]]: r["points"] for r in await read_csv(final)} == {winner.id: "1", loser.id: "0"}


async def test_a_table_correction_by_menus_updates_the_board_and_the_final_record(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    players = club["players"][:5]
    members = {m.id: m for m in players}
    card, event, (table,) = await started(
        club, players, name="Soup", game="ursuppe", format="tables", rounds=1, physical=True
    )
    assert len(table.players) == 5, "five players sit at one table: the form has two pages"

    # A player reports the places: four menus on the first page, the fifth on the next; Confirm waits for all.
    reporter = members[table.players[0]]
    form = (await reporter.click(card, label="Report a result")).response.message
    assert sorted(place_menus(form)) == [0, 1, 2, 3] and "Next players ▸" in button_labels(form)
    confirm = next(c for c in controls_of(form) if getattr(c, "label", None) == "Confirm")
    assert confirm.disabled, "Confirm waits until every player has a place"
    # A place list that is no ranking is refused and changes nothing.
    await expect_ephemeral(await tap_places(reporter, form, [1, 1, 2, 4, 5]), "share a place and skip")
    assert (await current_games(env, event.id))[0].report is None
    form = (await reporter.click(card, label="Report a result")).response.message
    await tap_places(reporter, form, [2, 1, 3, 4, 5])
    ask = latest(channel, "confirm with one tap")
    assert sorted(ask.raw_mentions) == sorted(table.players[1:])
    for uid in table.players[1:]:
        await members[uid].click(next(m for m in channel.history() if m.id == ask.id), label="Confirm")
    assert (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED
    assert len(standings_posts(channel)) == 1
    second = members[table.players[1]]

    # After the end the organiser corrects it with the menus: the form starts from the counted places.
    await expect_ephemeral(await zed.slash(channel, "event result", round=1, player=second), "only organisers", env=env)
    await expect_ephemeral(
        await second.slash(channel, "event result", round=1, player=second), "only organisers", env=env
    )
    form = (await admin.slash(channel, "event result", round=1, player=second)).response.message
    chosen = [next((o.value for o in menu.options if o.default), None) for _, menu in sorted(place_menus(form).items())]
    assert chosen == ["2", "1", "3", "4"], "the menus show the places that count now"
    await tap_places(admin, form, [1, 2, 3, 4, 5])
    corrected = standings_posts(channel)[-1]
    assert len(standings_posts(channel)) == 2 and "corrected" in (corrected.embeds[0].title or "")
    ids = await ids_by_name(env, await event_ui(env).events.get(event.id))
    rows = {ids[r["name"]]: r for r in await read_csv(corrected)}
    assert rows[table.players[0]]["rank"] == "1" and rows[table.players[1]]["rank"] == "2"
    assert "`1.` " + reporter.name in board_of(channel, card.id)


async def test_an_organiser_sets_a_physical_result_from_the_board(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben = club["players"][:2]
    card, event, (game,) = await started(
        club, (ann, ben), name="Cup", game="ur:v2", format="swiss", rounds=1, physical=True
    )
    menu = (await admin.click(card_now(channel, card.id), label="Report a result")).response.message
    (tables,) = [c for c in controls_of(menu) if (c.custom_id or "").startswith("plateau:evtb:")]
    assert [o.label for o in tables.options] == ["Game 1"]
    form = (await admin.select(menu, ["1"], custom_id=tables.custom_id)).response.message
    first, second = ({ann.id: ann, ben.id: ben}[uid] for uid in game.players)
    assert button_labels(form) == [f"{first.name} won", f"{second.name} won", "Draw", "Both lose"]
    await admin.click(form, label=f"{second.name} won")
    assert (await event_ui(env).events.get(event.id)).status is EventStatus.FINISHED
    assert "round 1, game 1: the result is now" in latest(channel, "the result is now").content
    final = standings_posts(channel)[-1]
    ids = await ids_by_name(env, await event_ui(env).events.get(event.id))
    assert {ids[r["name"]]: r["points"] for r in await read_csv(final)} == {second.id: "1", first.id: "0"}
