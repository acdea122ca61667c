"""The store: migrations and schema version, the rules the schema enforces, transactions.

The tests taking the ``store`` fixture are the shared storage suite: they run on SQLite and on a real
PostgreSQL server. The ones that open a file look at SQLite itself; the PostgreSQL ones at the end look at
what only PostgreSQL does (row locks, parallel transactions).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest

from bot.app.storage import (
    Backend,
    ChannelBusyError,
    ConflictError,
    MatchParts,
    Migration,
    MigrationError,
    MoveRow,
    ProposalRow,
    SchemaVersionError,
    Store,
    from_iso,
    is_postgres_url,
    load_migrations,
    split_statements,
    to_iso,
)
from bot.app.storage.backends import redacted, sqlite_path

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
LATEST = load_migrations()[-1].version


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    opened = await Store.open(store_url)
    yield opened
    await opened.close()


async def new_lobby(store: Store, channel_id: int = 10, creator_id: int = 1, guild_id: int | None = 7) -> int:
    return await store.insert_match(
        game="ur",
        options={"rules": "v2"},
        seed="seed",
        guild_id=guild_id,
        channel_id=channel_id,
        creator_id=creator_id,
        now=T0,
    )


def entry(ply: int, kind: str = "move", seat: int | None = 0, interaction_id: int | None = None) -> MoveRow:
    return MoveRow(ply, kind, seat, f"note{ply}", T0 + timedelta(seconds=ply), interaction_id)


def raw(path: Path) -> sqlite3.Connection:
    """A plain sqlite3 connection, to look at (or tamper with) the file behind the store's back."""
    return sqlite3.connect(path, isolation_level=None)


# Migrations and the schema version.


