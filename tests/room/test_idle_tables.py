"""Memory that follows the live tables: a finished table is served from the store through a small
cache without an actor (reading it stores nothing), and the actor of a table nobody uses that
waits for players (or is over) is dropped and restored on demand, staying in the lobby."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardhall.room import registry
from cardhall.room.actor import TableActor
from cardhall.room.commands import Chat, Sit, Start
from cardhall.room.errors import TableError
from cardhall.room.front import FinishedTable
from cardhall.room.messages import ServerMessage
from cardhall.room.registry import Room


class Recorder:
    def __init__(self, player: str | None) -> None:
        self.player = player
        self.messages: list[dict[str, Any]] = []

    def send(self, message: ServerMessage) -> None:
        message = msgspec.to_builtins(message)  # as a client reads it
        self.messages.append(message)


async def finish(room: Room, host: str) -> str:
    """A Hearts game of random bots played to its end; its id."""
    front = await room.create_table(host, "hearts", {"target": 1}, ["bot:random"] * 4)
    await front.run(Start(player=host))
    for _ in range(1200):
        if front.table.status == "over":
            return front.table.id
        await asyncio.sleep(0.05)
    raise AssertionError("the bots did not finish within 60 s")


def test_finished_tables_are_read_without_an_actor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "FINISHED_KEPT", 3)

    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            host = await room.new_player("Host")
            ids = [await finish(room, host) for _ in range(5)]
            finals = {i: room.tables[i].table.state_message(None) for i in ids}
            assert await room.sweep(float("inf")) == ids  # over and idle: the actors go
            assert room.tables == {}
            for table_id in ids:
                front = await room.table(table_id)
                assert isinstance(front, FinishedTable)
                assert front.table.state_message(None) == finals[table_id]
            assert room.tables == {} and len(room._finished) == 3  # the cache is small
            front = await room.table(ids[-1])
            assert front is room._finished[ids[-1]]
            seated = Recorder(host)
            await front.subscribe(seated, since=0)
            assert seated.messages[-1]["type"] == "state" and seated.messages[-1]["over"]
            with pytest.raises(TableError, match="over"):
                await front.run(Chat(player=host, text="gg", name=None))
            await front.unsubscribe(seated)
            stored = await room.store.load(ids[-1])
            assert stored is not None and len(stored.entries) == front.table.version  # nothing stored by reading
        finally:
            await room.close()

    asyncio.run(go())


def test_an_idle_waiting_table_is_dropped_and_restored_on_demand(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            front = await room.create_table(ann, "hearts", {}, ["me", "open", "bot:random", "bot:random"])
            table_id = front.table.id
            watcher = Recorder(None)
            await front.subscribe(watcher)
            assert await room.sweep(float("inf")) == []  # watched: kept
            await front.unsubscribe(watcher)
            lobby = await room.lobby()
            assert await room.sweep(front.used + registry.IDLE_AFTER / 2) == []  # not idle long enough
            assert await room.sweep(front.used + registry.IDLE_AFTER) == [table_id]
            assert table_id not in room.tables
            assert await room.lobby() == lobby  # still listed
            bob = await room.new_player("Bob")
            again = await room.table(table_id)
            assert isinstance(again, TableActor) and again is not front
            await again.run(Sit(player=bob, name="Bob", seat=1))
            assert [s.name for s in again.table.seats][:2] == ["Ann", "Bob"]
            shown, count = await room.lobby()
            assert [t["id"] for t in shown] == [table_id] and count == 1
        finally:
            await room.close()

    asyncio.run(go())
