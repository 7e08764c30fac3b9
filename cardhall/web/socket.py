"""The WebSocket of a table, `/ws/tables/{id}`: one connection per client per table.

With a valid token the connection speaks for that person (their seat, if they have one);
without one it is a spectator. A bad message never closes the socket: it is answered with
`{"type": "error", "message": ...}` and the table goes on. Limits per connection: messages of at
most 16 KiB, 20 messages a second with bursts of 40, chat of at most 500 characters (the table).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Mapping
from typing import Any

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardhall.core.errors import CardhallError
from cardhall.room.service import Room, TableFront
from cardhall.web.auth import AuthError, Tokens, presented_token
from cardhall.web.protocol import CLIENT_TYPES, Act, Chat, Sync

MAX_MESSAGE = 16 * 1024
RATE = 20.0  # messages a second, on average
BURST = 40
OUTBOX = 2000  # messages waiting for a client too slow to read them; beyond, the connection is closed
CLOSE_NO_TABLE = 4404

_encode = msgspec.json.Encoder().encode


class RateLimit:
    """A token bucket: `RATE` messages a second, up to `BURST` at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    """One client's socket: messages are queued by the table's actor and written by a task."""

    def __init__(self, ws: WebSocket, player: str | None) -> None:
        self.ws = ws
        self.player = player
        self._outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._closing = False
        self._writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        if self._closing:
            return
        if self._outbox.qsize() >= OUTBOX:  # a client that does not read: drop it rather than hold its backlog
            self._closing = True
            self._outbox.put_nowait(None)
            return
        self._outbox.put_nowait(message)

    def error(self, message: str) -> None:
        self.send({"type": "error", "message": message})

    async def _write(self) -> None:
        while (message := await self._outbox.get()) is not None:
            try:
                await self.ws.send_text(_encode(message).decode())
            except Exception:  # the client went away; the reader notices and cleans up
                return
        with contextlib.suppress(Exception):
            await self.ws.close(1008, "too many unread messages")

    async def close(self) -> None:
        """Let the writer send what is queued, then stop it."""
        self._closing = True
        self._outbox.put_nowait(None)
        try:
            await asyncio.wait_for(self._writer, 5)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()


async def table_socket(ws: WebSocket, room: Room, tokens: Tokens) -> None:
    table_id = ws.path_params["table_id"]
    await ws.accept()
    problem = None
    player = None
    try:
        token = presented_token(ws, changes=True)
        if token is not None:
            player = tokens.player(token)
            if await room.player_name(player) is None:
                raise AuthError("this token's player is not known to this room; get a new token with POST /api/players")
    except AuthError as exc:
        problem = f"{exc}; you are watching as a spectator"
    conn = Connection(ws, player)
    if problem:
        conn.error(problem)
    actor = await room.table(table_id)
    if actor is None or not actor.may_see(player, ws.query_params.get("invite")):
        conn.error(f"there is no table {table_id!r} here (a private table needs its invite: ?invite=TOKEN)")
        await conn.close()
        with contextlib.suppress(Exception):
            await ws.close(CLOSE_NO_TABLE)
        return
    try:
        await actor.subscribe(conn)
    except CardhallError as exc:
        conn.error(f"{exc}; connect again")
        await conn.close()
        return
    limit = RateLimit()
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not limit.allow():
                conn.error(f"too many messages: at most {RATE:g} a second (bursts of {BURST}); this one was dropped")
                continue
            try:
                await handle(message, conn, actor)
            except CardhallError as exc:
                conn.error(str(exc))
    except WebSocketDisconnect:
        pass
    finally:
        await actor.unsubscribe(conn)
        await conn.close()


async def handle(message: Mapping[str, Any], conn: Connection, actor: TableFront) -> None:
    """Carry out one client message; a refused one raises `CardhallError` with the sentence to send."""
    text = message.get("text")
    if text is None:
        raise CardhallError("send messages as text frames holding JSON, not binary frames")
    size = len(text.encode())
    if size > MAX_MESSAGE:
        raise CardhallError(f"this message is too large: {size} bytes; a message is at most {MAX_MESSAGE} bytes (16 KiB)")
    try:
        data = msgspec.json.decode(text)
    except msgspec.DecodeError as exc:
        raise CardhallError(f"this message is not valid JSON ({exc}); send one JSON object, "
                            "e.g. {\"type\": \"sync\", \"since\": 0}") from None
    if not isinstance(data, dict):
        raise CardhallError(f"a message is a JSON object with a \"type\", not a {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        what = "the message has no \"type\"" if kind is None else f"{kind!r}"
        raise CardhallError(f"unknown message type: {what}; the types are {', '.join(CLIENT_TYPES)}")
    try:
        command = msgspec.convert(data, CLIENT_TYPES[kind])
    except msgspec.ValidationError as exc:
        raise CardhallError(f"bad {kind} message: {exc}") from None
    player = conn.player
    if isinstance(command, Sync):
        await actor.sync(conn, command.since)
    elif isinstance(command, Chat):
        name = None if player is None else await actor.room.player_name(player)
        await actor.chat(player, command.text, name)
    elif isinstance(command, Act):
        if player is None:
            raise CardhallError("you are watching as a spectator and cannot act; connect with your token "
                                "(?token=TOKEN) to play your seat")
        mine = actor.viewer(player)
        if command.seat is not None and command.seat != mine:
            where = "have no seat at this table" if mine is None else f"sit at seat {mine}"
            raise CardhallError(f"you {where}; you cannot act for seat {command.seat}")
        await actor.act(player, command.action, command.version)
