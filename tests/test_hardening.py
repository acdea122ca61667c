"""Faults of the hostile review (issue 15) in the match service and the store, each pinned by a test."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.matches import (
    MAX_MOVE_TEXT,
    MAX_OPEN_LOBBIES,
    BoardChangedError,
    Match,
    MatchError,
    MatchService,
    MatchStatus,
)
from bot.app.storage import Store
from bot.app.storage.store import SchemaVersionError, to_iso
from games.base import GameError, Termination
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock, choose, snapshot, started


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store) -> MatchService:
    return MatchService(store, Clock())


async def first_move(service: MatchService, match: Match) -> Match:
    """The player to act makes one legal move."""
    user, text = choose(match, random.Random(1))
    return (await service.move(match.id, user, text, expected_version=match.version)).match


# Move text.


async def test_a_move_longer_than_the_cap_is_refused_before_parsing(service: MatchService, store: Store) -> None:
    match = await started(service)
    user, _text = choose(match, random.Random(1))
    before = await snapshot(store, match.id)
    with pytest.raises(MatchError) as refused:
        await service.move(match.id, user, "9" * 10_000)
    assert refused.value.key == "move_too_long" and refused.value.params == {"max": MAX_MOVE_TEXT}
    with pytest.raises(MatchError, match="move_too_long"):
        await service.move(match.id, user, " " * (MAX_MOVE_TEXT + 1))
    assert await snapshot(store, match.id) == before


# Interaction ids.


async def test_an_interaction_id_tells_nothing_to_someone_not_seated(service: MatchService) -> None:
    """Carol, not seated, replays the interaction id of Alice's move: she is refused as not seated, not told
    the move."""
    match = await started(service)
    user, text = choose(match, random.Random(1))
    await service.move(match.id, user, text, interaction_id=4242)
    with pytest.raises(MatchError) as refused:
        await service.move(match.id, CAROL, text, interaction_id=4242)
    assert refused.value.key == "not_seated"
    other = await started(service, channel=CHANNEL + 1)
    # The same id sent for another match is no replay of the first one: it is refused or played, never replayed.
    try:
        report = await service.move(other.id, user, text, interaction_id=4242)
    except (MatchError, GameError):
        pass
    else:
        assert not report.replayed


async def test_a_repeated_interaction_still_answers_its_own_player(service: MatchService) -> None:
    match = await started(service)
    user, text = choose(match, random.Random(1))
    first = await service.move(match.id, user, text, interaction_id=99)
    again = await service.move(match.id, user, text, interaction_id=99)
    assert again.replayed and again.match.version == first.match.version


# Resignation.


async def test_a_resignation_confirmed_on_an_old_board_is_refused(service: MatchService) -> None:
    match = await started(service)
    asked_at = match.version
    moved = await first_move(service, match)
    with pytest.raises(BoardChangedError):
        await service.resign(match.id, ALICE, expected_version=asked_at)
    assert (await service.get(match.id)).status is MatchStatus.ACTIVE
    report = await service.resign(match.id, ALICE, expected_version=moved.version)
    assert report.match.status is MatchStatus.FINISHED


# Abort.


async def make_event_game(store: Store, match_id: int) -> None:
    """Attach ``match_id`` to an event's first round, as the events service does."""
    stamp = to_iso(Clock()())
    async with store.transaction():
        await store._write(
            "INSERT INTO events (id, guild_id, channel_id, name, game, format, rounds, organiser_id, status,"
            " current_round, created_at, updated_at) VALUES (1, ?, ?, 'Cup', 'ur', 'swiss', 3, ?, 'running', 1, ?, ?)",
            (GUILD, CHANNEL, CAROL, stamp, stamp),
        )
        await store._write(
            "INSERT INTO event_games (event_id, round, board, players, match_id) VALUES (1, 1, 1, ?, ?)",
            (f"[{ALICE}, {BOB}]", match_id),
        )


async def test_an_event_match_is_aborted_only_by_an_organiser(service: MatchService, store: Store) -> None:
    match = await started(service)
    await make_event_game(store, match.id)
    for moderator in (False, True):
        with pytest.raises(MatchError) as refused:
            await service.abort(match.id, ALICE, moderator=moderator)
        assert refused.value.key == "event_abort"
    assert (await service.get(match.id)).status is MatchStatus.ACTIVE
    report = await service.abort(match.id, CAROL, organiser=True)
    assert report.match.status is MatchStatus.ABORTED


async def test_a_creator_abort_of_a_rated_match_under_way_counts_as_resignation(service: MatchService) -> None:
    match = await started(service)
    # Before any decision the creator may still call it off.
    early = await service.abort(match.id, ALICE)
    assert early.match.status is MatchStatus.ABORTED
    match = await first_move(service, await started(service, channel=CHANNEL + 1))
    report = await service.abort(match.id, ALICE)
    assert report.match.status is MatchStatus.FINISHED
    assert report.match.result is not None and report.match.result.termination is Termination.RESIGNATION
    assert report.match.result.winners == (1,)


