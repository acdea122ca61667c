"""Shared fixtures: a Plateau bot for SimCord on a temporary database; a throw-away PostgreSQL server."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import pytest_asyncio
from hypothesis import settings
from simcord.env import Env

from bot.app.storage import Store
from bot.shell.client import PlateauBot
from tests.botkit import (
    attach_within_settle_timeout,
    close_bots,
    copy_simcord_payloads_fast,
    encode_pngs_cheaply,
    make_bot,
    recheck_settling_promptly,
    reuse_unchanged_messages,
    send_real_locales,
)
from tests.discord_limits import enforce_on_simcord
from tests.ordering import slow_first
from tests.pgserver import PgServer, running_server, unavailable_reason

# Property tests draw the same examples on every run and every worker, and keep no example database: a run
# under load or in another order meets exactly what a quiet run met (no ``.hypothesis`` folder is shared
# between xdist workers either).
settings.register_profile("plateau", derandomize=True, database=None)
settings.load_profile("plateau")


SHARED_BYTECODE = "PLATEAU_TEST_BYTECODE"
"""The environment variable naming the run's shared folder of compiled modules (see :func:`pytest_configure`)."""


def pytest_configure(config: pytest.Config) -> None:
    """One folder of compiled modules for the whole run, shared by the xdist workers.

    Each worker imports every test module, and pytest rewrites each one's asserts on the way (some 8 s of CPU a
    worker); with nothing written, as on a fresh clone or where bytecode is not written, both workers did all of
    it. The run's first process makes a temporary folder (deleted at the end; nothing is written beside the
    sources) where every process of the run writes and finds what it compiled (:data:`sys.pycache_prefix`), and
    the second worker imports the test modules from the last one backwards (see :func:`pytest_collection`), so
    each worker rewrites about half of them and reads the other half."""
    folder = os.environ.get(SHARED_BYTECODE)
    if folder is None:
        folder = tempfile.mkdtemp(prefix="plateau-bytecode-")
        os.environ[SHARED_BYTECODE] = folder
        config.add_cleanup(lambda: (shutil.rmtree(folder, True), os.environ.pop(SHARED_BYTECODE, None)))
    sys.pycache_prefix = folder
    sys.dont_write_bytecode = False


