"""Who may act for a seat that changed hands: one rule (:mod:`bot.app.seats.acting`) for every action, tested pair
by pair.

Five members sit at an Ursuppe table with an AI from the lobby: Alice (the creator) and Dmitri still play
their seats, Bob resigned and Erin took his seat over from the AI, Carol resigned and the AI plays hers, Fred
never sat down. The table says, for every action, what each of them may do; then the service is played
through the faults of issue 24 (items 1 to 5 and 7), on SQLite and PostgreSQL.
"""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.app.matches import BoardChangedError, LogKind, Match, MatchError, MatchService, MatchStatus
from bot.app.seats.acting import Action, Holder, Refusal, ai_acts, holder, seat_for
from bot.app.seats.ai import next_ai_id
from bot.app.storage import SeatReplacement, Store
from games import find_game
from games.base import NotYourTurnError
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock
from tests.test_replace import DMITRI, ERIN, FRED, bob_resigns, step, ursuppe

URSUPPE = find_game("ursuppe")
AI5 = next_ai_id((), "easy")
WHEN = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def table(*, ai_now: bool) -> Match:
    """The table, built by hand: seat 0 Alice (the creator), 1 Erin (who took it over from the AI after Bob
    resigned), 2 Carol, 3 Dmitri, 4 an AI from the lobby. With ``ai_now`` False nobody's seat is the AI's:
    Carol plays hers and seat 4 is Gina's."""
    gina = 7007
    seats = (ALICE, ERIN, CAROL, DMITRI, AI5 if ai_now else gina)
    ai = {2: "normal", 4: "easy"} if ai_now else {}
    takeovers = {2: (9, "resign")} if ai_now else {}
    erin = SeatReplacement(1, 12, ERIN, BOB, "normal", 5, "resign")
    return Match(
        id=42,
        game=URSUPPE,
        options={},
        seed="s",
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator_id=ALICE,
        status=MatchStatus.ACTIVE,
        version=20,
        state=URSUPPE.new(5, {}),
        seats=seats,
        result=None,
        created_at=WHEN,
        updated_at=WHEN,
        ai=ai,
        takeovers=takeovers,
        replacements={1: (erin,)},
    )


def test_what_each_user_is_to_the_match() -> None:
    match = table(ai_now=True)
    assert holder(match, ALICE) == (Holder.MEMBER, 0)
    assert holder(match, ERIN) == (Holder.SUCCESSOR, 1)
    assert holder(match, CAROL) == (Holder.LEFT, 2)
    assert holder(match, BOB) == (Holder.REPLACED, None)
    assert holder(match, FRED) == (Holder.OUTSIDER, None)
    assert holder(match, AI5) == (Holder.OUTSIDER, None), "an AI's id is nobody's"


# action → what Alice (creator, member), Dmitri (member), Erin (successor), Carol (left), Bob (replaced), Fred
# (outsider) get, while the AI plays a seat (Carol's and the lobby's). A number is the seat they act for.
SEAT, LEFT = "seat", "seat_left"
WITH_AI: dict[Action, tuple[object, ...]] = {
    Action.MOVE: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
    Action.RESIGN: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
    Action.ABORT: (SEAT, "not_creator", "not_creator", "not_creator", "not_creator", "not_creator"),
    Action.DRAW_OFFER: ("draw_ai", "draw_ai", "draw_ai", LEFT, LEFT, "not_seated"),
    Action.DRAW_ANSWER: ("draw_ai", "draw_ai", "draw_ai", LEFT, LEFT, "not_seated"),
    Action.UNDO_REQUEST: ("undo_ai", "undo_ai", "undo_ai", LEFT, LEFT, "not_seated"),
    Action.UNDO_ANSWER: ("undo_ai", "undo_ai", "undo_ai", LEFT, LEFT, "not_seated"),
    Action.REPLACE_REQUEST: ("already_seated",) * 5 + (None,),
    Action.REPLACE_ANSWER: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
    Action.REMATCH: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
    Action.SALT: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
    Action.HINT: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
    Action.VOTE: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
    Action.PACE: (SEAT, SEAT, SEAT, LEFT, LEFT, "not_seated"),
}
# The same once nobody's seat is the AI's: draws and undos go to the members, and Carol plays her own seat.
WITHOUT_AI: dict[Action, tuple[object, ...]] = {
    Action.MOVE: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.RESIGN: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.ABORT: (SEAT, "not_creator", "not_creator", "not_creator", "not_creator", "not_creator"),
    Action.DRAW_OFFER: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.DRAW_ANSWER: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.UNDO_REQUEST: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.UNDO_ANSWER: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.REPLACE_REQUEST: ("already_seated",) * 5 + (None,),
    Action.REPLACE_ANSWER: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.REMATCH: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.SALT: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.HINT: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.VOTE: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
    Action.PACE: (SEAT, SEAT, SEAT, SEAT, LEFT, "not_seated"),
}
USERS = (ALICE, DMITRI, ERIN, CAROL, BOB, FRED)


