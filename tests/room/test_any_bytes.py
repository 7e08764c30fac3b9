"""Any bytes get a sentence (issue 45): every decoder of the room — request bodies, query strings,
headers, cookies, WebSocket text and binary frames — turns any byte sequence into a 4xx with a
sentence, or the socket's documented answer (an error message, or a close with a reason), never a
5xx or a logged traceback.

The app is driven at the ASGI level, so that the bytes reach it exactly as sent (an HTTP client
would percent-encode a query and refuse a header that is not Latin-1): invalid UTF-8, overlong
forms, NUL, lone surrogates (raw and as JSON escapes), byte-order marks, huge numbers and deep
nesting, over every route of the room (found from the app's own route table, so a new route is
fuzzed the day it lands) and every message type of both sockets. `test_the_outcomes_are_counted`
prints the table the closing note reports."""

from __future__ import annotations

import asyncio
import collections
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.routing import Route, WebSocketRoute

from cardhall.room.registry import Room
from cardhall.web.app import create_app

NASTY = [
    b'{"name":"\xed\xa0\x80"}',  # a surrogate encoded as bytes: the outside attack's 500
    b'{"name":"\\ud800"}', b'{"name":"\\udfff x"}', b'{"name":"a\\u0000b"}', b'{"name":"a\x00b"}',
    b'{"name":"\xc0\xaf"}', b'{"name":"\xe0\x80\xaf"}', b'\xff\xfe{"name":"Ann"}', b'\xef\xbb\xbf{"name":"Ann"}',
    b"\x00" * 16, b"\xff" * 16, b'{"name":"Ann","lang":"\xf0\x28\x8c\xbc"}', b'{"seat": 1e999}',
    b'{"seat": ' + b"9" * 4000 + b"}", b'{"seats": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b"[" * 200_000, b'{"a":' * 50_000, b'{"type": "act", "action": "\\ud83d"}', b'{"game": "hearts\\u0000"}',
    b'{"game": "hearts", "seats": ["me", "open\\ud800", "open", "open"]}', b'{"text": "\\udcff"}',
]
QUERIES = [b"lang=%ED%A0%80", b"invite=%FF%FE", b"options=%7B%22players%22%3A%ED%A0%80%7D", b"token=%00",
           b"since=%C0%AF", b"offset=%FF&limit=%ED%A0%80", b"mine=\xff\xfe", b"lang=\xed\xa0\x80", b"a=" + b"%5B" * 5000,
           b"options=" + b"%5B" * 100_000]
HEADERS = [(b"cookie", b"cardhall=\xff\xfe\xed\xa0\x80"), (b"cookie", b"cardhall_lang=\xed\xa0\x80"),
           (b"accept-language", b"\xff\xfe;q=\xed"), (b"authorization", b"Bearer \xed\xa0\x80"),
           (b"content-type", b"application/json; charset=\xff"), (b"origin", b"http://\xff\xfe")]

OUTCOMES: collections.Counter[tuple[str, str]] = collections.Counter()


class Caught(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.records.append(record)


class Asgi:
    """The room's app and one event loop to drive it with raw ASGI messages."""

    def __init__(self, folder: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.room = self.run(Room.open(f"sqlite:///{folder / 'room.sqlite3'}"))
        self.app = create_app(self.room, "bytes-secret")
        _, body = self.http("POST", "/api/players", b'{"name": "Ann"}')
        self.token = json.loads(body)["token"]
        _, body = self.http("POST", "/api/tables", b'{"game": "hearts", "seats": ["me", "open", "open", "open"]}',
                                 headers=[(b"authorization", f"Bearer {self.token}".encode())])
        self.table = json.loads(body)["id"]

    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(work, 60))

    def http(self, method: str, path: str, body: bytes = b"", query: bytes = b"",
             headers: list[tuple[bytes, bytes]] | None = None) -> tuple[int, bytes]:
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
                 "path": path, "raw_path": path.encode(), "query_string": query, "root_path": "",
                 "headers": [(b"host", b"room.test"), (b"content-type", b"application/json"),
                             (b"content-length", str(len(body)).encode()), *(headers or [])],
                 "client": ("127.0.0.9", 5000), "server": ("room.test", 80)}
        sent: list[dict[str, Any]] = []
        chunks = [{"type": "http.request", "body": body, "more_body": False}]

        async def receive() -> dict[str, Any]:
            return chunks.pop(0) if chunks else {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        self.run(self.app(scope, receive, send))
        start = next(m for m in sent if m["type"] == "http.response.start")
        return start["status"], b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")

    def socket(self, path: str, frames: list[dict[str, Any]], query: bytes = b"") -> list[dict[str, Any]]:
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "scheme": "ws", "path": path, "raw_path": path.encode(),
                 "query_string": query or f"token={self.token}".encode(), "root_path": "",
                 "headers": [(b"host", b"room.test")], "client": ("127.0.0.9", 5001), "server": ("room.test", 80),
                 "subprotocols": []}
        incoming = [{"type": "websocket.connect"}, *frames]
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            if incoming:
                return incoming.pop(0)
            await asyncio.sleep(0.3)  # let the socket answer the last frame, then leave
            return {"type": "websocket.disconnect", "code": 1000}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        self.run(self.app(scope, receive, send))
        return sent

    def close(self) -> None:
        self.run(self.room.close())
        self.loop.close()


@pytest.fixture(scope="module")
def asgi(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Asgi]:
    made = Asgi(tmp_path_factory.mktemp("bytes"))
    yield made
    made.close()


@pytest.fixture
def caught() -> Iterator[Caught]:
    handler = Caught()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)


