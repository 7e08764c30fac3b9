"""Request bodies are refused on their Content-Length before a byte is read, and counted while
they stream in: a 200 MB POST costs the room at most its limit and one chunk, then a 413."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.requests import Request

from cardhall.room.registry import Room
from cardhall.web.app import create_app
from cardhall.web.bodies import BodyTooLarge, read_limited

CHUNK = 1 << 20


def streamed(total: int, headers: list[tuple[bytes, bytes]]) -> tuple[Request, list[int]]:
    """A request whose body of `total` bytes arrives in 1 MiB chunks; the list counts those pulled."""
    pulled = [0]

    async def receive() -> dict[str, Any]:
        pulled[0] += 1
        left = total - (pulled[0] - 1) * CHUNK
        return {"type": "http.request", "body": b"x" * min(CHUNK, max(0, left)), "more_body": left > CHUNK}

    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers, "query_string": b""}
    return Request(scope, receive), pulled


def test_a_stated_length_over_the_limit_is_refused_unread() -> None:
    request, pulled = streamed(200 * CHUNK, [(b"content-length", str(200 * CHUNK).encode())])
    with pytest.raises(BodyTooLarge, match="too large"):
        asyncio.run(read_limited(request, 16 * 1024))
    assert pulled[0] == 0


def test_a_streamed_body_is_counted_and_cut_at_the_limit() -> None:
    for headers in ([], [(b"content-length", b"10")]):  # no length, or a length that lies
        request, pulled = streamed(200 * CHUNK, headers)
        with pytest.raises(BodyTooLarge):
            asyncio.run(read_limited(request, 2 * CHUNK + 5))
        assert pulled[0] == 3  # the limit and one chunk, not 200 MB


def test_a_body_within_the_limit_is_read_whole() -> None:
    request, _ = streamed(CHUNK + 7, [])
    assert len(asyncio.run(read_limited(request, 2 * CHUNK))) == CHUNK + 7


def test_the_room_answers_413_to_a_large_body(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            app = create_app(room, "s" * 32)
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room") as http:
                big = b"{" + b" " * (600 * 1024) + b"}"  # over both limits (16 KiB, 512 KiB)
                for path in ("/api/players", "/api/text"):
                    answer = await http.post(path, content=big, headers={"content-type": "application/json"})
                    assert answer.status_code == 413, (path, answer.text)
                    assert "too large" in answer.json()["error"]
                ok = await http.post("/api/players", json={"name": "Ann"})
                assert ok.status_code in (200, 201), ok.text
        finally:
            await room.close()
    asyncio.run(go())