def _verdict(match: Match, user: int, action: Action) -> object:
    found = seat_for(match, user, action)
    if isinstance(found, Refusal):
        return found.key
    if found is None:
        return None
    assert found == match.seats.index(user), "a member acts for their own seat only"
    return SEAT


@pytest.mark.parametrize("ai_now", [True, False], ids=["ai-plays-a-seat", "members-only"])
def test_every_action_for_every_kind_of_holder(ai_now: bool) -> None:
    assert set(WITH_AI) == set(WITHOUT_AI) == set(Action), "every action has its row"
    match = table(ai_now=ai_now)
    expected = WITH_AI if ai_now else WITHOUT_AI
    found = {action: tuple(_verdict(match, user, action) for user in USERS) for action in Action}
    assert found == expected


@pytest.mark.parametrize("creator", [CAROL, BOB, ERIN, DMITRI], ids=["left", "replaced", "successor", "member"])
def test_a_creator_aborts_only_while_holding_a_seat(creator: int) -> None:
    match = dataclasses.replace(table(ai_now=True), creator_id=creator)
    found = seat_for(match, creator, Action.ABORT)
    if creator in (CAROL, BOB):
        assert isinstance(found, Refusal) and found.key == "seat_left"
    else:
        assert found == match.seats.index(creator)
    # Nobody else aborts as the creator, Alice included now.
    refused = seat_for(match, ALICE, Action.ABORT)
    assert isinstance(refused, Refusal) and refused.key == "not_creator"


def test_the_ai_acts_for_its_seats_moves_and_nothing_else() -> None:
    match = table(ai_now=True)
    for action in Action:
        for seat in range(len(match.seats)):
            assert ai_acts(match, seat, action) is (action is Action.MOVE and seat in (2, 4)), (action, seat)


def test_the_refusals_name_the_ai_seat_in_words() -> None:
    match = table(ai_now=True)
    draw = seat_for(match, ALICE, Action.DRAW_OFFER)
    assert isinstance(draw, Refusal) and dict(draw.params) == {"seat": 3, "id": 42}
    for lang in ("en", "fr"):
        from bot.app.i18n import t

        for key in ("draw_ai", "undo_ai", "seat_left", "replace_barred"):
            text = t(lang, f"match_error.{key}", seat=3, id=42)
            assert "42" in text and "{" not in text, (lang, key)


# The service, on both stores.


@pytest.fixture
def service(store: Store) -> MatchService:
    return MatchService(store, Clock())


async def unrated(service: MatchService, users: tuple[int, ...]) -> Match:
    match = await service.create("ursuppe", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0], rated=False)
    for user in users[1:]:
        match = await service.join(match.id, user)
    return (await service.start(match.id, users[0])).match


async def played(service: MatchService, match: Match, plies: int = 4) -> Match:
    rng = random.Random(7)
    for _ in range(plies):
        match = await step(service, match, rng)
    return match


async def refused(key: str, call: Any) -> None:
    with pytest.raises(MatchError) as caught:
        await call
    assert caught.value.key == key


