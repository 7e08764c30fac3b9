"""The WebSocket guard: an upgrade whose only credential is the cookie needs a same-origin Origin;
only the query's own non-empty `token` parameter counts as a token (`?xtoken=1` does not)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cardhall.web.auth import COOKIE
from cardhall.web.pages import Guard


def upgrade(query: bytes, origin: str | None) -> list[dict[str, Any]]:
    """What the guard does with a cookie-bearing WebSocket upgrade: the messages it sends itself
    (a close), or [{"passed": ...}] when it hands the upgrade on to the room."""
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        sent.append({"passed": True})

    async def send(message: Any) -> None:
        sent.append(message)

    headers = [(b"host", b"127.0.0.1:8000"), (b"cookie", f"{COOKIE}=abc".encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    scope = {"type": "websocket", "scheme": "ws", "path": "/ws/tables/x", "query_string": query, "headers": headers}
    asyncio.run(Guard(app)(scope, None, send))  # type: ignore[arg-type]
    return sent


@pytest.mark.parametrize("query", [b"", b"xtoken=1", b"token=", b"since=3&notatoken=1", b"a=token=1"])
def test_a_cookie_alone_from_another_origin_is_refused(query: bytes) -> None:
    for origin in (None, "http://127.0.0.1:9999"):
        assert upgrade(query, origin) == [{"type": "websocket.close", "code": 1008, "reason": "cross-origin"}]


@pytest.mark.parametrize("query", [b"token=T", b"since=3&token=T"])
def test_a_token_in_the_query_is_not_a_browser_acting_on_the_cookie(query: bytes) -> None:
    assert upgrade(query, None) == [{"passed": True}]


def test_the_same_origin_passes() -> None:
    assert upgrade(b"", "http://127.0.0.1:8000") == [{"passed": True}]
