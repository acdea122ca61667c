"""A throw-away PostgreSQL server for the tests and the benchmarks: Debian's binaries, a temporary directory,
a loopback port.

``initdb`` refuses to run as root, so when the test run is root the server runs as the ``postgres`` system
user (Debian's package creates it) through ``runuser``. Durability is switched off (``fsync``,
``synchronous_commit``): the data directory is deleted afterwards anyway. The tests' server keeps that directory
in memory (:data:`MEMORY`, where the system has one) and drops each test's database after it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

PG_BINDIR_ENV = "PLATEAU_PG_BINDIR"

MEMORY = Path("/dev/shm")
"""A folder in memory (Linux's tmpfs) for the tests' server. On the disk, every database a test copies from the
migrated template (some 10 MB) was written out to the disk and its journal, by a server whose processes are not
the test run's: 0.1 s of the server's CPU a copy against 0.03 s in memory (60 copies measured), hidden from the
run's own CPU figure but taken from the same cores; and the last test of a worker waited for the whole run's
databases to be deleted."""
MEMORY_NEEDED = 1 << 30
"""The free room :data:`MEMORY` must have for the tests' server to use it (a container's is often 64 MB): the
initial cluster, the migrated template and the databases of the tests running at once, with a wide margin."""


def find_bindir() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl``: ``$PLATEAU_PG_BINDIR``, Debian's newest, or the PATH."""
    candidates = [os.environ.get(PG_BINDIR_ENV, "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    return None


def unavailable_reason() -> str | None:
    """Why no server can be started here, or None when one can."""
    if find_bindir() is None:
        return (
            f"PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install postgresql, or set {PG_BINDIR_ENV}"
        )
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run the server as (initdb refuses root)"
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    """A running throw-away server; :meth:`url` names a database on it."""

    def __init__(self, bindir: Path, directory: Path, port: int, user: str | None) -> None:
        self.bindir = bindir
        self.directory = directory
        self.port = port
        self.user = user
        self._databases = 0

    def _run(self, *args: str) -> None:
        command = list(args)
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True)

    @classmethod
    def start(cls, in_memory: bool = False) -> PgServer:
        """initdb a temporary directory and start a server on a free loopback port; the directory is in
        :data:`MEMORY` when ``in_memory`` and the system has that folder with room enough (the benches' big
        databases stay on the disk).

        Raises:
            RuntimeError: no server can be started here (see :func:`unavailable_reason`).
        """
        reason = unavailable_reason()
        bindir = find_bindir()
        if reason is not None or bindir is None:
            raise RuntimeError(reason)
        user = "postgres" if os.geteuid() == 0 else None
        memory = (
            in_memory
            and MEMORY.is_dir()
            and os.access(MEMORY, os.W_OK)
            and shutil.disk_usage(MEMORY).free >= MEMORY_NEEDED
        )
        directory = Path(tempfile.mkdtemp(prefix="plateau-pg-", dir=MEMORY if memory else None))
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(directory, entry.pw_uid, entry.pw_gid)
        server = cls(bindir, directory, _free_port(), user)
        data = directory / "data"
        try:
            server._run(
                str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"
            )
            options = (
                f"-p {server.port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off"
                " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            server._run(
                str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(directory / "log"), "-w", "start"
            )
        except subprocess.CalledProcessError as exc:
            shutil.rmtree(directory, ignore_errors=True)
            raise RuntimeError(f"could not start PostgreSQL: {exc.stderr or exc.stdout}") from exc
        return server

    def new_database(self, template: str | None = None) -> str:
        """Create a fresh database (synchronously, for fixtures): empty, or a copy of database ``template`` (which
        nobody may be connected to); its address."""
        self._databases += 1
        name = f"test_{self._databases}"
        copied = f" TEMPLATE {template}" if template is not None else ""
        self._psql(f"CREATE DATABASE {name}{copied}")
        return self.url(name)

    def _psql(self, command: str) -> None:
        subprocess.run(
            [str(self.bindir / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-qc", command],
            check=True,
            capture_output=True,
        )

    def drop_database(self, url: str) -> None:
        """Drop the database at ``url`` (made by :meth:`new_database`), closing what is still connected to it."""
        name = url.rsplit("/", 1)[1]
        self._psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def url(self, database: str = "postgres") -> str:
        """The address of ``database`` on this server (TCP on the loopback)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        """Stop the server and delete its directory."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.directory / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.directory, ignore_errors=True)


@contextlib.contextmanager
def running_server(in_memory: bool = False) -> Iterator[PgServer]:
    """A server for the duration of the block (see :meth:`PgServer.start` for ``in_memory``)."""
    server = PgServer.start(in_memory)
    try:
        yield server
    finally:
        server.stop()


async def create_database(server: PgServer, name: str) -> str:
    """Create an empty database ``name`` (a plain identifier) on ``server``; its address."""
    import asyncpg

    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return server.url(name)