async def test_a_new_database_records_its_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "plateau.db"
    store = await Store.open(path, now=T0)
    try:
        assert store.applied_migrations == tuple(range(1, LATEST + 1))
        assert await store.schema_version() == LATEST
        history = await store.migration_history()
        assert [(v, name) for v, name, _ in history] == [(m.version, m.name) for m in load_migrations()]
        assert all(at == T0 for _, _, at in history)
        settings = await store.settings()
        assert settings["journal_mode"] == "wal"
        assert settings["foreign_keys"] == 1
        assert settings["busy_timeout"] == 5000
    finally:
        await store.close()
    with raw(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST


async def test_opening_twice_applies_nothing_the_second_time(tmp_path: Path) -> None:
    path = tmp_path / "plateau.db"
    first = await Store.open(path, now=T0)
    history = await first.migration_history()
    await first.close()

    second = await Store.open(path, now=T0 + timedelta(days=1))
    try:
        assert second.applied_migrations == ()
        assert await second.migration_history() == history
        assert await second.schema_version() == LATEST
    finally:
        await second.close()


@pytest.mark.parametrize("how", ["user_version", "schema_migrations"])
async def test_a_database_from_a_newer_version_is_refused(tmp_path: Path, how: str) -> None:
    path = tmp_path / "plateau.db"
    await (await Store.open(path)).close()
    with raw(path) as db:
        if how == "user_version":
            db.execute(f"PRAGMA user_version = {LATEST + 1}")
        else:
            db.execute("INSERT INTO schema_migrations VALUES (?, 'from_the_future', ?)", (LATEST + 1, to_iso(T0)))

    with pytest.raises(SchemaVersionError, match=r"newer version") as refused:
        await Store.open(path)
    assert f"schema version {LATEST + 1}" in str(refused.value)


async def test_a_failing_migration_leaves_the_database_untouched(tmp_path: Path) -> None:
    path = tmp_path / "plateau.db"
    good = Migration(1, "tables", "two tables", "-- Reason: two tables\nCREATE TABLE a (x INTEGER);")
    bad = Migration(2, "broken", "a typo", "-- Reason: a typo\nCREATE TABLE b (y INTEGER);\nCREATE TABEL c (z);")

    with pytest.raises(sqlite3.OperationalError):
        await Store.open(path, migrations=[good, bad])

    with raw(path) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == set()  # not even schema_migrations: everything was one transaction
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0


async def test_a_renamed_migration_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "plateau.db"
    first = Migration(1, "tables", "why", "-- Reason: why\nCREATE TABLE a (x INTEGER);")
    await (await Store.open(path, migrations=[first])).close()

    renamed = Migration(1, "other_name", "why", first.sql)
    with pytest.raises(MigrationError, match="never be renamed"):
        await Store.open(path, migrations=[renamed])


async def test_a_later_migration_is_applied_on_top(tmp_path: Path) -> None:
    path = tmp_path / "plateau.db"
    migrations = list(load_migrations())
    await (await Store.open(path, migrations=migrations)).close()

    extra = Migration(LATEST + 1, "extra", "test", "-- Reason: test\nCREATE TABLE extra (x INTEGER);")
    store = await Store.open(path, migrations=[*migrations, extra])
    try:
        assert store.applied_migrations == (LATEST + 1,)
        assert await store.schema_version() == LATEST + 1
    finally:
        await store.close()


# One proposal of each kind in the five tables 0003-0018 made, as (table, its columns, values, kind, seat,
# version and detail kept by 0022): one match holds all five at once, as a match may.
_PENDING = (
    ("draw_offers", "seat, version", (1, 4), "draw", (1, 4, None)),
    ("rematch_offers", "seat, version", (0, 9), "rematch", (0, 9, None)),
    ("undo_requests", "seat, version, target_ply", (0, 7, 6), "undo", (0, 7, 6)),
    ("replace_requests", "seat, user_id, version", (1, 4242, 8), "replace", (1, 8, 4242)),
    ("pace_offers", "seat, version, turn_limit", (1, 5, 0), "pace", (1, 5, 0)),
)


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def test_the_proposals_table_keeps_every_pending_proposal(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = str(tmp_path / "plateau.db") if backend == "sqlite" else str(request.getfixturevalue("pg_url"))
    before = [m for m in load_migrations(dialect="sqlite" if backend == "sqlite" else "postgresql") if m.version < 22]
    old = await Store.open(url, migrations=before)
    try:
        match_id = await new_lobby(old)
        for table, columns, values, _, _ in _PENDING:
            marks = ", ".join("?" * (len(values) + 3))
            await old._write(
                f"INSERT INTO {table} (match_id, {columns}, accepted, created_at) VALUES ({marks})",
                (match_id, *values, "[0, 1]", to_iso(T0)),
            )
    finally:
        await old.close()

    store = await Store.open(url)
    try:
        assert 22 in store.applied_migrations
        for _, _, _, kind, kept in _PENDING:
            assert await store.get_proposal(kind, match_id) == ProposalRow(*kept, accepted=(0, 1)), kind
        await store.delete_proposal("undo", match_id)
        assert await store.get_proposal("undo", match_id) is None
        assert await store.get_proposal("draw", match_id) == ProposalRow(1, 4, None, (0, 1)), "the other kinds stay"
    finally:
        await store.close()


def test_every_migration_file_starts_with_its_reason() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    for migration in migrations:
        assert migration.sql.startswith("-- Reason: ")
        assert migration.reason


@pytest.mark.parametrize(
    ("name", "text", "complaint"),
    [
        ("0001_initial.sql", "CREATE TABLE a (x);", "Reason"),
        ("1_initial.sql", "-- Reason: x\nCREATE TABLE a (x);", "NNNN"),
        ("0002_second.sql", "-- Reason: x\nCREATE TABLE a (x);", "out of sequence"),
    ],
)
def test_malformed_migration_files_are_refused(tmp_path: Path, name: str, text: str, complaint: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(MigrationError, match=complaint):
        load_migrations(tmp_path)


def test_statements_are_split_where_sqlite_says_they_end() -> None:
    script = """-- Reason: test
    CREATE TABLE a (x TEXT DEFAULT 'a;b'); INSERT INTO a VALUES ('c;d');
    CREATE TRIGGER t AFTER INSERT ON a BEGIN
        INSERT INTO a VALUES ('e');
        SELECT 1;
    END;
    /* a closing comment; with a semicolon */
    -- and a last one
    """
    statements = split_statements(script)
    assert len(statements) == 3
    assert statements[0].endswith("DEFAULT 'a;b');")
    assert statements[2].startswith("CREATE TRIGGER") and statements[2].endswith("END;")
    with pytest.raises(MigrationError, match="ends inside a statement"):
        split_statements("CREATE TABLE a (x); CREATE TABLE b (y)")


# The rules the schema enforces.


async def test_a_channel_has_at_most_one_open_match(store: Store) -> None:
    first = await new_lobby(store, channel_id=10)
    with pytest.raises(ChannelBusyError):
        await new_lobby(store, channel_id=10)
    await new_lobby(store, channel_id=11)  # another channel (or a thread) is free

    await store.update_match(first, now=T0, status="active")
    with pytest.raises(ChannelBusyError):
        await new_lobby(store, channel_id=10)

    await store.update_match(first, now=T0, status="finished")
    again = await new_lobby(store, channel_id=10)
    assert (await store.find_current(10)).id == again  # type: ignore[union-attr]
    assert (await store.find_last(10)).id == again  # type: ignore[union-attr]

    # Reopening the finished match would make two open matches in the channel.
    with pytest.raises(ChannelBusyError):
        await store.update_match(first, now=T0, status="lobby")


async def test_the_move_log_refuses_stale_and_duplicate_writes(store: Store) -> None:
    match_id = await new_lobby(store)
    await store.append_moves(match_id, [entry(1, interaction_id=900), entry(2, "chance", None)])

    with pytest.raises(ConflictError):  # a second writer working from version 1
        await store.append_moves(match_id, [entry(2)])
    with pytest.raises(ConflictError):  # the same interaction delivered again
        await store.append_moves(match_id, [entry(3, interaction_id=900)])

    assert [e.ply for e in await store.load_moves(match_id)] == [1, 2]
    assert (await store.load_match_row(match_id)).log_version == 2  # type: ignore[union-attr]


async def test_the_move_log_is_append_only(tmp_path: Path) -> None:
    path = tmp_path / "plateau.db"
    store = await Store.open(path)
    match_id = await new_lobby(store)
    await store.append_moves(match_id, [entry(1)])
    await store.close()

    with raw(path) as db, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE moves SET notation = 'rewritten' WHERE match_id = ?", (match_id,))


async def test_an_interaction_owns_its_entry_and_the_chance_steps_after_it(store: Store) -> None:
    match_id = await new_lobby(store)
    await store.append_moves(
        match_id,
        [
            entry(1, "chance", None),
            entry(2, "move", 0, interaction_id=51),
            entry(3, "chance", None),
            entry(4, "chance", None),
            entry(5, "move", 1, interaction_id=52),
            entry(6, "chance", None),
            entry(7, "resign", 0, interaction_id=53),
        ],
    )
    found = await store.load_interaction(51)
    assert found is not None
    assert found[0] == match_id
    assert [e.ply for e in found[1]] == [2, 3, 4]
    assert [e.ply for e in (await store.load_interaction(52))[1]] == [5, 6]  # type: ignore[index]
    assert [e.ply for e in (await store.load_interaction(53))[1]] == [7]  # type: ignore[index]
    assert await store.load_interaction(54) is None


async def test_seats_keep_one_user_once_and_close_gaps(store: Store) -> None:
    match_id = await new_lobby(store)
    for seat, user in enumerate([1, 2, 3, 4]):
        await store.add_seat(match_id, seat, user, now=T0)
    with pytest.raises(ConflictError):
        await store.add_seat(match_id, 4, 2, now=T0)  # already seated
    with pytest.raises(ConflictError):
        await store.add_seat(match_id, 0, 9, now=T0)  # seat taken
    with pytest.raises(ConflictError):
        await store.add_seat(999, 0, 9, now=T0)  # no such match: foreign keys are on

    assert await store.remove_seat(match_id, 2)
    assert await store.load_seats(match_id) == [1, 3, 4]
    assert not await store.remove_seat(match_id, 2)


async def test_a_users_matches_on_every_server_use_the_seat_index(tmp_path: Path) -> None:
    path = tmp_path / "plateau.db"
    store = await Store.open(path)
    try:
        ids = []
        for n, guild in enumerate([7, 8, None]):
            match_id = await new_lobby(store, channel_id=100 + n, creator_id=1, guild_id=guild)
            await store.add_seat(match_id, 0, 42, now=T0)
            ids.append(match_id)
        await store.update_match(ids[0], now=T0, status="finished")

        assert [m.id for m in await store.matches_of_user(42)] == ids[::-1]
        assert [m.id for m in await store.matches_of_user(42, statuses=["lobby", "active"])] == ids[:0:-1]
        assert await store.matches_of_user(42, statuses=[]) == []
        assert await store.matches_of_user(43) == []
    finally:
        await store.close()
    with raw(path) as db:
        plan = db.execute(
            "EXPLAIN QUERY PLAN SELECT match_id FROM seats JOIN matches ON matches.id = seats.match_id"
            " WHERE seats.user_id = ?",
            (42,),
        ).fetchall()
    assert any("seats_by_user" in str(row) for row in plan)


async def test_user_preferences(store: Store) -> None:
    assert await store.get_pref(5, "dm_closed") is None
    await store.set_pref(5, "dm_closed", "1", now=T0)
    await store.set_pref(5, "lang", "fr", now=T0)
    await store.set_pref(5, "lang", "en", now=T0)
    await store.set_pref(6, "lang", "de", now=T0)
    assert await store.load_prefs(5) == {"dm_closed": "1", "lang": "en"}
    await store.set_pref(5, "dm_closed", None, now=T0)
    assert await store.get_pref(5, "dm_closed") is None
    assert await store.get_pref(6, "lang") == "de"


async def test_match_rows_round_trip(store: Store) -> None:
    match_id = await new_lobby(store, guild_id=None)
    await store.update_match(
        match_id,
        now=T0 + timedelta(minutes=5),
        status="finished",
        version=0,
        state="v2 0:- 1:- 0 2",
        result={"termination": "resignation", "winners": [1]},
        lobby_message_id=2**62,
        board_message_id=2**62 + 1,
    )
    row = await store.load_match_row(match_id)
    assert row is not None
    assert (row.game, row.options, row.seed, row.guild_id, row.channel_id) == ("ur", {"rules": "v2"}, "seed", None, 10)
    assert row.result == {"termination": "resignation", "winners": [1]}
    assert (row.lobby_message_id, row.board_message_id) == (2**62, 2**62 + 1)
    assert (row.created_at, row.updated_at) == (T0, T0 + timedelta(minutes=5))
    assert await store.load_match_row(match_id + 1) is None
    assert not await store.update_match(match_id + 1, now=T0)
    with pytest.raises(ConflictError):
        await store.update_match(match_id, now=T0, expected_version=3, version=4)


def test_times_are_iso_8601_utc_text() -> None:
    paris = datetime(2024, 5, 1, 14, 0, 0, 250, tzinfo=UTC).astimezone()
    text = to_iso(paris)
    assert text == "2024-05-01T14:00:00.000250Z"
    assert from_iso(text) == paris
    assert to_iso(datetime(2024, 1, 2, 3, 4, 5)) == "2024-01-02T03:04:05.000000Z"  # naive = UTC
    assert sorted([to_iso(T0 + timedelta(hours=h)) for h in (5, -3, 0)]) == [
        to_iso(T0 + timedelta(hours=h)) for h in (-3, 0, 5)
    ]


# Transactions on the shared connection.


async def test_a_transaction_that_raises_leaves_nothing(store: Store) -> None:
    with pytest.raises(RuntimeError):
        async with store.transaction():
            match_id = await new_lobby(store)
            await store.add_seat(match_id, 0, 1, now=T0)
            raise RuntimeError("changed my mind")
    assert await store.find_current(10) is None


async def test_a_nested_transaction_is_a_savepoint(store: Store) -> None:
    async with store.transaction():
        await store.set_pref(1, "kept", "yes", now=T0)
        with pytest.raises(RuntimeError):
            async with store.transaction():
                await store.set_pref(1, "dropped", "yes", now=T0)
                raise RuntimeError
    assert await store.load_prefs(1) == {"kept": "yes"}


async def test_transactions_never_interleave_on_the_shared_connection(store: Store) -> None:
    if store.kind != "sqlite":
        pytest.skip("SQLite's shared connection only: PostgreSQL transactions run in parallel (row locks below)")

    async def increment() -> None:
        async with store.transaction():
            value = int(await store.get_pref(1, "counter") or "0")
            await asyncio.sleep(0)  # let every other coroutine try to get in here
            await store.set_pref(1, "counter", str(value + 1), now=T0)

    await asyncio.gather(*(increment() for _ in range(40)))
    assert await store.get_pref(1, "counter") == "40"


async def test_a_statement_outside_a_transaction_does_not_join_someone_elses(store: Store) -> None:
    inside = asyncio.Event()

    async def doomed() -> None:
        async with store.transaction():
            await store.set_pref(1, "doomed", "yes", now=T0)
            inside.set()
            await asyncio.sleep(0.01)
            raise RuntimeError("rolled back")

    async def bystander() -> None:
        await inside.wait()
        await store.set_pref(2, "bystander", "yes", now=T0)  # must wait for the rollback, not join it

    results = await asyncio.gather(doomed(), bystander(), return_exceptions=True)
    assert isinstance(results[0], RuntimeError)
    assert await store.get_pref(1, "doomed") is None
    assert await store.get_pref(2, "bystander") == "yes"


# PostgreSQL: the same migrations, and what only a server with parallel transactions does.


def test_the_postgresql_migrations_mirror_the_sqlite_ones() -> None:
    sqlite_set = load_migrations()
    pg_set = load_migrations(dialect="postgresql")
    assert [(m.version, m.name, m.reason) for m in pg_set] == [(m.version, m.name, m.reason) for m in sqlite_set]
    assert all(m.sql.startswith("-- Reason: ") for m in pg_set)


def test_the_location_chooses_the_backend() -> None:
    assert is_postgres_url("postgresql://u:p@db:5432/plateau")
    assert is_postgres_url("postgres://db/plateau")
    assert not is_postgres_url("plateau.db")
    assert not is_postgres_url("sqlite:plateau.db")
    assert sqlite_path("sqlite:///var/plateau.db") == "/var/plateau.db"
    assert sqlite_path("sqlite:plateau.db") == "plateau.db"
    assert redacted("postgresql://bot:secret@db/plateau") == "postgresql://bot:***@db/plateau"


@pytest.mark.postgres
async def test_postgresql_records_its_schema_and_refuses_a_newer_one(pg_url: str) -> None:
    store = await Store.open(pg_url, now=T0)
    try:
        assert store.kind == "postgresql"
        assert store.applied_migrations == tuple(range(1, LATEST + 1))
        assert await store.schema_version() == LATEST
        assert [(v, n) for v, n, _ in await store.migration_history()] == [
            (m.version, m.name) for m in load_migrations(dialect="postgresql")
        ]
        assert (await store.settings())["transaction_isolation"] == "read committed"
        await store._write(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from_the_future', ?)",
            (LATEST + 1, to_iso(T0)),
        )
    finally:
        await store.close()
    with pytest.raises(SchemaVersionError, match="newer version"):
        await Store.open(pg_url)


@pytest.mark.postgres
async def test_postgresql_opened_twice_at_once_migrates_once(pg_url: str) -> None:
    first, second = await asyncio.gather(Store.open(pg_url), Store.open(pg_url))
    try:
        assert sorted([first.applied_migrations, second.applied_migrations]) == [(), tuple(range(1, LATEST + 1))]
    finally:
        await first.close()
        await second.close()


@pytest.mark.postgres
async def test_a_failing_postgresql_migration_leaves_nothing(pg_url: str) -> None:
    good = Migration(1, "tables", "two tables", "-- Reason: two tables\nCREATE TABLE a (x INTEGER);")
    bad = Migration(2, "broken", "a typo", "-- Reason: a typo\nCREATE TABLE b (y INTEGER);\nCREATE TABEL c (z);")
    with pytest.raises(asyncpg.PostgresSyntaxError):
        await Store.open(pg_url, migrations=[good, bad])
    conn = await asyncpg.connect(pg_url)
    try:
        tables = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    finally:
        await conn.close()
    assert tables == []


@pytest.mark.postgres
async def test_the_postgresql_move_log_is_append_only(pg_url: str) -> None:
    store = await Store.open(pg_url)
    try:
        match_id = await new_lobby(store)
        await store.append_moves(match_id, [entry(1)])
        with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="append-only"):
            await store._write("UPDATE moves SET notation = 'rewritten' WHERE match_id = ?", (match_id,))
        with pytest.raises(asyncpg.CheckViolationError):
            await store._write("UPDATE matches SET options = '{' WHERE id = ?", (match_id,))
    finally:
        await store.close()


@pytest.mark.postgres
async def test_a_refused_write_leaves_the_postgresql_transaction_usable(pg_url: str) -> None:
    store = await Store.open(pg_url)
    try:
        match_id = await new_lobby(store)
        async with store.transaction():
            await store.append_moves(match_id, [entry(1)])
            with pytest.raises(ConflictError):
                await store.append_moves(match_id, [entry(1)])
            # SQLite goes on after a refused statement; PostgreSQL too, thanks to the savepoint around it.
            assert (await store.load_match_row(match_id)).log_version == 1  # type: ignore[union-attr]
    finally:
        await store.close()


@pytest.mark.postgres
async def test_write_transactions_on_one_match_queue_on_its_row_lock(pg_url: str) -> None:
    # Two pools: two bot processes. Each transaction reads the match, waits, and writes version + 1; the row
    # lock taken by the read makes the second wait for the first commit, so no increment is lost.
    stores = [await Store.open(pg_url, pool_size=4) for _ in range(2)]
    try:
        match_id = await new_lobby(stores[0])

        async def bump(store: Store) -> None:
            async with store.transaction():
                row = await store.load_match_row(match_id)
                assert row is not None
                await asyncio.sleep(0.005)
                await store.update_match(match_id, now=T0, version=row.version + 1)

        await asyncio.gather(*(bump(stores[n % 2]) for n in range(20)))
        assert (await stores[1].load_match_row(match_id)).version == 20  # type: ignore[union-attr]
    finally:
        for store in stores:
            await store.close()


@pytest.mark.postgres
async def test_transactions_on_different_matches_run_in_parallel(pg_url: str) -> None:
    store = await Store.open(pg_url, pool_size=4)
    try:
        first, second = await new_lobby(store, channel_id=1), await new_lobby(store, channel_id=2)
        inside = asyncio.Event()
        release = asyncio.Event()

        async def holder() -> None:
            async with store.transaction():
                await store.load_match_row(first)
                inside.set()
                await release.wait()

        async def other() -> None:
            await inside.wait()
            async with store.transaction():  # not blocked by the holder's open transaction
                await store.load_match_row(second)
                await store.update_match(second, now=T0, version=1)
            release.set()

        await asyncio.wait_for(asyncio.gather(holder(), other()), timeout=30)
    finally:
        await store.close()


async def test_the_parts_of_a_match_come_in_one_query(store: Store) -> None:
    match_id = await new_lobby(store)
    assert await store.load_match_parts(match_id) == MatchParts([], {}, None, [])
    for seat, user in enumerate([30, 10, -5]):
        await store.add_seat(match_id, seat, user, now=T0)
    await store.put_ai_seat(match_id, 2, "strong", 0, "seated")
    await store.put_ai_seat(match_id, 0, "normal", 7, "left")
    await store.insert_fairness(match_id, "hmac-v1", "ab" * 32, "cd" * 32, now=T0)
    await store.put_salt(match_id, 10, "pepper", now=T0)
    await store.put_salt(match_id, 30, "salt;'", now=T0)
    await store.append_moves(match_id, [entry(1), entry(2, "undo"), entry(3), entry(4, "undo")])
    parts = await store.load_match_parts(match_id)
    assert parts.seats == await store.load_seats(match_id) == [30, 10, -5]
    assert parts.ai == await store.load_ai_seats(match_id)
    assert parts.fairness == await store.load_fairness(match_id)
    assert parts.fairness is not None and parts.fairness[3] == {10: "pepper", 30: "salt;'"}
    assert parts.undos == await store.undo_entries(match_id) == [(2, "note2"), (4, "note4")]


async def test_both_backends_keep_the_typed_contract(store: Store) -> None:
    assert isinstance(store.backend, Backend)
    assert store.kind in ("sqlite", "postgresql")
    assert not store.in_transaction
    async with store.transaction():
        assert store.in_transaction
