"""The match service: a member takes over a seat the AI plays since its player left, with everyone's consent.

Ursuppe games of three or four: a player resigns, the AI takes the seat, a member who is not seated asks for
it, the members playing accept or decline; refusals (a seated member, a two-player game, an AI seated from the
lobby, a second request, a stale answer) change nothing.
"""

from __future__ import annotations

import random

import pytest

from bot.app.matches import BoardChangedError, LogKind, Match, MatchError, MatchService, MatchStatus
from bot.app.storage import Store
from bot.app.telling.history import turn_lines
from bot.app.telling.narration import holder_at, narrate, takeover_lines
from games.base import Outcome, Termination
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock

DMITRI, ERIN, FRED = 4004, 5005, 6006


@pytest.fixture
def service(store: Store) -> MatchService:
    return MatchService(store, Clock())


async def ursuppe(service: MatchService, users: tuple[int, ...], *, ai: int = 0) -> Match:
    """An Ursuppe match of ``users`` (and ``ai`` AI seats from the lobby), started."""
    match = await service.create("ursuppe", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0])
    for user in users[1:]:
        match = await service.join(match.id, user)
    for _ in range(ai):
        match = await service.add_ai(match.id, users[0], "easy")
    return (await service.start(match.id, users[0])).match


async def bob_resigns(service: MatchService, players: tuple[int, ...] = (ALICE, BOB, CAROL, DMITRI)) -> Match:
    """Bob resigns a game of ``players``; the AI takes his seat and the match goes on."""
    match = await ursuppe(service, players)
    report = await service.resign(match.id, BOB)
    assert report.match.status is MatchStatus.ACTIVE and 1 in report.match.takeovers
    return report.match


async def step(service: MatchService, match: Match, rng: random.Random) -> Match:
    """One legal decision by whoever must act (the AI's seat through ai_move)."""
    seat = match.state.actors()[0]
    text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
    if seat in match.ai:
        return (await service.ai_move(match.id, seat, text, expected_version=match.version)).match
    return (await service.move(match.id, match.seats[seat], text)).match


async def test_every_member_playing_accepts_and_the_seat_passes_at_the_current_ply(service: MatchService) -> None:
    match = await bob_resigns(service)
    rng = random.Random(4)
    for _ in range(6):
        match = await step(service, match, rng)
    match, request = await service.request_replace(match.id, ERIN)
    assert (request.seat, request.user_id, request.accepted) == (1, ERIN, ())
    for _ in range(3):
        match = await step(service, match, rng)  # the AI keeps playing meanwhile: the request holds
    assert await service.pending_replace(match.id) == request
    match, pending, report = await service.answer_replace(match.id, ALICE, accept=True, version=request.version)
    assert report is None and pending is not None and pending.accepted == (0,)
    match, pending, report = await service.answer_replace(match.id, CAROL, accept=True, version=request.version)
    assert report is None and pending is not None and pending.accepted == (0, 2)
    before = await service.get(match.id)
    match, pending, report = await service.answer_replace(match.id, DMITRI, accept=True, version=request.version)
    assert pending is None and report is not None
    assert report.entries == (report.entries[0],) and report.entries[0].kind is LogKind.REPLACE
    assert report.entries[0].seat == 1 and report.entries[0].ply == before.version + 1
    assert match.seats == (ALICE, ERIN, CAROL, DMITRI) and 1 not in match.ai and 1 not in match.takeovers
    assert match.state == before.state, "the position does not change"
    assert await service.pending_replace(match.id) is None
    (record,) = match.replacements[1]
    assert (record.user_id, record.previous_user_id, record.reason) == (ERIN, BOB, "resign")
    stints = match.stints(1)
    assert [(s.user_id, s.level, s.reason) for s in stints] == [
        (BOB, None, "seated"),
        (None, "normal", "resign"),
        (ERIN, None, "replace"),
    ]
    assert [s.from_ply for s in stints] == [0, record.ai_from_ply, report.entries[0].ply + 1]
    assert match.has_ai, "the AI played some of the match: it stays a match with AI"
    # The reloaded match agrees, and Erin now plays the seat while Bob no longer does.
    again = await service.get(match.id)
    assert again.replacements == match.replacements and again.seat_of(ERIN) == 1 and again.seat_of(BOB) is None
    while match.status is MatchStatus.ACTIVE and 1 not in match.state.actors():
        match = await step(service, match, rng)
    if match.status is MatchStatus.ACTIVE:
        seat_moves = match.state.legal_moves(1)
        with pytest.raises(MatchError) as caught:
            await service.ai_move(match.id, 1, match.state.format_move(seat_moves[0]), expected_version=match.version)
        assert caught.value.key == "not_ai", "the AI no longer plays the seat"
        report = await service.move(match.id, ERIN, match.state.format_move(seat_moves[0]))
        assert report.entries[0].seat == 1 and report.entries[0].kind is LogKind.MOVE


