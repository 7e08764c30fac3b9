"""A small async client of the room's wire protocol v1 (docs/room.md), used by `cardhall join`,
`cardhall bot` and `cardhall bench room`.

`RoomClient` speaks the HTTP lobby API (httpx); `TableConnection` is one WebSocket to a table
(`websockets`). A dropped WebSocket is reopened and the client asks for what it missed with
`{"type": "sync", "since": <the last version it saw>}`, so no event is lost. It asks for deltas
(`?delta=1`, `cardhall.web.deltas`) and hands on each as the whole state it makes, so its users
read states only.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from cardhall.core.errors import CardhallError
from cardhall.web.deltas import apply_patch

Message = dict[str, Any]


class RemoteError(CardhallError):
    """The server refused a request, or could not be reached; the message says why."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status  # the HTTP status of a refusal


@dataclass(frozen=True)
class TableURL:
    """A table's address: the server's base URL, the table id and, for a private table, its invite."""

    server: str
    table: str
    invite: str | None = None

    def __str__(self) -> str:
        query = f"?{urlencode({'invite': self.invite})}" if self.invite else ""
        return f"{self.server}/tables/{self.table}{query}"

    def websocket(self, token: str | None, words: bool = False, delta: bool = False) -> str:
        """The table's WebSocket URL, with the token and invite as query parameters (`words`: the
        messages come with their words, as for a browser page; `delta`: each state after the
        first comes as a change of the last, `cardhall.web.deltas`)."""
        base = "ws" + self.server.removeprefix("http")
        query = {k: v for k, v in (("token", token), ("invite", self.invite), ("words", "1" if words else None),
                                   ("delta", "1" if delta else None)) if v}
        return f"{base}/ws/tables/{self.table}" + (f"?{urlencode(query)}" if query else "")


def parse_table_url(url: str) -> TableURL:
    """Read a table URL such as `http://127.0.0.1:8000/tables/ID` (optionally `?invite=TOKEN`)."""
    example = "http://127.0.0.1:8000/tables/ID (optionally followed by ?invite=TOKEN)"
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise CardhallError(f"{url!r} is not a table URL; write it as {example}")
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) < 2 or segments[-2] != "tables":
        raise CardhallError(f"{url!r} does not name a table: its path must end in /tables/ID, as in {example}")
    prefix = "/".join(segments[:-2])
    server = f"{parts.scheme}://{parts.netloc}" + (f"/{prefix}" if prefix else "")
    invite = parse_qs(parts.query).get("invite", [None])[0]
    return TableURL(server, segments[-1], invite)


def _error_sentence(response: httpx.Response) -> str:
    try:
        data = response.json()
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("error"), str):
        return str(data["error"])
    return f"the server answered {response.status_code} {response.reason_phrase}"


