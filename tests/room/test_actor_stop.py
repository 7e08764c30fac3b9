"""A table's actor always ends, and nobody waits forever on it: the races behind a hang seen in
tests/cluster/test_race.py under heavy load, each made deterministic here.

- Stopping an actor busy with a slow command: the caller of `stop()` can itself be cancelled
  (a node stopping while it drops a table) and must then end, not carry on forever.
- A command arriving in the same loop step as the actor's cancellation, while the actor waits
  with a deadline: on Python 3.11 `asyncio.wait_for` returned the job and swallowed the cancel,
  so the actor ran on and `stop()` never returned.
- An actor that dies of a bug: the commands still queued fail with a sentence."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from cardhall.room.actor import TableActor
from cardhall.room.commands import Chat
from cardhall.room.front import TableMoved
from cardhall.room.jobs import Job as _Job
from cardhall.room.registry import Room

BOUND = 5.0
"""Seconds within which each wait here ends; the old code waited forever."""


async def _room_with_table(tmp_path: Path) -> tuple[Room, TableActor, str]:
    """A room on SQLite with one table of Hearts, and its host (who may chat there)."""
    room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
    host = await room.new_player("Host")
    front = await room.create_table(host, "hearts", {}, ["open"] * 4)
    assert isinstance(front, TableActor)
    return room, front, host


def test_a_cancelled_caller_of_stop_ends_while_the_actor_finishes_a_slow_command(tmp_path: Path) -> None:
    async def go() -> None:
        room, actor, _ = await _room_with_table(tmp_path)
        try:
            started = asyncio.Event()

            async def slow() -> None:  # like a database call that needs a moment to roll back when cancelled
                started.set()
                try:
                    await asyncio.sleep(60)
                finally:
                    await asyncio.sleep(0.3)

            command = asyncio.ensure_future(actor._submit(slow))
            await started.wait()
            stopping = asyncio.create_task(actor.stop())
            await asyncio.sleep(0.05)  # stop() waits for the actor, which is still rolling back
            stopping.cancel()
            done, _ = await asyncio.wait([stopping], timeout=BOUND)
            assert stopping in done and stopping.cancelled(), "stop() swallowed its caller's cancellation"
            with pytest.raises(TableMoved, match="no longer run here; try again"):
                async with asyncio.timeout(BOUND):
                    await command
        finally:
            await room.close()

    asyncio.run(go())


def test_a_command_arriving_as_the_actor_is_cancelled_does_not_keep_it_running(tmp_path: Path) -> None:
    async def go() -> None:
        room, actor, host = await _room_with_table(tmp_path)
        try:
            table: Any = actor.table
            table.deadline = lambda: time.time() + 100  # the actor waits for its queue with a timeout
            # one more turn of the actor's loop
            await actor.run(Chat(player=host, text="look again at the deadline", name="Host"))
            future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

            async def nothing() -> None:
                return None

            actor._queue.put_nowait(_Job(nothing, future))  # in the same step as the cancel
            actor._task.cancel()
            await asyncio.wait([actor._task], timeout=BOUND)
            assert actor._task.done(), "the actor ran on after it was cancelled"
            with pytest.raises(TableMoved):
                future.result()
        finally:
            await room.close()

    asyncio.run(go())


class _Bug(BaseException):
    """Something no handler in the actor catches."""


def test_commands_queued_behind_an_actor_that_dies_fail_with_a_sentence(tmp_path: Path) -> None:
    async def go() -> None:
        room, actor, host = await _room_with_table(tmp_path)
        try:
            async def die() -> None:
                raise _Bug

            dying = asyncio.ensure_future(actor._submit(die))
            queued = asyncio.ensure_future(actor.run(Chat(player=host, text="hello", name="Host")))  # behind it in the queue
            done, _ = await asyncio.wait([dying, queued], timeout=BOUND)
            assert done == {dying, queued}, "a command waited for an actor that had died"
            for command in (dying, queued):
                with pytest.raises(TableMoved, match="no longer run here; try again"):
                    command.result()
            with pytest.raises(TableMoved):
                await actor.run(Chat(player=host, text="after", name="Host"))
        finally:
            room.tables.clear()
            await room.close()

    asyncio.run(go())
