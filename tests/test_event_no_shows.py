"""A member who never moved (issue 37, fault 10): forfeits are unplayed games, as FIDE treats them.

- A game lost on time without a move counts its points, but for both players' Buchholz and Sonneborn–Berger
  it is an unplayed round: the virtual opponent of a bye, not the no-show (nor the winner).
- Whoever scored such a forfeit win gets no pairing bye while another player can take it; nor does a late
  entrant in the first round they are paired.
- After the second game a member did not play, the organiser is told, once, and offered Withdraw in one tap.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app.events import EventFormat, EventGame, EventService, Progress
from bot.app.events.formats.swiss import no_bye
from bot.app.i18n import t
from bot.app.matches import MatchService
from bot.app.storage import Store
from bot.app.tournaments.pairing import Round, swiss_round
from bot.app.tournaments.standings import Game, Result, swiss_standings
from bot.shell.events.absence_ui import absent_notice
from tests import test_bot_events
from tests.botkit import pings_of
from tests.test_bot_e2e import expect_ephemeral
from tests.test_bot_events import (
    Clock,
    current_games,
    event_ui,
    new_event,
    open_round,
    play_and_resign,
)
from tests.test_replace import step

W = Result.FIRST_WINS
club = test_bot_events.club


def test_a_forfeit_is_an_unplayed_round_for_both_players_tie_breaks() -> None:
    players = ["ann", "ben", "cat", "dan"]
    results = [
        Game(1, "ann", "ben", W, unplayed=True),  # ben never moved
        Game(1, "cat", "dan", W),
        Game(2, "ann", "cat", W),
        Game(2, "dan", "ben", W, unplayed=True),  # nor here
    ]
    rows = {r.player: r for r in swiss_standings(players, results)}
    assert [rows[p].points for p in players] == [2, 0, 1, 1]
    # ann: round 1's virtual opponent (0 before, won: + 0, a draw in round 2: + ½) and cat's 1.
    assert rows["ann"].tiebreak("buchholz") == 1.5
    assert rows["ann"].tiebreak("sonneborn_berger") == 1, "only cat, whom ann beat over the board"
    # ben: two virtual opponents (0 + 1 + ½, then 0 + 1), not ann's 2 and dan's 1.
    assert rows["ben"].tiebreak("buchholz") == 2.5
    # dan's forfeit win adds its virtual opponent (0 before, + 0): only cat counts.
    assert rows["dan"].tiebreak("buchholz") == 1 and rows["dan"].tiebreak("sonneborn_berger") == 0
    assert rows["ann"].wins == 2 and rows["ben"].losses == 2 and rows["ann"].played == 2


def test_no_bye_to_those_barred_while_another_can_take_it() -> None:
    players = ["a", "b", "c", "d", "e"]
    history = [Round((("a", "b"), ("c", "d")), ("e",))]
    scores = {"a": 1, "c": 1, "e": 1}
    assert swiss_round(players, scores, history).byes == ("d",)
    assert swiss_round(players, scores, history, no_bye={"d"}).byes == ("b",)
    assert swiss_round(players, scores, history, no_bye={"d", "b"}).byes == ("c",)
    everyone = swiss_round(players, scores, history, no_bye={"a", "b", "c", "d"})
    assert everyone.byes == ("d",), "when nobody else can, the usual order decides"


@pytest.fixture
async def services(store_url: str) -> AsyncIterator[tuple[MatchService, EventService]]:
    store = await Store.open(store_url)
    clock = Clock()
    matches = MatchService(store, clock)
    yield matches, EventService(store, matches, clock)
    await store.close()


async def no_show(matches: MatchService, events: EventService, game: EventGame, ghost: int) -> Progress:
    """``ghost`` never moves: their opponent plays until it is ghost's turn, then ghost's time runs out."""
    assert game.match_id is not None
    match = await matches.get(game.match_id)
    seat = match.seats.index(ghost)
    rng = random.Random(5)
    while seat not in match.state.actors():
        match = await step(matches, match, rng)
    ended = await matches.forfeit(match.id, seat)
    progress = await events.record(ended.match)
    assert progress is not None
    return progress


async def resign_others(matches: MatchService, events: EventService, games: list[EventGame], ghost: int) -> None:
    for game in games:
        if ghost not in game.players and not game.is_bye:
            assert game.match_id is not None
            await events.record((await matches.resign(game.match_id, game.players[1])).match)


async def test_a_no_show_twice_is_unplayed_and_the_organiser_told_once(services: Any) -> None:
    matches, events = services
    event = await new_event(events, EventFormat.SWISS, 4, rounds=3)
    await events.start(event.id, 99)
    first = await open_round(events, event.id)
    ghost = first[0].players[0]
    progress = await no_show(matches, events, first[0], ghost)
    assert progress.game is not None and progress.game.result is not None
    assert progress.game.result["unplayed"] is True and progress.absent == ()
    item = progress.game.item()
    assert isinstance(item, Game) and item.unplayed
    winner = next(p for p in first[0].players if p != ghost)
    assert ghost not in no_bye(progress.event, 2, [item]) and winner in no_bye(progress.event, 2, [item])
    await resign_others(matches, events, first, ghost)

    second = await open_round(events, event.id)
    (mine,) = [g for g in second if ghost in g.players]
    progress = await no_show(matches, events, mine, ghost)
    assert progress.absent == (ghost,), "the second game not played: the organiser is told"
    await resign_others(matches, events, second, ghost)

    rows = {r.player: r for r in (await events.standings(event.id)).rows}
    assert rows[ghost].points == 0 and rows[ghost].losses == 2
    # ghost's two rounds are unplayed: two virtual opponents (0 + 1 + ½, then 0 + 1 + 0), whoever he "met".
    assert rows[ghost].tiebreak("buchholz") == 2.5

    third = await open_round(events, event.id)
    (mine,) = [g for g in third if ghost in g.players]
    progress = await no_show(matches, events, mine, ghost)
    assert progress.absent == (), "told once"


async def test_a_late_entrant_does_not_take_the_bye_in_their_first_round(services: Any) -> None:
    matches, events = services
    event = await new_event(events, EventFormat.SWISS, 4, rounds=3)
    await events.start(event.id, 99)
    first = await open_round(events, event.id)
    await resign_others(matches, events, first, ghost=0)
    await events.admit(event.id, 777, 99, half=False)
    plan = await events.plan_round(event.id, 99)
    (bye,) = [g for g in plan.games if g.is_bye]
    assert bye.players != (777,), "the late entrant plays in the first round they are paired"
    losers = {g.players[1] for g in first}
    assert bye.players[0] in losers, "the bye goes to the lowest-ranked player who can take it"


def test_the_notice_and_its_button_in_both_languages() -> None:
    assert "Withdraw" in t("en", "event.absent.withdraw", name="dan")
    assert "Retirer" in t("fr", "event.absent.withdraw", name="dan")
    assert "n'a pas joué 2" in t("fr", "event.absent.notice", organiser="@o", name="dan", count=2, event="Cup")


async def test_the_organiser_withdraws_a_no_show_in_one_tap(club: dict[str, Any]) -> None:
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    players = club["players"][:4]
    members = {m.id: m for m in players}
    card = (
        await admin.slash(
            channel, "event create", name="Ghost Cup", game="ur:v2", format="swiss", rounds=3, deadline="12h"
        )
    ).response.message
    for member in players:
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    ui = event_ui(env)
    event = (await ui.events.events_of_guild(club["guild"].id))[0]
    service = env.bot.service
    notices: list[Any] = []
    ghost = None
    for _round in (1, 2):
        games = [g for g in await current_games(env, event.id) if not g.is_bye]
        ghost = ghost or games[0].players[0]
        for game in games:
            if ghost not in game.players:
                await play_and_resign(env, channel, game, members, loser=game.players[1], moves=0)
                continue
            assert game.match_id is not None
            match = await service.get(game.match_id)
            seat = match.seats.index(ghost)
            rng = random.Random(2)
            while seat not in match.state.actors():
                match = await step(service, match, rng)
            start = len(env.http_requests)
            ended = await service.forfeit(match.id, seat)
            await ui.match_finished(ended.match)  # what the clock's forfeit dispatches
            sent = [m for m in channel.history() if "has not played" in (m.content or "")]
            notices = sent
            if _round == 2:
                assert len(sent) == 1
                pinged = [uid for r in env.http_requests[start:] for uid in pings_of(r)]
                assert admin.id in pinged and ghost not in pinged
        if _round == 1:
            assert notices == [], "one game not played: nobody is told yet"
            await admin.slash(channel, "event next")
    assert ghost is not None
    peek = await zed.slash(channel, "event standings")
    (shown,) = [m for m in (peek.response, *peek.followups) if m is not None and m.embeds]
    footer = shown.embeds[0].footer.text or ""
    assert "lost on time without a single move was not played" in footer, "the legend says how it counts"
    (notice,) = notices
    name = members[ghost].name
    assert f"**{name}** has not played 2 of their games in Ghost Cup" in notice.content
    await expect_ephemeral(await zed.click(notice, label=f"Withdraw {name}"), "only organisers")
    assert not next(p for p in (await ui.events.get(event.id)).players if p.user_id == ghost).withdrawn
    await admin.click(notice, label=f"Withdraw {name}")
    assert next(p for p in (await ui.events.get(event.id)).players if p.user_id == ghost).withdrawn
    text, _view = absent_notice(await ui.events.get(event.id), ghost, name, "fr")
    assert "Ghost Cup" in text
