"""Fixtures of the cluster tests: one Redis and one PostgreSQL database shared by several real
`python -m cardhall serve --redis` nodes, each on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.room.helpers import Server
from tests.services import Redis, new_database, redis_server

LEASE = 1.5
"""Seconds of a table lease in these tests: a dead node's tables move on within this."""


class Cluster:
    """Nodes of one room: the same database and Redis, each its own process."""

    def __init__(self, db: str, redis: Redis, folder: Path) -> None:
        self.db, self.redis, self.folder = db, redis, folder
        self.nodes: list[Server] = []

    def node(self, name: str) -> Server:
        server = Server(self.db, self.folder / f"{name}.log",
                        ["--redis", self.redis.url, "--node", name, "--lease", str(LEASE)]).start()
        self.nodes.append(server)
        return server

    def stop(self) -> None:
        for server in self.nodes:
            if server.proc is not None and server.proc.poll() is None:
                server.stop()


@pytest.fixture
def cluster(postgres: str, redis: Redis, tmp_path: Path) -> Iterator[Cluster]:
    """A new database and Redis; the test starts its nodes with `cluster.node(name)`."""
    made = Cluster(new_database(postgres), redis, tmp_path)
    yield made
    made.stop()


@pytest.fixture(scope="module")
def pair(postgres: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Nodes a and b, shared by a module's tests (they must leave both running)."""
    folder = tmp_path_factory.mktemp("cluster")
    for redis in redis_server(folder):
        made = Cluster(new_database(postgres), redis, folder)
        made.node("a")
        made.node("b")
        yield made
        made.stop()
        for node in made.nodes:
            assert "Traceback" not in node.log.read_text(), node.log.read_text()

