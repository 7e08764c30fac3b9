"""Real services for the tests: a throwaway PostgreSQL cluster and a Redis server, each on a
free loopback port (`cardhall.web.testbed`; the fixtures live in tests/conftest.py).

None of these may skip in CI: with `CI` set in the environment, a missing part (PostgreSQL's
binaries, `runuser`, `redis-server`) fails the test instead of skipping it.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardhall.core.errors import CardhallError
from cardhall.web import testbed
from cardhall.web.testbed import RedisServer as Redis
from tests import reaper


def missing(what: str) -> None:
    """Fail in CI, skip elsewhere, naming what to install."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} (CI must run every test of the room)")
    pytest.skip(what)


def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free loopback port; its URL (trust authentication)."""
    if testbed.postgres_bin() is None:
        missing("PostgreSQL's server binaries (initdb, pg_ctl) were not found; install Debian's postgresql")
    try:
        with postgres_server() as server:
            yield server.url
    except CardhallError as exc:
        if "install" in str(exc):
            missing(str(exc))
        raise


@contextlib.contextmanager
def postgres_server() -> Iterator[testbed.PostgresServer]:
    """`testbed.postgres_server`, written down for the reaper first (tests/reaper.py): a run
    interrupted before the teardown still stops the cluster."""
    server = testbed.PostgresServer()
    reaper.track_postgres(server.data)
    try:
        yield server.start()
    finally:
        server.remove()


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


def redis_server(folder: Path) -> Iterator[Redis]:
    if testbed.redis_binary() is None:
        missing("redis-server was not found; install Debian's redis-server")
    server = Redis(folder).start()
    try:
        yield server
    finally:
        server.stop()