def pytest_collection(session: pytest.Session) -> None:
    """An odd-numbered xdist worker imports the test modules last to first before collecting (they are then
    found imported), so that it meets first what the other worker compiles last (see :func:`pytest_configure`)."""
    worker = str(getattr(session.config, "workerinput", {}).get("workerid", "gw0"))
    if int(worker.removeprefix("gw") or 0) % 2 == 0:
        return
    # Only the modules of the ``tests`` package itself: pytest names them ``tests.test_x`` as this import does
    # (those of ``tests/games``, a folder without ``__init__``, it names otherwise; they are imported as usual).
    # A module that fails to import is left to the collection, which reports it.
    for path in sorted(Path(__file__).parent.glob("test_*.py"), reverse=True):
        with contextlib.suppress(Exception, pytest.skip.Exception):
            importlib.import_module(f"tests.{path.stem}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The known-slow tests first, shared out between the workers (see :mod:`tests.ordering`)."""
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    items[:] = slow_first(items, [item.nodeid for item in items], workers)


@pytest.fixture(autouse=True, scope="session")
def adaptive_allocator() -> Iterator[None]:
    """glibc keeps its adaptive mmap threshold under the suite. A bot fixes it at start-up so that its resident
    memory falls back after a drawing (``bench/bench_startup.py`` measures that); in a test worker, which draws
    thousands of boards, the fixed threshold maps and unmaps every big block of every drawing, faulting its
    pages in afresh each time: several percent of the suite's CPU for a memory figure no test reads."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("bot.shell.client.keep_big_blocks_returnable", lambda: False)
        yield


@pytest.fixture(autouse=True, scope="session")
def fast_payload_copies() -> Iterator[None]:
    """SimCord copies payloads with ``pickle`` rather than ``copy.deepcopy`` (see
    :func:`tests.botkit.copy_simcord_payloads_fast`): the same copies, for a seventh of a SimCord test's CPU."""
    with pytest.MonkeyPatch.context() as patch:
        copy_simcord_payloads_fast(patch)
        yield


@pytest.fixture(autouse=True, scope="session")
def patient_starts() -> Iterator[None]:
    """A bot's start and restart wait :data:`SETTLE_SECONDS` too (see
    :func:`tests.botkit.attach_within_settle_timeout`)."""
    with pytest.MonkeyPatch.context() as patch:
        attach_within_settle_timeout(patch)
        yield


@pytest.fixture(autouse=True, scope="session")
def prompt_settling() -> Iterator[None]:
    """SimCord looks again at pending work every few milliseconds while the bot settles, not every 50 ms (see
    :func:`tests.botkit.recheck_settling_promptly`): the same waits, without a worker idling through them."""
    with pytest.MonkeyPatch.context() as patch:
        recheck_settling_promptly(patch)
        yield


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    """A fresh SQLite file for one test."""
    return str(tmp_path / "plateau.db")


@pytest.fixture
def cheap_pngs(monkeypatch: pytest.MonkeyPatch) -> None:
    """PNGs encoded at a cheaper zlib level for the test (see :func:`tests.botkit.encode_pngs_cheaply`)."""
    encode_pngs_cheaply(monkeypatch)


@pytest.fixture
def reused_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """SimCord builds a message read from a channel again only once it changed (see
    :func:`tests.botkit.reuse_unchanged_messages`)."""
    reuse_unchanged_messages(monkeypatch)


@pytest_asyncio.fixture
async def simcord_bot(db_path: str, cheap_pngs: None, reused_messages: None) -> AsyncIterator[PlateauBot]:
    """The bot SimCord's ``simcord_env`` fixture runs, posting boards encoded cheaply, its channels read without
    rebuilding what did not change; every bot of the test is closed afterwards."""
    yield make_bot(db_path)
    await close_bots()


SETTLE_SECONDS = 60.0
"""How long SimCord waits, in real time, for the bot to settle after each action. SimCord's 5 s is overrun on a
host shared by many suites, where a board drawn in a worker thread may wait that long for a core; a bot that
really hangs still fails, a minute later."""


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: PlateauBot, request: pytest.FixtureRequest) -> AsyncIterator[Env]:
    """SimCord's own fixture, with :data:`SETTLE_SECONDS` unless the test's ``simcord`` marker says otherwise."""
    marker = request.node.get_closest_marker("simcord")
    env = Env(simcord_bot, **{"settle_timeout": SETTLE_SECONDS, **(marker.kwargs if marker else {})})
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest.fixture(autouse=True)
def discord_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """SimCord refuses, as Discord does, every message over one of Discord's limits; and the test fails
    (a test that sends one on purpose empties the list of faults it is given)."""
    faults = enforce_on_simcord(monkeypatch)
    yield faults
    assert not faults, faults[:5]


@pytest.fixture(autouse=True)
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Every SimCord interaction carries its server's preferred locale, as Discord's do; a test sets a
    member's client locale in the returned mapping (user id -> locale; "en-US" otherwise)."""
    return send_real_locales(monkeypatch)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One throw-away PostgreSQL server for the whole run, its data in memory (skips the test when none can be
    started)."""
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    with running_server(in_memory=True) as server:
        yield server


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh empty database on the test server, dropped after the test (the server's data is in memory)."""
    url = pg_server.new_database()
    yield url
    pg_server.drop_database(url)


@pytest.fixture(scope="session")
def pg_migrated(pg_server: PgServer) -> str:
    """The name of a database of the test server holding every migration and nothing else, made once per run
    (per worker): a copy of it is a store's database as :meth:`Store.open` leaves a fresh one, in a fraction of
    the time the migrations take to run."""
    url = pg_server.new_database()
    # In a thread of its own: no event loop of the fixture's caller is in the way.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, _migrate(url)).result()
    return url.rsplit("/", 1)[1]


async def _migrate(url: str) -> None:
    store = await Store.open(url)
    await store.close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """Where a store suite runs: an in-memory SQLite database, then a fresh PostgreSQL database already migrated
    (a copy of :func:`pg_migrated`, dropped after the test; the tests of migrating an empty database ask for
    ``pg_url``)."""
    if request.param == "sqlite":
        yield ":memory:"
        return
    server: PgServer = request.getfixturevalue("pg_server")
    url = server.new_database(template=request.getfixturevalue("pg_migrated"))
    yield url
    server.drop_database(url)


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    """A match store on each backend of :func:`store_url` (modules may define their own ``store``)."""
    opened = await Store.open(store_url)
    yield opened
    await opened.close()
