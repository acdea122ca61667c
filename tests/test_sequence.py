"""Several decisions of one turn typed at once (``a; b; c``): a whole Ultima-Tek turn in one command,
played in order and logged move by move; one that fails refuses them all; autocomplete goes on after them."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.app.matches import LogKind, Match, MatchError, MatchService
from bot.app.storage import Store
from games import sequence
from games.base import GameError, GameState, Seat
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, Clock


@pytest.fixture
async def service() -> AsyncIterator[MatchService]:
    store = await Store.open(":memory:")
    yield MatchService(store, Clock())
    await store.close()


def plan_turn(match: Match, seat: Seat, rng: random.Random) -> tuple[list[str], GameState]:
    """A whole turn for ``seat`` as a player would type it, and the position before its closing draw."""
    turn = list(
        sequence.typed_turn(
            match.game, match.state, seat, lambda position: rng.choice(position.legal_moves(seat)), autoplay=True
        )
    )
    return [text for text, _ in turn], turn[-1][1] if turn else match.state


async def a_long_turn(service: MatchService) -> tuple[Match, Seat, list[str], GameState]:
    """An Ultima-Tek match at a turn of at least three typed decisions."""
    match = await open_match(service, "ultimatek", {"autoplay": "on"}, (ALICE, BOB))
    rng = random.Random(7)
    for _ in range(40):
        (seat,) = match.state.actors()
        parts, state = plan_turn(match, seat, rng)
        if len(parts) >= 3:
            return match, seat, parts, state
        match = (await service.move(match.id, match.seats[seat], parts[0])).match
    raise AssertionError("no long turn in 40 decisions")


def test_a_typed_move_splits_on_semicolons_only() -> None:
    assert sequence.split("c3-d3; d3>d5 ;end") == ["c3-d3", "d3>d5", "end"]
    assert sequence.split("A2-B4/A3,B3") == ["A2-B4/A3,B3"], "a comma is part of Ur's routes"
    assert sequence.split("c3-d3;") == ["c3-d3"]


async def test_a_whole_turn_typed_at_once_is_one_change_logged_move_by_move(service: MatchService) -> None:
    match, seat, parts, _ = await a_long_turn(service)
    report = await service.move(match.id, match.seats[seat], "; ".join(parts), expected_version=match.version)
    logged = [e.notation for e in report.entries if e.kind is LogKind.MOVE and e.seat == seat]
    assert [n for n in logged if n in parts] == parts, "every decision logged as the seat's own, in order"
    assert seat not in report.match.state.actors(), "the turn is over"
    assert report.entries[0].interaction_id is None or report.entries[0].ply == match.version + 1


async def test_one_bad_decision_refuses_the_whole_sequence(service: MatchService) -> None:
    match, seat, parts, _ = await a_long_turn(service)
    typed = [*parts[:2], "z9-z9"]
    with pytest.raises(GameError) as caught:
        await service.move(match.id, match.seats[seat], "; ".join(typed))
    assert caught.value.step == (3, 3, "z9-z9")
    after = await service.get(match.id)
    assert after.version == match.version and after.state == match.state, "nothing was played"


async def test_a_sequence_may_not_run_past_the_turn(service: MatchService) -> None:
    """Ur, Variante 3: pawns are placed one a turn, without dice."""
    match = await open_match(service, "ur", {"rules": "v3", "autoplay": "on"}, (ALICE, BOB))
    (seat,) = match.state.actors()
    with pytest.raises(MatchError) as caught:
        await service.move(match.id, match.seats[seat], "@B4; @B5")
    assert caught.value.key == "sequence_turn_over" and caught.value.params == {"done": 1, "move": "@B5"}
    assert (await service.get(match.id)).version == match.version


async def test_an_ultimatek_turn_ends_with_a_draw_that_nothing_typed_may_follow(service: MatchService) -> None:
    match, seat, parts, _ = await a_long_turn(service)
    with pytest.raises(MatchError) as caught:
        await service.move(match.id, match.seats[seat], "; ".join([*parts, parts[0]]))
    assert caught.value.key == "sequence_past_chance" and caught.value.params == {"move": parts[-1]}
    assert (await service.get(match.id)).version == match.version


async def test_autocomplete_goes_on_from_the_position_after_the_typed_decisions(service: MatchService) -> None:
    match, seat, parts, end = await a_long_turn(service)
    info = match.game
    assert end.is_chance(), "the turn ends with a draw"
    assert sequence.after(info, match.state, seat, parts, autoplay=True) is None, "what follows is not known yet"
    assert sequence.after(info, match.state, seat, parts[:-1], autoplay=True) is not None
    halfway = sequence.after(info, match.state, seat, parts[:2], autoplay=True)
    assert halfway is not None and seat in halfway.actors()
    assert parts[2] in [halfway.format_move(m) for m in halfway.legal_moves(seat)]
    assert sequence.after(info, match.state, seat, [parts[0], "z9-z9"], autoplay=True) is None


async def test_a_sequence_stops_at_a_roll_and_its_refusal_tells_nothing_of_it(service: MatchService) -> None:
    """Ur, Variante 2: whatever the next roll, moves typed past it are refused with the same words, so a
    player cannot learn the roll and then choose the first move knowing it."""
    match = await open_match(service, "ur", {"rules": "v2", "autoplay": "on"}, (ALICE, BOB))
    (seat,) = match.state.actors()
    first = match.state.format_move(match.state.legal_moves(seat)[0])
    with pytest.raises(MatchError) as caught:
        await service.move(match.id, match.seats[seat], f"{first}; in")
    assert caught.value.key == "sequence_past_chance" and caught.value.params == {"move": first}
    after = await service.get(match.id)
    assert after.version == match.version and after.state == match.state, "the roll was not kept either"