class RoomClient:
    """The HTTP side: a guest identity, tables, seats. Use as `async with RoomClient(server) as c`."""

    def __init__(self, server: str, token: str | None = None, timeout: float = 10.0) -> None:
        self.server = server.rstrip("/")
        self.token = token
        self.player: str | None = None
        self.name: str | None = None
        # A new connection per request: Uvicorn closes an idle kept-alive connection after 5 s, and
        # on a busy server that close can cross a request sent on it (a sit lost as a ReadError).
        self.http = httpx.AsyncClient(base_url=self.server, timeout=timeout,
                                      limits=httpx.Limits(max_keepalive_connections=0))

    async def __aenter__(self) -> RoomClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.http.aclose()

    async def request(self, method: str, path: str, body: Any = None, params: dict[str, str] | None = None) -> Any:
        """One API call; a refusal becomes a `RemoteError` with the server's sentence."""
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        # A kept-alive connection the server closed meanwhile fails at once; a request that is safe
        # to repeat (a read, or a new guest) is sent again once on a new connection.
        repeatable = method == "GET" or path == "/api/players"
        for attempt in (1, 2):
            try:
                response = await self.http.request(method, path, json=body, params=params, headers=headers)
                break
            except (httpx.RemoteProtocolError, httpx.ReadError) as exc:
                if attempt == 2 or not repeatable:
                    raise RemoteError(f"the room at {self.server} dropped the connection ({str(exc) or type(exc).__name__}) "
                                      f"during {method} {path}; try again") from None
            except httpx.HTTPError as exc:
                raise RemoteError(f"cannot reach the room at {self.server} ({str(exc) or type(exc).__name__}); "
                                  "check the URL and that the server runs") from None
        if response.is_error:
            raise RemoteError(f"{method} {path}: {_error_sentence(response)}", response.status_code)
        return response.json() if response.content else None

    async def games(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = await self.request("GET", "/api/games")
        return result

    async def create_guest(self, name: str) -> dict[str, Any]:
        """A guest identity; later requests and connections are made as this person."""
        guest: dict[str, Any] = await self.request("POST", "/api/players", {"name": name})
        self.token, self.player, self.name = guest["token"], guest["player"], guest.get("name", name)
        return guest

    async def set_language(self, code: str) -> bool:
        """Tell the room the player's language (``POST /api/players/lang``), in which it phrases what
        it says to them; False when the server is older and has no such endpoint."""
        try:
            await self.request("POST", "/api/players/lang", {"lang": code})
        except RemoteError as exc:
            if exc.status in (404, 405):
                return False
            raise
        return True

    async def create_table(self, game: str, seats: list[str], options: dict[str, Any] | None = None,
                           private: bool = False, clock: float | None = None) -> dict[str, Any]:
        body = {"game": game, "options": options or {}, "seats": seats, "private": private, "clock": clock}
        summary: dict[str, Any] = await self.request("POST", "/api/tables", body)
        return summary

    async def table(self, table: TableURL | str) -> dict[str, Any]:
        """The table's summary with its public `state` message."""
        tid, params = self._where(table)
        summary: dict[str, Any] = await self.request("GET", f"/api/tables/{tid}", params=params)
        return summary

    async def sit(self, table: TableURL | str, seat: int | None) -> dict[str, Any]:
        """Take seat `seat` (from 0; None: the first open one)."""
        tid, params = self._where(table)
        body: dict[str, Any] = {"seat": seat, **params}
        result: dict[str, Any] = await self.request("POST", f"/api/tables/{tid}/sit", body)
        return result

    async def leave(self, table: TableURL | str) -> Any:
        tid, _ = self._where(table)
        return await self.request("POST", f"/api/tables/{tid}/leave")

    async def start(self, table: TableURL | str) -> Any:
        tid, _ = self._where(table)
        return await self.request("POST", f"/api/tables/{tid}/start")

    async def record(self, table: TableURL | str) -> dict[str, Any]:
        tid, _ = self._where(table)
        record: dict[str, Any] = await self.request("GET", f"/api/tables/{tid}/record")
        return record

    def connect(self, table: TableURL | str) -> TableConnection:
        """A WebSocket to the table as this person (a spectator without a guest identity)."""
        url = table if isinstance(table, TableURL) else TableURL(self.server, table)
        return TableConnection(url, self.token)

    @staticmethod
    def _where(table: TableURL | str) -> tuple[str, dict[str, str]]:
        if isinstance(table, TableURL):
            return table.table, ({"invite": table.invite} if table.invite else {})
        return table, {}


class TableConnection:
    """One WebSocket to a table. `messages()` yields every server message in order; a dropped
    connection is reopened (up to `retries` times in a row) with a `sync` for what was missed."""

    def __init__(self, url: TableURL, token: str | None, retries: int = 5) -> None:
        self.url = url
        self.token = token
        self.retries = retries
        self.version = -1  # the version of the last state message: everything up to it was received
        self.state: Message | None = None  # the last state message
        self._partial: dict[int, int] = {}  # events received of changes after `version` (a drop may cut a change)
        self._replay: dict[int, int] = {}  # of those, how many the sync after a reconnect will send again
        self.ws: ClientConnection | None = None
        self.words = False  # ask for the words with each message (`?words=1`)
        self.delta = True  # ask for each state after the first as a change of the last (`?delta=1`)
        self.received_bytes = 0  # the text of every message received

    async def __aenter__(self) -> TableConnection:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> None:
        try:
            self.ws = await websockets.connect(self.url.websocket(self.token, self.words, self.delta), compression=None,
                                               max_size=2**22, open_timeout=10)
        except (OSError, websockets.InvalidHandshake, TimeoutError) as exc:
            raise RemoteError(f"cannot open the table's WebSocket at {self.url} ({str(exc) or type(exc).__name__}); "
                              "check the URL and that the server runs") from None

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: Message) -> None:
        """Send one message; on a dropped connection, reconnect (with a sync) and send it again."""
        for attempt in range(self.retries + 1):
            try:
                assert self.ws is not None, "open() the connection first"
                await self.ws.send(json.dumps(message))
                return
            except websockets.ConnectionClosed:
                if attempt == self.retries:
                    raise RemoteError(f"the connection to {self.url} was lost and could not be reopened") from None
                await self.reconnect()

    async def act(self, action: str, version: int | None = None) -> None:
        """Play `action` (its notation) at the version this client saw (default: the last one)."""
        await self.send({"type": "act", "action": action, "version": self.version if version is None else version})

    async def chat(self, text: str) -> None:
        await self.send({"type": "chat", "text": text})

    async def sync(self, since: int | None = None) -> None:
        """Ask for what happened after `since` (default: the last version seen)."""
        await self.send({"type": "sync", "since": self.version if since is None else since})

    async def reconnect(self) -> None:
        """Reopen a dropped connection and ask for what was missed."""
        delay = 0.1
        for attempt in range(self.retries):
            try:
                await self.open()
                break
            except RemoteError:
                if attempt == self.retries - 1:
                    raise
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
        if self.version >= 0:
            self._replay = dict(self._partial)
            await self.sync()

    async def receive(self) -> Message:
        """The next server message (reconnecting once per drop); raises `RemoteError` when the
        connection cannot be reopened. A `delta` is applied to the last state and returned as the
        `state` it makes; a delta from another version than the last state (a gap) is dropped and
        a `sync` asks for the whole state."""
        while True:
            raw = await self._recv()
            self.received_bytes += len(raw)
            message: Message = json.loads(raw)
            version = message.get("version")
            if message.get("type") == "delta":
                if self.state is None or message.get("base") != self.version:
                    self._replay = dict(self._partial)
                    await self.sync()
                    continue
                message = apply_patch(self.state, message.get("patch") or [])
            if message.get("type") == "state" and isinstance(version, int):
                self.state, self.version = message, version
                self._partial = {v: n for v, n in self._partial.items() if v > version}
                self._replay.clear()
            elif message.get("type") == "event" and isinstance(version, int):
                self._partial[version] = self._partial.get(version, 0) + 1
            return message

    async def _recv(self) -> str | bytes:
        for attempt in range(self.retries + 1):
            try:
                assert self.ws is not None, "open() the connection first"
                return await self.ws.recv()
            except websockets.ConnectionClosed:
                if attempt == self.retries:
                    raise RemoteError(f"the connection to {self.url} was lost and could not be reopened") from None
                await self.reconnect()
        raise AssertionError("unreachable")

    async def messages(self) -> AsyncIterator[Message]:
        """Every server message in order, each event once (events a sync sends again are skipped)."""
        while True:
            message = await self.receive()
            version = message.get("version")
            if message.get("type") == "event" and self._replay.get(version, 0) > 0:  # type: ignore[arg-type]
                self._replay[version] -= 1  # type: ignore[index]
                self._partial[version] -= 1  # type: ignore[index]
                continue
            yield message