async def test_a_creator_may_abort_an_unrated_match_or_a_moderator_any(service: MatchService) -> None:
    lobby = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, rated=False)
    await service.join(lobby.id, BOB)
    match = await first_move(service, (await service.start(lobby.id, ALICE)).match)
    assert (await service.abort(match.id, ALICE)).match.status is MatchStatus.ABORTED
    rated = await first_move(service, await started(service, channel=CHANNEL + 1))
    assert (await service.abort(rated.id, CAROL, moderator=True)).match.status is MatchStatus.ABORTED


# Lobbies per member.


async def test_a_member_sits_in_at_most_so_many_lobbies(service: MatchService) -> None:
    for k in range(MAX_OPEN_LOBBIES):
        await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL + k, creator_id=ALICE)
    with pytest.raises(MatchError) as refused:
        await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL + 100, creator_id=ALICE)
    assert refused.value.key == "too_many_lobbies" and refused.value.params == {"max": MAX_OPEN_LOBBIES}
    other = await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL + 101, creator_id=BOB)
    with pytest.raises(MatchError, match="too_many_lobbies"):
        await service.join(other.id, ALICE)
    # Event games are opened uncapped.
    await service.join(other.id, ALICE, capped=False)
    await service.create("ur", {}, guild_id=GUILD, channel_id=CHANNEL + 102, creator_id=ALICE, capped=False)


# A database from a newer Plateau.


@pytest.mark.parametrize("how", ["user_version", "schema_migrations"])
async def test_a_refused_newer_database_is_not_modified(tmp_path: Path, how: str) -> None:
    """Written by a newer Plateau in rollback-journal mode: refused, and not one byte changed (no switch to WAL)."""
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT)")
        if how == "user_version":
            db.execute("PRAGMA user_version = 999")
        else:
            db.execute("INSERT INTO schema_migrations VALUES (999, 'from_the_future', '2099-01-01')")
        db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY)")
    db.close()
    before = path.read_bytes()
    with pytest.raises(SchemaVersionError, match="newer version"):
        await Store.open(path)
    assert path.read_bytes() == before
    assert not path.with_name("future.db-wal").exists()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()


# Start-up without a network.


