"""Limits on making things, against a real server with its limits on: guests and tables per
address and per person, open tables per person, chat per person, a paginated lobby, and
reconnects that store no version. Each limit is met by a script and named, with when it
resets, in the reader's language."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from cardhall.people.limits import Limiter, LimitError, Limits, Rate
from tests.room.helpers import Person, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("limits")
    running = Server(f"sqlite:///{folder / 'room.sqlite3'}", folder / "server.log", extra=["--limits"]).start()
    yield running
    assert running.stop() == 0
    assert "Traceback" not in running.log.read_text(), running.log.read_text()


def test_a_bucket_refills_evenly_and_says_when():
    limiter = Limiter(Rate(3, 60.0))
    assert [limiter.wait("a", 0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.wait("a", 0.0) == pytest.approx(20.0)  # one more every 20 s
    assert limiter.wait("b", 0.0) == 0.0  # another key has its own
    assert limiter.wait("a", 20.0) == 0.0 and limiter.wait("a", 20.0) == pytest.approx(20.0)
    limits = Limits.off()
    for _ in range(1000):
        limits.take("table", 0.0, person="p", address="a")
    limits.check_open([("playing", 0.0)] * 1000, 0.0)


def test_open_tables_count_until_the_game_ends_or_a_day_of_waiting():
    limits = Limits()
    limits.check_open([("playing", 0.0)] * 9, 10.0)
    with pytest.raises(LimitError, match="you already host 10 unfinished tables"):
        limits.check_open([("playing", 0.0)] * 5 + [("waiting", 0.0)] * 5, 10.0)
    limits.check_open([("playing", 0.0)] * 5 + [("waiting", 0.0)] * 5, 2 * 86400.0)  # waiting a day: not counted


class Guest(Person):
    """A guest whose requests come from `address` (Linux answers all of 127.0.0.0/8 on the
    loopback, so each test can be its own address)."""

    def __init__(self, server: Server, name: str, address: str) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=60, transport=httpx.HTTPTransport(local_address=address))
        made = self.http.post("/api/players", json={"name": name})
        assert made.status_code == 200, made.text
        self.token, self.player = made.json()["token"], made.json()["player"]
        self.http.cookies.clear()


def test_a_script_making_guests_meets_the_address_limit(server: Server):
    client = httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    made = [client.post("/api/players", json={"name": f"Bot {i}"}).status_code for i in range(60)]
    assert made == [200] * 60  # a person (or a whole class behind one address) never meets it
    client.cookies.clear()  # (the last guest's cookie would speak for its English-reading player)
    refused = client.post("/api/players", json={"name": "one more"}, headers={"Accept-Language": "cs"})
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    said = refused.json()["error"]
    assert "60" in said and "adres" in said, said  # in the reader's language, with the limit and the wait
    assert Guest(server, "Elsewhere", "127.0.0.3").token  # another address has its own allowance


def test_one_person_hosts_at_most_ten_open_tables(server: Server):
    ann = Guest(server, "Ann", "127.0.0.4")
    for _ in range(10):
        ann.create("hearts", ["me", "open", "open", "open"])
    refused = ann.post("/api/tables", {"game": "hearts"}, ok=False)
    assert refused.status_code == 429 and "you already host 10 unfinished tables" in refused.json()["error"]
    assert "Retry-After" not in refused.headers  # it lasts until a game ends, not a time


def test_chat_faster_than_a_person_writes_is_refused(server: Server):
    bo = Guest(server, "Bo", "127.0.0.5")
    table = bo.create("hearts", ["me", "open", "open", "open"])["id"]
    sock = bo.watch(table)
    sock.until(lambda m: m["type"] == "state")
    for i in range(21):
        sock.send({"type": "chat", "text": f"line {i}"})
    error = sock.until(lambda m: m["type"] == "error")
    assert "you are chatting too fast: at most 20 a minute; you can write again in " in error["message"]
    sock.poll()
    chats = [m for m in sock.events() if m["event"]["type"] == "chat"]
    assert len(chats) == 20
    sock.close()


def test_reconnecting_again_and_again_stores_no_version(server: Server):
    cy = Guest(server, "Cy", "127.0.0.6")
    table = cy.create("hearts", ["me", "open", "open", "open"])["id"]
    first = cy.watch(table)
    version = first.until(lambda m: m["type"] == "state")["version"]
    first.close()
    for _ in range(30):  # a flaky network: 30 reconnects within the quiet period
        again = cy.watch(table)
        again.until(lambda m: m["type"] == "state")
        again.close()
    last = cy.watch(table)
    assert last.until(lambda m: m["type"] == "state")["version"] == version
    last.close()


def test_the_lobby_comes_in_pages(server: Server):
    di = Guest(server, "Di", "127.0.0.7")
    for _ in range(3):
        di.create("hearts", ["me", "open", "open", "open"])
    page = di.http.get("/api/tables", params={"limit": 2})
    total = int(page.headers["X-Total-Count"])
    assert len(page.json()) == 2 and total >= 3 and 'rel="next"' in page.headers["Link"]
    rest = di.http.get("/api/tables", params={"offset": 2, "limit": 100})
    assert len(rest.json()) == total - 2
    assert {t["id"] for t in page.json()}.isdisjoint(t["id"] for t in rest.json())
    bad = di.http.get("/api/tables", params={"limit": 100000})
    assert bad.status_code == 400 and "limit" in bad.json()["error"]