async def test_one_decline_cancels_the_request(service: MatchService) -> None:
    match = await bob_resigns(service)
    match, request = await service.request_replace(match.id, ERIN, 1)
    await service.answer_replace(match.id, ALICE, accept=True, version=request.version)
    match, pending, report = await service.answer_replace(match.id, CAROL, accept=False, version=request.version)
    assert pending is None and report is None
    assert await service.pending_replace(match.id) is None
    with pytest.raises(MatchError) as caught:
        await service.answer_replace(match.id, DMITRI, accept=True, version=request.version)
    assert caught.value.key == "no_replace_request"
    after = await service.get(match.id)
    assert after.seats[1] == BOB and after.ai[1] == "normal" and after.version == match.version
    _, again = await service.request_replace(match.id, FRED)  # a new request may follow
    assert again.user_id == FRED


async def test_a_second_request_a_stale_answer_and_wrong_people_are_refused(service: MatchService) -> None:
    match = await bob_resigns(service)
    match, request = await service.request_replace(match.id, ERIN)
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, FRED)
    assert caught.value.key == "replace_pending"
    refusals = [
        (ALICE, request.version + 1, "no_replace_request"),  # a button of another (older) request
        (ERIN, request.version, "own_replace"),
        (FRED, request.version, "not_seated"),
        (BOB, request.version, "seat_left"),  # his seat is the AI's now: he has no say
    ]
    for user, version, key in refusals:
        with pytest.raises(MatchError) as caught:
            await service.answer_replace(match.id, user, accept=True, version=version)
        assert caught.value.key == key, user
    assert (await service.get(match.id)).version == match.version


async def test_who_may_ask_and_for_which_seat(service: MatchService) -> None:
    match = await bob_resigns(service)
    for user, seat, key in (
        (CAROL, None, "already_seated"),  # a seated member
        (BOB, None, "already_seated"),  # the member who left
        (ERIN, 0, "replace_no_seat"),  # a seat a member plays
    ):
        with pytest.raises(MatchError) as caught:
            await service.request_replace(match.id, user, seat)
        assert caught.value.key == key, (user, seat)


async def test_an_ai_seated_from_the_lobby_is_not_offered(service: MatchService) -> None:
    match = await ursuppe(service, (ALICE, BOB), ai=1)
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, ERIN)
    assert caught.value.key == "replace_no_seat"
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, ERIN, 2)
    assert caught.value.key == "replace_no_seat"


async def test_a_two_player_game_or_a_finished_one_takes_no_replacement(service: MatchService) -> None:
    match = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    await service.join(match.id, BOB)
    await service.start(match.id, ALICE)
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, ERIN)
    assert caught.value.key == "replace_two_players"
    finished = await service.resign(match.id, BOB)
    assert finished.match.status is MatchStatus.FINISHED
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, ERIN)
    assert caught.value.key == "not_active"


async def test_several_seats_must_be_named_and_the_request_lapses_when_the_match_ends(service: MatchService) -> None:
    match = await ursuppe(service, (ALICE, BOB, CAROL, DMITRI))
    await service.resign(match.id, BOB)
    match = (await service.resign(match.id, CAROL)).match
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, ERIN)
    assert caught.value.key == "replace_which" and caught.value.params == {"seats": "2, 3"}
    match, request = await service.request_replace(match.id, ERIN, 2)
    await service.answer_replace(match.id, ALICE, accept=True, version=request.version)
    ended = await service.abort(match.id, ALICE, moderator=True)
    assert ended.match.status is MatchStatus.ABORTED
    assert await service.pending_replace(match.id) is None
    with pytest.raises(MatchError) as caught:
        await service.answer_replace(match.id, DMITRI, accept=True, version=request.version)
    assert caught.value.key == "not_active"


