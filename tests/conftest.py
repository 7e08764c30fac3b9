from collections.abc import Iterator

import pytest

from cardhall.core import registry
from tests.services import Redis, postgres_cluster, redis_server


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