def test_start_up_without_a_network_says_so_in_one_line(tmp_path: Path) -> None:
    """Discord unreachable (its API pointed at a closed local port): one clear line, no traceback, and no
    warning about voice support, which the bot does not use."""
    (tmp_path / "sitecustomize.py").write_text(
        'import discord.http\ndiscord.http.Route.BASE = "https://127.0.0.1:9/api/v10"\n', encoding="utf-8"
    )
    root = Path(__file__).resolve().parent.parent
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": os.pathsep.join([str(root), str(tmp_path)]),
        "DISCORD_TOKEN": "not-a-real-token",
        "PLATEAU_DATABASE": str(tmp_path / "plateau.db"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Traceback" not in output, output
    assert "voice will NOT be supported" not in output, output
    failures = [line for line in output.splitlines() if "ERROR" in line]
    assert len(failures) == 1 and "could not reach Discord" in failures[0], output


# Snapshot trust.


async def damage_and_reload(service: MatchService, store: Store, match: Match, text: str) -> Match:
    """Overwrite the snapshot text (the version stays as it is), then load the match again."""
    assert text != match.state.to_text()
    await store.update_match(match.id, now=match.updated_at, state=text)
    return await service.get(match.id)


async def test_a_truncated_ursuppe_snapshot_that_still_parses_is_rebuilt(service: MatchService, store: Store) -> None:
    lobby = await service.create("ursuppe", {}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, seed="s")
    await service.join(lobby.id, BOB)
    await service.join(lobby.id, CAROL)
    match = (await service.start(lobby.id, ALICE)).match
    rng = random.Random(5)
    while match.version < 60 and match.status is MatchStatus.ACTIVE:
        seat = match.state.actors()[0]
        move = rng.choice(match.state.legal_moves(seat))
        match = (await service.move(match.id, match.seats[seat], match.state.format_move(move))).match
    text = match.state.to_text()
    game = match.game
    # A cut that still reads as a position (the tail of its event list lost), but not this one.
    cut = next(
        text[:n]
        for n in range(len(text) - 1, 0, -1)
        if _parses(game, text[:n]) and game.from_text(text[:n]) != match.state
    )
    reloaded = await damage_and_reload(service, store, match, cut)
    assert reloaded.state == match.state
    repaired = await store.load_match_row(match.id)
    assert repaired is not None and repaired.state == text


def _parses(game: object, text: str) -> bool:
    try:
        game.from_text(text)  # type: ignore[attr-defined]
    except Exception:
        return False
    return True


async def test_another_rule_sets_opening_is_not_taken_for_a_ravensburger_match(
    service: MatchService, store: Store
) -> None:
    lobby = await service.create("ur", {"rules": "rb"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE)
    await service.join(lobby.id, BOB)
    match = await first_move(service, (await service.start(lobby.id, ALICE)).match)
    other = match.game.new(2, {"rules": "v2"}).to_text()
    assert _parses(match.game, other)
    reloaded = await damage_and_reload(service, store, match, other)
    assert reloaded.state == match.state and reloaded.options["rules"] == "rb"


async def test_a_stale_earlier_position_under_the_current_version_is_rebuilt(
    service: MatchService, store: Store
) -> None:
    match = await started(service)
    earlier = match.state.to_text()
    rng = random.Random(8)
    for _ in range(4):
        if match.status is not MatchStatus.ACTIVE:
            break
        user, text = choose(match, rng)
        match = (await service.move(match.id, user, text)).match
    reloaded = await damage_and_reload(service, store, match, earlier)
    assert reloaded.state == match.state


# Bounded replays.


async def finished_ur(service: MatchService) -> Match:
    match = await started(service)
    rng = random.Random(12)
    while match.status is MatchStatus.ACTIVE:
        user, text = choose(match, rng)
        match = (await service.move(match.id, user, text)).match
    return match


async def test_a_long_replay_is_thinned_to_the_cap_keeping_first_and_last(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.app.records import replays
    from render import BoardContext, render_board

    match = await finished_ur(service)
    entries = list(await service.history(match.id))
    points = replays.frame_points(match, entries)
    assert len(points) > 12, "a match longer than the cap"
    drawn: list[bytes] = []
    real_render = replays.render_board

    def counting(*args: object, **kwargs: object) -> bytes:
        png = real_render(*args, **kwargs)  # type: ignore[arg-type]
        drawn.append(png)
        return png

    monkeypatch.setattr(replays, "MAX_FRAMES", 10)
    monkeypatch.setattr(replays, "render_board", counting)
    names = ("alice", "bob")
    animation = replays.build(match, entries, names, "en")
    assert len(drawn) == 10, "only the kept positions are drawn"
    assert animation.frames_total == 11  # and the final board once more
    opening = render_board("ur", match.game.new(2, match.options).view_for(None), BoardContext(names, lang="en"))
    assert drawn[0] == opening
    assert drawn[-1] != opening


async def test_a_resigned_matchs_replay_ends_on_a_board_naming_the_winner(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pause at the end of a replay shows what the last turn post showed: a match won by resignation is
    drawn once more naming its winner, not the player who was to move."""
    from bot.app.records import replays
    from render import BoardContext, render_board

    match = await started(service)
    rng = random.Random(12)
    for _ in range(6):
        user, text = choose(match, rng)
        match = (await service.move(match.id, user, text)).match
    await service.resign(match.id, BOB)
    match = await service.get(match.id)
    assert match.won_off_the_board() is not None
    drawn: list[tuple[bytes, BoardContext]] = []
    real_render = replays.render_board

    def keeping(game: str, view: object, ctx: BoardContext) -> bytes:
        png = real_render(game, view, ctx)  # type: ignore[arg-type]
        drawn.append((png, ctx))
        return png

    monkeypatch.setattr(replays, "render_board", keeping)
    animation = replays.build(match, list(await service.history(match.id)), ("alice", "bob"), "en")
    (before, _), (last, ctx) = drawn[-2], drawn[-1]
    assert ctx.result == match.result
    assert last != before, "the end is drawn again with the winner named"
    assert animation.frames_total == len(drawn)
    view = match.state.view_for(None)
    plain = BoardContext(("alice", "bob"), last_move=ctx.last_move, last_mover=ctx.last_mover)
    unnamed = render_board("ur", view, plain)
    assert last != unnamed


async def test_a_replay_longer_than_the_work_cap_is_refused(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.app.records import replays

    match = await finished_ur(service)
    monkeypatch.setattr(replays, "MAX_ACTIONS", 5)
    with pytest.raises(MatchError) as refused:
        replays.build(match, list(await service.history(match.id)), ("a", "b"), "en")
    assert refused.value.key == "replay_too_long"


def test_the_replay_cache_keeps_the_latest_and_builds_one_at_a_time() -> None:
    from bot.app.records.replays import ReplayCache

    cache = ReplayCache(size=2)
    for k in range(3):
        cache.put(k, f"animation {k}")  # type: ignore[arg-type]
    assert cache.get(0) is None and cache.get(2) == "animation 2"
    cache.claim(7)
    with pytest.raises(MatchError, match="replay_busy"):
        cache.claim(8)
    cache.release()
    cache.claim(8)
