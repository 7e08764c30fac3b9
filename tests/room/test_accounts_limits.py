"""Making accounts counts as making guests (issue 33's limits): a script registering account after
account from one address meets the same limit, said as a sentence with when to try again."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.room.helpers import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("limits")
    running = Server(f"sqlite:///{folder / 'room.sqlite3'}", folder / "server.log", extra=["--limits"]).start()
    yield running
    assert running.stop() == 0
    assert "Traceback" not in running.log.read_text(), running.log.read_text()


def test_a_script_making_accounts_meets_the_address_limit(server: Server) -> None:
    """Accounts share the guests' allowance of one address (60 at once): after 59 guests, one
    account is made and the next is refused (guests are made fast, so the bucket cannot refill
    meanwhile as it would over 60 slow Argon2 hashes)."""
    client = httpx.Client(base_url=server.url, timeout=60, transport=httpx.HTTPTransport(local_address="127.0.0.12"))
    guests = [client.post("/api/players", json={"name": f"Guest {i}"}).status_code for i in range(59)]
    assert guests == [200] * 59
    client.cookies.clear()
    assert client.post("/api/accounts", json={"name": "Acct", "password": "a long password"}).status_code == 201
    client.cookies.clear()
    refused = client.post("/api/accounts", json={"name": "One more", "password": "a long password"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers, refused.text
    other = httpx.Client(base_url=server.url, timeout=60, transport=httpx.HTTPTransport(local_address="127.0.0.13"))
    assert other.post("/api/accounts", json={"name": "Elsewhere", "password": "a long password"}).status_code == 201
