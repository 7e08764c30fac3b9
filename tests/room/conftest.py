"""Fixtures of the room tests: servers on SQLite and on a throwaway PostgreSQL cluster
(the `postgres` fixture is shared, in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.room.helpers import Server
from tests.services import make_database

__all__ = ["make_database", "server"]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One room server per backend for a test module."""
    folder = tmp_path_factory.mktemp("room")
    running = Server(make_database(request.param, request, folder), folder / "server.log").start()
    yield running
    assert running.stop() == 0, running.log.read_text()