@pytest.mark.parametrize("rated", [True, False], ids=["rated", "unrated"])
async def test_a_creator_who_resigned_cannot_abort_the_match_the_others_play(
    service: MatchService, rated: bool
) -> None:
    players = (ALICE, BOB, CAROL, DMITRI)
    match = await (ursuppe(service, players) if rated else unrated(service, players))
    match = await played(service, match)
    match = (await service.resign(match.id, ALICE)).match
    assert match.status is MatchStatus.ACTIVE and 0 in match.ai
    await refused("seat_left", service.abort(match.id, ALICE))
    after = await service.get(match.id)
    assert after.status is MatchStatus.ACTIVE and after.version == match.version
    assert [e.kind for e in await service.history(match.id)].count(LogKind.RESIGN) == 1
    # A moderator still can.
    assert (await service.abort(match.id, BOB, moderator=True)).match.status is MatchStatus.ABORTED


@pytest.mark.parametrize("rated", [True, False], ids=["rated", "unrated"])
async def test_a_creator_whose_seat_a_member_took_over_cannot_abort(service: MatchService, rated: bool) -> None:
    players = (ALICE, BOB, CAROL, DMITRI)
    match = await (ursuppe(service, players) if rated else unrated(service, players))
    match = await played(service, match)
    match = (await service.resign(match.id, ALICE)).match
    match, request = await service.request_replace(match.id, ERIN)
    for member in (BOB, CAROL, DMITRI):
        match, _, _ = await service.answer_replace(match.id, member, accept=True, version=request.version)
    assert match.seats[0] == ERIN and 0 not in match.ai
    await refused("seat_left", service.abort(match.id, ALICE))
    await refused("not_creator", service.abort(match.id, ERIN))  # Erin plays the seat, she did not create the match
    after = await service.get(match.id)
    assert after.status is MatchStatus.ACTIVE and after.version == match.version


async def test_a_creators_abort_as_resignation_hands_the_seat_to_the_ai_like_a_resignation(
    service: MatchService,
) -> None:
    match = await played(service, await ursuppe(service, (ALICE, BOB, CAROL, DMITRI)))
    report = await service.abort(match.id, ALICE)
    assert [e.kind for e in report.entries] == [LogKind.RESIGN]
    assert report.match.status is MatchStatus.ACTIVE and 0 in report.match.ai, "the three others play on"
    await refused("seat_left", service.abort(match.id, ALICE))


async def test_a_member_who_resigned_neither_offers_nor_answers_draws_nor_asks_undos(service: MatchService) -> None:
    match = await bob_resigns(service)
    await refused("draw_ai", service.offer_draw(match.id, ALICE))
    await refused("seat_left", service.offer_draw(match.id, BOB))
    await refused("seat_left", service.answer_draw(match.id, BOB, accept=True, version=match.version))
    await refused("seat_left", service.request_undo(match.id, BOB))
    await refused("seat_left", service.answer_undo(match.id, BOB, accept=True, version=match.version))
    after = await service.get(match.id)
    assert after.status is MatchStatus.ACTIVE and after.version == match.version


async def test_no_draw_or_undo_is_left_pending_in_a_match_with_an_ai_seat(service: MatchService, store: Store) -> None:
    match = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, seed="x")
    match = await service.add_ai(match.id, ALICE, "easy")
    match = (await service.start(match.id, ALICE)).match
    await refused("draw_ai", service.offer_draw(match.id, ALICE))
    assert await store.get_proposal("draw", match.id) is None
    await refused("undo_ai", service.request_undo(match.id, ALICE))
    assert await store.get_proposal("undo", match.id) is None


