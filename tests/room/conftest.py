"""Fixtures of the room tests: servers on SQLite and on a throwaway PostgreSQL cluster.

None of these may skip in CI: with `CI` set in the environment, a missing part (PostgreSQL's
binaries, `runuser`) fails the test instead of skipping it.
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.room.helpers import Server, free_port


def missing(what: str) -> None:
    """Fail in CI, skip elsewhere, naming what to install."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} (CI must run every room test)")
    pytest.skip(what)


def postgres_bin() -> Path | None:
    """The directory of PostgreSQL's server binaries (initdb, pg_ctl), newest first."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    found += [p for p in ("/usr/local/bin/initdb", shutil.which("initdb")) if p and os.path.exists(p)]
    return Path(found[0]).parent if found else None


def as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run `cmd` as the postgres user then."""
    if os.geteuid() != 0:
        return cmd
    if shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--", *cmd]
    return ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(cmd)]


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free loopback port; its URL (trust authentication)."""
    bindir = postgres_bin()
    if bindir is None:
        missing("PostgreSQL's server binaries (initdb, pg_ctl) were not found; install Debian's postgresql")
    assert bindir is not None
    if os.geteuid() == 0:
        try:
            import pwd
            pw = pwd.getpwnam("postgres")
        except KeyError:
            missing("running as root needs a postgres user for PostgreSQL; install Debian's postgresql")
    base = Path(tempfile.mkdtemp(prefix="cardhall-pg-"))
    data = base / "data"
    if os.geteuid() == 0:
        os.chown(base, pw.pw_uid, pw.pw_gid)
    port = free_port()
    subprocess.run(as_postgres([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                                "--no-sync", "-E", "UTF8"]), check=True, capture_output=True)
    started = subprocess.run(as_postgres([
        str(bindir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w", "-t", "60",
        "-o", f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off", "start"]),
        capture_output=True, text=True)
    assert started.returncode == 0, started.stdout + started.stderr + (base / "log").read_text()
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                       capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def new_database(postgres: str) -> str:
    """A fresh, empty database in the cluster; its URL."""
    import psycopg

    name = "room_" + uuid.uuid4().hex[:12]
    with psycopg.connect(postgres, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return postgres.rsplit("/", 1)[0] + "/" + name


def make_database(kind: str, request: pytest.FixtureRequest, folder: Path) -> str:
    """An empty database of `kind` ("sqlite" or "postgresql"); its URL."""
    if kind == "postgresql":
        return new_database(request.getfixturevalue("postgres"))
    return f"sqlite:///{folder / 'room.sqlite3'}"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One room server per backend for a test module."""
    folder = tmp_path_factory.mktemp("room")
    running = Server(make_database(request.param, request, folder), folder / "server.log").start()
    yield running
    assert running.stop() == 0, running.log.read_text()
