"""Fewer, bigger decisions in the match service: forced decisions played at once (match option
``autoplay``), and Ursuppe's ``drift all`` applied as a run of single drifts, each logged as the player's."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.app.matches import LogKind, Match, MatchError, MatchService, MatchStatus, replay
from bot.app.storage import Store
from games import find_game
from games.base import GameError
from games.ursuppe.steps import DRIFT_ALL
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock

DMITRI = 4004


@pytest.fixture
async def service() -> AsyncIterator[MatchService]:
    store = await Store.open(":memory:")
    yield MatchService(store, Clock())
    await store.close()


async def open_match(service: MatchService, game: str, options: dict[str, str], users: tuple[int, ...]) -> Match:
    match = await service.create(game, options, guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0], seed="auto-1")
    for user in users[1:]:
        await service.join(match.id, user)
    return (await service.start(match.id, users[0])).match


def forced(match: Match) -> bool:
    """True when the match waits for a decision that has only one legal move."""
    actors = match.state.actors()
    return match.status is MatchStatus.ACTIVE and len(actors) == 1 and len(match.state.legal_moves(actors[0])) == 1


async def test_forced_decisions_are_played_at_once_as_the_players_moves(service: MatchService) -> None:
    match = await open_match(service, "ur", {"rules": "v2", "autoplay": "on"}, (ALICE, BOB))
    assert match.options["autoplay"] == "on"
    rng = random.Random(3)
    auto_entries = 0
    while match.status is MatchStatus.ACTIVE:
        assert not forced(match), "a decision with one legal move never waits for its player"
        (seat,) = match.state.actors()
        moves = match.state.legal_moves(seat)
        text = match.state.format_move(rng.choice(moves))
        report = await service.move(match.id, match.seats[seat], text, expected_version=match.version)
        decisions = [e for e in report.entries if e.kind is LogKind.MOVE]
        assert all(e.seat is not None for e in decisions)
        auto_entries += len(decisions) - 1
        match = report.match
    assert auto_entries > 0, "some decisions were forced in this game"
    log = await service.history(match.id)
    assert {e.kind for e in log} <= {LogKind.MOVE, LogKind.CHANCE}
    assert replay(match.game, match.options, 2, log) == match.state


async def test_without_the_option_every_decision_waits(service: MatchService) -> None:
    match = await open_match(service, "ur", {"rules": "v2"}, (ALICE, BOB))
    rng = random.Random(3)
    waited = False
    while match.status is MatchStatus.ACTIVE and not waited:
        waited = forced(match)
        (seat,) = match.state.actors()
        text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        match = (await service.move(match.id, match.seats[seat], text)).match
    assert waited


async def test_a_bad_autoplay_value_is_refused(service: MatchService) -> None:
    with pytest.raises(MatchError) as caught:
        await service.create("ur", {"autoplay": "maybe"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    assert caught.value.key == "unknown_option"


async def test_drift_all_drifts_every_remaining_amoeba_in_one_decision(service: MatchService) -> None:
    users = (ALICE, BOB, CAROL, DMITRI)
    match = await open_match(service, "ursuppe", {"autoplay": "on"}, users)
    info = find_game("ursuppe")
    assert info.macros is not None
    rng = random.Random(5)
    drifted_at_once = 0
    for _ in range(400):
        if match.status is not MatchStatus.ACTIVE or match.state.view_for(None).round >= 3:
            break
        (seat,) = match.state.actors()
        user = match.seats[seat]
        if DRIFT_ALL in info.macros(match.state, seat):
            with pytest.raises(GameError):
                other = (seat + 1) % len(users)
                await service.move(match.id, match.seats[other], DRIFT_ALL)
            report = await service.move(match.id, user, "Drift  all", expected_version=match.version)
            mine = [e for e in report.entries if e.kind is LogKind.MOVE and e.seat == seat]
            drifts = sum(e.notation.endswith(" drift") for e in mine)
            assert drifts >= 1
            drifted_at_once = max(drifted_at_once, drifts)
            match = report.match
            assert DRIFT_ALL not in info.macros(match.state, seat), "it stops only where drifting is not asked"
            continue
        text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        match = (await service.move(match.id, user, text)).match
    assert drifted_at_once >= 2, "some player drifted several amoebas with one decision"
    log = await service.history(match.id)
    assert replay(match.game, match.options, len(users), log) == match.state