async def test_a_member_who_resigned_plays_no_move_salt_nor_vote_for_the_ais_seat(service: MatchService) -> None:
    match = await bob_resigns(service)
    rng = random.Random(3)
    while 1 not in match.state.actors():
        match = await step(service, match, rng)
    move = match.state.format_move(match.state.legal_moves(1)[0])
    await refused("seat_left", service.move(match.id, BOB, move))
    await refused("seat_left", service.resign(match.id, BOB))
    await refused("seat_left", service.add_salt(match.id, BOB, "mine"))
    since = datetime(2024, 5, 1, tzinfo=UTC)
    await refused("seat_left", service.vote_timeout(match.id, BOB, 0, since, "wait"))
    assert (await service.get(match.id)).version == match.version
    # The AI still plays it.
    assert (await service.ai_move(match.id, 1, move, expected_version=match.version)).match.version > match.version


async def test_a_turn_post_has_no_move_controls_while_the_ai_acts(service: MatchService) -> None:
    from bot.shell.play.move_controls import move_controls

    match = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, seed="x")
    match = await service.add_ai(match.id, ALICE, "easy")
    match = (await service.start(match.id, ALICE)).match
    rng = random.Random(2)
    while match.ai_to_act() != (1,):
        match = await step(service, match, rng)
    assert move_controls(match, "en") == [], "nobody could use them: the AI plays its move"
    as_member = dataclasses.replace(match, ai={}, seats=(ALICE, BOB))
    assert move_controls(as_member, "en") != [], "a member to act gets them"


async def test_a_resignation_delivered_twice_is_still_answered_as_applied(service: MatchService) -> None:
    match = await ursuppe(service, (ALICE, BOB, CAROL))
    first = await service.resign(match.id, BOB, interaction_id=9001)
    again = await service.resign(match.id, BOB, interaction_id=9001)
    assert again.replayed and again.entries == first.entries


async def test_the_builder_refuses_its_private_steps_to_a_member_who_resigned(service: MatchService) -> None:
    from bot.shell.play.move_controls import _checked

    match = await bob_resigns(service)
    rng = random.Random(3)
    while 1 not in match.state.actors():
        match = await step(service, match, rng)
    bot = cast(Any, SimpleNamespace(service=service))
    with pytest.raises(MatchError) as caught:
        await _checked(bot, cast(Any, SimpleNamespace(user=SimpleNamespace(id=BOB))), match.id, match.version)
    assert caught.value.key == "seat_left"
    with pytest.raises((NotYourTurnError, BoardChangedError)):
        await _checked(bot, cast(Any, SimpleNamespace(user=SimpleNamespace(id=ALICE))), match.id, match.version)


async def test_a_declined_candidate_may_not_ask_for_that_seat_again(service: MatchService) -> None:
    match = await bob_resigns(service)
    match, request = await service.request_replace(match.id, ERIN, 1)
    await service.answer_replace(match.id, CAROL, accept=False, version=request.version)
    await refused("replace_barred", service.request_replace(match.id, ERIN, 1))
    await refused("replace_barred", service.request_replace(match.id, ERIN))  # the only seat, not named
    assert await service.pending_replace(match.id) is None
    rng = random.Random(5)
    for _ in range(3):
        match = await step(service, match, rng)
    await refused("replace_barred", service.request_replace(match.id, ERIN, 1))  # for the rest of the match
    _, other = await service.request_replace(match.id, FRED, 1)  # another candidate may still ask
    assert other.user_id == FRED


async def test_a_bar_holds_for_its_seat_only(service: MatchService) -> None:
    match = await bob_resigns(service, (ALICE, BOB, CAROL, DMITRI, FRED))
    match = (await service.resign(match.id, CAROL)).match
    match, request = await service.request_replace(match.id, ERIN, 1)
    await service.answer_replace(match.id, ALICE, accept=False, version=request.version)
    await refused("replace_barred", service.request_replace(match.id, ERIN, 1))
    _, other = await service.request_replace(match.id, ERIN, 2)
    assert other.seat == 2


# The whole table through the service, on a real match: each refusal is the service's answer and changes
# nothing; each allowed cell gets past the authority (the call then stops at a later check, or is harmless).

GINA = 7007


