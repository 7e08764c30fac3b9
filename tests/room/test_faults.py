"""Fault injection: a database that fails commits and reads at random while bot tables play.

No client may ever hear of a version the database does not hold (commit, then change), and once
the database is back every table moves on and finishes by itself: nobody syncs, nobody acts.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardhall.core.errors import CardhallError
from cardhall.room.commands import Start
from cardhall.room.messages import ServerMessage
from cardhall.room.registry import Room
from cardhall.room.store import Store, StoredTable
from tests.services import make_database


class FlakyStore(Store):
    """The room's store with a switch: while `down`, each commit and each read of a table fails
    with chance `odds`; half the failing commits are stored first (the room cannot know whether
    a commit whose connection died was stored). `stored` is what the database holds."""

    def __init__(self, real: Store, seed: int) -> None:
        super().__init__(real.engine, real.url)
        self.rng = random.Random(seed)
        self.down = False
        self.odds = 0.4
        self.stored: dict[str, int] = {}
        self.failed: Counter[str] = Counter()

    def _fails(self) -> bool:
        return self.down and self.rng.random() < self.odds

    async def add_table(self, summary: dict[str, Any], header: dict[str, Any], invite: str | None,
                        entries: Any, at: float) -> None:
        entries = list(entries)
        await super().add_table(summary, header, invite, entries, at)
        self.stored[summary["id"]] = summary["version"]

    async def append(self, table_id: str, entries: Any, status: str, at: float,
                     snapshot: dict[str, Any] | None = None) -> None:
        entries = list(entries)
        if self._fails():
            self.failed["commit"] += 1
            if self.rng.random() < 0.5:
                await super().append(table_id, entries, status, at, snapshot)
                self.stored[table_id] = entries[-1][0]
            raise OSError("the connection to the database was lost (injected)")
        await super().append(table_id, entries, status, at, snapshot)
        self.stored[table_id] = entries[-1][0]

    async def load(self, table_id: str, snapshot: bool = False) -> StoredTable | None:
        if self._fails():
            self.failed["load"] += 1
            raise OSError("the database cannot be reached (injected)")
        return await super().load(table_id, snapshot)

    async def entries_after(self, table_id: str, version: int) -> list[dict[str, Any]]:
        if self._fails():
            self.failed["load"] += 1
            raise OSError("the database cannot be reached (injected)")
        return await super().entries_after(table_id, version)


class Watcher:
    """A spectator that checks, at each message, that the database holds its version."""

    def __init__(self, store: FlakyStore, table_id: str) -> None:
        self.player: str | None = None
        self.store, self.table_id = store, table_id
        self.last = 0
        self.unstored: list[tuple[int, int]] = []  # (version shown, version stored then)

    def send(self, message: ServerMessage) -> None:
        message = msgspec.to_builtins(message)  # as a client reads it
        version = int(message["version"])
        if version > self.store.stored[self.table_id]:
            self.unstored.append((version, self.store.stored[self.table_id]))
        if message["type"] == "state":
            self.last = version


async def read_while_down(room: Room, store: FlakyStore, watchers: list[Watcher], seconds: float) -> int:
    """Read every table the ways a client can meanwhile: a sync (with an old `since`), and the
    table an HTTP request reads (`GET /api/tables/ID`); each must be a stored version. Returns
    how many syncs were refused (the table was reading itself again)."""
    readers = [Watcher(store, w.table_id) for w in watchers]
    refused = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for reader in readers:
            front = room.tables[reader.table_id]
            if front.table.version > store.stored[reader.table_id]:
                reader.unstored.append((front.table.version, store.stored[reader.table_id]))
            try:
                await front.sync(reader, max(0, reader.last - 3))
            except CardhallError:
                refused += 1
        await asyncio.sleep(0.01)
    assert [r.unstored for r in readers] == [[]] * len(readers)
    return refused


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_failing_database_shows_nothing_unstored_and_tables_resume_alone(
        backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(backend, request, tmp_path)

    async def go() -> None:
        real = await Store.open(url)
        store = FlakyStore(real, seed=34)
        room = Room(store, bot_workers=1)
        try:
            host = await room.new_player("Host")
            watchers = []
            for _ in range(8):
                front = await room.create_table(host, "hearts", {"target": 30}, ["bot:random"] * 4)
                watcher = Watcher(store, front.table.id)
                await front.subscribe(watcher)
                await front.run(Start(player=host))
                watchers.append(watcher)
            await asyncio.sleep(0.5)
            # the tables still playing when the database fails (a bots' game may end within the half second)
            playing = {w.table_id for w in watchers if room.tables[w.table_id].table.status != "over"}
            assert playing, "every game ended before the database failed"
            store.down = True
            refused = await read_while_down(room, store, watchers, 4.0)
            store.down = False
            assert refused >= 1
            back = time.monotonic()
            assert store.failed["commit"] >= 5 and store.failed["load"] >= 1, store.failed
            moved = {w.table_id: store.stored[w.table_id] for w in watchers}
            end = back + 120
            while time.monotonic() < end:
                statuses = {w.table_id: room.tables[w.table_id].table.status for w in watchers}
                if all(s == "over" for s in statuses.values()):
                    break
                await asyncio.sleep(0.2)
            for w in watchers:
                assert room.tables[w.table_id].table.status == "over", (w.table_id, moved[w.table_id], store.stored)
                if w.table_id in playing:  # it went on by itself once the database was back
                    assert store.stored[w.table_id] > moved[w.table_id], (w.table_id, moved[w.table_id])
                stored = await real.load(w.table_id)
                assert stored is not None and stored.status == "over"
                assert w.last == len(stored.entries) == room.tables[w.table_id].table.version
            assert [w.unstored for w in watchers] == [[]] * len(watchers)
        finally:
            await room.close()
    asyncio.run(go())
