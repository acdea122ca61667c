"""The match service, played like games of Ur: lobbies, turns, refusals, races, restarts and replays."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.app.matches import (
    BoardChangedError,
    DrawOffer,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchService,
    MatchStatus,
    Proposal,
    RematchOffer,
    ReplaceRequest,
    ReplayError,
    ServiceConfig,
    TurnReport,
    outcome_from_json,
    outcome_to_json,
    replay,
    sample_chance,
)
from bot.app.storage import MatchRow, Store
from games import find_game
from games.ai import odds
from games.base import (
    GameError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    Outcome,
    Termination,
)

ALICE, BOB, CAROL = 1001, 2002, 3003
GUILD, CHANNEL = 77, 500
UR = find_game("ur")


class Clock:
    """A clock that moves one second per reading, so every change has its own time."""

    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def service(store: Store) -> MatchService:
    return MatchService(store, Clock())


async def lobby(service: MatchService, *, seed: str = "fixed-seed", channel: int = CHANNEL) -> Match:
    """Alice opens a game of Ur; Bob joins."""
    match = await service.create("ur", {}, guild_id=GUILD, channel_id=channel, creator_id=ALICE, seed=seed)
    return await service.join(match.id, BOB)


async def started(service: MatchService, *, seed: str = "fixed-seed", channel: int = CHANNEL) -> Match:
    """A game of Ur between Alice (seat 0) and Bob (seat 1), started with a fixed seed."""
    match = await lobby(service, seed=seed, channel=channel)
    return (await service.start(match.id, ALICE)).match


def to_act(match: Match) -> tuple[int, int]:
    """The user to act and their seat."""
    (seat,) = match.state.actors()
    return match.seats[seat], seat


def choose(match: Match, rng: random.Random) -> tuple[int, str]:
    """A random legal move of the player to act, in notation."""
    user, seat = to_act(match)
    move = rng.choice(match.state.legal_moves(seat))
    return user, match.state.format_move(move)


async def play(service: MatchService, match: Match, rng: random.Random, *, plies: int | None = None) -> Match:
    """Play random legal moves until the game ends (or for ``plies`` moves)."""
    played = 0
    while match.status is MatchStatus.ACTIVE and (plies is None or played < plies):
        user, text = choose(match, rng)
        match = (await service.move(match.id, user, text, expected_version=match.version)).match
        played += 1
    return match


async def snapshot(store: Store, match_id: int) -> tuple[MatchRow | None, list[object]]:
    """Everything a refused request must leave alone: the stored row and the whole log."""
    return await store.load_match_row(match_id), list(await store.load_moves(match_id))


# Lobby.


async def test_alice_opens_a_lobby_and_sits_at_seat_zero(service: MatchService) -> None:
    match = await service.create("Royal-Ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, seed="abc")
    assert match.game is UR
    assert dict(match.options) == {"rules": "v2"}
    assert (match.seed, match.guild_id, match.channel_id, match.creator_id) == ("abc", GUILD, CHANNEL, ALICE)
    assert match.status is MatchStatus.LOBBY
    assert match.seats == (ALICE,)
    assert match.version == 0
    assert match.result is None
    assert match.to_act() == ()
    assert match.state == UR.new(2, match.options)
    assert await service.current(CHANNEL) == match
    assert await service.history(match.id) == ()


async def test_a_match_without_a_seed_gets_a_fresh_one(store: Store) -> None:
    seeds = iter(["first", "second"])
    service = MatchService(store, Clock(), ServiceConfig(seed_factory=lambda: next(seeds)))
    one = await service.create("ur", {}, guild_id=None, channel_id=1, creator_id=ALICE)
    two = await service.create("ur", {}, guild_id=None, channel_id=2, creator_id=ALICE)
    assert (one.seed, two.seed) == ("first", "second")

    default = MatchService(store, Clock())
    three = await default.create("ur", {}, guild_id=None, channel_id=3, creator_id=ALICE)
    four = await default.create("ur", {}, guild_id=None, channel_id=4, creator_id=ALICE)
    assert len(three.seed) == 16 and three.seed != four.seed


async def test_unknown_games_and_options_are_refused(service: MatchService) -> None:
    with pytest.raises(MatchError) as refused:
        await service.create("chess", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    assert refused.value.key == "unknown_game"
    with pytest.raises(MatchError) as refused:
        await service.create("ur", {"rules": "v9"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    assert refused.value.key == "unknown_option"
    assert "rules" in str(refused.value.params["detail"])
    with pytest.raises(MatchError) as refused:
        await service.create("ur", {"speed": "fast"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    assert refused.value.key == "unknown_option"
    assert await service.current(CHANNEL) is None


async def test_a_channel_holds_one_open_match_at_a_time(service: MatchService) -> None:
    match = await lobby(service)
    with pytest.raises(MatchError) as refused:
        await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=CAROL)
    assert refused.value.key == "channel_busy"

    thread = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL + 1, creator_id=CAROL)
    assert (await service.current(CHANNEL + 1)) == thread

    await service.start(match.id, BOB)
    with pytest.raises(MatchError) as refused:
        await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=CAROL)
    assert refused.value.key == "channel_busy"

    await service.resign(match.id, BOB)
    assert await service.current(CHANNEL) is None
    rematch = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=BOB)
    assert (await service.last_in_channel(CHANNEL)) == rematch
    assert await service.last_in_channel(999) is None


async def test_joining_the_table(service: MatchService) -> None:
    match = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    with pytest.raises(MatchError) as refused:
        await service.join(match.id, ALICE)
    assert refused.value.key == "already_seated"

    match = await service.join(match.id, BOB)
    assert match.seats == (ALICE, BOB)
    with pytest.raises(MatchError) as refused:
        await service.join(match.id, CAROL)
    assert refused.value.key == "table_full"

    await service.start(match.id, ALICE)
    with pytest.raises(MatchError) as refused:
        await service.join(match.id, CAROL)
    assert refused.value.key == "not_in_lobby"
    with pytest.raises(MatchError) as refused:
        await service.join(match.id + 100, CAROL)
    assert refused.value.key == "no_match"


async def test_leaving_the_lobby(service: MatchService) -> None:
    match = await lobby(service)
    with pytest.raises(MatchError) as refused:
        await service.leave(match.id, CAROL)
    assert refused.value.key == "not_seated"

    match = await service.leave(match.id, BOB)
    assert match.seats == (ALICE,)
    match = await service.join(match.id, CAROL)
    assert match.seats == (ALICE, CAROL)

    # The creator leaving closes the lobby.
    match = await service.leave(match.id, ALICE)
    assert match.status is MatchStatus.ABORTED
    assert match.result == Outcome(Termination.ABORTED)
    assert [(e.kind, e.seat, e.notation) for e in await service.history(match.id)] == [(LogKind.ABORT, None, "abort")]
    assert await service.current(CHANNEL) is None
    with pytest.raises(MatchError) as refused:
        await service.leave(match.id, CAROL)
    assert refused.value.key == "not_in_lobby"


async def test_starting_needs_a_full_enough_table_and_a_seated_player(service: MatchService) -> None:
    match = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    with pytest.raises(MatchError) as refused:
        await service.start(match.id, ALICE)
    assert refused.value.key == "not_enough_players"
    assert refused.value.params == {"min": 2}

    await service.join(match.id, BOB)
    with pytest.raises(MatchError) as refused:
        await service.start(match.id, CAROL)
    assert refused.value.key == "not_seated"

    report = await service.start(match.id, BOB)  # any seated player may start
    with pytest.raises(MatchError) as refused:
        await service.start(match.id, ALICE)
    assert refused.value.key == "not_in_lobby"
    assert report.match.status is MatchStatus.ACTIVE


async def test_the_start_draws_the_first_player_and_throws_the_dice(service: MatchService) -> None:
    match = await lobby(service)
    report = await service.start(match.id, ALICE)
    match = report.match

    assert report.previous_state == UR.new(2, match.options)
    assert report.entries, "Ur starts with chance: the draw for the first player"
    assert all(e.kind is LogKind.CHANCE and e.seat is None for e in report.entries)
    assert report.entries[0].notation in ("first:A", "first:C")
    assert all(e.notation.startswith("roll:") for e in report.entries[1:])
    assert [e.ply for e in report.entries] == list(range(1, len(report.entries) + 1))
    assert match.version == len(report.entries)
    assert not match.state.is_chance()
    assert match.to_act() in ((ALICE,), (BOB,))
    assert tuple(await service.history(match.id)) == report.entries
    assert await service.get(match.id) == match


async def test_the_dice_of_an_older_match_depend_only_on_the_seed_and_the_ply(store: Store) -> None:
    """Matches from before provably fair chance keep sampling from their seed alone."""
    service = MatchService(store, Clock(), ServiceConfig(fair=False))
    one = await play(service, await started(service, seed="same", channel=1), random.Random(5), plies=30)
    two = await play(service, await started(service, seed="same", channel=2), random.Random(5), plies=30)

    def plain(log: object) -> list[tuple[LogKind, int | None, str]]:
        return [(e.kind, e.seat, e.notation) for e in log]  # type: ignore[attr-defined]

    assert plain(await service.history(one.id)) == plain(await service.history(two.id))
    assert one.state == two.state


def test_chance_sampling_is_a_pure_function_of_seed_and_ply() -> None:
    odds = ((0, Fraction(1, 8)), (1, Fraction(3, 8)), (2, Fraction(3, 8)), (3, Fraction(1, 8)))
    assert sample_chance(odds, "s", 12) == sample_chance(odds, "s", 12)
    counts = Counter(sample_chance(odds, "s", ply) for ply in range(8000))
    for value, probability in odds:
        assert abs(counts[value] / 8000 - probability) < 0.025
    assert sample_chance(((None, Fraction(1)),), "x", 1) is None
    with pytest.raises(ValueError):
        sample_chance((), "s", 1)


# Play.


async def test_a_move_is_logged_in_canonical_notation(service: MatchService) -> None:
    match = await started(service)
    user, seat = to_act(match)
    before = match.state
    report = await service.move(match.id, user, "  IN  ", expected_version=match.version, interaction_id=1)

    move = report.entries[0]
    assert move.kind is LogKind.MOVE
    assert (move.seat, move.ply, move.interaction_id) == (seat, match.version + 1, 1)
    assert move.notation == before.format_move(before.parse_move("in", seat))
    assert move.notation.startswith("in-")
    assert all(e.kind is LogKind.CHANCE and e.interaction_id is None for e in report.entries[1:])
    assert report.previous_state == before
    assert report.replayed is False
    assert report.match.version == match.version + len(report.entries)
    assert report.match.to_act() != ()
    assert await service.get(match.id) == report.match


async def test_a_lobby_or_finished_match_takes_no_moves(service: MatchService) -> None:
    match = await lobby(service)
    with pytest.raises(MatchError) as refused:
        await service.move(match.id, ALICE, "in")
    assert refused.value.key == "not_active"

    await service.start(match.id, ALICE)
    finished = await play(service, await service.get(match.id), random.Random(1))
    assert finished.status is MatchStatus.FINISHED
    with pytest.raises(MatchError) as refused:
        await service.move(match.id, ALICE, "in")
    assert refused.value.key == "not_active"
    with pytest.raises(MatchError) as refused:
        await service.move(match.id + 100, ALICE, "in")
    assert refused.value.key == "no_match"


def lane(seat: int) -> str:
    return "A" if seat == 0 else "C"


@pytest.mark.parametrize(
    ("who", "text", "error", "key"),
    [
        ("stranger", "in", MatchError, "not_seated"),
        ("waiting", "in", NotYourTurnError, "not_your_turn"),
        ("to_act", "hello there", NotationError, "ur.notation"),
        ("to_act", "{lane}1", IllegalMoveError, "ur.no_piece"),  # no piece of theirs on that square
        ("to_act", "roll:3", IllegalMoveError, "illegal_move"),  # players do not throw the dice
        ("to_act", "in-B8", IllegalMoveError, "ur.wrong_destination"),
        ("to_act", "", NotationError, "ur.notation"),
    ],
)
async def test_bad_input_is_refused_and_changes_nothing(
    service: MatchService, store: Store, who: str, text: str, error: type[Exception], key: str
) -> None:
    # A fixed server seed: with a random one the dice, and so whether "{lane}1" holds a piece, vary by run.
    service.config = dataclasses.replace(
        service.config, server_seed_factory=lambda: "11" * 32, salt_factory=lambda: "22" * 16
    )
    match = await started(service)
    match = await play(service, match, random.Random(3), plies=4)
    user, seat = to_act(match)
    if who == "stranger":
        user = CAROL
    elif who == "waiting":
        user, seat = match.seats[1 - seat], 1 - seat
    before = await snapshot(store, match.id)

    with pytest.raises(error) as refused:
        await service.move(
            match.id, user, text.format(lane=lane(seat)), expected_version=match.version, interaction_id=99
        )

    assert getattr(refused.value, "key", None) == key
    assert await snapshot(store, match.id) == before
    assert await service.get(match.id) == match
    # The refused interaction wrote nothing, so a corrected retry with the same id is applied.
    good_user, good_text = choose(match, random.Random(0))
    report = await service.move(match.id, good_user, good_text, interaction_id=99)
    assert not report.replayed


async def test_a_stale_version_is_refused(service: MatchService, store: Store) -> None:
    match = await started(service)
    old_version = match.version
    match = await play(service, match, random.Random(8), plies=1)
    user, text = choose(match, random.Random(8))
    before = await snapshot(store, match.id)

    with pytest.raises(BoardChangedError) as refused:
        await service.move(match.id, user, text, expected_version=old_version)
    assert refused.value.key == "board_changed"
    assert refused.value.params == {"version": match.version}
    assert await snapshot(store, match.id) == before


async def test_the_same_interaction_twice_applies_once(service: MatchService, store: Store) -> None:
    match = await started(service)
    user, text = choose(match, random.Random(2))
    first = await service.move(match.id, user, text, expected_version=match.version, interaction_id=4242)
    after = await snapshot(store, match.id)

    # Discord delivers the interaction again: same id, now-stale version.
    again = await service.move(match.id, user, text, expected_version=match.version, interaction_id=4242)

    assert again.replayed is True
    assert again.entries == first.entries
    assert again.match == first.match
    assert again.previous_state == first.previous_state
    assert await snapshot(store, match.id) == after


async def test_two_clicks_racing_on_one_version_apply_once(service: MatchService, store: Store) -> None:
    match = await started(service)
    user, seat = to_act(match)
    texts = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
    first, second = texts[0], texts[-1]

    results = await asyncio.gather(
        service.move(match.id, user, first, expected_version=match.version),
        service.move(match.id, user, second, expected_version=match.version),
        return_exceptions=True,
    )

    reports = [r for r in results if isinstance(r, TurnReport)]
    refusals = [r for r in results if isinstance(r, BoardChangedError)]
    assert len(reports) == 1 and len(refusals) == 1
    winner = reports[0]
    assert refusals[0].params == {"version": winner.match.version}
    log = await service.history(match.id)
    assert len(log) == winner.match.version
    assert [e.ply for e in log] == list(range(1, len(log) + 1))
    assert sum(e.kind is LogKind.MOVE for e in log) == 1


async def test_the_same_interaction_racing_itself_applies_once(service: MatchService) -> None:
    match = await started(service)
    user, text = choose(match, random.Random(6))
    results = await asyncio.gather(
        *(service.move(match.id, user, text, interaction_id=777) for _ in range(3)),
    )
    assert sorted(r.replayed for r in results) == [False, True, True]
    assert len({r.entries for r in results}) == 1
    assert sum(e.kind is LogKind.MOVE for e in await service.history(match.id)) == 1


async def test_a_write_that_lost_the_race_at_the_log_is_refused(
    service: MatchService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another process appended plies after this one read the match: simulate the stale read.
    match = await started(service)
    stale_row = await store.load_match_row(match.id)
    assert stale_row is not None
    user, text = choose(match, random.Random(4))
    match = await play(service, match, random.Random(4), plies=1)
    before = await snapshot(store, match.id)

    real_load = store.load_match_row

    async def load_stale_once(match_id: int) -> MatchRow | None:
        monkeypatch.setattr(store, "load_match_row", real_load)
        return stale_row

    monkeypatch.setattr(store, "load_match_row", load_stale_once)
    with pytest.raises(BoardChangedError) as refused:
        await service.move(match.id, user, text)
    assert refused.value.params == {"version": match.version}
    assert await snapshot(store, match.id) == before


# Whole games: the log is the truth.


@pytest.mark.parametrize("seed", ["alpha", "beta", "gamma", "delta", "epsilon"])
async def test_replaying_the_log_of_a_whole_game_gives_the_snapshot(
    service: MatchService, store: Store, seed: str
) -> None:
    rng = random.Random(seed)
    match = await play(service, await started(service, seed=seed), rng)

    assert match.status is MatchStatus.FINISHED
    assert match.result is not None and match.result.termination is Termination.NORMAL
    assert match.result == match.state.outcome()
    assert match.to_act() == ()
    log = await service.history(match.id)
    assert [e.ply for e in log] == list(range(1, match.version + 1))
    assert replay(UR, match.options, 2, log) == match.state
    row = await store.load_match_row(match.id)
    assert row is not None and row.state is not None
    assert UR.from_text(row.state) == match.state
    assert await service.get(match.id) == match
    winner = match.seats[match.result.winners[0]]
    assert winner in (ALICE, BOB)


async def test_a_restart_mid_game_changes_nothing(tmp_path: Path) -> None:
    decisions = random.Random(11)
    uninterrupted_store = await Store.open(":memory:")
    fixed = ServiceConfig(server_seed_factory=lambda: "11" * 32, salt_factory=lambda: "22" * 16)
    reference = MatchService(uninterrupted_store, Clock(), fixed)
    expected = await play(reference, await started(reference, seed="restart"), decisions)
    expected_log = [(e.kind, e.seat, e.notation) for e in await reference.history(expected.id)]
    await uninterrupted_store.close()

    decisions = random.Random(11)
    path = tmp_path / "plateau.db"
    store = await Store.open(path)
    service = MatchService(store, Clock(), fixed)
    match = await play(service, await started(service, seed="restart"), decisions, plies=25)
    await store.close()

    store = await Store.open(path)  # the bot restarts
    try:
        assert store.applied_migrations == ()
        service = MatchService(store, Clock())
        reloaded = await service.get(match.id)
        assert reloaded == match
        assert await service.current(CHANNEL) == match
        finished = await play(service, reloaded, decisions)
        log = [(e.kind, e.seat, e.notation) for e in await service.history(match.id)]
    finally:
        await store.close()
    assert log == expected_log
    assert finished.state == expected.state
    assert finished.result == expected.result


@pytest.mark.parametrize("damage", ["garbage", "missing", "stale"])
async def test_a_damaged_snapshot_is_rebuilt_from_the_log(service: MatchService, store: Store, damage: str) -> None:
    match = await started(service)
    match = await play(service, match, random.Random(21), plies=6)
    old = await store.load_match_row(match.id)
    assert old is not None
    match = await play(service, match, random.Random(22), plies=3)

    if damage == "garbage":
        await store.update_match(match.id, now=match.updated_at, state="v2 this is not a state")
    elif damage == "missing":
        await store.update_match(match.id, now=match.updated_at, state=None)
    else:  # an older snapshot left behind: the log has moved on
        await store.update_match(match.id, now=match.updated_at, state=old.state, version=old.version)

    assert await service.get(match.id) == match
    repaired = await store.load_match_row(match.id)
    assert repaired is not None and repaired.state == match.state.to_text()
    assert repaired.version == match.version

    # And play goes on from the rebuilt position.
    finished = await play(service, match, random.Random(23))
    assert finished.status is MatchStatus.FINISHED


async def test_a_move_on_a_damaged_snapshot_still_applies_to_the_real_position(
    service: MatchService, store: Store
) -> None:
    match = await play(service, await started(service), random.Random(31), plies=5)
    await store.update_match(match.id, now=match.updated_at, state="nonsense")
    user, text = choose(match, random.Random(32))
    report = await service.move(match.id, user, text, expected_version=match.version)
    assert report.previous_state == match.state
    assert replay(UR, match.options, 2, await service.history(match.id)) == report.match.state


def test_a_log_that_does_not_replay_says_where() -> None:
    at = datetime(2024, 1, 1, tzinfo=UTC)
    log = [
        LogEntry(1, LogKind.CHANCE, None, "first:A", at),
        LogEntry(2, LogKind.CHANCE, None, "roll:2", at),
        LogEntry(3, LogKind.MOVE, 0, "A1-A1", at),
    ]
    with pytest.raises(ReplayError, match="ply 3"):
        replay(UR, {"rules": "v2"}, 2, log)
    wrong_seat = [*log[:2], LogEntry(3, LogKind.MOVE, 1, "in-A3", at)]
    with pytest.raises(ReplayError, match="ply 3"):  # the engine or replay itself notices the wrong seat
        replay(UR, {"rules": "v2"}, 2, wrong_seat)


# Resigning and aborting.


async def test_resigning_gives_the_game_to_the_opponent(service: MatchService) -> None:
    match = await play(service, await started(service), random.Random(41), plies=3)
    with pytest.raises(MatchError) as refused:
        await service.resign(match.id, CAROL)
    assert refused.value.key == "not_seated"

    waiting_user = match.seats[1 - to_act(match)[1]]  # resigning does not need the turn
    report = await service.resign(match.id, waiting_user, interaction_id=5)
    match = report.match
    loser = match.seat_of(waiting_user)
    assert loser is not None
    assert match.status is MatchStatus.FINISHED
    assert match.result == Outcome(Termination.RESIGNATION, winners=(1 - loser,))
    assert [(e.kind, e.seat, e.notation) for e in report.entries] == [(LogKind.RESIGN, loser, "resign")]
    assert match.to_act() == ()
    assert await service.get(match.id) == match

    assert (await service.resign(match.id, waiting_user, interaction_id=5)).replayed
    with pytest.raises(MatchError) as refused:
        await service.resign(match.id, waiting_user)
    assert refused.value.key == "not_active"
    # The log still replays to the position the game stopped in.
    assert replay(UR, match.options, 2, await service.history(match.id)) == match.state


async def test_a_finished_match_keeps_the_version_of_its_judge(service: MatchService) -> None:
    """Issue 35: the record says which judge the match finished under (a later review by another judge is
    marked as judged afresh); a match still played keeps none."""
    match = await play(service, await started(service), random.Random(41), plies=3)
    assert match.judge_version is None
    match = (await service.resign(match.id, match.seats[0])).match
    assert match.judge_version == odds.version(match.state) != "softmax-k2.5"
    assert (await service.get(match.id)).judge_version == match.judge_version


async def test_aborting(service: MatchService) -> None:
    match = await play(service, await started(service), random.Random(51), plies=2)
    with pytest.raises(MatchError) as refused:
        await service.abort(match.id, BOB)
    assert refused.value.key == "not_creator"

    report = await service.abort(match.id, CAROL, moderator=True)
    assert report.match.status is MatchStatus.ABORTED
    assert report.match.result == Outcome(Termination.ABORTED)
    assert not report.match.result.is_draw
    assert [(e.kind, e.seat, e.notation) for e in report.entries] == [(LogKind.ABORT, None, "abort")]
    assert report.previous_state == match.state == report.match.state
    assert await service.get(match.id) == report.match
    assert await service.current(CHANNEL) is None
    with pytest.raises(MatchError) as refused:
        await service.abort(match.id, ALICE)
    assert refused.value.key == "not_active"

    lobby_match = await lobby(service)
    aborted = await service.abort(lobby_match.id, ALICE)
    assert aborted.match.status is MatchStatus.ABORTED
    assert (await service.get(lobby_match.id)).status is MatchStatus.ABORTED


# Queries and small things.


async def test_messages_prefs_and_a_players_matches(service: MatchService) -> None:
    match = await lobby(service)
    await service.set_message(match.id, lobby=111)
    await service.set_message(match.id, board=222)
    got = await service.get(match.id)
    assert (got.lobby_message_id, got.board_message_id) == (111, 222)
    with pytest.raises(MatchError) as refused:
        await service.set_message(match.id + 100, board=1)
    assert refused.value.key == "no_match"
    with pytest.raises(MatchError) as refused:
        await service.history(match.id + 100)
    assert refused.value.key == "no_match"

    assert await service.user_pref(BOB, "dm_closed") is None
    await service.set_user_pref(BOB, "dm_closed", "1")
    assert await service.user_pref(BOB, "dm_closed") == "1"
    await service.set_user_pref(BOB, "dm_closed", None)
    assert await service.user_pref(BOB, "dm_closed") is None

    other = await lobby(service, channel=CHANNEL + 5)
    await service.abort(other.id, ALICE)
    mine = await service.matches_of_user(BOB)
    assert [m.id for m in mine] == [other.id, match.id]
    assert [m.id for m in await service.matches_of_user(BOB, statuses=[MatchStatus.LOBBY])] == [match.id]


outcomes = st.builds(
    Outcome,
    st.sampled_from(Termination),
    winners=st.lists(st.integers(0, 7), max_size=3).map(tuple),
    ranking=st.lists(st.integers(0, 7), max_size=8).map(tuple),
    scores=st.lists(st.integers(-1000, 1000), max_size=8).map(tuple),
)


@given(outcomes)
def test_results_round_trip_through_json(outcome: Outcome) -> None:
    import json

    assert outcome_from_json(json.loads(json.dumps(outcome_to_json(outcome)))) == outcome


def test_engine_errors_are_game_errors() -> None:
    # The bot's reply code relies on this: every refusal from the engine is a GameError with a key.
    assert issubclass(NotYourTurnError, GameError)
    assert dataclasses.is_dataclass(Match)


# Draws by agreement.


async def test_a_draw_is_offered_accepted_and_logged(service: MatchService) -> None:
    match = await started(service)
    _, offer = await service.offer_draw(match.id, ALICE)
    assert offer.seat == 0 and offer.version == match.version
    with pytest.raises(MatchError) as twice:
        await service.offer_draw(match.id, BOB)
    assert twice.value.key == "draw_pending"
    with pytest.raises(MatchError) as own:
        await service.answer_draw(match.id, ALICE, accept=True, version=match.version)
    assert own.value.key == "own_draw_offer"
    after, pending, report = await service.answer_draw(match.id, BOB, accept=True, version=match.version)
    assert pending is None and report is not None
    assert after.status is MatchStatus.FINISHED
    assert after.result == Outcome(Termination.DRAW_AGREED)
    log = await service.history(match.id)
    assert (log[-1].kind, log[-1].notation, log[-1].seat) == (LogKind.DRAW, "draw", 0)
    assert after.version == match.version + 1


def test_a_proposal_is_built_by_name_so_its_integers_never_swap() -> None:
    """A replacement names three integers (seat, member, version): built by position, they could trade places."""
    with pytest.raises(TypeError):
        ReplaceRequest(2, 7, 101, ())  # type: ignore[misc]
    request = ReplaceRequest(seat=2, version=7, accepted=(), user_id=101)
    answered = dataclasses.replace(request, accepted=(0,))
    assert isinstance(answered, Proposal) and (answered.seat, answered.version, answered.user_id) == (2, 7, 101)
    # A draw and a rematch hold the same fields yet stay two kinds: the shell tells them apart.
    assert DrawOffer(seat=0, version=3, accepted=(0,)) != RematchOffer(seat=0, version=3, accepted=(0,))


async def test_a_declined_draw_changes_nothing(service: MatchService) -> None:
    match = await started(service)
    await service.offer_draw(match.id, BOB)
    after, pending, report = await service.answer_draw(match.id, ALICE, accept=False, version=match.version)
    assert pending is None and report is None
    assert after.status is MatchStatus.ACTIVE and after.version == match.version
    with pytest.raises(MatchError) as gone:
        await service.answer_draw(match.id, ALICE, accept=True, version=match.version)
    assert gone.value.key == "no_draw_offer"
    await service.offer_draw(match.id, ALICE)  # a new offer may follow


async def test_a_move_ends_a_pending_draw_offer(service: MatchService) -> None:
    match = await started(service)
    user, _ = to_act(match)
    other = BOB if user == ALICE else ALICE
    await service.offer_draw(match.id, other)
    moved = await play(service, match, random.Random(3), plies=1)
    assert moved.version > match.version
    with pytest.raises(MatchError) as stale:
        await service.answer_draw(match.id, user, accept=True, version=match.version)
    assert stale.value.key == "no_draw_offer"
    await service.offer_draw(match.id, other)  # the lapsed offer does not block a new one


async def test_strangers_cannot_offer_or_answer_draws(service: MatchService) -> None:
    match = await started(service)
    with pytest.raises(MatchError) as stranger:
        await service.offer_draw(match.id, CAROL)
    assert stranger.value.key == "not_seated"
