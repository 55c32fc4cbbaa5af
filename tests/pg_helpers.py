"""A throwaway PostgreSQL for the tests: `initdb` into a temp folder and `pg_ctl` on a free
127.0.0.1 port (as the `postgres` user when the tests run as root: PostgreSQL refuses root),
trust authentication, stopped and removed at the end of the session. Each test gets its own
fresh database (`pg_url`). Without PostgreSQL's binaries or psycopg the tests skip, saying why
in one line. (No tests in this module.)

A test module takes the fixtures with `pytest_plugins = ["tests.pg_helpers"]`: one server for
the whole run (each xdist worker's), however many modules use it. (Fixtures imported into each
module would be one per module: an initdb, a server and its removal each.) The folder is in
memory (/dev/shm) where there is one: a cluster is thousands of small files, and removing them
from a disk took longer than the tests' own use of the server. Under pytest-xdist the first
worker's initdb is copied by the others (`cluster_template`)."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def pg_bindir() -> Path | None:
    """Where initdb and pg_ctl are: PATH, or the newest /usr/lib/postgresql/*/bin."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: len(p))
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Postgres:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.user: str | None = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                pytest.skip("running as root and there is no postgres user to run PostgreSQL")
            self.user = "postgres"
        shm = Path("/dev/shm")
        memory = shm if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None
        self.folder = Path(tempfile.mkdtemp(prefix="test-pg-", dir=memory))
        self.data = self.folder / "data"
        self.port = free_port()
        self.count = 0
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=60)

    def start(self, template: Path | None = None) -> None:
        """initdb (or a copy of `template`, a cluster the run's first worker made: see
        `cluster_template`), then the server."""
        if template is None or not self._copied(template):
            self._initdb()
            if template is not None:  # (whole or not at all: copied, then renamed)
                subprocess.run(["cp", "-a", str(self.data), str(template / "copy")], check=True)
                (template / "copy").rename(template / "data")
        self._start_server()

    def _initdb(self) -> None:
        done = self._run(
            str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust"
        )
        if done.returncode != 0:
            pytest.skip(f"initdb failed: {done.stderr.strip().splitlines()[-1:]}")

    def _copied(self, template: Path) -> bool:
        """The template's cluster copied here (owner and modes kept), if it has one."""
        if not (template / "data").is_dir():
            return False
        subprocess.run(["cp", "-a", str(template / "data"), str(self.data)], check=True)
        return True

    def _start_server(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=on"
        done = self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )
        if done.returncode != 0:
            pytest.skip(f"pg_ctl start failed: {done.stderr.strip()[-200:]}")

    def restart(self, down: float = 0.0) -> None:
        """Stop the server (`fast`: every connection is cut) and start it again `down` seconds
        later (a database restarted under load)."""
        pg_ctl = str(self.bindir / "pg_ctl")
        done = self._run(pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop")
        assert done.returncode == 0, done.stderr
        time.sleep(down)
        self._start_server()

    def stop(self) -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database: its URL."""
        import psycopg

        self.count += 1
        name = f"test_{self.count}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]  # our own name
        return self.url(name)


@contextlib.contextmanager
def cluster_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path | None]:
    """Under pytest-xdist, the run's folder for one fresh cluster that every worker copies
    (held locked while a worker makes or copies it): an initdb costs about 1.3 CPU-seconds
    and 3 s, a copy a few hundredths. None without workers or file locks (initdb then)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        yield None
        return
    try:
        import fcntl
    except ImportError:  # (not on Windows)
        yield None
        return
    folder = tmp_path_factory.getbasetemp().parent / "pg-template"  # (the run's, shared)
    folder.mkdir(exist_ok=True)
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield folder
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Postgres]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install .[server])")
    bindir = pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)")
    server = Postgres(bindir)
    with cluster_template(tmp_path_factory) as template:
        server.start(template)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(postgres: Postgres) -> str:
    """A fresh database on the session's throwaway PostgreSQL."""
    return postgres.new_database()
