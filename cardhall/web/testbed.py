"""Throwaway PostgreSQL and Redis servers on free loopback ports, for `cardhall bench room
--nodes K` and the tests: Debian's `postgresql` (a cluster made with `initdb`, run as the
`postgres` user when we are root, fsync off) and `redis-server` (no persistence)."""

from __future__ import annotations

import contextlib
import glob
import os
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from cardhall.core.errors import CardhallError


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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


def redis_binary() -> str | None:
    return shutil.which("redis-server") or ("/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None)


class PostgresServer:
    """A throwaway PostgreSQL cluster (`initdb`, trust authentication, fsync off) on a free
    loopback port; it can be stopped and started again on the same port (a restart: the room's
    pooled connections die), and `remove()` deletes it."""

    def __init__(self) -> None:
        bindir = postgres_bin()
        if bindir is None:
            raise CardhallError("PostgreSQL's server binaries (initdb, pg_ctl) were not found; install Debian's postgresql")
        owner = None
        if os.geteuid() == 0:
            import pwd
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise CardhallError("running as root needs a postgres user for PostgreSQL; install Debian's postgresql") from None
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="cardhall-pg-"))
        self.data = self.base / "data"
        if owner is not None:
            os.chown(self.base, owner.pw_uid, owner.pw_gid)
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        try:
            subprocess.run(as_postgres([str(bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                                        "--no-sync", "-E", "UTF8"]), check=True, capture_output=True)
        except BaseException:
            shutil.rmtree(self.base, ignore_errors=True)
            raise

    def start(self) -> PostgresServer:
        started = subprocess.run(as_postgres([
            str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.base / "log"), "-w", "-t", "60",
            "-o", f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300",
            "start"]), capture_output=True, text=True)
        if started.returncode != 0:
            raise CardhallError("PostgreSQL did not start: " + started.stdout + started.stderr
                                + (self.base / "log").read_text(errors="replace"))
        return self

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (`fast`: clients are disconnected; `immediate`: as if it crashed)."""
        subprocess.run(as_postgres([str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"]),
                       capture_output=True)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster; its URL (trust authentication), removed afterwards."""
    with postgres_server() as server:
        yield server.url


@contextlib.contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL cluster that a test may stop and start; removed afterwards."""
    server = PostgresServer()
    try:
        yield server.start()
    finally:
        server.remove()


class RedisServer:
    """`redis-server` on a free loopback port without persistence; it can be stopped and started again."""

    def __init__(self, folder: Path) -> None:
        binary = redis_binary()
        if binary is None:
            raise CardhallError("redis-server was not found; install Debian's redis-server")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> RedisServer:
        with open(self.folder / "redis.log", "ab") as out:
            self.proc = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--dir", str(self.folder)], stdout=out, stderr=subprocess.STDOUT)
        end = time.monotonic() + timeout
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(16).startswith(b"+PONG"):
                    return self
            if time.monotonic() > end or self.proc.poll() is not None:
                raise CardhallError("redis-server did not start: " + (self.folder / "redis.log").read_text(errors="replace"))
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)


@contextlib.contextmanager
def redis() -> Iterator[RedisServer]:
    with tempfile.TemporaryDirectory(prefix="cardhall-redis-") as folder:
        server = RedisServer(Path(folder)).start()
        try:
            yield server
        finally:
            server.stop()
