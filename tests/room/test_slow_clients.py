"""Slow clients and greedy addresses: a request that trickles in (its head or its body) is closed
once its reading deadline passes, a whole one is answered, and one address holds only so many
HTTP connections and WebSockets. Uvicorn runs in a thread with short limits, so each test takes
a few seconds at most."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from cardhall.people.limits import Limits
from cardhall.web.slow import CLOSE_TOO_MANY, SocketsPerAddress, guarded
from tests.room.helpers import free_port

READ = 1.0
PER_ADDRESS = 4


async def echo(request: Request) -> PlainTextResponse:
    return PlainTextResponse(f"got {len(await request.body())} bytes")


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    port = free_port()
    app = Starlette(routes=[Route("/", echo, methods=["GET", "POST"])])
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_level="warning",
                            http=guarded(AutoHTTPProtocol, per_address=PER_ADDRESS, read_timeout=READ))
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not running.started and time.monotonic() < end:
        time.sleep(0.05)
    yield port
    running.should_exit = True
    thread.join(10)


def closed_within(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closes `conn` within `seconds` (reading whatever it sends first)."""
    conn.settimeout(seconds)
    try:
        while conn.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def test_a_whole_request_is_answered(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server)) as conn:
        conn.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        conn.settimeout(5)
        assert b"got 5 bytes" in conn.recv(4096)


def test_a_head_sent_a_byte_at_a_time_is_cut_off(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server)) as conn:
        begun = time.monotonic()
        conn.sendall(b"GET / HTTP/1.1\r\n")
        for _ in range(int(READ * 10)):
            try:
                conn.sendall(b"X")
            except OSError:
                break
            time.sleep(0.25)
        assert closed_within(conn, READ * 3)
        assert time.monotonic() - begun < READ * 8


def test_a_body_that_trickles_is_cut_off(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server)) as conn:
        conn.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nab")
        assert closed_within(conn, READ * 4)


def test_one_address_holds_only_so_many_connections(server: int) -> None:
    held = [socket.create_connection(("127.0.0.1", server)) for _ in range(PER_ADDRESS)]
    try:
        with socket.create_connection(("127.0.0.1", server)) as extra:
            assert closed_within(extra, 2)  # closed at once, before it sends anything
        held[0].sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        held[0].settimeout(5)
        assert b"got 0 bytes" in held[0].recv(4096)  # those within the cap are served
    finally:
        for conn in held:
            conn.close()
    time.sleep(0.2)
    with socket.create_connection(("127.0.0.1", server)) as again:  # the count went down with them
        again.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        again.settimeout(5)
        assert b"got 0 bytes" in again.recv(4096)


def test_one_address_holds_only_so_many_websockets() -> None:
    async def hold(ws: WebSocket) -> None:
        await ws.accept()
        async for _ in ws.iter_text():
            pass

    app = Starlette(routes=[WebSocketRoute("/ws", hold)])
    app.add_middleware(SocketsPerAddress, per_address=2)
    client = TestClient(app)
    with client.websocket_connect("/ws"), client.websocket_connect("/ws"):
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws"):
            pass
        assert refused.value.code == CLOSE_TOO_MANY
    with client.websocket_connect("/ws"):  # closed ones no longer count
        pass


def test_a_room_without_limits_caps_no_address() -> None:
    """`cardhall serve --no-limits` (the room benchmark: 500 clients on one loopback address) lifts
    the cap on WebSockets per address; a room with its limits keeps it (`Limits.connections`)."""
    async def hold(ws: WebSocket) -> None:
        await ws.accept()
        async for _ in ws.iter_text():
            pass

    for limits, refused in ((Limits(connections=2), True), (Limits.off(), False)):
        app = Starlette(routes=[WebSocketRoute("/ws", hold)])
        app.add_middleware(SocketsPerAddress, per_address=limits.connections)
        client = TestClient(app)
        with contextlib.ExitStack() as held:
            for _ in range(2):
                held.enter_context(client.websocket_connect("/ws"))
            if refused:
                with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws"):
                    pass
            else:
                with client.websocket_connect("/ws") as third:
                    third.send_text("still open")
