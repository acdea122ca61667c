"""The organiser's view of an event on SimCord (issue 37, faults 11–14): the whole log in pages and as a file,
games named as the board names them, who withdrew whom, a round whose time is up with a physical result
missing, a correction after the end, and the buttons and menus that spare the organiser typed numbers."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.events import EventFormat
from bot.shell.events import log_ui
from bot.shell.events.standings import standings_table
from render.standings import render_standings
from tests.botkit import controls_of, pings_of
from tests.test_bot_e2e import button_labels, expect_ephemeral
from tests.test_bot_event_reports import card_now, latest, started
from tests.test_bot_events import (  # noqa: F401 (club and services are fixtures)
    club,
    current_games,
    event_ui,
    new_event,
    play_and_resign,
    said,
    services,
)


async def test_the_whole_log_in_pages_and_as_a_file(club: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    ann, ben, cat, dan = club["players"][:4]
    _card, event, games = await started(club, (ann, ben, cat, dan), name="Cup", game="ur:v2", format="swiss", rounds=2)
    await admin.slash(channel, "event physical", board=games[0].board)
    await admin.slash(channel, "event withdraw", player=dan)
    # Pages of a few lines, so that four entries already need several.
    monkeypatch.setattr(log_ui, "LOG_PAGE_CHARS", 150)
    shown = (await zed.slash(channel, "event log")).response.message
    assert shown.flags.ephemeral
    (attachment,) = shown.attachments
    assert attachment.filename == f"cup-{event.id}-log.txt"
    whole = (await attachment.read()).decode("utf-8")
    assert "admin created the event" in whole and "<t:" not in whole, "the file holds every line, dates written out"
    entries = len(await event_ui(env).events.log(event.id))
    footer = shown.embeds[0].footer.text or ""
    assert f"{entries} entries" in footer and "the whole log is in the attached file" in footer
    assert button_labels(shown) == ["◀ Earlier", "Later ▶"], "page buttons in words"
    last = shown.embeds[0].description or ""
    assert "admin withdrew dan" in last and "created the event" not in last, "the latest lines come first"
    pages = int(footer.split(" of ")[1].split(" ")[0])
    assert pages > 1
    page = shown
    for _ in range(pages - 1):
        page = (await zed.click(page, label="◀ Earlier")).response.message
    first = page.embeds[0].description or ""
    assert "admin created the event" in first and f"Page 1 of {pages}" in (page.embeds[0].footer.text or "")
    # The board calls a two-player game "Game 1": so do the log and the correction.
    assert f"moved round 1, game {games[0].board} to a physical board" in whole
    assert "board 1" not in whole


async def test_an_organiser_withdrawing_a_player_is_said_so(club: dict[str, Any]) -> None:  # noqa: F811
    channel, admin = club["channel"], club["admin"]
    ann, ben, cat, dan = club["players"][:4]
    await started(club, (ann, ben, cat, dan), name="Cup", game="ur:v2", format="swiss", rounds=2)
    told = said(await admin.slash(channel, "event withdraw", player=dan))
    assert "**admin** withdrew **dan** from **Cup**" in told and "dan** withdrew" not in told
    told = said(await cat.slash(channel, "event withdraw"))
    assert "**cat** withdrew from **Cup**" in told


async def test_a_correction_names_the_game_as_the_board_does(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben = club["players"][:2]
    _card, event, (game,) = await started(club, (ann, ben), name="Cup", game="ur:v2", format="swiss", rounds=2)
    told = said(await admin.slash(channel, "event result", round=1, player=ann, outcome="draw"))
    assert f"round 1, game {game.board}: the result is now" in told
    lines = [line.action for line in await event_ui(env).events.log(event.id)]
    assert "replace" in lines
    assert card_now and latest  # shared helpers of the report tests


async def test_a_round_out_of_time_chases_the_physical_results_it_waits_for(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    players = club["players"][:4]
    members = {m.id: m for m in players}
    options = {"name": "Night", "game": "ur:v2", "format": "swiss", "rounds": 2, "physical": True}
    card, event, (first, second) = await started(club, players, round_minutes=30, **options)
    # The first game is reported and disputed; the second is never reported.
    ann, ben = (members[uid] for uid in first.players)
    form = await ann.click(card_now(channel, card.id), label="Report a result")
    await ann.click(form.response.message, label=f"{ann.name} won")
    await ben.click(latest(channel, "confirm with one tap"), label="Dispute")
    start = len(env.http_requests)
    await env.advance_time(31 * 60)
    chased = [m for m in channel.history() if "time is up" in (m.content or "")]
    assert len(chased) == 2, "one message per game still waiting, once"
    by_board = {m.content.split("game ")[1][0]: m for m in chased}
    disputed, silent = by_board[str(first.board)], by_board[str(second.board)]
    assert set(disputed.raw_mentions) == {admin.id, *first.players}
    assert set(silent.raw_mentions) == {admin.id, *second.players}
    assert f"disputed by {ben.name}" in disputed.content and "waiting for a report" in silent.content
    assert button_labels(disputed) == ["Accept the report", "Set the result"]
    assert button_labels(silent) == ["Set the result"], "nothing to accept without a report"
    pinged = {uid for r in env.http_requests[start:] for uid in pings_of(r)}
    assert pinged == {admin.id, *first.players, *second.players}
    await env.advance_time(10 * 60)
    assert len([m for m in channel.history() if "time is up" in (m.content or "")]) == 2, "said once"
    # The organiser settles both from the pings, by tap.
    form = (await admin.click(silent, label="Set the result")).response.message
    await admin.click(form, label="Draw")
    await admin.click(disputed, label="Accept the report")
    assert "Round 1 is over" in latest(channel, "Round 1 is over").content
    rows = {r.player: r.points for r in (await event_ui(env).events.standings(event.id)).rows}
    assert rows[ann.id] == 1 and rows[ben.id] == 0 and rows[second.players[0]] == 0.5


async def test_a_correction_after_the_end_corrects_the_podium_and_tells_the_players(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben, cat, dan = club["players"][:4]
    members = {m.id: m for m in (ann, ben, cat, dan)}
    _card, event, games = await started(club, (ann, ben, cat, dan), name="Cup", game="ur:v2", format="swiss", rounds=1)
    for game in games:
        await play_and_resign(env, channel, game, members, loser=game.players[1], moves=1)
    podium = latest(channel, "Congratulations")
    first = games[0]
    winner, loser = (members[uid] for uid in first.players)
    assert podium.content.index(f"<@{winner.id}>") < podium.content.index(f"<@{loser.id}>")
    other = [m for m in channel.history() if "Congratulations" in (m.content or "")]
    assert len(other) == 1
    start = len(env.http_requests)
    await admin.slash(channel, "event result", round=1, player=loser, outcome="win")
    corrected = next(m for m in channel.history() if m.id == podium.id)
    assert "Corrected after the end: round 1, game" in corrected.content, "the podium post is edited in place"
    assert f"🥇 <@{loser.id}>" in corrected.content and f"🥇 <@{winner.id}>" not in corrected.content
    assert len([m for m in channel.history() if "Congratulations" in (m.content or "")]) == 1, "not a second podium"
    told = latest(channel, "corrected your result")
    assert set(told.raw_mentions) == {winner.id, loser.id} and "(was: " in told.content
    pinged = {uid for r in env.http_requests[start:] for uid in pings_of(r)}
    assert pinged == {winner.id, loser.id}, "the players whose result changed, and nobody else"
    log = [line.action for line in await event_ui(env).events.log(event.id)]
    assert log.count("podium") == 1


async def test_the_organiser_acts_on_a_round_by_tap_and_picks_numbers_from_menus(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben, cat, dan = club["players"][:4]
    members = {m.id: m for m in (ann, ben, cat, dan)}
    _card, event, (first, second) = await started(
        club, (ann, ben, cat, dan), name="Cup", game="ur:v2", format="swiss", rounds=3
    )
    # Typed numbers are picked instead: the boards still played online, the rounds with the player's game.
    offered = await admin.autocomplete(channel, "event physical", "board", "")
    assert [c["value"] for c in offered] == [first.board, second.board]
    assert offered[0]["name"].startswith(f"Game {first.board} · ")
    await play_and_resign(env, channel, first, members, loser=first.players[1], moves=1)
    winner, loser = (members[uid] for uid in first.players)
    rounds = await admin.autocomplete(channel, "event result", "round", "", player=loser)
    assert rounds == [{"name": f"Round 1 · {winner.name}, {loser.name} · {winner.name} 1–0 {loser.name}", "value": 1}]
    assert [c["value"] for c in await admin.autocomplete(channel, "event physical", "board", "")] == [second.board]

    # Too early for the next round: the games still played come with menus to act on them.
    early = await admin.slash(channel, "event next")
    (told,) = [m for m in (early.response, *early.followups) if m is not None and "Still being" in m.content]
    shown = told.message
    menus = {c.placeholder: c for c in controls_of(shown) if getattr(c, "placeholder", None)}
    assert set(menus) == {"Set a game's result…", "Move a game to a physical board…"}
    moving = menus["Move a game to a physical board…"]
    assert [o.label for o in moving.options] == [f"Game {second.board}"]
    await admin.select(shown, [str(second.board)], custom_id=moving.custom_id)
    assert (await current_games(env, event.id))[1].physical
    form = (await admin.select(shown, [str(second.board)], custom_id=menus["Set a game's result…"].custom_id)).response
    await admin.click(form.message, label="Draw")

    # The round is over: the organiser starts the next one from the ping.
    over = latest(channel, "Round 1 is over")
    assert button_labels(over) == ["Start round 2"]
    await expect_ephemeral(await ann.click(over, label="Start round 2"), "only organisers")
    await admin.click(over, label="Start round 2")
    assert (await event_ui(env).events.get(event.id)).current_round == 2
    assert button_labels(next(m for m in channel.history() if m.id == over.id)) == [], "the button is spent"

    # A ping whose round was started meanwhile by /event next starts nothing.
    for game in await current_games(env, event.id):
        await play_and_resign(env, channel, game, members, loser=game.players[1], moves=0)
    over = latest(channel, "Round 2 is over")
    await admin.slash(channel, "event next")
    stale = await admin.click(over, label="Start round 3")
    assert "Round 3 is already paired" in stale.response.content
    assert (await event_ui(env).events.get(event.id)).current_round == 3
    assert button_labels(next(m for m in channel.history() if m.id == over.id)) == []


async def test_the_standings_image_says_why_a_late_entrant_has_half_points(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben, cat, dan = club["players"][:4]
    _card, event, _games = await started(club, (ann, ben, cat), name="Cup", game="ur:v2", format="swiss", rounds=2)
    await admin.slash(channel, "event admit", player=dan, missed="half")
    ui = event_ui(env)
    standings = await ui.events.standings(event.id)
    names = await ui.desk.names(standings.event)
    for lang, said_ in (
        ("en", "dan entered late, from round 2: 0.5 points for each round missed (1)"),
        ("fr", "dan est arrivé en cours de route, à la ronde 2\u00a0: 0,5 point par ronde manquée (1)"),
    ):
        table = standings_table(standings.event, standings, names, lang, "Cup")
        assert said_ in table.footer, table.footer
    assert render_standings(table)[:4] == b"\x89PNG"


async def test_the_podium_post_is_noted_in_the_log(services: Any) -> None:  # noqa: F811
    await noted_podium(services[2])


@pytest.mark.postgres
async def test_the_podium_post_is_noted_in_the_log_on_postgresql(pg_url: str) -> None:
    from bot.app.events import EventService
    from bot.app.matches import MatchService
    from bot.app.storage import Store
    from tests.test_bot_events import Clock

    store = await Store.open(pg_url)
    try:
        clock = Clock()
        await noted_podium(EventService(store, MatchService(store, clock), clock))
    finally:
        await store.close()


async def noted_podium(events: Any) -> None:
    """The podium's post is noted in the log (issue 37, fault 12: a correction after the end edits that post)."""
    event = await new_event(events, EventFormat.SWISS, 2, rounds=1)
    await events.note_podium(event.id, 123456789012345678)
    (line,) = [line for line in await events.log(event.id) if line.action == "podium"]
    assert line.actor_id is None and int(line.details["message"]) == 123456789012345678
