import pytest

from cardhall.core import registry


@pytest.fixture
def toy():
    """The kernel's toy game, registered for the test."""
    registry.register("toy", "tests.core.toy:Toy")
    from tests.core.toy import Toy

    yield Toy()
    registry._GAMES.pop("toy", None)
