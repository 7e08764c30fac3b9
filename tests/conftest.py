import os
import tempfile
from collections.abc import Iterator

import pytest

from cardhall.core import registry
from cardhall.core.paths import DATA_DIR_VARIABLE
from tests import lanes, reaper
from tests.services import Redis, postgres_cluster, redis_server


def pytest_configure(config: pytest.Config) -> None:
    """Before any fixture starts a server: cardhall's files go to a throwaway folder for the
    whole run (each test then gets its own, below); an interrupted run leaves nothing behind
    (tests/reaper.py)."""
    os.environ[DATA_DIR_VARIABLE] = tempfile.mkdtemp(prefix="cardhall-data-")
    reaper.install()
    if hasattr(config, "workerinput"):  # an xdist worker: the files are dealt out longest first
        config.pluginmanager.register(lanes.Dealing(), "cardhall-lanes-dealing")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark what the fast lane leaves out (tests/lanes.py): browsers, real PostgreSQL, long property runs."""
    lanes.mark(items)


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test keeps cardhall's files (the room's database, saved games, guest identities) in
    a folder of its own: never in the person's data directory (``CARDHALL_DATA_DIR``, which the
    servers and programs a test starts inherit)."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path_factory.mktemp("data")))
    yield


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free loopback port; its URL (trust authentication)."""
    yield from postgres_cluster()


@pytest.fixture
def redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    """A `redis-server` of the test's own on a free loopback port."""
    yield from redis_server(tmp_path_factory.mktemp("redis"))


@pytest.fixture
def toy():
    """The kernel's toy game, registered for the test."""
    registry.register("toy", "tests.core.toy:Toy")
    from tests.core.toy import Toy

    yield Toy()
    registry._GAMES.pop("toy", None)
