"""Moving an association from SQLite to PostgreSQL: ``python -m bot.app.storage.copy`` keeps every row and id."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.app.matches import MatchService, MatchStatus
from bot.app.storage import Store
from bot.app.storage.copy import TABLES, CopyError, copy_database, main
from bot.app.storage.events_store import EventSettings, EventStore
from tests.pgserver import PgServer

pytestmark = pytest.mark.postgres

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def association(path: Path) -> None:
    """A small association's database: finished and running games, ratings, an event, preferences."""
    store = await Store.open(path)
    service = MatchService(store, Clock())
    rng = random.Random(3)
    for channel in range(10, 16):
        match = await service.create("ur", {}, guild_id=7, channel_id=channel, creator_id=1, turn_limit=86400)
        await service.join(match.id, 2)
        match = (await service.start(match.id, 1)).match
        plies = None if channel % 2 else 6  # half are played to the end (rated), half stay running
        while match.status is MatchStatus.ACTIVE and (plies is None or plies > 0):
            (seat,) = match.state.actors()
            text = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
            match = (await service.move(match.id, match.seats[seat], text, expected_version=match.version)).match
            plies = None if plies is None else plies - 1
    await service.create("ur", {}, guild_id=7, channel_id=99, creator_id=3)  # a lobby
    await service.set_user_pref(1, "lang", "fr")
    await store.add_replace_decline(1, 1, 5, 2, 3, now=T0)  # member 5 was declined for seat 1 of match 1
    await store.put_plan(1, 2, 1, 6, '{"keyed":"roll","b":[["roll:2","in"]]}', 1, now=T0)  # a plan ahead
    await service.declare_vacation(2, T0 + timedelta(days=3), 2)
    events = EventStore(store)
    spring = EventSettings("Spring", "ur", {}, "swiss", rounds=3, turn_limit=None, auto_advance=True)
    event = await events.insert_event(spring, guild_id=7, channel_id=50, organiser_id=1, now=T0)
    await events.add_player(event, 1, 0, now=T0)
    await events.add_player(event, 2, 1, now=T0)
    await events.log(event, 1, "start", {"round": 1}, now=T0)
    await store.close()


async def test_every_row_and_id_survives_the_copy(tmp_path: Path, pg_url: str) -> None:
    path = tmp_path / "plateau.db"
    await association(path)

    report = await copy_database(str(path), pg_url)
    assert report.equal and report.source["moves"] > 50 and report.source["rating_changes"] == 6
    assert set(report.source) == set(TABLES) and report.source["replace_declines"] == 1

    old, new = await Store.open(path), await Store.open(pg_url)
    try:
        for match_id in range(1, 8):
            assert await new.load_match_row(match_id) == await old.load_match_row(match_id)
            assert await new.load_moves(match_id) == await old.load_moves(match_id)
            assert await new.load_seats(match_id) == await old.load_seats(match_id)
        assert await new.rating_table(7, "ur:v2") == await old.rating_table(7, "ur:v2")
        assert await new.load_vacations(2) == await old.load_vacations(2)
        assert await new.load_plan(1, 2) == await old.load_plan(1, 2) is not None
        # The preferences hold the language and, per match, how the member's salt came to be.
        prefs = await new.load_prefs(1)
        assert prefs == await old.load_prefs(1) and prefs["lang"] == "fr" and prefs["salt_kind:1"] == "drawn"
        assert await EventStore(new).load_log(1) == await EventStore(old).load_log(1)
        # The copied matches play on, and new ids continue after the copied ones.
        service = MatchService(new, Clock())
        running = await service.current(10)
        assert running is not None and running.status is MatchStatus.ACTIVE
        fresh = await service.create("ur", {}, guild_id=7, channel_id=500, creator_id=1)
        assert fresh.id == 8
    finally:
        await old.close()
        await new.close()

    with pytest.raises(CopyError, match="not empty"):
        await copy_database(str(path), pg_url)


def test_the_command_line_reports_the_counts(
    tmp_path: Path, pg_server: object, capsys: pytest.CaptureFixture[str]
) -> None:

    assert isinstance(pg_server, PgServer)
    path = tmp_path / "plateau.db"
    asyncio.run(association(path))
    target = pg_server.new_database()
    assert main([str(path), target]) == 0
    out = capsys.readouterr().out
    assert "every count checks equal" in out and "moves" in out
    assert main([str(path), target]) == 1, "a second copy into the same database is refused"


async def _target_tables(url: str) -> int:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"))
    finally:
        await conn.close()


def test_a_damaged_sqlite_file_fails_in_one_line_and_leaves_the_target_untouched(
    tmp_path: Path, pg_server: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert isinstance(pg_server, PgServer)
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(bytes(range(256)) * 64)
    whole = tmp_path / "whole.db"
    asyncio.run(association(whole))
    truncated = tmp_path / "truncated.db"
    data = whole.read_bytes()
    truncated.write_bytes(data[: len(data) // 2])

    for damaged in (garbage, truncated):
        before = damaged.read_bytes()
        target = pg_server.new_database()
        capsys.readouterr()
        assert main([str(damaged), target]) == 1
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("copy failed:") and damaged.name in lines[0], captured.err
        assert asyncio.run(_target_tables(target)) == 0, "the target was not touched (not even migrated)"
        assert damaged.read_bytes() == before, "the damaged source was not written either"


def test_a_salt_holding_a_nul_is_named_and_skip_nul_copies_the_rest(
    tmp_path: Path, pg_server: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 37, fault 2: PostgreSQL text cannot hold a NUL, which a salt typed before NULs were refused may."""
    import sqlite3

    assert isinstance(pg_server, PgServer)
    path = tmp_path / "plateau.db"
    asyncio.run(association(path))
    db = sqlite3.connect(path)
    with db:
        match_id, user_id = db.execute(
            "SELECT match_id, user_id FROM match_salts ORDER BY match_id, user_id"
        ).fetchone()
        db.execute("UPDATE match_salts SET salt = ? WHERE match_id = ? AND user_id = ?", ("a\x00b", match_id, user_id))
        salts = int(db.execute("SELECT count(*) FROM match_salts").fetchone()[0])
    db.close()
    named = f"match_salts (match_id={match_id} user_id={user_id}: salt)"

    target = pg_server.new_database()
    capsys.readouterr()
    assert main([str(path), target]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("copy failed: 1 row(s) hold a NUL character") and named in line and "--skip-nul" in line
    assert asyncio.run(_target_count(target, "matches")) == 0, "nothing kept"

    assert main([str(path), target, "--skip-nul"]) == 0
    out = capsys.readouterr().out
    assert f"left out of match_salts (a NUL in its text): match_id={match_id} user_id={user_id}: salt" in out
    assert "every count checks equal (less the 1 left out)" in out
    assert asyncio.run(_target_count(target, "match_salts")) == salts - 1
    assert asyncio.run(_target_count(target, "matches")) == 7


async def _target_count(url: str, table: str) -> int:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval(f"SELECT count(*) FROM {table}"))
    finally:
        await conn.close()
