"""Real services for the tests: a throwaway PostgreSQL cluster and a Redis server, each on a
free loopback port (the fixtures live in tests/conftest.py).

None of these may skip in CI: with `CI` set in the environment, a missing part (PostgreSQL's
binaries, `runuser`, `redis-server`) fails the test instead of skipping it.
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.room.helpers import free_port


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


def postgres_cluster() -> Iterator[str]:
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




class Redis:
    """`redis-server` on a free loopback port, without persistence; it can be stopped and started again."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Redis:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        with open(self.folder / "redis.log", "ab") as out:
            self.proc = subprocess.Popen(
                [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--dir", str(self.folder)], stdout=out, stderr=subprocess.STDOUT)
        import redis

        client = redis.Redis(port=self.port)
        end = time.monotonic() + 30
        while True:
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                assert time.monotonic() < end, (self.folder / "redis.log").read_text()
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)


def redis_server(folder: Path) -> Iterator[Redis]:
    if not (shutil.which("redis-server") or os.path.exists("/usr/bin/redis-server")):
        missing("redis-server was not found; install Debian's redis-server")
    server = Redis(folder).start()
    try:
        yield server
    finally:
        server.stop()
