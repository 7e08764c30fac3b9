"""Bounded memory per connection: every outbox is bounded whatever its mode and its messages'
kind (4408 beyond), one "too many messages" error per window, backpressure on a client that
sends without reading, syncs answered with events at most once a second, and a table's state
made (and serialized) once per version."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from cardhall.core.i18n import Msg
from cardhall.room.broadcast import state_of
from cardhall.room.commands import Chat
from cardhall.room.messages import State
from cardhall.room.registry import Room
from cardhall.web import socket as web_socket
from cardhall.web.socket import Connection, encoded, handle
from tests.room.test_slow_watcher import Recorder, SlowSocket, state


async def resync(sub: Any, since: int) -> None:  # a table to catch up from: the connection is live
    sub.send(state(since))


def test_errors_flooding_a_live_connection_close_it_with_4408(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_socket, "STUCK", 50)

    async def go() -> None:
        ws = SlowSocket()
        conn = Connection(ws, None)  # type: ignore[arg-type]
        conn.resync = resync
        for _ in range(10_000):  # a client that sends bad frames and never reads
            conn.error("bad")
            assert conn._outbox.qsize() <= web_socket.STUCK + 1
        ws.gate.set()
        await conn.close()
        assert ws.closed is not None and ws.closed[0] == 4408
        assert len(ws.sent) <= 1

    asyncio.run(go())


def test_one_too_many_messages_error_per_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_socket, "WARN_EVERY", 0.2)

    async def go() -> None:
        ws = SlowSocket()
        conn = Connection(ws, None)  # type: ignore[arg-type]
        for _ in range(500):
            conn.too_many(Msg("too many messages"))
        await asyncio.sleep(0.25)
        for _ in range(500):
            conn.too_many(Msg("too many messages"))
        ws.gate.set()
        await conn.close()
        assert [m["message"] for m in ws.sent] == ["too many messages"] * 2

    asyncio.run(go())


def test_a_client_whose_outbox_is_full_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_socket, "READ_PAUSE", 5)

    async def go() -> None:
        ws = SlowSocket()
        conn = Connection(ws, None)  # type: ignore[arg-type]
        for i in range(5):  # the writer holds the first one (the client does not read it)
            conn.error(f"e{i}")
            await asyncio.sleep(0.01)
        await asyncio.wait_for(conn.readable(), 1)  # 4 wait: still read
        conn.error("e5")
        reader = asyncio.ensure_future(conn.readable())
        await asyncio.sleep(0.1)
        assert not reader.done()  # 5 wait: its frames are left unread
        ws.gate.set()  # the client reads: it is read again
        await asyncio.wait_for(reader, 1)
        await conn.close()

    asyncio.run(go())


def test_sync_is_answered_with_events_once_a_second_then_the_state_alone(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "hearts", {}, ["me", "open", "open", "open"])
            for i in range(30):
                await actor.run(Chat(player=ann, text=f"line {i}", name=None))
            ws = SlowSocket()
            ws.gate.set()
            conn = Connection(ws, ann)  # type: ignore[arg-type]
            conn.resync = actor.sync
            sync = {"type": "websocket.receive", "text": json.dumps({"type": "sync", "since": 0})}
            started = time.monotonic()
            await handle(sync, conn, actor)
            await handle(sync, conn, actor)
            await asyncio.sleep(0.05)
            assert time.monotonic() - started < web_socket.SYNC_EVERY
            kinds = [m["type"] for m in ws.sent]
            assert kinds.count("event") == 31 and kinds.count("state") == 2 and kinds[-2:] == ["state", "state"]
            await conn.close()
        finally:
            await room.close()

    asyncio.run(go())


def test_a_state_is_made_and_serialized_once_per_version(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "hearts", {}, ["me", "open", "open", "open"])
            one, two = Recorder(), Recorder()
            await actor.subscribe(one)
            await actor.subscribe(two)
            await actor.run(Chat(player=ann, text="hello", name=None))
            first, second = one.structs[-1], two.structs[-1]
            assert isinstance(first, State) and first is second is state_of(actor.table, None)
            assert encoded(first) is encoded(second)
            await actor.run(Chat(player=ann, text="again", name=None))
            last = one.structs[-1]
            assert last is not first and isinstance(last, State) and last.version == first.version + 1
        finally:
            await room.close()

    asyncio.run(go())


def test_after_a_failed_commit_the_sender_gets_the_state_and_after_a_refusal_not(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "hearts", {}, ["me", "open", "open", "open"])
            ws = SlowSocket()
            ws.gate.set()
            ws.client = None  # type: ignore[attr-defined]  # (no address: the chat limit counts the person)
            conn = Connection(ws, ann)  # type: ignore[arg-type]
            conn.resync = actor.sync
            append = room.store.append

            async def fails(*args: Any, **kwargs: Any) -> None:
                room.store.append = append  # type: ignore[method-assign]
                raise OSError("the database went away")

            room.store.append = fails  # type: ignore[method-assign]
            chat = {"type": "websocket.receive", "text": json.dumps({"type": "chat", "text": "hello"})}
            await web_socket.answer(chat, conn, actor)
            await asyncio.sleep(0.2)  # the table reads itself again, then answers the sync
            kinds = [m["type"] for m in ws.sent]
            assert kinds[0] == "error" and "state" in kinds, ws.sent
            ws.sent.clear()
            await web_socket.answer({"type": "websocket.receive", "text": "not json"}, conn, actor)
            await web_socket.answer({"type": "websocket.receive", "text": json.dumps({"type": "act", "action": "2C"})},
                                    conn, actor)
            await asyncio.sleep(0.1)
            assert [m["type"] for m in ws.sent] == ["error", "error"]  # refusals change nothing: no state
            await conn.close()
        finally:
            await room.close()

    asyncio.run(go())
