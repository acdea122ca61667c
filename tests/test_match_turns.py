"""The turn number kept with the match: each save advances it, and it always says what a replay of the log says.

Seeded games of every game and rule set are played through the service; after every change the report's
turn is the one :func:`bot.app.telling.turns.turn_of` counts from the whole log, and so is the count read back.
"""

from __future__ import annotations

import random

import pytest

from bot.app.matches import Match, MatchService, MatchStatus, TurnReport
from bot.app.storage import Store
from bot.app.telling.turns import turn_of
from games import GAMES
from tests.test_matches import CHANNEL, GUILD, Clock

PLAYERS = (101, 102, 103, 104)


@pytest.fixture
def service(store: Store) -> MatchService:
    return MatchService(store, Clock())


async def counted_by_replay(service: MatchService, match: Match) -> int:
    return turn_of(match, list(await service.history(match.id)))


async def check(service: MatchService, report: TurnReport) -> Match:
    """The report's turn is the replay's, and the match read back keeps the same count."""
    match = report.match
    assert report.turn == await counted_by_replay(service, match), f"{match.game.id} at version {match.version}"
    assert (await service.get(match.id)).turns == match.turns
    return match


async def opened(service: MatchService, game: str, options: dict[str, str], players: int, seed: str) -> TurnReport:
    match = await service.create(game, options, guild_id=GUILD, channel_id=CHANNEL, creator_id=PLAYERS[0], seed=seed)
    for user in PLAYERS[1:players]:
        await service.join(match.id, user)
    return await service.start(match.id, PLAYERS[0])


def setups() -> list[tuple[str, dict[str, str], int]]:
    """Every game with each of its rule choices (two players, or the fewest the game takes), autoplay on and off."""
    found = []
    for info in GAMES:
        choices = [{}] + [{opt.name: c} for opt in info.options for c in opt.choices if c != opt.default]
        for options in choices:
            for autoplay in ("off", "on"):
                found.append((info.id, {**options, "autoplay": autoplay}, info.min_players))
    found.append(("ursuppe", {}, 4))
    return found


@pytest.mark.parametrize(("game", "options", "players"), setups(), ids=lambda v: str(v))
async def test_every_change_numbers_its_turn_as_a_replay_of_the_log_does(
    service: MatchService, game: str, options: dict[str, str], players: int
) -> None:
    rng = random.Random(f"{game}{sorted(options.items())}{players}")
    match = await check(service, await opened(service, game, options, players, seed=f"turns-{game}"))
    for _ in range(40):
        if match.status is not MatchStatus.ACTIVE:
            break
        seat = rng.choice(match.state.actors())
        move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        match = await check(service, await service.move(match.id, match.seats[seat], move))
    assert match.turns is not None and match.turns.number > 1


async def test_an_undo_goes_back_to_the_turn_it_takes_back(service: MatchService) -> None:
    """Subulata on the fixed layout: both set-ups, White's move taken back (the turn returns to White), then
    play goes on from there."""
    match = (await opened(service, "subulata", {"layout": "fixed"}, 2, seed="undo-turns")).match
    white, black = match.seats
    await check(service, await service.move(match.id, white, "setup 123456789"))
    report = await check(service, await service.move(match.id, black, "setup random"))
    first = report.state.format_move(report.state.legal_moves()[0])
    moved = await service.move(match.id, white, first)
    await check(service, moved)
    _, request = await service.request_undo(match.id, white)
    _, _, done = await service.answer_undo(match.id, black, accept=True, version=request.version)
    assert done is not None
    after = await check(service, done)
    assert done.turn is not None and moved.turn is not None and done.turn < moved.turn
    again = await service.move(after.id, white, after.state.format_move(after.state.legal_moves()[-1]))
    assert (await check(service, again)).turns == moved.match.turns


async def test_a_match_saved_before_the_turn_was_kept_is_counted_once_from_its_log(
    service: MatchService, store: Store
) -> None:
    rng = random.Random(5)
    match = (await opened(service, "ur", {"rules": "v1"}, 2, seed="older")).match
    for _ in range(12):
        (seat,) = match.state.actors()
        move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        match = (await service.move(match.id, match.seats[seat], move)).match
    async with store.transaction():
        await store.update_match(match.id, now=match.updated_at, turn=None, turn_seats=None)
    assert (await service.get(match.id)).turns is None
    (seat,) = match.state.actors()
    move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
    report = await service.move(match.id, match.seats[seat], move)
    await check(service, report)
    assert report.match.turns is not None


async def test_a_hidden_set_up_is_reported_secret_and_an_open_move_is_not(service: MatchService) -> None:
    match = (await opened(service, "subulata", {"layout": "fixed"}, 2, seed="secret")).match
    white, black = match.seats
    report = await service.move(match.id, white, "setup 123456789")
    (entry,) = report.entries
    assert match.game.public_notation(entry.notation) != entry.notation, "the set-up is hidden"
    assert report.secret
    report = await service.move(match.id, black, "setup random")
    assert not report.secret, "asking for a random set-up tells nothing (the draw itself is not shown)"
    first = report.match.state.format_move(report.match.state.legal_moves()[0])
    report = await service.move(match.id, white, first)
    assert not report.secret


async def test_a_replayed_interaction_and_an_unannounced_change_carry_the_turn_too(service: MatchService) -> None:
    """The reports not made by a save (the same click delivered twice; a change the bot never posted before a
    restart) take the count kept with the match: still no replay to number the turn."""
    rng = random.Random(11)
    match = (await opened(service, "ur", {}, 2, seed="again")).match
    for interaction in range(1, 9):
        (seat,) = match.state.actors()
        move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        first = await service.move(match.id, match.seats[seat], move, interaction_id=interaction)
        again = await service.move(match.id, match.seats[seat], move, interaction_id=interaction)
        assert again.replayed and again.turn == first.turn == await counted_by_replay(service, first.match)
        match = first.match
    (pending,) = await service.unannounced()
    assert pending.turn == await counted_by_replay(service, match)
