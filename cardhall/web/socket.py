"""The WebSocket of a table, `/ws/tables/{id}`: one connection per client per table.

With a valid token the connection speaks for that person (their seat, if they have one);
without one it is a spectator. A bad message never closes the socket: it is answered with an
`Error` (`{"type": "error", "message": ...}`) and the table goes on. Every message a connection
queues is a struct (`cardhall.room.messages`), encoded with msgspec as it is written. Limits per
connection: messages of at most 16 KiB, 20 messages a second with bursts of 40 (one "too many
messages" error a second, the rest dropped silently), chat of at most 500 characters (the table), a `sync` answered with
missed events at most once a second (sooner: the state alone). Memory per connection is
bounded: at most `STUCK` messages wait for it whatever their kind (beyond, 4408), and while
`READ_PAUSE` wait, the client's own frames are not read (backpressure). A command that fails
because the database or the cluster did (`UNCERTAIN`: it may or may not have happened) is
followed by the table's state.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.room import commands, logs
from cardhall.room.broadcast import Subscriber
from cardhall.room.cluster import ClusterError
from cardhall.room.front import TableFront, TableMoved
from cardhall.room.messages import Delta, Error, Event, Said, ServerMessage, State
from cardhall.room.registry import Room
from cardhall.room.store import StoreError
from cardhall.web.auth import AuthError, Tokens, presented_token
from cardhall.web.decoding import decode
from cardhall.web.deltas import Deltas
from cardhall.web.languages import chosen, say_error, web
from cardhall.web.protocol import CLIENT_TYPES, Act, Chat, Sync
from cardhall.web.words import Speaker, faces_of

MAX_MESSAGE = 16 * 1024
RATE = 20.0  # messages a second, on average
BURST = 40
OUTBOX = 2000  # messages waiting for a slow client; beyond, it skips ahead (resync), see `Connection`
STUCK = 2 * OUTBOX  # messages waiting for a client that does not read at all: the connection is closed
READ_PAUSE = 64  # messages waiting for a client: its own frames are not read until fewer wait
WARN_EVERY = 1.0  # seconds: at most one "too many messages" error per connection in this time
SYNC_EVERY = 1.0  # seconds: a sync answers with missed events at most this often; more often, the state alone
CLOSE_BEHIND = 4408  # the client stopped reading: it reconnects with ?since=V and gets what it missed
CLOSE_NO_TABLE = 4404

_encode = msgspec.json.Encoder().encode
UNCERTAIN = (StoreError, ClusterError, TableMoved)
"""Failures after which the sender also gets the table's state: the database or the cluster
failed, so the command may or may not have happened (a refusal changes nothing)."""

Resync = Callable[[Subscriber, int], Awaitable[None]]


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
    """One client's socket: messages are queued by the table's actor and written by a task.

    A slow client never loses the game. When `OUTBOX` messages wait for it, the connection
    keeps the rest of the batch being sent (up to and including its `state`, so what is queued
    ends at a state S with every event before it), then stops queueing; once the client has
    read everything up to S, the table sends it what happened since S and the state, in one
    step of the table's actor (`resync`), exactly as for a page returning with `?since=S`. So
    every event reaches it once, in order (or, if S has left the table's history, the state).
    Errors still pass meanwhile. Whatever the mode and the messages' kind, a client that reads
    nothing while `STUCK` messages wait is closed with code 4408 and a sentence (its backlog
    dropped); the clients reconnect with what they last saw."""

    def __init__(self, ws: WebSocket, player: str | None, lang: str = "en") -> None:
        self.ws = ws
        self.player = player
        self.lang = lang  # the language its errors are said in
        self.faces = "french"  # the card faces its refusals name (`faces_of`: the cookie, else the language's)
        self.resync: Resync | None = None  # how to catch up after skipping (set once the table is known)
        self.speaker: Speaker | None = None  # words for each event and state (?words=1)
        self.deltas: Deltas | None = None  # each state after the first as a change of the last (?delta=1)
        self._outbox: asyncio.Queue[ServerMessage | None] = asyncio.Queue()
        self._closing = False
        self._stuck = False  # closing because the client does not read (or cannot be resynced)
        self._mode = "live"  # "live"; "cutting": full, ends the batch; "behind": skips until resynced
        self.muted: set[str] = set()  # people whose chat this connection's person does not hear (mutes, blocks)
        self.voice: Callable[[str], Awaitable[None]] | None = None  # raises if the person may not chat (a mute)
        self._since = 0  # when behind: the version of the last state queued
        self._readable = asyncio.Event()  # set while fewer than READ_PAUSE messages wait (or closing)
        self._readable.set()
        self._warned = -WARN_EVERY  # time.monotonic() of the last "too many messages" error
        self._synced = -SYNC_EVERY  # time.monotonic() of the last sync answered with events
        self._writer = asyncio.create_task(self._write())

    async def readable(self) -> None:
        """Backpressure: wait until fewer than `READ_PAUSE` messages wait for the client (or the
        connection closes), so a client that sends without reading stops being read."""
        await self._readable.wait()

    def too_many(self, message: Msg) -> None:
        """The "too many messages" refusal, said at most once per `WARN_EVERY` (the others are
        dropped silently: a flood must not grow the client's outbox)."""
        now = time.monotonic()
        if now - self._warned >= WARN_EVERY:
            self._warned = now
            self.error(message)

    def sync_since(self, since: int | None) -> int | None:
        """What a client's `sync` is answered from: the missed events after `since` at most once
        per `SYNC_EVERY`; a sync sooner after the last one gets the state alone (None)."""
        now = time.monotonic()
        if since is None or now - self._synced < SYNC_EVERY:
            return None
        self._synced = now
        return since

    def send(self, message: ServerMessage, catching_up: bool = False) -> None:
        if self.speaker is not None:  # ?words=1: events wait for their state, then go with their words
            for said in self.speaker.take(message):
                self._send(said, catching_up)
        else:
            self._send(message, catching_up)

    def _send(self, message: ServerMessage, catching_up: bool = False) -> None:
        if self._closing:
            return
        if isinstance(message, Event) and self.muted and isinstance(message.event, Said) \
                and message.event.player in self.muted:
            return  # a muted person's chat: not heard here (they are not told)
        if self._outbox.qsize() >= STUCK and not catching_up:  # a client that does not read: drop it
            self._stop(stuck=True)
            return
        if self._mode == "behind" and isinstance(message, Event | State):
            return  # the resync sends it
        if self.deltas is not None and isinstance(message, State):
            message = self.deltas.message(message)
        self._outbox.put_nowait(message)
        if self._outbox.qsize() >= READ_PAUSE:
            self._readable.clear()
        if self._mode == "live" and self._outbox.qsize() >= OUTBOX and self.resync is not None:
            self._mode = "cutting"
        if self._mode == "cutting" and isinstance(message, State | Delta):
            self._mode, self._since = "behind", message.version

    def _caught_up(self, message: ServerMessage) -> None:
        """A message of the resync: the connection is live again from the first one on."""
        self._mode = "live"
        self.whole()  # the catch-up's state goes whole
        self.send(message, catching_up=True)  # a resync starts from an empty outbox and is bounded by the history

    def whole(self) -> None:
        """The next state goes whole, not as a delta (a sync's answer, a catch-up)."""
        if self.deltas is not None:
            self.deltas.whole()

    def error(self, message: str) -> None:
        """Send a refusal; a `Msg` is said in the connection's language."""
        self.send(Error(web(self.lang).say(message)))

    async def _write(self) -> None:
        while (message := await self._outbox.get()) is not None:
            if self._outbox.qsize() < READ_PAUSE:
                self._readable.set()
            try:
                await self.ws.send_text(encoded(message))
            except Exception:  # the client went away; the reader notices and cleans up
                self._readable.set()
                return
            if self._mode == "behind" and self._outbox.empty() and self.resync is not None:
                try:
                    await self.resync(_CatchUp(self), self._since)
                except CardhallError:  # e.g. the table moved to another node: reconnecting finds it
                    self._stop(stuck=True)
                    break
        if self._stuck:
            with contextlib.suppress(Exception):
                await self.ws.close(CLOSE_BEHIND, "too many unread messages; reconnect with ?since=VERSION")

    def _stop(self, stuck: bool = False) -> None:
        """No more messages; the writer ends after those queued (a stuck client: at once)."""
        self._readable.set()
        if stuck:  # its backlog (and a None already queued) is dropped
            self._stuck = True
            while not self._outbox.empty():
                self._outbox.get_nowait()
            self._outbox.put_nowait(None)
            self._closing = True
        elif not self._closing:
            self._closing = True
            self._outbox.put_nowait(None)

    async def close(self) -> None:
        """Let the writer send what is queued, then stop it."""
        self.resync = None
        self._stop()
        try:
            await asyncio.wait_for(self._writer, 5)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()


_TEXTS: OrderedDict[int, tuple[ServerMessage, str]] = OrderedDict()
TEXTS_KEPT = 256


def encoded(message: ServerMessage) -> str:
    """The JSON text of `message` (a struct of `cardhall.room.messages`, encoded by msgspec),
    remembered for the last `TEXTS_KEPT` messages by identity: a state sent to many connections (or
    cached by its table per version) is serialized once."""
    key = id(message)
    found = _TEXTS.get(key)
    if found is not None and found[0] is message:
        _TEXTS.move_to_end(key)
        return found[1]
    text = _encode(message).decode()
    _TEXTS[key] = (message, text)
    if len(_TEXTS) > TEXTS_KEPT:
        _TEXTS.popitem(last=False)
    return text


class _CatchUp:
    """The subscriber a resync speaks to: its messages reach the connection it catches up."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.player = conn.player

    def send(self, message: ServerMessage) -> None:
        self.conn._caught_up(message)


class PeopleHooks(Protocol):
    """What the table socket asks of the room's people (`cardhall.web.mutes.Mutes`)."""

    async def muted_by(self, player: str) -> set[str]: ...
    async def may_chat(self, player: str) -> None: ...


async def table_socket(ws: WebSocket, room: Room, tokens: Tokens, people: PeopleHooks | None = None) -> None:
    table_id = ws.path_params["table_id"]
    await ws.accept()
    problem: Msg | None = None
    player = None
    try:
        token = presented_token(ws, changes=True)
        if token is not None:
            player = await tokens.player(token)
            if await room.player_name(player) is None:
                raise AuthError(Msg(N_("this token's player is not known to this room; "
                                       "get a new token with POST /api/players")))
    except AuthError as exc:
        problem = Msg(N_("{problem}; you are watching as a spectator"), problem=exc.args[0] if exc.args else str(exc))
    logs.note(player=player)
    conn = Connection(ws, player, chosen(ws, None if player is None else await room.player_lang(player)))
    if problem:
        conn.error(problem)
    if people is not None and player is not None:
        conn.muted = await people.muted_by(player)
        conn.voice = people.may_chat
    actor = await room.table(table_id)
    if actor is None or not actor.may_see(player, ws.query_params.get("invite")):
        conn.error(Msg(N_("there is no table \"{table}\" here (a private table needs its invite: ?invite=TOKEN)"),
                       table=table_id))
        await conn.close()
        with contextlib.suppress(Exception):
            await ws.close(CLOSE_NO_TABLE)
        return
    conn.resync = actor.sync
    conn.faces = faces_of(ws.cookies, conn.lang)
    if ws.query_params.get("words") == "1":
        conn.speaker = Speaker(table_id, actor.table.game, conn.lang, faces=conn.faces)
    if ws.query_params.get("delta") == "1":
        conn.deltas = Deltas()
    try:
        # `?since=V`: a returning page's last version; what it missed (its own return too, e.g. the
        # end of a takeover) comes with its first state, in one step, before any later change
        await actor.subscribe(conn, _since(ws.query_params.get("since")))
    except CardhallError as exc:
        conn.error(Msg(N_("{problem}; connect again"), problem=exc.args[0] if exc.args else str(exc)))
        await conn.close()
        return
    limit = RateLimit()
    try:
        while True:
            await conn.readable()
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not limit.allow():
                conn.too_many(Msg(N_("too many messages: at most {rate} a second (bursts of {burst}); this one was "
                                     "dropped"), rate=f"{RATE:g}", burst=BURST))
                continue
            await answer(message, conn, actor)
    except WebSocketDisconnect:
        pass
    finally:
        await actor.unsubscribe(conn)
        await conn.close()


async def answer(message: Mapping[str, Any], conn: Connection, actor: TableFront) -> None:
    """Carry out one client message; a refusal is answered with its sentence in the reader's
    language (the game's messages through its TextUI), and a failure of the database or the
    cluster (`UNCERTAIN`) also with the table's state, so a client acting on states goes on."""
    try:
        await handle(message, conn, actor)
    except CardhallError as exc:
        said = say_error(exc, conn.lang, actor.table.game, actor.viewer(conn.player), conn.faces)
        conn.send(Error(said))
        if isinstance(exc, UNCERTAIN):
            with contextlib.suppress(CardhallError):
                await actor.sync(conn, None)


def _since(value: str | None) -> int | None:
    """The `since` query parameter: a version (a whole number ≥ 0), else none (a malformed one is
    ignored: the page then gets the plain state)."""
    return int(value) if value is not None and value.isdigit() and len(value) < 12 else None


async def handle(message: Mapping[str, Any], conn: Connection, actor: TableFront) -> None:
    """Carry out one client message; a refused one raises `CardhallError` with the sentence to send."""
    text = message.get("text")
    if text is None:
        raise CardhallError(Msg(N_("send messages as text frames holding JSON, not binary frames")))
    size = len(text.encode())
    if size > MAX_MESSAGE:
        raise CardhallError(Msg(N_("this message is too large: {size}; a message is at most {limit} (16 KiB)"),
                                size=Plural("{count} byte", "{count} bytes", count=size),
                                limit=Plural("{count} byte", "{count} bytes", count=MAX_MESSAGE)))
    try:
        data = decode(text)
    except msgspec.DecodeError as exc:
        raise CardhallError(Msg(N_("this message is not valid JSON ({problem}); send one JSON object, e.g. {example}"),
                                problem=str(exc), example='{"type": "sync", "since": 0}')) from None
    if not isinstance(data, dict):
        raise CardhallError(Msg(N_("a message is a JSON object with a \"type\", not a {kind}"), kind=type(data).__name__))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        types = ", ".join(CLIENT_TYPES)
        if kind is None:
            raise CardhallError(Msg(N_("unknown message type: the message has no \"type\"; the types are {types}"),
                                    types=types))
        raise CardhallError(Msg(N_("unknown message type: {kind}; the types are {types}"), kind=repr(kind), types=types))
    try:
        command = msgspec.convert(data, CLIENT_TYPES[kind])
    except msgspec.ValidationError as exc:
        raise CardhallError(Msg(N_("bad {kind} message: {problem}"), kind=kind, problem=str(exc))) from None
    player = conn.player
    if isinstance(command, Sync):
        conn.whole()  # the client may hold another state than the last sent (a gap it saw)
        await actor.sync(conn, conn.sync_since(command.since))
    elif isinstance(command, Chat):
        if player is not None:  # (a spectator's chat is refused by the table)
            where = conn.ws.client.host if conn.ws.client is not None else None
            actor.room.limits.take("chat", time.time(), person=player, address=where)
        name = None if player is None else await actor.room.player_name(player)
        if player is not None and conn.voice is not None:
            await conn.voice(player)
        await actor.run(commands.Chat(player=player, text=command.text, name=name))
    elif isinstance(command, Act):
        if player is None:
            raise CardhallError(Msg(N_("you are watching as a spectator and cannot act; connect with your token "
                                   "(?token=TOKEN) to play your seat")))
        mine = actor.viewer(player)
        if command.seat is not None and command.seat != mine:
            if mine is None:
                raise CardhallError(Msg(N_("you have no seat at this table; you cannot act for seat {seat}"),
                                        seat=command.seat))
            raise CardhallError(Msg(N_("you sit at seat {mine}; you cannot act for seat {seat}"),
                                    mine=mine, seat=command.seat))
        await actor.run(commands.Act(player=player, action=command.action, version=command.version))
    else:  # a table command the WebSocket takes as it is (`TableCommand.ws`), by its type
        if player is None:
            raise CardhallError(Msg(N_("you are watching as a spectator; connect with your token (?token=TOKEN) to do this")))
        await actor.run(commands.COMMANDS[kind](player=player, **msgspec.structs.asdict(command)))
