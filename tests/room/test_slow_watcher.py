"""A slow watcher never loses the game: when too many messages wait for its socket, the room
stops queueing at the end of a batch and, once the client has read that far, sends what it
missed and the state in one step (as for a page returning with ?since=V). A client that reads
nothing at all is closed with 4408, which the clients answer by reconnecting with what they saw."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardhall.room.commands import Start
from cardhall.room.messages import ServerMessage, State
from cardhall.room.registry import Room
from cardhall.web import socket as web_socket
from cardhall.web.deltas import Deltas, apply_patch
from cardhall.web.socket import Connection


class Recorder:
    """A subscriber that reads at once."""

    def __init__(self) -> None:
        self.player: str | None = None
        self.structs: list[ServerMessage] = []  # as the room sent them
        self.messages: list[dict[str, Any]] = []  # as a client reads them

    def send(self, message: ServerMessage) -> None:
        self.structs.append(message)
        self.messages.append(msgspec.to_builtins(message))


def state(version: int) -> State:
    """A bare state message at `version`."""
    return State(version, None, {}, 0, None, [], False, [], "playing", [])


class SlowSocket:
    """The server's side of a client that reads nothing until `gate` opens."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        await self.gate.wait()
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def events(messages: list[dict[str, Any]]) -> list[tuple[int, Any]]:
    return [(m["version"], m["event"]) for m in messages if m["type"] == "event"]


def whole(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages with each delta (`?delta=1`) applied to the state before it, which must be the
    delta's base: a connection that skipped ahead never sends a delta from a state it did not send."""
    out: list[dict[str, Any]] = []
    held: dict[str, Any] | None = None
    for m in messages:
        if m["type"] == "delta":
            assert held is not None and held["version"] == m["base"], (m["base"], held and held["version"])
            m = apply_patch(held, m["patch"])
        if m["type"] == "state":
            held = m
        out.append(m)
    return out


@pytest.mark.parametrize("delta", [False, True], ids=["whole", "delta"])
def test_a_slow_watcher_hears_every_event_once_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        delta: bool) -> None:
    monkeypatch.setattr(web_socket, "OUTBOX", 20)
    monkeypatch.setattr(web_socket, "STUCK", 40)

    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "three-two-five", {"deals": 3}, ["bot:random"] * 3)
            fast, ws = Recorder(), SlowSocket()
            slow = Connection(ws, None)  # type: ignore[arg-type]
            slow.resync = actor.sync
            slow.deltas = Deltas() if delta else None
            await actor.subscribe(fast)
            await actor.subscribe(slow)
            await actor.run(Start(player=ann))
            # the slow client reads nothing while 5 × OUTBOX messages are sent: what it then has to
            # catch up on is more than STUCK messages, which must not count as a client that is stuck
            for _ in range(1200):
                if len(fast.messages) >= 100 or actor.table.status == "over":
                    break
                await asyncio.sleep(0.05)
            assert len(fast.messages) >= 100
            ws.gate.set()

            def final(messages: list[dict[str, Any]]) -> tuple[int, bool] | None:
                states = [m for m in messages if m["type"] == "state"]
                return (states[-1]["version"], states[-1]["over"]) if states else None

            for _ in range(6000):  # a bound, not a timing: the game ends and the slow client hears it
                # "over" is set when the change is made, before it is stored and sent: wait until it is heard
                if final(fast.messages) == (actor.table.version, True) and final(whole(ws.sent)) == final(fast.messages):
                    break
                await asyncio.sleep(0.05)
            assert ws.closed is None
            read = whole(ws.sent)
            assert final(read) == final(fast.messages) == (actor.table.version, True)
            assert read[-1] == fast.messages[-1]
            assert events(ws.sent) == events(fast.messages)  # each event once, in order
            assert any(m["type"] == "delta" for m in ws.sent) == delta
            states = [m["version"] for m in read if m["type"] == "state"]
            assert states == sorted(states)
            assert len(states) < len([m for m in fast.messages if m["type"] == "state"])  # it did skip ahead
            await slow.close()
        finally:
            await room.close()

    asyncio.run(go())


def test_a_client_that_reads_nothing_is_closed_with_4408(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_socket, "STUCK", 10)

    async def go() -> None:
        ws = SlowSocket()
        conn = Connection(ws, None)  # type: ignore[arg-type]  # no table to resync from: it only queues
        for version in range(1, 12):
            conn.send(state(version))
        ws.gate.set()
        await conn.close()
        assert ws.closed is not None and ws.closed[0] == web_socket.CLOSE_BEHIND == 4408
        assert "reconnect" in ws.closed[1]
        assert len(ws.sent) <= 1  # the backlog was dropped, not delivered

    asyncio.run(go())
