"""An arena seats each entrant at one table at a time, also when two nodes look at once: a node
that read the waiting entrants before another node seated them (a stale read) makes no second
table for them — taking them off the waiting and storing the table is one transaction that
changes nothing unless every one of its entrants was still waiting. (The two-node test,
tests/cluster/test_events_two_nodes.py, once saw an entrant at two arena tables at once.)"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from cardhall.events import arena, listing
from cardhall.events.duplicate import event_row
from cardhall.room.registry import Room
from cardhall.room.store import event_seats, event_tables, event_waiting

NAMES = ["Ann", "Bo", "Cy", "Di"]


async def seated(path: Path) -> tuple[int, list[int]]:
    room = await Room.open(f"sqlite:///{path / 'room.sqlite3'}", bot_workers=1)
    try:
        made = await listing.create(room, None, "arena", "hearts", {}, None, "random", 1, swiss={"minutes": 5})
        await arena.start(room, await event_row(room, made["id"]))
        found = await event_row(room, made["id"])
        people = [await room.new_player(name) for name in NAMES]
        for p, name in zip(people, NAMES, strict=True):
            await arena.enter_running(room, found, p, name, None)
            assert await arena.next_table(room, found, p) == {"waiting": True}
        stale = {event_seats: await arena.rows(room, event_seats, found["id"]),
                 event_waiting: await arena.rows(room, event_waiting, found["id"])}
        await arena.seat_waiting(room, found)  # one node seats the four

        fresh = arena.rows

        async def as_read_before(room: Room, table: sa.Table, event_id: str) -> list[dict[str, Any]]:
            return stale[table] if table in stale else await fresh(room, table, event_id)

        arena.rows = as_read_before  # type: ignore[assignment] # the other node read before that
        try:
            await arena.seat_waiting(room, found)
        finally:
            arena.rows = fresh  # type: ignore[assignment]
        tables = await arena.rows(room, event_tables, found["id"])
        seats = await arena.rows(room, event_seats, found["id"])
        open_seats: dict[str, int] = {}
        for s in seats:
            if s["finished"] is None:
                open_seats[s["player"]] = open_seats.get(s["player"], 0) + 1
        return len(tables), [open_seats.get(p, 0) for p in people]
    finally:
        await room.close()


def test_a_node_with_a_stale_read_seats_nobody_twice(tmp_path: Path) -> None:
    tables, open_seats = asyncio.run(seated(tmp_path))
    assert tables == 1, f"{tables} tables made for four entrants"
    assert open_seats == [1, 1, 1, 1], open_seats  # each entrant's unfinished seats

