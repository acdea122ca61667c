"""The pace switch by consent (issue 28): a player asks to change a match's turn limit (live minutes → play by post to
finish at home, or back), the others accept with one tap, and the limit, the running turn's deadline and the
reminders follow; the log tells it in words. One decline changes nothing; an event's game refuses its players
(its organisers switch it directly); AI seats need no answer; bad input never changes anything.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.app.clocks.deadlines import DEADLINE_CHOICES
from bot.app.i18n import t
from bot.app.matches import (
    LogKind,
    Match,
    MatchError,
    MatchService,
    MatchStatus,
    PaceOffer,
    pace_limit,
    pace_notation,
)
from bot.app.matches.log import _entry
from bot.app.records.record import export_record, parse_record, replay_record
from bot.app.storage import Store
from bot.app.telling.history import turn_lines
from bot.app.telling.narration import change_line
from bot.app.telling.pace_words import pace_text
from bot.shell.consent.pace import question
from bot.shell.play.status import span_text
from games import find_game
from tests.botkit import labels_of, pings_since
from tests.test_bot_calls import world
from tests.test_bot_e2e import assert_board, expect_ephemeral
from tests.test_bot_events import Clock, club, current_games, new_event, open_round, services, thread_of  # noqa: F401
from tests.test_bot_events import event_ui as club_events
from tests.test_bot_member_names import settle, texts_of
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD

__all__ = ["club", "world"]

LIVE = DEADLINE_CHOICES["2m"]
POST = DEADLINE_CHOICES["48h"]


async def live_match(service: MatchService, limit: int | None = LIVE, *, ai: bool = False) -> Match:
    """Alice and Bob (or the AI) at a game of Ur at ``limit`` seconds a turn, started."""
    match = await service.create(
        "ur", {"rules": "v2"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, turn_limit=limit
    )
    if ai:
        await service.add_ai(match.id, ALICE, "easy")
    else:
        await service.join(match.id, BOB)
    return (await service.start(match.id, ALICE)).match


async def snapshot(store: Store, service: MatchService, match_id: int) -> tuple[Any, ...]:
    """Everything a refused or declined switch must leave as it was."""
    match = await service.get(match_id)
    return (
        match.version,
        match.turn_limit,
        await store.get_proposal("pace", match_id),
        await store.load_clocks(match_id),
        len(await store.load_moves(match_id)),
    )


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def paced(store: Store, clock: Clock) -> MatchService:
    return MatchService(store, clock)


async def test_a_switch_to_play_by_post_accepted_changes_the_limit_logs_it_and_the_deadline_follows(
    store: Store, paced: MatchService, clock: Clock
) -> None:
    match = await live_match(paced)
    (acting,) = match.state.actors()
    (began,) = [since for since, _ in (await store.load_clocks(match.id)).values()]
    clock.now += timedelta(seconds=30)
    asked, offer, report = await paced.propose_pace(match.id, ALICE, POST)
    assert report is None and offer is not None and offer.accepted == (0,) and offer.limit == POST
    assert asked.turn_limit == LIVE, "nothing changes before everyone agreed"

    clock.now += timedelta(seconds=20)
    after, offer, report = await paced.answer_pace(match.id, BOB, accept=True, version=offer.version)
    assert offer is None and report is not None
    assert after.turn_limit == POST == (await paced.get(match.id)).turn_limit
    (entry,) = report.entries
    assert (entry.kind, entry.seat, entry.notation, entry.at) == (LogKind.PACE, 0, "pace:172800", clock.now)
    logged = _entry((await store.load_moves(match.id))[-1])
    assert logged.kind is LogKind.PACE and pace_limit(logged.notation) == POST
    assert change_line(logged, ["alice", "bob"], "en") == t(
        "en", "log.pace", name="alice", pace="48 hours a turn, by post"
    )
    assert "**48 heures par tour, par correspondance**" in change_line(logged, ["alice", "bob"], "fr")

    # 50 seconds of the live turn used: kept, since nearly all of 48 hours is left.
    clocks = await paced.clocks(match.id)
    assert clocks[acting].since == began and clocks[acting].times.deadline == began + timedelta(seconds=POST)
    assert await paced.next_wake(clock.now) == began + timedelta(seconds=POST / 2), "a half-time reminder again"
    clock.now = began + timedelta(hours=25)
    (step,) = await paced.due(clock.now)
    assert step.threshold == "half", "by post, the player is reminded at half time (live play has none)"
    assert await store.get_proposal("pace", match.id) is None


async def test_back_to_live_after_hours_the_turn_starts_again_with_the_new_limit(
    store: Store, paced: MatchService, clock: Clock
) -> None:
    match = await live_match(paced, POST)
    (acting,) = match.state.actors()
    clock.now += timedelta(hours=5)
    _, offer, _ = await paced.propose_pace(match.id, BOB, LIVE)
    assert offer is not None
    _, _, report = await paced.answer_pace(match.id, ALICE, accept=True, version=offer.version)
    assert report is not None and report.match.turn_limit == LIVE
    clock_ = (await paced.clocks(match.id))[acting]
    assert clock_.since == clock.now and clock_.times.deadline == clock.now + timedelta(minutes=2), (
        "five hours used would make a two-minute turn late on the spot: it starts again"
    )
    assert await paced.due(clock.now + timedelta(seconds=61)) == [], "live: no reminder at half time"
    (warning,) = await paced.due(clock.now + timedelta(seconds=91))
    assert warning.threshold == "soon", "one warning when time runs low"

    # Between two live paces the time used is kept while half the new limit is left.
    clock.now += timedelta(seconds=60)
    _, offer, _ = await paced.propose_pace(match.id, ALICE, DEADLINE_CHOICES["5m"])
    assert offer is not None
    await paced.answer_pace(match.id, BOB, accept=True, version=offer.version)
    assert (await paced.clocks(match.id))[acting].times.deadline == clock.now + timedelta(minutes=4)


async def test_one_decline_changes_nothing(store: Store, paced: MatchService, clock: Clock) -> None:
    match = await live_match(paced)
    _, offer, _ = await paced.propose_pace(match.id, ALICE, POST)
    assert offer is not None
    before = await snapshot(store, paced, match.id)
    clock.now += timedelta(seconds=10)
    after, standing, report = await paced.answer_pace(match.id, BOB, accept=False, version=offer.version)
    assert standing is None and report is None and after.turn_limit == LIVE
    version, limit, pending, clocks, moves = await snapshot(store, paced, match.id)
    assert (version, limit, clocks, moves) == (before[0], before[1], before[3], before[4]), "no entry, same clock"
    assert pending is None, "the question is closed"
    with pytest.raises(MatchError) as gone:
        await paced.answer_pace(match.id, BOB, accept=True, version=offer.version)
    assert gone.value.key == "no_pace_offer"


async def test_the_question_holds_while_play_goes_on_and_the_asker_may_withdraw_it(
    store: Store, paced: MatchService
) -> None:
    match = await live_match(paced)
    _, offer, _ = await paced.propose_pace(match.id, ALICE, POST)
    assert offer is not None
    (seat,) = match.state.actors()
    moved = await paced.move(match.id, match.seats[seat], match.state.format_move(match.state.legal_moves(seat)[0]))
    assert moved.match.version > offer.version
    assert await paced.pending_pace(match.id) == offer, "a live game does not stop for the question"
    _, standing, _ = await paced.answer_pace(match.id, ALICE, accept=False, version=offer.version)
    assert standing is None and await store.get_proposal("pace", match.id) is None


async def test_ai_seats_accept_at_once(store: Store, paced: MatchService) -> None:
    match = await live_match(paced, ai=True)
    after, offer, report = await paced.propose_pace(match.id, ALICE, None)
    assert offer is None and report is not None and after.turn_limit is None
    assert report.entries[0].notation == pace_notation(None) == "pace:none"
    assert await paced.clocks(match.id) == {}, "no time limit: no clock runs against a deadline"

    table = await paced.create("ursuppe", {}, guild_id=GUILD, channel_id=CHANNEL + 1, creator_id=ALICE, turn_limit=LIVE)
    await paced.join(table.id, BOB)
    await paced.add_ai(table.id, ALICE, "easy")
    table = (await paced.start(table.id, ALICE)).match
    _, offer, report = await paced.propose_pace(table.id, ALICE, POST)
    assert report is None and offer is not None, "bob still has to answer; the AI does not"
    _, _, report = await paced.answer_pace(table.id, BOB, accept=True, version=offer.version)
    assert report is not None and report.match.turn_limit == POST


async def test_bad_input_never_changes_anything(store: Store, paced: MatchService) -> None:
    match = await live_match(paced)
    before = await snapshot(store, paced, match.id)
    for limit, user, key in [(999, ALICE, "pace_unknown"), (LIVE, ALICE, "pace_same"), (POST, CAROL, "not_seated")]:
        with pytest.raises(MatchError) as refused:
            await paced.propose_pace(match.id, user, limit)
        assert refused.value.key == key
    with pytest.raises(MatchError) as none:
        await paced.answer_pace(match.id, BOB, accept=True, version=match.version)
    assert none.value.key == "no_pace_offer"
    assert await snapshot(store, paced, match.id) == before

    _, offer, _ = await paced.propose_pace(match.id, ALICE, POST)
    assert offer is not None
    asked = await snapshot(store, paced, match.id)
    refusals = [
        (paced.propose_pace(match.id, BOB, DEADLINE_CHOICES["24h"]), "pace_pending"),
        (paced.answer_pace(match.id, ALICE, accept=True, version=offer.version), "pace_accepted"),
        (paced.answer_pace(match.id, BOB, accept=True, version=offer.version + 7), "no_pace_offer"),
        (paced.answer_pace(match.id, CAROL, accept=False, version=offer.version), "not_seated"),
    ]
    for call, key in refusals:
        with pytest.raises(MatchError) as refused:
            await call
        assert refused.value.key == key
    assert await snapshot(store, paced, match.id) == asked
    with pytest.raises(MatchError) as unknown:
        await paced.propose_pace(10_000, ALICE, POST)
    assert unknown.value.key == "no_match"


async def test_an_event_game_keeps_its_pace_unless_an_organiser_switches_it(services: Any) -> None:  # noqa: F811
    from bot.app.events import EventFormat

    store, matches, events, _clock = services
    event = await new_event(events, EventFormat.SWISS, 2, rounds=1)
    await events.start(event.id, 99)
    (game,) = await open_round(events, event.id)
    assert game.match_id is not None
    player = game.players[0]
    before = await snapshot(store, matches, game.match_id)
    with pytest.raises(MatchError) as refused:
        await matches.propose_pace(game.match_id, player, LIVE)
    assert refused.value.key == "pace_event"
    assert await snapshot(store, matches, game.match_id) == before
    after, offer, report = await matches.propose_pace(game.match_id, 99, LIVE, organiser=True)
    assert offer is None and report is not None and after.turn_limit == LIVE
    (entry,) = report.entries
    assert entry.seat is None and change_line(entry, ["a", "b"], "en") == t(
        "en", "log.pace_organiser", pace="2 minutes a turn, live"
    )


def test_paces_in_words_in_both_languages() -> None:
    assert [pace_text(DEADLINE_CHOICES[k], "en") for k in ("1m", "15m", "12h", "24h", "7d", "none")] == [
        "1 minute a turn, live",
        "15 minutes a turn, live",
        "12 hours a turn, by post",
        "24 hours a turn, by post",
        "7 days a turn, by post",
        "no time limit, by post",
    ]
    assert pace_text(DEADLINE_CHOICES["2m"], "fr") == "2 minutes par tour, en direct"
    assert pace_text(DEADLINE_CHOICES["72h"], "fr") == "72 heures par tour, par correspondance"


# Through Discord (SimCord): the question, one tap each, the turn post edited with the new pace.


async def live_table(world: dict[str, Any], deadline: str = "2m") -> Any:
    """Alice and Bob at a live game of Ur (Variante 2) in the channel; the match."""
    channel, alice, bob = world["channel"], world["alice"], world["bob"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, deadline=deadline)).response.message
    await bob.click(lobby, label=t("en", "button.join"))
    await alice.click(lobby, label=t("en", "button.start"))
    await settle(world["env"])
    match = await world["env"].bot.service.current(channel.id)
    assert match is not None and match.turn_limit == DEADLINE_CHOICES[deadline]
    return match


async def test_bob_agrees_with_one_tap_and_the_turn_post_tells_the_new_pace(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    match = await live_table(world)
    start = len(env.http_requests)
    asked = await alice.slash(channel, "plateau pace", pace="48h")
    question = asked.response
    assert question is not None and not question.ephemeral, "the question is asked in the channel"
    assert question.content.startswith(
        t("en", "pace.ask", name="alice", id=match.id, old="2 minutes a turn, live", new="48 hours a turn, by post")
    )
    assert t("en", "pace.note.post") in question.content
    assert question.content.endswith(f"<@{bob.id}>, do you agree?"), "the question right above its buttons"
    posted = next(m for m in channel.history() if m.id == question.id)
    assert labels_of(posted) == [t("en", "button.pace_accept"), t("en", "button.pace_decline")]
    assert pings_since(env, start) == [bob.id], "only the player who must answer is pinged"

    await bob.click(question, label=t("en", "button.pace_accept"))
    await settle(env)
    assert (await env.bot.service.get(match.id)).turn_limit == POST
    closed = next(m for m in channel.history() if m.id == question.id)
    assert closed.content.startswith(t("en", "pace.agreed", id=match.id, new="48 hours a turn, by post"))
    assert labels_of(closed) == [], "answered: no buttons left"
    told = [text for request in env.http_requests[start:] for text in texts_of(request.json)]
    line = t("en", "log.pace", name="alice", pace="48 hours a turn, by post")
    assert any(line in text for text in told), "the turn post tells the new pace in words"
    await assert_board(channel)
    card_id = (await env.bot.service.get(match.id)).status_message_id
    card = next(m for m in channel.history() if m.id == card_id)
    shown = "\n".join(f.value or "" for f in card.embeds[0].fields)
    assert t("en", "status.turn_time", span="2 days") in shown, "the status card shows the new time per turn"


async def test_keep_the_pace_closes_the_question_and_changes_nothing(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    match = await live_table(world, "48h")
    question = (await bob.slash(channel, "plateau pace", pace="5m")).response
    await alice.click(question, label=t("en", "button.pace_decline"))
    await settle(env)
    after = await env.bot.service.get(match.id)
    assert (after.turn_limit, after.version) == (POST, match.version), "no entry, the same pace"
    closed = next(m for m in channel.history() if m.id == question.id)
    assert closed.content == t("en", "pace.declined", name="alice", id=match.id, old="48 hours a turn, by post")
    assert labels_of(closed) == []
    again = await bob.slash(channel, "plateau pace", pace="48h")
    await expect_ephemeral(again, t("en", "match_error.pace_same"), env=env)


def test_the_status_card_and_the_late_vote_say_a_live_limit_in_minutes() -> None:
    # Switched to live, the status card said "Time per turn: 0 hours." and the vote button "Wait 0 hours more".
    assert span_text(DEADLINE_CHOICES["2m"], "en") == "2 minutes"
    assert span_text(DEADLINE_CHOICES["1m"], "fr") == "1 minute"
    assert span_text(DEADLINE_CHOICES["48h"], "en") == "2 days", "play by post as before"


async def test_a_move_before_a_pace_change_is_no_longer_taken_back_and_the_refusal_says_why(
    paced: MatchService,
) -> None:
    match = await paced.create("ultimatek", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, turn_limit=LIVE)
    await paced.join(match.id, BOB)
    match = (await paced.start(match.id, ALICE)).match
    (seat,) = match.state.actors()
    step = next(m for m in match.state.legal_moves(seat) if "-" in match.state.format_move(m))
    await paced.move(match.id, match.seats[seat], match.state.format_move(step))
    _, offer, _ = await paced.propose_pace(match.id, ALICE, POST)
    assert offer is not None
    await paced.answer_pace(match.id, BOB, accept=True, version=offer.version)
    with pytest.raises(MatchError) as refused:
        await paced.request_undo(match.id, match.seats[seat])
    assert refused.value.key == "undo_pace", "not 'a roll or a draw followed', which would be untrue"


async def test_the_history_tells_the_switch_and_the_record_still_replays(store: Store, paced: MatchService) -> None:
    match = await live_match(paced)
    _, offer, _ = await paced.propose_pace(match.id, BOB, POST)
    assert offer is not None
    after = (await paced.answer_pace(match.id, ALICE, accept=True, version=offer.version))[0]
    entries = [_entry(row) for row in await store.load_moves(match.id)]
    for lang in ("en", "fr"):
        told = "\n".join(turn_lines(after, entries, ["alice", "bob"], lang))
        assert t(lang, "log.pace", name="bob", pace=pace_text(POST, lang)) in told
    record = parse_record(export_record(after, entries, ["alice", "bob"]))
    assert [e.kind for e in record.entries][-1] is LogKind.PACE
    assert replay_record(record).to_text() == after.state.to_text(), "the pace entry moves no piece"


async def test_in_an_event_thread_a_player_is_refused_and_an_organiser_switches_at_once(
    club: dict[str, Any],
) -> None:
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann, ben = club["players"][:2]
    created = await admin.slash(channel, "event create", name="Club night", game="ur:v2", format="swiss", rounds=1)
    card = created.response.message
    for member in (ann, ben):
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    await settle(env)
    event = (await club_events(env).events.events_of_guild(club["guild"].id))[0]
    (game,) = await current_games(env, event.id)
    assert game.thread_id is not None and game.match_id is not None
    thread = thread_of(channel, game.thread_id)
    before = await env.bot.service.get(game.match_id)

    refused = await ann.slash(thread, "plateau pace", pace="2m")
    await expect_ephemeral(refused, t("en", "match_error.pace_event"), env=env)
    assert (await env.bot.service.get(game.match_id)).version == before.version, "nothing written"

    switched = await admin.slash(thread, "plateau pace", pace="2m")
    await settle(env)
    assert switched.response is not None and not switched.response.ephemeral
    assert switched.response.content.startswith(
        t("en", "pace.switched", id=game.match_id, new="2 minutes a turn, live")
    )
    after = await env.bot.service.get(game.match_id)
    assert after.turn_limit == LIVE and after.version == before.version + 1


def test_the_question_says_what_the_new_pace_means() -> None:
    match = Match(
        id=3,
        game=find_game("ur"),
        options={},
        seed="s",
        guild_id=1,
        channel_id=2,
        creator_id=ALICE,
        status=MatchStatus.ACTIVE,
        version=5,
        state=find_game("ur").new(2, {}),
        seats=(ALICE, BOB),
        result=None,
        created_at=datetime(2024, 1, 1, tzinfo=UTC),
        updated_at=datetime(2024, 1, 1, tzinfo=UTC),
        turn_limit=POST,
    )
    for lang in ("en", "fr"):
        live = question(match, PaceOffer(seat=1, version=5, accepted=(1,), limit=LIVE), "bob", "<@1>", lang)
        assert t(lang, "pace.note.live") in live and t(lang, "pace.note.turn") in live, "going live: the turn too"
        free = question(match, PaceOffer(seat=1, version=5, accepted=(1,), limit=None), "bob", "<@1>", lang)
        assert t(lang, "pace.note.none") in free and t(lang, "pace.note.post") not in free, "no reminders then"


async def test_against_the_ai_the_switch_is_made_at_once_even_asked_from_another_channel(
    world: dict[str, Any],
) -> None:
    env, channel, alice = world["env"], world["channel"], world["alice"]
    opened = await alice.slash(channel, "game new", game="ur:v2", thread=False, deadline="2m")
    lobby = opened.response.message
    await alice.click(lobby, label=t("en", "button.add_ai", level=t("en", "ai.level.easy")))
    await alice.click(lobby, label=t("en", "button.start"))
    await settle(env)
    match = await env.bot.service.current(channel.id)
    assert match is not None
    lounge = channel.guild.create_text_channel("lounge")
    start = len(env.http_requests)
    asked = await alice.slash(lounge, "plateau pace", pace="48h", match=match.id)
    await settle(env)
    done = t("en", "pace.agreed", id=match.id, new="48 hours a turn, by post")
    assert asked.response is not None and asked.response.ephemeral and asked.response.content.startswith(done)
    assert any(m.content.startswith(done) for m in channel.history()), "the match's channel is told"
    assert (await env.bot.service.get(match.id)).turn_limit == POST
    assert pings_since(env, start) == [], "nobody to ask, nobody pinged"


# Issue 37, fault 4: an organiser seated in an event game is one of its players there.


async def test_a_seated_organiser_asks_the_other_player_like_anyone_on_both_stores(store_url: str) -> None:
    from bot.app.events import EventFormat, EventService

    store = await Store.open(store_url)
    try:
        clock = Clock()
        matches = MatchService(store, clock)
        events = EventService(store, matches, clock)
        event = await new_event(events, EventFormat.SWISS, 1, rounds=1)
        await events.sign_up(event.id, 99)  # the organiser plays too
        await events.start(event.id, 99)
        (game,) = await open_round(events, event.id)
        assert game.match_id is not None and 99 in game.players
        other = next(p for p in game.players if p != 99)
        before = await matches.get(game.match_id)
        asked, offer, report = await matches.propose_pace(game.match_id, 99, LIVE, organiser=True)
        assert report is None and offer is not None, "a question to the other player, not a switch"
        assert asked.turn_limit == before.turn_limit == 12 * 3600
        assert offer.seat == asked.seats.index(99) and offer.limit == LIVE
        declined, standing, none = await matches.answer_pace(game.match_id, other, accept=False, version=offer.version)
        assert standing is None and none is None and declined.turn_limit == 12 * 3600, "one decline keeps it"
        _, offer, _ = await matches.propose_pace(game.match_id, 99, LIVE, organiser=True)
        assert offer is not None
        agreed, _, report = await matches.answer_pace(game.match_id, other, accept=True, version=offer.version)
        assert report is not None and agreed.turn_limit == LIVE
        (entry,) = report.entries
        assert entry.seat == agreed.seats.index(99), "logged as the player's request, agreed"
    finally:
        await store.close()


async def test_in_an_event_thread_a_seated_organiser_s_pace_is_put_to_the_vote(club: dict[str, Any]) -> None:
    env, channel, admin = club["env"], club["channel"], club["admin"]
    ann = club["players"][0]
    created = await admin.slash(channel, "event create", name="Club night", game="ur:v2", format="swiss", rounds=1)
    card = created.response.message
    for member in (ann, admin):
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    await settle(env)
    event = (await club_events(env).events.events_of_guild(club["guild"].id))[0]
    (game,) = await current_games(env, event.id)
    assert game.thread_id is not None and game.match_id is not None and admin.id in game.players
    thread = thread_of(channel, game.thread_id)
    before = await env.bot.service.get(game.match_id)

    asked = await admin.slash(thread, "plateau pace", pace="2m")
    await settle(env)
    assert asked.response is not None and not asked.response.ephemeral
    posted = next(m for m in thread.history() if m.id == asked.response.id)
    assert labels_of(posted) == [t("en", "button.pace_accept"), t("en", "button.pace_decline")]
    assert f"<@{ann.id}>" in asked.response.content, "the other player is asked"
    assert (await env.bot.service.get(game.match_id)).turn_limit == before.turn_limit, "not switched alone"
    await ann.click(asked.response, label=t("en", "button.pace_accept"))
    await settle(env)
    assert (await env.bot.service.get(game.match_id)).turn_limit == LIVE
