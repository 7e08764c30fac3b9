"""A real `python -m cardhall serve` process and clients that speak wire protocol v1 to it."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from cardhall.web.deltas import apply_patch

ROOT = Path(__file__).resolve().parents[2]
PACE = 0.055  # seconds between a client's messages: under the room's 20 a second


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`python -m cardhall serve` on a free loopback port, with its output in a log file; bots are
    not paced (`--bot-pace 0`, unless `extra` says otherwise) and nothing is limited (`--no-limits`:
    the tests make many guests and tables from one address)."""

    def __init__(self, db: str, log: Path, extra: list[str] | None = None) -> None:
        self.db = db
        self.log = log
        self.extra = extra or []  # more options, e.g. --redis URL
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> Server:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardhall", "serve", "--port", str(self.port), "--db", self.db, "--bot-pace", "0",
                 "--no-limits", *self.extra],
                env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                if httpx.get(self.url + "/api/games", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL the server and its bot processes (its whole session)."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> int:
        """Ctrl-C, as a person would; the exit status."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(30)
        return self.proc.returncode


class Person:
    """A guest over HTTP (and WebSockets via `watch`)."""

    def __init__(self, server: Server, name: str | None) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=60)
        self.token: str | None = None
        self.player: str | None = None
        if name is not None:
            made = self.http.post("/api/players", json={"name": name})
            assert made.status_code == 200, made.text
            self.token, self.player = made.json()["token"], made.json()["player"]
            self.http.cookies.clear()  # speak with the Bearer token, not the cookie

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def post(self, path: str, body: Any = None, ok: bool = True) -> httpx.Response:
        response = self.http.post(path, json=body, headers=self.headers)
        if ok:
            assert response.status_code in (200, 201), response.text
        return response

    def create(self, game: str, seats: list[str], options: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.post("/api/tables", {"game": game, "seats": seats, "options": options or {}, **more}).json()
        return result

    def start(self, table_id: str) -> None:
        self.post(f"/api/tables/{table_id}/start")

    def watch(self, table_id: str, invite: str | None = None, token: str | None = None, words: bool = False,
              delta: bool = False) -> Socket:
        query = ["words=1"] if words else []
        if delta:
            query.append("delta=1")
        if token or self.token:
            query.append(f"token={token or self.token}")
        if invite:
            query.append(f"invite={invite}")
        url = f"ws://127.0.0.1:{self.server.port}/ws/tables/{table_id}" + ("?" + "&".join(query) if query else "")
        return Socket(url)


class Socket:
    """One WebSocket; keeps every message received, and the last state."""

    def __init__(self, url: str) -> None:
        self._stack = contextlib.ExitStack()
        # No client keepalive and an unbounded queue: a test socket may go unread for a while
        # (a watcher during a long fuzz run); a full queue would stop its reader thread, the
        # server's pongs would go unread and the ping time-out would close the socket.
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, max_size=None, max_queue=None, ping_interval=None, open_timeout=30))
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.acted = -1  # the state version this socket last acted on
        self._last_send = 0.0

    def send(self, message: Any) -> None:
        wait = self._last_send + PACE - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
        self._last_send = time.monotonic()

    def recv(self, timeout: float) -> dict[str, Any]:
        """The next message; a delta (`?delta=1`) is kept as it came and applied to the last state."""
        message: dict[str, Any] = json.loads(self.ws.recv(timeout))
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        elif message["type"] == "delta":
            assert self.state is not None and self.state["version"] == message["base"], message
            self.state = apply_patch(self.state, message["patch"])
        return message

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, end - time.monotonic()))
            if pred(message):
                return message

    def poll(self) -> None:
        """Take every message that has arrived, without waiting."""
        while True:
            try:
                self.recv(0.001)
            except TimeoutError:
                return

    def sync(self, since: int) -> list[dict[str, Any]]:
        """Ask for what happened after `since`: the answer's events (it ends with a state).

        Live messages may arrive before the answer; the answer is the run that starts with an
        event this socket had not been sent live (version at most the last state seen)."""
        self.poll()
        assert self.state is not None
        bound = self.state["version"]
        self.send({"type": "sync", "since": since})
        if since >= bound:  # nothing missed: the answer is a state
            self.until(lambda m: m["type"] == "state")
            return []
        self.until(lambda m: m["type"] == "event" and since < m["version"] <= bound)
        start = len(self.messages) - 1
        self.until(lambda m: m["type"] == "state")
        return self.messages[start:-1]

    def errors(self) -> list[str]:
        return [m["message"] for m in self.messages if m["type"] == "error"]

    def events(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "event"]

    def states(self) -> list[dict[str, Any]]:
        """Every state received, a delta applied to the one before it."""
        out: list[dict[str, Any]] = []
        for m in self.messages:
            if m["type"] == "state":
                out.append(m)
            elif m["type"] == "delta":
                out.append(apply_patch(out[-1], m["patch"]))
        return out

    def my_turn(self) -> bool:
        return bool(self.state and self.state["legal"] and self.state["version"] > self.acted)

    def act_random(self, rng: random.Random) -> str:
        assert self.state is not None
        action: str = rng.choice(self.state["legal"])
        self.acted = self.state["version"]
        self.send({"type": "act", "action": action, "version": self.state["version"]})
        return action

    def close(self) -> None:
        self._stack.close()


def play_out(sockets: list[Socket], seed: int = 0, timeout: float = 240, stop: Callable[[], bool] | None = None) -> None:
    """Play random legal moves for every socket's seat until the game is over (or `stop()`)."""
    rng = random.Random(seed)
    end = time.monotonic() + timeout
    while True:
        for s in sockets:
            s.poll()
        if all(s.state and s.state["over"] for s in sockets) or (stop and stop()):
            return
        assert time.monotonic() < end, f"the game did not end in {timeout} s"
        acted = False
        for s in sockets:
            if s.my_turn():
                s.act_random(rng)
                acted = True
        if not acted:
            with contextlib.suppress(TimeoutError):
                sockets[0].recv(0.02)
        for s in sockets:  # acting on a state a move has overtaken is answered "stale", as it should be
            wrong = [e for e in s.errors() if not e.startswith("stale:")]
            assert not wrong, wrong
