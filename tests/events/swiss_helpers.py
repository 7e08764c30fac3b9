"""Wire clients of Swiss events: accounts over HTTP, their room sockets for the round notices,
their table sockets to play (random legal moves)."""

from __future__ import annotations

import contextlib
import json
import time
import uuid
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.room.helpers import Server, Socket

PASSWORD = "correct horse battery"
HEARTS_ONE_DEAL = {"target": 1, "moon_mode": "add", "exact_100": "off"}
"""One deal of Hearts: quick tables of four seats (three entrants and a bot when nine play)."""


class Entrant:
    """An account with its room socket (`/ws/room`), which hears the round notices."""

    def __init__(self, server: Server, prefix: str = "Sw") -> None:
        self.server = server
        made = httpx.post(server.url + "/api/accounts",
                          json={"name": f"{prefix}{uuid.uuid4().hex[:6]}", "password": PASSWORD}, timeout=60)
        assert made.status_code == 201, made.text
        self.token, self.player, self.name = made.json()["token"], made.json()["player"], made.json()["name"]
        self.room: ClientConnection | None = None
        self.heard: list[dict[str, Any]] = []
        self.stack = contextlib.ExitStack()

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def call(self, method: str, path: str, body: Any = None) -> httpx.Response:
        return httpx.request(method, self.server.url + path, json=body, headers=self.headers, timeout=60)

    def online(self) -> None:
        self.room = self.stack.enter_context(connect(
            f"ws://127.0.0.1:{self.server.port}/ws/room?token={self.token}", open_timeout=30, ping_interval=None))
        self.hear(lambda m: m["type"] == "hello")

    def hear(self, pred: Any, timeout: float = 60) -> dict[str, Any]:
        """The first message of the room socket (heard before or now) that `pred` accepts."""
        for m in self.heard:
            if pred(m):
                self.heard.remove(m)
                return m
        assert self.room is not None
        end = time.monotonic() + timeout
        while True:
            m = json.loads(self.room.recv(max(0.01, end - time.monotonic())))
            if pred(m):
                return m
            self.heard.append(m)

    def table_notice(self, event: str, round_no: int, timeout: float = 60) -> dict[str, Any]:
        return self.hear(lambda m: m["type"] == "event_table" and m["event"] == event and m["round"] == round_no,
                         timeout)

    def sit(self, table: str, invite: str | None) -> Socket:
        query = f"token={self.token}" + (f"&invite={invite}" if invite else "")
        socket = Socket(f"ws://127.0.0.1:{self.server.port}/ws/tables/{table}?{query}")
        socket.until(lambda m: m["type"] == "state")
        return socket

    def close(self) -> None:
        self.stack.close()
        self.stack = contextlib.ExitStack()  # online() may open it again (after a restart)


def swiss_event(creator: Entrant, **body: Any) -> dict[str, Any]:
    made = creator.call("POST", "/api/events", {"kind": "swiss", "game": "hearts", "options": HEARTS_ONE_DEAL,
                                                "rounds": 3, "grace": 10, "bots": "random", "hours": 1, **body})
    assert made.status_code == 201, made.text
    return dict(made.json())


def event_of(server: Server, event: str) -> dict[str, Any]:
    got = httpx.get(server.url + f"/api/events/{event}", timeout=60)
    assert got.status_code == 200, got.text
    return dict(got.json())


def wait_for(check: Any, timeout: float = 120, every: float = 0.2) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(every)
    raise AssertionError(f"not within {timeout} s")