async def every_kind(service: MatchService) -> Match:
    """Ursuppe for Alice, Bob, Carol, Dmitri, Gina and an AI from the lobby; Bob resigns and Erin takes his seat
    over; Carol resigns and the AI plays hers."""
    match = await ursuppe(service, (ALICE, BOB, CAROL, DMITRI, GINA), ai=1)
    match = (await service.resign(match.id, BOB)).match
    match, request = await service.request_replace(match.id, ERIN, 1)
    for member in (ALICE, CAROL, DMITRI, GINA):
        match, _, _ = await service.answer_replace(match.id, member, accept=True, version=request.version)
    match = (await service.resign(match.id, CAROL)).match
    assert [holder(match, u)[0] for u in USERS] == [
        Holder.MEMBER,
        Holder.MEMBER,
        Holder.SUCCESSOR,
        Holder.LEFT,
        Holder.REPLACED,
        Holder.OUTSIDER,
    ]
    return match


async def outcome(call: Any) -> str:
    """``allowed`` when the call got past the seat authority (it succeeded, or stopped at a later check)."""
    authority = {"not_seated", "seat_left", "not_creator", "already_seated", "draw_ai", "undo_ai"}
    try:
        await call
    except MatchError as exc:
        return exc.key if exc.key in authority else "allowed"
    except (BoardChangedError, NotYourTurnError):
        return "allowed"
    return "allowed"


async def test_every_action_for_every_kind_of_holder_through_the_service(service: MatchService) -> None:
    match = await every_kind(service)
    since = datetime(2024, 5, 1, tzinfo=UTC)
    stale = match.version - 1
    calls = {
        Action.MOVE: lambda u: service.move(match.id, u, "x", expected_version=stale),
        Action.RESIGN: lambda u: service.resign(match.id, u, expected_version=stale),
        Action.DRAW_OFFER: lambda u: service.offer_draw(match.id, u),
        Action.DRAW_ANSWER: lambda u: service.answer_draw(match.id, u, accept=True, version=match.version),
        Action.UNDO_REQUEST: lambda u: service.request_undo(match.id, u),
        Action.UNDO_ANSWER: lambda u: service.answer_undo(match.id, u, accept=True, version=match.version),
        Action.SALT: lambda u: service.add_salt(match.id, u, "late"),
        Action.VOTE: lambda u: service.vote_timeout(match.id, u, 5, since, "wait"),
    }
    for action, call in calls.items():
        found = tuple([await outcome(call(u)) for u in USERS])
        expected = tuple("allowed" if cell == SEAT else cell for cell in WITH_AI[action])
        assert found == expected, action
    assert (await service.get(match.id)).version == match.version, "no refusal changed anything"

    # Replacement: only Fred may ask (for Carol's seat); the members playing answer, those who left may not.
    asked = [await outcome(service.request_replace(match.id, u, 2)) for u in USERS[:-1]]
    assert asked == list(WITH_AI[Action.REPLACE_REQUEST][:-1])
    _, request = await service.request_replace(match.id, FRED, 2)
    answers = [await outcome(service.answer_replace(match.id, u, accept=True, version=request.version)) for u in USERS]
    assert answers[:5] == ["allowed", "allowed", "allowed", LEFT, LEFT] and answers[5] == "allowed"  # Fred: own_replace
    pending = await service.pending_replace(match.id)
    assert pending is not None and pending.accepted == (0, 1, 3), "Alice, Erin and Dmitri accepted; Gina has not"

    # Rematch and hint are the UI's: it asks the same rule of the match as loaded.
    loaded = await service.get(match.id)
    for action in (Action.REMATCH, Action.HINT):
        assert tuple(_verdict(loaded, u, action) for u in USERS) == WITH_AI[action]

    # Abort last: Alice, the creator, still plays her seat, and nobody has decided anything yet: it stops the match.
    aborts = [await outcome(service.abort(match.id, u)) for u in USERS[1:]]
    assert aborts == list(WITH_AI[Action.ABORT][1:])
    assert (await service.get(match.id)).status is MatchStatus.ACTIVE
    assert (await service.abort(match.id, ALICE)).match.status is MatchStatus.ABORTED
