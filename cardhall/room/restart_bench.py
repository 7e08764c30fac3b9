"""`cardhall bench restart`: how long a room takes to come back against how many moves its
unfinished tables hold.

On a throwaway SQLite file, `tables` Hearts tables of four people (who never end the game:
target 100 000) are played on through the room's own actors, ten random legal moves per command,
so their logs and snapshots are stored exactly as a running room stores them. At each level of
moves per table the room is closed and opened again, and the figures give the time `Room.open`
took to restore every table (from its latest snapshot and the log after it), beside the time
replaying every table from its first entry takes (what a room without snapshots did). With
snapshots the restart time stays flat as the logs grow; the full replay grows with them.
Timings are measured, never asserted in tests.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from cardhall.room.commands import Sit, Start
from cardhall.room.registry import Room
from cardhall.room.store import Store
from cardhall.room.table import Change, Table

LEVELS = (250, 1000, 4000)
"""Moves per table at which the restart is measured."""
BATCH = 10


async def _play_to(room: Room, table_id: str, moves: int, rng: random.Random) -> None:
    actor = room.tables[table_id]

    def some_moves(table: Table, now: float) -> list[Change]:
        changes: list[Change] = []
        for _ in range(BATCH):
            mover = table.state.to_move()
            if mover is None or len(table.state.actions) >= moves:
                break
            player = table.seats[mover].player
            assert player is not None
            text = table.game.format_action(rng.choice(table.state.legal_actions()))
            changes += table.act(player, text, None, now)
        return changes

    while len(actor.table.state.actions) < moves and actor.table.status == "playing":
        await actor.command(some_moves)


async def _measure(tables: int, levels: tuple[int, ...]) -> dict[str, object]:
    figures: dict[str, object] = {"tables": tables, "game": "hearts (4 people, target 100000)"}
    rng = random.Random(0)
    with tempfile.TemporaryDirectory(prefix="cardhall-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'room.sqlite3'}"
        room = await Room.open(url)
        try:
            players = [await room.new_player(f"P{i}") for i in range(4)]
            ids = []
            for _ in range(tables):
                front = await room.create_table(players[0], "hearts", {"target": 100000}, ["me", "open", "open", "open"])
                for seat, player in enumerate(players[1:], 1):
                    await front.run(Sit(player=player, name=f"P{seat}", seat=seat))
                await front.run(Start(player=players[0]))
                ids.append(front.table.id)
        finally:
            await room.close()
        for level in levels:
            room = await Room.open(url)
            try:
                for table_id in ids:
                    await _play_to(room, table_id, level, rng)
                total = sum(len(room.tables[t].table.state.actions) for t in ids)
            finally:
                await room.close()
            started = time.perf_counter()
            room = await Room.open(url)
            restart = time.perf_counter() - started
            await room.close()
            store = await Store.open(url)
            try:
                started = time.perf_counter()
                for stored in await store.unfinished():
                    Table.restore(stored.header, stored.entries, now=time.time())
                replay = time.perf_counter() - started
            finally:
                await store.close()
            figures[f"restart_s_at_{total}_moves"] = round(restart, 3)
            figures[f"full_replay_s_at_{total}_moves"] = round(replay, 3)
    return figures


def run_restart(tables: int = 4, levels: tuple[int, ...] = LEVELS) -> dict[str, object]:
    """The figures (see the module docstring)."""
    return asyncio.run(_measure(tables, levels))