def routes(asgi: Asgi, method: str) -> list[str]:
    """Every path of the app's route table that takes `method`, its parameters filled."""
    fill = {"table_id": asgi.table, "name": "Ann", "game": "hearts", "op": "sit", "id": "1", "k": "1", "number": "1"}
    found = []
    for route in asgi.app.routes:
        if isinstance(route, Route) and method in (route.methods or ()):
            found.append(route.path_format.format(**{k: fill.get(k, "1") for k in route.param_convertors}))
    return found


def judge(surface: str, status: int, body: bytes, what: str) -> None:
    assert status < 500, f"{what}: {status} {body[:300]!r}"
    if status >= 400 and body.startswith(b"{"):
        said = json.loads(body).get("error")
        assert isinstance(said, str) and len(said.split()) >= 3, what  # a sentence, not a code
        OUTCOMES[(surface, "4xx sentence")] += 1
    else:
        OUTCOMES[(surface, "2xx" if status < 300 else "3xx" if status < 400 else "4xx page")] += 1


def test_every_post_reads_any_body(asgi: Asgi, caught: Caught) -> None:
    auth = [(b"authorization", f"Bearer {asgi.token}".encode())]
    for path in routes(asgi, "POST"):
        for body in NASTY:
            for headers in ([], auth):
                status, said = asgi.http("POST", path, body, headers=headers)
                judge("HTTP bodies", status, said, f"POST {path} {body[:60]!r}")
    assert not caught.records, [r.getMessage() for r in caught.records]


def test_the_outside_attacks_surrogate_is_a_sentence(asgi: Asgi) -> None:
    status, said = asgi.http("POST", "/api/players", b'{"name":"\xed\xa0\x80"}')
    assert status == 400 and "UTF-8" in json.loads(said)["error"], said
    for half in (b'{"name":"\\ud800"}', b'{"name":"\\udfff x"}'):  # msgspec refuses one, lets the other through
        status, said = asgi.http("POST", "/api/players", half)
        assert status == 400 and json.loads(said)["error"], said
    status, said = asgi.http("POST", "/api/players", b'{"name":"' + b"[" * 10 + b'"}')
    assert status < 500


def test_every_get_reads_any_query_and_header(asgi: Asgi, caught: Caught) -> None:
    for path in routes(asgi, "GET"):
        for query in QUERIES:
            status, said = asgi.http("GET", path, query=query)
            judge("query strings", status, said, f"GET {path}?{query[:60]!r}")
        for header in HEADERS:
            status, said = asgi.http("GET", path, headers=[header])
            judge("headers and cookies", status, said, f"GET {path} {header!r}")
    assert not caught.records, [r.getMessage() for r in caught.records]


SOCKET_MESSAGES = [b'{"type": "act", "action": "\\ud800"}', b'{"type": "chat", "text": "a\\u0000"}',
                   b'{"type": "sync", "since": 1e999}', b'{"type": "chat", "text": "' + b"[" * 9000 + b'"}',
                   b"[" * 8000, b'{"type": "\\udcff"}', b'{"type": "wait", "on": "\\ud83d"}', b'\xef\xbb\xbf{}']


def socket_answer(sent: list[dict[str, Any]]) -> str:
    closes = [m for m in sent if m["type"] == "websocket.close"]
    texts = [json.loads(m["text"]) for m in sent if m["type"] == "websocket.send" and m.get("text")]
    errors = [t for t in texts if t.get("type") == "error"]
    if errors:
        assert all(isinstance(e.get("message"), str) and e["message"] for e in errors), errors
        return "error sentence"
    return f"close {closes[0].get('code')}" if closes else "answered"


def sockets(asgi: Asgi) -> list[str]:
    """Every WebSocket path of the app's route table, its parameters filled."""
    return [route.path.format(table_id=asgi.table) for route in asgi.app.routes if isinstance(route, WebSocketRoute)]


def test_every_socket_reads_any_frame(asgi: Asgi, caught: Caught) -> None:
    assert len(sockets(asgi)) >= 2  # the table's and the room's
    for path in sockets(asgi):
        for raw in SOCKET_MESSAGES:
            text = raw.decode("utf-8", "surrogatepass") if raw.isascii() else raw.decode("utf-8", "replace")
            answer = socket_answer(asgi.socket(path, [{"type": "websocket.receive", "text": text}]))
            assert answer in ("error sentence", "close 1003", "close 1007", "close 1008", "close 1009"), (path, raw, answer)
            OUTCOMES[("socket text frames", answer)] += 1
        for raw in (b"\xff\xfe", b'{"type": "sync"}', b"\xed\xa0\x80"):
            answer = socket_answer(asgi.socket(path, [{"type": "websocket.receive", "bytes": raw}]))
            assert answer in ("error sentence", "close 1003"), (path, raw, answer)
            OUTCOMES[("socket binary frames", answer)] += 1
        for query in QUERIES[:6]:
            sent = asgi.socket(path, [], query=query + f"&token={asgi.token}".encode())
            OUTCOMES[("socket query strings", socket_answer(sent))] += 1
    assert not caught.records, [r.getMessage() for r in caught.records]


def test_the_outcomes_are_counted() -> None:
    """The table for the closing note: inputs per surface and what came back (runs last in the file)."""
    for (surface, outcome), count in sorted(OUTCOMES.items()):
        print(f"{surface:24} {outcome:16} {count}")
    assert all(outcome != "5xx" for _, outcome in OUTCOMES)