async def test_three_players_one_left_the_two_others_consent(service: MatchService) -> None:
    match = await bob_resigns(service, (ALICE, BOB, CAROL))
    match, request = await service.request_replace(match.id, ERIN)
    await service.answer_replace(match.id, ALICE, accept=True, version=request.version)
    match, _, report = await service.answer_replace(match.id, CAROL, accept=True, version=request.version)
    assert report is not None and match.seats == (ALICE, ERIN, CAROL)
    # Erin leaves in turn: the AI takes the seat again, and the seat's story has four stints.
    match = (await service.resign(match.id, ERIN)).match
    assert [s.user_id for s in match.stints(1)] == [BOB, None, ERIN, None]
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, ERIN)
    assert caught.value.key == "already_seated", "a member who held the seat does not come back"
    with pytest.raises(MatchError) as caught:
        await service.request_replace(match.id, BOB)
    assert caught.value.key == "already_seated"


async def test_an_ai_move_in_flight_is_refused_after_the_hand_over(service: MatchService) -> None:
    match = await bob_resigns(service)
    rng = random.Random(9)
    for _ in range(40):
        if 1 in match.state.actors():
            break
        match = await step(service, match, rng)
    assert 1 in match.state.actors() and 1 in match.ai
    looked_at = match
    thought = looked_at.state.format_move(looked_at.state.legal_moves(1)[0])
    match, request = await service.request_replace(match.id, ERIN)
    for user in (ALICE, CAROL, DMITRI):
        match, _, report = await service.answer_replace(match.id, user, accept=True, version=request.version)
    assert report is not None
    with pytest.raises((MatchError, BoardChangedError)):
        await service.ai_move(match.id, 1, thought, expected_version=looked_at.version)
    assert (await service.get(match.id)).version == match.version
    assert match.to_act() == (ERIN,) or ERIN in match.to_act(), "Erin is asked, the AI is not"


async def test_a_replaced_seat_is_rated_for_neither_member(service: MatchService, store: Store) -> None:
    await service.set_guild_setting(GUILD, "ai_rated", "1")  # the server opted in to matches with AI seats
    match = await bob_resigns(service)
    match, request = await service.request_replace(match.id, ERIN)
    for user in (ALICE, CAROL, DMITRI):
        match, _, _ = await service.answer_replace(match.id, user, accept=True, version=request.version)
    assert await service.counts_for_rating(match)
    # Playing Ursuppe to its end takes hundreds of decisions: the result is saved as the service would.
    async with store.transaction():
        match = await service._load(match.id)
        await service._save(
            match,
            now=service._clock(),
            previous=match.state,
            state=match.state,
            entries=[],
            status=MatchStatus.FINISHED,
            result=Outcome(Termination.NORMAL, winners=(1,), ranking=(1, 0, 2, 3), scores=(3, 4, 2, 1)),
        )
    assert await service.rating_change(match.id, ERIN) is None
    assert await service.rating_change(match.id, BOB) is None
    assert await service.rating_change(match.id, ALICE) is not None


async def test_the_log_the_history_and_the_result_say_who_played_which_turns(service: MatchService) -> None:
    match = await bob_resigns(service, (ALICE, BOB, CAROL))
    match, request = await service.request_replace(match.id, ERIN)
    await service.answer_replace(match.id, ALICE, accept=True, version=request.version)
    match, _, report = await service.answer_replace(match.id, CAROL, accept=True, version=request.version)
    assert report is not None
    names = ["alice", "bob → Plateau (normal) → erin", "carol"]
    (entry,) = report.entries
    assert holder_at(match, names, 1, entry.ply - 1) == "bob"
    assert holder_at(match, names, 1, entry.ply) == "Plateau (normal)"
    assert holder_at(match, names, 1, entry.ply + 1) == "erin"
    told = narrate(match, report.previous_state, report.entries, names, "en")
    assert told == ["🔁 **erin** takes over seat 2 from **Plateau (normal)**, as the other players agreed."]
    history = "\n".join(turn_lines(match, await service.history(match.id), names, "en"))
    assert "**bob** resigned" in history and "takes over the seat of **bob**" in history
    assert "**erin** takes over seat 2" in history
    (line,) = takeover_lines(match, names, "en", lambda ply: 100 + ply)
    stints = match.stints(1)
    assert line == (
        f"🔁 Seat 2: **bob** up to turn {100 + stints[1].from_ply - 1}, **Plateau (normal)** from turn "
        f"{100 + stints[1].from_ply}, **erin** from turn {100 + stints[2].from_ply}."
    )
    (french,) = takeover_lines(match, names, "fr", lambda ply: ply)
    assert french.startswith("🔁 Place 2\u00a0: **bob** jusqu'au tour")
